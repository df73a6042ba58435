"""A drive as plain data: ``drive_state --format json``'s report of its seating, hands, places,
prizes, money, teams and rubbers."""

from ...models import Drive
from .money import money_report, prize_money
from .standings import plain_number
from .state import DriveState


def _rules(state: DriveState) -> dict | None:
    rules = state.game.rulebook
    return None if rules is None else {"key": rules.key, "name": rules.name, "summary": rules.summary}


def _hand(state: DriveState, hand: int, table: int) -> dict:
    ns_points, ew_points = state.points(hand, table)
    return {
        "hand": hand,
        "table": table,
        "ns_tricks": state.results[(hand, table)],
        "granded": state.grands[(hand, table)],
        "ns_points": ns_points,
        "ew_points": ew_points,
    }


def drive_report(*, drive: Drive) -> dict:
    """The drive's state as plain data (``drive_state --format json``). Each player has the place
    the results page gives them (``DriveState.player_standings``): in their role's list ("6=" when
    level), the one list of an individual drive, their team's at a team night; listed in that
    order, list by list. The game and its rules (None for whist), and each confirmed hand at each
    table: N/S's tricks, who went grand ("" in whist) and each couple's points (whist: tricks)."""
    state = DriveState(drive)
    return {
        "drive": drive.pk,
        "name": drive.name,
        "status": drive.status,
        "game": drive.game,
        "rules": _rules(state),
        "measure": str(drive.evening_format.measure),
        "hand": state.next_hand(),
        "seating": [
            {
                "hand": hand,
                "tables": [
                    {"table": t.table, "ns": list(t.ns), "ew": list(t.ew), "sit_out": t.sit_out}
                    for _, t in sorted(state.seatings[hand].items())
                ],
            }
            for hand in sorted(state.seatings)
        ],
        "hands": [_hand(state, hand, table) for hand, table in sorted(state.results)],
        "players": [
            {
                "player": standing.score.player,
                "name": state.name(standing.score.player),
                "role": standing.score.role,
                "place": standing.place,
                "score": plain_number(standing.score.score),
                "first_half": plain_number(standing.score.first_half),
                "hands_played": standing.score.hands_played,
                "sat_out": standing.score.sat_out,
            }
            for standing in state.player_standings()
        ],
        "prizes": [
            {
                "prize": a.prize.value,
                "label": a.label,
                "player": a.player,
                "score": None if a.score is None else plain_number(a.score),
                "tie": bool(a.tied) and not a.cut and not a.shared,
                "tied": list(a.tied),
                "cut": a.cut,
                "shared": a.shared,
                "money": m.amount,  # pence: the place's own money
                "paid": {player: pence for player, pence in m.paid},  # pence to each winner
            }
            for m in prize_money(state)
            for a in (m.award,)
        ],
        "money": money_report(state),
        "teams": [
            {
                "place": place,
                "team": s.team,
                "name": state.teams[s.team].name,
                "points": s.points,
                "tricks": s.tricks,
                "home": s.home.points,
                "away": s.away.points,
            }
            for place, s in (state.team_placings() if drive.evening_format.ranks_teams else [])
        ],
        # In games and rubbers, the points a game is played to (``game`` is the game at the tables,
        # whist or Minnesota; ``measure`` says the team points are rubber points).
        "game_to": drive.rubbers or None,
        "rubbers": [
            {
                "visit": v.visit,
                "table": v.table,
                "home": v.home,
                "away": v.away,
                "hands": v.hands,
                "score": v.score.line(),
                "games": [
                    {"winner": "ns" if g.winner == 0 else "ew", "value": g.value} for g in v.score.finished
                ],
                "rubber_points": {"home": v.score.rubber_points[0], "away": v.score.rubber_points[1]},
            }
            for v in state.table_visits()
        ],
    }
