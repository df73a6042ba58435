"""A team night's teams hold in the database: numbers and names once a drive, two players a pair,
one of each role, and every player of a pair in a team."""

import pytest
from django.db import IntegrityError, transaction

from tournaments.models import Drive, DrivePlayer, DriveTeam

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club):
    return Drive.objects.create(club=club, name="Team night", date="2026-11-24", format=Drive.Format.TEAMS)


def _refused(make):
    with pytest.raises(IntegrityError), transaction.atomic():
        make()


def test_a_team_number_and_name_are_given_once_a_night(night):
    DriveTeam.objects.create(drive=night, number=1, name="Aces")
    _refused(lambda: DriveTeam.objects.create(drive=night, number=1, name="Kings"))
    _refused(lambda: DriveTeam.objects.create(drive=night, number=2, name="ACES"))
    _refused(lambda: DriveTeam.objects.create(drive=night, number=0, name="Queens"))
    _refused(lambda: DriveTeam.objects.create(drive=night, number=3, name=""))


def test_a_pair_holds_two_players_one_of_each_role(night):
    team = DriveTeam.objects.create(drive=night, number=1, name="Aces")
    DrivePlayer.objects.create(drive=night, role="L", card=1, guest="Ann", team=team, pair="home")
    DrivePlayer.objects.create(drive=night, role="G", card=1, guest="Bob", team=team, pair="home")
    _refused(
        lambda: DrivePlayer.objects.create(drive=night, role="L", card=3, guest="Cy", team=team, pair="home")
    )
    DrivePlayer.objects.create(drive=night, role="L", card=2, guest="Di", team=team, pair="away")


def test_a_player_of_a_team_is_in_its_home_or_away_pair(night):
    team = DriveTeam.objects.create(drive=night, number=1, name="Aces")
    _refused(lambda: DrivePlayer.objects.create(drive=night, role="L", card=1, guest="Ann", team=team))
    _refused(lambda: DrivePlayer.objects.create(drive=night, role="L", card=1, guest="Ann", pair="home"))
    _refused(
        lambda: DrivePlayer.objects.create(drive=night, role="L", card=1, guest="Ann", team=team, pair="x")
    )


def test_a_drives_points_rule_is_one_the_product_knows(night):
    assert night.team_points == Drive.TeamPoints.MAJORITY
    _refused(lambda: Drive.objects.filter(pk=night.pk).update(team_points="goals"))


@pytest.mark.parametrize(
    ("format", "team", "roles", "by_role"),
    [
        (Drive.Format.PROGRESSIVE, False, ("L", "G"), True),
        (Drive.Format.PARTNER, False, ("L", "G"), True),
        (Drive.Format.TEAMS, True, ("L", "G"), False),  # a pair's two seats
        (Drive.Format.INDIVIDUAL, False, ("P",), False),
        (Drive.Format.WIDOW, False, ("P",), False),
    ],
)
def test_a_drive_enters_its_players_in_the_roles_its_format_says(format, team, roles, by_role):
    drive = Drive(format=format)
    assert (drive.evening_format.enters_teams, drive.roles, drive.ranks_by_role) == (team, roles, by_role)
    assert (drive.prize_list == ()) == team
