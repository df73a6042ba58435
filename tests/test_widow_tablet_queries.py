"""A widow whist table's tablet costs the same at the first deal of the evening as late in its last
series: each tap reads only its own table, in the same statements and the same rows whatever has
been played at the other tables and in the series before, and the tablet's page in the same
statements. The tap that completes a series asks for the next to be drawn from the whole evening
after its request (``core.later``), and stays within the same eight statements."""

from contextlib import contextmanager

import pytest
from django.db import connection
from django.db.models.signals import post_init
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.test_widow_series import make_series, tricks_for
from tournaments.models import DriveTable, WidowDeal, WidowSeat
from tournaments.services import widow

pytestmark = pytest.mark.django_db


def _late(club):
    """Twelve players at four tables of three, late in the last of three series: series 1 and 2
    played, and in series 3 each table's first eight deals typed from the score cards."""
    drive = widow.widow_start(drive=make_series(club, 12, series=3))
    for series, deals in ((1, 12), (2, 12), (3, 8)):
        state = widow.WidowState(drive)
        assert state.series == series
        for table in sorted(state.tables[series]):
            for deal in range(1, deals + 1):
                taker, tricks = tricks_for(state.deal_now(series, table, deal), deal)
                widow.widow_deal_record(drive=drive, table=table, taker=taker, tricks=tricks)
    return drive


@contextmanager
def _counted():
    """The statements a request makes, and the model instances it builds: the rows it reads (those
    read with them too) and those it writes."""
    built = []

    def count(sender, **kwargs):
        built.append(sender)

    post_init.connect(count, weak=False)
    try:
        with CaptureQueriesContext(connection) as statements:
            yield statements, built
    finally:
        post_init.disconnect(count)


def _taps(client, drive, table: int = 2) -> list[tuple[str, int, int]]:
    """Each request of a deal at the table's tablet, from the page to the deal agreed, with its
    statements and the instances it built."""
    link = DriveTable.objects.get(drive=drive, table=table)
    now = widow.WidowState(drive).now_at(table)
    taker, tricks = tricks_for(now, now.deal)
    shown = {
        "series": now.series,
        "deal": now.deal,
        "widow": taker or "",
        **{f"tricks_{p}": n for p, n in tricks.items()},
    }
    a, b, c = now.playing

    def url(name):
        return reverse(f"tournaments:widow-table-{name}", args=[link.token])

    steps = [
        ("page", None, None),
        ("check-in", url("check-in"), {"round": now.series, "answer": "us"}),
        ("enter", url("enter"), shown),
        ("enter again", url("enter"), shown),
        ("reject", url("reject"), shown),
        ("enter", url("enter"), shown),
        ("page", None, None),
        ("agree", url("agree"), shown | {"player": a}),
        ("agree", url("agree"), shown | {"player": b}),
        ("agree, the last", url("agree"), shown | {"player": c}),
        ("agree again", url("agree"), shown | {"player": c}),
        (
            "enter from a page left behind",
            url("enter"),
            shown | {f"tricks_{a}": tricks[c], f"tricks_{c}": tricks[a]},
        ),
        ("page", None, None),
    ]
    counts = []
    for name, to, data in steps:
        with _counted() as (statements, built):
            if to is None:
                response = client.get(reverse("tournaments:drive-table", args=[link.token]))
            else:
                response = client.post(to, data)
        assert response.status_code in (200, 302), name
        counts.append((name, len(statements), len(built)))
    assert WidowDeal.objects.get(drive=drive, series=now.series, table=table, deal=now.deal).confirmed
    return counts


def test_a_tap_costs_the_same_at_the_first_deal_as_late_in_the_last_series(client, club):
    fresh = _taps(client, widow.widow_start(drive=make_series(club, 9)))
    late_drive = _late(club)
    assert WidowDeal.objects.filter(drive=late_drive).count() == 2 * 48 + 32
    late = _taps(client, late_drive)
    assert [(name, statements) for name, statements, _ in late] == [
        (name, statements) for name, statements, _ in fresh
    ]
    # The taps read the same rows; the page reads the table's deals of its series so far.
    assert [step for step in late if step[0] != "page"] == [step for step in fresh if step[0] != "page"]
    assert max(statements for _, statements, _ in late) <= 8, late


