"""The club's "Players' phones" page: its organisers choose what the players' phones show of the
standings during play and whether the tablets show each confirmed board's traveller; one line in
the club's trail says who changed what; anyone else is refused and changes nothing; a backup keeps
the choice."""

import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from tournaments import services
from tournaments.models import AuditLine, Club


def _url(club):
    return reverse("tournaments:club-phones", args=[club.slug])


def _settings(club):
    club.refresh_from_db()
    return club.places_shown, club.tablet_travellers


def test_it_shows_the_choices_to_the_clubs_organiser(client, organiser, club):
    client.force_login(organiser)
    page = client.get(_url(club)).content.decode()
    assert page.count('type="radio" name="places_shown"') == 3
    assert re.findall(r'name="places_shown" value="(\w+)"[^>]*checked', page) == ["rounds"]
    assert re.search(r'name="tablet_travellers"[^>]*checked', page) is None
    for words in ("Everything live", "Places after each round", "Places only at the close"):
        assert words in page
    assert (
        "Tablets show each board&#x27;s results at the other tables once the table has confirmed it" in page
    )


def test_the_home_page_links_it(client, organiser, club):
    client.force_login(organiser)
    assert _url(club) in client.get(reverse("tournaments:home")).content.decode()


def test_it_saves_and_writes_one_line_saying_who_changed_what(client, organiser, club):
    client.force_login(organiser)
    response = client.post(_url(club), {"places_shown": "live", "tablet_travellers": "on"})
    assert response.status_code == 302 and response["Location"] == _url(club)
    assert _settings(club) == ("live", True)
    line = AuditLine.objects.get(club=club)
    assert line.action == AuditLine.Action.CHANGED and line.changed_by == organiser
    assert line.detail == (
        "players' phones: places during play: Places after each round → Everything live; "
        "travellers on the tablets: no → yes"
    )
    assert "Saved" in client.get(_url(club)).content.decode()


def test_a_save_that_changes_nothing_writes_no_line(client, organiser, club):
    client.force_login(organiser)
    client.post(_url(club), {"places_shown": "rounds"})
    assert _settings(club) == ("rounds", False)
    assert not AuditLine.objects.exists()


def test_unticking_the_tablets_says_only_that(client, organiser, club):
    Club.objects.filter(pk=club.pk).update(tablet_travellers=True)
    client.force_login(organiser)
    client.post(_url(club), {"places_shown": "rounds"})
    assert _settings(club) == ("rounds", False)
    assert AuditLine.objects.get().detail == "players' phones: travellers on the tablets: yes → no"


@pytest.mark.parametrize("sent", [{"places_shown": "always"}, {}, {"tablet_travellers": "on"}])
def test_a_choice_not_offered_is_refused_in_words(client, organiser, club, sent):
    client.force_login(organiser)
    response = client.post(_url(club), sent)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Choose one of the three." in page or "Choose what the phones show." in page
    assert _settings(club) == ("rounds", False) and not AuditLine.objects.exists()


def test_another_clubs_organiser_is_refused_and_changes_nothing(client, club, other_club):
    rival = other_club.organisers.get()
    client.force_login(rival)
    assert client.get(_url(club)).status_code == 404
    assert client.post(_url(club), {"places_shown": "live", "tablet_travellers": "on"}).status_code == 404
    assert _settings(club) == ("rounds", False) and not AuditLine.objects.exists()


def test_a_visitor_is_sent_to_log_in_and_changes_nothing(client, club):
    for response in (client.get(_url(club)), client.post(_url(club), {"places_shown": "live"})):
        assert response.status_code == 302 and "login" in response["Location"]
    assert _settings(club) == ("rounds", False) and not AuditLine.objects.exists()


def test_an_unknown_club_is_not_found(client, organiser):
    client.force_login(organiser)
    assert client.get(reverse("tournaments:club-phones", args=["no-such-club"])).status_code == 404


def test_the_service_writes_its_line_in_the_clubs_trail(organiser, club):
    services.club_phones_set(club=club, places_shown="close", tablet_travellers=False, user=organiser)
    assert _settings(club) == ("close", False)
    line = AuditLine.objects.get()
    assert (line.club, line.event, line.drive, line.night) == (club, None, None, None)
    assert (
        line.detail
        == "players' phones: places during play: Places after each round → Places only at the close"
    )


# Emptied as a new laptop's database is (flush), outside a test's transaction.
@pytest.mark.django_db(transaction=True)
def test_a_backup_keeps_the_clubs_choice(club, organiser, tmp_path):
    Club.objects.filter(pk=club.pk).update(places_shown="close", tablet_travellers=True)
    path = tmp_path / "club.json.gz"
    call_command("backup", str(path), stderr=StringIO())
    call_command("flush", interactive=False, verbosity=0)
    assert not Club.objects.exists()
    call_command("restore", str(path), stdout=StringIO())
    assert Club.objects.values_list("places_shown", "tablet_travellers").get() == ("close", True)


def test_the_organiser_site_shows_it_beside_the_places(admin_client, club):
    page = admin_client.get(reverse("admin:tournaments_club_change", args=[club.pk])).content.decode()
    assert 'name="places_shown"' in page and 'name="tablet_travellers"' in page
