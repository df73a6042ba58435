"""A drive on paper: the documents it prints (score cards, table cards, results, an individual
drive's itinerary cards), a team night's from ``team_paper``. Its report as data is ``report``."""

from django.urls import reverse

from ...domain.boards import STRAIN_SYMBOLS
from ...domain.drives.card_words import movement_words
from ...domain.errors import DomainError
from ...domain.movements.whist import whist_schedule
from ...models import Drive
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
from .money import prize_lines
from .standings import plain_number
from .state import DriveState, DriveStateError
from .team_paper import team_night_paper


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


def _movement_words(state: DriveState, table: int) -> tuple[str, ...]:
    """A table card's movement in words, from the format and the circle of tables (an individual
    drive's from its schedule)."""
    if state.scheduled:
        return _schedule_words(state, table)
    drive = state.drive
    return movement_words(
        state.format,
        table,
        state.circles,
        drive.lady_label.lower(),
        drive.gent_label.lower(),
        state.sit_out_words,
    )


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
    if drive.evening_format.enters_teams:  # a team's card, and the teams' results
        return _print(
            state,
            document,
            base_url,
            **team_night_paper(state),
            card_columns=_columns(state, TEAM_CARD_COLUMNS),
        )
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
