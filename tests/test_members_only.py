"""A club that keeps its pages to logged-in users keeps everything of its evenings and its season
from a visitor not logged in: each public page and file (results, CSV, JSON, PDF, the room display
without its link, competitions, players' pages, the results index) sends them to log in, and
serves them again once the club opens its pages. The addresses are found from the demo, as a
visitor follows links: one published evening of each kind, and the season's pages."""

import re

import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse

from tournaments.models import Club, Drive, DuelNight, Event
from tournaments.services.kinds import kind_of

HREF = re.compile(r'href="(/[^"#?]*)')
# An evening's own pages and files begin with one of these, then its id.
EVENING_PATHS = ("/events/", "/drives/", "/widow/", "/two-player/")


@pytest.fixture
def demo(db):
    call_command("demo")
    return Club.objects.get()


def _shape(path: str) -> str:
    """A page's address with its numbers left out: one board's page stands for every board's."""
    return re.sub(r"\d+", "N", path)


def _links(client, url: str) -> list[str]:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    if "html" not in response["Content-Type"]:
        return []
    return HREF.findall(response.content.decode())


def _one_of_each_shape(paths, wanted) -> dict[str, str]:
    found: dict[str, str] = {}
    for path in paths:
        if wanted(path):
            found.setdefault(_shape(path), path)
    return found


def _public_addresses(client, club: Club) -> list[str]:
    """What a visitor reads of the club: one published evening of each kind and variant (its
    results, its room display, and every page and file its results link to of its own), and the
    season's pages linked from the results index and its competitions (each of a shape once)."""
    evenings = {}
    for model in (Event, Drive, DuelNight):
        for evening in model.objects.filter(club=club, published=True).order_by("pk"):
            evenings.setdefault(evening.evening_format, evening)  # a format as played: Minnesota too
    addresses: set[str] = set()
    for evening in evenings.values():
        kind = kind_of(evening)
        results = kind.results_url(evening.pk)
        own = tuple(f"{prefix}{evening.pk}/" for prefix in EVENING_PATHS)
        addresses |= {results, kind.room_url(evening.pk)}
        addresses |= set(
            _one_of_each_shape(_links(client, results), lambda p, own=own: p.startswith(own)).values()
        )
    season = (f"/clubs/{club.slug}/", "/players/")
    index = reverse("tournaments:club-results", args=[club.slug])
    pages = {
        _shape(index): index,
        _shape(reverse("tournaments:competitions", args=[club.slug])): reverse(
            "tournaments:competitions", args=[club.slug]
        ),
    }
    for _ in range(2):  # the index and the competitions, then the pages they link to
        for path in list(pages.values()):
            pages |= {
                shape: found
                for shape, found in _one_of_each_shape(
                    _links(client, path), lambda p: p.startswith(season)
                ).items()
                if shape not in pages
            }
    return sorted(addresses | set(pages.values()))


def test_a_club_that_keeps_its_pages_to_logged_in_users_shows_a_visitor_nothing_of_its_evenings(
    demo, client, django_user_model
):
    addresses = _public_addresses(client, demo)
    shapes = {_shape(a) for a in addresses}
    for expected in (
        "/events/N/results/",
        "/events/N/results.csv",
        "/events/N/room/",
        "/drives/N/results/",
        "/drives/N/teams.csv",
        "/widow/N/results.csv",
        "/widow/N/results.json",
        "/two-player/N/results/",
        "/two-player/N/results.json",
        f"/clubs/{demo.slug}/results/",
        f"/clubs/{demo.slug}/competitions/N.pdf",
        f"/clubs/{demo.slug}/competitions/N.csv",
        "/players/N/",
    ):
        assert expected in shapes, expected

    Club.objects.filter(pk=demo.pk).update(members_only=True)
    login = reverse(settings.LOGIN_URL)
    for address in addresses:
        response = client.get(address)
        assert response.status_code == 302 and response["Location"].startswith(login), address
    client.force_login(django_user_model.objects.create_user("member", password="a-member-pass-1"))
    for address in addresses:
        assert client.get(address).status_code == 200, address

    client.logout()
    Club.objects.filter(pk=demo.pk).update(members_only=False)
    for address in addresses:
        assert client.get(address).status_code == 200, address


def test_a_members_only_clubs_evenings_are_not_among_the_home_pages_latest(client, club, make_played_event):
    make_played_event(club, name="Private Pairs")
    assert "Private Pairs" in client.get(reverse("tournaments:home")).content.decode()
    Club.objects.filter(pk=club.pk).update(members_only=True)
    assert "Private Pairs" not in client.get(reverse("tournaments:home")).content.decode()
