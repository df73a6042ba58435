"""'Send results': one e-mail a member with an address, kept in an outbox until the mail server
takes it, and never sent twice."""

import re
import smtplib
import socket
import socketserver
import threading

import pytest
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.core.management import CommandError, call_command
from django.urls import reverse

from tournaments import services
from tournaments.models import AuditLine, ResultMail
from tournaments.services.season.mail import mail_send_again, outbox_send, results_queue, results_send
from whistdrive.env import email_from_env

LOCMEM = "django.core.mail.backends.locmem.EmailBackend"
FLAKY = "tests.test_results_mail.FlakyBackend"


class FlakyBackend(EmailBackend):
    """A mail server that cannot be reached while ``up`` is false, and takes ``takes`` e-mails (all
    when None) before it hangs up in the middle of the next."""

    up = True
    takes: int | None = None

    def open(self):
        if not FlakyBackend.up:
            raise ConnectionRefusedError(111, "Connection refused")

    def send_messages(self, messages):
        for _ in messages:
            if FlakyBackend.takes is not None:
                if FlakyBackend.takes <= 0:
                    raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")
                FlakyBackend.takes -= 1
        return super().send_messages(messages)


@pytest.fixture
def members(club):
    people = [
        ("Joan", "Bellamy"),
        ("Harold", "Bickerstaff"),
        ("Irene", "Cartwright"),
        ("Frank", "Cartwright"),
    ]
    return [
        services.member_create(
            club=club, first_name=first, last_name=last, email=f"{first.lower()}@example.org" if n < 3 else ""
        )
        for n, (first, last) in enumerate(people)
    ]


@pytest.fixture
def evening(club, members, make_played_event):
    club.public_address = "https://results.ribblewhist.org.uk/"
    club.save()
    return make_played_event(club, members=members)


def test_each_member_with_an_address_gets_one_email_with_place_score_link_and_score_card(
    evening, members, settings
):
    settings.EMAIL_BACKEND = LOCMEM
    queued, sending = results_send(evening=evening)
    assert queued == 3 and sending.sent == 3 and sending.pending == 0
    assert sorted(m.to[0] for m in mail.outbox) == [
        "harold@example.org",
        "irene@example.org",
        "joan@example.org",
    ]
    joan = next(m for m in mail.outbox if m.to == ["joan@example.org"])
    assert "Club Night" in joan.subject
    assert "with Harold Bickerstaff you came" in joan.body and " of 3 (N/S)" in joan.body
    assert f"https://results.ribblewhist.org.uk/players/{members[0].pk}/" in joan.body
    assert f"https://results.ribblewhist.org.uk/events/{evening.pk}/results/" in joan.body
    assert "with 16.67% of the matchpoints." in joan.body
    ((name, pdf, kind),) = joan.attachments
    assert name == "score-card-ns-1.pdf" and kind == "application/pdf" and pdf.startswith(b"%PDF")


def test_sending_results_again_sends_nobody_a_second_email(evening, settings):
    settings.EMAIL_BACKEND = LOCMEM
    results_send(evening=evening)
    queued, sending = results_send(evening=evening)
    assert queued == 0 and sending.sent == 0
    assert len(mail.outbox) == 3
    assert ResultMail.objects.count() == 3


def test_results_are_not_sent_before_they_are_published(club, members, make_played_event, settings):
    settings.EMAIL_BACKEND = LOCMEM
    private = make_played_event(club, members=members, published=False)
    with pytest.raises(services.ServiceError, match="Publish Club Night's results before sending them"):
        results_send(evening=private)
    assert ResultMail.objects.count() == 0 and mail.outbox == []


