"""The hall's side: the club's county address and key (command and organiser site), what the
county's answer makes of each upload, and the organiser's view of every evening's upload."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction

from tournaments.models import AuditLine, HallUpload
from tournaments.services.county.sending import (
    hall_upload_queue,
    hall_upload_record,
    hall_uploads_changed_requeue,
    uploads_send,
)


@pytest.fixture
def queued(club, make_played_event):
    club.county_address, club.county_key = "http://127.0.0.1:9", "wdc_key"
    club.save()
    return hall_upload_queue(evening=make_played_event(club))


def test_the_command_sets_the_clubs_county_address_and_key(club):
    call_command(
        "county_address", "--club", club.slug, "--address", "https://county.example.org", "--key", "wdc_k"
    )
    club.refresh_from_db()
    assert (club.county_address, club.county_key) == ("https://county.example.org", "wdc_k")
    assert club.changes.filter(action=AuditLine.Action.CHANGED, detail__startswith="county server").exists()


def test_the_command_refuses_an_address_without_a_key_or_not_an_address(club):
    with pytest.raises(CommandError, match="Give the key"):
        call_command("county_address", "--club", club.slug, "--address", "https://county.example.org")
    with pytest.raises(CommandError, match="county address"):
        call_command("county_address", "--club", club.slug, "--address", "county", "--key", "wdc_k")


def test_the_organiser_sets_the_address_on_the_clubs_page_in_the_organiser_site(client, organiser, club):
    client.force_login(organiser)
    url = f"/admin/tournaments/club/{club.pk}/change/"
    form = client.get(url).context["adminform"].form
    data = {name: value for name, value in form.initial.items() if value is not None}
    data |= {
        "organisers": [organiser.pk],
        "county_address": "https://county.example.org",
        "county_key": "wdc_k",
    }
    data = {k: v for k, v in data.items() if k in form.fields}
    response = client.post(url, {k: ("" if v is False else v) for k, v in data.items() if v is not False})
    assert response.status_code == 302, response.context["adminform"].form.errors
    club.refresh_from_db()
    assert (club.county_address, club.county_key) == ("https://county.example.org", "wdc_k")


@pytest.mark.parametrize(
    ("status", "state"),
    [
        (200, HallUpload.State.SENT),
        (403, HallUpload.State.REFUSED),
        (400, HallUpload.State.REFUSED),
        (None, HallUpload.State.QUEUED),
        (500, HallUpload.State.QUEUED),
        (429, HallUpload.State.QUEUED),
    ],
)
def test_the_countys_answer_decides_what_becomes_of_the_upload(queued, status, state):
    upload = hall_upload_record(upload=queued, status=status, answer="words")
    upload.refresh_from_db()
    assert upload.state == state and upload.tries == 1 and upload.answer == "words"


def test_a_closed_evening_closed_again_is_queued_again(queued):
    hall_upload_record(upload=queued, status=200, answer="taken")
    again = hall_upload_queue(evening=queued.event)
    assert again.pk == queued.pk and again.state == HallUpload.State.QUEUED and again.answer == ""


def test_an_evening_corrected_after_it_was_sent_is_queued_again(club, make_played_drive):
    from tournaments.services.drives import drive_result_correct

    club.county_address, club.county_key = "http://127.0.0.1:9", "wdc_key"
    club.save()
    drive = make_played_drive(club)
    sent = hall_upload_record(upload=hall_upload_queue(evening=drive), status=200, answer="taken")
    assert hall_uploads_changed_requeue() == 0

    drive_result_correct(drive=drive, hand=1, table=1, ns_tricks=9, reason="the card was misread")

    assert hall_uploads_changed_requeue() == 1
    sent.refresh_from_db()
    assert sent.state == HallUpload.State.QUEUED


def test_nothing_is_sent_inside_a_database_transaction(queued):
    with transaction.atomic(), pytest.raises(RuntimeError, match="outside any transaction"):
        uploads_send()


def test_the_organiser_sees_each_evenings_upload_state_on_the_clubs_page(client, organiser, club, queued):
    hall_upload_record(upload=queued, status=None, answer="The county server could not be reached (refused).")
    client.force_login(organiser)
    page = client.get(f"/admin/tournaments/club/{club.pk}/change/").content.decode()
    assert "Evenings sent to the county server" in page
    assert "Waiting to be sent" in page and "The county server could not be reached (refused)." in page


@pytest.mark.django_db(transaction=True)
def test_send_uploads_with_nothing_queued_says_nothing():
    out = StringIO()
    call_command("send_uploads", stdout=out)
    assert out.getvalue() == ""


@pytest.mark.django_db(transaction=True)
def test_the_halls_sending_loop_stops_once_the_server_that_started_it_has_gone():
    call_command("send_uploads", "--every", "60", "--while-parent", "999999999", stdout=StringIO())
