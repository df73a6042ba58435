"""The ¾ Howell for 6 tables as a club plays it: created from the command line or the new-event
page, equal to the published EBU Saffron card (``tests/data``), recommended to 12 pairs who came
for 27 boards, its cards printed with the relay stands named, and a whole evening of results
imported from the travellers ranked as one field, each board compared over its 6 results."""

import io
import json
import random
from datetime import date
from pathlib import Path

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.test_formats_command_line import _places, _run
from tests.test_howell_evening import _play
from tournaments import pdf, services
from tournaments.models import Event
from tournaments.services.backups.event import event_export, event_import

pytestmark = pytest.mark.django_db

CARD = json.loads((Path(__file__).parent / "data" / "three-quarter-howell-6-tables.json").read_text())
SAFFRON = CARD["movements"][0]
VARIANT = "three-quarter-howell"


def test_the_movement_command_prints_the_saffron_card_round_by_round():
    printed = json.loads(_run("movement", "--tables", "6", "--variant", VARIANT, "--format", "json"))
    assert (printed["variant"], printed["card_set"], printed["rounds"], printed["boards_per_round"]) == (
        VARIANT,
        "ebu",
        9,
        3,
    )
    rows = [
        [row["round"], row["table"], row["ns"], row["ew"], (row["boards"][0] - 1) // 3 + 1]
        for row in printed["schedule"]
    ]
    assert rows == SAFFRON["rows"]
    assert all(len(row["boards"]) == 3 for row in printed["schedule"])
    # The three sets resting each round, each on its stand, named where it stands.
    first = [(row["boards"], row["stand"]) for row in printed["relay"] if row["round"] == 1]
    assert first == [
        ([4, 5, 6], "between tables 1 and 2"),
        ([16, 17, 18], "between tables 4 and 5"),
        ([25, 26, 27], "between tables 6 and 1"),
    ]
    text = _run("movement", "--tables", "6", "--variant", VARIANT)
    assert "(EBU Saffron cards)" in text and "Pairs 10, 11 and 12 stay at tables 4, 5 and 6" in text


def test_create_event_makes_the_three_quarter_howell_of_the_card():
    out = _run(
        "create_event", "--club", "Ribble", "--name", "Friday ¾", "--tables", "6", "--variant", VARIANT
    )
    event = Event.objects.get(pk=int(out.split()[-1]))
    assert event.is_howell and (event.variant, event.tables, event.boards.count()) == (VARIANT, 6, 27)
    assert sorted(event.pairs.values_list("direction", "number")) == [("ALL", n) for n in range(1, 13)]
    rows = [
        [s.round, s.table, s.ns_pair.number, s.ew_pair.number, s.board_set]
        for s in event.seatings.select_related("ns_pair", "ew_pair").order_by("round", "table")
    ]
    assert rows == SAFFRON["rows"]
    assert event.relay_stands.count() == 27  # three sets resting in each of 9 rounds


def _evening(tmp_path, *, missing=()) -> tuple[int, list]:
    """A ¾ Howell created, dealt, started and its travellers imported from a CSV (leaving out the
    ``missing`` (board, round) results), then closed; returns the event and the rows played."""
    event = int(
        _run("create_event", "--club", "Kirk", "--name", "¾", "--tables", "6", "--variant", VARIANT).split()[
            -1
        ]
    )
    pbn = tmp_path / "boards.pbn"
    pbn.write_text(_run("deals", "--boards", "27", "--seed", "saffron", "--format", "pbn"), encoding="utf-8")
    _run("import_pbn", str(event), str(pbn), "--no-analysis")
    assert "running" in _run("event_status", str(event), "start")
    tricks = random.Random(34)
    played = []  # (board, ns pair, ew pair, ns tricks)
    for round_, _, ns, ew, board_set in SAFFRON["rows"]:
        for board in range(3 * board_set - 2, 3 * board_set + 1):
            if (board, round_) not in missing:
                played.append((board, ns, ew, tricks.randint(3, 10)))
    travellers = tmp_path / "travellers.csv"
    lines = [f"{b},{ns},{ew},{t}" for b, ns, ew, t in played]
    travellers.write_text("board,ns_pair,ew_pair,ns_tricks\n" + "\n".join(lines) + "\n", encoding="utf-8")
    assert f"Imported {len(played)} results" in _run("import_results", str(event), str(travellers))
    close = ["event_status", str(event), "close"] + (["--average-missing"] if missing else [])
    assert "finished" in _run(*close)
    return event, played


def test_a_whole_evening_from_the_travellers_ranks_twelve_pairs_in_one_list(tmp_path):
    event, played = _evening(tmp_path)
    assert len(played) == 162  # 27 boards, each played at 6 tables

    # EBU matchpoints, six results a board: 2 for each N/S result beaten, 1 for each tie, a top
    # of 10; E/W take 10 less. A pair's percentage is over 9 rounds of 3 boards at a top of 10.
    points = {pair: 0 for pair in range(1, 13)}
    for board in range(1, 28):
        results = [row for row in played if row[0] == board]
        assert len(results) == 6
        for _, ns, ew, tricks in results:
            mp = sum(2 if tricks > other else 1 if tricks == other else 0 for *_, other in results) - 1
            points[ns] += mp
            points[ew] += 10 - mp
    expected = {pair: 100 * score / 270 for pair, score in points.items()}

    results = json.loads(_run("results", str(event), "--format", "json"))
    assert results["status"] == "final"
    assert {row["field"] for row in results["rankings"]} == {"ALL"}  # one field, one winner
    ranking = {row["pair"]: row for row in results["rankings"]}
    assert set(ranking) == set(range(1, 13))
    for pair, percentage in expected.items():
        assert ranking[pair]["percentage"] == pytest.approx(percentage)
        assert ranking[pair]["top"] == 270 and ranking[pair]["boards_played"] == 27
        assert ranking[pair]["rank"] == _places(expected)[pair]

    # A backup carries it: restored, it is the same ¾ Howell with the same ranking.
    finished = Event.objects.get(pk=event)
    data = event_export(finished)
    assert data["event"]["variant"] == VARIANT
    standings = [(s.pair, s.rank, s.percentage) for s in services.event_report(finished).scores.standings]
    finished.delete()
    restored = event_import(data)
    assert restored.variant == VARIANT and restored.relay_stands.count() == 27
    assert [
        (s.pair, s.rank, s.percentage) for s in services.event_report(restored).scores.standings
    ] == standings


def test_a_board_played_five_times_of_six_is_factored_to_its_top_of_ten(tmp_path):
    # Board 1 (set 1) is played at table 1 in round 1: that result is missing, so 5 are compared and
    # factored (Neuberg) to the 6 the movement schedules: M' = (M + 1) x 6/5 - 1.
    event, played = _evening(tmp_path, missing={(1, 1)})
    board = [row for row in played if row[0] == 1]
    assert len(board) == 5
    report = services.event_report(Event.objects.get(pk=event))
    scored = next(b for b in report.scores.boards if b.board == 1)
    assert (scored.top, scored.expected, scored.compared) == (10, 6, 5)
    for _, ns, _, tricks in board:
        mp = sum(2 if tricks > other else 1 if tricks == other else 0 for *_, other in board) - 1
        (result,) = (r for r in scored.results if r.result.ns_pair == ("ALL", ns))
        assert result.result.ns_tricks == tricks
        assert result.ns_score == pytest.approx((mp + 1) * 6 / 5 - 1)
        assert result.ew_score == pytest.approx(10 - result.ns_score)
    (averaged,) = (r for r in scored.results if r.result.ns_tricks is None)
    assert (averaged.result.ns_pair, averaged.ns_score, averaged.ew_score) == (("ALL", 5), 5, 5)


def _enter(event, count):
    for n in range(1, count + 1):
        services.entry_add(event=event, first=f"Guest {n}a", second=f"Guest {n}b")


def test_the_new_event_page_offers_the_three_quarter_howell_and_the_run_page_recommends_it(
    client, organiser, club
):
    client.force_login(organiser)
    html = client.get(reverse("tournaments:event-new")).content.decode()
    assert "¾ Howell: 12 pairs, 27 boards, one winner; every pair meets 9 of the 11 others" in html
    response = client.post(
        reverse("tournaments:event-new"),
        {
            "club": club.pk,
            "name": "Saffron Friday",
            "date": "2026-12-18",
            "trump_schedule": "HDSC",
            "scoring": "matchpoints",
            "movement": VARIANT,
        },
    )
    event = Event.objects.get(name="Saffron Friday")
    assert response["Location"] == reverse("tournaments:event-run", args=[event.pk])
    assert (event.variant, event.tables, event.boards_per_round) == (VARIANT, 6, 3)

    # The club came for 27 boards: with 12 pairs in, the ¾ Howell is recommended first.
    _enter(event, 12)
    run = client.get(reverse("tournaments:event-run", args=[event.pk])).content.decode()
    assert "6 tables, a ¾ Howell: 9 rounds of 3 boards (27 boards each, 27 to deal)" in run
    best = services.event_proposals(event)[0]
    assert best.variant == VARIANT and "meets 9 of the 11 others" in best.why
    services.event_accept_proposal(event=event, choice=0)
    event.refresh_from_db()
    first = [(s.ns_pair.number, s.ew_pair.number, s.board_set) for s in event.seatings.filter(round=1)]
    assert first == [tuple(row[2:]) for row in SAFFRON["rows"][:6]]
    assert event.pairs.get(number=12).names == "Guest 12a & Guest 12b"

    page = client.get(reverse("tournaments:event-movement", args=[event.pk])).content.decode()
    assert "every pair meets 9 of the 11 others" in page and "pair 12 sits E/W in rounds 3, 6 and 9" in page
    assert "Relay stands: between tables 1 and 2 (1 set), between tables 4 and 5 (1 set)" in page


def test_an_individual_event_takes_no_movement_from_the_new_event_page(client, organiser, club):
    client.force_login(organiser)
    response = client.post(
        reverse("tournaments:event-new"),
        {
            "club": club.pk,
            "name": "Odd",
            "date": "2026-12-18",
            "trump_schedule": "HDSC",
            "scoring": "matchpoints",
            "movement": VARIANT,
            "individual": "1",
        },
    )
    assert "An individual event has its own movement" in response.content.decode()
    assert not Event.objects.filter(name="Odd").exists()


def _pages(data: bytes) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages]


