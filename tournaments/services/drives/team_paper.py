"""A team night on paper: its team cards (each of a team's hands, its home pair's and its away
pair's points), its table cards' words and its results by team and by pair."""

from dataclasses import replace

from ...domain.boards import STRAIN_SYMBOLS
from ...domain.drives.teams import AWAY, HOME, Rule, TeamHand, team_card
from ...print_data import DriveCard, DriveResults
from .state import DriveState


def _pair_of(team: str, pair: str) -> str:
    """A team's pair, "away pair of Kings": no possessive to get wrong on a name ending in "s"
    (a plural "Kings", a singular "Boss")."""
    return f"{pair} pair of {team}"


def _visit_words(drive) -> str:
    """ "each hand", or "every 4 hands" when the away pairs stay a visit of several."""
    return "each hand" if drive.hands_per_round == 1 else f"every {drive.hands_per_round} hands"


def _points_words(drive) -> str:
    """How a team night's points come, for its table cards."""
    if drive.rubbers:
        return (
            f"{drive.evening_format.scoring}: each visit of {drive.hands_per_round} hands is this table's "
            "games; claim honours after the tricks."
        )
    return f"Points: {drive.get_team_points_display().lower()}."


def _in_rubbers(state: DriveState, team: int, lines) -> list[TeamHand]:
    """A team card's hands in games and rubbers: the points of both its pairs' tables come at the
    last hand of each visit (the tables' rubber points), none on the hands before."""
    each = state.drive.hands_per_round
    results = {(v.visit, v.table): v.score.rubber_points for v in state.table_visits()}
    out = []
    for line in lines:
        visit, done = (line.hand - 1) // each + 1, line.hand % each == 0
        home = results.get((visit, team)) if done and (line.hand, team) in state.results else None
        away = (
            results.get((visit, line.away_table))
            if done and (line.hand, line.away_table) in state.results
            else None
        )
        out.append(
            replace(
                line,
                home_points=None if home is None else home[0],
                away_points=None if away is None else away[1],
            )
        )
    return out


def _figure(points: int) -> str:
    """A team card's figure, a loss with a minus sign: "3", "−3" (rubber points and Minnesota
    points can be lost)."""
    return f"−{-points}" if points < 0 else str(points)


def _both_pairs(home: int | None, away: int | None) -> str:
    """A team card's points for a hand, its home pair's and its away pair's as a sum: "1 + 0",
    "0 − 3"; a pair's not in yet is left blank ("4 +"), and nothing when neither is."""
    if home is None and away is None:
        return ""
    first = "" if home is None else _figure(home)
    if away is None:
        return f"{first} +"
    return f"{first} {'−' if away < 0 else '+'} {abs(away)}".lstrip()


def team_night_paper(state: DriveState) -> dict:
    """A team night's cards (one a team), its table cards' words and its results (teams, pairs),
    as ``paper._print`` takes them."""
    drive, count = state.drive, len(state.teams)
    rule, each = Rule(drive.team_points), drive.hands_per_round
    cards = []
    for number, team in state.teams.items():
        rows, running = [], 0
        lines = (
            team_card(rule, count, number, drive.hands, state.results, state.team_points, per_round=each)
            if count > 1
            else ()
        )
        for line in _in_rubbers(state, number, lines) if drive.rubbers else lines:
            host = state.teams[line.away_table].name
            played = line.home_points is not None and line.away_points is not None
            points = (line.home_points or 0) + (line.away_points or 0)
            running += points
            rows.append(
                (
                    str(line.hand),
                    _team_deal(state, line.hand, number, line.away_table),
                    str(line.away_table),
                    _pair_of(state.teams[line.visitors].name, AWAY),
                    _pair_of(host, HOME),
                    _both_pairs(line.home_points, line.away_points),
                    _figure(running) if played else "",
                )
            )
        total = _figure(state.team_scores[number].points) if count > 1 else ""
        cards.append(DriveCard(f"Team {number} · {team.name}", tuple(rows), total))
    words = {
        table: (
            f"Team {table}'s home pair ({state.pair_names(table, HOME)}): sit N/S at this table all evening.",
            f"Away pairs sit E/W. After {_visit_words(drive)} every away pair goes one table up, passing "
            "over its own team's table; the tablet says where.",
            _points_words(drive),
            *state.rules_words,
        )
        for table in state.teams
    }
    teams = tuple(
        (
            place,
            str(s.team),
            state.teams[s.team].name,
            str(s.home.points),
            str(s.away.points),
            str(s.points),
            str(s.tricks),
        )
        for place, s in (state.team_placings() if count > 1 else [])
    )
    pairs = tuple(
        (
            place,
            f"{p.team}{'H' if p.pair == HOME else 'A'}",
            f"{state.teams[p.team].name}, {p.pair}: {state.pair_names(p.team, p.pair)}",
            str(p.points) if p.pair == HOME else "",
            "" if p.pair == HOME else str(p.points),
            str(p.points),
            str(p.tricks),
        )
        for place, p in (state.pair_placings() if count > 1 else [])
    )
    return {
        "cards": tuple(cards),
        "words": words,
        "results": DriveResults(
            (),
            (("Teams", teams), ("Pairs", pairs)),
            columns=(
                "Place",
                "Team",
                "Name",
                "Home",
                "Away",
                str(drive.evening_format.measure).capitalize(),
                "Tricks",
            ),
        ),
    }


def _team_deal(state: DriveState, hand: int, home: int, away: int) -> str:
    """A team card's second column: the trumps, or who went grand at the home pair's table and at
    the away pair's ("Us, Low")."""
    if state.drive.evening_format.trumps:
        return STRAIN_SYMBOLS[state.trumps(hand)]
    tables = state.seatings.get(hand, {})
    said = [
        state.grand_of(hand, table, (seated.ns if home_pair else seated.ew)[0])
        for table, home_pair in ((home, True), (away, False))
        if (seated := tables.get(table)) is not None
    ]
    return ", ".join(said) if any(said) else ""
