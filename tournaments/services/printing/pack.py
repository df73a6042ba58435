"""An event's print pack: its movement, boards and results gathered into plain print data, for the
documents its format prints (``domain.formats``: ``documents``)."""

from collections import defaultdict
from dataclasses import replace
from typing import NamedTuple

from django.urls import reverse

from ...domain.arrow import cards_held
from ...domain.boards import SEAT_NAMES, STRAIN_SYMBOLS
from ...domain.deals import SEATS, parse_deal
from ...domain.errors import DomainError
from ...domain.minnesota import granded_by, granded_words, ns_net
from ...domain.movements.individual import INDIVIDUAL
from ...domain.movements.render import SEAT_NAMES as SEATS_SHORT
from ...domain.movements.render import (
    boards_from_text,
    boards_move_text,
    boards_onto_text,
    sharing_text,
    stands_text,
)
from ...models import Event, Seating
from ...print_data import (
    CardRound,
    GuideCard,
    GuideStop,
    HandRecord,
    Itinerary,
    PrintEvent,
    PrintPack,
    ScoreCard,
    ScoreCardRow,
    TableCard,
    Traveller,
    TravellerRow,
)
from ...reports import (
    format_percentage,
    format_score,
    format_versus_average,
)
from ..events.analysing import analysis_unavailable
from ..events.individuals import individual_report
from ..events.movements import Stop, individual_schedule, pair_itineraries, seated_movement
from ..events.partnerships import pair_namer
from ..events.scoring import event_report, seating_expected_boards
from ..tablets.pair_evening import pair_evening_path
from ..tablets.player_evening import player_evening_path
from .results import blank_players_sheet, blank_results_sheet, players_sheet, results_sheet

NS_EW_FIELDS = (Seating._meta.get_field("ns_pair"), Seating._meta.get_field("ew_pair"))


def _range(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}–{last}"


def _label(pair) -> str:
    """A pair's label and names, "N/S 3 Joan Bellamy & Harold Bickerstaff" (kept on the pair: the
    pack names each pair on many cards)."""
    if pair is None:
        return "—"
    label = getattr(pair, "_print_label", None)
    if label is None:
        names, short = pair.names, str(pair)
        label = pair._print_label = short if names == short else f"{short} {names}"
    return label


# The travellers' two sides: pairs, or an individual event's players, two by two as they sit.
SIDES = {False: ("N/S pair", "E/W pair"), True: ("N/S players", "E/W players")}


def event_print_pack(event: Event, *, base_url: str) -> PrintPack:
    """Everything the documents need, read in a handful of queries."""
    seatings = _seatings_with_pairs(event)
    named = pair_namer(event)
    boards = {b.number: b for b in event.boards.all()}
    trumps = {n: STRAIN_SYMBOLS.get(b.trumps, "?") for n, b in boards.items()}
    movement = seated_movement(event, seatings)
    by_table: dict[int, list[Seating]] = {}
    for seating in seatings:
        by_table.setdefault(seating.table, []).append(seating)
    accesses = {a.table: a for a in event.table_accesses.all()}
    report = None
    if event.results.confirmed().exists():
        try:
            report = event_report(event)
        except DomainError:
            report = None
    played = _played(report)
    ranks_players = event.evening_format.ranks_players
    printed = event.evening_format.documents  # an individual event's pairs carry no cards
    if ranks_players:  # the players ranked, as the results page does; their partnerships never
        results = (
            players_sheet(individual_report(event, report)) if report else blank_players_sheet(event, boards)
        )
    else:
        results = results_sheet(report) if report else blank_results_sheet(event, seatings, boards)
    return PrintPack(
        event=PrintEvent.of(
            event,
            scoring=event.get_scoring_display(),
            rules=(
                f"{event.get_minnesota_rules_display()} (no trumps): {event.minnesota_rules_summary}"
                if event.minnesota
                else ""
            ),
        ),
        table_cards=tuple(
            _table_card(t, by_table.get(t, []), movement, trumps, accesses, base_url, named)
            for t in range(1, event.tables + 1)
        ),
        guide_cards=(
            _guide_cards(seatings, howell=event.is_howell, notes=_stands_notes(movement), base_url=base_url)
            if "guide-cards" in printed
            else ()
        ),
        travellers=_travellers(boards, seatings, played, named),
        score_cards=_score_cards(seatings, trumps, played, report) if "score-cards" in printed else (),
        hand_records=_hand_records(boards),
        results=results,
        itinerary=_itinerary(event, base_url) if ranks_players else None,
        sides=SIDES[event.evening_format.partnerships_internal],
        grand=event.evening_format.enters("granded"),
        analysis_unavailable=analysis_unavailable(),
    )


