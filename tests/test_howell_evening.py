"""A Howell evening end to end: recommended for a small field, seated, played at the tablets, scored
as one field. The movement itself is checked in ``tests/domain/test_howell.py``."""

import csv
import io
import random
import re
from collections import Counter
from datetime import date
from io import StringIO
from itertools import combinations

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tournaments import pdf, services
from tournaments.domain.movements import build_howell
from tournaments.forms import EventAdminForm
from tournaments.models import Event, Pair
from tournaments.services.backups.event import event_export, event_import


@pytest.fixture
def draft(club):
    return services.event_create(
        club=club, name="Tuesday Howell", date=date(2026, 12, 1), tables=3, boards_per_round=2
    )


def _enter(event, count, stationary=()):
    for n in range(1, count + 1):
        services.entry_add(event=event, first=f"Guest {n}a", second=f"Guest {n}b", stationary=n in stationary)


def _evening(draft, pairs: int, seed: str, rng_seed: int, close: bool = True):
    """Tonight's pairs entered, the recommended movement taken, the boards dealt, every round
    played on the tablets (and the event closed): returns the moves the tablets told."""
    _enter(draft, pairs)
    services.event_accept_proposal(event=draft, choice=0)
    services.event_deal_boards(event=draft, seed=seed, analyse=False)
    services.event_start(event=draft)
    told = _play(draft, random.Random(rng_seed))
    if close:
        services.event_close(event=draft)
    return told


def _play(event, rng) -> list:
    """Every table plays every round on its tablet: N/S enter, E/W confirm. Returns the moves told."""
    told = []
    event.refresh_from_db()  # the tablets read the event as it is now
    for access in event.table_accesses.all():
        while (state := services.table_state(access)).seating is not None:
            if state.moves:
                told.append((access.table, state.moves["round"], state.moves["pair_moves"]))
            for entry in state.entries:
                tricks = rng.randint(0, 13)
                board = entry.board.number
                services.table_result_enter(access=access, board_number=board, ns_tricks=tricks)
                services.table_result_confirm(access=access, board_number=board, ns_tricks=tricks)
    return told


def test_eight_pairs_are_offered_a_howell_and_seated_in_one_numbering(draft):
    _enter(draft, 8, stationary={5})
    best = services.event_proposals(draft)[0]
    assert best.variant == "howell" and best.tables == 4 and "every pair meets every other pair" in best.why
    services.event_accept_proposal(event=draft, choice=0)
    draft.refresh_from_db()
    assert draft.is_howell and (draft.tables, draft.rounds, draft.boards_per_round) == (4, 7, 3)
    assert sorted(draft.pairs.values_list("direction", "number")) == [("ALL", n) for n in range(1, 9)]
    # The pair that must not move is the Howell's stationary pair, the highest.
    assert draft.pairs.get(number=8).names == "Guest 5a & Guest 5b"
    assert str(draft.pairs.get(number=3)) == "Pair 3"
    # Published first round (EBU): 3-6@1 7-2@3 5-4@4 8-1@5; sets not in play rest on relay stands.
    first = [(s.ns_pair.number, s.ew_pair.number, s.board_set) for s in draft.seatings.filter(round=1)]
    assert first == [(3, 6, 1), (7, 2, 3), (5, 4, 4), (8, 1, 5)]
    assert list(draft.relay_stands.filter(round=1).values_list("board_set", flat=True)) == [2, 6, 7]


def test_two_pairs_who_stay_at_one_table_are_recommended_a_mitchell_that_seats_them(draft):
    _enter(draft, 8, stationary={1, 2})
    proposals = services.event_proposals(draft)
    assert [p.variant for p in proposals] == ["skip", "relay"]
    assert "a Howell keeps only pair 8 at its table" in proposals[0].why
    services.event_accept_proposal(event=draft, choice=0)
    assert {p.names for p in draft.pairs.filter(direction="NS", number__lte=2)} == {
        "Guest 1a & Guest 1b",
        "Guest 2a & Guest 2b",
    }


