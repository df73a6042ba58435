"""The simultaneous evening's pages: the ranking (open once published, names as each club publishes
them), an organiser joining their club's event, the county's administrator publishing, and the
ranking's queries, the same for two clubs as for six."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.models import Member, SimultaneousEvent
from tournaments.services.simultaneous import simultaneous_publish

from .simultaneous import make_simultaneous, play_club


@pytest.fixture
def county(django_user_model):
    return django_user_model.objects.create_superuser("county", password="secret-pass-123")


@pytest.fixture
def played(club, other_club):
    joan = services.member_create(club=club, first_name="Joan", last_name="Bellamy")
    harold = services.member_create(club=club, first_name="Harold", last_name="Bickerstaff")
    Member.objects.filter(pk=joan.pk).update(published_as=Member.Published.INITIALS)
    Member.objects.filter(pk=harold.pk).update(published_as=Member.Published.HIDDEN)
    simultaneous = make_simultaneous([club, other_club], boards=3)
    ours = play_club(simultaneous, club, tables=3, club_number=1, members=[joan, harold])
    play_club(simultaneous, other_club, tables=3, club_number=2)
    return simultaneous, ours


def test_the_published_ranking_is_open_to_anyone_with_names_as_each_club_publishes_them(client, played):
    simultaneous, _ = played
    simultaneous_publish(simultaneous=simultaneous)
    page = client.get(reverse("tournaments:simultaneous", args=[simultaneous.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "J. B. &amp; A player" in html
    assert "Bellamy" not in html and "Bickerstaff" not in html
    assert "Pendle Whist Circle" in html and "Ribble Valley Whist Club" in html


def test_the_organisers_page_of_the_ranking_also_names_people_as_published(client, organiser, played):
    simultaneous, _ = played
    client.force_login(organiser)
    html = client.get(reverse("tournaments:simultaneous", args=[simultaneous.pk])).content.decode()
    assert "J. B. &amp; A player" in html and "Bellamy" not in html


def test_an_unpublished_ranking_sends_a_visitor_to_log_in(client, played):
    simultaneous, _ = played
    page = client.get(reverse("tournaments:simultaneous", args=[simultaneous.pk]))
    assert page.status_code == 302 and "/login" in page["Location"]


def test_an_unpublished_ranking_is_hidden_from_a_club_not_taking_part(
    client, make_club, make_organiser, played
):
    simultaneous, _ = played
    stranger = make_organiser(username="stranger", clubs=[make_club(name="Craven Whist")])
    client.force_login(stranger)
    assert client.get(reverse("tournaments:simultaneous", args=[simultaneous.pk])).status_code == 404


def test_the_clubs_results_page_links_to_the_ranking(client, organiser, played):
    simultaneous, ours = played
    client.force_login(organiser)
    html = client.get(reverse("tournaments:results", args=[ours.pk])).content.decode()
    assert reverse("tournaments:simultaneous", args=[simultaneous.pk]) in html


def test_the_public_results_page_links_to_the_ranking_only_once_published(client, played):
    simultaneous, ours = played
    link = reverse("tournaments:simultaneous", args=[simultaneous.pk])
    assert link not in client.get(reverse("tournaments:results", args=[ours.pk])).content.decode()
    simultaneous.published = True
    simultaneous.save()
    assert link in client.get(reverse("tournaments:results", args=[ours.pk])).content.decode()


def test_an_organiser_joins_their_clubs_event(client, club, organiser, make_event):
    simultaneous = make_simultaneous([club], boards=6)
    event = make_event(club, tables=3, boards_per_round=2)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:simultaneous", args=[simultaneous.pk]))
    assert f'<option value="{event.pk}"' in page.content.decode()
    page = client.post(reverse("tournaments:simultaneous-join", args=[simultaneous.pk]), {"event": event.pk})
    assert page.status_code == 302
    event.refresh_from_db()
    assert event.simultaneous_entry.simultaneous == simultaneous
    assert all(board.deal for board in event.boards.all())


def test_joining_refuses_get(client, club, organiser, make_event):
    simultaneous = make_simultaneous([club], boards=6)
    event = make_event(club, tables=3, boards_per_round=2)
    client.force_login(organiser)
    url = reverse("tournaments:simultaneous-join", args=[simultaneous.pk])
    assert client.get(url, {"event": event.pk}).status_code == 405
    assert not SimultaneousEvent.objects.exists()


def test_an_organiser_cannot_join_another_clubs_event(client, club, other_club, organiser, make_event):
    simultaneous = make_simultaneous([club, other_club], boards=6)
    theirs = make_event(other_club, tables=3, boards_per_round=2)
    client.force_login(organiser)
    page = client.post(reverse("tournaments:simultaneous-join", args=[simultaneous.pk]), {"event": theirs.pk})
    assert page.status_code == 404
    assert not SimultaneousEvent.objects.exists()


def test_another_clubs_organiser_cannot_join_or_publish_a_simultaneous_evening(
    client, club, make_club, make_organiser, make_event
):
    simultaneous = make_simultaneous([club], boards=6)
    stranger_club = make_club(name="Craven Whist")
    stranger = make_organiser(username="stranger", clubs=[stranger_club])
    theirs = make_event(stranger_club, tables=3, boards_per_round=2)
    client.force_login(stranger)
    join = client.post(reverse("tournaments:simultaneous-join", args=[simultaneous.pk]), {"event": theirs.pk})
    publish = client.post(
        reverse("tournaments:simultaneous-publish", args=[simultaneous.pk]), {"publish": "1"}
    )
    assert join.status_code == 404 and publish.status_code == 404
    simultaneous.refresh_from_db()
    assert not simultaneous.published and not SimultaneousEvent.objects.exists()


def test_a_taking_part_clubs_organiser_cannot_publish_it(client, organiser, played):
    simultaneous, _ = played
    client.force_login(organiser)
    page = client.post(reverse("tournaments:simultaneous-publish", args=[simultaneous.pk]), {"publish": "1"})
    assert page.status_code == 404
    simultaneous.refresh_from_db()
    assert not simultaneous.published


def test_the_county_publishes_the_ranking(client, county, played):
    simultaneous, _ = played
    client.force_login(county)
    url = reverse("tournaments:simultaneous-publish", args=[simultaneous.pk])
    assert client.get(url).status_code == 405
    assert client.post(url, {"publish": "1"}).status_code == 302
    simultaneous.refresh_from_db()
    assert simultaneous.published
    client.post(url, {"publish": "0"})
    simultaneous.refresh_from_db()
    assert not simultaneous.published


def _ranking_queries(client, clubs) -> int:
    simultaneous = make_simultaneous(clubs, boards=3, name=f"Simultaneous of {len(clubs)}")
    for number, club in enumerate(clubs, start=1):
        play_club(simultaneous, club, tables=3, club_number=number)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("tournaments:simultaneous", args=[simultaneous.pk]))
    assert page.status_code == 200
    assert page.content.decode().count("<tr>") == 1 + 6 * len(clubs)
    return len(queries)


def test_the_rankings_queries_are_the_same_for_two_clubs_as_for_six(client, county, make_club):
    clubs = [make_club(name=f"Club {n}") for n in range(8)]
    client.force_login(county)
    two, six = _ranking_queries(client, clubs[:2]), _ranking_queries(client, clubs[2:])
    assert two == six <= 11, (two, six)


def test_a_members_only_clubs_pairs_are_shown_by_number_only(client, club, played):
    simultaneous, _ = played
    club.members_only = True
    club.save()
    simultaneous_publish(simultaneous=simultaneous)
    html = client.get(reverse("tournaments:simultaneous", args=[simultaneous.pk])).content.decode()
    assert "J. B." not in html and "A player" not in html
    assert "Ribble Valley Whist Club" in html


def test_an_organiser_finds_the_simultaneous_evenings_their_club_takes_part_in_on_the_event_list(
    client, club, other_club, organiser
):
    ours = make_simultaneous([club], name="Winter Sim")
    make_simultaneous([other_club], name="Pendle Only Sim")
    client.force_login(organiser)
    html = client.get(reverse("tournaments:event-list")).content.decode()
    assert reverse("tournaments:simultaneous", args=[ours.pk]) in html
    assert "Pendle Only Sim" not in html
