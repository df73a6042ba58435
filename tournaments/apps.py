from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Clubs and events"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from .services.backups import hall as hall_backups
        from .signals import evening_closed

        evening_closed.connect(hall_backups.hall_backup_on_close, dispatch_uid="hall_backup_on_close")
