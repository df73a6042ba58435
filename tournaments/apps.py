import gc

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def season_cache_emptied(plan=None, **kwargs) -> None:
    """A database migrate has just made (or flush emptied: it gives no plan) starts with nothing
    kept on disk; a migrate that applied nothing keeps what is kept."""
    if plan is None or plan:
        from .services.core.season_cache import season_cache_empty

        season_cache_empty()


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Clubs and events"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from .models import Drive, Event
        from .services.backups import hall as hall_backups
        from .services.county import sending as county_sending
        from .services.simultaneous import setup as simultaneous_setup
        from .signals import evening_closed, evening_uploaded, member_forgotten

        evening_closed.connect(hall_backups.hall_backup_on_close, dispatch_uid="hall_backup_on_close")
        evening_closed.connect(county_sending.hall_upload_on_close, dispatch_uid="hall_upload_on_close")
        member_forgotten.connect(county_sending.hall_uploads_on_forget, dispatch_uid="hall_uploads_on_forget")
        # The kinds a simultaneous evening takes: events on its boards, drives by their totals.
        evening_uploaded.connect(
            simultaneous_setup.simultaneous_join_on_upload,
            sender=Event,
            dispatch_uid="simultaneous_join_event",
        )
        evening_uploaded.connect(
            simultaneous_setup.simultaneous_join_drive_on_upload,
            sender=Drive,
            dispatch_uid="simultaneous_join_drive",
        )
        post_migrate.connect(season_cache_emptied, sender=self, dispatch_uid="season_cache_emptied")
        # What start-up loaded (Django, the models, the admin: some seventy thousand objects) lives
        # as long as the process. Frozen out of the garbage collector, it is no longer walked by each
        # full collection, nor by the last one at exit: the print command's processor time fell by a
        # seventh. The settings paused the collector for start-up; it starts again here. This is the
        # last installed app, so every other app's ready() has run.
        gc.freeze()
        gc.enable()