def test_a_hall_with_no_internet_keeps_them_and_the_command_sends_each_once_later(evening, settings):
    settings.EMAIL_BACKEND = FLAKY
    FlakyBackend.up, FlakyBackend.takes = False, None  # no line out of the hall
    queued, sending = results_send(evening=evening)
    assert (queued, sending.sent, sending.pending) == (3, 0, 3)
    assert "could not be reached (ConnectionRefusedError" in sending.stopped
    with pytest.raises(CommandError, match="could not be reached"):
        call_command("send_pending_results")  # still down
    assert len(mail.outbox) == 0
    FlakyBackend.up = True  # the server is back
    call_command("send_pending_results")
    call_command("send_pending_results")
    assert sorted(m.to[0] for m in mail.outbox) == [
        "harold@example.org",
        "irene@example.org",
        "joan@example.org",
    ]
    assert not ResultMail.objects.filter(status="pending").exists()
    assert outbox_send().sent == 0


def test_a_drives_members_get_their_place_and_score(club, members, make_played_drive, settings):
    settings.EMAIL_BACKEND = LOCMEM
    settings.MAIL_SITE_URL = "https://whist.example.org"  # SITE_URL set for a server
    drive = make_played_drive(club, members=members[:2])
    queued, sending = results_send(evening=drive)
    assert queued == 2 and sending.sent == 2
    body = next(m for m in mail.outbox if m.to == ["joan@example.org"]).body
    assert "At Village Drive" in body and "(Ladies)" in body and "https://whist.example.org/drives/" in body
    assert all(m.attachments == [] for m in mail.outbox)


def test_sending_results_has_its_line_in_the_trail(evening, settings):
    settings.EMAIL_BACKEND = LOCMEM
    results_queue(evening=evening)
    line = evening.changes.get(action=AuditLine.Action.MAILED)
    assert line.detail == "3 e-mails to send; 1 members have no address"


def test_the_organiser_sends_results_from_the_run_page(client, organiser, evening, settings):
    settings.EMAIL_BACKEND = LOCMEM
    client.force_login(organiser)
    run = client.get(reverse("tournaments:event-run", args=[evening.pk])).content.decode()
    assert "Send results" in run
    response = client.post(reverse("tournaments:results-send", args=[evening.pk]), follow=True)
    assert "3 e-mails added to the outbox; 3 sent." in response.content.decode()
    assert len(mail.outbox) == 3


def test_sending_results_is_refused_to_another_clubs_organiser_and_to_get(client, evening, other_club):
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.get(username="rival"))
    assert client.post(reverse("tournaments:results-send", args=[evening.pk])).status_code == 404
    assert client.get(reverse("tournaments:results-send", args=[evening.pk])).status_code == 405
    assert ResultMail.objects.count() == 0


def test_the_organiser_sends_a_drives_results_from_its_page(
    client, organiser, club, members, make_played_drive, settings
):
    settings.EMAIL_BACKEND = LOCMEM
    drive = make_played_drive(club, members=members[:2])
    client.force_login(organiser)
    response = client.post(reverse("tournaments:drive-send-results", args=[drive.pk]), follow=True)
    assert "2 e-mails added to the outbox; 2 sent." in response.content.decode()


def test_the_mail_server_comes_from_one_address_or_its_parts(monkeypatch, tmp_path):
    for name in ("EMAIL_URL", "EMAIL_HOST", "EMAIL_BACKEND"):
        monkeypatch.delenv(name, raising=False)
    assert email_from_env(tmp_path)["EMAIL_BACKEND"].endswith("filebased.EmailBackend")
    monkeypatch.setenv("EMAIL_URL", "smtp+tls://results%40club.org:pa%3Ass@mail.example.org")
    config = email_from_env(tmp_path)
    assert (config["EMAIL_HOST"], config["EMAIL_PORT"], config["EMAIL_USE_TLS"]) == (
        "mail.example.org",
        587,
        True,
    )
    assert (config["EMAIL_HOST_USER"], config["EMAIL_HOST_PASSWORD"]) == ("results@club.org", "pa:ss")
    monkeypatch.setenv("EMAIL_URL", "smtps://mail.example.org")
    assert email_from_env(tmp_path)["EMAIL_PORT"] == 465
    monkeypatch.delenv("EMAIL_URL")
    monkeypatch.setenv("EMAIL_HOST", "mail.example.org")
    assert email_from_env(tmp_path)["EMAIL_BACKEND"].endswith("smtp.EmailBackend")


