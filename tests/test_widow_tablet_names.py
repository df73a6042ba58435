"""A widow whist table's tablet names what each write acts on (the series, the deal, and the
figures entered or shown to be agreed): the same write sent again is answered as done and writes
nothing; a page the table has moved on from is refused in words, never stored as another deal."""

import pytest
from django.urls import reverse

from tests.test_widow_series import make_series, play_series
from tournaments.domain.entry import OLD_PAGE
from tournaments.models import AuditLine, DriveTable, WidowDeal, WidowTricks
from tournaments.services import widow
from tournaments.services.core.errors import ServiceError

pytestmark = pytest.mark.django_db
STALE = "Your page was out of date: here is the table as it stands."


@pytest.fixture
def drive(club):
    """Nine players at three tables of three, started."""
    return widow.widow_start(drive=make_series(club, 9))


def _deal(drive, table=1, counts=(5, 4, 4), taker_at=None):
    """The table's deal in play as its page names it, with some figures."""
    now = widow.WidowState(drive).now_at(table)
    tricks = dict(zip(now.playing, counts, strict=True))
    taker = None if taker_at is None else now.playing[taker_at]
    return {
        "drive": drive,
        "series": now.series,
        "table": table,
        "deal": now.deal,
        "taker": taker,
        "tricks": tricks,
    }


def _agree_all(shown):
    for player in shown["tricks"]:
        widow.widow_deal_agree(**shown, player=player)


def test_an_entry_sent_again_keeps_the_agreements_and_is_no_second_deal(drive):
    shown = _deal(drive)
    widow.widow_deal_enter(**shown)
    first = next(iter(shown["tricks"]))
    widow.widow_deal_agree(**shown, player=first)
    lines = AuditLine.objects.count()
    widow.widow_deal_enter(**shown)  # the reply lost: the tablet sends again
    assert WidowDeal.objects.count() == 1 and AuditLine.objects.count() == lines
    assert WidowTricks.objects.get(player_id=first).agreed
    _agree_all(shown)
    again = widow.widow_deal_enter(**shown)  # and again, once agreed
    assert again.confirmed and WidowDeal.objects.count() == 1 and widow.WidowState(drive).now_at(1).deal == 2


def test_an_agreement_or_a_send_back_sent_again_is_done_already(drive):
    shown = _deal(drive)
    widow.widow_deal_enter(**shown)
    _agree_all(shown)
    lines = AuditLine.objects.count()
    _agree_all(shown)
    assert AuditLine.objects.count() == lines
    with pytest.raises(ServiceError, match="is agreed: only the organiser can change it now"):
        widow.widow_deal_reject(**shown)
    later = _deal(drive, counts=(4, 4, 5))
    widow.widow_deal_enter(**later)
    widow.widow_deal_reject(**later)
    widow.widow_deal_reject(**later)  # sent again: nothing more to take back
    assert WidowDeal.objects.count() == 1


def test_an_entry_from_a_page_the_table_has_moved_on_from_is_refused_in_words(drive):
    stale = _deal(drive, counts=(3, 5, 5))  # a second tablet, left on deal 1
    shown = _deal(drive)
    widow.widow_deal_enter(**shown)
    with pytest.raises(ServiceError, match=r"Deal 1 already has .* \(waiting for the players to confirm\)"):
        widow.widow_deal_enter(**stale)
    _agree_all(shown)
    with pytest.raises(ServiceError) as refused:
        widow.widow_deal_enter(**stale)
    assert str(refused.value) == f"This was deal 1 of series 1; the table is now on deal 2. {STALE}"
    assert WidowDeal.objects.count() == 1 and widow.WidowState(drive).now_at(1).entered is None


def test_a_series_one_entry_after_series_two_is_drawn_is_refused(drive):
    stale = _deal(drive, counts=(3, 5, 5)) | {"deal": 12}
    play_series(drive)
    assert widow.WidowState(drive).series == 2
    deals = WidowDeal.objects.count()
    with pytest.raises(ServiceError) as refused:
        widow.widow_deal_enter(**stale)
    assert str(refused.value).startswith(
        "This was deal 12 of series 1; the table is now on deal 1 of series 2."
    )
    assert WidowDeal.objects.count() == deals


