"""A member's page links each evening that was their club's part of a published simultaneous
evening to its ranking across the clubs, read with the evenings (no query more)."""

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.services.simultaneous import simultaneous_publish

from .simultaneous import make_drive_evening, make_simultaneous, play_club, play_drive


def _page(client, member):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("tournaments:player", args=[member.pk]))
    assert response.status_code == 200
    return response.content.decode(), len(queries)


def test_a_members_page_links_their_simultaneous_evenings_once_published(client, club, other_club):
    joan = services.member_create(club=club, first_name="Joan", last_name="Bellamy")
    harold = services.member_create(club=club, first_name="Harold", last_name="Bickerstaff")
    pairs = make_simultaneous([club, other_club], boards=3, name="Winter Sim")
    play_club(pairs, club, tables=3, club_number=1, members=[joan, harold])
    play_club(pairs, other_club, tables=3, club_number=2)
    drives = make_drive_evening([club, other_club], name="Drive Night")
    play_drive(drives, club, players=8, club_number=1, members=[joan])
    play_drive(drives, other_club, players=8, club_number=2)
    before, counted = _page(client, joan)
    assert reverse("tournaments:simultaneous", args=[pairs.pk]) not in before
    simultaneous_publish(simultaneous=pairs)
    simultaneous_publish(simultaneous=drives)
    after, counted_after = _page(client, joan)
    assert reverse("tournaments:simultaneous", args=[pairs.pk]) in after
    assert reverse("tournaments:simultaneous", args=[drives.pk]) in after
    assert "Part of <a" in after and "Winter Sim" in after and "Drive Night" in after
    assert counted_after <= counted
