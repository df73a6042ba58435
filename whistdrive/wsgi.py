import os

from django.conf import settings
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
application = get_wsgi_application()

if settings.TASKS_IN_SERVER:  # hall mode: the background tasks run in a thread of this server
    from tournaments.services.core.tasks import worker_thread_start

    worker_thread_start()
