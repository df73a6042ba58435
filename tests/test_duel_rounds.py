"""A two-player night's next round is paired after the request that ended the round before: the
last confirmation only records it, and asks for the pairing once it has committed; the pages that
find the night waiting ask again; the pairing is done once however often it is asked."""

import logging
import threading
from datetime import date

import pytest

from tests.duel_tables import enter, pair_pending, pending, shown
from tournaments.models import AuditLine
from tournaments.services import duels
from tournaments.services.duels import rounds

ROUND_2 = (AuditLine.Action.PAIRED, "round 2 (Swiss)")


def _night(club, players=4, **options):
    night = duels.duel_night_create(
        club=club,
        name="German whist night",
        date=date(2026, 11, 27),
        players=[f"Player {n}" for n in range(1, players + 1)],
        **({"pairing": "swiss", "rounds": 3, "deals": 1} | options),
    )
    duels.duel_night_start(night=night)
    return night


def _play(token):
    """The table's match of one deal, entered and confirmed."""
    enter(token, 8, 5)
    return duels.duel_deal_confirm(token=token, **pending(token))


def _trail(night):
    paired = night.changes.filter(action=AuditLine.Action.PAIRED).order_by("changed_at", "id")
    return list(paired.values_list("action", "detail"))


@pytest.mark.django_db
def test_the_last_confirmation_of_a_round_asks_for_the_next_once_it_has_committed(
    club, client, organiser, django_capture_on_commit_callbacks
):
    night = _night(club)
    first, last = (t.token for t in night.tables.order_by("number"))
    with django_capture_on_commit_callbacks() as asked:
        _play(first)
    assert asked == []  # the other table still plays
    with django_capture_on_commit_callbacks() as asked:
        _play(last)
    assert len(asked) == 1 and night.matches.filter(round=2).count() == 0
    page = client.get(f"/two/{first}/").content.decode()
    assert "This match is over, and so is round 1. Round 2 is being paired" in page
    assert 'http-equiv="refresh"' in page
    client.force_login(organiser)
    run = client.get(f"/two-player/{night.pk}/").content.decode()
    assert "Pairing round 2…" in run and 'http-equiv="refresh"' in run
    assert "Round 2</b> is being paired" in client.get(f"/two-player/{night.pk}/room/").content.decode()
    asked[0]()  # the request has committed: the server pairs round 2
    assert night.matches.filter(round=2).count() == 2
    assert _trail(night)[-1] == ROUND_2
    assert shown(first)["round"] == 2
    assert 'id="pairing"' not in client.get(f"/two-player/{night.pk}/").content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["tablet", "run", "room"])
def test_a_page_that_finds_the_next_round_not_paired_asks_for_it_again(
    club, client, organiser, django_capture_on_commit_callbacks, page
):
    """The process that was to pair it stopped: the next page looked at pairs it."""
    night = _night(club)
    for table in night.tables.all():
        _play(table.token)  # its request's pairing never runs
    client.force_login(organiser)
    url = {
        "tablet": f"/two/{night.tables.first().token}/",
        "run": f"/two-player/{night.pk}/",
        "room": f"/two-player/{night.pk}/room/",
    }[page]
    with django_capture_on_commit_callbacks(execute=True) as asked:
        client.get(url)
    assert len(asked) == 1
    assert night.matches.filter(round=2).count() == 2 and _trail(night).count(ROUND_2) == 1
    with django_capture_on_commit_callbacks(execute=True) as asked:
        client.get(url)
    assert asked == []  # round 2 in play: nothing to ask


@pytest.mark.django_db
def test_a_round_is_paired_once_however_often_it_is_asked(club):
    night = _night(club)
    for table in night.tables.all():
        _play(table.token)
    assert pair_pending(night)
    assert not pair_pending(night) and not duels.duel_round_pair(night=night)
    assert night.matches.filter(round=2).count() == 2 and _trail(night).count(ROUND_2) == 1


@pytest.mark.django_db
def test_nothing_is_asked_while_a_round_robin_plays_its_rounds_paired_at_the_start(
    club, django_capture_on_commit_callbacks
):
    night = _night(club, pairing="round-robin", rounds=0)
    with django_capture_on_commit_callbacks() as asked:
        for table in night.tables.all():
            _play(table.token)
    assert asked == []  # round 2 was paired at the start, and is in play
    assert shown(night.tables.first().token)["round"] == 2


@pytest.mark.django_db(transaction=True)
def test_the_server_pairs_the_next_round_in_a_thread_once_and_only_once(club, settings):
    settings.AFTER_REQUEST_IN_BACKGROUND = True
    night = _night(club)
    for table in night.tables.all():
        _play(table.token)  # the last commits, and a thread pairs round 2
    assert duels.duel_pairing_threads_join(timeout=60)
    assert night.matches.filter(round=2).count() == 2
    for table in night.tables.all():
        _play(table.token)
    # Two servers asked at once: the second finds round 3 paired, and pairs nothing.
    both = [threading.Thread(target=rounds.PAIRING.run, args=(night.pk,)) for _ in range(2)]
    for thread in both:
        thread.start()
    for thread in both:
        thread.join(60)
    assert duels.duel_pairing_threads_join(timeout=60)
    assert night.matches.filter(round=3).count() == 2
    assert [detail for _, detail in _trail(night)] == [f"round {n} (Swiss)" for n in (1, 2, 3)]


def test_a_pairing_that_fails_is_logged_and_tried_again_later(settings, monkeypatch, caplog):
    settings.AFTER_REQUEST_IN_BACKGROUND = True
    tries = []

    def fails(*, night, user=None):
        tries.append(night.pk)
        raise duels.DuelServiceError("Round 2 of 4 players cannot be paired without a rematch.")

    monkeypatch.setattr(rounds, "duel_round_pair", fails)
    monkeypatch.setattr(rounds.PAIRING, "failed", {})
    with caplog.at_level(logging.ERROR, logger="tournaments.services.core.later"):
        rounds.PAIRING.start(7)
        assert duels.duel_pairing_threads_join(timeout=10)
    assert tries == [7] and "pairing of a two-player night's next round for evening 7 failed" in caplog.text
    rounds.PAIRING.start(7)  # asked again at once, by a page: not tried again yet
    assert duels.duel_pairing_threads_join(timeout=10) and tries == [7]
    monkeypatch.setattr(rounds.PAIRING, "retry", 0)
    rounds.PAIRING.start(7)
    assert duels.duel_pairing_threads_join(timeout=10) and tries == [7, 7]
