"""Services: results with their history, and the event's status steps."""

import pytest

from tournaments import services
from tournaments.models import Event, Result, ResultChange


def _record(event, user=None, **score):
    seating = event.seatings.select_related("ns_pair", "ew_pair").get(round=1, table=1)
    board = event.boards.get(number=seating.first_board)
    return services.result_record(
        board=board, round=1, table=1, ns_pair=seating.ns_pair, ew_pair=seating.ew_pair, user=user, **score
    )


def test_recording_a_result_keeps_a_history_entry(club, organiser, make_event):
    event = make_event(club)
    result = _record(event, organiser, ns_tricks=8)
    change = ResultChange.objects.get()
    assert (change.action, change.before, change.after, change.changed_by) == (
        "created",
        "",
        "8–5",
        organiser,
    )
    assert result.ew_tricks == 5


@pytest.mark.parametrize(
    "score, message",
    [
        ({"ns_tricks": 14}, "give 0 to 13"),
        ({}, "Give N/S tricks"),
        ({"ns_tricks": 7, "ns_adjusted": "A"}, "not both"),
        ({"ns_adjusted": "A+", "ew_adjusted": "B"}, "Give N/S tricks"),
    ],
)
def test_it_refuses_a_bad_score_and_writes_nothing(club, make_event, score, message):
    event = make_event(club)
    with pytest.raises(services.ServiceError, match=message):
        _record(event, **score)
    assert not Result.objects.exists() and not ResultChange.objects.exists()


def test_a_second_result_for_the_same_meeting_is_refused_plainly(club, make_event):
    event = make_event(club)
    _record(event, ns_tricks=8)
    with pytest.raises(services.ServiceError, match="already has a result"):
        _record(event, ns_tricks=6)
    assert Result.objects.get().ns_tricks == 8


def test_a_correction_keeps_who_when_and_why(club, organiser, make_event):
    event = make_event(club)
    result = _record(event, ns_tricks=8)
    services.result_correct(
        result=result, ns_adjusted="A+", ew_adjusted="A-", reason="Revoke", user=organiser
    )
    result.refresh_from_db()
    assert result.ns_tricks is None and result.score_text == "A+/A-"
    change = ResultChange.objects.filter(action="corrected").get()
    assert (change.before, change.after, change.reason, change.changed_by) == (
        "8–5",
        "A+/A-",
        "Revoke",
        organiser,
    )


def test_a_correction_needs_a_reason(club, organiser, make_event):
    event = make_event(club)
    result = _record(event, ns_tricks=8)
    with pytest.raises(services.ServiceError, match="Say why"):
        services.result_correct(result=result, ns_tricks=9, reason=" ", user=organiser)
    result.refresh_from_db()
    assert result.ns_tricks == 8


def test_the_status_goes_forward_step_by_step(club, make_event):
    event = make_event(club)
    with pytest.raises(services.ServiceError, match="cannot become finished"):
        services.event_set_status(event=event, status=Event.Status.FINISHED)
    for status in (Event.Status.READY, Event.Status.RUNNING, Event.Status.FINISHED):
        event = services.event_set_status(event=event, status=status)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED


def test_an_event_without_a_movement_cannot_be_ready(club, make_event):
    event = make_event(club, build=False)
    with pytest.raises(services.ServiceError, match="no movement yet"):
        services.event_set_status(event=event, status=Event.Status.READY)


def test_a_new_event_takes_the_clubs_rule_for_average_plus_and_minus(club, make_event):
    assert make_event(club, build=False).adjusted_scores == "session"  # the Laws' rule by default
    club.adjusted_scores = "fixed"
    club.save()
    assert make_event(club, name="Fixed", build=False).adjusted_scores == "fixed"
