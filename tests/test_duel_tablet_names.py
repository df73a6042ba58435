"""A two-player table's tablet names what each write acts on (the round, the match, the deal, and
for a confirmation or a send-back the figures shown): the same write sent again is answered as
done and writes nothing; a page the table has moved on from is refused in words, never applied
to the deal the table is on now."""

from datetime import date

import pytest

from tests.duel_tables import enter, form, pair_pending, pending, shown
from tournaments.domain.entry import OLD_PAGE
from tournaments.models import DuelDeal, DuelDealChange, DuelTable
from tournaments.services.duels import (
    DuelServiceError,
    duel_deal_confirm,
    duel_deal_enter,
    duel_deal_reject,
    duel_night_create,
    duel_night_start,
    night_state,
)

pytestmark = pytest.mark.django_db
STALE = "Your page was out of date: here is the table as it stands."


@pytest.fixture
def token(club):
    """Table 1 of a Swiss night of four players, two rounds of two-deal matches, started."""
    night = duel_night_create(
        club=club,
        name="German whist night",
        date=date(2026, 11, 27),
        players=["Ann Smith", "Bob Jones", "Cy Day", "Di Lee"],
        pairing="swiss",
        rounds=2,
        deals=2,
    )
    duel_night_start(night=night)
    return night.tables.get(number=1).token


def _state(token):
    return night_state(DuelTable.objects.get(token=token).night)


def _finish(token, a=8):
    """The table's match played to its end, one deal after another."""
    named = shown(token)
    while not next(
        m for m in _state(token).rounds[named["round"]] if m.match.pk == named["match_id"]
    ).finished:
        enter(token, a, 13 - a)
        duel_deal_confirm(token=token, **pending(token))


def _as_shown(token, number):
    """Deal ``number`` of the table's match, as a page showed it to be confirmed."""
    deal = DuelDeal.objects.get(number=number)
    return shown(token) | {
        "deal": number,
        "tricks_a": deal.tricks_a,
        "tricks_b": deal.tricks_b,
        "black": False,
    }


def test_a_confirmation_sent_again_after_the_next_deal_was_entered_confirms_nothing_more(token):
    enter(token, 8, 5)
    first = pending(token)
    duel_deal_confirm(token=token, **first)
    enter(token, 7, 6)
    lines = DuelDealChange.objects.count()
    again = duel_deal_confirm(token=token, **first)  # the first reply lost: the tablet sends again
    assert (again.number, again.confirmed) == (1, True)
    assert not DuelDeal.objects.get(number=2).confirmed
    assert DuelDealChange.objects.count() == lines


def test_an_entry_sent_again_after_its_confirmation_is_no_new_deal(token):
    named = shown(token)
    duel_deal_enter(token=token, **named, tricks_a=8, tricks_b=5)
    duel_deal_confirm(token=token, **pending(token))
    again = duel_deal_enter(token=token, **named, tricks_a=8, tricks_b=5)
    assert (again.number, again.confirmed) == (1, True)
    assert DuelDeal.objects.count() == 1
    assert shown(token)["deal"] == 2


def test_a_round_one_form_after_round_two_is_paired_is_refused_and_stored_nowhere(token):
    night = _state(token).night
    stale = shown(token) | {"deal": 2}  # a second device, its page on deal 2 of round 1
    enter(token, 8, 5)
    duel_deal_confirm(token=token, **pending(token))
    _finish(token)
    _finish(night.tables.get(number=2).token)
    assert pair_pending(night)
    assert shown(token)["round"] == 2
    deals = DuelDeal.objects.count()
    with pytest.raises(DuelServiceError) as refused:
        duel_deal_enter(token=token, **stale, tricks_a=6, tricks_b=7)
    assert str(refused.value) == f"This was deal 2 of round 1; the table is now on deal 1 of round 2. {STALE}"
    assert DuelDeal.objects.count() == deals
    assert not DuelDeal.objects.filter(match__round=2).exists()


