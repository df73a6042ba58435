"""A drive on paper and as data: the printed documents and ``drive_state``'s report."""

from dataclasses import replace

from django.urls import reverse

from ...domain.boards import STRAIN_SYMBOLS
from ...domain.drives import (
    GENT,
    LADY,
    Format,
)
from ...domain.drives.teams import AWAY, HOME, Rule, TeamHand, team_card
from ...domain.errors import DomainError
from ...domain.movements.whist import whist_schedule
from ...models import (
    Drive,
)
from ...pdf import render_drive
from ...print_data import (
    SCORE_CARD_COLUMNS,
    STANDING_COLUMNS,
    TEAM_CARD_COLUMNS,
    TITLES,
    DriveCard,
    DrivePrint,
    DriveResults,
    DriveTableCard,
    PrintEvent,
)
from .money import money_report, prize_lines, prize_money
from .standings import plain_number
from .state import DriveState, DriveStateError


def _schedule_words(state: DriveState, table: int) -> tuple[str, ...]:
    """An individual drive's table card: everyone moves by the schedule, the tablet says where."""
    sit_out = f"The players sitting out score {state.sit_out_words} for the hand."
    if all(hand.get(table) is None or hand[table].sit_out for hand in state.seatings.values()):
        return ("Sit-out table: those the schedule leaves out of a round wait here; nobody plays.", sit_out)
    each = state.drive.hands_per_round
    rounds = "after every hand" if each == 1 else f"after every {each} hands (a round)"
    lines = [
        f"Everyone moves by the schedule {rounds}: a new partner each round.",
        "The tablet says where each of you goes next, to which seat and with whom; so does your "
        "itinerary card.",
    ]
    if any(seated.sit_out for hand in state.seatings.values() for seated in hand.values()):
        lines.append(sit_out)
    return tuple(lines)


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


def _movement_words(state: DriveState, table: int) -> tuple[str, ...]:
    """A table card's movement in words, from the format and the circle of tables (an individual
    drive's from its schedule)."""
    if state.scheduled:
        return _schedule_words(state, table)
    drive, circles = state.drive, state.circles
    lady, gent = drive.lady_label.lower(), drive.gent_label.lower()
    up, down = circles.up(table, LADY), circles.down(table, GENT)
    if table == circles.ghost_table:
        ways = []
        if not circles.ladies_skip:
            ways.append(f"the {lady} up to table {up}")
        if not circles.gents_skip:
            ways.append(f"the {gent} down to table {down}")
        if state.format == Format.PARTNER:
            ways = [f"the couple up to table {circles.up(table, LADY)}"]
        return (
            "Sit-out table: the empty seats stay here and nobody plays.",
            f"The players here score {state.sit_out_words} for the hand, then move as losers would: "
            + " and ".join(ways)
            + ".",
            "Where two players of one role sit out together, the one here longer moves first.",
        )
    if state.format == Format.PARTNER:
        return ("Losing couple: stay.", f"Winning couple: up to table {circles.up(table, LADY)} together.")
    movers, stayers = (
        ("Losing", "Winning")
        if state.format in (Format.PROGRESSIVE, Format.SEMI_PARTNER)
        else ("Winning", "Losing")
    )
    stay = (
        f"{stayers} couple: stay together."
        if state.format == Format.SEMI_PARTNER
        else f"{stayers} {lady}: stay in your seat. {stayers} {gent}: change seats, to face your partner."
    )
    return (stay, f"{movers} {lady}: up to table {up}.", f"{movers} {gent}: down to table {down}.")


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


def _team_night_paper(state: DriveState) -> dict:
    """A team night's cards (one a team), its table cards' words and its results (teams, pairs)."""
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
        "card_columns": _columns(state, TEAM_CARD_COLUMNS),
    }


def _columns(state: DriveState, columns: tuple[str, ...]) -> tuple[str, ...]:
    """A card's columns in the drive's game: a Minnesota card says who went grand where a whist
    card says the trumps, and scores points."""
    if state.drive.evening_format.trumps:
        return columns
    return tuple({"Trumps": "Grand", "Tricks": "Points"}.get(column, column) for column in columns)


def _deal(state: DriveState, hand: int, table: int | None, key: str) -> str:
    """A score card's second column: the hand's trumps, or who went grand at the player's table."""
    if state.drive.evening_format.trumps:
        return STRAIN_SYMBOLS[state.trumps(hand)]
    return state.grand_of(hand, table, key) if table is not None else ""


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


ITINERARY_CARDS = "itinerary-cards"


def drive_documents(drive: Drive) -> dict[str, str]:
    """The documents a drive prints, as its format declares them, each with its title: the cards by
    the format's word for them (a team night's "Team cards"), an individual drive's itinerary cards
    besides the others."""
    titles = {**TITLES, "score-cards": drive.evening_format.card.plural.capitalize()}
    return {name: titles[name] for name in drive.evening_format.documents}


