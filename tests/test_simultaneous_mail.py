"""The results e-mail of a simultaneous evening: once the county publishes, each member with an
address at a taking-part club is told their place in the whole field and at their own club,
through the clubs' outboxes, each member exactly once."""

import pytest
from django.core import mail
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from tournaments import services
from tournaments.models import AuditLine, ResultMail
from tournaments.services import ServiceError
from tournaments.services.simultaneous import (
    simultaneous_drive_ranking,
    simultaneous_publish,
    simultaneous_ranking,
    simultaneous_results_queue,
    simultaneous_results_send,
)

from .simultaneous import make_drive_evening, make_simultaneous, play_club, play_drive

LOCMEM = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture
def county(django_user_model):
    return django_user_model.objects.create_superuser("county", password="secret-pass-123")


def _members(club, *names, emails=True):
    return [
        services.member_create(
            club=club,
            first_name=first,
            last_name=last,
            email=f"{first.lower()}@example.org" if emails else "",
        )
        for first, last in (name.split() for name in names)
    ]


@pytest.fixture
def played(club, other_club):
    ours = _members(club, "Joan Bellamy", "Harold Bickerstaff", "Ada Cole", "Bea Dunn")
    theirs = _members(other_club, "Cyril Eccles", "Dora Finch")
    simultaneous = make_simultaneous([club, other_club], boards=3)
    play_club(simultaneous, club, tables=3, club_number=1, members=ours)
    play_club(simultaneous, other_club, tables=3, club_number=2, members=theirs)
    return simultaneous_publish(simultaneous=simultaneous), ours + theirs


def test_each_member_with_an_address_is_told_their_places_once(played, settings):
    settings.EMAIL_BACKEND = LOCMEM
    simultaneous, members = played
    assert simultaneous_results_send(simultaneous=simultaneous) == 6
    rows = {m: row for row in simultaneous_ranking(simultaneous).rows for m in row.member_ids}
    mails = {m.member_id: m for m in ResultMail.objects.filter(simultaneous=simultaneous)}
    assert set(mails) == {m.pk for m in members}
    for member in members:
        row = rows[member.pk]
        body = mails[member.pk].body
        assert f"Dear {member.first_name}," in body
        assert "of 12 in the whole field" in body
        assert f"at {member.club.name}." in body
        assert row.club_rank.rstrip("=") in body
        assert mails[member.pk].status == ResultMail.Status.SENT
    assert sorted(m.to[0] for m in mail.outbox) == sorted(m.email for m in members)
    # Asked again, nobody gets a second e-mail.
    assert simultaneous_results_send(simultaneous=simultaneous) == 0
    assert len(mail.outbox) == 6
    assert AuditLine.objects.filter(action=AuditLine.Action.MAILED, club=members[0].club).count() == 1


def test_the_database_keeps_one_e_mail_a_member_an_evening(played):
    simultaneous, members = played
    simultaneous_results_queue(simultaneous=simultaneous)
    with pytest.raises(IntegrityError), transaction.atomic():
        ResultMail.objects.create(
            member=members[0], simultaneous=simultaneous, to="x@example.org", subject="s", body="b",
            created_at=timezone.now(),
        )  # fmt: skip


def test_members_without_an_address_and_guests_get_none(club, other_club):
    quiet = _members(club, "Ivy Gray", "Len Hope", emails=False)
    simultaneous = make_simultaneous([club, other_club], boards=3)
    play_club(simultaneous, club, tables=3, club_number=1, members=quiet)
    play_club(simultaneous, other_club, tables=3, club_number=2)
    simultaneous_publish(simultaneous=simultaneous)
    assert simultaneous_results_queue(simultaneous=simultaneous) == 0
    assert not ResultMail.objects.exists()


def test_nothing_is_e_mailed_before_the_ranking_is_published(club, other_club):
    members = _members(club, "Joan Bellamy", "Harold Bickerstaff")
    simultaneous = make_simultaneous([club, other_club], boards=3)
    play_club(simultaneous, club, tables=3, club_number=1, members=members)
    with pytest.raises(ServiceError, match="Publish the ranking"):
        simultaneous_results_queue(simultaneous=simultaneous)
    assert not ResultMail.objects.exists()


def test_a_drive_evenings_players_are_told_their_places(club, other_club, settings):
    settings.EMAIL_BACKEND = LOCMEM
    ours = _members(club, "Joan Bellamy", "Harold Bickerstaff", "Ada Cole")
    simultaneous = make_drive_evening([club, other_club])
    play_drive(simultaneous, club, players=8, club_number=1, members=ours)
    play_drive(simultaneous, other_club, players=8, club_number=2)
    simultaneous_publish(simultaneous=simultaneous)
    assert simultaneous_results_send(simultaneous=simultaneous) == 3
    rows = {m: row for row in simultaneous_drive_ranking(simultaneous).rows for m in row.member_ids}
    for sent in ResultMail.objects.filter(simultaneous=simultaneous):
        row = rows[sent.member_id]
        assert "of 16 in the whole field" in sent.body
        assert f"({row.club_field}) at {club.name}" in sent.body
    assert len(mail.outbox) == 3


def test_publishing_from_the_page_queues_the_e_mails(client, county, played, settings):
    settings.EMAIL_BACKEND = LOCMEM
    simultaneous, _ = played
    simultaneous_publish(simultaneous=simultaneous, published=False)
    client.force_login(county)
    response = client.post(
        reverse("tournaments:simultaneous-publish", args=[simultaneous.pk]), {"publish": "1"}
    )
    assert response.status_code == 302
    assert ResultMail.objects.filter(simultaneous=simultaneous).count() == 6
    client.post(reverse("tournaments:simultaneous-publish", args=[simultaneous.pk]), {"publish": "1"})
    assert ResultMail.objects.filter(simultaneous=simultaneous).count() == 6
