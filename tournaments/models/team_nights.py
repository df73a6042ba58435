"""A team night's teams: a drive of format ``teams`` enters teams of four, each a home pair and an
away pair (its players are ``DrivePlayer`` rows naming their team and pair, in ``drives``). The
rules are in ``domain/drives/teams``."""

from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower

from .clubs import validate_one_line


class DriveTeam(models.Model):
    """A team of four at a team night: its home pair plays N/S at table ``number`` all evening, its
    away pair E/W at the other teams' tables (``domain/drives/teams``)."""

    drive = models.ForeignKey("Drive", on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveSmallIntegerField(help_text="The team's number, and its home table.")
    name = models.CharField(max_length=60, validators=[validate_one_line])

    class Meta:
        ordering = ["drive_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["drive", "number"], name="drive_team_number_once"),
            models.UniqueConstraint(Lower("name"), "drive", name="drive_team_name_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="drive_team_number_from_one"),
            models.CheckConstraint(condition=~Q(name=""), name="drive_team_has_a_name"),
        ]

    def __str__(self):
        return f"Team {self.number}, {self.name}"
