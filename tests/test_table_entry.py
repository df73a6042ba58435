"""Score entry at the tables: N/S enter, E/W confirm; access by link or code; repeats are harmless."""

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import CodeGuard, Event, Result, ResultChange
from tournaments.services.core.codes import CODE_ALPHABET, LIMITS, Tablet


@pytest.fixture
def running(club, make_event):
    event = make_event(club, tables=3, boards_per_round=2)
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    return event


def _access(event, table=1):
    return event.table_accesses.get(table=table)


def test_starting_gives_every_table_a_link_and_a_code(running):
    accesses = list(running.table_accesses.all())
    assert [a.table for a in accesses] == [1, 2, 3]
    assert all(len(a.code) == 5 and set(a.code) <= set(CODE_ALPHABET) for a in accesses)
    assert len({a.token for a in accesses}) == 3 and all(len(a.token) >= 32 for a in accesses)
    codes = {a.table: a.code for a in accesses}
    services.event_open_tables(event=running)
    assert {a.table: a.code for a in running.table_accesses.all()} == codes


def test_a_code_opens_its_table_whatever_the_case(running):
    code = _access(running, 2).code
    assert services.table_code_lookup(code=f" {code.lower()} ", tablet=Tablet("", "10.0.0.5")).table == 2


def test_a_wrong_code_is_refused_plainly_and_remembered(running):
    with pytest.raises(services.TableError, match="not the code of a table in play"):
        services.table_code_lookup(code="ZZZZZ", tablet=Tablet("", "10.0.0.5"))
    assert CodeGuard.objects.get(key="address:10.0.0.5").failures == 1


def test_one_tablets_guessing_locks_that_tablet_only(running):
    guesser = Tablet("guesser", "10.0.0.6")
    for _ in range(LIMITS["browser"]):
        with pytest.raises(services.TableError):
            services.table_code_lookup(code="ZZZZZ", tablet=guesser)
    with pytest.raises(services.TableError, match="Too many wrong codes"):
        services.table_code_lookup(code=_access(running).code, tablet=guesser)
    # Another tablet behind the same address (one router, one proxy) is not locked out.
    assert (
        services.table_code_lookup(code=_access(running).code, tablet=Tablet("next", "10.0.0.6")).table == 1
    )


def test_a_whole_network_guessing_is_blocked_too(running):
    for n in range(LIMITS["address"]):
        with pytest.raises(services.TableError):
            services.table_code_lookup(code="ZZZZZ", tablet=Tablet(f"fresh-{n}", "10.0.0.9"))
    with pytest.raises(services.TableError, match="Too many wrong codes"):
        services.table_code_lookup(code=_access(running).code, tablet=Tablet("another", "10.0.0.9"))


def test_right_codes_do_not_count(running):
    tablet = Tablet("steady", "10.0.0.8")
    for _ in range(3 * LIMITS["browser"]):
        services.table_code_lookup(code=_access(running).code, tablet=tablet)
    assert CodeGuard.objects.get(key="browser:steady").failures == 0


def test_the_organiser_lets_locked_tablets_try_again(client, organiser, running):
    # A tablet in the hall has opened its table: a new tablet on the hall's network is the club's.
    services.table_code_lookup(code=_access(running, 2).code, tablet=Tablet("table-2", "10.0.0.6"))
    guesser = Tablet("guesser", "10.0.0.6")
    for _ in range(LIMITS["browser"]):
        with pytest.raises(services.TableError):
            services.table_code_lookup(code="ZZZZZ", tablet=guesser)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:event-live", args=[running.pk]))
    assert b"1 tablet or network locked out" in page.content
    client.post(reverse("tournaments:codes-unlock", args=[running.pk]))
    assert services.table_code_lookup(code=_access(running).code, tablet=guesser).table == 1