def test_an_eight_pair_howell_is_played_on_the_tablets_and_scored_as_one_field(draft):
    told = _evening(draft, 8, "howell", 7, close=False)
    assert services.event_progress(draft) == {"expected": 84, "confirmed": 84, "awaiting": 0, "missing": 0}
    services.event_close(event=draft)

    # Every pair met every other pair once, and played every board once.
    met = Counter()
    boards_of = Counter()
    for ns, ew in draft.results.values_list("ns_pair__number", "ew_pair__number"):
        met[frozenset((ns, ew))] += 1
        boards_of[ns] += 1
        boards_of[ew] += 1
    every_two = {frozenset(p): 3 for p in combinations(range(1, 9), 2)}  # one round of three boards
    assert met == every_two
    assert set(boards_of.values()) == {21}

    report = services.event_report(draft)
    assert report.scores.fields == ("ALL",)
    standings = report.scores.field("ALL")
    assert sorted(s.pair for s in standings) == [("ALL", n) for n in range(1, 9)]
    assert all(s.boards_played == 21 and s.top == 21 * 6 for s in standings)
    # EBU scale, four results a board: the matchpoints of each board add up to 4 x 3 x 2 / 2 x 2.
    assert all(sum(s.ns_score + s.ew_score for s in b.results) == 24 for b in report.scores.boards)
    assert report.name(("ALL", 1)) == draft.pairs.get(number=1).names

    # The tablets told both pairs where to sit next, by the movement's cyclic rule: each pair takes the
    # seat of the pair numbered one below (the stationary pair 8 stays).
    movement = build_howell(4, boards_per_round=3)
    for table, round_, pair_moves in told:
        here = movement.at(round_, table)
        for (pair, text), number in zip(pair_moves, (here.ns, here.ew), strict=True):
            assert pair.number == number
            seat = movement.seat_of(round_ + 1, "", number)
            if number == 8:
                assert text == "stay where you are"
            elif seat.table == table:
                assert text == f"stay at this table, sit {'N/S' if seat.direction == 'NS' else 'E/W'}"
            else:
                assert text == f"go to table {seat.table}, sit {'N/S' if seat.direction == 'NS' else 'E/W'}"
    assert len(told) == 4 * 6


def test_seven_pairs_play_a_howell_with_the_stationary_pair_missing(draft):
    _evening(draft, 7, "seven", 3)
    assert (draft.variant, draft.phantom, draft.boards_per_round) == ("howell", True, 4)
    standings = services.event_report(draft).scores.field("ALL")
    # Each pair sits out one round of seven, opposite the missing pair 8.
    assert len(standings) == 7 and {s.boards_played for s in standings} == {24}
    assert not Pair.objects.filter(event=draft, number=8).exists()


@pytest.mark.parametrize("method", [Event.Scoring.TOTAL_TRICKS, Event.Scoring.ODD_TRICKS])
def test_a_howell_scores_by_tricks_against_each_boards_direction_average(draft, method):
    _enter(draft, 4)
    services.event_accept_proposal(event=draft, choice=0)
    Event.objects.filter(pk=draft.pk).update(scoring=method)
    draft.refresh_from_db()
    services.event_deal_boards(event=draft, seed="tricks", analyse=False)
    services.event_start(event=draft)
    _play(draft, random.Random(11))
    standings = services.event_report(draft).scores.field("ALL")
    assert len(standings) == 4
    if method == Event.Scoring.TOTAL_TRICKS:
        # ± the board's direction average: the four pairs' figures balance to nothing.
        assert sum(s.versus_average for s in standings) == pytest.approx(0)


@pytest.fixture
def played(draft):
    """An eight-pair Howell, every board played and the event closed."""
    _evening(draft, 8, "pages", 5)
    return draft


def test_the_movement_page_says_who_stays_and_where_every_pair_goes(client, organiser, played):
    client.force_login(organiser)
    html = " ".join(
        client.get(reverse("tournaments:event-movement", args=[played.pk])).content.decode().split()
    )
    assert "Pair 8 stays at table 4, N/S, all evening." in html
    assert "Where each pair goes" in html
    # Pair 3 sits N/S at table 1 against pair 6 in round 1, then E/W at table 2 against pair 1.
    itineraries = html[html.index("Where each pair goes") :]
    row = re.search(r"<tr><th>3</th>(.*?)</tr>", itineraries).group(1)
    assert "T1 N/S v 6" in row and "T2 E/W v 1" in row
    # Three sets rest each round (seven sets, four tables), on the stands named where they stand.
    assert html.count('<td class="relay">') == 7
    assert "Relay stands: between tables 1 and 2 (1 set), between tables 4 and 1 (2 sets)." in html
    assert "boards 4–6 <small>between tables 1 and 2</small>" in html
    assert "boards 16–18 <small>between tables 4 and 1</small>" in html


