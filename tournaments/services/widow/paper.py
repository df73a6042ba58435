"""What a widow whist series prints, as plain data for ``pdf/widow``: its table lists, the score
cards of the series in play and the results."""

from ...models import Drive
from ..drives.paper import print_event
from .state import WidowState


def widow_print(*, drive: Drive, document: str) -> bytes:
    from ...pdf.widow import WidowCard, WidowPrint, render  # reportlab is loaded with the first document

    state = WidowState(drive)
    series = state.series
    cards = []
    for table, seats in sorted(state.tables.get(series, {}).items()):
        rows = []
        for deal in range(1, state.deals_at(series, table) + 1):
            now = state.deal_now(series, table, deal)
            rows.append(
                (str(deal), state.name(now.dealer), "", *("—" if p == now.sitting_out else "" for p in seats))
            )
        cards.append(WidowCard(series, table, tuple(state.name(p) for p in seats), tuple(rows)))
    data = WidowPrint(
        event=print_event(drive),
        scoring=drive.evening_format.scoring,
        series=tuple(
            (
                s,
                tuple(
                    (t, ", ".join(state.name(p) for p in seats), state.deals_at(s, t))
                    for t, seats in sorted(tables.items())
                ),
            )
            for s, tables in sorted(state.tables.items())
        ),
        cards=tuple(cards),
        standings=tuple(
            (s["place"], s["name"], str(s["points"]), str(s["played"])) for s in state.standings()
        ),
    )
    return render(data, document)
