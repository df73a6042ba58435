import os

from django.conf import settings
from django.core.wsgi import get_wsgi_application
from django.urls import reverse

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
application = get_wsgi_application()

# The pages' URLs, and with them every view, the admin and the services, loaded as the server
# starts rather than by the first tablet that asks for a page.
reverse("tournaments:table-start")

if settings.TASKS_IN_SERVER:  # hall mode: the background tasks run in a thread of this server
    from tournaments.services.core.tasks import worker_thread_start

    worker_thread_start()