def test_the_results_pages_of_a_howell_pair_and_board(client, organiser, played):
    client.force_login(organiser)
    pair = client.get(reverse("tournaments:results-pair", args=[played.pk, "ALL", 3])).content.decode()
    assert "Pair 3: Guest 3a &amp; Guest 3b" in pair
    seats = Counter(build_howell(4, boards_per_round=3).seat_of(r, "", 3).direction for r in range(1, 8))
    held = re.findall(r"<td[^>]*>(N/S|E/W)</td>", pair)
    assert (held.count("N/S"), held.count("E/W")) == (3 * seats["NS"], 3 * seats["EW"])
    assert seats["NS"] and seats["EW"]  # pairs change direction
    csv_text = client.get(reverse("tournaments:results-csv", args=[played.pk])).content.decode()
    rows = list(csv.DictReader(io.StringIO(csv_text)))
    assert len(rows) == 8 and {(r["field"], r["direction"]) for r in rows} == {("ALL", "Pair")}
    assert next(r["names"] for r in rows if r["pair"] == "3") == "Guest 3a & Guest 3b"


def test_the_print_pack_has_a_guide_card_for_every_pair(played):
    pack = services.event_print_pack(played, base_url="http://hall")
    assert [card.pair for card in pack.guide_cards] == [f"Pair {n}" for n in range(1, 9)]
    guide = {card.pair: card for card in pack.guide_cards}["Pair 3"]
    assert [(s.table, s.direction) for s in guide.stops][:2] == [("1", "N/S"), ("2", "E/W")]
    table_card = pack.table_cards[0]
    assert table_card.next_heading == "Then the pairs go to"
    assert table_card.rounds[0].ew_next == "3: T2 E/W; 6: T3 N/S"
    # Two relay stands, each named where it stands (the EBU card: "1 relay between tables 1 & 2 and
    # 2 relays between tables 4 & 1"), on the cards of the tables that put boards on it or take them off.
    assert table_card.rounds[0].boards_next == "the relay stand"
    assert table_card.notes == (
        "After each round: put the boards on the relay stand between tables 4 and 1.",
        "After each round: take the next boards from the relay stand between tables 1 and 2.",
    )
    cards = {card.table: card for card in pack.table_cards}
    assert cards[2].notes == ("After each round: put the boards on the relay stand between tables 1 and 2.",)
    assert cards[3].notes == () and cards[3].rounds[0].boards_next == "table 2"
    assert cards[4].notes == (
        "After each round: take the next boards from the relay stand between tables 4 and 1.",
    )
    assert guide.notes == ("Relay stands: between tables 1 and 2 (1 set), between tables 4 and 1 (2 sets).",)
    for document in ("table-cards", "guide-cards", "travellers", "score-cards", "results"):
        assert pdf.render(pack, document).startswith(b"%PDF")


def test_howell_travellers_import_with_the_pairs_as_they_sat(club):
    event = services.event_create(
        club=club, name="Paper Howell", date=date(2026, 12, 2), tables=2, boards_per_round=2, variant="howell"
    )
    services.event_build_movement(event=event)
    # Round 1: pair 4 N/S v pair 1 and pair 2 N/S v pair 3, both tables on boards 1-2.
    text = "board,ns_pair,ew_pair,ns_tricks\n1,4,1,7\n1,2,3,6\n2,4,1,A+/A-\n"
    assert services.results_import_csv(event=event, text=text) == 3
    with pytest.raises(services.ResultsImportError, match="there is no pair pair 9|there is no pair 9"):
        services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n2,9,3,7\n")
    with pytest.raises(services.ResultsImportError, match="do not play board 3"):
        services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n3,4,1,7\n")