def test_the_table_and_guide_cards_print_the_card_and_name_the_relay_stands(club):
    event = services.event_create(
        club=club, name="Saffron", date=date(2026, 12, 4), tables=6, boards_per_round=3, variant=VARIANT
    )
    services.event_build_movement(event=event)
    pack = services.event_print_pack(event, base_url="http://hall")
    table_one = _pages(pdf.render(pack, "table-cards"))[0]
    assert "Table 1" in table_one
    # Table 1 of the Saffron card: 5-8 on boards 1-3, then 6-9 on 4-6, ..., 4-7 on 25-27.
    for round_, _, ns, ew, board_set in (row for row in SAFFRON["rows"] if row[1] == 1):
        first = 3 * board_set - 2
        assert f"{round_} Pair {ns} Pair {ew} {first} " in table_one, round_
    assert "put the boards on the relay stand between tables 6 and 1" in table_one
    assert "take the next boards from the relay stand between tables 1 and 2" in table_one
    cards = {card.table: card for card in pack.table_cards}
    assert cards[4].notes == (
        "After each round: take the next boards from the relay stand between tables 4 and 5.",
    )
    assert cards[5].notes == ("After each round: put the boards on the relay stand between tables 4 and 5.",)

    guides = _pages(pdf.render(pack, "guide-cards"))
    assert len([card for card in pack.guide_cards]) == 12
    text = " ".join(guides)
    assert (
        "Relay stands: between tables 1 and 2 (1 set), between tables 4 and 5 (1 set), between tables 6 and 1"
        in text
    )
    guide = {card.pair: card for card in pack.guide_cards}["Pair 12"]
    assert [(s.table, s.direction) for s in guide.stops][:3] == [("6", "N/S"), ("6", "N/S"), ("6", "E/W")]


