"""Wrong organiser passwords, one row each, so a lock can slide with time."""

from django.db import models


class LoginFailure(models.Model):
    """One wrong password tried at the organiser's login: for which name (as typed, lower case),
    from which network address, and when. Rows are kept only while they can still count."""

    username = models.CharField(max_length=150)
    address = models.CharField(max_length=45)
    at = models.DateTimeField()

    class Meta:
        indexes = [
            models.Index(fields=["username", "address", "at"], name="login_failure_name_address"),
            models.Index(fields=["address", "at"], name="login_failure_address"),
            models.Index(fields=["at"], name="login_failure_at"),
        ]

    def __str__(self):
        return f"{self.username} from {self.address} at {self.at:%H:%M:%S}"
