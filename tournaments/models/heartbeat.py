"""The row a health probe writes."""

from django.db import models


class Heartbeat(models.Model):
    """One row a probe writes, to show the database takes writes (and the floor of a write's cost)."""

    name = models.CharField(max_length=40, unique=True)
    at = models.DateTimeField()

    def __str__(self):
        return f"{self.name} at {self.at:%H:%M:%S}"