def test_three_pairs_who_cannot_move_take_the_three_stationary_seats(club):
    event = services.event_create(
        club=club, name="Saffron", date=date(2026, 12, 4), tables=6, boards_per_round=3, variant=VARIANT
    )
    for n in range(1, 13):
        services.entry_add(event=event, first=f"Guest {n}a", second=f"Guest {n}b", stationary=n in (2, 5, 9))
    proposals = services.event_proposals(event)
    assert proposals[0].variant == VARIANT and proposals[0].stationary == (("NS", 10), ("NS", 11), ("NS", 12))
    services.event_accept_proposal(event=event, choice=0)
    staying = {event.pairs.get(number=n).names for n in (10, 11, 12)}
    assert staying == {"Guest 2a & Guest 2b", "Guest 5a & Guest 5b", "Guest 9a & Guest 9b"}


def test_played_on_the_tablets_pair_12_is_told_to_change_direction_at_its_table(club):
    event = services.event_create(
        club=club, name="Saffron", date=date(2026, 12, 4), tables=6, boards_per_round=3, variant=VARIANT
    )
    _enter(event, 12)
    services.event_accept_proposal(event=event, choice=0)
    services.event_deal_boards(event=event, seed="saffron", analyse=False)
    services.event_start(event=event)
    told = _play(event, random.Random(12))
    assert services.event_progress(event) == {"expected": 162, "confirmed": 162, "awaiting": 0, "missing": 0}
    services.event_close(event=event)

    told_12 = {round_: text for table, round_, moves in told for pair, text in moves if pair.number == 12}
    assert told_12[1] == "stay where you are"
    assert told_12[2] == "stay at this table, sit E/W"  # round 3: pair 12 sits E/W at table 6
    assert told_12[3] == "stay at this table, sit N/S"
    report = services.event_report(event)
    assert report.scores.fields == ("ALL",)
    assert all(s.boards_played == 27 and s.top == 270 for s in report.scores.field("ALL"))
