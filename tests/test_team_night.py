"""A team night set up, played and corrected through the drive's services and from the command
line: every hand seated from the schedule at the start, the teams scored as their pairs played."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from tournaments.domain.drives.teams import away_table, hand_points
from tournaments.models import AuditLine, Drive, DrivePlayer, DriveSeat, DriveTeam
from tournaments.services import drives
from tournaments.services.core.errors import ServiceError

pytestmark = pytest.mark.django_db

TEAMS = [
    ("Aces", ["Ann Aston", "Bob Aston", "Cy Archer", "Di Archer"]),
    ("Kings", ["Ed King", "Flo King", "Gus Kemp", "Hal Kemp"]),
    ("Queens", ["Ida Quinn", "Jo Quinn", "Kay Quill", "Len Quill"]),
    ("Jacks", ["Mo Jack", "Ned Jack", "Olive Jay", "Pat Jay"]),
]


def _night(club, teams=TEAMS, **options):
    night = drives.team_night_create(club=club, name="Team night", date="2026-11-24", teams=teams, **options)
    return drives.drive_start(drive=night)


def test_every_hand_is_seated_from_the_schedule_at_the_start(club):
    night = _night(club, hands=6)
    state = drives.DriveState(night)
    assert sorted(state.seatings) == list(range(1, 7))
    for hand in range(1, 7):
        for table, sat in state.seatings[hand].items():
            home = state.players[sat.ns[0]]
            away = state.players[sat.ew[0]]
            assert (home.team.number, home.pair) == (table, DrivePlayer.Pair.HOME)
            assert away.pair == DrivePlayer.Pair.AWAY and away.team.number != table
            assert away_table(4, away.team.number, hand) == table
            assert {state.players[k].team_id for k in sat.ns} == {home.team_id}
    assert DriveSeat.objects.filter(drive=night).count() == 6 * 16
    assert night.table_accesses.count() == 4
    assert AuditLine.objects.filter(drive=night, action=AuditLine.Action.STARTED).count() == 1


@pytest.mark.parametrize("rule", ["majority", "tricks"])
def test_a_team_scores_its_two_pairs_points_and_the_night_closes(club, rule):
    night = _night(club, hands=3, team_points=rule)
    played = {}
    for hand in range(1, 4):
        for table in range(1, 5):
            played[(hand, table)] = (3 * hand + table) % 14
            drives.drive_result_record(drive=night, hand=hand, table=table, ns_tricks=played[(hand, table)])
    state = drives.DriveState(night)
    for number in range(1, 5):
        home = sum(hand_points(rule, played[(h, number)])[0] for h in range(1, 4))
        away = sum(hand_points(rule, played[(h, away_table(4, number, h))])[1] for h in range(1, 4))
        assert (state.team_scores[number].home.points, state.team_scores[number].away.points) == (home, away)
    drives.drive_close(drive=night)
    assert Drive.objects.get(pk=night.pk).status == Drive.Status.FINISHED


def test_a_correction_changes_the_teams_points_with_its_line_in_the_trail(club):
    night = _night(club, hands=2)
    drives.drive_result_record(drive=night, hand=1, table=1, ns_tricks=7)
    assert drives.DriveState(night).team_scores[1].home.points == 1
    drives.drive_result_correct(drive=night, hand=1, table=1, ns_tricks=13, reason="miscounted")
    state = drives.DriveState(night)
    assert state.team_scores[1].home.points == 2
    assert AuditLine.objects.filter(drive=night, action=AuditLine.Action.CORRECTED).count() == 1


def test_the_moves_after_a_hand_name_the_visiting_pair_and_its_next_table(club):
    night = _night(club, hands=4)
    moves = drives.DriveState(night).team_moves(1, 2)
    assert [(m["name"], m["pair"], m["text"]) for m in moves] == [
        ("Kings", "home", "stay at this table"),
        ("Aces", "away", "go to table 3"),
    ]
    assert moves[1]["players"] == "Cy Archer & Di Archer"


@pytest.mark.parametrize(
    ("teams", "said"),
    [
        (TEAMS[:1], "at least two teams"),
        ([TEAMS[0], ("Kings", ["Ed", "Flo", "Gus"])], "a team is four players"),
        ([TEAMS[0], ("aces", ["Ed", "Flo", "Gus", "Hal"])], "already a team called aces"),
        ([TEAMS[0], ("Kings", ["Ed", "Flo", "Gus", ""])], "a team is four players"),
    ],
)
def test_a_night_that_cannot_be_played_is_refused_and_nothing_is_written(club, teams, said):
    with pytest.raises(ServiceError, match=said):
        drives.team_night_create(club=club, name="Team night", date="2026-11-24", teams=teams)
    assert not Drive.objects.exists() and not DriveTeam.objects.exists()


def test_halves_that_do_not_fit_the_hands_are_refused_in_words(club):
    with pytest.raises(ServiceError, match="1 hands cannot be split into 2 parts"):
        drives.team_night_create(club=club, name="Team night", date="2026-11-24", teams=TEAMS, hands=1)


def test_a_members_place_in_one_team_only(club):
    member = club.members.create(first_name="Vera", last_name="Lynn")
    teams = [
        TEAMS[0],
        ("Kings", [str(member), "Flo", "Gus", "Hal"]),
        ("Queens", [str(member), "a", "b", "c"]),
    ]
    with pytest.raises(ServiceError, match="already entered"):
        drives.team_night_create(club=club, name="Team night", date="2026-11-24", teams=teams)


def test_players_are_entered_with_their_team_and_a_team_taken_out_closes_the_gap(club):
    night = drives.team_night_create(club=club, name="Team night", date="2026-11-24", teams=TEAMS[:3])
    with pytest.raises(ServiceError, match="entered with their team"):
        drives.drive_player_add(drive=night, role="L", guest="Sue")
    drives.drive_team_remove(drive=night, team=night.teams.get(number=2))
    assert list(night.teams.values_list("number", "name")) == [(1, "Aces"), (2, "Queens")]
    assert sorted(night.teams.get(name="Queens").players.values_list("card", flat=True)) == [3, 3, 4, 4]
    drives.drive_team_add(drive=night, name="Jacks", players=TEAMS[3][1])
    drives.drive_start(drive=night)
    assert drives.DriveState(night).tables == 3


def test_twenty_five_teams_play_eighteen_hands(club):
    teams = [(f"Team {n}", [f"P{n}-{k}" for k in range(4)]) for n in range(1, 26)]
    night = _night(club, teams=teams, hands=18)
    state = drives.DriveState(night)
    for hand in range(1, 19):
        for table, sat in state.seatings[hand].items():
            assert state.players[sat.ew[0]].team.number != table


def test_a_team_night_is_created_played_and_read_from_the_command_line(club):
    out = io.StringIO()
    call_command("create_team_night", club=club.name, name="Cup night", teams=3, hands=2, stdout=out)
    night = Drive.objects.get(pk=int(out.getvalue().split()[-1]))
    assert night.format == Drive.Format.TEAMS and night.status == Drive.Status.RUNNING
    for hand in (1, 2):
        for table in (1, 2, 3):
            tricks = 13 if table == 1 else 8
            call_command(
                "drive_result", night.pk, hand=hand, table=table, tricks=tricks, stdout=io.StringIO()
            )
    report = io.StringIO()
    call_command("drive_state", night.pk, format="json", stdout=report)
    teams = json.loads(report.getvalue())["teams"]
    assert teams[0]["name"] == "Team 1" and teams[0]["home"] == 4
    text = io.StringIO()
    call_command("drive_state", night.pk, stdout=text)
    assert "Team 1" in text.getvalue() and "points" in text.getvalue()


def test_the_command_line_refuses_a_single_team():
    with pytest.raises(CommandError, match="at least two teams"):
        call_command(
            "create_team_night", club="Solo", name="Cup night", team=[("Aces", ["a", "b", "c", "d"])]
        )


def test_a_drive_does_not_become_a_team_night_nor_a_team_night_a_drive(club):
    night = drives.team_night_create(club=club, name="Team night", date="2026-11-24", teams=TEAMS[:2])
    drive = drives.drive_create(club=club, name="Drive", date="2026-11-24")
    for evening, format in ((night, "progressive"), (drive, "teams")):
        with pytest.raises(ServiceError, match="cannot change format"):
            drives.drive_update(drive=evening, values={"format": format})


def test_the_points_rule_changes_before_the_start_and_not_after(club):
    night = drives.team_night_create(club=club, name="Team night", date="2026-11-24", teams=TEAMS[:2])
    drives.drive_update(drive=night, values={"team_points": "tricks"})
    night.refresh_from_db()
    assert night.team_points == "tricks"
    assert AuditLine.objects.filter(drive=night, action=AuditLine.Action.CHANGED).count() == 1
    drives.drive_start(drive=night)
    with pytest.raises(ServiceError, match="points rule can no longer change"):
        drives.drive_update(drive=night, values={"team_points": "majority"})


def test_one_player_of_a_team_is_not_taken_out_alone(club):
    night = drives.team_night_create(club=club, name="Team night", date="2026-11-24", teams=TEAMS[:2])
    player = night.players.get(role="G", card=2)
    with pytest.raises(ServiceError, match="taken out with their team"):
        drives.drive_player_remove(drive=night, player=player)
    assert night.players.count() == 8
    assert not AuditLine.objects.filter(drive=night, detail__startswith="removed").exists()


def test_a_team_night_gives_no_prize_to_cut_for(club):
    """Its prize is its ranking: no "first lady" to cut for, whatever the drive's prize list says."""
    night = _night(club, teams=TEAMS[:2], hands=2)
    for hand in (1, 2):
        for table in (1, 2):
            drives.drive_result_record(drive=night, hand=hand, table=table, ns_tricks=7)
    assert drives.DriveState(night).awards == []
    with pytest.raises(ServiceError, match="nothing to cut for"):
        drives.prize_cut_record(drive=night, prize="lady-1", winner=night.players.get(role="L", card=1))
    assert not night.changes.filter(action=AuditLine.Action.CUT).exists()
    Drive.objects.filter(pk=night.pk).update(prizes="lady-1,mystery-hand")  # as the organiser site may set
    drives.drive_close(drive=night)
    night.refresh_from_db()
    assert night.mystery_hand is None and drives.DriveState(night).awards == []
