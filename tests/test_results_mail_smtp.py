"""Results e-mails against a real SMTP conversation (aiosmtpd on a free local port): a server that
takes everything, one that refuses one address (550), one that takes an e-mail and then stops
answering, one that hangs up in the middle, and none at all. Every member is mailed exactly once;
a refused address or a badly named evening is held alone and said to its own club only."""

import asyncio
import socket
import threading
import time
from datetime import timedelta
from email import message_from_bytes

import pytest
from aiosmtpd.controller import Controller
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournaments import services
from tournaments.models import Event, Result, ResultMail
from tournaments.services.season.mail import (
    UNCERTAIN,
    mail_send_again,
    outbox_send,
    results_queue,
    results_send,
)

SMTP = "django.core.mail.backends.smtp.EmailBackend"


class Server:
    """What the local mail server does: ``refuse`` addresses get 550, ``hang`` keeps the next
    e-mail and never answers it, ``drop`` hangs up as the next e-mail's data comes. ``taken``
    holds every e-mail it kept, as parsed messages."""

    def __init__(self):
        self.taken, self.refuse, self.hang, self.drop = [], set(), False, False

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refuse:
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.drop:
            self.drop = False
            server.transport.close()
            return "421 closing"
        self.taken.append(message_from_bytes(envelope.original_content))
        if self.hang:
            self.hang = False
            await asyncio.sleep(30)  # longer than the test's EMAIL_TIMEOUT
        return "250 OK: queued"

    def to(self) -> list[str]:
        return sorted(message["To"] for message in self.taken)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp_settings(settings):
    settings.EMAIL_BACKEND = SMTP
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", _free_port(), 1
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    return settings


@pytest.fixture
def server(smtp_settings):
    handler = Server()
    controller = Controller(handler, hostname="127.0.0.1", port=smtp_settings.EMAIL_PORT)
    controller.start()
    yield handler
    controller.stop()


def _members(club, *firsts):
    return [
        services.member_create(
            club=club, first_name=first, last_name="Bell", email=f"{first.lower()}@example.org"
        )
        for first in firsts
    ]


@pytest.fixture
def ours(club, make_played_event):
    return make_played_event(club, members=_members(club, "Joan", "Harold", "Irene", "Frank"))


@pytest.fixture
def theirs(other_club, make_played_event):
    return make_played_event(other_club, members=_members(other_club, "Rita", "Sam"), name="Pendle Pairs")


EVERYONE = ["frank@example.org", "harold@example.org", "irene@example.org", "joan@example.org"]


def test_a_server_that_takes_them_gets_each_once_with_one_message_id(ours, server):
    queued, sending = results_send(evening=ours)
    assert (queued, sending.sent, sending.pending, sending.held) == (4, 4, 0, ())
    results_send(evening=ours)
    call_command("send_pending_results")
    assert server.to() == EVERYONE
    ids = {m["Message-ID"] for m in server.taken}
    assert ids == set(ResultMail.objects.values_list("message_id", flat=True)) and len(ids) == 4


def test_an_address_the_server_refuses_is_held_alone_and_the_others_go(ours, server):
    server.refuse = {"harold@example.org"}
    queued, sending = results_send(evening=ours)
    assert (sending.sent, sending.pending) == (3, 0)
    assert server.to() == ["frank@example.org", "irene@example.org", "joan@example.org"]
    harold = ResultMail.objects.get(to="harold@example.org")
    assert harold.status == "held" and "refused the address (550" in harold.last_error
    assert sending.held == (f"harold@example.org: {harold.last_error}",)
    call_command("send_pending_results")  # held: not tried again by itself
    assert len(server.taken) == 3
    server.refuse = set()
    mail_send_again(mails=[harold])  # the organiser, once the member's address is right
    assert server.to() == EVERYONE


