"""An evening of pairs (or individuals): its pairs and entries, and the movement's seatings and
relay stands. Its boards and results are in ``results``."""

import uuid

from django.db import models
from django.db.models import F, Q

from ..domain.boards import MAX_SCHEDULE, PRESET_SCHEDULES
from ..domain.formats import EveningFormat, event_format
from ..domain.limits import MAX_BOARDS_PER_ROUND, MAX_PLAYERS, MAX_ROUNDS, MAX_TABLES
from ..domain.minnesota import RULES
from ..domain.movements import one_field
from ..domain.recommend import HOWELL_RANGE
from .clubs import (
    ADJUSTED_SCORES_HELP,
    EVENING_TAG_HELP,
    MINNESOTA_RULES_HELP,
    SCORING_METHODS,
    AdjustedScores,
    Club,
    EveningQuerySet,
    Member,
    MinnesotaRules,
    Scale,
    Scoring,
    person_name,
    room_key_field,
    validate_one_line,
)


def rules_scored_by(scoring: str, minnesota_rules: str) -> str:
    """The Minnesota rules an event of this scoring and these rules scores its boards by ("" for
    classic whist, scored by tricks): the rules an event keeps count only when it scores Minnesota."""
    return minnesota_rules if SCORING_METHODS.get(scoring, ("", False))[1] else ""


