"""A two-player night in the club's backup: written, the database emptied, restored as it was; a
night in play gets new table codes and plays on."""

import random
from io import StringIO

import pytest
from django.core.management import call_command

from tests.duel_tables import confirm, enter
from tests.test_duel_nights import _night, play_round
from tournaments.models import AuditLine, DuelDealChange, DuelNight
from tournaments.services import member_create
from tournaments.services.duels import (
    duel_deal_correct,
    duel_night_close,
    duel_night_start,
    duel_player_add,
    night_as_dict,
    night_state,
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_club_backup_keeps_its_two_player_nights(club, tmp_path):
    member_create(club=club, first_name="Ann", last_name="Smith", email="ann@example.org")
    rng = random.Random(4)
    done = _night(club, 5, rounds=3, knockout=2)
    duel_player_add(night=done, name="Ann Smith")
    duel_night_start(night=done)
    while not night_state(done).complete:
        play_round(done, rng)
    match = done.matches.order_by("round", "table").first()
    duel_deal_correct(night=done, match=match, number=1, tricks_a=13, tricks_b=0, reason="card")
    duel_night_close(night=done)
    playing = _night(club, 4, pairing="round-robin", rounds=0)
    playing.name = "Humbug round robin"
    playing.save()
    duel_night_start(night=playing)
    play_round(playing, rng)
    before = [night_as_dict(n) for n in DuelNight.objects.order_by("name")]
    histories = DuelDealChange.objects.count()
    trail = AuditLine.objects.filter(night__isnull=False).count()
    old_codes = set(playing.tables.values_list("code", flat=True))

    path = tmp_path / "club.json"
    call_command("backup", str(path), stderr=StringIO())
    call_command("flush", interactive=False, verbosity=0)
    call_command("restore", str(path), stdout=StringIO())

    assert [night_as_dict(n) for n in DuelNight.objects.order_by("name")] == before
    assert DuelDealChange.objects.count() == histories
    assert AuditLine.objects.filter(night__isnull=False).count() == trail
    restored = DuelNight.objects.get(name="Humbug round robin")
    assert (
        restored.tables.count() == 2 and not set(restored.tables.values_list("code", flat=True)) & old_codes
    )
    assert night_state(restored).players[0].name == "Player A"
    ann = DuelNight.objects.get(name="German whist night").players.get(number=6)
    assert ann.member is not None and ann.name == "Ann Smith"
    token = restored.tables.get(number=1).token
    enter(token, 9, 4)
    confirm(token)
