"""The organiser site goes through the services: what the lifecycle forbids is refused with the
reason, and what it allows has its line in the trail, as on the organiser's own pages."""

from datetime import date

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import AuditLine, Drive, Event
from tournaments.services import drives

from .test_admin_scoping import _event_form

pytestmark = pytest.mark.django_db
A = AuditLine.Action


@pytest.fixture
def published(club, make_event, organiser):
    """A finished evening whose results are public."""
    event = make_event(club, tables=3, boards_per_round=2)
    services.event_deal_boards(event=event, seed="site", analyse=False)
    services.event_start(event=event)
    services.event_close(event=event, adjust_missing=True)
    services.event_publish(event=event, user=organiser)
    event.refresh_from_db()
    return event


def _change(client, event, **changes):
    return client.post(
        reverse("admin:tournaments_event_change", args=[event.pk]),
        _event_form(event, date=event.date.isoformat(), **changes),
        follow=True,
    )


def test_an_event_added_in_the_organiser_site_has_its_created_line(client, organiser, club):
    client.force_login(organiser)
    form = _event_form(
        Event(
            club=club, name="Fresh", tables=3, variant="standard", boards_per_round=2, scoring="matchpoints"
        )
    )
    client.post(reverse("admin:tournaments_event_add"), form)
    event = Event.objects.get(name="Fresh")
    assert list(event.changes.order_by("id").values_list("action", "changed_by")) == [
        (A.CREATED, organiser.pk),
        (A.MOVEMENT, organiser.pk),
    ]


def test_a_published_events_scoring_cannot_change_in_the_organiser_site(client, organiser, published):
    client.force_login(organiser)
    standings = [(s.pair, s.score) for s in services.event_report(published).scores.standings]
    lines = published.changes.count()
    page = _change(client, published, scoring=Event.Scoring.TOTAL_TRICKS).content.decode()
    assert "results are published: take the results down first" in page
    published.refresh_from_db()
    assert published.scoring == Event.Scoring.MATCHPOINTS and published.changes.count() == lines
    assert [(s.pair, s.score) for s in services.event_report(published).scores.standings] == standings
    with pytest.raises(services.ServiceError, match="take the results down first"):
        services.event_update(event=published, values={"scale": Event.Scale.ACBL})


def test_an_unpublished_events_scoring_changes_with_its_line(client, organiser, published):
    services.event_publish(event=published, published=False)
    client.force_login(organiser)
    _change(client, published, scoring=Event.Scoring.TOTAL_TRICKS)
    published.refresh_from_db()
    assert published.scoring == Event.Scoring.TOTAL_TRICKS
    line = published.changes.latest("id")
    assert (line.action, line.changed_by) == (A.CHANGED, organiser)
    assert line.detail == "scoring: Matchpoints → Total tricks"


def test_a_published_events_name_changes_with_its_line(client, organiser, published):
    client.force_login(organiser)
    _change(client, published, name="Thursday Pairs")
    published.refresh_from_db()
    assert published.name == "Thursday Pairs"
    assert published.changes.latest("id").detail == "name: Thursday Drive → Thursday Pairs"


def test_a_movement_change_refused_by_the_lifecycle_says_why(client, organiser, published):
    client.force_login(organiser)
    page = _change(client, published, tables=5).content.decode()
    assert "has started: its movement" in page
    published.refresh_from_db()
    assert published.tables == 3 and not published.changes.filter(action=A.CHANGED).exists()


def test_an_event_deleted_in_the_organiser_site_leaves_a_line_in_its_clubs_trail(
    client, organiser, club, make_event
):
    event = make_event(club, build=False)  # (the site deletes no seatings nor results)
    client.force_login(organiser)
    client.post(reverse("admin:tournaments_event_delete", args=[event.pk]), {"post": "yes"})
    assert not Event.objects.filter(pk=event.pk).exists()
    line = club.changes.get(action=A.DELETED)
    assert (
        line.detail == "event Thursday Drive (26 Nov 2026), draft, 0 results" and line.changed_by == organiser
    )
    assert line.event is None and line.drive is None


def test_a_members_change_in_the_organiser_site_is_kept(client, organiser, club):
    member = services.member_create(club=club, first_name="Ada", last_name="Byron")
    client.force_login(organiser)
    client.post(
        reverse("admin:tournaments_member_change", args=[member.pk]),
        {"first_name": "Ada", "last_name": "Lovelace", "email": "", "active": "on", "published_as": "full"},
    )
    member.refresh_from_db()
    assert member.last_name == "Lovelace"
    line = club.changes.get()
    assert (line.action, line.detail, line.changed_by) == (
        A.CHANGED,
        "member Ada Lovelace: last_name",
        organiser,
    )


def _drive_form(drive, **changes):
    form = {
        "club": drive.club_id,
        "name": drive.name,
        "date": drive.date.isoformat(),
        "format": drive.format,
        "hands": drive.hands,
        "halves": drive.halves,
        "trump_schedule": drive.trump_schedule,
        "sit_out": drive.sit_out,
        "lady_label": drive.lady_label,
        "gent_label": drive.gent_label,
        "prizes": drive.prizes,
        "team_points": drive.team_points,
        "game": drive.game,
        "minnesota_rules": drive.minnesota_rules,
    }
    return {**form, **changes}


def test_a_drive_added_in_the_organiser_site_has_its_created_line(client, organiser, club):
    client.force_login(organiser)
    new = Drive(club=club, name="Spring Drive", date=date(2027, 3, 1))
    client.post(reverse("admin:tournaments_drive_add"), _drive_form(new, hands=12))
    drive = Drive.objects.get(name="Spring Drive")
    assert drive.hands == 12
    assert list(drive.changes.values_list("action", "changed_by")) == [(A.CREATED, organiser.pk)]


def test_a_published_drives_prizes_cannot_change_in_the_organiser_site(client, organiser, club):
    drive = drives.drive_create(club=club, name="Harvest Drive", date=date(2026, 11, 20), hands=4)
    Drive.objects.filter(pk=drive.pk).update(status=Drive.Status.FINISHED, published=True)
    drive.refresh_from_db()
    client.force_login(organiser)
    url = reverse("admin:tournaments_drive_change", args=[drive.pk])
    page = client.post(url, _drive_form(drive, prizes="full"), follow=True).content.decode()
    assert "results are published: take the results down first" in page
    drive.refresh_from_db()
    assert drive.prizes == "classic" and not drive.changes.filter(action=A.CHANGED).exists()

    client.post(url, _drive_form(drive, name="Harvest Supper Drive"))
    drive.refresh_from_db()
    line = drive.changes.get(action=A.CHANGED)
    assert line.detail == "name: Harvest Drive → Harvest Supper Drive" and line.changed_by == organiser
    with pytest.raises(services.ServiceError, match="Harvest Supper Drive has started"):
        drives.drive_update(drive=drive, values={"hands": 8})


def test_a_drive_deleted_in_the_organiser_site_leaves_a_line_in_its_clubs_trail(client, organiser, club):
    drive = drives.drive_create(club=club, name="Harvest Drive", date=date(2026, 11, 20), hands=4)
    client.force_login(organiser)
    client.post(reverse("admin:tournaments_drive_delete", args=[drive.pk]), {"post": "yes"})
    assert not Drive.objects.filter(pk=drive.pk).exists()
    assert (
        club.changes.get(action=A.DELETED).detail
        == "drive Harvest Drive (20 Nov 2026), taking entries, 0 players"
    )