def test_a_tables_last_deal_agreed_while_others_play_takes_at_most_eight_statements(
    client, club, django_assert_max_num_queries
):
    drive = widow.widow_start(drive=make_series(club, 9, deals_each=3))
    state = widow.WidowState(drive)
    for deal in (1, 2):
        taker, tricks = tricks_for(state.deal_now(1, 1, deal), deal)
        widow.widow_deal_record(drive=drive, table=1, taker=taker, tricks=tricks)
    now = widow.WidowState(drive).now_at(1)
    taker, tricks = tricks_for(now, now.deal)
    shown = {"drive": drive, "series": 1, "table": 1, "deal": 3, "taker": taker, "tricks": tricks}
    widow.widow_deal_enter(**shown)
    for player in now.playing[:2]:
        widow.widow_deal_agree(**shown, player=player)
    link = DriveTable.objects.get(drive=drive, table=1)
    form = {"series": 1, "deal": 3, "widow": taker or "", **{f"tricks_{p}": n for p, n in tricks.items()}}
    with django_assert_max_num_queries(8):
        client.post(
            reverse("tournaments:widow-table-agree", args=[link.token]), form | {"player": now.playing[2]}
        )
    assert widow.WidowState(drive).table_done(1, 1) == 3
    assert not WidowSeat.objects.filter(drive=drive, series=2).exists()  # tables 2 and 3 still play


def _all_but_the_last_tap(drive, table: int = 3):
    """Every table's deals of series 1 typed in, but table ``table``'s last, entered and agreed by
    two of its three players: the form of the last player's agreement, which ends the series."""
    state = widow.WidowState(drive)
    for at in sorted(state.tables[1]):
        for deal in range(1, 4 if at != table else 3):
            taker, tricks = tricks_for(state.deal_now(1, at, deal), deal)
            widow.widow_deal_record(drive=drive, table=at, taker=taker, tricks=tricks)
    now = widow.WidowState(drive).now_at(table)
    taker, tricks = tricks_for(now, now.deal)
    shown = {"drive": drive, "series": 1, "table": table, "deal": 3, "taker": taker, "tricks": tricks}
    widow.widow_deal_enter(**shown)
    for player in now.playing[:2]:
        widow.widow_deal_agree(**shown, player=player)
    link = DriveTable.objects.get(drive=drive, table=table)
    form = {"series": 1, "deal": 3, "widow": taker or "", **{f"tricks_{p}": n for p, n in tricks.items()}}
    return link, form | {"player": now.playing[2]}


def test_the_tap_that_ends_a_series_takes_at_most_eight_statements_and_the_draw_follows(
    client, club, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    drive = widow.widow_start(drive=make_series(club, 9, deals_each=3))
    link, form = _all_but_the_last_tap(drive)
    with django_capture_on_commit_callbacks() as asked:
        with django_assert_max_num_queries(8):
            client.post(reverse("tournaments:widow-table-agree", args=[link.token]), form)
    assert widow.WidowState(drive).series_complete(1)
    assert not WidowSeat.objects.filter(drive=drive, series=2).exists()  # not drawn in the request
    page = client.get(reverse("tournaments:drive-table", args=[link.token])).content.decode()
    assert "Drawing the tables of series 2" in page
    for callback in asked:  # the request's transaction has committed: the draw follows
        callback()
    assert WidowSeat.objects.filter(drive=drive, series=2).count() == 9
    assert widow.WidowState(drive).series == 2


def test_a_page_that_finds_the_series_ended_and_not_drawn_asks_again(
    client, club, django_capture_on_commit_callbacks
):
    """A server stopped between the tap and the draw leaves no evening waiting: the next look of
    any table's page asks for the draw again; asked twice, the series is drawn once."""
    drive = widow.widow_start(drive=make_series(club, 9, deals_each=3))
    link, form = _all_but_the_last_tap(drive)
    with django_capture_on_commit_callbacks():
        client.post(reverse("tournaments:widow-table-agree", args=[link.token]), form)  # the draw is lost
    with django_capture_on_commit_callbacks(execute=True):
        page = client.get(reverse("tournaments:drive-table", args=[link.token])).content.decode()
    assert "Drawing the tables of series 2" in page
    widow.widow_series_draw(drive.pk)  # asked once more: nothing more is drawn
    assert WidowSeat.objects.filter(drive=drive, series=2).count() == 9
    assert drive.changes.filter(detail__startswith="series 2 drawn").count() == 1
