"""An event's printed results, as plain print data: the standings by field with every pair's (or,
at an individual event, every player's) scores board by board, or the blank form before play."""

from collections import defaultdict

from ...domain.scoring import pair_label
from ...models import Event
from ...print_data import ResultsSheet, StandingRow
from ...reports import (
    FIELD_TITLES,
    STANDING_COLUMNS,
    format_score,
    minnesota_note,
    rounding_note,
    standing_figures,
)
from ..events.individuals import IndividualReport


def blank_results_sheet(event: Event, seatings, boards) -> ResultsSheet:
    """The results sheet before play: each field's pairs with their names, every figure empty, and
    a box for each pair on each board, to fill in by hand."""
    pairs = {p.pk: p for s in seatings for p in (s.ns_pair, s.ew_pair) if p is not None}
    one_field = any(s.arrow_switched for s in seatings)
    fields = defaultdict(list)
    for p in sorted(pairs.values(), key=lambda p: (p.direction != "NS", p.number)):
        fields["ALL" if one_field else p.direction].append(
            StandingRow("", str(p), p.names if p.names != str(p) else "", (), 0)
        )
    headings = STANDING_COLUMNS[event.scoring_method]
    return ResultsSheet(
        provisional=True,
        headings=headings,
        fields=tuple((FIELD_TITLES[name], tuple(fields[name])) for name in FIELD_TITLES if name in fields),
        boards=tuple(sorted(boards)),
        grid=tuple((row.pair, ("",) * len(boards)) for _, rows in fields.items() for row in rows),
        blank=True,
    )


def results_sheet(report) -> ResultsSheet:
    method = report.scores.method
    fields = tuple(
        (
            FIELD_TITLES[field],
            tuple(
                StandingRow(
                    s.rank,
                    pair_label(s.pair),
                    report.name(s.pair),
                    standing_figures(method, s),
                    s.boards_played,
                )
                for s in report.scores.field(field)
            ),
        )
        for field in report.scores.fields
    )
    boards = tuple(b.board for b in report.scores.boards)
    scores = defaultdict(dict)
    for b in report.scores.boards:
        for s in b.results:
            scores[s.result.ns_pair][b.board] = format_score(s.ns_score)
            scores[s.result.ew_pair][b.board] = format_score(s.ew_score)
    pairs = sorted(report.names, key=lambda p: (p[0] != "NS", p[1]))
    grid = tuple((pair_label(p), tuple(scores[p].get(n, "") for n in boards)) for p in pairs)
    return ResultsSheet(
        provisional=report.provisional,
        headings=STANDING_COLUMNS[method],
        fields=fields,
        boards=boards,
        grid=grid,
        note=_notes(report),
    )


def _notes(report) -> str:
    """What the sheet prints under the standings: a Minnesota event's rules, and the rounding."""
    return " ".join(note for note in (minnesota_note(report), rounding_note(report)) if note)


# An individual event's sheet: its players ranked under their numbers, their partnerships never shown.
PLAYERS = {"label": "Player", "names": "Name"}


def blank_players_sheet(event: Event, boards) -> ResultsSheet:
    """The players' results sheet before play: each player by number and name, every figure empty,
    and a box for each player on each board."""
    names = {p.number: p.names for p in event.individuals.select_related("player1", "player2")}
    rows = tuple(StandingRow("", str(n), names[n], (), 0) for n in sorted(names))
    return ResultsSheet(
        provisional=True,
        headings=STANDING_COLUMNS[event.scoring_method],
        fields=(("Players", rows),),
        boards=tuple(sorted(boards)),
        grid=tuple((row.pair, ("",) * len(boards)) for row in rows),
        blank=True,
        **PLAYERS,
    )


def players_sheet(individuals: IndividualReport) -> ResultsSheet:
    """The players ranked on their partnerships' scores, and each player's score on every board
    they played (their partnership's that round)."""
    report = individuals.pairs
    method = report.scores.method
    rows = tuple(
        StandingRow(
            s.rank,
            str(s.player),
            individuals.name(s.player),
            standing_figures(method, s),
            s.boards_played,
        )
        for s in individuals.standings
    )
    boards = tuple(b.board for b in report.scores.boards)
    scores = defaultdict(dict)
    for b in report.scores.boards:
        for s in b.results:
            for pair, score in ((s.result.ns_pair, s.ns_score), (s.result.ew_pair, s.ew_score)):
                for player in individuals.partnerships.get(pair, ()):
                    scores[player][b.board] = format_score(score)
    players = sorted(individuals.names)
    return ResultsSheet(
        provisional=report.provisional,
        headings=STANDING_COLUMNS[method],
        fields=(("Players", rows),),
        boards=boards,
        grid=tuple((str(p), tuple(scores[p].get(n, "") for n in boards)) for p in players),
        note=_notes(report),
        **PLAYERS,
    )