def print_pack_only(
    pack: PrintPack, *, pairs: set[str] | None = None, tables: set[int] | None = None
) -> PrintPack:
    """The pack cut down to these pairs' guide cards (by label, "E/W 3") and these tables' cards:
    what to print again once two pairs have swapped places. None keeps them all."""
    return replace(
        pack,
        guide_cards=tuple(card for card in pack.guide_cards if pairs is None or card.pair in pairs),
        table_cards=tuple(card for card in pack.table_cards if tables is None or card.table in tables),
    )


def _itinerary(event: Event, base_url: str) -> Itinerary:
    """The players' itinerary cards, each with the address of the player's own page of the
    evening (``player_evening_path``)."""
    players = list(event.individuals.select_related("player1", "player2"))
    names = {p.number: p.names for p in players if p.people}
    links = {p.number: base_url.rstrip("/") + player_evening_path(p) for p in players} if base_url else {}
    return Itinerary(schedule=individual_schedule(event), names=names, links=links)


def _seatings_with_pairs(event: Event) -> list[Seating]:
    """The event's seatings, each pointing at one shared instance of its pairs (players loaded): a
    join would make a copy of a pair, and of its players, for every seating it sits at."""
    pairs = {p.pk: p for p in event.pairs.select_related("player1", "player2")}
    seatings = list(event.seatings.all())
    for seating in seatings:
        for field in NS_EW_FIELDS:
            field.set_cached_value(seating, pairs.get(getattr(seating, field.attname)))
    return seatings


class Played(NamedTuple):
    """A scored result as the pairs sat: each side's tricks and score, and at a Minnesota event who
    went grand ("NS", "EW" or "" by where they sat; None for an adjusted score) and the net points
    of the pair sitting N/S."""

    ns_tricks: str
    ew_tricks: str
    ns_score: str
    ew_score: str
    granded: str | None = None
    ns_net: int | None = None


def _played(report) -> dict[tuple[int, int, int], Played]:
    """Scored results by (round, table, board), as the pairs sat."""
    if report is None:
        return {}
    rules = report.scores.minnesota
    played = {}
    for board in report.scores.boards:
        for s in board.results:
            r, seated = s.result, s.result.seated()
            granded = net = None
            if r.adjusted:
                ns_tricks, ew_tricks = seated.ns_adjusted, seated.ew_adjusted
            else:
                ns_tricks, ew_tricks = str(seated.ns_tricks), str(seated.ew_tricks)
                if rules:
                    granded, net = seated.granded, ns_net(rules, seated.granded, seated.ns_tricks)
            ns_score, ew_score = s.seated_scores()
            played[(r.round, r.table, board.board)] = Played(
                ns_tricks, ew_tricks, format_score(ns_score), format_score(ew_score), granded, net
            )
    return played


def _stands_notes(movement) -> tuple[str, ...]:
    """The relay stands and where they stand, for the guide cards (``stands_text``)."""
    line = stands_text(movement)
    return (line,) if line else ()


