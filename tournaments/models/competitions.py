"""A club's competitions over a season: the rules, as the organiser set them. The standings are
worked out from the published evenings by ``domain/competitions/``."""

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import F, Q

from ..domain import competitions as rules
from .clubs import Club, ClubQuerySet, validate_one_line
from .drives import Drive
from .duels import DuelNight
from .events import Event

# The evenings a competition picks by hand, a field for each kind of evening (and the kind, as the
# domain names it): the forms, the services and the backups name them from here.
PICKED = {"picked_events": "event", "picked_drives": "drive", "picked_nights": "night"}


class Competition(models.Model):
    class Kinds(models.TextChoices):
        BOTH = "both", "Duplicate events and drives"
        EVENTS = "event", "Duplicate events"
        DRIVES = "drive", "Drives"
        NIGHTS = "night", "Two-player nights (by placing points)"

    class FieldUnit(models.TextChoices):
        TABLES = "tables", "tables"
        PLAYERS = "players", "players"

    class Who(models.TextChoices):
        INDIVIDUALS = "individuals", "Individuals (any partner)"
        PAIRS = "pairs", "Fixed pairs"

    class Lists(models.TextChoices):
        ONE = "one", "One list"
        ROLES = "roles", "A list for each role (drives)"

    class Measure(models.TextChoices):
        PERCENTAGE = "percentage", "Average percentage"
        TRICKS = "tricks", "± average tricks (whist totals)"
        PLACING = "placing", "Placing points"
        DRIVE = "drive", "Total drive score"

    class Placing(models.TextChoices):
        TABLE = "table", "Points for the places (the table below)"
        REVERSE = "reverse", "Reverse placings (the winner of a field of N scores N)"

    class Counting(models.TextChoices):
        ALL = "all", "Every evening"
        BEST = "best", "The best N"
        DROP = "drop", "All but the lowest N"

    class Handicap(models.TextChoices):
        NONE = "none", "No handicap"
        FIXED = "fixed", "Fixed at the season's start"
        MOVING = "moving", "Moving, before each evening"

    class Ties(models.TextChoices):
        SHARED = "shared", "Shared"
        BROKEN = "counted-then-best", "More evenings counted, then the best single score, else shared"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="competitions")
    name = models.CharField(max_length=100, validators=[validate_one_line])
    start = models.DateField(help_text="The first evening that may count.")
    end = models.DateField(help_text="The last evening that may count.")
    kinds = models.CharField("evenings", max_length=5, choices=Kinds.choices, default=Kinds.EVENTS)
    tag = models.CharField(
        max_length=30, blank=True, help_text="Only evenings with this tag, such as Tuesday (empty: any)."
    )
    by_hand = models.BooleanField(
        "picked by hand", default=False, help_text="Only the evenings picked below count."
    )
    picked_events = models.ManyToManyField(Event, blank=True, related_name="competitions")
    picked_drives = models.ManyToManyField(Drive, blank=True, related_name="competitions")
    picked_nights = models.ManyToManyField(DuelNight, blank=True, related_name="competitions")
    min_field = models.PositiveSmallIntegerField(
        "minimum field", default=0, validators=[MaxValueValidator(400)], help_text="0: any field."
    )
    field_unit = models.CharField(max_length=7, choices=FieldUnit.choices, default=FieldUnit.TABLES)
    who = models.CharField("entry", max_length=11, choices=Who.choices, default=Who.INDIVIDUALS)
    lists = models.CharField(max_length=5, choices=Lists.choices, default=Lists.ONE)
    members_only = models.BooleanField(default=True, help_text="Leave guests out of the standings.")
    measure = models.CharField(max_length=10, choices=Measure.choices, default=Measure.PERCENTAGE)
    placing = models.CharField(max_length=7, choices=Placing.choices, default=Placing.TABLE)
    points = models.CharField(
        "points for the places",
        max_length=60,
        default="6/4/3/2/1",
        help_text="Placing points, the winner's first: 6/4/3/2/1, or 4/3/2/1 (each direction of a "
        "Mitchell, one list for a Howell).",
    )
    counting = models.CharField(max_length=4, choices=Counting.choices, default=Counting.ALL)
    count = models.PositiveSmallIntegerField(
        "N", default=0, validators=[MaxValueValidator(400)], help_text="How many best count, or are dropped."
    )
    qualify = models.PositiveSmallIntegerField(
        "evenings to qualify",
        default=0,
        validators=[MaxValueValidator(400)],
        help_text="Those who played fewer are listed apart (0: everyone qualifies).",
    )
    handicap = models.CharField(max_length=6, choices=Handicap.choices, default=Handicap.NONE)
    ties = models.CharField(max_length=17, choices=Ties.choices, default=Ties.SHARED)

    objects = ClubQuerySet.as_manager()

    class Meta:
        ordering = ["-end", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="competition_name_once_a_club"),
            models.CheckConstraint(
                condition=Q(start__lte=F("end")), name="competition_starts_before_it_ends"
            ),
            models.CheckConstraint(
                condition=Q(counting="all") | Q(count__gte=1), name="competition_counts_some_scores"
            ),
            models.CheckConstraint(
                condition=Q(handicap="none") | Q(measure="percentage"),
                name="competition_handicap_on_percentages",
            ),
            models.CheckConstraint(
                condition=~Q(who="pairs") | Q(kinds="event"), name="competition_pairs_play_events"
            ),
        ]

    def __str__(self):
        return self.name

    def picked_ids(self, picked: dict | None = None) -> frozenset[str]:
        """The evenings picked by hand as the domain names them ("event:12"): the competition's own
        (read from a prefetch when there is one), or those given by ``PICKED`` field (a form's)."""
        if picked is None:
            picked = {name: getattr(self, name).all() for name in PICKED}
        return frozenset(
            f"{PICKED[name]}:{e.pk}" for name, evenings in picked.items() for e in evenings or ()
        )

    @property
    def kinds_taken(self) -> frozenset[str]:
        """The kinds of evening it takes, as the domain names them ("event", "drive", "night")."""
        return frozenset(("event", "drive") if self.kinds == self.Kinds.BOTH else (self.kinds,))

    def rules(self, picked: frozenset[str] | None = None) -> rules.Rules:
        """The competition as the domain's rules; ``picked``: the ids of the evenings picked by hand."""
        kinds = self.kinds_taken
        points = ()
        if self.measure == self.Measure.PLACING and self.placing == self.Placing.TABLE:
            points = rules.parse_points(self.points)
        return rules.Rules(
            start=self.start,
            end=self.end,
            kinds=frozenset(kinds),
            tag=self.tag,
            picked=picked if self.by_hand else None,
            min_field=self.min_field,
            field_unit=self.field_unit,
            who=self.who,
            lists=self.lists,
            members_only=self.members_only,
            measure=self.measure,
            placing=self.placing,
            points=points,
            counting=self.counting,
            count=self.count,
            qualify=self.qualify,
            handicap=self.handicap,
            ties=self.ties,
        )

    def clean(self):
        try:
            rules.check_rules(self.rules())
        except rules.CompetitionError as error:
            field = "points" if "point" in str(error).lower() else None
            raise ValidationError({field: str(error)} if field else str(error)) from None
