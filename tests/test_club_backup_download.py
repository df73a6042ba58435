"""The organiser downloads the club's backup from the home page."""

import json

from django.urls import reverse

from tournaments.models import AuditLine


def _download(client, club):
    return client.get(reverse("tournaments:club-backup", args=[club.slug]))


def test_the_home_page_offers_the_organiser_their_clubs_backup(client, club, organiser, other_club):
    client.force_login(organiser)
    page = client.get("/").content.decode()
    assert reverse("tournaments:club-backup", args=[club.slug]) in page
    assert "Download a backup of the club" in page
    assert reverse("tournaments:club-backup", args=[other_club.slug]) not in page


def test_it_streams_the_clubs_backup_and_says_so_in_the_trail(
    client, club, organiser, other_club, make_played_event
):
    make_played_event(club)
    make_played_event(other_club, name="Rival Night")
    client.force_login(organiser)
    response = _download(client, club)
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].startswith(f'attachment; filename="{club.slug}-backup-')
    data = json.loads(b"".join(response.streaming_content))
    assert [c["name"] for c in data["clubs"]] == [club.name]
    assert [e["event"]["name"] for e in data["clubs"][0]["events"]] == ["Club Night"]
    assert [u["username"] for u in data["users"]] == ["organiser"]
    line = AuditLine.objects.get(action="backup")
    assert (line.club, line.event, line.detail) == (club, None, "backup downloaded")
    assert line.changed_by == organiser


def test_another_clubs_organiser_is_refused(client, club, make_organiser, other_club):
    client.force_login(other_club.organisers.get())
    assert _download(client, club).status_code == 404
    assert not AuditLine.objects.filter(action="backup").exists()


def test_a_visitor_is_sent_to_log_in(client, club):
    response = _download(client, club)
    assert response.status_code == 302 and "login" in response["Location"]