def _table_card(table, mine, movement, trumps, accesses, base_url, named) -> TableCard:
    """A table's card, from its seatings round by round."""
    rounds = []
    stands: dict[str, list[int]] = {}  # the relay stands this table uses, in words, and after which rounds
    for s in mine:
        moves = movement.moves_after(s.round, table)
        if moves.stand is not None:
            stands.setdefault(boards_onto_text(moves.stand), []).append(s.round)
        if moves.boards_from is not None:
            stands.setdefault(boards_from_text(moves.boards_from), []).append(s.round)
        notes = []
        individual = movement.kind == INDIVIDUAL
        if individual:  # each player's own card says where they go; the round's boards are done
            last = s.round == movement.rounds
            ew_next = "end of play" if last else "as their cards say"
            boards_next = "end of play" if last else "the organiser"
        elif moves.last_round:
            ew_next = boards_next = "end of play"
        elif movement.kind == "howell":  # both pairs move, and may change direction
            ew_next = "; ".join(
                f"{pair.number}: {_seat_text(following)}"
                for pair, following in ((s.ns_pair, moves.ns_next), (s.ew_pair, moves.ew_next))
                if pair is not None and following is not None
            )
            boards_next = boards_move_text(moves, short=True)
        else:
            ew_next = "—" if moves.ew_to is None else f"table {moves.ew_to}"
            if moves.ew_sits_out:
                ew_next = "sit out"
            if moves.skip:
                notes.append(f"after round {s.round}, E/W move up two tables (the skip)")
            boards_next = boards_move_text(moves, short=True)
        if s.shares_with:
            notes.append(sharing_text(movement.sharing(s.round, table)))
        if s.arrow_switched:
            notes.append("arrow switch: turn the boards, N/S play the E/W cards")
        # An individual's table with an empty seat plays nothing: its players' cards say they sit out.
        idle = individual and None in (s.ns_pair_id, s.ew_pair_id)
        if idle:
            notes.append("nobody plays at this table: a seat is empty, and its players sit out this round")
        elif s.ns_pair_id is None and s.ew_pair_id is not None:
            notes.append(f"nobody plays at this table: {s.ew_pair} sit out this round")
        rounds.append(
            CardRound(
                round=s.round,
                ns="—" if idle else named(s.ns_pair),
                ew="—" if idle else named(s.ew_pair),
                boards=() if idle else tuple((n, trumps.get(n, "?")) for n in s.board_numbers),
                ew_next=ew_next,
                boards_next=boards_next,
                notes=tuple(notes),
            )
        )
    access = accesses.get(table)
    url = base_url.rstrip("/") + (reverse("tournaments:table", args=[access.token]) if access else "/t/")
    start_url = base_url.rstrip("/") + reverse("tournaments:table-start")
    card_notes = tuple(
        f"After {'each round' if len(after) == len(mine) - 1 else 'round ' + ', '.join(map(str, after))}: "
        f"{part}."
        for part, after in stands.items()
    )
    staying = {s.ns_pair_id for s in mine}
    resident = _label(mine[0].ns_pair) if len(staying) == 1 and mine and mine[0].ns_pair_id else ""
    return TableCard(
        resident=resident,
        table=table,
        url=url,
        code=access.code if access else "",
        start_url=start_url,
        rounds=tuple(rounds),
        next_heading={"howell": "Then the pairs go to", INDIVIDUAL: "Then the players go"}.get(
            movement.kind, "Then E/W go to"
        ),
        notes=card_notes,
    )


def _seat_text(seat) -> str:
    """A Howell pair's next seat, short enough for a table card's column: ``T2 E/W``."""
    return f"sit out (T{seat.table})" if seat.sits_out else f"T{seat.table} {SEATS_SHORT[seat.direction]}"


def _guide_cards(
    seatings, *, howell: bool = False, notes: tuple[str, ...] = (), base_url: str = ""
) -> tuple[GuideCard, ...]:
    """A card for each pair that moves (``pair_itineraries``), with the address of the pair's own
    page of the evening (``pair_evening_path``) for their phone."""
    return tuple(
        GuideCard(
            pair=str(pair),
            names=pair.names,
            stops=tuple(_guide_stop(stop) for stop in stops),
            notes=notes,
            link=base_url.rstrip("/") + pair_evening_path(pair) if base_url else "",
        )
        for pair, stops in pair_itineraries(seatings, howell=howell)
    )


