"""A drive's results page: every player of each role with their place and total, once published."""

import json
from io import StringIO

from django.core.management import call_command
from django.urls import reverse

from tournaments import services


def test_everyone_sees_a_published_drives_places_and_totals(client, club, make_played_drive):
    joan = services.member_create(club=club, first_name="Joan", last_name="Bellamy")
    drive = make_played_drive(club, members=[joan])
    out = StringIO()
    call_command("drive_state", str(drive.pk), "--format", "json", stdout=out)
    players = json.loads(out.getvalue())["players"]
    response = client.get(reverse("tournaments:drive-results", args=[drive.pk]))
    page = response.content.decode()
    assert response.status_code == 200
    assert all(p["name"] in page for p in players)
    assert f'href="/players/{joan.pk}/"' in page
    (ladies, _), (gents, _) = [(rows, h) for h, rows in response.context["roles"]]
    assert [r["score"] for r in ladies + gents] == [p["score"] for p in players if p["role"] == "L"] + [
        p["score"] for p in players if p["role"] == "G"
    ]


def test_an_unpublished_drives_results_ask_a_visitor_to_log_in(client, club, make_played_drive):
    drive = make_played_drive(club, published=False)
    response = client.get(reverse("tournaments:drive-results", args=[drive.pk]))
    assert response.status_code == 302 and "login" in response["Location"]


def test_another_clubs_organiser_is_not_shown_an_unpublished_drive(
    client, club, other_club, make_played_drive
):
    from django.contrib.auth import get_user_model

    drive = make_played_drive(club, published=False)
    client.force_login(get_user_model().objects.get(username="rival"))
    assert client.get(reverse("tournaments:drive-results", args=[drive.pk])).status_code == 404
