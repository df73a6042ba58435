"""A two-player night's papers as plain data, then PDF: the round in play's pairings and score
cards, and the standings."""

from ...domain.duels import Deal
from ...models import DuelNight
from ...pdf import render_night
from ...print_data import NIGHT_DOCUMENTS, NightCard, NightPrint, PrintEvent
from .state import night_state

BLANK_ROWS = 10  # a game to a target: rows to write in


def duel_print(*, night: DuelNight, document: str) -> bytes:
    if document not in NIGHT_DOCUMENTS:
        raise KeyError(document)
    state = night_state(night)
    number = state.round_in_play
    lines = state.rounds.get(number, [])
    name = state.playing_name.capitalize()  # "Round 2", "Knock-out round 1"
    cards = []
    for line in lines:
        if line.bye:
            continue
        confirmed = [d for d in line.deals if d.confirmed]
        count = max(night.deals or BLANK_ROWS, len(confirmed))
        rows = []
        for n in range(1, count + 1):
            deal = confirmed[n - 1] if n <= len(confirmed) else None
            if deal is None:
                rows.append((str(n), "", "", "", ""))
                continue
            a, b = night.scoring.points(Deal(deal.tricks_a, deal.tricks_b, deal.black))
            rows.append((str(n), str(deal.tricks_a), str(deal.tricks_b), str(a), str(b)))
        cards.append(NightCard(f"{name} · table {line.match.table}", line.a.name, line.b.name, tuple(rows)))
    data = NightPrint(
        event=PrintEvent(
            name=night.name,
            club=night.club.name,
            date=f"{night.date:%d %b %Y}",
            paper=night.club.paper_size,
            scoring=night.evening_format.scoring,
        ),
        round_title=name if number else "before the start",
        pairings=tuple(
            ("Bye" if line.bye else str(line.match.table), line.a.name, "" if line.bye else line.b.name)
            for line in lines
        ),
        cards=tuple(cards),
        standings=tuple(
            (
                s.standing.place,
                s.player.name,
                str(s.standing.game_points),
                str(s.standing.won),
                str(s.standing.tied),
                str(s.standing.lost),
                f"{s.standing.spread:+d}",
            )
            for s in state.standings
        ),
    )
    return render_night(data, document)
