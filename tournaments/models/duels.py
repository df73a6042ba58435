"""Two-player nights: German or humbug whist at tables of two, paired as a round robin or a Swiss,
with a knock-out of the leaders to finish if the organiser wishes. The rules are in
``domain/duels``; the pairings come from ``services/duels/pairing.py``.

A night's players are numbered 1, 2, … in the order entered (player 1 the top seed of a Swiss). Its
tables keep their codes all night; each round seats a match at each table (a bye has none), and
each match keeps its deals, entered at the table by one player and confirmed by the other.
"""

import uuid

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q

from ..domain.duels import GAMES, GERMAN_SCORINGS, MatchRules, Scoring
from ..domain.formats import EveningFormat, two_player_format
from .clubs import (
    EVENING_TAG_HELP,
    Club,
    EveningQuerySet,
    Member,
    person_name,
    room_key_field,
    validate_one_line,
)
from .history import ResultLine


class DuelNight(models.Model):
    class Pairing(models.TextChoices):
        SWISS = "swiss", "Swiss (each round paired from the standings)"
        ROUND_ROBIN = "round-robin", "Round robin (everyone meets everyone once)"

    class Status(models.TextChoices):
        ENTRIES = "entries", "Taking entries"
        RUNNING = "running", "Playing"
        FINISHED = "finished", "Finished"

    Game = models.TextChoices("Game", [(key.upper(), (key, words)) for key, words in GAMES.items()])
    GermanScoring = models.TextChoices(
        "GermanScoring",
        [
            (key.upper().replace("-", "_"), (key, words.capitalize()))
            for key, words in GERMAN_SCORINGS.items()
        ],
    )

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="duel_nights")
    name = models.CharField(max_length=100, validators=[validate_one_line])
    date = models.DateField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ENTRIES)
    game = models.CharField(max_length=8, choices=Game.choices, default="german")
    german_scoring = models.CharField(
        max_length=10,
        choices=GermanScoring.choices,
        default="last-13",
        help_text="German whist: which tricks count (humbug whist scores a point a trick above six).",
    )
    pairing = models.CharField(max_length=12, choices=Pairing.choices, default=Pairing.SWISS)
    rounds = models.PositiveSmallIntegerField(
        default=0, help_text="A Swiss's rounds (a round robin plays every round of its table)."
    )
    deals = models.PositiveSmallIntegerField(
        default=4, validators=[MaxValueValidator(30)], help_text="Deals a match (0: a game to the target)."
    )
    target = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(200)], help_text="A game to this many points (0: deals)."
    )
    win_points = models.PositiveSmallIntegerField(default=2, validators=[MinValueValidator(1)])
    tie_points = models.PositiveSmallIntegerField(default=1)
    knockout = models.PositiveSmallIntegerField(
        default=0,
        help_text="Players who go through to a knock-out after the last round (0: no knock-out).",
    )
    published = models.BooleanField(default=False)
    # The evening's identity wherever it goes (its export, the county server it is sent to): made
    # once, never changed.
    uuid = models.UUIDField(default=uuid.uuid4, editable=False, db_index=True)
    tag = models.CharField(max_length=30, blank=True, help_text=EVENING_TAG_HELP)
    room_key = room_key_field()

    objects = EveningQuerySet.as_manager()

    class Meta:
        verbose_name = "two-player night"  # as the organiser site lists it
        ordering = ["-date", "name"]
        constraints = [
            # One identity per evening in a club: an export imported twice is one evening.
            models.UniqueConstraint(fields=["club", "uuid"], name="duel_night_one_per_identity"),
            models.CheckConstraint(condition=Q(game__in=list(GAMES)), name="duel_night_game_known"),
            models.CheckConstraint(
                condition=Q(german_scoring__in=list(GERMAN_SCORINGS)), name="duel_night_scoring_known"
            ),
            models.CheckConstraint(
                condition=(Q(deals__gte=1) & Q(target=0)) | (Q(deals=0) & Q(target__gte=1)),
                name="duel_night_deals_or_target",
                violation_error_message="A match is a number of deals or a game to a target: one of the two.",
            ),
            models.CheckConstraint(
                condition=Q(tie_points__lte=F("win_points")), name="duel_night_tie_no_more_than_a_win"
            ),
        ]

    def __str__(self):
        return f"{self.name} ({self.date:%d %b %Y})"

    @property
    def scoring(self) -> Scoring:
        return Scoring.stored(self.game, self.german_scoring)

    @property
    def match_rules(self) -> MatchRules:
        return MatchRules(deals=self.deals, target=self.target, win=self.win_points, tie=self.tie_points)

    @property
    def evening_format(self) -> EveningFormat:
        return two_player_format(self.scoring, self.match_rules)


