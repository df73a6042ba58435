"""A widow whist player's page of the evening, as its service reads it: played through deal by deal,
a deal shows only once the player's table has agreed it, the running total follows the deals, the
place follows the club's choice, and after the last deal the figures are the final results'."""

import pytest

from tests.test_widow_series import make_series, tricks_for
from tournaments.domain.progress import CLOSE, LIVE, ROUNDS
from tournaments.models import Club
from tournaments.services import widow
from tournaments.services.widow.evening import widow_evening

pytestmark = pytest.mark.django_db
PlacesShown = Club.PlacesShown


def _started(club, players=10, places=PlacesShown.LIVE, **options):
    club.places_shown = places
    club.save(update_fields=["places_shown"])
    return widow.widow_start(drive=make_series(club, players, **options))


def _row(state, player, through=None):
    return next(r for r in state.standings(through) if r["player"].pk == player.pk)


def _deals_shown(evening) -> set[tuple[int, int, int]]:
    return {(at.series, at.table, line.deal) for at in evening.series for line in at.deals}


def _agreed_with(state, player) -> set[tuple[int, int, int]]:
    """The deals the player played that their table has agreed."""
    return {key for key, deal in state.deals.items() if deal.confirmed and player.pk in state.tricks(deal)}


def _play_deal(drive, series, table, watched):
    """A table's next deal entered and agreed one player at a time; the watched players' pages are
    looked at after every tap: nothing of the deal shows before the last agreement."""
    now = widow.WidowState(drive).now_at(table)
    taker, tricks = tricks_for(now, now.deal)
    shown = {"drive": drive, "series": series, "table": table, "deal": now.deal}
    shown |= {"taker": taker, "tricks": tricks}
    widow.widow_deal_enter(**shown)
    for k, player in enumerate(now.playing):
        key = (series, table, now.deal)
        for other in watched:
            assert key not in _deals_shown(widow_evening(other)), key
        widow.widow_deal_agree(**shown, player=player)
        if k == len(now.playing) - 1:
            assert any((series, table, now.deal) in _deals_shown(widow_evening(p)) for p in watched) == any(
                p.pk in now.playing for p in watched
            )


def test_a_player_sees_each_deal_once_their_table_agrees_it_and_the_final_results_at_the_end(club):
    drive = _started(club, 10, series=2, deals_each=3)
    players = list(drive.players.order_by("card"))
    watched = players[:4]
    while True:
        state = widow.WidowState(drive)
        series = state.series
        playing = [t for t in sorted(state.tables[series]) if state.now_at(t) is not None]
        if not playing:
            break
        for table in playing:  # the tables take turns, a deal each
            _play_deal(drive, series, table, watched)
            state = widow.WidowState(drive)
            for player in watched:
                evening = widow_evening(player)
                assert _deals_shown(evening) == _agreed_with(state, player)
                assert evening.total == state.totals()[player.pk]
                row = _row(state, player)
                assert evening.standing == (row if row["played"] else None)
    state = widow.WidowState(widow.widow_close(drive=drive))
    for row in state.standings():
        evening = widow_evening(row["player"])
        assert evening.finished and evening.deal_now is None
        assert (evening.total, evening.standing["place"]) == (row["points"], row["place"])
        assert evening.standing["points"] == row["points"]
        assert [line.running for at in evening.series for line in at.deals][-1] == row["points"]


def test_its_running_total_adds_up_the_points_of_its_deals(club):
    drive = _started(club, 9, deals_each=3)
    player = drive.players.order_by("card").first()
    state = widow.WidowState(drive)
    table = next(t for t, seats in state.tables[1].items() if player.pk in seats)
    for _ in range(3):
        _play_deal(drive, 1, table, [player])
    evening = widow_evening(player)
    (at,) = evening.series
    assert [line.deal for line in at.deals] == [1, 2, 3] and at.agreed == at.table_deals == 3
    points = [line.points for line in at.deals]
    assert [line.running for line in at.deals] == [sum(points[: k + 1]) for k in range(3)]
    assert at.points == evening.total == sum(points)
    assert len(at.others) == 2 and evening.name not in at.others
    assert evening.deal_now is None and evening.still_playing == tuple(t for t in (1, 2, 3) if t != table)


def test_at_a_table_of_four_the_deals_it_sat_out_are_not_its_own(club):
    drive = _started(club, 10, deals_each=3)
    state = widow.WidowState(drive)
    dealer = state.players[state.tables[1][1][0]]  # deals deal 1 at the table of four, and sits out
    _play_deal(drive, 1, 1, [dealer])
    evening = widow_evening(dealer)
    assert evening.series[0].agreed == 1 and evening.series[0].deals == ()
    assert evening.deal_now.deal == 2 and evening.dealer != evening.name


@pytest.mark.parametrize("places", [PlacesShown.ROUNDS, PlacesShown.CLOSE])
def test_its_place_shows_as_the_club_chooses(club, places):
    drive = _started(club, 9, places=places, series=2, deals_each=3)
    player = drive.players.order_by("card").first()
    for table in (1, 2, 3):
        for _ in range(2):
            _play_deal(drive, 1, table, [])
    assert widow_evening(player).standing is None  # series 1 still being played
    for table in (1, 2, 3):
        _play_deal(drive, 1, table, [])
    state = widow.WidowState(drive)
    assert state.series == 2
    table = next(t for t, seats in state.tables[2].items() if player.pk in seats)
    _play_deal(drive, 2, table, [])
    evening = widow_evening(player)
    if places == PlacesShown.CLOSE:
        assert evening.standing is None
    else:
        state = widow.WidowState(drive)
        assert evening.standing_after == 1
        assert evening.standing["place"] == _row(state, player, 1)["place"]
        assert evening.standing["points"] == state.series_totals(1)[player.pk]
        assert evening.total == state.totals()[player.pk]
        assert evening.came_from is not None and evening.now.series == 2


def test_a_corrected_deal_shows_as_one(club, organiser):
    drive = _started(club, 9, deals_each=3)
    state = widow.WidowState(drive)
    a, b, c = state.tables[1][1]
    _play_deal(drive, 1, 1, [])
    widow.widow_deal_correct(
        drive=drive, series=1, table=1, deal=1, taker=None, tricks={a: 5, b: 4, c: 4}, reason="miscounted"
    )
    (line,) = widow_evening(state.players[a]).series[0].deals
    assert line.corrected and (line.tricks, line.points) == (5, 2)


def test_the_shared_decision_knows_every_choice_of_the_club():
    assert {LIVE, ROUNDS, CLOSE} == set(PlacesShown.values)
