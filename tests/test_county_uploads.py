"""A hall with its network cut closes an evening; once the network returns, the evening is on the
county server exactly once, with figures identical to the hall's; a second upload changes
nothing; another club's key is refused in words. The county is the live server, its club a
second club of the same database with its key issued for it."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.models import AuditLine, CountyUpload, Drive, DriveResult, Event, HallUpload, Result
from tournaments.services.county.keys import county_key_make
from tournaments.services.county.sending import UPLOAD_PATH, club_county_set, upload_post, uploads_send
from tournaments.services.events.director import result_set_by_director
from tournaments.services.kinds import kind_of

pytestmark = pytest.mark.django_db(transaction=True)

CUT = "http://127.0.0.1:9"  # nothing answers there: the hall's network is cut


def _hall_and_county(make_club):
    hall, county = make_club(name="Hall Whist Club"), make_club(name="County Copy Club")
    _, key = county_key_make(club=county)
    club_county_set(club=hall, address=CUT, key=key, county_club=county.slug)
    hall.refresh_from_db()
    return hall, county, key


def _printed(command: str, pk: int) -> dict:
    out = StringIO()
    call_command(command, str(pk), "--format", "json", stdout=out)
    return json.loads(out.getvalue())


def _body(evening, club_slug: str) -> bytes:
    document = kind_of(evening).upload.export(evening)
    return json.dumps({"club": club_slug, "kind": evening.evening_format.key, "document": document}).encode()


def _network_returns(hall, live_server, key, county):
    club_county_set(club=hall, address=live_server.url, key=key, county_club=county.slug)


def test_a_pairs_event_closed_with_the_network_cut_is_on_the_county_once_the_network_returns(
    live_server, make_club, make_played_event
):
    hall, county, key = _hall_and_county(make_club)
    event = make_played_event(hall)

    [cut] = uploads_send()
    assert cut.state == HallUpload.State.QUEUED and cut.tries == 1
    assert "could not be reached" in cut.answer
    assert not Event.objects.filter(club=county).exists()

    _network_returns(hall, live_server, key, county)
    [sent] = uploads_send()
    assert sent.state == HallUpload.State.SENT and sent.sent_at is not None
    [copy] = Event.objects.filter(club=county)
    assert copy.uuid == event.uuid
    assert _printed("results", copy.pk) == _printed("results", event.pk)
    assert copy.changes.filter(action=AuditLine.Action.UPLOADED).count() == 1
    assert uploads_send() == []  # nothing left to send

    results = Result.objects.filter(event=copy).count()
    status, words = upload_post(live_server.url + UPLOAD_PATH, key=key, body=_body(event, county.slug))
    assert status == 200 and "already here" in words
    assert Event.objects.filter(club=county).count() == 1 and CountyUpload.objects.count() == 1
    assert Result.objects.filter(event=copy).count() == results
    assert _printed("results", copy.pk) == _printed("results", event.pk)


def test_a_correction_at_the_hall_after_the_close_replaces_the_countys_copy(
    live_server, make_club, make_played_event
):
    hall, county, key = _hall_and_county(make_club)
    _network_returns(hall, live_server, key, county)
    event = make_played_event(hall)
    uploads_send()
    before = _printed("results", event.pk)
    seating = event.seatings.order_by("round", "table").first()
    result = event.results.get(round=seating.round, table=seating.table)
    result_set_by_director(
        event=event,
        seating=seating,
        board_number=result.board.number,
        ns_tricks=(result.ns_tricks + 3) % 14,
        reason="the traveller was misread",
        user=None,
    )

    [sent] = uploads_send()

    assert sent.state == HallUpload.State.SENT and "replaced" in sent.answer
    [copy] = Event.objects.filter(club=county)
    assert copy.uuid == event.uuid
    assert _printed("results", copy.pk) == _printed("results", event.pk) != before


def test_a_drive_closed_with_the_network_cut_is_on_the_county_once_the_network_returns(
    live_server, make_club, make_played_drive
):
    hall, county, key = _hall_and_county(make_club)
    drive = make_played_drive(hall)
    [cut] = uploads_send()
    assert cut.state == HallUpload.State.QUEUED

    _network_returns(hall, live_server, key, county)
    [sent] = uploads_send()
    assert sent.state == HallUpload.State.SENT, sent.answer
    [copy] = Drive.objects.filter(club=county)
    assert copy.uuid == drive.uuid
    county_state, hall_state = _printed("drive_state", copy.pk), _printed("drive_state", drive.pk)
    assert county_state.pop("drive") == copy.pk and hall_state.pop("drive") == drive.pk  # its address
    assert county_state == hall_state

    status, words = upload_post(live_server.url + UPLOAD_PATH, key=key, body=_body(drive, county.slug))
    assert status == 200 and "already here" in words
    assert Drive.objects.filter(club=county).count() == 1
    taken = DriveResult.objects.filter(drive__club=county).count()
    assert taken == DriveResult.objects.filter(drive=drive).count()


def test_another_clubs_key_is_refused_in_words_and_the_refusal_is_in_the_trail(
    live_server, make_club, make_played_event
):
    hall, county, _ = _hall_and_county(make_club)
    stranger = make_club(name="Stranger Whist Club")
    _, strangers_key = county_key_make(club=stranger)
    club_county_set(club=hall, address=live_server.url, key=strangers_key, county_club=county.slug)
    make_played_event(hall)

    [refused] = uploads_send()
    assert refused.state == HallUpload.State.REFUSED
    assert refused.answer == (
        "This key is Stranger Whist Club's: it does not open the club 'county-copy-club'. Nothing was taken."
    )
    assert not Event.objects.filter(club=county).exists()
    assert stranger.changes.filter(action=AuditLine.Action.UPLOAD_REFUSED).count() == 1
    assert uploads_send() == []  # a refusal is not sent again by itself...

    _, key = county_key_make(club=county)
    club_county_set(club=hall, address=live_server.url, key=key, county_club=county.slug)
    [sent] = uploads_send()  # ...but goes again with the mended key
    assert sent.state == HallUpload.State.SENT
    assert Event.objects.filter(club=county).count() == 1


def test_a_closed_evening_is_queued_only_once_its_close_has_committed_and_only_with_a_county_address(
    make_club, make_played_event
):
    plain = make_club(name="Plain Club")
    make_played_event(plain)
    assert not HallUpload.objects.exists()
    hall, _, _ = _hall_and_county(make_club)
    event = make_played_event(hall)
    [queued] = HallUpload.objects.all()
    assert queued.event == event and queued.club == hall and queued.state == HallUpload.State.QUEUED
