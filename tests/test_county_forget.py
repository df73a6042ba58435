"""A member forgotten at the hall is forgotten on the county too: the evenings already sent that
named them go again, and the county's copies, its public pages and the simultaneous rankings then
say the pseudonym. The county is the live server, its club a second club of the same database."""

from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.models import CountyUpload, Drive, DriveResultChange, Event, HallUpload, Member
from tournaments.services import member_create
from tournaments.services.county.keys import county_key_make
from tournaments.services.county.sending import club_county_set, uploads_send
from tournaments.services.drives import drive_delete, drive_result_correct
from tournaments.services.simultaneous import (
    simultaneous_drive_ranking,
    simultaneous_publish,
    simultaneous_ranking,
)

from .simultaneous import make_drive_evening, make_simultaneous, play_club, play_drive
from .test_forget_member import _crawl

pytestmark = pytest.mark.django_db(transaction=True)


def _send() -> str:
    out = StringIO()
    call_command("send_uploads", stdout=out)
    return out.getvalue()


def _dumped() -> str:
    out = StringIO()
    call_command("dumpdata", "tournaments", stdout=out)
    return out.getvalue()


@pytest.fixture
def sent(live_server, make_club):
    """A hall that has sent the county a pairs event and a drive Joan Bellamy played in, both in
    the county's simultaneous evenings of that day, their rankings published."""
    hall, county = make_club(name="Hall Whist Club"), make_club(name="County Copy Club")
    _, key = county_key_make(club=county)
    club_county_set(club=hall, address=live_server.url, key=key, county_club=county.slug)
    joan = member_create(club=hall, first_name="Joan", last_name="Bellamy", email="joan@example.org")
    ann = member_create(club=hall, first_name="Ann", last_name="Lee", email="ann@example.org")
    pairs, drives = make_simultaneous([hall, county]), make_drive_evening([hall, county])
    play_club(pairs, hall, tables=3, club_number=1, members=[joan, ann])
    play_drive(drives, hall, players=8, club_number=1, members=[joan, ann])
    _send()
    for simultaneous in (pairs, drives):
        simultaneous_publish(simultaneous=simultaneous)
    return hall, county, joan, pairs, drives


def _county_starts(county, pairs, drives) -> list[str]:
    starts = [f"/clubs/{county.slug}/results/", f"/simultaneous/{pairs.pk}/", f"/simultaneous/{drives.pk}/"]
    starts += [f"/events/{e.pk}/results/" for e in Event.objects.filter(club=county)]
    starts += [f"/drives/{d.pk}/results/" for d in Drive.objects.filter(club=county)]
    starts += [f"/players/{m.pk}/" for m in Member.objects.filter(club=county)]
    return starts


def _ranked_names(pairs, drives) -> str:
    rows = [*simultaneous_ranking(pairs).rows, *simultaneous_drive_ranking(drives).rows]
    return " ".join(str(row.names) for row in rows)


def test_a_member_forgotten_at_the_hall_leaves_no_trace_on_the_county_once_the_evenings_go_again(
    sent, client
):
    hall, county, joan, pairs, drives = sent
    assert {u.state for u in HallUpload.objects.all()} == {HallUpload.State.SENT}
    assert Member.objects.filter(club=county, last_name="Bellamy").exists()  # the name travelled
    assert "Joan Bellamy" in _ranked_names(pairs, drives)
    pages = _crawl(client, _county_starts(county, pairs, drives))
    assert any("Bellamy" in text for text in pages.values())

    call_command("forget_member", str(joan.pk), "--reason", "asked by letter", stdout=StringIO())

    assert {u.state for u in HallUpload.objects.all()} == {HallUpload.State.QUEUED}
    said = _send()
    assert "2 sent; 0 waiting" in said and said.count("replaced") == 2
    assert "Bellamy" not in _dumped()  # the hall's rows and the county's copies alike
    assert not Member.objects.filter(club=county, last_name="Bellamy").exists()
    ranked = _ranked_names(pairs, drives)
    assert "Bellamy" not in ranked and f"Former member {joan.pk}" in ranked
    pages = _crawl(client, _county_starts(county, pairs, drives))
    assert len(pages) > 10
    assert [url for url, text in pages.items() if "Bellamy" in text] == []
    assert any(f"Former member {joan.pk}" in text for text in pages.values())

    digests = sorted(CountyUpload.objects.values_list("evening", "digest", "event", "drive"))
    assert uploads_send() == [] and _send() == ""  # a second sending has nothing to send
    assert sorted(CountyUpload.objects.values_list("evening", "digest", "event", "drive")) == digests


def test_an_evening_that_named_the_member_only_in_words_goes_again_too(sent, make_played_drive):
    hall, county, joan, pairs, drives = sent
    typed = make_played_drive(hall, name="Summer Drive")  # she did not play: a correction names her
    first = typed.results.order_by("hand", "table").first()
    drive_result_correct(
        drive=typed,
        hand=first.hand,
        table=first.table,
        ns_tricks=(first.ns_tricks + 1) % 14,
        reason="Joan Bellamy saw it",
    )
    _send()
    assert HallUpload.objects.get(drive=typed).state == HallUpload.State.SENT
    assert DriveResultChange.objects.filter(drive__club=county, reason__contains="Bellamy").exists()

    call_command("forget_member", str(joan.pk), "--reason", "asked by letter", stdout=StringIO())

    assert HallUpload.objects.get(drive=typed).state == HallUpload.State.QUEUED
    _send()
    assert DriveResultChange.objects.filter(drive__club=county, reason__contains="Former member").exists()
    assert "Bellamy" not in _dumped()


def test_a_member_in_a_copy_the_hall_can_no_longer_send_stays_until_the_county_forgets_them(sent):
    hall, county, joan, pairs, drives = sent
    drive_delete(drive=Drive.objects.get(club=hall))  # sent, then deleted at the hall
    call_command("forget_member", str(joan.pk), "--reason", "asked by letter", stdout=StringIO())
    _send()

    [named] = Member.objects.filter(club=county, last_name="Bellamy")  # the drive's copy holds her
    assert not Event.objects.filter(club=county, pairs__player1=named).exists()
    call_command("forget_member", str(named.pk), "--reason", "the hall forgot her", stdout=StringIO())
    assert "Bellamy" not in _dumped()
