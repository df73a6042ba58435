"""What may happen to a two-player night now: one module answers, and the night's services, pages
and tablets ask it."""

from datetime import date

import pytest

from tests.duel_tables import confirm, enter, pair_pending
from tournaments.models import DuelNight
from tournaments.services import duels
from tournaments.services.duels import DuelServiceError, lifecycle, night_state
from tournaments.services.duels.check_in import duel_table_check_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club):
    return duels.duel_night_create(
        club=club,
        name="German whist night",
        date=date(2026, 11, 27),
        rounds=2,
        deals=1,
        players=["Ann Smith", "Bob Jones", "Cath Green", "Dan Brown"],
    )


def _play_out(night):
    """Every table enters and confirms a deal (a match of one) until the night's last round is over."""
    while not night_state(night).complete:
        state = night_state(night)
        for line in state.rounds[state.round_in_play]:
            if not line.finished:
                token = night.tables.get(number=line.match.table).token
                enter(token, 8, 5)
                confirm(token)
        pair_pending(night)


def _refusal(action, **kwargs) -> str:
    with pytest.raises(DuelServiceError) as refused:
        action(**kwargs)
    return str(refused.value)


@pytest.mark.parametrize(
    "status, published, players, start, play, correct, close, publish",
    [
        ("entries", False, True, True, False, False, False, False),
        ("running", False, False, False, True, True, True, False),
        ("finished", False, False, False, False, True, False, True),
        ("finished", True, False, False, False, True, False, True),
    ],
)
def test_each_stage_of_a_night_allows_what_it_should(
    night, status, published, players, start, play, correct, close, publish
):
    DuelNight.objects.filter(pk=night.pk).update(status=status, published=published)
    night.refresh_from_db()
    assert bool(lifecycle.may_change_players(night)) is players
    assert bool(lifecycle.may_start(night)) is start
    assert bool(lifecycle.may_play(night)) is play
    assert bool(lifecycle.may_correct(night)) is correct
    assert bool(lifecycle.may_close(night)) is close
    assert bool(lifecycle.may_publish(night)) is publish
    allows = lifecycle.night_allows(night)
    assert allows["change_players"] is players and allows["start"] is start and allows["play"] is play
    assert allows["correct"] is correct and allows["close"] is close
    assert allows["publish"] is (publish and not published) and allows["unpublish"] is published
    assert allows["send_results"] is published
    assert allows["started"] is (status != "entries") and allows["finished"] is (status == "finished")


def test_every_refusal_says_why_in_the_organisers_words(night):
    for verdict in (
        lifecycle.may_play(night),
        lifecycle.may_correct(night),
        lifecycle.may_close(night),
        lifecycle.may_publish(night),
    ):
        assert not verdict and verdict.reason.startswith(("German whist night", "Close German whist night"))
    duels.duel_night_start(night=night)
    night.refresh_from_db()
    assert lifecycle.may_start(night).reason == "German whist night has started already."
    assert "players" in lifecycle.may_change_players(night).reason


def test_the_services_refuse_with_the_lifecycles_reason(night):
    assert _refusal(duels.duel_night_close, night=night) == lifecycle.may_close(night).reason
    assert _refusal(duels.duel_night_publish, night=night) == lifecycle.may_publish(night).reason
    duels.duel_night_start(night=night)
    night.refresh_from_db()
    assert _refusal(duels.duel_night_start, night=night) == lifecycle.may_start(night).reason
    added = _refusal(duels.duel_player_add, night=night, name="Eve White")
    removed = _refusal(duels.duel_player_remove, night=night, player=night.players.first())
    assert added == removed == lifecycle.may_change_players(night).reason
    _play_out(night)
    duels.duel_night_close(night=night)
    night.refresh_from_db()
    token = night.tables.first().token
    entered = _refusal(
        duels.duel_deal_enter, token=token, round=1, match_id=0, deal=1, tricks_a=8, tricks_b=5
    )
    assert (
        entered
        == _refusal(duel_table_check_in, token=token, round=1, match_id=0)
        == lifecycle.may_play(night).reason
    )


def test_a_deal_is_corrected_only_once_the_night_has_started(night, club):
    other = duels.duel_night_create(
        club=club,
        name="Humbug night",
        date=date(2026, 11, 28),
        game="humbug",
        rounds=2,
        deals=1,
        players=["Ann Smith", "Bob Jones", "Cath Green", "Dan Brown"],
    )
    duels.duel_night_start(night=other)
    match = other.matches.first()
    refused = _refusal(
        duels.duel_deal_correct, night=night, match=match, number=1, tricks_a=8, tricks_b=5, reason="card"
    )
    assert refused == lifecycle.may_correct(night).reason


def test_the_nights_page_shows_the_buttons_its_stage_allows(night, client, organiser):
    client.force_login(organiser)
    page = f"/two-player/{night.pk}/"
    entries = client.get(page).content.decode()
    assert "Start: pair round 1" in entries and "Take out" in entries and "Close the night" not in entries
    duels.duel_night_start(night=night)
    running = client.get(page).content.decode()
    assert "Close the night" in running and "Start: pair round 1" not in running and "Take out" not in running
    _play_out(night)
    duels.duel_night_close(night=night)
    finished = client.get(page).content.decode()
    assert "Publish the results" in finished and "Close the night" not in finished
    assert "Send results" not in finished
    duels.duel_night_publish(night=night)
    published = client.get(page).content.decode()
    assert "Make the results private" in published and "Send results" in published


def test_the_room_display_refreshes_only_while_the_night_is_played(night, client, organiser):
    client.force_login(organiser)
    room = f"/two-player/{night.pk}/room/"
    assert 'http-equiv="refresh"' not in client.get(room).content.decode()
    duels.duel_night_start(night=night)
    assert 'http-equiv="refresh"' in client.get(room).content.decode()
    _play_out(night)
    duels.duel_night_close(night=night)
    closed = client.get(room).content.decode()
    assert 'http-equiv="refresh"' not in closed and "final standings" in closed


def test_a_tablet_looks_again_until_the_start_and_stops_once_the_night_is_over(night, client):
    duels.duel_night_start(night=night)
    night.refresh_from_db()
    table = night.tables.first()
    DuelNight.objects.filter(pk=night.pk).update(status=DuelNight.Status.ENTRIES)
    waiting = client.get(f"/two/{table.token}/").content.decode()
    assert "has not started" in waiting and 'http-equiv="refresh"' in waiting
    DuelNight.objects.filter(pk=night.pk).update(status=DuelNight.Status.RUNNING)
    _play_out(night)
    over = client.get(f"/two/{table.token}/").content.decode()
    assert "The night is over" in over and 'http-equiv="refresh"' not in over
