"""The room display on the hall's screen, for every kind of evening that has one: refused to a
screen not logged in until the organiser puts it up; then its link opens it, naming people as the
public pages do (initials, "A player"), for the organiser logged in on it too; taken down, the link
opens nothing."""

import html

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tournaments.domain.names import published_name
from tournaments.models import AuditLine, Club, Drive, DuelNight, Event, Member
from tournaments.services.core.rooms import room_display_put_up
from tournaments.services.kinds import kind_of

# One evening of each kind with a room display, by its name in the demo (a team night's names its
# teams and their home and away pairs, no person: it is checked for opening and refusing alone).
NAMES_NO_ONE = {"Valley Team Night"}
EVENINGS = [
    (Event, "Tuesday Howell"),
    (Event, "Wednesday Individual"),
    (Event, "Minnesota Whist Night"),
    (Drive, "Saturday Village Drive"),
    (Drive, "Minnesota Whist Drive"),
    (Drive, "Valley Team Night"),
    (Drive, "Widow Whist Evening"),
    (DuelNight, "German Whist Night"),
]


@pytest.fixture
def demo(db):
    call_command("demo")
    return Club.objects.get()


@pytest.fixture
def organiser_client(demo, django_user_model):
    logged_in = Client()
    logged_in.force_login(django_user_model.objects.get(username="organiser"))
    return logged_in


def _evening(model, name):
    """The demo's evening, its results not published: the room display is the organiser's alone."""
    evening = model.objects.filter(name=name).order_by("pk").first()
    model.objects.filter(pk=evening.pk).update(published=False)
    evening.refresh_from_db()
    return evening


def _text(response) -> str:
    assert response.status_code == 200, response.status_code
    return html.unescape(response.content.decode())


def _refused(response) -> bool:
    return response.status_code == 302 and response["Location"].startswith(reverse(settings.LOGIN_URL))


def _publish_as(choices: dict[int, str]) -> None:
    for choice in set(choices.values()):
        Member.objects.filter(pk__in=[pk for pk, c in choices.items() if c == choice]).update(
            published_as=choice
        )


@pytest.mark.parametrize(("model", "name"), EVENINGS, ids=[name for _, name in EVENINGS])
def test_the_room_display_once_put_up_opens_on_a_screen_not_logged_in_naming_people_as_published(
    demo, client, organiser_client, model, name
):
    evening = _evening(model, name)
    kind = kind_of(evening)
    page = kind.room_url(evening.pk)
    assert _refused(client.get(page))

    answer = organiser_client.post(kind.room_screen_url(evening.pk), {"up": "1"})
    assert answer.status_code == 302 and answer["Location"] == kind.run_url(evening.pk)
    evening.refresh_from_db()
    assert evening.room_key and evening.changes.filter(action=AuditLine.Action.ROOM).count() == 1
    link = kind.room_url(evening.pk, key=evening.room_key)
    assert link in _text(organiser_client.get(kind.run_url(evening.pk)))

    members = list(Member.objects.filter(club=demo))
    _publish_as(dict.fromkeys((m.pk for m in members), Member.Published.FULL))
    whole = _text(client.get(link))
    played = [m for m in members if f"{m.first_name} {m.last_name}" in whole]
    assert bool(played) == (name not in NAMES_NO_ONE), "the room display names the evening's members"

    choices = {m.pk: ("initials", "hidden")[n % 2] for n, m in enumerate(played)}
    _publish_as(choices)
    for reader in (client, organiser_client):  # the hall's screen, and the organiser logged in on it
        shown = _text(reader.get(link if reader is client else page))
        for member in played:
            assert f"{member.first_name} {member.last_name}" not in shown, (member, reader is client)
            assert published_name(member.first_name, member.last_name, choices[member.pk]) in shown

    answer = organiser_client.post(kind.room_screen_url(evening.pk), {"up": "0"})
    assert answer.status_code == 302
    assert _refused(client.get(link))


def test_the_room_display_shows_guests_as_the_club_publishes_them(demo, client, organiser_client):
    drive = _evening(Drive, "Saturday Village Drive")
    link = kind_of(drive).room_url(drive.pk, key=room_display_put_up(evening=drive))
    assert "Nora Guest" in _text(organiser_client.get(reverse("tournaments:drive-run", args=[drive.pk])))
    assert "Nora Guest" not in _text(client.get(link)) and "Nora Guest" not in _text(
        organiser_client.get(link)
    )
    Club.objects.filter(pk=demo.pk).update(guests_published=True)
    assert "Nora Guest" in _text(client.get(link))


def test_a_wrong_or_old_key_opens_nothing(demo, client):
    night = _evening(DuelNight, "German Whist Night")
    kind = kind_of(night)
    old = room_display_put_up(evening=night)
    new = room_display_put_up(evening=night)
    assert old != new
    assert _refused(client.get(kind.room_url(night.pk, key=old)))
    assert _refused(client.get(kind.room_url(night.pk, key=new[:-1])))
    assert _text(client.get(kind.room_url(night.pk, key=new)))


def test_a_members_only_clubs_room_display_opens_by_its_link_and_by_nothing_else(demo, client):
    Club.objects.filter(pk=demo.pk).update(members_only=True)
    event = Event.objects.filter(name="Tuesday Howell").get()
    assert event.published
    kind = kind_of(event)
    assert _refused(client.get(kind.room_url(event.pk)))
    link = kind.room_url(event.pk, key=room_display_put_up(evening=event))
    assert "Tuesday Howell" in _text(client.get(link))
    assert _refused(client.get(kind.results_url(event.pk)))


def test_only_the_clubs_organiser_puts_the_room_display_up_and_only_by_post(
    demo, client, organiser_client, make_organiser, make_club
):
    event = _evening(Event, "Tuesday Howell")
    url = kind_of(event).room_screen_url(event.pk)
    assert organiser_client.get(url).status_code == 405
    assert _refused(client.post(url, {"up": "1"}))
    client.force_login(make_organiser(username="rival", clubs=[make_club(name="Pendle Whist Circle")]))
    assert client.post(url, {"up": "1"}).status_code == 404
    event.refresh_from_db()
    assert event.room_key == "" and not event.changes.filter(action=AuditLine.Action.ROOM).exists()
