"""Clubs, members, events and what is played at them. Invariants live in the database."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q

from ..domain.arrow import Score, to_seats
from ..domain.boards import MAX_SCHEDULE, PRESET_SCHEDULES, validate_schedule
from ..domain.errors import DomainError
from ..domain.formats import EveningFormat, event_format
from ..domain.limits import MAX_BOARDS_PER_ROUND, MAX_PLAYERS, MAX_ROUNDS, MAX_TABLES
from ..domain.recommend import HOWELL_RANGE


def validate_trump_schedule(value: str) -> None:
    try:
        validate_schedule(value)
    except DomainError as error:
        raise ValidationError(str(error)) from None


class Scoring(models.TextChoices):
    MATCHPOINTS = "matchpoints", "Matchpoints"
    TOTAL_TRICKS = "total_tricks", "Total tricks"
    ODD_TRICKS = "odd_tricks", "Odd tricks"


class Scale(models.TextChoices):
    EBU = "ebu", "2 / 1 / 0 (EBU)"
    ACBL = "acbl", "1 / ½ / 0 (ACBL)"


class AdjustedScores(models.TextChoices):
    """The rule for A+ and A- (domain.scoring): the Laws' by default, or a club's fixed 60/40."""

    SESSION = "session", "A+ 60 % or the pair's session if better, A− 40 % or it if worse (the Laws)"
    FIXED = "fixed", "A+ 60 %, A− 40 % whatever the pair's session"


ADJUSTED_SCORES_HELP = (
    "A pair given A+ scores 60 % or its percentage on the boards it played, whichever is greater, "
    "and A− 40 % or that percentage, whichever is less (the Laws); or fixed at 60 % and 40 %."
)


class Club(models.Model):
    class PaperSize(models.TextChoices):
        A4 = "A4", "A4"
        LETTER = "LETTER", "Letter"

    name = models.CharField(max_length=100, unique=True)
    slug = models.SlugField(
        max_length=50,
        unique=True,
        blank=True,
        help_text="The club's part of its public addresses (/clubs/<slug>/results/); "
        "left empty, it is made from the name.",
    )
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="clubs",
        help_text="Users who run this club's events in the organiser site.",
    )
    paper_size = models.CharField(max_length=6, choices=PaperSize.choices, default=PaperSize.A4)
    minutes_per_board = models.DecimalField(
        max_digits=4,
        decimal_places=1,
        default=7.5,
        help_text="How long a board takes, for the evening's length.",
    )
    # The club's usual evening: what a new event starts with (each event may change them).
    trump_schedule = models.CharField(
        max_length=MAX_SCHEDULE,
        default="HDSC",
        validators=[validate_trump_schedule],
        help_text="Trumps of a new event: one of " + ", ".join(PRESET_SCHEDULES) + ", or your own order.",
    )
    scoring = models.CharField(
        max_length=15,
        choices=Scoring.choices,
        default=Scoring.MATCHPOINTS,
        help_text="Scoring of a new event.",
    )
    scale = models.CharField(
        max_length=4, choices=Scale.choices, default=Scale.EBU, help_text="Matchpoint scale of a new event."
    )
    adjusted_scores = models.CharField(
        "A+ and A−",
        max_length=7,
        choices=AdjustedScores.choices,
        default=AdjustedScores.SESSION,
        help_text="Of a new event. " + ADJUSTED_SCORES_HELP,
    )
    check_every_round = models.BooleanField(
        "players check in every round",
        default=False,
        help_text="The tablets ask the players at each table to confirm who they are every round "
        "(or hand of a drive), not only the first.",
    )
    members_only = models.BooleanField(
        "pages for logged-in users only",
        default=False,
        help_text="The players' pages and the results index need a login (published results of "
        "an evening stay open to anyone with its link).",
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(condition=~models.Q(slug=""), name="club_has_slug"),
            models.CheckConstraint(
                condition=Q(adjusted_scores__in=AdjustedScores.values), name="club_adjusted_scores_known"
            ),
        ]

    def __str__(self):
        return self.name


class ClubQuerySet(models.QuerySet):
    def for_user(self, user):
        """Rows of the clubs a user organises (every row for a superuser, none for a visitor)."""
        if not user.is_authenticated:
            return self.none()
        if user.is_superuser:
            return self
        return self.filter(club__organisers=user)


class Member(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    first_name = models.CharField(max_length=60)
    last_name = models.CharField(max_length=60)
    email = models.EmailField(blank=True)
    active = models.BooleanField(default=True)

    objects = ClubQuerySet.as_manager()

    class Meta:
        ordering = ["last_name", "first_name"]
        indexes = [models.Index(fields=["club", "last_name", "first_name"])]

    def __str__(self):
        return f"{self.first_name} {self.last_name}"


EVENING_TAG_HELP = "A word the club's competitions pick evenings by, such as Tuesday."


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
        INDIVIDUAL = "individual", "Individual (players, not pairs: everyone partners everyone once)"

    class CardSet(models.TextChoices):
        EBU = "ebu", "EBU"
        ACBL = "acbl", "ACBL"

    Scoring = Scoring
    Scale = Scale
    AdjustedScores = AdjustedScores

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="events")
    name = models.CharField(max_length=100)
    date = models.DateField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    tables = models.PositiveSmallIntegerField(default=7)
    variant = models.CharField(max_length=10, choices=Variant.choices, default=Variant.STANDARD)
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
    tag = models.CharField(max_length=30, blank=True, help_text=EVENING_TAG_HELP)
    # The double-dummy analysis of the boards runs after the deals are stored (services/analysing.py):
    # the worker analysing them holds the event under its name, and says it is alive at every batch.
    analysis_worker = models.CharField(max_length=32, blank=True, editable=False)
    analysis_beat = models.DateTimeField(null=True, blank=True, editable=False)

    objects = ClubQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "name"]
        constraints = [
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
    def is_howell(self) -> bool:
        """Pairs have one numbering and change direction; one field, one winner."""
        return self.variant == self.Variant.HOWELL

    @property
    def evening_format(self) -> EveningFormat:
        """What kind of evening it is: who is entered and ranked, and how people are named."""
        return event_format(self.variant)

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
    first = str(row.player1) if row.player1_id else row.guest1
    second = str(row.player2) if row.player2_id else row.guest2
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
            models.UniqueConstraint(fields=["board", "ns_pair"], name="result_once_per_board_ns_pair"),
            models.UniqueConstraint(fields=["board", "ew_pair"], name="result_once_per_board_ew_pair"),
            models.CheckConstraint(
                condition=Q(round__gte=1) & Q(table__gte=1), name="result_round_table_positive"
            ),
        ]
        # A tablet's write reads its table's results round by round (services/tablets.py).
        indexes = [models.Index(fields=["event", "table", "round"], name="result_by_table_round")]

    def __str__(self):
        return f"Board {self.board.number}: {self.ns_pair} v {self.ew_pair}"

    @property
    def ew_tricks(self) -> int | None:
        return None if self.ns_tricks is None else 13 - self.ns_tricks

    def as_seated(self, *, switched: bool) -> Score:
        """The result as the pairs sat at the table (pairs by id); see ``domain.arrow``."""
        return to_seats(
            Score(self.ns_pair_id, self.ew_pair_id, self.ns_tricks, self.ns_adjusted, self.ew_adjusted),
            switched=switched,
        )

    @property
    def score_text(self) -> str:
        if self.ns_tricks is not None:
            return f"{self.ns_tricks}–{self.ew_tricks}"
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


class HistoryLine(models.Model):
    """A line of a history: who, and when (newest first). Never edited."""

    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    changed_at = models.DateTimeField()

    class Meta:
        abstract = True
        ordering = ["-changed_at", "-id"]


class ResultLine(HistoryLine):
    """A line of a result's history, an event's board or a drive's hand: what happened to the
    score, from what to what, why, and where the change came from. Never edited."""

    class Action(models.TextChoices):
        CREATED = "created", "Entered"
        CONFIRMED = "confirmed", "Confirmed"
        REJECTED = "rejected", "Rejected at the table"
        CORRECTED = "corrected", "Corrected"
        DELETED = "deleted", "Deleted"

    action = models.CharField(max_length=10, choices=Action.choices)
    # The longest is an adjusted, unconfirmed score: "A+/A- (unconfirmed)".
    before = models.CharField(max_length=40, blank=True)
    after = models.CharField(max_length=40, blank=True)
    reason = models.CharField(max_length=200, blank=True)
    source = models.CharField(
        max_length=40, blank=True, help_text="Where the change came from, e.g. 'table 3'."
    )

    class Meta(HistoryLine.Meta):
        abstract = True


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


class AuditLine(HistoryLine):
    """One line of the audit trail: who did what, when and why, to an event, a drive or (for the
    organiser site's changes to members and clubs) the club itself. Never edited.

    Results keep their own history as well (``ResultChange``, ``DriveResultChange``); a correction
    also has its line here, so the trail tells the whole evening.
    """

    class Action(models.TextChoices):
        CREATED = "created", "Created"
        STATUS = "status", "Status changed"
        STARTED = "started", "Started"
        CLOSED = "closed", "Closed"
        PUBLISHED = "published", "Results published"
        UNPUBLISHED = "unpublished", "Results made private"
        MOVEMENT = "movement", "Movement built"
        DEALT = "dealt", "Boards dealt"
        IMPORTED = "imported", "Boards imported"
        PAIRS = "pairs", "Pairs changed"
        PLAYERS = "players", "Players changed"
        CORRECTED = "corrected", "Result corrected"
        TOTALS = "totals", "Totals typed"
        CUT = "cut", "Cut for a prize"
        UNLOCKED = "unlocked", "Lockouts lifted"
        RESTORED = "restored", "Restored from a backup"
        CHANGED = "changed", "Changed in the organiser site"
        DELETED = "deleted", "Deleted in the organiser site"
        MAILED = "mailed", "Results sent"
        BACKUP = "backup", "Backup downloaded"
        CHECKED_IN = "checked_in", "Checked in at a table"
        RESEATED = "reseated", "Pairs re-seated"
        DIRECTED = "directed", "Table told where to go"
        CARD = "card", "Score card entered"
        MOVED = "moved", "Move called"
        HELD = "held", "Match result held"
        AGREED = "agreed", "Match result agreed"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="changes")
    event = models.ForeignKey(Event, null=True, blank=True, on_delete=models.CASCADE, related_name="changes")
    drive = models.ForeignKey(
        "Drive", null=True, blank=True, on_delete=models.CASCADE, related_name="changes"
    )
    action = models.CharField(max_length=12, choices=Action.choices)
    detail = models.CharField(max_length=500, blank=True)

    class Meta(HistoryLine.Meta):
        constraints = [
            models.CheckConstraint(
                condition=Q(event__isnull=True) | Q(drive__isnull=True), name="audit_line_one_evening"
            ),
        ]

    def __str__(self):
        return f"{self.get_action_display()}: {self.detail}" if self.detail else self.get_action_display()


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


class TableLink(models.Model):
    """How a tablet reaches one table of an event or of a drive: a secret link (the QR code) or a
    short code typed on the start page. One start page opens both, so a code is unique among
    events and drives alike."""

    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.CASCADE, related_name="table_accesses"
    )
    drive = models.ForeignKey(
        "tournaments.Drive", null=True, blank=True, on_delete=models.CASCADE, related_name="table_accesses"
    )
    table = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=64, unique=True)
    code = models.CharField(max_length=12, unique=True)

    class Meta:
        ordering = ["event_id", "drive_id", "table"]
        constraints = [
            models.CheckConstraint(
                condition=Q(event__isnull=False, drive__isnull=True)
                | Q(event__isnull=True, drive__isnull=False),
                name="table_link_event_or_drive",
            ),
            models.UniqueConstraint(fields=["event", "table"], name="table_link_once_an_event_table"),
            models.UniqueConstraint(fields=["drive", "table"], name="table_link_once_a_drive_table"),
        ]

    def __str__(self):
        return f"{(self.event or self.drive).name}, table {self.table}"


class EventLinks(models.Manager):
    def get_queryset(self):
        return super().get_queryset().filter(event__isnull=False)


class TableAccess(TableLink):
    """The link and code of a table of an event."""

    objects = EventLinks()

    class Meta:
        proxy = True


class CodeGuard(models.Model):
    """Wrong table codes counted for one tablet (``browser:…``) or one network address
    (``address:…``) over a short window, to slow down guessing. Counted atomically in the database."""

    key = models.CharField(max_length=80, unique=True)
    failures = models.PositiveIntegerField(default=0)
    since = models.DateTimeField(help_text="When this window of counting began.")

    def __str__(self):
        return f"{self.key}: {self.failures} since {self.since:%H:%M:%S}"


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


class Heartbeat(models.Model):
    """One row a probe writes, to show the database takes writes (and the floor of a write's cost)."""

    name = models.CharField(max_length=40, unique=True)
    at = models.DateTimeField()

    def __str__(self):
        return f"{self.name} at {self.at:%H:%M:%S}"


from .competitions import Competition  # noqa: E402, F401, I001  (competitions pick events and drives)
from .drives import (  # noqa: E402, F401  (drives build on the models above)
    Drive,
    DrivePlayer,
    DriveResult,
    DriveResultChange,
    DriveSeat,
    DriveTable,
    DriveTeam,
    DriveTotal,
    PrizeCut,
)
from .mail import ResultMail  # noqa: E402, F401
from .individuals import IndividualPlayer  # noqa: E402, F401
from .checkins import TableCheckIn  # noqa: E402, F401
from .leagues import CardDeal, Fixture, League, LeagueClub, MatchResult, MatchTable  # noqa: E402, F401
