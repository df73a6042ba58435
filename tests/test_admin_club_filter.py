"""The organiser site's "By club" filter names only the organiser's own clubs."""

import pytest
from django.urls import reverse

from tournaments.services import drives

pytestmark = pytest.mark.django_db

LISTS = [
    "admin:tournaments_event_changelist",
    "admin:tournaments_drive_changelist",
    "admin:tournaments_member_changelist",
]


@pytest.fixture
def clubs(club, make_club, other_club, organiser, make_event):
    second = make_club(name="Clitheroe Whist Club", organisers=[organiser])
    for each in (club, second, other_club):
        make_event(each, name=f"{each.name} night")
        drives.drive_create(club=each, name=f"{each.name} drive", date="2026-11-20", hands=4)
        each.members.create(first_name="Ann", last_name=each.name.split()[0])
    return club, second, other_club


@pytest.mark.parametrize("changelist", LISTS)
def test_the_club_filter_names_only_the_organisers_clubs(client, organiser, clubs, changelist):
    ours, second, theirs = clubs
    client.force_login(organiser)
    page = client.get(reverse(changelist))
    assert page.status_code == 200
    choices = [
        c["display"] for spec in page.context["cl"].filter_specs for c in spec.choices(page.context["cl"])
    ]
    assert ours.name in choices and second.name in choices
    assert theirs.name not in choices
    assert theirs.name not in page.content.decode()


@pytest.mark.parametrize("changelist", LISTS)
def test_a_superuser_filters_by_every_club(client, django_user_model, clubs, changelist):
    client.force_login(django_user_model.objects.create_superuser("root", password="secret-pass-123"))
    page = client.get(reverse(changelist))
    assert all(club.name in page.content.decode() for club in clubs)
