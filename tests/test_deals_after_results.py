"""Deals change only before play starts and before any result exists: a result typed in from a
traveller before the start (a paper evening) fixes the deals it was played on."""

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Event
from tournaments.services.events.lifecycle import may_change_deals

pytestmark = pytest.mark.django_db


@pytest.fixture
def event_with_a_result(club, make_event):
    event = make_event(club)
    services.event_deal_boards(event=event, seed="first", analyse=False)
    services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n1,1,1,9\n")
    event.refresh_from_db()
    assert event.status not in (Event.Status.RUNNING, Event.Status.FINISHED)
    return event


def _deals(event) -> list[str]:
    return list(event.boards.order_by("number").values_list("deal", flat=True))


def test_the_deals_cannot_be_dealt_again_once_a_result_exists(event_with_a_result):
    event, before = event_with_a_result, _deals(event_with_a_result)
    verdict = may_change_deals(event)
    assert not verdict and "deals can no longer change" in verdict.reason
    with pytest.raises(services.ServiceError, match="deals can no longer change"):
        services.event_deal_boards(event=event, seed="second", analyse=False)
    assert _deals(event) == before


def test_a_pbn_file_cannot_replace_the_deals_once_a_result_exists(event_with_a_result):
    event, before = event_with_a_result, _deals(event_with_a_result)
    text = services.event_export_pbn(event)
    with pytest.raises(services.ServiceError, match="deals can no longer change"):
        services.event_import_pbn(event=event, text=text, analyse=False)
    assert _deals(event) == before


def test_the_organisers_deal_button_says_why_not(client, organiser, event_with_a_result):
    client.force_login(organiser)
    event = event_with_a_result
    response = client.post(
        reverse("tournaments:boards-deal", args=[event.pk]), {"seed": "second"}, follow=True
    )
    assert "deals can no longer change" in response.content.decode()