def test_entered_results_count_only_once_confirmed(running):
    access = _access(running)
    result = services.table_result_enter(access=access, board_number=1, ns_tricks=9)
    assert result.confirmed_at is None
    assert services.event_report(running).scores.boards == ()
    services.table_result_confirm(access=access, board_number=1, ns_tricks=9)
    board = services.event_report(running).scores.boards[0]
    assert board.results[0].result.ns_tricks == 9
    actions = list(ResultChange.objects.order_by("id").values_list("action", "source"))
    assert actions == [("created", "table 1"), ("confirmed", "table 1")]


def test_the_same_tap_twice_changes_nothing(running):
    access = _access(running)
    first = services.table_result_enter(access=access, board_number=1, ns_tricks=9)
    second = services.table_result_enter(access=access, board_number=1, ns_tricks=9)
    assert first.pk == second.pk and Result.objects.count() == 1
    services.table_result_confirm(access=access, board_number=1, ns_tricks=9)
    services.table_result_confirm(access=access, board_number=1, ns_tricks=9)
    assert ResultChange.objects.filter(action="confirmed").count() == 1


def test_a_repeated_confirm_gives_the_stored_result_as_the_database_keeps_it(running):
    """The times a repeated confirm gives back are the stored ones (aware, to the microsecond), on
    SQLite as on PostgreSQL."""
    access = _access(running)
    services.table_result_enter(access=access, board_number=1, ns_tricks=9)
    services.table_result_confirm(access=access, board_number=1, ns_tricks=9)
    again = services.table_result_confirm(access=access, board_number=1, ns_tricks=9)
    stored = Result.objects.get()
    assert again.pk == stored.pk and again.confirmed_at == stored.confirmed_at
    assert again.confirmed_at.tzinfo is not None
    assert (again.round, again.table, again.ns_tricks) == (stored.round, stored.table, 9)
    assert again.entered_at == stored.entered_at


def test_a_second_tablet_cannot_overwrite_an_entry(running):
    access = _access(running)
    services.table_result_enter(access=access, board_number=1, ns_tricks=9)
    with pytest.raises(services.TableError, match="already has N/S 9 \\(waiting for E/W to confirm\\)"):
        services.table_result_enter(access=access, board_number=1, ns_tricks=4)
    assert Result.objects.get().ns_tricks == 9


def test_ew_cannot_confirm_a_score_they_were_not_shown(running):
    access = _access(running)
    services.table_result_enter(access=access, board_number=1, ns_tricks=9)
    with pytest.raises(services.TableError, match="now shows N/S 9, not 8"):
        services.table_result_confirm(access=access, board_number=1, ns_tricks=8)
    assert Result.objects.get().confirmed_at is None


def test_ew_can_send_an_entry_back_before_confirming(running):
    access = _access(running)
    services.table_result_enter(access=access, board_number=1, ns_tricks=9)
    services.table_result_reject(access=access, board_number=1)
    services.table_result_reject(access=access, board_number=1)  # a retry: nothing more happens
    assert not Result.objects.exists()
    assert ResultChange.objects.filter(action="rejected").get().before == "9–4"
    services.table_result_enter(access=access, board_number=1, ns_tricks=8)
    assert Result.objects.get().ns_tricks == 8


def test_a_confirmed_result_changes_only_through_the_organiser(running):
    access = _access(running)
    services.table_result_enter(access=access, board_number=1, ns_tricks=9)
    services.table_result_confirm(access=access, board_number=1, ns_tricks=9)
    with pytest.raises(services.TableError, match="only the organiser"):
        services.table_result_reject(access=access, board_number=1)
    with pytest.raises(services.TableError, match="already has N/S 9 \\(confirmed\\)"):
        services.table_result_enter(access=access, board_number=1, ns_tricks=5)


@pytest.mark.parametrize(
    "table, board, tricks, message",
    [
        (1, 3, 7, "Board 3 is not played at table 1 in round 1"),
        (2, 1, 7, "Board 1 is not played at table 2 in round 1"),
        (1, 1, 14, "0 to 13"),
        (1, 1, -1, "0 to 13"),
    ],
)
def test_only_this_tables_boards_of_this_round_and_real_trick_counts(running, table, board, tricks, message):
    with pytest.raises(services.TableError, match=message):
        services.table_result_enter(access=_access(running, table), board_number=board, ns_tricks=tricks)
    assert not Result.objects.exists()