def test_a_second_device_on_a_stale_page_is_refused_in_words(token):
    named = shown(token)
    duel_deal_enter(token=token, **named, tricks_a=8, tricks_b=5)
    with pytest.raises(
        DuelServiceError, match=r"Deal 1 already has 8 v 5 \(waiting for \w+ \w+ to confirm\)"
    ):
        duel_deal_enter(token=token, **named, tricks_a=9, tricks_b=4)
    seen = pending(token)  # the second device shows 8 v 5 to confirm
    duel_deal_reject(token=token, **seen)
    duel_deal_reject(token=token, **seen)  # the send-back sent again: done already
    duel_deal_enter(token=token, **named, tricks_a=9, tricks_b=4)
    with pytest.raises(DuelServiceError) as refused:
        duel_deal_confirm(token=token, **seen)
    assert str(refused.value) == f"This was deal 1 of round 1; the table now shows it as 9 v 4. {STALE}"
    assert not DuelDeal.objects.get().confirmed
    duel_deal_confirm(token=token, **pending(token))
    with pytest.raises(DuelServiceError, match="the table now shows it as 9 v 4"):
        duel_deal_reject(token=token, **seen)
    with pytest.raises(DuelServiceError, match="Deal 1 is confirmed: only the organiser"):
        duel_deal_reject(token=token, **_as_shown(token, 1))
    assert DuelDeal.objects.get().confirmed


def test_a_match_of_another_table_is_never_written_to(token):
    night = _state(token).night
    theirs = shown(night.tables.get(number=2).token)
    with pytest.raises(DuelServiceError, match="This page was out of date"):
        duel_deal_enter(token=token, **theirs, tricks_a=8, tricks_b=5)
    assert not DuelDeal.objects.exists()


# Through the tablet's pages, as the tables send them.


def _page(client, token):
    return client.get(f"/two/{token}/").content.decode()


def _post(client, token, action, data):
    return client.post(f"/two/{token}/{action}", data, follow=True).content.decode()


def test_the_tablet_pages_name_the_deal_and_a_retry_is_harmless(client, token):
    _post(client, token, "check-in/", form(_page(client, token), "check-in/"))
    entry = form(_page(client, token), "enter/") | {"tricks_a": 8, "tricks_b": 5}
    assert entry["deal"] == "1" and entry["round"] == "1"
    _post(client, token, "enter/", entry)
    confirm = form(_page(client, token), "confirm/")
    assert (confirm["deal"], confirm["tricks_a"], confirm["tricks_b"]) == ("1", "8", "5")
    _post(client, token, "confirm/", confirm)
    page = _post(client, token, "enter/", entry)  # the entry sent again after its confirmation
    assert DuelDeal.objects.count() == 1 and "Deal 2" in page
    _post(client, token, "enter/", form(page, "enter/") | {"tricks_a": 7, "tricks_b": 6})
    page = _post(client, token, "confirm/", confirm)  # deal 1's confirmation sent again
    assert not DuelDeal.objects.get(number=2).confirmed
    assert "is this right?" in page and "out of date" not in page


def test_a_stale_tablet_page_is_refused_in_words_and_shown_the_table(client, token):
    _post(client, token, "check-in/", form(_page(client, token), "check-in/"))
    old = _page(client, token)  # a second device, left on deal 1's entry
    _post(client, token, "enter/", form(old, "enter/") | {"tricks_a": 8, "tricks_b": 5})
    _post(client, token, "confirm/", form(_page(client, token), "confirm/"))
    page = _post(client, token, "enter/", form(old, "enter/") | {"tricks_a": 9, "tricks_b": 4})
    assert "This was deal 1 of round 1; the table is now on deal 2. Your page was out of date" in page
    assert 'id="deal-2"' in page
    assert list(DuelDeal.objects.values_list("tricks_a", flat=True)) == [8]


@pytest.mark.parametrize("action", ["enter/", "confirm/", "reject/", "check-in/"])
def test_a_form_from_an_older_page_is_refused_and_nothing_is_written(client, token, action):
    enter(token, 8, 5)
    lines = DuelDealChange.objects.count()
    page = _post(client, token, action, {"tricks_a": 8, "tricks_b": 5})
    assert OLD_PAGE in page and "is this right?" in page
    assert DuelDealChange.objects.count() == lines and not DuelDeal.objects.get().confirmed


def test_a_tablets_writes_take_no_more_statements_than_before_they_named_the_deal(
    client, token, django_assert_max_num_queries
):
    named = {"round": 1, "match": shown(token)["match_id"]}
    figures = {"deal": 1, "tricks_a": 8, "tricks_b": 5}
    for action, data, most in [
        ("check-in/", named, 10),
        ("enter/", named | figures, 10),
        ("reject/", named | figures, 10),
        ("enter/", named | figures, 10),
        ("confirm/", named | figures, 13),
    ]:
        with django_assert_max_num_queries(most):
            client.post(f"/two/{token}/{action}", data)
    assert DuelDeal.objects.get().confirmed
