"""A drive on paper and as data: the printed documents and ``drive_state``'s report."""

from django.urls import reverse

from ...domain.boards import STRAIN_SYMBOLS
from ...domain.drives import (
    GENT,
    LADY,
    Format,
)
from ...models import (
    Drive,
)
from ...pdf import render_drive
from ...print_data import DriveCard, DrivePrint, DriveResults, DriveTableCard, PrintEvent
from .state import DriveState, plain_number


def drive_report(*, drive: Drive) -> dict:
    """The drive's state as plain data (``drive_state --format json``)."""
    state = DriveState(drive)
    return {
        "drive": drive.pk,
        "name": drive.name,
        "status": drive.status,
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
        "players": [
            {
                "player": s.player,
                "name": state.name(s.player),
                "role": s.role,
                "score": plain_number(s.score),
                "first_half": plain_number(s.first_half),
                "hands_played": s.hands_played,
                "sat_out": s.sat_out,
            }
            for s in state.standings()
        ],
        "prizes": [
            {
                "prize": a.prize.value,
                "label": a.label,
                "player": a.player,
                "score": None if a.score is None else plain_number(a.score),
                "tie": bool(a.tied) and not a.cut,
                "tied": list(a.tied),
                "cut": a.cut,
            }
            for a in state.awards
        ],
    }


def _movement_words(state: DriveState, table: int) -> tuple[str, ...]:
    """A table card's movement in words, from the format and the circle of tables."""
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
            f"The players here score {state.sit_out_text} for the hand, then move as losers would: "
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


def drive_print(*, drive: Drive, document: str, base_url: str) -> bytes:
    """A drive's printed document as PDF bytes (score cards, table cards or results)."""
    state = DriveState(drive)
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
                    STRAIN_SYMBOLS[state.trumps(hand)],
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
        label = drive.role_label(player.role)
        cards.append(
            DriveCard(
                f"{key} · {label} · {player.name}",
                tuple(rows),
                str(plain_number(score.score)) if score else "",
            )
        )
    tables = []
    for access in drive.table_accesses.all():
        link = base_url.rstrip("/") + reverse("tournaments:drive-table", args=[access.token])
        tables.append(DriveTableCard(access.table, _movement_words(state, access.table), access.code, link))
    prizes = tuple(
        (
            a.label,
            state.name(a.player)
            if a.player
            else ("tie: cut for it: " + ", ".join(map(state.name, a.tied)) if a.tied else "—"),
            "" if a.score is None else str(plain_number(a.score)),
        )
        for a in (state.awards if state.tables else [])
    )
    standings = []
    for role in (LADY, GENT):
        rows = [
            (
                place,
                s.player,
                state.name(s.player),
                str(plain_number(s.first_half)),
                str(plain_number(s.score)),
                str(s.sat_out),
            )
            for place, s in (state.placings(role) if state.tables else [])
        ]
        standings.append((drive.role_plural(role), tuple(rows)))
    data = DrivePrint(
        event=PrintEvent(
            name=drive.name,
            club=drive.club.name,
            date=f"{drive.date:%A %-d %B %Y}",
            paper=drive.club.paper_size,
            scoring="Tricks",
        ),
        cards=tuple(cards),
        tables=tuple(tables),
        results=DriveResults(prizes, tuple(standings)),
    )
    return render_drive(data, document)
