"""The county's administrator sets a simultaneous evening from the organiser site: its boards from
a PBN file, dealt here, or none for a drive evening; nobody else may."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.models import AuditLine, Simultaneous

from .simultaneous import county_pbn

URL = reverse("tournaments:simultaneous-new")


@pytest.fixture
def county(django_user_model):
    return django_user_model.objects.create_superuser("county", password="secret-pass-123")


def _post(client, clubs, **fields):
    data = {"name": "Winter Simultaneous", "date": "2027-01-14", "clubs": [c.pk for c in clubs]} | fields
    return client.post(URL, data)


def test_the_county_sets_an_evening_of_boards_dealt_here(client, county, club, other_club):
    client.force_login(county)
    assert client.get(URL).status_code == 200
    response = _post(client, [club, other_club], boards_from="deal", deal="18")
    simultaneous = Simultaneous.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse(
        "tournaments:simultaneous", args=[simultaneous.pk]
    )
    assert simultaneous.boards == 18 and not simultaneous.drive
    assert set(simultaneous.clubs.all()) == {club, other_club}
    assert AuditLine.objects.filter(club=club, action=AuditLine.Action.SIMULTANEOUS).exists()


def test_the_county_sets_an_evening_from_its_pbn_file(client, county, club):
    client.force_login(county)
    upload = SimpleUploadedFile("winter.pbn", county_pbn(5).encode())
    _post(client, [club], boards_from="pbn", pbn=upload)
    simultaneous = Simultaneous.objects.get()
    assert simultaneous.boards == 5


def test_the_county_sets_a_drive_evening(client, county, club):
    client.force_login(county)
    _post(client, [club], boards_from="drive")
    simultaneous = Simultaneous.objects.get()
    assert simultaneous.drive and simultaneous.boards == 0 and simultaneous.deals == ""


def test_a_missing_or_broken_pbn_file_sets_nothing_and_says_why(client, county, club):
    client.force_login(county)
    html = _post(client, [club], boards_from="pbn").content.decode()
    assert "Choose the PBN file" in html
    upload = SimpleUploadedFile("winter.pbn", b'[Board "1"]\n[Deal "nonsense"]\n')
    html = _post(client, [club], boards_from="pbn", pbn=upload).content.decode()
    assert "The PBN file was not taken" in html
    assert not Simultaneous.objects.exists()


def test_an_organiser_may_not_set_one(client, organiser, club):
    client.force_login(organiser)
    assert client.get(URL).status_code == 404
    assert _post(client, [club], boards_from="drive").status_code == 404
    assert not Simultaneous.objects.exists()


def test_the_list_offers_the_form_to_the_county_only(client, county, organiser):
    client.force_login(organiser)
    assert URL not in client.get(reverse("tournaments:simultaneous-list")).content.decode()
    client.force_login(county)
    assert URL in client.get(reverse("tournaments:simultaneous-list")).content.decode()


def test_an_organiser_joins_their_event_from_its_page(client, organiser, club, make_event):
    from .simultaneous import make_simultaneous

    simultaneous = make_simultaneous([club], boards=5, name="Winter Sim")
    event = make_event(club, name="Winter Pairs", tables=3, boards_per_round=1)
    client.force_login(organiser)
    html = client.get(reverse("tournaments:event-run", args=[event.pk])).content.decode()
    assert "Play it on Winter Sim" in html
    client.post(reverse("tournaments:simultaneous-join", args=[simultaneous.pk]), {"event": event.pk})
    event.refresh_from_db()
    assert event.simultaneous_entry.simultaneous == simultaneous
    html = client.get(reverse("tournaments:event-run", args=[event.pk])).content.decode()
    assert "Play it on Winter Sim" not in html


def test_an_organiser_joins_their_drive_from_its_page(client, organiser, club, other_club):
    from tournaments.services import drives

    from .simultaneous import DAY, make_drive_evening

    simultaneous = make_drive_evening([club], name="Drive Night")
    make_drive_evening([other_club], name="Pendle Only")
    drive = drives.drive_create(club=club, name="Winter Drive", date=DAY, hands=4)
    client.force_login(organiser)
    html = client.get(reverse("tournaments:drive-run", args=[drive.pk])).content.decode()
    assert "Drive Night" in html and "Pendle Only" not in html
    client.post(reverse("tournaments:simultaneous-join-drive", args=[simultaneous.pk]), {"drive": drive.pk})
    drive.refresh_from_db()
    assert drive.simultaneous_entry.simultaneous == simultaneous
    assert (
        "Take part with this drive"
        not in client.get(reverse("tournaments:drive-run", args=[drive.pk])).content.decode()
    )