def drive_itinerary_cards(*, drive: Drive) -> bytes:
    """An individual drive's itinerary card for each player (its players as entered now, before
    the start as after it): where they sit each round, with whom and against whom."""
    from ...pdf.base import PAGE_SIZES
    from ...pdf.itinerary import itinerary_cards_pdf

    players = list(drive.players.select_related("member", "second_member").order_by("card"))
    try:
        schedule = whist_schedule(len(players), drive.rounds)
    except DomainError as error:
        raise DriveStateError(str(error)) from None
    each = f" · each round {drive.hands_per_round} hands" if drive.hands_per_round > 1 else ""
    return itinerary_cards_pdf(
        title=drive.name,
        subtitle=f"{drive.club.name} · {drive.date:%A %-d %B %Y}{each}",
        schedule=schedule,
        names={p.card: p.name for p in players},
        page_size=PAGE_SIZES[drive.club.paper_size],
        large_print=drive.club.large_print,
    )


def drive_print(*, drive: Drive, document: str, base_url: str) -> bytes:
    """A drive's printed document as PDF bytes (score cards, table cards, results, or an
    individual drive's itinerary cards)."""
    if document == ITINERARY_CARDS:
        return drive_itinerary_cards(drive=drive)
    state = DriveState(drive)
    if state.is_team_night:
        return _print(state, document, base_url, **_team_night_paper(state))
    cards = []
    for player in state.players_in_card_order():
        key = player.key
        score = state.scores[key] if state.tables else None
        lines = {line.hand: line for line in score.lines} if score else {}
        rows, running = [], 0.0
        for hand in range(1, drive.hands + 1):
            line = lines.get(hand)
            tricks = "" if line is None or line.tricks is None else plain_number(line.tricks)
            running += line.tricks or 0 if line else 0
            partner = "sits out" if line and line.sat_out else (state.name(line.partner) if line else "")
            rows.append(
                (
                    str(hand),
                    _deal(state, hand, line.table if line and not line.sat_out else None, key),
                    str(line.table) if line else "",
                    partner,
                    str(tricks),
                    str(plain_number(running)) if tricks != "" else "",
                )
            )
            if any(hand == last for _, last in state.spans[:-1]):
                rows.append(
                    ("Half", "", "", "half-time subtotal", "", str(plain_number(running)) if score else "")
                )
        # "L3 · Lady · Mary Smith" where players are listed by role, else "Player 3 · Mary Smith".
        role = (drive.role_label(player.role),) if drive.evening_format.ranks_by_role else ()
        title = " · ".join((state.number(key), *role, player.name))
        cards.append(
            DriveCard(
                title,
                tuple(rows),
                str(plain_number(score.score)) if score else "",
            )
        )
    prizes = tuple(
        (
            line.label,
            f"{line.winner} · {line.amount}" if line.amount else line.winner,
            "" if line.award.score is None else str(plain_number(line.award.score)),
        )
        for line in (prize_lines(state) if state.tables else [])
    )
    standings = []
    for role in drive.roles:
        rows = [
            (
                place,
                state.listed_number(s.player),
                state.name(s.player),
                str(plain_number(s.first_half)),
                str(plain_number(s.score)),
                str(s.sat_out),
            )
            for place, s in (state.placings(role) if state.tables else [])
        ]
        standings.append((drive.role_plural(role), tuple(rows)))
    words = {
        access.table: (*_movement_words(state, access.table), *state.rules_words)
        for access in drive.table_accesses.all()
    }
    heading = drive.evening_format.number_heading
    results = DriveResults(prizes, tuple(standings), columns=("Place", heading, *STANDING_COLUMNS[2:]))
    columns = _columns(state, SCORE_CARD_COLUMNS)
    return _print(
        state, document, base_url, cards=tuple(cards), words=words, results=results, card_columns=columns
    )


def print_event(drive: Drive) -> PrintEvent:
    """What every page of a drive's paper says of it: its name, club, date, paper, print and measure."""
    return PrintEvent.of(drive, scoring=drive.evening_format.measure.value.capitalize())


def _print(state: DriveState, document: str, base_url: str, *, cards, words, results, **columns) -> bytes:
    """The document from a drive's cards, its tables' words (by table) and its results."""
    drive = state.drive
    tables = []
    for access in drive.table_accesses.all():
        link = base_url.rstrip("/") + reverse("tournaments:drive-table", args=[access.token])
        tables.append(DriveTableCard(access.table, words.get(access.table, ()), access.code, link))
    data = DrivePrint(
        event=print_event(drive),
        rules=state.rules_words,
        cards=cards,
        tables=tuple(tables),
        results=results,
        card=drive.evening_format.card.singular,
        titles=drive_documents(drive),
        **columns,
    )
    return render_drive(data, document)
