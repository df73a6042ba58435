"""A club's results index: its published evenings and drives, newest first, framable by its site."""

from datetime import date, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse


def test_it_lists_published_evenings_and_drives_newest_first(
    client, club, make_played_event, make_played_drive
):
    make_played_event(club, name="Old Night", day=date(2026, 10, 1))
    make_played_drive(club, name="Middle Drive", day=date(2026, 10, 8))
    make_played_event(club, name="New Night", day=date(2026, 10, 15))
    make_played_event(club, name="Private Night", day=date(2026, 10, 20), published=False)
    page = client.get(reverse("tournaments:club-results", args=[club.slug])).content.decode()
    assert page.index("New Night") < page.index("Middle Drive") < page.index("Old Night")
    assert "Private Night" not in page


def test_two_player_nights_and_each_kind_of_drive_are_listed_by_what_they_were(
    client, club, make_played_drive
):
    from tournaments.models import Drive, DuelNight
    from tournaments.services.duels import duel_night_create
    from tournaments.services.widow import widow_create

    make_played_drive(club, name="Friday Drive", day=date(2026, 10, 2))
    widow = widow_create(club=club, name="Widow Night", date=date(2026, 10, 9))

    def new_night(name, day):
        players = ["Ann", "Bob", "Cy"]
        return duel_night_create(club=club, name=name, date=day, players=players, pairing="swiss", rounds=2)

    night, _ = (
        new_night("German Whist Night", date(2026, 10, 16)),
        new_night("Unfinished Night", date(2026, 10, 23)),
    )
    Drive.objects.filter(pk=widow.pk).update(published=True)  # as once its series are played
    DuelNight.objects.filter(pk=night.pk).update(published=True)  # the other is still in play

    page = client.get(reverse("tournaments:club-results", args=[club.slug])).content.decode()

    night_url, widow_url = (
        reverse("tournaments:duel-results", args=[night.pk]),
        reverse("tournaments:drive-results", args=[widow.pk]),
    )
    assert (
        f'<a href="{night_url}">German Whist Night</a> <span class="hint">(two-player night)</span>' in page
    )
    assert f'<a href="{widow_url}">Widow Night</a> <span class="hint">(widow whist series)</span>' in page
    assert 'Friday Drive</a> <span class="hint">(whist drive)</span>' in page
    assert page.index("German Whist Night") < page.index("Widow Night") < page.index("Friday Drive")
    assert "Unfinished Night" not in page


def test_another_clubs_evenings_are_not_on_the_index(client, club, other_club, make_played_event):
    make_played_event(other_club, name="Their Night")
    page = client.get(reverse("tournaments:club-results", args=[club.slug])).content.decode()
    assert "Their Night" not in page and "No published results yet." in page


def test_an_unknown_club_is_not_found(client, db):
    assert client.get(reverse("tournaments:club-results", args=["nowhere"])).status_code == 404


def test_the_clubs_own_site_may_frame_the_index_and_nothing_else(client, club, settings):
    settings.FRAME_ANCESTORS = ["https://ribblewhist.org.uk"]
    index = client.get(reverse("tournaments:club-results", args=[club.slug]))
    assert "frame-ancestors https://ribblewhist.org.uk" in index["Content-Security-Policy"]
    assert "X-Frame-Options" not in index
    home = client.get(reverse("tournaments:home"))
    assert "frame-ancestors 'none'" in home["Content-Security-Policy"]
    assert home["X-Frame-Options"] == "DENY"


def test_by_default_only_the_site_itself_may_frame_the_index(client, club):
    index = client.get(reverse("tournaments:club-results", args=[club.slug]))
    assert "frame-ancestors 'self'" in index["Content-Security-Policy"]


def test_a_club_may_keep_its_index_to_logged_in_users(client, club, organiser):
    club.members_only = True
    club.save()
    url = reverse("tournaments:club-results", args=[club.slug])
    assert client.get(url).status_code == 302
    client.force_login(organiser)
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("evenings", [1, 5])
def test_the_index_reads_the_same_queries_however_many_evenings(
    client, club, make_played_event, make_played_drive, evenings
):
    from tournaments import services

    for n in range(evenings):
        members = [services.member_create(club=club, first_name=f"M{n}", last_name=f"P{p}") for p in range(6)]
        make_played_event(club, name=f"Night {n}", day=date(2026, 10, 1) + timedelta(n), members=members)
        make_played_drive(club, name=f"Drive {n}", day=date(2026, 10, 1) + timedelta(n))
    url = reverse("tournaments:club-results", args=[club.slug])
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    # The club, the page, the count, the competitions, the players (not one more a player).
    assert len(captured.captured_queries) == 5


def test_a_long_index_is_paginated(client, club, make_played_event, monkeypatch):
    from tournaments.views.season import players

    monkeypatch.setattr(players, "RESULTS_A_PAGE", 2)
    for n in range(3):
        make_played_event(club, name=f"Night {n}", day=date(2026, 10, 1) + timedelta(n))
    url = reverse("tournaments:club-results", args=[club.slug])
    first = client.get(url).content.decode()
    assert "Night 2" in first and "Night 0" not in first and "Page 1 of 2" in first
    assert "Night 0" in client.get(url, {"page": 2}).content.decode()


def test_the_index_leads_to_the_pages_of_the_members_who_played(client, club, make_played_event):
    from tournaments import services

    joan = services.member_create(club=club, first_name="Joan", last_name="Bellamy")
    harold = services.member_create(club=club, first_name="Harold", last_name="Bickerstaff")
    services.member_create(club=club, first_name="Irene", last_name="Absent")
    make_played_event(club, members=[joan, harold])
    page = client.get(reverse("tournaments:club-results", args=[club.slug])).content.decode()
    assert f'href="/players/{joan.pk}/">Joan Bellamy</a>' in page and "Irene Absent" not in page