def test_a_refusal_is_said_to_its_own_club_only(client, organiser, ours, theirs, server):
    server.refuse = {"rita@example.org"}
    rival = get_user_model().objects.get(username="rival")
    client.force_login(rival)
    page = client.post(reverse("tournaments:results-send", args=[theirs.pk]), follow=True).content.decode()
    assert "Held, not sent: rita@example.org" in page
    client.force_login(organiser)
    page = client.post(reverse("tournaments:results-send", args=[ours.pk]), follow=True).content.decode()
    assert "4 e-mails added to the outbox; 4 sent." in page
    assert "rita@example.org" not in page
    assert server.to() == sorted([*EVERYONE, "sam@example.org"])


def test_one_club_press_leaves_another_clubs_waiting_emails_alone(ours, theirs, server, settings):
    real = settings.EMAIL_PORT
    settings.EMAIL_PORT = _free_port()
    results_send(evening=theirs)  # the other club's hall had no line
    settings.EMAIL_PORT = real
    queued, sending = results_send(evening=ours)
    assert (sending.sent, sending.pending) == (4, 0)
    assert server.to() == EVERYONE
    assert ResultMail.objects.filter(status="pending", member__club=theirs.club).count() == 2
    call_command("send_pending_results")
    assert server.to() == sorted([*EVERYONE, "rita@example.org", "sam@example.org"])


def test_a_server_that_stops_answering_after_taking_one_never_gets_it_twice(ours, server):
    server.hang = True
    queued, sending = results_send(evening=ours)
    assert sending.sent == 0 and len(server.taken) == 1
    first = ResultMail.objects.get(to=server.taken[0]["To"])
    assert first.status == "held" and first.last_error == UNCERTAIN
    assert "stopped answering" in sending.stopped and sending.pending == 3
    call_command("send_pending_results")
    call_command("send_pending_results")
    assert server.to() == EVERYONE  # the held one went once, as the server took it
    assert ResultMail.objects.get(pk=first.pk).status == "held"


def test_the_organiser_sends_a_held_one_again_from_the_outbox(client, organiser, ours, server):
    server.drop = True  # the line drops as the first e-mail's text goes
    results_send(evening=ours)
    held = ResultMail.objects.get(status="held")
    assert held.last_error == UNCERTAIN and held.to not in server.to()
    call_command("send_pending_results")
    assert len(server.taken) == 3
    client.force_login(organiser)
    outbox = client.get(reverse("admin:tournaments_resultmail_changelist")).content.decode()
    assert "Held: not sent again until you say" in outbox and "it may have arrived" in outbox
    page = client.post(
        reverse("admin:tournaments_resultmail_changelist"),
        {"action": "send_again", "_selected_action": [held.pk]},
        follow=True,
    ).content.decode()
    assert "Sent again; 1 sent." in page
    assert server.to() == EVERYONE
    assert set(ResultMail.objects.values_list("status", flat=True)) == {"sent"}
    message_ids = [m["Message-ID"] for m in server.taken if m["To"] == held.to]
    assert message_ids == [held.message_id]


def test_a_server_that_refuses_to_connect_sends_nothing_and_keeps_all(ours, smtp_settings):
    queued, sending = results_send(evening=ours)
    assert (sending.sent, sending.pending, sending.held) == (0, 4, ())
    assert "could not be reached" in sending.stopped
    assert set(ResultMail.objects.values_list("status", flat=True)) == {"pending"}


def test_a_badly_named_evening_is_held_alone_and_stalls_no_other_club(
    client, organiser, ours, theirs, server
):
    # An evening named before names were refused at the edge: its e-mails' subject has a line break.
    Event.objects.filter(pk=theirs.pk).update(name="Friday\nBcc: everyone@example.org")
    client.force_login(get_user_model().objects.get(username="rival"))
    response = client.post(reverse("tournaments:results-send", args=[theirs.pk]), follow=True)
    assert response.status_code == 200
    said = response.content.decode()
    assert "Held, not sent: rita@example.org" in said and "line break" in said
    assert set(ResultMail.objects.filter(event=theirs).values_list("status", flat=True)) == {"held"}
    client.force_login(organiser)
    page = client.post(reverse("tournaments:results-send", args=[ours.pk]), follow=True)
    assert page.status_code == 200 and "4 e-mails added to the outbox; 4 sent." in page.content.decode()
    assert "rita@example.org" not in page.content.decode()
    call_command("send_pending_results")
    assert server.to() == EVERYONE
    assert all("everyone@" not in str(m) for m in server.taken)
    Event.objects.filter(pk=theirs.pk).update(name="Friday")  # corrected, then sent again
    mail_send_again(mails=list(ResultMail.objects.filter(event=theirs)))
    assert server.to() == sorted([*EVERYONE, "rita@example.org", "sam@example.org"])
    assert all(
        m["Subject"].startswith("Your results: Friday, ")
        for m in server.taken
        if m["To"] in ("rita@example.org", "sam@example.org")
    )


