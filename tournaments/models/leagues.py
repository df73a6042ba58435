"""An inter-club league (domain.leagues): its clubs, the fixture list, each match's score cards
and its agreed result. A league is run by one of our clubs, whose organisers enter its matches."""

from django.db import models
from django.db.models import F, Q

from ..domain.formats import LEAGUE_MATCH, EveningFormat, with_game
from ..domain.leagues import DEALS, HONOURS, TABLES, TRICKS
from ..domain.rubbers import GAME_CHOICES, GAMES
from .clubs import Club, ClubQuerySet, validate_one_line

MATCH_TRICKS = len(TABLES) * len(DEALS) * TRICKS


class League(models.Model):
    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="leagues", help_text="The club that runs the league."
    )
    name = models.CharField(max_length=100, validators=[validate_one_line])
    season = models.CharField(max_length=20, help_text="Such as 2026–27.")
    game = models.PositiveSmallIntegerField(
        choices=[(0, "No: the tricks over the three tables"), *GAME_CHOICES],
        default=0,
        help_text="Each stanza at a table played as games and rubbers by the Laws of Whist, honours on the "
        "cards, the match won by rubber points.",
    )

    objects = ClubQuerySet.as_manager()

    class Meta:
        ordering = ["-season", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name", "season"], name="league_once_a_season"),
            models.CheckConstraint(condition=~Q(name="") & ~Q(season=""), name="league_has_name_and_season"),
            models.CheckConstraint(condition=Q(game__in=[0, *GAMES]), name="league_game_known"),
        ]

    def __str__(self):
        return f"{self.name} {self.season}"


class LeagueClub(models.Model):
    """A club playing in the league: a name, and our club of that name when it is one."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="clubs")
    name = models.CharField(max_length=100, validators=[validate_one_line])
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["league_id", "name"]
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="league_club_once"),
            models.CheckConstraint(condition=~Q(name=""), name="league_club_has_name"),
        ]

    def __str__(self):
        return self.name


class Side(models.TextChoices):
    HOME = "home", "Home"
    AWAY = "away", "Visitors"


class Fixture(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="fixtures")
    round = models.PositiveSmallIntegerField()
    date = models.DateField(null=True, blank=True)
    home = models.ForeignKey(LeagueClub, on_delete=models.CASCADE, related_name="+")
    away = models.ForeignKey(LeagueClub, on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["league_id", "round", "id"]
        constraints = [
            models.CheckConstraint(condition=~Q(home=F("away")), name="fixture_two_clubs"),
            models.CheckConstraint(condition=Q(round__gte=1), name="fixture_round_from_one"),
            models.UniqueConstraint(fields=["league", "round", "home"], name="fixture_home_once_a_round"),
            models.UniqueConstraint(fields=["league", "round", "away"], name="fixture_away_once_a_round"),
        ]

    def __str__(self):
        return f"Round {self.round}: {self.home} v {self.away}"

    @property
    def name(self) -> str:
        """The match as a list of evenings names it (the treasurer's CSV, a member's statement)."""
        return str(self)

    @property
    def club(self):
        """The club whose home match it is, whose money it takes (None: the home club keeps its
        books elsewhere)."""
        return self.home.club

    @property
    def evening_format(self) -> EveningFormat:
        """A league match: two clubs' tables play the same boards and are compared; in games and
        rubbers its cards give honours and its tables rubber points."""
        return with_game(LEAGUE_MATCH, rubbers=self.league.game)


class MatchTable(models.Model):
    """How one side's tablet reaches its card at one table of a match: a secret link or a short
    code, as the tables of events and drives have (services.core.codes draws the code). Each side
    has its own, so neither can open, read or write the other's card."""

    Side = Side

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="tables")
    table = models.PositiveSmallIntegerField()
    side = models.CharField(max_length=4, choices=Side.choices)
    token = models.CharField(max_length=64, unique=True)
    code = models.CharField(max_length=12, unique=True)

    class Meta:
        ordering = ["fixture_id", "table", "-side"]  # the home side first
        constraints = [
            models.UniqueConstraint(fields=["fixture", "table", "side"], name="match_table_side_once"),
            models.CheckConstraint(
                condition=Q(table__gte=TABLES[0], table__lte=TABLES[-1]), name="match_table_known"
            ),
            models.CheckConstraint(condition=Q(side__in=Side.values), name="match_table_side_known"),
        ]

    def __str__(self):
        return f"{self.fixture}, table {self.table}, {self.get_side_display().lower()}"


class CardDeal(models.Model):
    """One deal of one side's score card at one table: the tricks that side says it took."""

    Side = Side

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="card_deals")
    side = models.CharField(max_length=4, choices=Side.choices)
    table = models.PositiveSmallIntegerField()
    deal = models.PositiveSmallIntegerField()
    tricks = models.PositiveSmallIntegerField()
    honours = models.SmallIntegerField(
        default=0,
        help_text="In games and rubbers: the honours claimed, 4 or 2 for this card's side, -4 or -2 for the "
        "other side's, 0 for none.",
    )

    class Meta:
        ordering = ["fixture_id", "side", "table", "deal"]
        constraints = [
            models.UniqueConstraint(fields=["fixture", "side", "table", "deal"], name="card_deal_once"),
            models.CheckConstraint(condition=Q(side__in=Side.values), name="card_deal_side_known"),
            models.CheckConstraint(
                condition=Q(table__gte=TABLES[0], table__lte=TABLES[-1]), name="card_deal_table_known"
            ),
            models.CheckConstraint(
                condition=Q(deal__gte=DEALS[0], deal__lte=DEALS[-1]), name="card_deal_known"
            ),
            models.CheckConstraint(condition=Q(tricks__lte=TRICKS), name="card_deal_tricks_possible"),
            models.CheckConstraint(condition=Q(honours__in=HONOURS), name="card_deal_honours_known"),
        ]

    def __str__(self):
        return f"{self.get_side_display()} card, table {self.table}, deal {self.deal}: {self.tricks}"


class MatchResult(models.Model):
    """A match's result once its two cards agree on every deal; it goes when a correction makes
    them differ again."""

    fixture = models.OneToOneField(Fixture, on_delete=models.CASCADE, related_name="result")
    home_tricks = models.PositiveSmallIntegerField()
    away_tricks = models.PositiveSmallIntegerField()
    home_rubber_points = models.SmallIntegerField(
        null=True,
        blank=True,
        help_text="In games and rubbers: the home tables' rubber points (the visitors' the same less).",
    )
    agreed_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(home_tricks__lte=MATCH_TRICKS, away_tricks=MATCH_TRICKS - F("home_tricks")),
                name="match_result_all_tricks",
            ),
        ]

    def __str__(self):
        return f"{self.fixture.home} {self.home_tricks}, {self.fixture.away} {self.away_tricks}"