def _guide_stop(stop: Stop) -> GuideStop:
    s, opponent = stop.seating, stop.opponent
    held = cards_held(stop.seat, switched=s.arrow_switched)
    direction = f"{held} cards (arrow switch)" if s.arrow_switched else held
    return GuideStop(
        round=s.round,
        table=str(s.table) if opponent else "sit out",
        direction=direction if opponent else "",
        boards=_range(s.first_board, s.last_board) if opponent else "",
        opponents=_label(opponent) if opponent else "",
    )


def _travellers(boards, seatings, played, named) -> tuple[Traveller, ...]:
    rows = defaultdict(list)
    for s in seatings:
        for n in seating_expected_boards(s):
            result = played.get((s.round, s.table, n))
            rows[n].append(
                TravellerRow(
                    s.round,
                    s.table,
                    named(s.ns_pair),
                    named(s.ew_pair),
                    *(result[:4] if result else ()),
                    arrow_switched=s.arrow_switched,
                    grand="" if result is None or result.granded is None else granded_words(result.granded),
                    ns_net=format_versus_average(result.ns_net if result else None),
                )
            )
    return tuple(
        Traveller(
            board=n,
            dealer=SEAT_NAMES[b.dealer],
            trumps=STRAIN_SYMBOLS.get(b.trumps, "?"),
            rows=tuple(sorted(rows[n], key=lambda r: r.round)),
        )
        for n, b in sorted(boards.items())
    )


def _score_cards(seatings, trumps, played, report=None) -> tuple[ScoreCard, ...]:
    rows = defaultdict(list)
    pairs = {}
    for s in seatings:
        boards = seating_expected_boards(s)
        if not boards:
            continue
        for pair, opponents, side in ((s.ns_pair, s.ew_pair, "N/S"), (s.ew_pair, s.ns_pair, "E/W")):
            pairs[pair.pk] = pair
            cards = cards_held(side, switched=s.arrow_switched)
            for n in boards:
                result = played.get((s.round, s.table, n))
                tricks = score = grand = net = ""
                if result and side == "N/S":
                    tricks, score = result.ns_tricks, result.ns_score
                elif result:
                    tricks, score = result.ew_tricks, result.ew_score
                if result and result.granded is not None:  # Minnesota whist, from the pair's side
                    grand = granded_by(result.granded, side.replace("/", ""))
                    net = format_versus_average(result.ns_net if side == "N/S" else -result.ns_net)
                rows[pair.pk].append(
                    ScoreCardRow(
                        n, s.round, _label(opponents), trumps.get(n, "?"), cards, tricks, score, grand, net
                    )
                )
    standings = {s.pair: s for s in report.scores.standings} if report else {}
    ordered = sorted(pairs.values(), key=lambda p: (p.direction != "NS", p.number))
    cards = []
    for p in ordered:
        standing = standings.get((p.direction, p.number))
        total = tricks = percentage = ""
        if standing and standing.boards_played:
            if report.scores.method == "total_tricks":
                total = format_versus_average(standing.versus_average)
            elif report.scores.method == "total_points":
                total = format_versus_average(standing.score)
            else:
                total = format_score(standing.score)
            tricks = str(standing.tricks)
            percentage = (
                f"{format_percentage(standing.percentage)} %" if standing.percentage is not None else ""
            )
        cards.append(ScoreCard(str(p), p.names, tuple(rows[p.pk]), total, tricks, percentage))
    return tuple(cards)


def _hand_records(boards) -> tuple[HandRecord, ...]:
    records = []
    for n, b in sorted(boards.items()):
        if not b.deal:
            continue
        deal = parse_deal(b.deal)
        dd = ()
        if b.dd_table:
            dd = tuple(
                (STRAIN_SYMBOLS[strain], tuple(b.dd_table[strain][seat] for seat in "NSEW"))
                for strain in ("NT", "S", "H", "D", "C")
            )
        records.append(
            HandRecord(
                board=n,
                dealer=SEAT_NAMES[b.dealer],
                trumps=STRAIN_SYMBOLS.get(b.trumps, "?"),
                hands=tuple((seat, deal.hand(seat)) for seat in SEATS),
                dd_rows=dd,
                dd_ns=b.dd_ns_tricks,
            )
        )
    return tuple(records)
