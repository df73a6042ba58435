"""What a two-player table's tablet reads: its own match (and the one its page named), with their
deals, and where the night is from a count of its matches; never the other tables' deals, so a
tap costs the same in round 1 of four players as in round 5 of a hundred and fifty.

The round in play is the first with a match still to finish (``DuelMatch.finished``, kept by
every write to a match's deals), or the last once all are over; a table's match is the one it has
in that round. ``table_held`` opens every write at a table: the night's row locked, read in the
statement that finds the table, so that what is read after it is the table as it stands once any
writer it waited for has committed.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, F, Max, Min, OuterRef, Q, Subquery, Value
from django.db.models.functions import Coalesce

from ...domain.duels import Deal, round_name, score_match
from ...models import DuelMatch, DuelNight, DuelPlayer, DuelTable
from ..core.counts import rows_counted
from .lifecycle import has_finished, has_started, may_play
from .state import MatchLine, round_follows, rounds_to_play


def table_held(token: str) -> DuelTable:
    """The table whose link is ``token``, with its night locked (one statement for both) and the
    night's number of players as ``entered``; DuelTable.DoesNotExist when no table has the link."""
    tables = DuelTable.objects.select_related("night").select_for_update(of=("night",))
    players = rows_counted(DuelPlayer.objects.filter(night=OuterRef("night")), "night")
    return tables.annotate(entered=players).get(token=token)


@dataclass(frozen=True)
class Progress:
    """Where a night is, read from its matches' rows (not their deals) in two statements."""

    night: DuelNight
    players: int
    last: int  # the last round paired (0: none yet)
    playing: int  # the round in play: the first with a match still to finish, else the last
    open: int  # matches still to finish
    final: bool  # the last round paired is the knock-out's final

    def round_name(self, number: int) -> str:
        return round_name(number, rounds_to_play(self.night, self.players))

    @property
    def all_over(self) -> bool:
        return self.last > 0 and not self.open

    @property
    def next_round_due(self) -> bool:
        """Every match is over and another round follows: it is being paired (``rounds.py``)."""
        return bool(may_play(self.night)) and self.all_over and self._follows

    @property
    def complete(self) -> bool:
        """Every round the night plays is paired and played (as ``NightState.complete``)."""
        return self.all_over and not self._follows

    @property
    def _follows(self) -> bool:
        return round_follows(self.night, self.players, self.last, self.final)


def night_progress(night: DuelNight) -> Progress:
    matches = DuelMatch.objects.filter(night=night)
    last = Subquery(matches.order_by("-round").values("round")[:1])
    counts = matches.aggregate(
        last=Max("round"),
        playing=Min("round", filter=Q(finished=False)),
        open=Count("pk", filter=Q(finished=False)),
        final=Count("pk", filter=Q(round=last, stage=DuelMatch.Stage.KNOCKOUT)),
    )
    last = counts["last"] or 0
    return Progress(
        night=night,
        players=night.players.count(),
        last=last,
        playing=counts["playing"] or last,
        open=counts["open"],
        final=counts["final"] == 1,  # a knock-out round of one match (a bye is a match of its own)
    )


def _line(night: DuelNight, players: int, match: DuelMatch) -> MatchLine:
    deals = list(match.deals.all())
    confirmed = [Deal(d.tricks_a, d.tricks_b, d.black) for d in deals if d.confirmed]
    knockout = match.stage == DuelMatch.Stage.KNOCKOUT
    score = score_match(night.scoring, night.match_rules, confirmed, knockout=knockout)
    name = round_name(match.round, rounds_to_play(night, players))
    return MatchLine(match, match.player_a, match.player_b, deals, score, name)


@dataclass(frozen=True)
class TableMatches:
    now: MatchLine | None  # the table's match in the round in play (None: it has none)
    named: MatchLine | None  # the match a page named, if the table's (``now`` itself when it is)
    open: int  # the night's matches still to finish


def table_matches(
    night: DuelNight,
    table: int,
    players: int,
    *,
    playing: int | None = None,
    round: int = 0,
    match_id: int = 0,
) -> TableMatches:
    """The table's match in the round in play (``playing``, when the caller has read it) and the
    match a page named by ``round`` and ``match_id``, when it is the table's (another table's is
    never named): two statements however long the night, the matches and their deals."""
    matches = DuelMatch.objects.filter(night=night)
    first_open = matches.filter(finished=False).order_by("round").values("round")[:1]
    last = matches.order_by("-round").values("round")[:1]
    in_play = Value(playing) if playing is not None else Coalesce(Subquery(first_open), Subquery(last))
    lines = (
        matches.filter(table=table)
        .annotate(playing=in_play, open=rows_counted(matches.filter(finished=False), "night"))
        .filter(Q(round=F("playing"), player_b__isnull=False) | Q(pk=match_id, round=round))
        .select_related("player_a__member", "player_b__member")
        .prefetch_related("deals")
    )
    now = named = None
    still_open = 0
    for match in lines:
        line = _line(night, players, match)
        still_open = match.open
        if match.round == match.playing and not match.bye:
            now = line
        if match.pk == match_id and match.round == round:
            named = now if now is not None and now.match.pk == match_id else line
    return TableMatches(now, named, still_open)


@dataclass
class TableView:
    """What a table's tablet shows: its match of the round in play (or the last it played)."""

    table: int
    line: MatchLine | None
    waiting: str  # why there is nothing to enter, in words ("" when a deal can be entered)
    over: bool = False  # the night is over: nothing more comes to this table
    pairing: bool = False  # every match is over and the next round is being paired

    @property
    def looks_again(self) -> bool:
        """Does the tablet look again by itself: while it waits for the start or the next round."""
        return bool(self.waiting) and not self.over


def table_view(night: DuelNight, table: int) -> TableView:
    """The table's page, read in four statements however long the night."""
    if not has_started(night):
        return TableView(table, None, "The night has not started: this page looks again by itself.")
    progress = night_progress(night)
    line = table_matches(night, table, progress.players, playing=progress.playing).now
    pairing = progress.next_round_due
    if (line is None or line.finished) and (has_finished(night) or progress.complete):
        return TableView(table, line, "The night is over: thank you for playing.", over=True)
    if line is None:
        words = "No match at this table this round: wait for the next."
        return TableView(table, line, words, pairing=pairing)
    if not line.finished:
        return TableView(table, line, "")
    this = progress.round_name(progress.playing)
    if pairing:
        after = progress.round_name(progress.last + 1).capitalize()
        words = f"This match is over, and so is {this}. {after} is being paired: it shows here when ready."
        return TableView(table, line, words, pairing=True)
    if not night.knockout and progress.playing >= rounds_to_play(night, progress.players):
        words = f"This match is over: the night ends when every table has finished {this}."
        return TableView(table, line, words)
    after = progress.round_name(progress.playing + 1).capitalize()
    return TableView(table, line, f"This match is over. {after} starts when every table has finished {this}.")