class Event(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        READY = "ready", "Ready to play"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    class Variant(models.TextChoices):
        STANDARD = "standard", "Standard Mitchell (odd number of tables)"
        SKIP = "skip", "Skip Mitchell (even number of tables)"
        RELAY = "relay", "Share-and-relay Mitchell (even number of tables)"
        HOWELL = "howell", f"Howell (one winner, recommended for {HOWELL_RANGE})"
        THREE_QUARTER_HOWELL = (
            "three-quarter-howell",
            "¾ Howell: 12 pairs, 27 boards, one winner; every pair meets 9 of the 11 others",
        )
        INDIVIDUAL = "individual", "Individual (players, not pairs: everyone partners everyone once)"

    class CardSet(models.TextChoices):
        EBU = "ebu", "EBU (the ¾ Howell's Saffron card)"
        ACBL = "acbl", "ACBL (the ¾ Howell's Yellow card)"

    Scoring = Scoring
    MinnesotaRules = MinnesotaRules
    Scale = Scale
    AdjustedScores = AdjustedScores

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="events")
    name = models.CharField(max_length=100, validators=[validate_one_line])
    date = models.DateField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    tables = models.PositiveSmallIntegerField(default=7)
    variant = models.CharField(max_length=20, choices=Variant.choices, default=Variant.STANDARD)
    phantom = models.BooleanField(
        default=False, help_text="A half table: the last table's N/S pair is missing."
    )
    players = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="An individual event's number of players (its tables follow from them).",
    )
    rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Leave empty for the complete movement."
    )
    card_set = models.CharField(
        max_length=4,
        choices=CardSet.choices,
        blank=True,
        help_text="A Howell's published card set, so the pair numbers match the club's cards "
        "(empty: the first one whistdrive has for the number of tables).",
    )
    arrow_switch_rounds = models.CharField(
        max_length=200, blank=True, help_text="Rounds to arrow-switch, e.g. '7' or '6,7'."
    )
    boards_per_round = models.PositiveSmallIntegerField(default=3)
    trump_schedule = models.CharField(
        max_length=MAX_SCHEDULE,
        default="HDSC",
        help_text="One of " + ", ".join(PRESET_SCHEDULES) + ", or your own order such as SHDCN.",
    )
    scoring = models.CharField(max_length=15, choices=Scoring.choices, default=Scoring.MATCHPOINTS)
    minnesota_rules = models.CharField(
        "Minnesota rules",
        max_length=13,
        choices=MinnesotaRules.choices,
        default=MinnesotaRules.SWEDISH,
        help_text=MINNESOTA_RULES_HELP,
    )
    scale = models.CharField(max_length=4, choices=Scale.choices, default=Scale.EBU)
    adjusted_scores = models.CharField(
        "A+ and A−",
        max_length=7,
        choices=AdjustedScores.choices,
        default=AdjustedScores.SESSION,
        help_text=ADJUSTED_SCORES_HELP,
    )
    honours = models.BooleanField(default=False, help_text="Count honours with odd-trick scoring.")
    deal_seed = models.CharField(
        max_length=64, blank=True, help_text="The seed the boards were dealt from (empty when imported)."
    )
    tie_break = models.BooleanField(
        default=False,
        help_text="Break ties in the ranking by tricks taken per board played instead of sharing the place.",
    )
    published = models.BooleanField(
        default=False, help_text="Results can be seen by anyone with the link, read-only."
    )
    # The evening's identity wherever it goes (its export, the county server it is sent to): made
    # once, never changed.
    uuid = models.UUIDField(default=uuid.uuid4, editable=False, db_index=True)
    tag = models.CharField(max_length=30, blank=True, help_text=EVENING_TAG_HELP)
    room_key = room_key_field()
    # The double-dummy analysis of the boards runs after the deals are stored (services/events/analysing.py):
    # the worker analysing them holds the event under its name, and says it is alive at every batch.
    analysis_worker = models.CharField(max_length=32, blank=True, editable=False)
    analysis_beat = models.DateTimeField(null=True, blank=True, editable=False)

    objects = EveningQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "name"]
        constraints = [
            # One identity per evening in a club: an export imported twice is one evening.
            models.UniqueConstraint(fields=["club", "uuid"], name="event_one_per_identity"),
            models.CheckConstraint(
                condition=Q(tables__gte=1) & Q(tables__lte=MAX_TABLES), name="event_tables_1_to_40"
            ),
            models.CheckConstraint(
                condition=Q(boards_per_round__gte=1) & Q(boards_per_round__lte=MAX_BOARDS_PER_ROUND),
                name="event_boards_per_round_1_to_16",
            ),
            models.CheckConstraint(
                condition=Q(rounds__isnull=True) | (Q(rounds__gte=1) & Q(rounds__lte=MAX_ROUNDS)),
                name="event_rounds_1_to_40",
            ),
            models.CheckConstraint(
                condition=Q(adjusted_scores__in=AdjustedScores.values), name="event_adjusted_scores_known"
            ),
            models.CheckConstraint(
                condition=Q(minnesota_rules__in=MinnesotaRules.values), name="event_minnesota_rules_known"
            ),
            # Who an event ranks follows from its movement: an individual's players, else its pairs.
            models.CheckConstraint(
                condition=Q(variant="individual", players__gte=4, players__lte=MAX_PLAYERS)
                | (~Q(variant="individual") & Q(players__isnull=True)),
                name="event_players_of_an_individual",
            ),
        ]
        indexes = [models.Index(fields=["club", "date"])]

    def __str__(self):
        return f"{self.name} ({self.date:%d %b %Y})"

    @property
    def one_field(self) -> bool:
        """Its movement's pairs have one numbering and change direction as they move, all of them
        but a stationary pair; one field, one winner (a Howell or a ¾ Howell)."""
        return one_field(self.variant)

    @property
    def is_howell(self) -> bool:
        return self.one_field

    @property
    def evening_format(self) -> EveningFormat:
        """What kind of evening it is: who is entered and ranked, and how people are named."""
        return event_format(self.variant, self.scoring)

    @property
    def scoring_method(self) -> str:
        """The domain's method for the event's scoring: "matchpoints", "total_points", …"""
        return SCORING_METHODS.get(self.scoring, (self.scoring, False))[0]

    @property
    def minnesota(self) -> str:
        """The Minnesota rules its boards are scored by; "" for classic whist (tricks)."""
        return rules_scored_by(self.scoring, self.minnesota_rules)

    @property
    def by_matchpoints(self) -> bool:
        return self.scoring_method == "matchpoints"

    @property
    def minnesota_rules_summary(self) -> str:
        """The rules in a sentence or two, as the results and the travellers print them."""
        return RULES[self.minnesota_rules].summary

    @property
    def is_individual(self) -> bool:
        """Players are entered and ranked, not pairs; each round's partnerships play as pairs."""
        return self.evening_format.ranks_players

    @property
    def trump_schedule_display(self) -> str:
        return PRESET_SCHEDULES.get(self.trump_schedule, self.trump_schedule)