def test_a_finished_event_takes_no_more_scores(running):
    Event.objects.filter(pk=running.pk).update(status="finished")
    with pytest.raises(services.TableError, match="has finished"):
        services.table_result_enter(access=_access(running), board_number=1, ns_tricks=7)


def test_the_table_moves_on_when_its_round_is_in(running):
    access = _access(running)
    for board, tricks in ((1, 9), (2, 6)):
        services.table_result_enter(access=access, board_number=board, ns_tricks=tricks)
        services.table_result_confirm(access=access, board_number=board, ns_tricks=tricks)
    state = services.table_state(access)
    assert state.seating.round == 2 and [e.board.number for e in state.entries] == [3, 4]
    assert state.moves == {
        "round": 1,
        "pair_moves": [(state.previous.ew_pair, "go to table 2")],
        "boards": (1, 2),
        "boards_text": "table 3",
    }


def test_an_arrow_switched_round_is_entered_as_the_pairs_sit(club, make_event):
    event = make_event(club, tables=3, boards_per_round=2, arrow_switch_rounds="1")
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    access = _access(event)
    services.table_result_enter(access=access, board_number=1, ns_tricks=9)
    result = Result.objects.get()
    assert (result.ns_pair.direction, result.ns_tricks) == ("EW", 4)
    assert services.table_state(access).entries[0].ns_tricks == 9
    services.table_result_confirm(access=access, board_number=1, ns_tricks=9)


# --- views ---------------------------------------------------------------------------------------


def test_the_start_page_sends_a_good_code_to_its_table(client, running):
    access = _access(running, 3)
    response = client.post(reverse("tournaments:table-start"), {"code": access.code.lower()})
    assert response["Location"] == reverse("tournaments:table", args=[access.token])


def test_the_start_page_explains_a_wrong_code(client, running):
    page = client.post(reverse("tournaments:table-start"), {"code": "nope"}, follow=True)
    assert "is not the code of a table in play" in page.content.decode()


def test_an_unknown_token_is_not_found(client, running):
    assert client.get(reverse("tournaments:table", args=["not-a-token"])).status_code == 404


def test_the_table_page_works_without_javascript(client, running):
    access = _access(running)
    url = reverse("tournaments:table", args=[access.token])
    html = client.get(url).content.decode()
    assert "Table 1" in html and "Round 1 of 3" in html and "Who is at the table?" in html
    client.post(reverse("tournaments:table-check-in", args=[access.token]), {"round": 1, "answer": "us"})
    html = client.get(url).content.decode()
    assert "N/S: how many tricks" in html
    response = client.post(
        reverse("tournaments:table-enter", args=[access.token]), {"board": 1, "ns_tricks": 9}
    )
    assert response.status_code == 302 and response["Location"].endswith("#board-1")
    html = client.get(url).content.decode()
    assert "E/W: is this right?" in html
    client.post(reverse("tournaments:table-confirm", args=[access.token]), {"board": 1, "ns_tricks": 9})
    assert "✓ confirmed" in client.get(url).content.decode()


@pytest.mark.parametrize("data", [{"board": "x", "ns_tricks": 3}, {"board": 1, "ns_tricks": "ten"}, {}])
def test_garbage_from_a_tablet_gets_a_message_not_an_error(client, running, data):
    access = _access(running)
    page = client.post(reverse("tournaments:table-enter", args=[access.token]), data, follow=True)
    assert page.status_code == 200 and not Result.objects.exists()
    assert "Tap" in page.content.decode() or "not understood" in page.content.decode()


def test_table_actions_reject_get(client, running):
    access = _access(running)
    for name in ("table-enter", "table-confirm", "table-reject"):
        assert client.get(reverse(f"tournaments:{name}", args=[access.token])).status_code == 405