def test_a_mail_address_that_is_not_one_stops_start_up(monkeypatch, tmp_path):
    from django.core.exceptions import ImproperlyConfigured

    monkeypatch.setenv("EMAIL_URL", "http://mail.example.org")
    with pytest.raises(ImproperlyConfigured, match="EMAIL_URL"):
        email_from_env(tmp_path)


class _SMTPHandler(socketserver.StreamRequestHandler):
    """Just enough of a mail server: says yes to everything and keeps each message."""

    def handle(self):
        self.wfile.write(b"220 hall-test ESMTP\r\n")
        lines, data = [], False
        for raw in self.rfile:
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            if data:
                if line == ".":
                    self.server.messages.append("\n".join(lines))
                    lines, data = [], False
                    self.wfile.write(b"250 OK\r\n")
                else:
                    lines.append(line)
            elif line[:4].upper() == "DATA":
                data = True
                self.wfile.write(b"354 End data with <CR><LF>.<CR><LF>\r\n")
            elif line[:4].upper() == "QUIT":
                self.wfile.write(b"221 Bye\r\n")
                return
            else:
                self.wfile.write(b"250 OK\r\n")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_with_the_smtp_server_down_then_up_each_email_goes_once(evening, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", _free_port(), 5
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    queued, sending = results_send(evening=evening)  # nothing listens: the hall has no internet
    assert (queued, sending.sent, sending.pending) == (3, 0, 3)
    assert "ConnectionRefusedError" in sending.stopped
    server = socketserver.ThreadingTCPServer(("127.0.0.1", settings.EMAIL_PORT), _SMTPHandler)
    server.messages = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        call_command("send_pending_results")
        call_command("send_pending_results")
        results_send(evening=evening)
    finally:
        server.shutdown()
        server.server_close()
    to = sorted(line for m in server.messages for line in m.splitlines() if line.startswith("To: "))
    assert to == ["To: harold@example.org", "To: irene@example.org", "To: joan@example.org"]
    assert all("application/pdf" in m for m in server.messages)


def test_the_organiser_reads_the_outbox_in_the_organiser_site_and_changes_nothing(
    client, organiser, evening, other_club, settings
):
    from django.contrib.auth import get_user_model

    settings.EMAIL_BACKEND = LOCMEM
    results_send(evening=evening)
    client.force_login(organiser)
    page = client.get(reverse("admin:tournaments_resultmail_changelist")).content.decode()
    assert "joan@example.org" in page and "Sent" in page
    mail_row = ResultMail.objects.first()
    assert (
        client.post(
            reverse("admin:tournaments_resultmail_delete", args=[mail_row.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
    client.force_login(get_user_model().objects.get(username="rival"))
    assert (
        "joan@example.org"
        not in client.get(reverse("admin:tournaments_resultmail_changelist")).content.decode()
    )


def test_a_team_nights_members_are_told_their_teams_points_in_words(club, members, settings):
    settings.EMAIL_BACKEND = LOCMEM
    teams = [
        ("Aces", ["Joan Bellamy", "Harold Bickerstaff", "Cy Archer", "Di Archer"]),
        ("Kings", ["Ed King", "Flo King", "Gus Kemp", "Hal Kemp"]),
    ]
    night = services.drives.team_night_create(
        club=club, name="Cup night", date="2026-11-24", teams=teams, hands=2
    )
    services.drives.drive_start(drive=night)
    for hand in (1, 2):
        for table in (1, 2):
            services.drives.drive_result_record(drive=night, hand=hand, table=table, ns_tricks=7 + table)
    services.drives.drive_close(drive=night)
    services.drives.drive_publish(drive=night)
    results_send(evening=night)
    body = next(m for m in mail.outbox if m.to == ["joan@example.org"]).body
    assert re.search(r"with \d+ team points?\.", body), body


def test_a_drives_members_are_told_their_tricks_in_words(club, members, make_played_drive, settings):
    settings.EMAIL_BACKEND = LOCMEM
    results_send(evening=make_played_drive(club, members=members[:2]))
    body = next(m for m in mail.outbox if m.to == ["joan@example.org"]).body
    assert re.search(r"with \d+(\.5)? tricks?\.", body), body


def test_the_organiser_sets_the_clubs_public_address_in_the_organiser_site(client, organiser, club):
    client.force_login(organiser)
    page = client.get(reverse("admin:tournaments_club_change", args=[club.pk])).content.decode()
    assert "Public address" in page and "results e-mails" in page


def test_with_no_public_address_the_emails_have_no_links_rather_than_the_halls(
    club, members, make_played_event, settings
):
    settings.EMAIL_BACKEND = LOCMEM
    settings.SITE_URL, settings.MAIL_SITE_URL = "http://127.0.0.1:8000", ""
    results_send(evening=make_played_event(club, members=members))
    body = next(m for m in mail.outbox if m.to == ["joan@example.org"]).body
    assert "http" not in body and "127.0.0.1" not in body
    assert "you came 3rd of 3 (N/S), with 16.67% of the matchpoints." in body


@pytest.mark.parametrize(
    "scoring, said",
    [
        ("matchpoints", r"with \d+(\.\d+)?% of the matchpoints\."),
        (
            "total_tricks",
            r"with (\d+(\.\d)? tricks? (above|below) the average|the average number of tricks)\.",
        ),
        ("odd_tricks", r"with \d+(\.\d)? points?\."),
    ],
)
def test_a_duplicate_events_members_are_told_what_their_figure_is(
    club, members, make_played_event, settings, scoring, said
):
    settings.EMAIL_BACKEND = LOCMEM
    event = make_played_event(club, members=members)
    type(event).objects.filter(pk=event.pk).update(scoring=scoring)
    results_send(evening=event)
    body = next(m for m in mail.outbox if m.to == ["joan@example.org"]).body
    assert re.search(said, body), body


def test_with_no_mail_server_set_nothing_is_marked_sent_and_the_organiser_is_told(
    client, organiser, evening, settings, tmp_path
):
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = str(tmp_path)
    client.force_login(organiser)
    url = reverse("tournaments:results-send", args=[evening.pk])
    page = client.post(url, follow=True).content.decode()
    assert "3 e-mails added to the outbox. No mail server is set: the 3 e-mails wait in the outbox" in page
    assert "3 sent" not in page
    client.post(url)
    assert set(ResultMail.objects.values_list("status", flat=True)) == {"pending"}
    settings.EMAIL_BACKEND = LOCMEM  # a real server, later, from home
    call_command("send_pending_results")
    assert sorted(m.to[0] for m in mail.outbox) == [
        "harold@example.org",
        "irene@example.org",
        "joan@example.org",
    ]
    assert set(ResultMail.objects.values_list("status", flat=True)) == {"sent"}


def test_with_no_mail_server_set_a_readable_copy_of_each_is_written_once(
    evening, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = str(tmp_path)
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            results_send(evening=evening)
    written = "".join(path.read_text() for path in tmp_path.iterdir())
    assert sorted(re.findall(r"^To: (.*)$", written, re.M)) == [
        "harold@example.org",
        "irene@example.org",
        "joan@example.org",
    ]


def test_the_command_says_no_mail_server_is_set(evening, settings, tmp_path):
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = str(tmp_path)
    results_queue(evening=evening)
    with pytest.raises(CommandError, match="No mail server is set: the 3 e-mails wait"):
        call_command("send_pending_results")
    assert ResultMail.objects.filter(status="pending").count() == 3


def test_an_email_queued_before_message_ids_gets_one_and_keeps_it(evening, settings):
    settings.EMAIL_BACKEND = FLAKY
    FlakyBackend.up, FlakyBackend.takes = True, 0  # the line drops in the middle of the first
    results_queue(evening=evening)
    ResultMail.objects.update(message_id="")
    outbox_send()
    held = ResultMail.objects.get(status="held")
    assert held.message_id.endswith("@localhost>")
    FlakyBackend.takes = None
    mail_send_again(mails=[held])
    assert [m.extra_headers["Message-ID"] for m in mail.outbox if m.to == [held.to]] == [held.message_id]