class Direction(models.TextChoices):
    """Where a pair belongs: a Mitchell's N/S or E/W line, or one field (a Howell's pairs sit either way)."""

    NS = "NS", "N/S"
    EW = "EW", "E/W"
    ALL = "ALL", "Pair"


DIRECTION_LABELS = dict(Direction.choices)


def _players(row) -> tuple[str, str]:
    """The two players of a pair or an entry: members by name, else the guests' names."""
    first = person_name(row.player1 if row.player1_id else None, row.guest1)
    second = person_name(row.player2 if row.player2_id else None, row.guest2)
    return first, second


class Pair(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="pairs")
    direction = models.CharField(max_length=3, choices=Direction.choices)
    number = models.PositiveSmallIntegerField()
    player1 = models.ForeignKey(Member, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    player2 = models.ForeignKey(Member, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    guest1 = models.CharField(max_length=120, blank=True, help_text="A guest's name, when not a member.")
    guest2 = models.CharField(max_length=120, blank=True)
    entry = models.OneToOneField(
        "Entry",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="pair",
        help_text="Tonight's entry seated in this pair, when the pairs came from the entries.",
    )
    # An individual event's partnership of one round: its two players (their names copied above).
    individual1 = models.ForeignKey(
        "IndividualPlayer", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    individual2 = models.ForeignKey(
        "IndividualPlayer", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )

    class Meta:
        ordering = ["event_id", "-direction", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "direction", "number"], name="pair_number_unique_per_direction"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="pair_number_positive"),
        ]

    def __str__(self):
        # A plain lookup: get_direction_display() reads the choices anew each time, and a 30-table
        # print pack names pairs some twenty thousand times.
        return f"{DIRECTION_LABELS.get(self.direction, self.direction)} {self.number}"

    @property
    def names(self) -> str:
        return " & ".join(name for name in _players(self) if name) or str(self)


class Seating(models.Model):
    """One table in one round of an event's movement: the pairs and the boards they play."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="seatings")
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    ns_pair = models.ForeignKey(Pair, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    ew_pair = models.ForeignKey(Pair, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    board_set = models.PositiveSmallIntegerField()
    first_board = models.PositiveSmallIntegerField()
    last_board = models.PositiveSmallIntegerField()
    arrow_switched = models.BooleanField(default=False)
    shares_with = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["event_id", "round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["event", "round", "table"], name="seating_one_per_table_round"),
            models.UniqueConstraint(
                fields=["event", "round", "ns_pair"], name="seating_ns_pair_once_a_round"
            ),
            models.UniqueConstraint(
                fields=["event", "round", "ew_pair"], name="seating_ew_pair_once_a_round"
            ),
            models.CheckConstraint(condition=Q(first_board__lte=F("last_board")), name="seating_board_range"),
        ]

    def __str__(self):
        return f"Round {self.round}, table {self.table}"

    @property
    def board_numbers(self) -> range:
        return range(self.first_board, self.last_board + 1)


class RelayStand(models.Model):
    """A board set resting on a relay stand in one round (a share-and-relay Mitchell has one, a
    Howell those of its sets not in play)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="relay_stands")
    round = models.PositiveSmallIntegerField()
    board_set = models.PositiveSmallIntegerField()
    first_board = models.PositiveSmallIntegerField()
    last_board = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["event_id", "round", "board_set"]
        constraints = [
            models.UniqueConstraint(fields=["event", "round", "board_set"], name="relay_set_once_a_round"),
        ]

    def __str__(self):
        return f"Round {self.round}, relay"


class Entry(models.Model):
    """A pair that came tonight, before the movement gives it a seat and a number."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    player1 = models.ForeignKey(Member, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    player2 = models.ForeignKey(Member, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    guest1 = models.CharField(max_length=120, blank=True)
    guest2 = models.CharField(max_length=120, blank=True)
    stationary = models.BooleanField(default=False, help_text="Stays at one table all evening (sits N/S).")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event_id", "created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(player1__isnull=False) | ~Q(guest1=""))
                & (Q(player2__isnull=False) | ~Q(guest2="")),
                name="entry_has_two_players",
            ),
        ]

    def __str__(self):
        return self.names

    @property
    def names(self) -> str:
        return " & ".join(_players(self))
