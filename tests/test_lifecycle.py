"""What may happen to an event now: one module answers, and every door asks it."""

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Event
from tournaments.services.events import lifecycle

from .test_admin_scoping import _event_form


@pytest.fixture
def event(club, make_event):
    event = make_event(club, tables=3, boards_per_round=2)
    services.event_deal_boards(event=event, seed="life", analyse=False)
    return event


def _running(event):
    services.event_start(event=event)
    event.refresh_from_db()
    return event


@pytest.mark.parametrize(
    "status, published, pairs, movement, deals, scoring, close, publish",
    [
        ("draft", False, True, True, True, True, False, False),
        ("ready", False, True, True, True, True, False, False),
        ("running", False, False, False, False, True, True, False),
        ("finished", False, False, False, False, True, False, True),
        ("finished", True, False, False, False, False, False, True),
    ],
)
def test_each_stage_allows_what_it_should(
    event, status, published, pairs, movement, deals, scoring, close, publish
):
    Event.objects.filter(pk=event.pk).update(status=status, published=published)
    event.refresh_from_db()
    assert bool(lifecycle.may_change_pairs(event)) is pairs
    assert bool(lifecycle.may_change_movement(event)) is movement
    assert bool(lifecycle.may_change_deals(event)) is deals
    assert bool(lifecycle.may_change_scoring(event)) is scoring
    assert bool(lifecycle.may_close(event)) is close
    assert bool(lifecycle.may_publish(event)) is publish
    allows = services.event_allows(event)
    assert allows["change_movement"] is movement and allows["close"] is close
    assert allows["change_scoring"] is scoring
    assert allows["publish"] is (publish and not published) and allows["unpublish"] is published


def test_every_refusal_says_why(event):
    _running(event)
    for verdict in (
        lifecycle.may_change_pairs(event),
        lifecycle.may_change_movement(event),
        lifecycle.may_change_deals(event),
        lifecycle.may_start(event),
        lifecycle.may_publish(event),
    ):
        assert not verdict and event.name in verdict.reason or "started" in verdict.reason


def test_a_running_events_movement_cannot_be_rebuilt(event):
    """3 -> 5 tables with the tablets live would orphan them, results or not."""
    _running(event)
    seatings = list(event.seatings.values_list("pk", flat=True))
    Event.objects.filter(pk=event.pk).update(tables=5)
    with pytest.raises(services.ServiceError, match="has started"):
        services.event_build_movement(event=event)
    assert list(event.seatings.values_list("pk", flat=True)) == seatings
    assert event.table_accesses.count() == 3


def test_the_movement_page_refuses_a_rebuild_of_a_running_event(client, organiser, event):
    _running(event)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:event-movement", args=[event.pk]))
    assert b"Rebuild the movement" not in page.content and b"has started" in page.content
    Event.objects.filter(pk=event.pk).update(tables=5)
    response = client.post(reverse("tournaments:event-build-movement", args=[event.pk]), follow=True)
    assert b"has started" in response.content
    assert event.seatings.filter(table__gt=3).count() == 0


def test_the_admin_refuses_to_change_a_running_events_movement(client, organiser, event):
    _running(event)
    client.force_login(organiser)
    page = client.post(
        reverse("admin:tournaments_event_change", args=[event.pk]), _event_form(event, tables=5)
    )
    assert b"has started" in page.content
    event.refresh_from_db()
    assert event.tables == 3 and event.seatings.filter(table__gt=3).count() == 0


def test_the_admin_still_renames_a_running_event(client, organiser, event):
    _running(event)
    client.force_login(organiser)
    client.post(
        reverse("admin:tournaments_event_change", args=[event.pk]), _event_form(event, name="Friday Drive")
    )
    event.refresh_from_db()
    assert event.name == "Friday Drive" and event.status == "running"


def test_a_ready_event_goes_back_to_draft_and_a_running_one_does_not(event):
    services.event_set_status(event=event, status="ready")

    services.event_set_status(event=event, status="draft")

    event.refresh_from_db()
    assert event.status == "draft"
    assert event.changes.latest("id").detail == "ready to play → draft"
    _running(event)
    with pytest.raises(services.ServiceError, match="cannot become draft"):
        services.event_set_status(event=event, status="draft")


def test_a_published_event_is_not_reopened(event):
    _running(event)
    services.event_close(event=event, adjust_missing=True)
    services.event_publish(event=event)
    with pytest.raises(services.ServiceError, match="published"):
        services.event_set_status(event=event, status="running")


def test_pages_ask_booleans_not_status_strings():
    from pathlib import Path

    templates = Path(__file__).resolve().parents[1] / "templates"
    offenders = [
        path.name
        for path in templates.rglob("*.html")
        if "event.status ==" in path.read_text() or "event.status !=" in path.read_text()
    ]
    assert offenders == []
