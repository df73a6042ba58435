"""A league match as the commands print it: its name, and how far its cards are."""

from tournaments.domain import leagues as rules
from tournaments.domain.rubbers import signed
from tournaments.models import Fixture


def find_fixture(fixture_id: int) -> Fixture | None:
    """The match of that id with its clubs, or None."""
    return Fixture.objects.select_related("league", "home", "away").filter(pk=fixture_id).first()


def match_line(fixture: Fixture, state: rules.MatchResult) -> str:
    name = f"Round {fixture.round}, {fixture.home.name} v {fixture.away.name}"
    if state.state == rules.AGREED and state.game:
        return (
            f"{name}: agreed, {fixture.home.name} {signed(state.home_rubber_points)} rubber points "
            f"({state.home_points} points), {fixture.away.name} {signed(state.away_rubber_points)} "
            f"({state.away_points}); {state.home_tricks} tricks to {state.away_tricks}."
        )
    if state.state == rules.AGREED:
        return (
            f"{name}: agreed, {fixture.home.name} {state.home_tricks} tricks ({state.home_points} points), "
            f"{fixture.away.name} {state.away_tricks} ({state.away_points})."
        )
    if state.state == rules.WAITING:
        return f"{name}: {state.reason}."
    figures = "; ".join(
        f"table {d.table} deal {d.deal}: {fixture.home.name}'s card says {d.home_says}, "
        f"{fixture.away.name}'s {d.away_says}, which make {d.home_says + d.away_says}, not 13"
        if d.home_says + d.away_says != rules.TRICKS
        else f"table {d.table} deal {d.deal}: {fixture.home.name}'s card gives honours {d.home_honours}, "
        f"{fixture.away.name}'s {d.away_honours} (each from its own side: one should be the other less)"
        for d in state.differences
    )
    return f"{name}: held, {state.reason} ({figures})."