def test_a_howell_round_trips_through_a_backup(played):
    data = event_export(played)
    assert data["event"]["variant"] == "howell" and data["pairs"][0]["direction"] == "ALL"
    standings = [(s.pair, s.rank) for s in services.event_report(played).scores.standings]
    played.delete()
    restored = event_import(data)
    assert restored.is_howell and restored.relay_stands.count() == 21
    assert [(s.pair, s.rank) for s in services.event_report(restored).scores.standings] == standings


def test_the_commands_create_and_print_a_howell(db):
    out = StringIO()
    call_command(
        "create_event",
        "--club",
        "Ribble",
        "--name",
        "Howell",
        "--tables",
        "5",
        "--variant",
        "howell",
        "--card-set",
        "acbl",
        stdout=out,
    )
    event = Event.objects.get(pk=int(out.getvalue().split()[-1]))
    assert (event.card_set, event.rounds, event.boards.count()) == ("acbl", None, 27)
    # ACBL round 1 for five tables: 7-3@1 5-2@2 10-1@3 9-8@4 4-6@5.
    first = [(s.ns_pair.number, s.ew_pair.number, s.board_set) for s in event.seatings.filter(round=1)]
    assert first == [(7, 3, 1), (5, 2, 2), (10, 1, 3), (9, 8, 4), (4, 6, 5)]
    with pytest.raises(CommandError, match="nothing to arrow-switch"):
        call_command(
            "create_event",
            "--club",
            "Ribble",
            "--name",
            "X",
            "--tables",
            "4",
            "--variant",
            "howell",
            "--arrow-switch",
            "7",
        )
    with pytest.raises(CommandError, match="Card sets are for a Howell"):
        call_command("create_event", "--club", "Ribble", "--name", "Y", "--tables", "5", "--card-set", "ebu")


def test_the_admin_form_checks_a_howell_against_the_card_sets(organiser, club):
    form = EventAdminForm(
        data={
            "club": club.pk,
            "name": "Howell",
            "date": "2026-12-03",
            "tables": 6,
            "variant": "howell",
            "card_set": "acbl",
            "boards_per_round": 2,
            "trump_schedule": "HDSC",
            "scoring": "matchpoints",
            "scale": "ebu",
            "adjusted_scores": "session",
            "arrow_switch_rounds": "",
        }
    )
    assert not form.is_valid()
    assert "The 6-table Howell comes in the EBU card set, not ACBL." in str(form.errors)


def test_six_pairs_play_the_three_table_howell_sharing_the_last_round(draft, client, organiser):
    _evening(draft, 6, "three", 9)
    assert (draft.variant, draft.tables, draft.rounds, draft.boards_per_round) == ("howell", 3, 5, 5)
    # Every pair played all 25 boards; set 5 (boards 21-25) at all three tables in round 5.
    standings = services.event_report(draft).scores.field("ALL")
    assert len(standings) == 6 and {s.boards_played for s in standings} == {25}
    last = draft.seatings.filter(round=5)
    assert {(s.first_board, s.last_board) for s in last} == {(21, 25)}
    client.force_login(organiser)
    page = client.get(reverse("tournaments:event-movement", args=[draft.pk])).content.decode()
    assert "shares its boards with tables 2 and 3: pass them round" in page
    card = services.event_print_pack(draft, base_url="http://hall").table_cards[0]
    assert any("shares its boards with tables 2 and 3" in note for note in card.rounds[4].notes)


def test_the_event_page_lists_a_howells_pairs_in_one_field(client, organiser, played):
    client.force_login(organiser)
    html = client.get(reverse("tournaments:event-detail", args=[played.pk])).content.decode()
    assert "Pairs (one field" in html and "No pairs yet." not in html
    assert html.count("Guest 1a &amp; Guest 1b") >= 1


def test_the_tablet_names_the_relay_stand_the_boards_go_to(club, make_event):
    event = make_event(club, tables=4, boards_per_round=2, variant="howell")
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    access = event.table_accesses.get(table=1)
    for board in event.seatings.get(round=1, table=1).board_numbers:
        services.table_result_enter(access=access, board_number=board, ns_tricks=7)
        services.table_result_confirm(access=access, board_number=board, ns_tricks=7)
    assert services.table_state(access).moves["boards_text"] == "the relay stand between tables 4 and 1"
