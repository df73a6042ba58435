"""Clubs and their members, and the usual evening a club's new events start from."""

import secrets
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q

from ..domain.boards import MAX_SCHEDULE, PRESET_SCHEDULES, validate_schedule
from ..domain.currencies import CURRENCIES, NUMBER_FORMATS, POINT
from ..domain.errors import DomainError
from ..domain.minnesota import RULES
from ..domain.names import FULL, HIDDEN, INITIALS, published_guest, published_name


def validate_one_line(value: str) -> None:
    """A name is one line of text: a line break (or a tab, or any other control character) in an
    evening's or a member's name would end up in e-mail headers, printed cards and files, so it is
    refused wherever a name is typed. One validator, on every model's name and the plain forms'."""
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in value):
        raise ValidationError(
            "A name is one line: remove the line break (or tab) from it and type it on one line.",
            code="one_line",
        )


def validate_trump_schedule(value: str) -> None:
    try:
        validate_schedule(value)
    except DomainError as error:
        raise ValidationError(str(error)) from None


class Scoring(models.TextChoices):
    MATCHPOINTS = "matchpoints", "Matchpoints"
    TOTAL_TRICKS = "total_tricks", "Total tricks"
    ODD_TRICKS = "odd_tricks", "Odd tricks"
    MINNESOTA = "minnesota", "Minnesota whist: matchpoints on net points"
    MINNESOTA_TOTAL = "minnesota_total", "Minnesota whist: total net points"


# The scoring of an event (its choice above) as the domain scores it: a method, and whether the
# boards are Minnesota whist's (compared on net points under the event's rules).
SCORING_METHODS = {
    Scoring.MINNESOTA: ("matchpoints", True),
    Scoring.MINNESOTA_TOTAL: ("total_points", True),
}


class MinnesotaRules(models.TextChoices):
    """The published Minnesota whist scorings an event may be played under (domain.minnesota)."""

    SWEDISH = "swedish", RULES["swedish"].name
    SWEDISH_SET_1 = "swedish-set-1", RULES["swedish-set-1"].name
    AMERICAN = "american", RULES["american"].name
    SOUTH_DAKOTA = "south-dakota", RULES["south-dakota"].name


MINNESOTA_RULES_HELP = "Minnesota whist only: " + " ".join(f"{r.name}: {r.summary}" for r in RULES.values())


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


def club_key_new() -> str:
    return secrets.token_hex(16)


