"""Who is at the table: the tablet names the pairs (or a drive's four players) expected, the players
say "That's us" or "Someone else is here", and the second holds the table until the organiser
resolves it: re-seats the pair that is there, or tells the table where to go."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.models import AuditLine, DriveResult, Pair, Result, TableCheckIn
from tournaments.services import drives

WAITING, RESOLVED, CONFIRMED = (
    TableCheckIn.State.WAITING,
    TableCheckIn.State.RESOLVED,
    TableCheckIn.State.CONFIRMED,
)


@pytest.fixture
def running(club, make_event):
    event = make_event(club, tables=3, boards_per_round=2)
    for pair in event.pairs.all():
        Pair.objects.filter(pk=pair.pk).update(guest1=f"Ann {pair}", guest2=f"Bob {pair}")
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    return event


def _access(event, table=1):
    return event.table_accesses.get(table=table)


def _check_in(client, access, answer, round=1):
    return client.post(
        reverse("tournaments:table-check-in", args=[access.token]), {"round": round, "answer": answer}
    )


def test_the_first_round_asks_who_is_there_before_the_boards(client, running):
    access = _access(running)
    url = reverse("tournaments:table", args=[access.token])
    html = client.get(url).content.decode()
    assert "Who is at the table?" in html and "N/S:</span> Pair 1, Ann N/S 1 &amp; Bob N/S 1" in html
    assert "That's us" in html and "Someone else is here" in html
    assert "N/S: how many tricks" not in html
    assert _check_in(client, access, "us").status_code == 302
    html = client.get(url).content.decode()
    assert "Who is at the table?" not in html and "N/S: how many tricks" in html
    line = running.changes.get(action=AuditLine.Action.CHECKED_IN)
    assert "table 1, round 1: that's us" in line.detail and "Ann N/S 1" in line.detail


def test_someone_else_here_holds_the_tables_entry_on_the_server(client, running):
    access = _access(running)
    _check_in(client, access, "else")
    html = client.get(reverse("tournaments:table", args=[access.token])).content.decode()
    assert "Waiting for the organiser" in html and "N/S took" not in html
    # A score posted all the same (a tablet with the page from before, a script) is refused.
    page = client.post(
        reverse("tournaments:table-enter", args=[access.token]), {"board": 1, "ns_tricks": 7}, follow=True
    )
    assert "waits for the organiser" in page.content.decode()
    with pytest.raises(services.TableError, match="waits for the organiser"):
        services.table_result_enter(access=access, board_number=1, ns_tricks=7)
    assert not Result.objects.exists()
    # "That's us" pressed after does not lift the hold: only the organiser does.
    _check_in(client, access, "us")
    assert TableCheckIn.objects.get().state == WAITING
    # The other tables play on.
    services.table_result_enter(access=_access(running, 2), board_number=3, ns_tricks=7)


def test_someone_else_here_after_thats_us_holds_the_table_all_the_same(client, running):
    access = _access(running)
    _check_in(client, access, "us")

    _check_in(client, access, "else")

    assert TableCheckIn.objects.get().state == WAITING
    with pytest.raises(services.TableError, match="waits for the organiser"):
        services.table_result_enter(access=access, board_number=1, ns_tricks=7)
    said = running.changes.filter(action=AuditLine.Action.CHECKED_IN).order_by("pk")
    first, second = said.values_list("detail", flat=True)
    assert "that's us" in first and "someone else is here" in second


def test_a_hold_in_one_round_does_not_hold_the_tables_next_round(client, organiser, running):
    access = _access(running)
    _check_in(client, access, "else")
    # The organiser enters round 1 from the traveller instead of sorting the table out.
    first = running.seatings.get(round=1, table=1)
    for board in first.board_numbers:
        services.result_set_by_director(
            event=running, seating=first, board_number=board, ns_tricks=7, reason="traveller", user=organiser
        )
    board = running.seatings.get(round=2, table=1).board_numbers[0]

    services.table_result_enter(access=access, board_number=board, ns_tricks=8)

    assert Result.objects.get(round=2, table=1).board.number == board
    assert TableCheckIn.objects.get(round=1).state == WAITING


def test_the_organiser_tells_the_table_where_to_go_and_it_plays_on(client, organiser, running):
    access = _access(running)
    _check_in(client, access, "else")
    client.force_login(organiser)
    live = client.get(reverse("tournaments:event-live", args=[running.pk])).content.decode()
    assert "Table 1 waits for you" in live and "Not yet checked in: table 2, table 3" in live
    check_in = TableCheckIn.objects.get()
    response = client.post(
        reverse("tournaments:check-in-resolve", args=[check_in.pk]),
        {"how": "direct", "message": "Pair 2 E/W: go to table 2"},
    )
    assert response.status_code == 302
    check_in.refresh_from_db()
    assert (check_in.state, check_in.message) == (RESOLVED, "Pair 2 E/W: go to table 2")
    html = client.get(reverse("tournaments:table", args=[access.token])).content.decode()
    assert "From the organiser" in html and "Pair 2 E/W: go to table 2" in html and "N/S took" in html
    services.table_result_enter(access=access, board_number=1, ns_tricks=7)
    line = running.changes.get(action=AuditLine.Action.DIRECTED)
    assert line.changed_by == organiser and "told 'Pair 2 E/W: go to table 2'" in line.detail


def test_the_organiser_seats_the_pair_that_is_there_for_the_rest_of_the_evening(client, organiser, running):
    access = _access(running)
    _check_in(client, access, "else")
    expected = running.seatings.get(round=1, table=1).ew_pair
    there = running.pairs.exclude(pk=expected.pk).filter(direction=expected.direction).first()
    before = {(s.round, s.table): (s.ns_pair_id, s.ew_pair_id) for s in running.seatings.all()}
    client.force_login(organiser)
    check_in = TableCheckIn.objects.get()
    client.post(
        reverse("tournaments:check-in-resolve", args=[check_in.pk]),
        {"how": "seat", "instead_of": expected.pk, "pair": there.pk},
    )
    swap = {expected.pk: there.pk, there.pk: expected.pk}
    after = {(s.round, s.table): (s.ns_pair_id, s.ew_pair_id) for s in running.seatings.all()}
    assert after == {key: tuple(swap.get(p, p) for p in pairs) for key, pairs in before.items()}
    assert running.seatings.get(round=1, table=1).ew_pair == there
    check_in.refresh_from_db()
    assert check_in.state == RESOLVED and f"seated {there}" in check_in.message
    line = running.changes.get(action=AuditLine.Action.RESEATED)
    assert f"{there} ({there.names}) seated in {expected}'s place" in line.detail
    services.table_result_enter(access=access, board_number=1, ns_tricks=7)
    assert Result.objects.get().ew_pair == there


def test_a_pair_of_the_other_line_cannot_take_a_pairs_place(organiser, running, client):
    access = _access(running)
    _check_in(client, access, "else")
    expected = running.seatings.get(round=1, table=1).ew_pair
    other_line = running.pairs.exclude(direction=expected.direction).first()
    with pytest.raises(services.ServiceError, match="a pair of its own line"):
        services.check_in_seat_pair(check_in=TableCheckIn.objects.get(), instead_of=expected, pair=other_line)
    assert TableCheckIn.objects.get().state == WAITING
    assert not running.changes.filter(action=AuditLine.Action.RESEATED).exists()


def test_a_table_already_sorted_out_is_not_resolved_twice(client, running):
    _check_in(client, _access(running), "else")
    check_in = TableCheckIn.objects.get()
    services.check_in_direct(check_in=check_in, message="Stay where you are")
    with pytest.raises(services.ServiceError, match="sorted out already"):
        services.check_in_direct(check_in=check_in, message="Go to table 3")
    with pytest.raises(services.ServiceError, match="Write what the table should be told"):
        services.check_in_direct(check_in=check_in, message="  ")


def test_later_rounds_ask_only_when_the_club_says_so(client, running):
    access = _access(running)
    _check_in(client, access, "us")
    for board in (1, 2):
        services.table_result_enter(access=access, board_number=board, ns_tricks=7)
        services.table_result_confirm(access=access, board_number=board, ns_tricks=7)
    url = reverse("tournaments:table", args=[access.token])
    assert "Who is at the table?" not in client.get(url).content.decode()
    running.club.check_every_round = True
    running.club.save()
    html = client.get(url).content.decode()
    assert "Who is at the table?" in html and "Round 2 of 3" in html
    assert _check_in(client, access, "us", round=1).status_code == 302  # round 1 is over: refused
    assert not TableCheckIn.objects.filter(round=2).exists()


def test_a_table_checks_in_once_a_round_in_the_database(running):
    link = _access(running)
    TableCheckIn.objects.create(link=link, round=1, state=CONFIRMED, checked_at="2026-11-26T19:00Z")
    with pytest.raises(IntegrityError), transaction.atomic():
        TableCheckIn.objects.create(link=link, round=1, state=WAITING, checked_at="2026-11-26T19:01Z")


def test_only_the_clubs_organiser_resolves_and_only_by_post(client, running, other_club):
    _check_in(client, _access(running), "else")
    check_in = TableCheckIn.objects.get()
    url = reverse("tournaments:check-in-resolve", args=[check_in.pk])
    client.force_login(other_club.organisers.get())
    assert client.post(url, {"how": "direct", "message": "Go home"}).status_code == 404
    assert client.get(url).status_code == 405
    assert TableCheckIn.objects.get().state == WAITING


@pytest.fixture
def drive(club):
    drive = drives.drive_create(club=club, name="Village Hall Drive", date="2026-11-20", hands=4)
    for k in range(16):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    return drives.drive_start(drive=drive)


def test_a_drive_table_lists_its_four_players_and_holds_when_someone_else_is_here(client, organiser, drive):
    link = drive.table_accesses.get(table=2)
    url = reverse("tournaments:drive-table", args=[link.token])
    html = client.get(url).content.decode()
    assert "Who is at the table?" in html and "Before hand 1" in html and "N/S took" not in html
    assert "Player 4 (L3) &amp; Player 5 (G3)" in html
    client.post(
        reverse("tournaments:drive-table-check-in", args=[link.token]), {"round": 1, "answer": "else"}
    )
    assert "Waiting for the organiser" in client.get(url).content.decode()
    with pytest.raises(drives.DriveStateError, match="waits for the organiser"):
        drives.drive_table_enter(link=link, hand=1, ns_tricks=7)
    client.post(reverse("tournaments:drive-table-enter", args=[link.token]), {"hand": 1, "ns_tricks": 7})
    assert not DriveResult.objects.exists()
    client.force_login(organiser)
    live = client.get(reverse("tournaments:drive-live", args=[drive.pk])).content.decode()
    assert "Table 2 waits for you" in live and "Not yet checked in: table 1, table 3, table 4" in live
    # A drive has no pairs: the hint names a player by the card they carry.
    assert 'placeholder="Ann Smith (L3): go to table 5"' in live and "Pair 9" not in live
    with pytest.raises(services.ServiceError, match="e.g. 'Ann Smith \\(L3\\): go to table 5'"):
        services.check_in_direct(check_in=TableCheckIn.objects.get(), message=" ")
    services.check_in_direct(check_in=TableCheckIn.objects.get(), message="G2: you are at table 2 N/S")
    drives.drive_table_enter(link=link, hand=1, ns_tricks=7)
    assert drive.changes.filter(action=AuditLine.Action.DIRECTED).count() == 1


def test_the_live_page_reads_the_check_ins_in_the_same_queries_however_many_tables_wait(
    client, organiser, club, make_event
):
    client.force_login(organiser)
    counts = []
    for tables in (3, 8):
        event = make_event(club, name=f"{tables} tables", tables=tables, boards_per_round=2)
        for status in ("ready", "running"):
            services.event_set_status(event=event, status=status)
        for access in event.table_accesses.all():
            _check_in(client, access, "else")
        url = reverse("tournaments:event-live", args=[event.pk])
        with CaptureQueriesContext(connection) as queries:
            page = client.get(url).content.decode()
        assert page.count("waits for you") == tables
        counts.append(len(queries))
    assert counts[0] == counts[1]


def _pdf_text(response) -> str:
    from io import BytesIO

    from pypdf import PdfReader

    assert response["Content-Type"] == "application/pdf"
    return " ".join(page.extract_text() for page in PdfReader(BytesIO(response.content)).pages)


def _seat(client, organiser, running, instead_of, there) -> str:
    """Seat the pair that is there, as the live page does: the message the organiser reads, as HTML
    with its words unescaped."""
    import html
    import re

    client.force_login(organiser)
    page = client.post(
        reverse("tournaments:check-in-resolve", args=[TableCheckIn.objects.get().pk]),
        {"how": "seat", "instead_of": instead_of.pk, "pair": there.pk},
        follow=True,
    ).content.decode()
    return html.unescape(re.search(r'<li class="success">(.*?)</li>', page, re.S).group(1))


def test_after_seating_the_organiser_is_told_the_cards_printed_before_are_wrong(client, organiser, running):
    access = _access(running)
    _check_in(client, access, "else")
    expected = running.seatings.get(round=1, table=1).ew_pair
    there = running.pairs.get(direction="EW", number=2)
    html = _seat(client, organiser, running, expected, there)
    assert (
        f"From round 1, {there} ({there.names}) plays {expected}'s rounds and {expected} ({expected.names}) "
        f"plays {there}'s: their guide cards, and the table cards of tables 1, 2 and 3 printed before, "
        "are wrong about them."
    ) in html
    guides = reverse("tournaments:event-print", args=[running.pk, "guide-cards"])
    assert f'href="{guides}?pairs={expected.pk},{there.pk}">Print their new guide cards' in html  # by number
    text = _pdf_text(client.get(guides, {"pairs": f"{there.pk},{expected.pk}"}))
    assert there.names in text and expected.names in text
    third = running.pairs.get(direction="EW", number=3)
    assert third.names not in text  # only the two pairs' cards, to print again
    tables = reverse("tournaments:event-print", args=[running.pk, "table-cards"])
    assert f'href="{tables}?tables=1,2,3">Print the table cards of tables 1, 2 and 3 again' in html


def test_two_stationary_pairs_seated_in_each_others_places_have_only_their_tables_cards_wrong(
    client, organiser, running
):
    access = _access(running)
    _check_in(client, access, "else")
    expected = running.seatings.get(round=1, table=1).ns_pair
    there = running.pairs.get(direction="NS", number=3)
    html = _seat(client, organiser, running, expected, there)
    # From the first round on, each sits at the other's table all evening: no guide card to carry.
    assert "the table cards of tables 1 and 3 printed before are wrong about them" in html
    assert "guide card" not in html
    tables = reverse("tournaments:event-print", args=[running.pk, "table-cards"])
    text = _pdf_text(client.get(tables, {"tables": "1,3"}))
    assert "Table 1" in text and "Table 3" in text and "Table 2" not in text


def test_stationary_pairs_swapped_after_the_first_round_move_once_and_carry_guide_cards(running):
    check_in = TableCheckIn.objects.create(
        link=_access(running), round=2, state=WAITING, checked_at="2026-11-26T19:30Z"
    )
    one, three = (running.pairs.get(direction="NS", number=n) for n in (1, 3))
    services.check_in_seat_pair(check_in=check_in, instead_of=one, pair=three)
    cards = services.cards_to_reprint(event=running, pairs=[three, one], from_round=2)
    assert cards.tables == [1, 3] and cards.guided == [one, three]
    pack = services.print_pack_only(
        services.event_print_pack(running, base_url="http://hall"), pairs={str(one), str(three)}
    )
    stops = {card.pair: [stop.table for stop in card.stops] for card in pack.guide_cards}
    assert stops == {str(one): ["1", "3", "3"], str(three): ["3", "1", "1"]}
