"""'Send results' for a two-player night: once published, one e-mail to each member with an
address, their place and game points, a link to the night's results; never two."""

import random
from datetime import date

import pytest
from django.core import mail
from django.urls import reverse

from tests.test_duel_nights import play_round
from tournaments.models import AuditLine, ResultMail
from tournaments.services import ServiceError, member_create
from tournaments.services.duels import (
    duel_night_close,
    duel_night_create,
    duel_night_publish,
    duel_night_start,
    night_state,
)
from tournaments.services.season.mail import mail_send_again, results_send

pytestmark = pytest.mark.django_db
LOCMEM = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture
def night(club):
    """A German whist Swiss night of five, three of them members with an address, played and closed."""
    people = [
        ("Joan", "Bellamy"),
        ("Harold", "Bickerstaff"),
        ("Irene", "Cartwright"),
        ("Frank", "Cartwright"),
    ]
    for n, (first, last) in enumerate(people):
        member_create(
            club=club, first_name=first, last_name=last, email=f"{first.lower()}@example.org" * (n < 3)
        )
    night = duel_night_create(
        club=club,
        name="German whist night",
        date=date(2026, 11, 27),
        players=[f"{first} {last}" for first, last in people] + ["Guest Player"],
        pairing="swiss",
        rounds=2,
        deals=2,
    )
    duel_night_start(night=night)
    rng = random.Random(5)
    while not night_state(night).complete:
        play_round(night, rng)
    return duel_night_close(night=night)


def test_a_night_sends_each_member_their_place_and_game_points_once(club, night, settings):
    settings.EMAIL_BACKEND = LOCMEM
    club.public_address = "https://results.example.org"
    club.save(update_fields=["public_address"])
    with pytest.raises(ServiceError, match="Publish German whist night's results before sending them"):
        results_send(evening=night)
    assert not ResultMail.objects.exists()

    duel_night_publish(night=night)
    queued, sending = results_send(evening=night)
    assert (queued, sending.sent) == (3, 3)
    standings = {line.player.member_id: line.standing for line in night_state(night).standings}
    for message in mail.outbox:
        (mine,) = [night.mails.get(to=message.to[0])]
        standing = standings[mine.member_id]
        place = standing.place.rstrip("=")
        assert f"of 5 (all players), with {standing.game_points} game point" in message.body
        assert f"you came {place}" in message.body
        assert f"https://results.example.org/two-player/{night.pk}/results/" in message.body
        assert not message.attachments  # score cards are a duplicate event's
    line = night.changes.get(action=AuditLine.Action.MAILED)
    assert line.detail == "3 e-mails to send; 1 members have no address"

    assert results_send(evening=night)[0] == 0  # pressed again: nobody gets a second
    assert len(mail.outbox) == 3


def test_a_held_nights_email_is_written_again_and_sent(night, settings):
    settings.EMAIL_BACKEND = LOCMEM
    duel_night_publish(night=night)
    results_send(evening=night)
    held = night.mails.order_by("pk").first()
    ResultMail.objects.filter(pk=held.pk).update(status="held", sent_at=None, last_error="550 no")
    held.member.email = "joan.b@example.org"
    held.member.save(update_fields=["email"])
    (sending,) = mail_send_again(mails=[held])
    assert sending.sent == 1 and mail.outbox[-1].to == ["joan.b@example.org"]
    assert night.changes.filter(
        action=AuditLine.Action.MAILED, detail="sent again to joan.b@example.org"
    ).exists()


def test_the_organiser_sends_a_published_nights_results_from_its_page(client, organiser, night, settings):
    settings.EMAIL_BACKEND = LOCMEM
    client.force_login(organiser)
    run = reverse("tournaments:duel-run", args=[night.pk])
    send = reverse("tournaments:duel-send-results", args=[night.pk])
    assert "Send results" not in client.get(run).content.decode()  # not before publishing
    said = client.post(send, follow=True).content.decode()
    assert "Publish German whist night&#x27;s results before sending them" in said
    duel_night_publish(night=night)
    assert "Send results" in client.get(run).content.decode()
    said = client.post(send, follow=True).content.decode()
    assert "3 e-mails added to the outbox; 3 sent." in said
    assert client.get(send).status_code == 405


def test_another_clubs_organiser_cannot_send_a_nights_results(client, night, other_club):
    from django.contrib.auth import get_user_model

    duel_night_publish(night=night)
    client.force_login(get_user_model().objects.get(username="rival"))
    assert client.post(reverse("tournaments:duel-send-results", args=[night.pk])).status_code == 404
    assert not ResultMail.objects.exists()
