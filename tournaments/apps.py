from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Clubs and events"
    default_auto_field = "django.db.models.BigAutoField"
