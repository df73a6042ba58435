"""A widow whist series: ten players at tables of 4 + 3 + 3, each deal entered at the table and
agreed by the three who played it, the next series drawn when one is complete, corrections kept in
the trail, the standings in points."""

from collections import Counter

import pytest
from django.db import IntegrityError, transaction

from tournaments.domain.widow import TOTALS
from tournaments.models import AuditLine, Drive, WidowDeal, WidowSeat, WidowTricks
from tournaments.services import drives, widow
from tournaments.services.core.errors import ServiceError

pytestmark = pytest.mark.django_db


def make_series(club, players: int = 10, **options) -> Drive:
    drive = widow.widow_create(club=club, name="Widow Night", date="2026-11-27", **options)
    for k in range(1, players + 1):
        drives.drive_player_add(drive=drive, name=f"Widow Player {k}")
    return drive


def tricks_for(now, deal: int) -> tuple[int | None, dict[int, int]]:
    """Some tricks for a deal: 5, 4, 4 turned round the table, the widow taken one deal in two."""
    counts = [(5, 4, 4), (4, 4, 5), (2, 6, 5), (6, 3, 4)][deal % 4]
    taker = now.playing[deal % 3] if deal % 2 else None
    return taker, dict(zip(now.playing, counts, strict=True))


def play_series(drive: Drive) -> None:
    state = widow.WidowState(drive)
    series = state.series
    for table in sorted(state.tables[series]):
        while (now := widow.WidowState(drive).now_at(table)) is not None and now.series == series:
            taker, tricks = tricks_for(now, now.deal)
            widow.widow_deal_enter(
                drive=drive, series=series, table=table, deal=now.deal, taker=taker, tricks=tricks
            )
            for player in now.playing:
                widow.widow_deal_agree(
                    drive=drive,
                    series=series,
                    table=table,
                    deal=now.deal,
                    player=player,
                    taker=taker,
                    tricks=tricks,
                )


def test_ten_players_sit_at_a_table_of_four_and_two_of_three(club):
    drive = widow.widow_start(drive=make_series(club))
    state = widow.WidowState(drive)
    assert drive.status == Drive.Status.RUNNING
    assert [len(state.tables[1][t]) for t in (1, 2, 3)] == [4, 3, 3]
    assert state.deals_at(1, 1) == 16 and state.deals_at(1, 2) == 12
    assert drive.table_accesses.count() == 3
    now = state.now_at(1)
    assert now.deal == 1 and now.sitting_out == now.dealer == state.tables[1][1][0]
    assert len(now.playing) == 3 and now.sitting_out not in now.playing


def test_a_deal_counts_once_the_three_who_played_it_agree(club):
    drive = widow.widow_start(drive=make_series(club))
    now = widow.WidowState(drive).now_at(2)
    a, b, c = now.playing
    shown = {"drive": drive, "series": 1, "table": 2, "deal": 1, "taker": a, "tricks": {a: 2, b: 6, c: 5}}
    widow.widow_deal_enter(**shown)
    widow.widow_deal_agree(**shown, player=a)
    widow.widow_deal_agree(**shown, player=b)
    assert widow.WidowState(drive).totals()[a] == 0
    widow.widow_deal_agree(**shown, player=c)
    state = widow.WidowState(drive)
    assert (state.totals()[a], state.totals()[b], state.totals()[c]) == (-2, 3, 2)
    assert state.now_at(2).deal == 2


@pytest.mark.parametrize(
    ("tricks", "words"),
    [((5, 5, 5), "add up to 13: these add up to 15"), ((4, 4), "give each their tricks")],
)
def test_tricks_that_do_not_add_up_are_refused_and_nothing_is_written(club, tricks, words):
    drive = widow.widow_start(drive=make_series(club))
    now = widow.WidowState(drive).now_at(2)
    with pytest.raises(ServiceError, match=words):
        widow.widow_deal_enter(
            drive=drive,
            series=1,
            table=2,
            deal=1,
            taker=None,
            tricks=dict(zip(now.playing, tricks, strict=False)),
        )
    assert not WidowDeal.objects.exists() and not WidowTricks.objects.exists()


