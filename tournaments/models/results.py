"""The boards of an event and the results played on them, each result with its history."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from ..domain.arrow import Score, to_seats
from .events import Event, Pair
from .history import ResultLine


class BoardQuerySet(models.QuerySet):
    def dealt(self):
        return self.exclude(deal="")

    def awaiting_analysis(self):
        """Dealt boards whose double-dummy analysis is still to come."""
        return self.dealt().filter(dd_table__isnull=True)


class Board(models.Model):
    class Seat(models.TextChoices):
        NORTH = "N", "North"
        EAST = "E", "East"
        SOUTH = "S", "South"
        WEST = "W", "West"

    class Strain(models.TextChoices):
        SPADES = "S", "♠ Spades"
        HEARTS = "H", "♥ Hearts"
        DIAMONDS = "D", "♦ Diamonds"
        CLUBS = "C", "♣ Clubs"
        NO_TRUMPS = "NT", "No trumps"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=1, choices=Seat.choices)
    trumps = models.CharField(max_length=2, choices=Strain.choices, blank=True)
    deal = models.CharField(max_length=80, blank=True, help_text="The four hands in PBN form, when known.")
    dd_table = models.JSONField(
        null=True,
        blank=True,
        help_text="Double-dummy tricks by strain and declarer, e.g. {'H': {'N': 9, ...}}.",
    )
    dd_ns_tricks = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Double-dummy tricks for N/S with this board's trumps and lead."
    )

    objects = BoardQuerySet.as_manager()

    class Meta:
        ordering = ["event_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="board_number_unique_per_event"),
            models.CheckConstraint(condition=Q(number__gte=1), name="board_number_positive"),
            models.CheckConstraint(
                condition=Q(dd_ns_tricks__isnull=True) | Q(dd_ns_tricks__lte=13),
                name="board_dd_tricks_0_to_13",
            ),
        ]

    def __str__(self):
        return f"Board {self.number}"

    @property
    def dd_ew_tricks(self) -> int | None:
        return None if self.dd_ns_tricks is None else 13 - self.dd_ns_tricks


class Adjusted(models.TextChoices):
    PLUS = "A+", "Average plus (60%)"
    AVERAGE = "A", "Average (50%)"
    MINUS = "A-", "Average minus (40%)"


class Granded(models.TextChoices):
    """Minnesota whist: who went grand at the table (empty: nobody, the hand was played low)."""

    NS = "NS", "N/S grand"
    EW = "EW", "E/W grand"
    LOW = "", "Low"


class ResultQuerySet(models.QuerySet):
    def confirmed(self):
        """Results that count: entered by the organiser, or confirmed by both sides at the table."""
        return self.filter(confirmed_at__isnull=False)


class Result(models.Model):
    """What happened when two pairs met on a board: N/S tricks, or an adjusted score for each side.

    ``ns_pair`` and ``ew_pair`` hold the N/S and E/W cards of the board (on an arrow-switched
    round the stationary pair holds the E/W cards).
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="results")
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="results")
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    # RESTRICT: a pair with results cannot be removed on its own, only with its whole event.
    ns_pair = models.ForeignKey(Pair, on_delete=models.RESTRICT, related_name="+")
    ew_pair = models.ForeignKey(Pair, on_delete=models.RESTRICT, related_name="+")
    ns_tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    ns_adjusted = models.CharField(max_length=2, choices=Adjusted.choices, blank=True)
    ew_adjusted = models.CharField(max_length=2, choices=Adjusted.choices, blank=True)
    granded = models.CharField(
        max_length=2, choices=Granded.choices, blank=True, help_text="Minnesota whist: who went grand."
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_at = models.DateTimeField()
    confirmed_at = models.DateTimeField(
        null=True, blank=True, help_text="When E/W confirmed the score at the table; empty while awaited."
    )

    objects = ResultQuerySet.as_manager()

    class Meta:
        ordering = ["board__number", "round", "table"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ns_tricks__isnull=True) | Q(ns_tricks__gte=0, ns_tricks__lte=13),
                name="result_tricks_0_to_13",
            ),
            models.CheckConstraint(
                condition=(Q(ns_tricks__isnull=False) & Q(ns_adjusted="") & Q(ew_adjusted=""))
                | (Q(ns_tricks__isnull=True) & ~Q(ns_adjusted="") & ~Q(ew_adjusted="")),
                name="result_tricks_or_adjusted",
            ),
            models.CheckConstraint(condition=~Q(ns_pair=F("ew_pair")), name="result_two_pairs"),
            # Who went grand belongs to a hand played: an adjusted score has none.
            models.CheckConstraint(
                condition=Q(granded__in=["NS", "EW"], ns_tricks__isnull=False) | Q(granded=""),
                name="result_granded_of_a_hand_played",
            ),
            models.UniqueConstraint(fields=["board", "ns_pair"], name="result_once_per_board_ns_pair"),
            models.UniqueConstraint(fields=["board", "ew_pair"], name="result_once_per_board_ew_pair"),
            models.CheckConstraint(
                condition=Q(round__gte=1) & Q(table__gte=1), name="result_round_table_positive"
            ),
        ]
        # A tablet's write reads its table's results round by round (services/tablets/rounds.py).
        indexes = [models.Index(fields=["event", "table", "round"], name="result_by_table_round")]

    def __str__(self):
        return f"Board {self.board.number}: {self.ns_pair} v {self.ew_pair}"

    @property
    def ew_tricks(self) -> int | None:
        return None if self.ns_tricks is None else 13 - self.ns_tricks

    def as_seated(self, *, switched: bool) -> Score:
        """The result as the pairs sat at the table (pairs by id); see ``domain.arrow``."""
        return to_seats(
            Score(
                self.ns_pair_id,
                self.ew_pair_id,
                self.ns_tricks,
                self.ns_adjusted,
                self.ew_adjusted,
                self.granded,
            ),
            switched=switched,
        )

    @property
    def score_text(self) -> str:
        """ "9–4", "A+/A-"; a Minnesota hand with who went grand, "N/S grand 9–4", and a low one "Low
        9–4" when its event is at hand (never read for this: a tablet's write reads no event)."""
        if self.ns_tricks is not None:
            low = (
                not self.granded
                and Result.event.is_cached(self)
                and self.event.evening_format.enters("granded")
            )
            grand = f"{self.get_granded_display()} " if self.granded or low else ""
            return f"{grand}{self.ns_tricks}–{self.ew_tricks}"
        return f"{self.ns_adjusted}/{self.ew_adjusted}"

    def history_line(self, **line) -> "ResultChange":
        """A line of this result's history, unsaved: which result it is, and ``line``."""
        return ResultChange(
            event_id=self.event_id,
            result=self if self.pk else None,
            board_number=self.board.number,
            ns_pair_number=self.ns_pair.number,
            ew_pair_number=self.ew_pair.number,
            **line,
        )


class ResultChange(ResultLine):
    """One entry in a result's history: who changed what, when and why. Never edited."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="result_changes")
    result = models.ForeignKey(
        Result, null=True, blank=True, on_delete=models.SET_NULL, related_name="history"
    )
    board_number = models.PositiveSmallIntegerField()
    ns_pair_number = models.PositiveSmallIntegerField()
    ew_pair_number = models.PositiveSmallIntegerField()

    def __str__(self):
        return f"Board {self.board_number}, {self.get_action_display().lower()}: {self.before} → {self.after}"