def test_an_agreement_of_figures_since_sent_back_and_entered_again_is_refused(drive):
    seen = _deal(drive)
    widow.widow_deal_enter(**seen)
    widow.widow_deal_reject(**seen)
    player = next(iter(seen["tricks"]))
    with pytest.raises(ServiceError, match="it was sent back, to be entered again"):
        widow.widow_deal_agree(**seen, player=player)
    widow.widow_deal_enter(**_deal(drive, counts=(6, 3, 4)))
    with pytest.raises(ServiceError) as refused:
        widow.widow_deal_agree(**seen, player=player)
    assert "This was deal 1 of series 1; the table now shows it as " in str(refused.value)
    assert str(refused.value).endswith(STALE)
    assert not WidowTricks.objects.filter(agreed=True).exists()


# Through the tablet's pages.


def _url(name, link):
    return reverse(f"tournaments:widow-table-{name}", args=[link.token])


def _form(shown):
    return {
        "series": shown["series"],
        "deal": shown["deal"],
        "widow": shown["taker"] or "",
        **{f"tricks_{p}": n for p, n in shown["tricks"].items()},
    }


def test_the_tablet_pages_carry_the_figures_and_a_retry_is_harmless(client, drive):
    link = DriveTable.objects.get(drive=drive, table=2)
    client.post(_url("check-in", link), {"round": 1, "answer": "us"})
    shown = _deal(drive, table=2, taker_at=1)
    client.post(_url("enter", link), _form(shown))
    client.post(_url("enter", link), _form(shown))
    page = client.get(reverse("tournaments:drive-table", args=[link.token])).content.decode()
    a, b, c = shown["tricks"]
    assert f'name="tricks_{a}" value="5"' in page and f'name="widow" value="{b}"' in page
    for player in (a, b, c):
        client.post(_url("agree", link), _form(shown) | {"player": player})
    assert WidowDeal.objects.get().confirmed
    page = client.post(_url("enter", link), _form(shown) | {f"tricks_{a}": 3, f"tricks_{b}": 5}, follow=True)
    words = page.content.decode()
    assert "This was deal 1 of series 1; the table is now on deal 2. Your page was out of date" in words
    assert "Deal 2 of 12" in words and WidowDeal.objects.count() == 1


@pytest.mark.parametrize("action", ["agree", "reject", "enter"])
def test_a_form_from_an_older_page_is_refused_and_nothing_is_written(client, drive, action):
    link = DriveTable.objects.get(drive=drive, table=1)
    shown = _deal(drive)
    widow.widow_deal_enter(**shown)
    old = {"series": 1, "deal": 1, "player": next(iter(shown["tricks"]))}  # no figures
    if action == "enter":
        old = {"widow": "", **{f"tricks_{p}": n for p, n in shown["tricks"].items()}}  # no deal named
    page = client.post(_url(action, link), old, follow=True).content.decode()
    assert OLD_PAGE.replace("'", "&#x27;") in page and "Each of you: is this right?" in page
    assert not WidowTricks.objects.filter(agreed=True).exists() and WidowDeal.objects.count() == 1


def test_each_request_at_a_tablet_takes_at_most_eight_statements(
    client, drive, django_assert_max_num_queries
):
    """The table read with its drive, the drive locked (one statement); the table's seats or the
    deal named, with what the tap needs to know of the table (one); the writes and their line in
    the trail; and the transaction's two (here the savepoint inside the test's own transaction; in
    production BEGIN and COMMIT). A tap from a page left behind reads the deals the table has
    agreed once more, to say which deal it is on now."""
    link = DriveTable.objects.get(drive=drive, table=1)
    shown = _deal(drive)
    players = list(shown["tricks"])
    page = reverse("tournaments:drive-table", args=[link.token])
    for action, data in [
        ("page", None),
        ("check-in", {"round": 1, "answer": "us"}),
        ("enter", _form(shown)),
        ("page", None),
        ("reject", _form(shown)),
        ("enter", _form(shown)),
        ("enter", _form(shown)),
        ("agree", _form(shown) | {"player": players[0]}),
        ("agree", _form(shown) | {"player": players[1]}),
        ("agree", _form(shown) | {"player": players[2]}),
        ("enter", _form(shown) | {f"tricks_{players[0]}": 3, f"tricks_{players[1]}": 6}),
        ("page", None),
    ]:
        with django_assert_max_num_queries(8):
            if action == "page":
                client.get(page)
            else:
                client.post(_url(action, link), data)
    assert WidowTricks.objects.filter(agreed=True).count() == 3 and WidowDeal.objects.get().confirmed
