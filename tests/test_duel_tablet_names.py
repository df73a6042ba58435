"""A two-player table's tablet names what each write acts on (the round, the match, the deal, and
for a confirmation or a send-back the figures shown): the same write sent again is answered as
done and writes nothing; a page the table has moved on from is refused in words, never applied
to the deal the table is on now."""

from collections import Counter
from datetime import date

import pytest
from django.db import connection
from django.db.models.signals import post_init
from django.test.utils import CaptureQueriesContext

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


@pytest.mark.parametrize("action", ["enter/", "confirm/", "reject/", "check-in/"])
def test_a_write_to_a_link_no_table_has_is_not_found(client, token, action):
    named = {"round": 1, "match": shown(token)["match_id"], "deal": 1, "tricks_a": 8, "tricks_b": 5}
    assert client.post(f"/two/{'x' * len(token)}/{action}", named).status_code == 404
    assert client.post(f"/two/{token}!/{action}", named).status_code == 404
    assert not DuelDeal.objects.exists() and not DuelDealChange.objects.exists()


# What a tap costs: a few statements, the same however long the night, reading the table's own
# match and what the write needs (never the night whole).


def _taps(client, token) -> list[tuple[str, int, dict]]:
    """The table's match played as its tablet plays it, from its check-in to its last deal, with a
    stale page's entry refused on the way: each request, its statements and the rows it read (each
    model's instances made, as a statement's rows become them)."""
    taps = []

    def tap(name, method, action, data=None):
        made = Counter()

        def count(sender, **kwargs):
            made[sender.__name__] += 1

        post_init.connect(count)
        try:
            with CaptureQueriesContext(connection) as statements:
                getattr(client, method)(f"/two/{token}/{action}", data)
        finally:
            post_init.disconnect(count)
        taps.append((name, len(statements), dict(made)))

    named = shown(token)
    at = {"round": named["round"], "match": named["match_id"]}
    tap("page", "get", "")
    tap("check-in", "post", "check-in/", at)
    first = at | {"deal": named["deal"], "tricks_a": 8, "tricks_b": 5}
    tap("enter", "post", "enter/", first)
    tap("reject", "post", "reject/", first)
    tap("enter again", "post", "enter/", first)
    tap("confirm", "post", "confirm/", first)
    tap("stale entry", "post", "enter/", first | {"tricks_a": 9, "tricks_b": 4})
    for number in range(named["deal"] + 1, named["deal"] + 4):  # deals of four: the match's last
        deal = at | {"deal": number, "tricks_a": 7, "tricks_b": 6}
        tap(f"enter {number}", "post", "enter/", deal)
        tap(f"page {number}", "get", "")
        tap(f"confirm {number}", "post", "confirm/", deal)
    tap("page over", "get", "")
    return taps


def _night(club, players: int, rounds: int, name: str):
    night = duel_night_create(
        club=club,
        name=name,
        date=date(2026, 11, 27),
        players=[f"Player {n}" for n in range(1, players + 1)],
        pairing="swiss",
        rounds=rounds,
        deals=4,
    )
    duel_night_start(night=night)
    return night


def test_each_tap_at_a_tablet_takes_at_most_eight_statements(client, club, django_assert_max_num_queries):
    night = _night(club, 4, 1, "German whist night")
    token = night.tables.get(number=1).token
    named = shown(token)
    at = {"round": 1, "match": named["match_id"]}
    figures = at | {"deal": 1, "tricks_a": 8, "tricks_b": 5}
    for method, action, data in [
        ("get", "", None),
        ("post", "check-in/", at),
        ("post", "enter/", figures),
        ("post", "reject/", figures),
        ("post", "enter/", figures),
        ("post", "confirm/", figures),
        ("post", "enter/", figures | {"tricks_a": 9, "tricks_b": 4}),  # a stale page, refused
        ("post", "confirm/", figures),  # sent again: done already
        ("get", "", None),
    ]:
        with django_assert_max_num_queries(8):
            getattr(client, method)(f"/two/{token}/{action}", data)
    assert DuelDeal.objects.get().confirmed


def test_a_tap_costs_the_same_in_a_long_night_as_in_a_new_one(client, club, make_club):
    """Four players in round 1, and twenty in round 5 of six with four rounds of deals stored: each
    request takes the same statements and reads the same rows."""
    small = _night(club, 4, 1, "Small night")
    new = _taps(client, small.tables.get(number=1).token)
    big = _night(make_club(name="Pendle Whist Circle"), 20, 6, "Long night")
    for _ in range(4):
        for table in big.tables.all():
            while not _state(table.token).rounds[shown(table.token)["round"]][table.number - 1].finished:
                enter(table.token, 8, 5)
                duel_deal_confirm(token=table.token, **pending(table.token))
        assert pair_pending(big)
    assert DuelDeal.objects.filter(match__night=big).count() == 4 * 10 * 4
    token = big.tables.get(number=1).token
    assert shown(token)["round"] == 5
    late = _taps(client, token)
    assert late == new
    assert all(statements <= 8 for _, statements, _ in late)
    assert max(sum(rows.values()) for _, _, rows in late) <= 12  # the table's match, its players, deals
