"""Leagues in the organiser site: set up through the service (clubs and fixtures with it, a line in
the trail), shown to the club's organisers only, deleted with a line."""

import pytest
from django.urls import reverse

from tests.leagues import make_league
from tournaments.models import AuditLine, League

pytestmark = pytest.mark.django_db


def _add(client, club, clubs, days=7):
    return client.post(
        reverse("admin:tournaments_league_add"),
        {
            "club": club.pk,
            "name": "Deeside League",
            "season": "2026–27",
            "club_names": clubs,
            "start": "2026-10-05",
            "days_between": days,
        },
    )


def test_a_league_added_in_the_organiser_site_gets_its_fixtures_and_its_line(client, organiser, club):
    client.force_login(organiser)
    response = _add(client, club, "Dee\nDon\nYthan\nUry\nIsla")
    assert response.status_code == 302
    league = League.objects.get(name="Deeside League")
    assert league.fixtures.count() == 5 * 4 * 2  # 10 pairs of clubs, four meetings each
    line = club.changes.get()
    assert (line.action, line.changed_by) == (AuditLine.Action.CREATED, organiser)
    page = client.get(reverse("admin:tournaments_league_change", args=[league.pk])).content.decode()
    assert "Dee, Don, Isla, Ury, Ythan" in page


def test_a_league_of_one_club_is_refused_with_the_reason(client, organiser, club):
    client.force_login(organiser)
    page = _add(client, club, "Dee\n").content.decode()
    assert "A league has 2 to 20 clubs, not 1." in page
    assert not League.objects.exists() and not club.changes.exists()


@pytest.mark.parametrize("days", [0, 61])
def test_the_organiser_site_and_the_new_league_page_refuse_the_same_days_in_the_same_words(
    client, organiser, club, days
):
    client.force_login(organiser)
    refusal = f"Rounds are 1 to 60 days apart, not {days}."
    assert refusal in _add(client, club, "Dee\nDon", days=days).content.decode()
    page = client.post(
        reverse("tournaments:league-new", args=[club.slug]),
        {"name": "Deeside League", "season": "2026–27", "clubs": "Dee\nDon", "days_between": days},
    )
    assert refusal in page.content.decode()
    assert not League.objects.exists()
    assert _add(client, club, "Dee\nDon", days=60).status_code == 302


def test_another_clubs_organiser_neither_sees_nor_adds_it(client, club, other_club):
    league = make_league(club)
    client.login(username="rival", password="secret-pass-123")
    assert client.get(reverse("admin:tournaments_league_change", args=[league.pk])).status_code == 302
    assert "Aberdeen" not in client.get(reverse("admin:tournaments_league_changelist")).content.decode()
    page = _add(client, club, "Dee\nDon").content.decode()
    assert "Select a valid choice" in page
    assert League.objects.count() == 1


def test_a_league_deleted_in_the_organiser_site_leaves_its_line(client, organiser, club):
    league = make_league(club)
    client.force_login(organiser)
    client.post(reverse("admin:tournaments_league_delete", args=[league.pk]), {"post": "yes"})
    assert not League.objects.exists()
    line = club.changes.order_by("-id").first()
    assert (line.action, line.detail) == (
        AuditLine.Action.DELETED,
        "Aberdeen Whist League 2026–27: the league and its 24 matches",
    )