def test_a_finished_events_table_page_says_so(client, running):
    Event.objects.filter(pk=running.pk).update(status="finished")
    page = client.get(reverse("tournaments:table", args=[_access(running).token]))
    assert page.status_code == 403 and "has finished" in page.content.decode()


# --- the organiser's side --------------------------------------------------------------------------


def test_the_dashboard_shows_codes_and_progress(client, organiser, running):
    services.table_result_enter(access=_access(running), board_number=1, ns_tricks=9)
    client.force_login(organiser)
    html = client.get(reverse("tournaments:event-live", args=[running.pk])).content.decode()
    assert _access(running, 2).code in html
    assert "0 of 18 results in, 1 awaiting" in html


def test_the_dashboards_grid_gives_each_table_its_state_in_the_round(club, make_event):
    event = make_event(club, tables=4, boards_per_round=2, variant="relay", phantom=True)
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    services.table_result_enter(access=_access(event, 1), board_number=1, ns_tricks=9)
    first = event.seatings.get(round=1, table=2)
    for board in first.board_numbers:
        services.table_result_enter(access=_access(event, 2), board_number=board, ns_tricks=7)
        services.table_result_confirm(access=_access(event, 2), board_number=board, ns_tricks=7)
    third = event.seatings.get(round=1, table=3)
    services.table_result_enter(access=_access(event, 3), board_number=third.first_board, ns_tricks=6)
    services.table_result_confirm(access=_access(event, 3), board_number=third.first_board, ns_tricks=6)
    rows = services.event_results_grid(event)
    assert [row["round"] for row in rows] == [1, 2, 3, 4]
    cells = rows[0]["cells"]
    assert [cell["state"] for cell in cells] == ["awaiting", "done", "partial", "sitout"]
    assert [(cell["confirmed"], cell["awaiting"], cell["expected"]) for cell in cells] == [
        (0, 1, 2),
        (2, 0, 2),
        (1, 0, 2),
        (0, 0, 0),
    ]
    assert {cell["state"] for row in rows[1:] for cell in row["cells"]} == {"missing", "sitout"}


def test_start_and_close(client, organiser, club, make_event):
    event = make_event(club, tables=3, boards_per_round=2)
    client.force_login(organiser)
    assert client.get(reverse("tournaments:event-start", args=[event.pk])).status_code == 405
    page = client.post(reverse("tournaments:event-start", args=[event.pk]), follow=True)
    assert "6 boards have no deal yet" in page.content.decode()
    services.event_deal_boards(event=event, seed="start", analyse=False)
    client.post(reverse("tournaments:event-start", args=[event.pk]))
    event.refresh_from_db()
    assert event.status == "running" and event.table_accesses.count() == 3
    access = event.table_accesses.get(table=1)
    services.table_result_enter(access=access, board_number=1, ns_tricks=9)
    services.table_result_enter(access=access, board_number=2, ns_tricks=4)
    services.table_result_confirm(access=access, board_number=2, ns_tricks=4)
    page = client.post(reverse("tournaments:event-close", args=[event.pk]), follow=True)
    assert "16 results are missing and 1 await" in page.content.decode()
    event.refresh_from_db()
    assert event.status == "running"
    client.post(reverse("tournaments:event-close", args=[event.pk]), {"adjust": "1"})
    event.refresh_from_db()
    assert event.status == "finished"
    assert event.results.confirmed().count() == 18
    assert event.results.filter(ns_adjusted="A", ew_adjusted="A").count() == 16
    assert event.results.get(board__number=1, round=1).ns_tricks == 9  # accepted as entered
    assert event.result_changes.filter(reason__startswith="Not played by the close").count() == 16