class DuelPlayer(models.Model):
    night = models.ForeignKey(DuelNight, on_delete=models.CASCADE, related_name="players")
    number = models.PositiveSmallIntegerField(help_text="The player's number (1: the top seed).")
    member = models.ForeignKey(Member, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    guest = models.CharField(
        max_length=120,
        blank=True,
        validators=[validate_one_line],
        help_text="A guest's name, when not a member.",
    )

    class Meta:
        ordering = ["night_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="duel_player_number_once"),
            models.UniqueConstraint(
                fields=["night", "member"], condition=Q(member__isnull=False), name="duel_player_member_once"
            ),
            models.CheckConstraint(
                condition=(Q(member__isnull=False) & Q(guest="")) | (Q(member__isnull=True) & ~Q(guest="")),
                name="duel_player_member_or_guest",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="duel_player_number_from_one"),
        ]

    def __str__(self):
        return self.name

    @property
    def name(self) -> str:
        return person_name(self.member, self.guest)


class DuelTable(models.Model):
    """A table of two all night: its tablet's secret link and short code."""

    night = models.ForeignKey(DuelNight, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=64, unique=True)
    code = models.CharField(max_length=8, unique=True)

    class Meta:
        ordering = ["night_id", "number"]
        constraints = [models.UniqueConstraint(fields=["night", "number"], name="duel_table_once")]

    def __str__(self):
        return f"Table {self.number}"


class DuelMatch(models.Model):
    class Stage(models.TextChoices):
        ROUNDS = "rounds", "Round"
        KNOCKOUT = "knockout", "Knock-out"

    night = models.ForeignKey(DuelNight, on_delete=models.CASCADE, related_name="matches")
    round = models.PositiveSmallIntegerField(help_text="The round, counted over the whole night.")
    stage = models.CharField(max_length=8, choices=Stage.choices, default=Stage.ROUNDS)
    table = models.PositiveSmallIntegerField(help_text="The table (a bye: the tables' count and one).")
    slot = models.PositiveSmallIntegerField(default=0, help_text="A knock-out match's place in the bracket.")
    # A player with matches is never deleted alone; with the night, both go (RESTRICT, not PROTECT).
    player_a = models.ForeignKey(DuelPlayer, on_delete=models.RESTRICT, related_name="+")
    player_b = models.ForeignKey(
        DuelPlayer,
        null=True,
        blank=True,
        on_delete=models.RESTRICT,
        related_name="+",
        help_text="None: a bye.",
    )
    checked_in_at = models.DateTimeField(
        null=True, blank=True, help_text="When the two players said at the tablet that they are at the table."
    )
    # What the match's confirmed deals say (a bye: from the start), kept by every write to them, so
    # that a table's tablet finds the round in play without reading the other tables' deals.
    finished = models.BooleanField(default=False, help_text="The match is over.")

    class Meta:
        ordering = ["night_id", "round", "table"]
        indexes = [models.Index(fields=["night", "finished", "round"], name="duel_match_progress")]
        constraints = [
            models.UniqueConstraint(fields=["night", "round", "table"], name="duel_match_table_once"),
            models.UniqueConstraint(fields=["night", "round", "player_a"], name="duel_match_a_once"),
            models.UniqueConstraint(fields=["night", "round", "player_b"], name="duel_match_b_once"),
            models.CheckConstraint(condition=~Q(player_a=F("player_b")), name="duel_match_two_players"),
        ]

    def __str__(self):
        return f"Round {self.round}, table {self.table}"

    @property
    def bye(self) -> bool:
        return self.player_b_id is None


class DuelDeal(models.Model):
    """A deal of a match: each player's tricks as player A entered them; ``confirmed`` once B agrees."""

    match = models.ForeignKey(DuelMatch, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField()
    tricks_a = models.PositiveSmallIntegerField(validators=[MaxValueValidator(26)])
    tricks_b = models.PositiveSmallIntegerField(validators=[MaxValueValidator(26)])
    black = models.BooleanField(default=False, help_text="High/low German whist: the 27th card was black.")
    confirmed = models.BooleanField(default=False)

    class Meta:
        ordering = ["match_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="duel_deal_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="duel_deal_number_from_one"),
        ]

    def __str__(self):
        return f"Deal {self.number}: {self.tricks_a} v {self.tricks_b}"


class DuelDealChange(ResultLine):
    """A line of a deal's history: entered, confirmed, sent back at the table, corrected. Never
    edited; kept by the match, so a deal taken back keeps its lines."""

    match = models.ForeignKey(DuelMatch, on_delete=models.CASCADE, related_name="history")
    deal = models.PositiveSmallIntegerField()

    def __str__(self):
        change = f"{self.before or '—'} → {self.after or '—'}"
        return f"Deal {self.deal}, {self.get_action_display().lower()}: {change}"
