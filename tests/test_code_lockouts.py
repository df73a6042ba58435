"""The live page counts a tablet as locked out exactly when its next code would be refused: after
ten wrong codes, not nine."""

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.services.codes import LIMITS, Tablet
from tournaments.services.tablets import TableError

pytestmark = pytest.mark.django_db

TYPO = Tablet(browser="a-tablet-with-typos", address="192.0.2.7")


@pytest.fixture
def event(club, make_event):
    event = make_event(club)
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    return event


def _wrong_codes(count: int):
    for _ in range(count):
        with pytest.raises(TableError, match="is not the code of a table"):
            services.table_code_lookup(code="ZZZZZ", tablet=TYPO)


def _locked_out_on_the_live_page(client, event) -> bool:
    return "locked out" in client.get(reverse("tournaments:event-live", args=[event.pk])).content.decode()


def test_a_tablet_is_counted_as_locked_when_its_next_code_is_refused(client, organiser, event):
    client.force_login(organiser)
    right = event.table_accesses.get(table=1).code
    _wrong_codes(LIMITS["browser"] - 1)
    assert services.code_lockouts() == 0 and not _locked_out_on_the_live_page(client, event)
    _wrong_codes(1)  # the last wrong code it may type
    assert services.code_lockouts() == 1 and _locked_out_on_the_live_page(client, event)
    with pytest.raises(TableError, match="Too many wrong codes"):
        services.table_code_lookup(code=right, tablet=TYPO)


def test_one_wrong_code_short_of_the_limit_the_right_code_still_opens_the_table(client, organiser, event):
    client.force_login(organiser)
    _wrong_codes(LIMITS["browser"] - 1)
    assert not _locked_out_on_the_live_page(client, event)
    access = services.table_code_lookup(code=event.table_accesses.get(table=1).code, tablet=TYPO)
    assert access.table == 1
