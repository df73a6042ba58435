"""A widow whist series' seats and deals (``domain/widow``): the series is a Drive of format
``widow`` whose players are entered as at an individual drive (one list, by name); ``halves`` is
its number of series and ``hands`` the deals each player plays in a series.

Each series seats its players afresh at tables of three and four (``WidowSeat``, position 1 deals
the first deal and the deal passes left); a table's deal (``WidowDeal``) keeps who took the widow
and, for each of the three who played it, their tricks (``WidowTricks``) and whether they agreed
at the tablet.
"""

from django.db import models
from django.db.models import Q

from .drives import Drive, DrivePlayer


class WidowSeat(models.Model):
    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="widow_seats")
    series = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    position = models.PositiveSmallIntegerField(help_text="1 to 4 clockwise; 1 deals the first deal.")
    player = models.ForeignKey(DrivePlayer, on_delete=models.CASCADE, related_name="widow_seats")

    class Meta:
        ordering = ["drive_id", "series", "table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["drive", "series", "table", "position"], name="widow_seat_once"),
            models.UniqueConstraint(fields=["player", "series"], name="widow_seat_player_once_a_series"),
            models.CheckConstraint(condition=Q(position__gte=1, position__lte=4), name="widow_seat_position"),
            models.CheckConstraint(condition=Q(series__gte=1, table__gte=1), name="widow_seat_from_one"),
        ]

    def __str__(self):
        return f"Series {self.series}, table {self.table}, seat {self.position}: {self.player.name}"


class WidowDeal(models.Model):
    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="widow_deals")
    series = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    deal = models.PositiveSmallIntegerField()
    taker = models.ForeignKey(
        DrivePlayer,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        help_text="Who took the widow (empty: nobody).",
    )
    confirmed = models.BooleanField(
        default=False, help_text="Agreed by every player at the table (or typed by the organiser): it counts."
    )

    class Meta:
        ordering = ["drive_id", "series", "table", "deal"]
        constraints = [
            models.UniqueConstraint(fields=["drive", "series", "table", "deal"], name="widow_deal_once"),
            models.CheckConstraint(
                condition=Q(series__gte=1, table__gte=1, deal__gte=1), name="widow_deal_from_one"
            ),
        ]

    def __str__(self):
        return f"Series {self.series}, table {self.table}, deal {self.deal}"


class WidowTricks(models.Model):
    deal = models.ForeignKey(WidowDeal, on_delete=models.CASCADE, related_name="tricks")
    player = models.ForeignKey(DrivePlayer, on_delete=models.CASCADE, related_name="widow_tricks")
    tricks = models.PositiveSmallIntegerField()
    agreed = models.BooleanField(default=False, help_text="The player agreed the deal at the tablet.")

    class Meta:
        ordering = ["deal_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["deal", "player"], name="widow_tricks_once_a_player"),
            models.CheckConstraint(condition=Q(tricks__lte=13), name="widow_tricks_0_13"),
        ]

    def __str__(self):
        return f"{self.deal}: {self.player.name} {self.tricks}"
