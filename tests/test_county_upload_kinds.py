"""Every kind of evening goes from the hall to the county through its entry in the registry
(``Kind.upload``): its export carries the evening's identity, and the county takes it once."""

import json
from datetime import date

import pytest

from tournaments import services
from tournaments.models import CountyUpload, Drive, DuelNight, Event, Fixture
from tournaments.services.county.keys import county_key_make
from tournaments.services.county.receiving import county_upload_receive
from tournaments.services.drives import drive_create
from tournaments.services.duels.nights import duel_night_create
from tournaments.services.kinds import KINDS, Upload
from tournaments.services.widow.play import widow_create

DAY = date(2026, 11, 20)
DRIVES = {f.value: f.value for f in Drive.Format} | {"individual-drive": Drive.Format.INDIVIDUAL}
UPLOADED = sorted(key for key, kind in KINDS.items() if kind.upload is not None)


def _evening(key: str, club):
    """A new evening of the format ``key``."""
    if key == "pairs":
        return services.event_create(club=club, name="Pairs", date=DAY, tables=3, boards_per_round=1)
    if key == "individual":
        return services.event_create(
            club=club,
            name="Individual",
            date=DAY,
            tables=2,
            boards_per_round=1,
            variant="individual",
            players=8,
        )
    if key == "two-player":
        return duel_night_create(club=club, name="Two-player night", date=DAY, rounds=3)
    if key == "widow":
        return widow_create(club=club, name="Widow series", date=DAY)
    return drive_create(club=club, name=f"Drive {key}", date=DAY, format=DRIVES[key])


def _body(evening, club_slug: str) -> bytes:
    document = KINDS[evening.evening_format.key].upload.export(evening)
    return json.dumps({"club": club_slug, "kind": evening.evening_format.key, "document": document}).encode()


def test_every_kind_whose_evenings_close_says_how_they_go_to_the_county():
    for key, kind in KINDS.items():
        if kind.model in (Event, Drive, DuelNight):
            assert isinstance(kind.upload, Upload), key
        else:  # a league match: both clubs' cards, never closed as one club's evening
            assert kind.model is Fixture and kind.upload is None, key


@pytest.mark.parametrize("key", UPLOADED)
def test_every_kinds_export_carries_the_evenings_identity(key, make_club):
    evening = _evening(key, make_club())
    assert evening.evening_format.key == key
    upload = KINDS[key].upload
    assert upload.identity(upload.export(evening)) == str(evening.uuid)


@pytest.mark.parametrize("key", UPLOADED)
def test_every_kind_is_taken_by_the_county_once_into_the_club_its_key_opens(key, make_club):
    hall, county = make_club(name="Hall Club"), make_club(name="County Club")
    evening = _evening(key, hall)
    _, secret = county_key_make(club=county)

    taken = county_upload_receive(secret=secret, body=_body(evening, county.slug))
    again = county_upload_receive(secret=secret, body=_body(evening, county.slug))

    assert taken.status == 200 and "taken" in taken.message
    assert again.status == 200 and "already here" in again.message
    [copy] = KINDS[key].model.objects.filter(club=county)
    assert copy.uuid == evening.uuid and copy.evening_format.key == key
    assert copy.pk == taken.evening_id == again.evening_id
    [kept] = CountyUpload.objects.all()
    assert kept.format == key and getattr(kept, evening.evening_format.kind) == copy


@pytest.mark.parametrize("key", UPLOADED)
def test_every_kinds_damaged_document_is_refused_in_words_and_nothing_is_taken(key, make_club):
    hall, county = make_club(name="Hall Club"), make_club(name="County Club")
    evening = _evening(key, hall)
    _, secret = county_key_make(club=county)
    upload = KINDS[key].upload
    document = upload.export(evening)
    document[upload.part]["date"] = "the twentieth"
    body = json.dumps({"club": county.slug, "kind": key, "document": document}).encode()

    answer = county_upload_receive(secret=secret, body=body)

    assert answer.status == 400 and "nothing" in answer.message.lower()
    assert not KINDS[key].model.objects.filter(club=county).exists()
    assert not CountyUpload.objects.exists()
