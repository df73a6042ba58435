"""A team night exported and imported again, alone or in the whole club's backup: its teams, each
player's team and pair, the points rule, and so its standings, come back as they were."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournaments.models import Drive, DriveTeam
from tournaments.services import drives

from .test_team_night import TEAMS

pytestmark = pytest.mark.django_db(transaction=True)


def _played(club) -> Drive:
    night = drives.team_night_create(
        club=club, name="Cup night", date="2026-11-24", teams=TEAMS, hands=3, team_points="tricks"
    )
    drives.drive_start(drive=night)
    for hand in (1, 2):
        for table in range(1, 5):
            drives.drive_result_record(drive=night, hand=hand, table=table, ns_tricks=(hand * table) % 14)
    drives.drive_result_correct(drive=night, hand=1, table=1, ns_tricks=9, reason="from the card")
    return night


def _standing(night: Drive) -> list:
    state = drives.DriveState(night)
    return [
        (place, state.teams[s.team].name, s.home.points, s.away.points, s.tricks)
        for place, s in state.team_placings()
    ] + [(place, p.team, p.pair, state.pair_names(p.team, p.pair)) for place, p in state.pair_placings()]


def _export(drive_id: int) -> dict:
    out = StringIO()
    call_command("export_drive", str(drive_id), stdout=out)
    return json.loads(out.getvalue())


def _import(tmp_path, data) -> Drive:
    path = tmp_path / "night.json"
    path.write_text(json.dumps(data))
    out = StringIO()
    call_command("import_drive", str(path), stdout=out)
    return Drive.objects.get(pk=int(out.getvalue().split()[-1]))


def test_a_team_night_round_trips_into_an_empty_database(club, tmp_path):
    night = _played(club)
    before, data = _standing(night), _export(night.pk)
    assert [t["name"] for t in data["teams"]] == ["Aces", "Kings", "Queens", "Jacks"]
    assert {(p["team"], p["pair"]) for p in data["players"]} >= {(1, "home"), (4, "away")}
    night.delete()
    restored = _import(tmp_path, data)
    assert restored.format == Drive.Format.TEAMS and restored.team_points == "tricks"
    assert _standing(restored) == before
    assert (
        restored.result_changes.count() == len(data["history"]) == 9
        and restored.players.filter(team__isnull=True).count() == 0
    )


def test_a_player_of_a_team_the_file_does_not_have_imports_nothing(club, tmp_path):
    night = _played(club)
    data = _export(night.pk)
    night.delete()
    data["teams"] = data["teams"][:3]
    with pytest.raises(CommandError, match="4 is not one of the drive's teams"):
        _import(tmp_path, data)
    assert not Drive.objects.exists() and not DriveTeam.objects.exists()


def test_the_whole_clubs_backup_carries_its_team_nights(club, tmp_path):
    before = _standing(_played(club))
    path = tmp_path / "club.json.gz"
    call_command("backup", str(path), stderr=StringIO())
    call_command("flush", interactive=False, verbosity=0)
    call_command("restore", str(path), stdout=StringIO())
    assert _standing(Drive.objects.get(name="Cup night")) == before
