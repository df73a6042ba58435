import gc
from importlib import import_module

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def season_cache_emptied(plan=None, **kwargs) -> None:
    """A database migrate has just made (or flush emptied: it gives no plan) starts with nothing
    kept on disk; a migrate that applied nothing keeps what is kept."""
    if plan is None or plan:
        from .services.core.season_cache import season_cache_empty

        season_cache_empty()


def _receiver(module: str, name: str):
    """A signal's receiver that is ``name`` in ``tournaments.services.<module>``, imported on the
    signal's first sending."""

    def receive(sender, **kwargs):
        service = import_module(f"tournaments.services.{module}")
        return getattr(service, name)(sender=sender, **kwargs)

    receive.__qualname__ = f"{module}.{name}"
    return receive


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Clubs and events"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from .models import Drive, Event
        from .signals import evening_closed, evening_uploaded, member_forgotten

        # Each receiver is the service's own, imported when the signal is first sent: the services
        # (every feature's rules) are not loaded by start-up, only by what uses them.
        evening_closed.connect(
            _receiver("backups.hall", "hall_backup_on_close"), dispatch_uid="hall_backup_on_close", weak=False
        )
        evening_closed.connect(
            _receiver("county.sending", "hall_upload_on_close"),
            dispatch_uid="hall_upload_on_close",
            weak=False,
        )
        member_forgotten.connect(
            _receiver("county.sending", "hall_uploads_on_forget"),
            dispatch_uid="hall_uploads_on_forget",
            weak=False,
        )
        # The kinds a simultaneous evening takes: events on its boards, drives by their totals.
        evening_uploaded.connect(
            _receiver("simultaneous.setup", "simultaneous_join_on_upload"),
            sender=Event,
            dispatch_uid="simultaneous_join_event",
            weak=False,
        )
        evening_uploaded.connect(
            _receiver("simultaneous.setup", "simultaneous_join_drive_on_upload"),
            sender=Drive,
            dispatch_uid="simultaneous_join_drive",
            weak=False,
        )
        post_migrate.connect(season_cache_emptied, sender=self, dispatch_uid="season_cache_emptied")
        # What start-up loaded (Django and the models: tens of thousands of objects) lives
        # as long as the process. Frozen out of the garbage collector, it is no longer walked by each
        # full collection, nor by the last one at exit: the print command's processor time fell by a
        # seventh. The settings paused the collector for start-up; it starts again here. This is the
        # last installed app, so every other app's ready() has run.
        gc.freeze()
        gc.enable()
