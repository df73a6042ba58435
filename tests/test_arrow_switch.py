"""Arrow-switched rounds: the tables and the organiser speak of the pairs as they sat, results are
stored by the cards. Every path (enter, repeat, confirm, send back, correct) on both kinds of round."""

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Result
from tournaments.services.tablets.entry import SetByOrganiser


@pytest.fixture(params=[False, True], ids=["unswitched", "switched"])
def switched(request):
    return request.param


@pytest.fixture
def running(club, make_event, switched):
    event = make_event(club, tables=3, boards_per_round=2, arrow_switch_rounds="1" if switched else "")
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    return event


def _table1(event):
    access = event.table_accesses.get(table=1)
    seating = event.seatings.select_related("ns_pair", "ew_pair").get(round=1, table=1)
    return access, seating


def _stored(event, board=1):
    result = Result.objects.select_related("ns_pair", "ew_pair").get(event=event, board__number=board)
    return result


def _assert_by_cards(result, seating, switched, seated_ns_tricks):
    """The N/S pair as seated took ``seated_ns_tricks``; the row holds them by the cards."""
    if switched:
        assert (result.ns_pair, result.ew_pair) == (seating.ew_pair, seating.ns_pair)
        assert result.ns_tricks == 13 - seated_ns_tricks
    else:
        assert (result.ns_pair, result.ew_pair) == (seating.ns_pair, seating.ew_pair)
        assert result.ns_tricks == seated_ns_tricks


def test_an_entry_is_stored_by_the_cards(running, switched):
    access, seating = _table1(running)
    services.table_result_enter(access=access, board_number=1, ns_tricks=8)
    _assert_by_cards(_stored(running), seating, switched, 8)


def test_a_repeated_tap_changes_nothing(running, switched):
    access, seating = _table1(running)
    first = services.table_result_enter(access=access, board_number=1, ns_tricks=8)
    again = services.table_result_enter(access=access, board_number=1, ns_tricks=8)
    assert again.pk == first.pk
    assert Result.objects.filter(event=running).count() == 1
    _assert_by_cards(_stored(running), seating, switched, 8)


def test_a_different_tap_is_refused_with_the_tricks_as_seated(running, switched):
    access, _ = _table1(running)
    services.table_result_enter(access=access, board_number=1, ns_tricks=8)
    with pytest.raises(services.TableError, match="already has N/S 8"):
        services.table_result_enter(access=access, board_number=1, ns_tricks=9)


def test_ew_confirm_what_they_were_shown(running, switched):
    access, seating = _table1(running)
    services.table_result_enter(access=access, board_number=1, ns_tricks=8)
    services.table_result_confirm(access=access, board_number=1, ns_tricks=8)
    result = _stored(running)
    assert result.confirmed_at is not None
    _assert_by_cards(result, seating, switched, 8)
    assert services.table_state(access).entries[0].ns_tricks == 8


def test_ew_send_it_back_and_ns_enter_again(running, switched):
    access, seating = _table1(running)
    services.table_result_enter(access=access, board_number=1, ns_tricks=8)
    services.table_result_reject(access=access, board_number=1)
    assert not Result.objects.filter(event=running).exists()
    services.table_result_enter(access=access, board_number=1, ns_tricks=5)
    _assert_by_cards(_stored(running), seating, switched, 5)


def test_the_organiser_sets_a_missing_result_as_the_pairs_sat(running, switched, organiser):
    _, seating = _table1(running)
    services.result_set_by_director(
        event=running, seating=seating, board_number=1, ns_tricks=9, reason="slip", user=organiser
    )
    _assert_by_cards(_stored(running), seating, switched, 9)


@pytest.mark.parametrize("confirmed", [False, True])
def test_the_organiser_corrects_a_result_as_the_pairs_sat(running, switched, organiser, confirmed):
    access, seating = _table1(running)
    services.table_result_enter(access=access, board_number=1, ns_tricks=8)
    if confirmed:
        services.table_result_confirm(access=access, board_number=1, ns_tricks=8)
    services.result_set_by_director(
        event=running, seating=seating, board_number=1, ns_tricks=10, reason="miscounted", user=organiser
    )
    result = _stored(running)
    _assert_by_cards(result, seating, switched, 10)
    assert result.confirmed_at is not None


def test_the_organiser_adjusts_each_side_as_the_pairs_sat(running, switched, organiser):
    access, seating = _table1(running)
    services.table_result_enter(access=access, board_number=1, ns_tricks=8)
    services.result_set_by_director(
        event=running,
        seating=seating,
        board_number=1,
        ns_adjusted="A+",
        ew_adjusted="A-",
        reason="fouled board",
        user=organiser,
    )
    result = _stored(running)
    by_pair = {result.ns_pair: result.ns_adjusted, result.ew_pair: result.ew_adjusted}
    assert by_pair == {seating.ns_pair: "A+", seating.ew_pair: "A-"}


def test_an_entry_typed_before_the_organiser_set_the_board_is_refused(club, make_event, switched, organiser):
    # Round 2, where table 1's pairs have different numbers (N/S 1 against E/W 3), so that the
    # organiser's set is only found by the pairs as they held the cards.
    event = make_event(club, tables=3, boards_per_round=2, arrow_switch_rounds="2" if switched else "")
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    access = event.table_accesses.get(table=1)
    for board in (1, 2):
        services.table_result_enter(access=access, board_number=board, ns_tricks=7)
        services.table_result_confirm(access=access, board_number=board, ns_tricks=7)
    seating = event.seatings.get(round=2, table=1)
    board = seating.board_numbers[0]
    assert (seating.ns_pair.number, seating.ew_pair.number) == (1, 3)
    services.result_set_by_director(
        event=event,
        seating=seating,
        board_number=board,
        ns_tricks=8,
        reason="from the traveller",
        user=organiser,
    )

    entry = next(e for e in services.table_state(access).entries if e.board.number == board)
    assert entry.seen == 1
    with pytest.raises(SetByOrganiser, match=f"The organiser has set board {board} since"):
        services.table_result_enter(access=access, board_number=board, ns_tricks=8, seen=0)


def test_a_repeated_tap_through_the_tablet_page_is_no_conflict(client, running, switched):
    access, seating = _table1(running)
    url = reverse("tournaments:table-enter", args=[access.token])
    for _ in range(2):
        response = client.post(url, {"board": 1, "ns_tricks": 8}, follow=True)
        assert "already has" not in response.content.decode()
    _assert_by_cards(_stored(running), seating, switched, 8)


def test_the_director_page_corrects_as_the_pairs_sat(client, running, switched, organiser):
    access, seating = _table1(running)
    services.table_result_enter(access=access, board_number=1, ns_tricks=8)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:director-board", args=[running.pk, 1]))
    assert page.status_code == 200
    client.post(
        reverse("tournaments:director-board", args=[running.pk, 1]),
        {"seating": seating.pk, "ns_tricks": 11, "ns_adjusted": "", "ew_adjusted": "", "reason": "recount"},
    )
    _assert_by_cards(_stored(running), seating, switched, 11)