class Slow(Server):
    """A mail server that, once it has an e-mail's data, waits before it answers: until ``answer``
    is set (a slow server), or for good (one that hangs). ``arrived`` is set as the data comes."""

    def __init__(self):
        super().__init__()
        self.arrived, self.answer = threading.Event(), threading.Event()

    async def handle_DATA(self, server, session, envelope):
        self.taken.append(message_from_bytes(envelope.original_content))
        self.arrived.set()
        for _ in range(600):  # a minute at most, longer than the test's EMAIL_TIMEOUT
            if self.answer.is_set():
                break
            await asyncio.sleep(0.05)
        return "250 OK: queued"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("server_is", ["slow", "hanging"])
def test_a_tablets_score_never_waits_for_the_mail_server(ours, make_event, club, smtp_settings, server_is):
    """Hall mode keeps every club in one SQLite file, whose writers take their turn: sending the
    results must hold no lock while the mail server takes its time, or every tablet waits too."""
    smtp_settings.EMAIL_TIMEOUT = 3
    handler = Slow()
    controller = Controller(handler, hostname="127.0.0.1", port=smtp_settings.EMAIL_PORT)
    controller.start()
    running = make_event(club, name="Tonight", tables=3, boards_per_round=2)
    services.event_deal_boards(event=running, seed="mail", analyse=False)
    services.event_start(event=running)
    token = running.table_accesses.get(table=1).token
    sending = []

    def press():
        try:
            sending.append(results_send(evening=ours)[1])
        finally:
            connection.close()

    presser = threading.Thread(target=press)
    presser.start()
    try:
        assert handler.arrived.wait(10), "the mail server never had an e-mail"
        started = time.monotonic()
        response = Client().post(
            reverse("tournaments:table-enter", args=[token]), {"board": 1, "ns_tricks": 7}
        )
        waited = time.monotonic() - started
        if server_is == "slow":
            handler.answer.set()
    finally:
        presser.join(30)
        controller.stop()
    assert response.status_code == 302 and Result.objects.filter(event=running, board__number=1).exists()
    assert waited < 1, f"the tablet waited {waited:.1f} s for the mail server"
    outcome = sending[0]
    if server_is == "slow":
        assert (outcome.sent, outcome.pending, outcome.held) == (4, 0, ())
    else:
        assert outcome.sent == 0 and "stopped answering" in outcome.stopped
        assert ResultMail.objects.get(to=handler.taken[0]["To"]).status == "held"


def test_an_email_a_stopped_round_left_sending_is_held_not_sent_again(ours, server):
    results_queue(evening=ours)
    left = ResultMail.objects.order_by("pk").first()
    ResultMail.objects.filter(pk=left.pk).update(
        status="sending", tried_at=timezone.now() - timedelta(hours=1)
    )
    busy = ResultMail.objects.order_by("pk")[1]  # another round has it with the server now
    ResultMail.objects.filter(pk=busy.pk).update(status="sending", tried_at=timezone.now())
    sending = outbox_send(club=ours.club)
    assert sending.sent == 2 and busy.to not in server.to() and left.to not in server.to()
    left.refresh_from_db()
    busy.refresh_from_db()
    assert (left.status, left.last_error) == ("held", UNCERTAIN) and busy.status == "sending"
