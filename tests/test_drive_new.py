"""A new drive from the organiser's own page: the club preselected, today's date proposed, the
trumps chosen from a list and the prizes ticked in words; the drive's two roles need two names."""

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from tournaments.models import Drive
from tournaments.services import drives
from tournaments.services.core.errors import ServiceError

pytestmark = pytest.mark.django_db

NEW = reverse("tournaments:drive-new")


def _form(club, **changes):
    data = {
        "club": club.pk,
        "name": "Harvest Drive",
        "date": "2026-11-27",
        "format": "progressive",
        "hands": 24,
        "halves": 2,
        "trump_schedule": "HDSCN",
        "sit_out": "7",
        "lady_label": "Lady",
        "gent_label": "Gent",
        "prizes": ["lady-1", "gent-1", "mystery-hand", "booby-lady"],
    }
    return data | changes


def test_the_home_page_new_drive_opens_the_drives_own_page(client, organiser):
    client.force_login(organiser)
    html = client.get(reverse("tournaments:home")).content.decode()
    assert f'href="{NEW}">New drive' in html


def test_the_new_drive_page_preselects_the_club_and_proposes_today(client, organiser, club):
    client.force_login(organiser)
    html = client.get(NEW).content.decode()
    assert f'<option value="{club.pk}" selected>' in html
    assert f'value="{timezone.localdate().isoformat()}"' in html
    assert 'type="checkbox" name="prizes" value="lady-1"' in html and "Highest lady" in html
    assert "Hearts, diamonds, spades, clubs" in html and "dealer" not in html  # no deals in a drive


def test_a_drive_is_created_from_the_page_with_its_prizes_in_the_lists_order(client, organiser, club):
    client.force_login(organiser)
    response = client.post(NEW, _form(club))
    drive = Drive.objects.get()
    assert response["Location"] == reverse("tournaments:drive-run", args=[drive.pk])
    assert drive.prizes == "lady-1,gent-1,booby-lady,mystery-hand"
    assert (drive.trump_schedule, drive.hands, drive.club) == ("HDSCN", 24, club)
    assert drive.changes.filter(action="created").exists()


def test_ticking_a_presets_prizes_keeps_the_presets_name(client, organiser, club):
    client.force_login(organiser)
    client.post(NEW, _form(club, prizes=["gent-1", "lady-1", "booby-gent", "booby-lady"]))
    assert Drive.objects.get().prizes == "classic"


@pytest.mark.parametrize(
    "changes, said",
    [
        ({"gent_label": "lady"}, "The two roles need two names: both are called &#x27;lady&#x27;"),
        ({"prizes": []}, "Tick one prize at least."),
        ({"hands": 5, "halves": 6}, "halves"),
        ({"name": "Drive\x00"}, "A name can&#x27;t contain the character NUL"),
    ],
)
def test_a_new_drive_that_cannot_be_is_refused_in_words(client, organiser, club, changes, said):
    client.force_login(organiser)
    response = client.post(NEW, _form(club, **changes))
    assert response.status_code == 200 and said in response.content.decode()
    assert not Drive.objects.exists()


def test_another_clubs_organiser_cannot_create_a_drive_for_this_club(client, club, other_club):
    client.force_login(other_club.organisers.get())
    response = client.post(NEW, _form(club))
    assert response.status_code == 200 and not Drive.objects.exists()


def test_a_drives_two_roles_need_two_names_in_the_service_and_the_database(club):
    with pytest.raises(ServiceError, match="The two roles need two names: both are called 'Gent'"):
        drives.drive_create(club=club, name="D", date="2026-11-20", lady_label="gent", gent_label="Gent")
    drive = drives.drive_create(club=club, name="D", date="2026-11-20")
    with pytest.raises(ServiceError, match="The two roles need two names"):
        drives.drive_update(drive=drive, values={"lady_label": "GENT"})
    with pytest.raises(IntegrityError), transaction.atomic():
        Drive.objects.filter(pk=drive.pk).update(lady_label="Gent")


def test_a_new_organisers_empty_home_page_points_to_its_own_buttons_not_the_organiser_site(client, organiser):
    client.force_login(organiser)
    html = client.get(reverse("tournaments:home")).content.decode()
    assert "No events yet: press <b>New event</b>" in html and "No drives yet: press <b>New drive</b>" in html
    assert reverse("admin:tournaments_event_add") not in html