class Club(models.Model):
    class PaperSize(models.TextChoices):
        A4 = "A4", "A4"
        LETTER = "LETTER", "Letter"

    class PlacesShown(models.TextChoices):
        """What a player's (or pair's) own page of the evening on their phone shows of the standings
        in play, for every kind (``domain.progress.places_now``)."""

        LIVE = "live", "Everything live"
        ROUNDS = "rounds", "Places after each round"
        CLOSE = "close", "Places only at the close"

    name = models.CharField(max_length=100, unique=True, validators=[validate_one_line])
    slug = models.SlugField(
        max_length=50,
        unique=True,
        blank=True,
        help_text="The club's part of its public addresses (/clubs/<slug>/results/); "
        "left empty, it is made from the name.",
    )
    # The club's own word, made once and never changed, carried by its backups: the register of
    # erasures marks a forgotten member by it (services/core/members.py), so a change of address
    # cannot bring them back. A club made before keys has the address it had then as its key,
    # which keeps the marks written by that address valid.
    key = models.CharField(max_length=64, unique=True, default=club_key_new, editable=False)
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="clubs",
        help_text="Users who run this club's events in the organiser site.",
    )
    paper_size = models.CharField(max_length=6, choices=PaperSize.choices, default=PaperSize.A4)
    large_print = models.BooleanField(
        "large print",
        default=False,
        help_text="Print the cards players hold (guide cards, score cards, itinerary cards and a "
        "drive's players' cards) in type of 14 points or more, for players who find the usual "
        "type small: a card then takes a whole sheet more often.",
    )
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
    public_address = models.URLField(
        blank=True,
        help_text="The address members reach whistdrive at from home (https://results.myclub.org.uk), "
        "for the links in their results e-mails. Left empty, the e-mails have no links.",
    )
    members_only = models.BooleanField(
        "pages for logged-in users only",
        default=False,
        help_text="The club's pages need a login: its evenings' results, the results index, the "
        "competitions and the players' pages (the room display still opens on the hall's screen by "
        "the link its run page gives).",
    )
    guests_published = models.BooleanField(
        "guests' names on public pages",
        default=False,
        help_text='Guests (names typed, not members) are shown as "A player" on public pages '
        "unless this is ticked; organisers always see every name.",
    )
    places_shown = models.CharField(
        "places during play",
        max_length=6,
        choices=PlacesShown.choices,
        default=PlacesShown.ROUNDS,
        help_text="What a pair's own page of the evening, opened on their phone from the table's "
        "tablet, shows of their percentage and place while play goes on: as each score is "
        "confirmed, as it stood after the last round every table has finished, or nothing until "
        "the event closes.",
    )
    tablet_travellers = models.BooleanField(
        "travellers on the tablets",
        default=False,
        help_text="A pairs or individual event's tablet shows, beneath each board its table has "
        "confirmed, that board's results at the tables that have confirmed it so far (as a player's "
        "own page on their phone does); nothing of a board before the table has confirmed it.",
    )

    # Hall mode: where the club's closed evenings are sent (services/county/sending.py), and the
    # key the county's administrator gave the club for it (``county_key make``).
    county_address = models.URLField(
        blank=True,
        help_text="The county server's address (https://county.example.org). Each evening, once closed, "
        "is sent there; left empty, nothing is sent.",
    )
    county_key = models.CharField(
        max_length=80,
        blank=True,
        help_text="The key the county's administrator gave this club for sending its evenings.",
    )
    county_club = models.SlugField(
        max_length=50,
        blank=True,
        help_text="The club's address on the county server (its slug there); left empty, this club's own.",
    )

    # The club's money (drives' fees, table money, raffle, prizes) is kept in whole minor units of
    # this currency, typed and written in its number format (services/core/money.py).
    currency = models.CharField(
        max_length=3,
        choices=[(code, currency.label) for code, currency in CURRENCIES.items()],
        default="GBP",
        help_text="The currency of the club's fees, takings and prizes, on its pages, papers and "
        "the treasurer's CSV.",
    )
    number_format = models.CharField(
        max_length=5,
        choices=list(NUMBER_FORMATS.items()),
        default=POINT,
        help_text="How the club writes a sum's figures and types them in: 1,250.50 or 1.250,50. At a "
        "decimal-point club 25,50 is refused, and at a decimal-comma club 25.50, rather than read "
        "one way or the other.",
    )
    # The club's subscription year starts on this day each year: 1 September by default, the start
    # of a whist club's season (the winter's evenings), when members see the club again and pay.
    year_start_month = models.PositiveSmallIntegerField(
        "subscription year starts: month", default=9, help_text="1 for January … 12 for December."
    )
    year_start_day = models.PositiveSmallIntegerField("subscription year starts: day", default=1)
    account_floor = models.IntegerField(
        "lowest balance allowed",
        default=0,
        help_text="The lowest a member's account may go when a fee is taken from it, in pence "
        "(below 0: the member may owe that much).",
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(condition=~models.Q(slug=""), name="club_has_slug"),
            models.CheckConstraint(condition=Q(currency__in=list(CURRENCIES)), name="club_currency_known"),
            models.CheckConstraint(
                condition=Q(number_format__in=list(NUMBER_FORMATS)), name="club_number_format_known"
            ),
            models.CheckConstraint(
                condition=Q(year_start_month__gte=1, year_start_month__lte=12, year_start_day__gte=1)
                & (
                    Q(year_start_month=2, year_start_day__lte=28)
                    | Q(year_start_month__in=[4, 6, 9, 11], year_start_day__lte=30)
                    | Q(year_start_month__in=[1, 3, 5, 7, 8, 10, 12], year_start_day__lte=31)
                ),
                name="club_year_start_a_day_every_year_has",
            ),
            models.CheckConstraint(condition=~models.Q(key=""), name="club_has_key"),
            models.CheckConstraint(
                condition=Q(adjusted_scores__in=AdjustedScores.values), name="club_adjusted_scores_known"
            ),
            models.CheckConstraint(
                condition=Q(places_shown__in=["live", "rounds", "close"]), name="club_places_shown_known"
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


class EveningQuerySet(ClubQuerySet):
    """An event's or a drive's rows: both say "running" while played and "finished" after."""

    def tonight(self, day):
        """What is on tonight: every evening in play, and those dated ``day`` whatever their state."""
        return self.filter(Q(status="running") | Q(date=day)).order_by("date", "name", "id")

    def coming(self, day):
        """Evenings set up for a later day, not started yet, the nearest first."""
        later = self.filter(date__gt=day).exclude(status__in=("running", "finished"))
        return later.order_by("date", "name", "id")


class Member(models.Model):
    class Published(models.TextChoices):
        """How the member's name shows on public pages (organisers always see it whole)."""

        FULL = FULL, "Full name"
        INITIALS = INITIALS, "Initials (J. B.)"
        HIDDEN = HIDDEN, "Hidden (A player)"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    first_name = models.CharField(max_length=60, validators=[validate_one_line])
    last_name = models.CharField(max_length=60, validators=[validate_one_line])
    email = models.EmailField(blank=True)
    active = models.BooleanField(default=True)
    published_as = models.CharField(
        "name on public pages",
        max_length=8,
        choices=Published.choices,
        default=Published.FULL,
        help_text="What the public pages (results, the club's index, the player's page, the room "
        "display, the exported site) show of the member's name.",
    )
    forgotten_at = models.DateTimeField(
        null=True,
        blank=True,
        editable=False,
        help_text="When the member was forgotten at their request: their name is a pseudonym since.",
    )
    # Membership (models/membership.py): the member's category, the last day their subscription
    # pays for (none: never paid), and the day they joined.
    category = models.ForeignKey(
        "MembershipCategory", null=True, blank=True, on_delete=models.PROTECT, related_name="members"
    )
    paid_until = models.DateField("paid until", null=True, blank=True)
    joined = models.DateField(null=True, blank=True)

    objects = ClubQuerySet.as_manager()

    class Meta:
        ordering = ["last_name", "first_name"]
        indexes = [models.Index(fields=["club", "last_name", "first_name"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(published_as__in=["full", "initials", "hidden"]), name="member_published_as_known"
            ),
            # A forgotten member keeps no address to write to.
            models.CheckConstraint(
                condition=Q(forgotten_at__isnull=True) | Q(email=""), name="member_forgotten_has_no_email"
            ),
        ]

    def __str__(self):
        return f"{self.first_name} {self.last_name}"


EVENING_TAG_HELP = "A word the club's competitions pick evenings by, such as Tuesday."
# The secret key of an evening's room display link (services/core/rooms.py): empty until the
# organiser puts the display up on the hall's screen, and again once it is taken down.
ROOM_KEY_HELP = "The secret in the room display's link for the hall's screen (empty: not put up)."


def room_key_field() -> models.CharField:
    return models.CharField(max_length=64, blank=True, editable=False, help_text=ROOM_KEY_HELP)


class Erasure(models.Model):
    """A member forgotten at their request, by a one-way mark of the row (``erasure_mark``: the
    SHA-256 of "club key:member id"), never by name, so that restoring an older backup can forget
    them again. Also kept in the data folder's ``erasures.json``, which outlives the database."""

    mark = models.CharField(max_length=64, unique=True)
    erased_at = models.DateTimeField()

    class Meta:
        ordering = ["erased_at", "id"]

    def __str__(self):
        return f"Erasure {self.mark[:12]}…"


@dataclass(frozen=True)
class PublicViewer:
    """Someone who does not organise the club of the page they read: names as published."""

    guests_shown: bool


# Who reads the page being made: None (an organiser, a tablet, a command, a printed paper: names
# whole) unless the views say the reader is the public (views/common.py, for the pages anyone may
# open). Set for one request at a time; whistdrive.middleware puts it back after each.
_viewer: ContextVar[PublicViewer | None] = ContextVar("whistdrive_public_viewer", default=None)


def names_for_public(club: Club) -> None:
    """The page being made is read by the public: every name as its member (or the club, for
    guests) chose to publish it."""
    _viewer.set(PublicViewer(guests_shown=club.guests_published))


def names_in_full() -> None:
    _viewer.set(None)


@contextmanager
def names_whole():
    """Names whole within, whoever reads the page: for what is kept for every reader (a cache)."""
    token = _viewer.set(None)
    try:
        yield
    finally:
        _viewer.reset(token)


@contextmanager
def names_as_published(club: Club):
    """Names within as the public pages give them, whoever asks: for a file that leaves the club."""
    token = _viewer.set(PublicViewer(guests_shown=club.guests_published))
    try:
        yield
    finally:
        _viewer.reset(token)


def reader_is_public() -> bool:
    return _viewer.get() is not None


def person_name(member: Member | None, guest: str = "") -> str:
    """The one place a person's name is made for a page: a member's (whole, or as published to the
    public) or a guest's."""
    viewer = _viewer.get()
    if member is not None:
        return (
            str(member)
            if viewer is None
            else published_name(member.first_name, member.last_name, member.published_as)
        )
    return guest if viewer is None else published_guest(guest, shown=viewer.guests_shown)


def page_shown(member: Member | None) -> bool:
    """Whether the page being made links to the member's own page (a forgotten member has none;
    a hidden one has none the public may open)."""
    if member is None or member.forgotten_at is not None:
        return False
    return _viewer.get() is None or member.published_as != Member.Published.HIDDEN