def test_the_player_sitting_out_cannot_be_given_tricks_or_agree(club):
    drive = widow.widow_start(drive=make_series(club))
    now = widow.WidowState(drive).now_at(1)
    a, b, c = now.playing
    with pytest.raises(ServiceError, match="give each their tricks"):
        widow.widow_deal_enter(
            drive=drive, series=1, table=1, deal=1, taker=None, tricks={a: 4, b: 4, now.sitting_out: 5}
        )
    shown = {"drive": drive, "series": 1, "table": 1, "deal": 1, "taker": None, "tricks": {a: 4, b: 4, c: 5}}
    widow.widow_deal_enter(**shown)
    with pytest.raises(ServiceError, match="Only the players who played"):
        widow.widow_deal_agree(**shown, player=now.sitting_out)


def test_a_deal_not_agreed_is_taken_back_to_be_entered_again(club):
    drive = widow.widow_start(drive=make_series(club))
    now = widow.WidowState(drive).now_at(3)
    shown = {"drive": drive, "series": 1, "table": 3, "deal": 1, "taker": None}
    tricks = dict(zip(now.playing, (4, 4, 5), strict=True))
    widow.widow_deal_enter(**shown, tricks=tricks)
    widow.widow_deal_reject(**shown, tricks=tricks)
    assert widow.WidowState(drive).now_at(3).entered is None


def test_five_players_are_refused_in_words(club):
    with pytest.raises(ServiceError, match="5 players cannot be split into tables of three and four"):
        widow.widow_start(drive=make_series(club, 5))
    assert Drive.objects.get().status == Drive.Status.ENTRIES


def test_each_series_is_drawn_when_the_last_is_complete_and_everyone_plays_as_many_deals(club):
    drive = widow.widow_start(drive=make_series(club, 10, series=3, deals_each=3))
    for series in (1, 2, 3):
        assert widow.WidowState(drive).series == series
        play_series(drive)
    state = widow.WidowState(drive)
    assert state.series == 3 and state.complete
    assert set(state.played().values()) == {9}
    for series in (1, 2, 3):
        assert Counter(p for t in state.tables[series].values() for p in t) == Counter(list(state.players))
    # Every deal scores 3 with the widow taken, 4 without: the totals add up to that.
    assert sum(state.totals().values()) == sum(
        3 if d.taker_id else 4 for d in state.deals.values() if d.confirmed
    )
    drive = widow.widow_close(drive=drive)
    assert drive.status == Drive.Status.FINISHED
    standings = state.standings()
    assert [s["points"] for s in standings] == sorted((s["points"] for s in standings), reverse=True)
    assert standings[0]["place"].startswith("1")


def test_by_running_totals_the_top_players_sit_together_in_the_next_series(club):
    drive = widow.widow_start(drive=make_series(club, 9, series=2, redraw=TOTALS, deals_each=3))
    play_series(drive)
    state = widow.WidowState(drive)
    totals = state.totals()
    top_table = state.tables[2][1]
    assert sorted(totals[p] for p in top_table) == sorted(totals.values())[-3:]


def test_the_random_draw_is_the_same_again_for_the_same_series(club):
    drive = widow.widow_start(drive=make_series(club, 13))
    first = widow.WidowState(drive).tables[1]
    WidowSeat.objects.filter(drive=drive).delete()
    from tournaments.services.widow.play import _draw

    assert _draw(drive, 1, widow.WidowState(drive)) == tuple(first[t] for t in sorted(first))


def test_the_organiser_corrects_a_deal_with_its_reason_in_the_trail(club, organiser):
    drive = widow.widow_start(drive=make_series(club))
    now = widow.WidowState(drive).now_at(2)
    a, b, c = now.playing
    widow.widow_deal_enter(drive=drive, series=1, table=2, deal=1, taker=None, tricks={a: 4, b: 4, c: 5})
    with pytest.raises(ServiceError, match="Say why"):
        widow.widow_deal_correct(
            drive=drive, series=1, table=2, deal=1, taker=a, tricks={a: 4, b: 4, c: 5}, reason=" "
        )
    widow.widow_deal_correct(
        drive=drive,
        series=1,
        table=2,
        deal=1,
        taker=a,
        tricks={a: 5, b: 4, c: 4},
        reason="widow missed",
        user=organiser,
    )
    state = widow.WidowState(drive)
    assert state.totals()[a] == 1 and state.deals[(1, 2, 1)].confirmed
    line = drive.changes.filter(action=AuditLine.Action.CORRECTED).get()
    assert "(widow)" in line.detail and "widow missed" in line.detail and line.changed_by == organiser


def test_the_database_seats_a_player_once_a_series(club):
    drive = widow.widow_start(drive=make_series(club, 6))
    seat = WidowSeat.objects.filter(drive=drive, series=1).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        WidowSeat.objects.create(drive=drive, series=1, table=9, position=1, player=seat.player)
