"""What is played at a drive's tables: each hand's seating as the players moved, the tricks each
table took and the history of their entry, a table's link, the totals typed from paper score cards
and the cuts of the cards for tied prizes.

The seats keep their names from the progressive drive; in an individual drive they stand for the
compass: ``ns_lady`` is North, ``ns_gent`` South, ``ew_lady`` East and ``ew_gent`` West (North and
South partners, East and West partners).
"""

from django.db import models
from django.db.models import Q

from ..domain.drives.games import LOW, score_text
from ..domain.rubbers import CLAIMS
from .drives import Drive, DrivePlayer
from .history import ResultLine
from .tablets import TableLink


class Seat(models.TextChoices):
    """A seat at a table; in an individual drive N/S lady is North, N/S gent South, E/W lady East
    and E/W gent West."""

    NS_LADY = "ns_lady", "N/S lady"
    NS_GENT = "ns_gent", "N/S gent"
    EW_LADY = "ew_lady", "E/W lady"
    EW_GENT = "ew_gent", "E/W gent"


class DriveSeat(models.Model):
    """One player's seat at a table in a hand, kept as the players moved; an empty seat (a ghost)
    has no row. The database seats a player once a hand, and a seat once."""

    Seat = Seat

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="seats")
    hand = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    seat = models.CharField(max_length=7, choices=Seat.choices)
    player = models.ForeignKey(DrivePlayer, on_delete=models.CASCADE, related_name="seats")

    class Meta:
        # No ordering: a drive's seats are read by the thousand and put in order by table in Python.
        constraints = [
            # A player belongs to one drive: once a hand for the player is once a hand in the drive.
            models.UniqueConstraint(fields=["player", "hand"], name="drive_seat_player_once_a_hand"),
            models.UniqueConstraint(fields=["drive", "hand", "table", "seat"], name="drive_seat_once"),
            models.CheckConstraint(condition=Q(seat__in=Seat.values), name="drive_seat_known"),
        ]

    def __str__(self):
        return f"Hand {self.hand}, table {self.table}, {self.get_seat_display()}: {self.player.key}"


def tricks_text(ns_tricks: int) -> str:
    """A hand's tricks as the grid and the history write them: N/S first, "8–5"."""
    return f"{ns_tricks}–{13 - ns_tricks}"


def honours_text(claim: str) -> str:
    """Honours claimed, after the tricks: ", N/S 4 honours", or nothing.

    >>> honours_text("EW2"), honours_text("")
    (', E/W 2 honours', '')
    """
    return f", {claim[:1]}/{claim[1:2]} {claim[2:]} honours" if claim else ""


class DriveResult(models.Model):
    """The tricks the N/S couple took at one table in one hand; E/W took the rest of 13. A
    Minnesota drive's hand also says who went grand (N/S, E/W, or "low": nobody)."""

    class Granded(models.TextChoices):
        NONE = "", "No grand (a whist drive)"
        NS = "NS", "N/S grand"
        EW = "EW", "E/W grand"
        LOW = LOW, "Low (nobody went grand)"

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="results")
    hand = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    ns_tricks = models.PositiveSmallIntegerField()
    granded = models.CharField(max_length=3, choices=Granded.choices, default="", blank=True)
    honours = models.CharField(
        max_length=3,
        blank=True,
        default="",
        help_text="In games and rubbers: the honours claimed, NS4, NS2, EW4, EW2 or none.",
    )
    confirmed = models.BooleanField(
        default=False, help_text="Confirmed at the table (or typed by the organiser): it then counts."
    )

    class Meta:
        ordering = ["drive_id", "hand", "table"]
        constraints = [
            models.UniqueConstraint(fields=["drive", "hand", "table"], name="drive_result_once"),
            models.CheckConstraint(condition=Q(ns_tricks__lte=13), name="drive_result_tricks_0_13"),
            models.CheckConstraint(
                condition=Q(granded__in=["", "NS", "EW", LOW]), name="drive_result_granded_known"
            ),
            models.CheckConstraint(condition=Q(honours__in=CLAIMS), name="drive_result_honours_known"),
        ]

    def __str__(self):
        return f"Hand {self.hand}, table {self.table}: {self.score_text}"

    @property
    def score_text(self) -> str:
        """ "8–5", a Minnesota hand's "N/S grand 8–5", or one in games and rubbers with its
        honours, "8–5, N/S 4 honours": the history and the trail write it."""
        return score_text(self.ns_tricks, self.granded) + honours_text(self.honours)

    @property
    def ew_tricks(self) -> int:
        return 13 - self.ns_tricks

    def history_line(self, **line) -> "DriveResultChange":
        """A line of this result's history, unsaved: which hand at which table, and ``line``."""
        return DriveResultChange(drive_id=self.drive_id, hand=self.hand, table=self.table, **line)


class DriveResultChange(ResultLine):
    """One line of a drive's result history: a hand's tricks entered, confirmed or sent back at a
    table's tablet, recorded or corrected by the organiser. Never edited."""

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="result_changes")
    hand = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()

    def __str__(self):
        return (
            f"Hand {self.hand}, table {self.table}, {self.get_action_display().lower()}: "
            f"{self.before or '—'} → {self.after or '—'}"
        )


class DriveLinks(models.Manager):
    def get_queryset(self):
        return super().get_queryset().filter(drive__isnull=False)


class DriveTable(TableLink):
    """The link and code of a table of a drive."""

    objects = DriveLinks()

    class Meta:
        proxy = True


class PrizeCut(models.Model):
    """Who won the cut of the cards for a tied prize, as the organiser recorded it."""

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="cuts")
    prize = models.CharField(max_length=20)
    winner = models.ForeignKey(DrivePlayer, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["drive", "prize"], name="prize_cut_once")]

    def __str__(self):
        return f"{self.prize}: {self.winner}"


class DriveTotal(models.Model):
    """A half's total typed from a player's paper score card: it stands for that half's hands."""

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="totals")
    player = models.ForeignKey(DrivePlayer, on_delete=models.CASCADE, related_name="totals")
    half = models.PositiveSmallIntegerField()
    score = models.DecimalField(max_digits=5, decimal_places=1)

    class Meta:
        ordering = ["drive_id", "player_id", "half"]
        constraints = [
            models.UniqueConstraint(fields=["player", "half"], name="drive_total_once_a_half"),
            models.CheckConstraint(condition=Q(score__gte=0), name="drive_total_not_negative"),
            models.CheckConstraint(condition=Q(half__gte=1), name="drive_total_half_from_one"),
        ]

    def __str__(self):
        return f"{self.player.key}, part {self.half}: {self.score}"