def test_another_club_cannot_start_or_watch(client, organiser, other_club, make_event):
    theirs = make_event(other_club)
    services.event_deal_boards(event=theirs, seed="theirs", analyse=False)
    services.event_set_status(event=theirs, status="ready")
    client.force_login(organiser)
    assert client.post(reverse("tournaments:event-start", args=[theirs.pk])).status_code == 404
    assert client.get(reverse("tournaments:event-live", args=[theirs.pk])).status_code == 404
    assert client.get(reverse("tournaments:director-board", args=[theirs.pk, 1])).status_code == 404
    theirs.refresh_from_db()
    assert theirs.status == "ready"


def test_the_room_display_refreshes_itself(client, organiser, running):
    client.force_login(organiser)
    html = client.get(reverse("tournaments:event-room", args=[running.pk])).content.decode()
    assert 'http-equiv="refresh"' in html and "North/South" in html


def test_the_director_sets_a_missing_result_and_adjusts_another(client, organiser, running):
    client.force_login(organiser)
    url = reverse("tournaments:director-board", args=[running.pk, 1])
    seating = running.seatings.get(round=1, table=1)
    client.post(url, {"seating": seating.pk, "ns_tricks": 8, "reason": "Traveller on paper"})
    result = Result.objects.get()
    assert (result.ns_tricks, bool(result.confirmed_at)) == (8, True)
    client.post(
        url, {"seating": seating.pk, "ns_adjusted": "A+", "ew_adjusted": "A-", "reason": "Fouled board"}
    )
    result.refresh_from_db()
    assert result.score_text == "A+/A-"
    history = list(ResultChange.objects.order_by("id").values_list("action", "reason", "changed_by"))
    assert history == [
        ("created", "Traveller on paper", organiser.pk),
        ("corrected", "Fouled board", organiser.pk),
    ]
    html = client.get(url).content.decode()
    assert "Fouled board" in html and "A+/A-" in html


@pytest.mark.parametrize(
    "data, message",
    [
        ({"ns_tricks": 8}, "Give a reason"),
        ({"ns_tricks": 8, "ns_adjusted": "A", "reason": "x"}, "not both"),
        ({"ns_adjusted": "A", "reason": "x"}, "adjusted score for each side"),
    ],
)
def test_the_director_form_explains_what_is_missing(client, organiser, running, data, message):
    client.force_login(organiser)
    url = reverse("tournaments:director-board", args=[running.pk, 1])
    seating = running.seatings.get(round=1, table=1)
    page = client.post(url, {"seating": seating.pk, **data}, follow=True)
    assert message in page.content.decode()
    assert not Result.objects.exists()


def test_the_director_cannot_set_a_board_for_a_meeting_that_does_not_play_it(client, organiser, running):
    client.force_login(organiser)
    url = reverse("tournaments:director-board", args=[running.pk, 1])
    elsewhere = running.seatings.exclude(first_board__lte=1, last_board__gte=1).first()
    data = {"seating": elsewhere.pk, "ns_tricks": 8, "reason": "Traveller on paper"}
    page = client.post(url, data, follow=True)
    assert "That meeting does not play this board." in page.content.decode()
    assert not Result.objects.exists()


def test_after_the_skip_round_the_tablet_says_so(club, make_event):
    event = make_event(club, tables=6, boards_per_round=2)
    services.event_deal_boards(event=event, seed="skip", analyse=False)
    services.event_start(event=event)
    access = _access(event, 2)
    for seating in event.seatings.filter(table=2, round__lte=3).order_by("round"):
        for board in seating.board_numbers:
            services.table_result_enter(access=access, board_number=board, ns_tricks=7)
            services.table_result_confirm(access=access, board_number=board, ns_tricks=7)
    moves = services.table_state(access).moves
    assert moves["round"] == 3 and moves["pair_moves"][0][1] == "move up two tables to table 4 (the skip)"


def test_old_counts_are_not_kept(running):
    from datetime import timedelta

    from django.utils import timezone

    CodeGuard.objects.create(key="browser:gone", failures=3, since=timezone.now() - timedelta(hours=1))
    services.table_code_lookup(code=_access(running).code, tablet=Tablet("fresh", "10.0.0.3"))
    assert not CodeGuard.objects.filter(key="browser:gone").exists()
