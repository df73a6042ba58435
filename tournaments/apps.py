import gc

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Clubs and events"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # What start-up loaded (modules, classes, functions, the admin's registry: some hundred
        # thousand objects) lives as long as the process. Set it aside from the garbage collector,
        # which otherwise walks all of it on each full collection: a print pack or a page that makes
        # many objects paid tens of milliseconds for it, again and again.
        gc.freeze()
