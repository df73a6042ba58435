"""The county server's door for the halls (POST /county/upload/): what it takes, what it refuses
and in which words, and the trail's line for each."""

import json
from datetime import date

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import AuditLine, CountyUpload, Event
from tournaments.services.county.keys import county_key_make, county_key_withdraw
from tournaments.services.kinds import kind_of

URL = "/county/upload/"


@pytest.fixture
def county(make_club):
    return make_club(name="County Club")


@pytest.fixture
def evening(make_club):
    hall = make_club(name="Hall Club")
    return services.event_create(
        club=hall, name="Pairs", date=date(2026, 11, 20), tables=3, boards_per_round=1
    )


def _post(client, body, key: str = ""):
    data = body if isinstance(body, bytes) else json.dumps(body)
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return client.post(URL, data=data, content_type="application/json", headers=headers)


def _upload(evening, slug: str) -> dict:
    return {"club": slug, "kind": "pairs", "document": kind_of(evening).upload.export(evening)}


def _refusals(club) -> list[str]:
    return list(club.changes.filter(action=AuditLine.Action.UPLOAD_REFUSED).values_list("detail", flat=True))


def test_the_door_is_where_the_hall_knocks():
    assert reverse("tournaments:county-upload") == URL


def test_it_takes_an_evening_into_the_club_its_key_opens(client, county, evening):
    _, key = county_key_make(club=county)
    response = _post(client, _upload(evening, county.slug), key)
    assert response.status_code == 200 and response.json()["message"] == "Pairs (20 Nov 2026) is taken."
    [copy] = Event.objects.filter(club=county)
    assert copy.uuid == evening.uuid
    assert copy.changes.filter(action=AuditLine.Action.UPLOADED).count() == 1


def test_it_refuses_get(client):
    assert client.get(URL).status_code == 405


def test_it_refuses_an_upload_without_a_key_or_with_one_it_never_made(client, county, evening):
    for key in ("", "wdc_made-up"):
        response = _post(client, _upload(evening, county.slug), key)
        assert response.status_code == 401
        assert response.json()["message"].startswith("This upload carries no key the county server knows")
    assert len(_refusals(county)) == 2  # on the club the upload names
    assert not Event.objects.filter(club=county).exists()


def test_it_refuses_a_withdrawn_key_in_words(client, county, evening):
    made, key = county_key_make(club=county)
    county_key_withdraw(key=made)
    response = _post(client, _upload(evening, county.slug), key)
    assert response.status_code == 403 and "was withdrawn on" in response.json()["message"]
    assert len(_refusals(county)) == 1 and not Event.objects.filter(club=county).exists()


def test_it_refuses_an_upload_naming_another_club_than_the_keys(client, county, evening, make_club):
    stranger = make_club(name="Stranger Club")
    _, key = county_key_make(club=stranger)
    response = _post(client, _upload(evening, county.slug), key)
    assert response.status_code == 403
    assert response.json()["message"] == (
        "This key is Stranger Club's: it does not open the club 'county-club'. Nothing was taken."
    )
    assert not Event.objects.filter(club__in=[county, stranger]).exists()
    assert len(_refusals(stranger)) == 1


def test_it_refuses_what_is_not_an_evening_in_words(client, county, evening):
    _, key = county_key_make(club=county)
    upload = _upload(evening, county.slug)
    cases = [
        (b"not json", "The upload is not JSON: nothing was taken."),
        ({"club": county.slug}, "The upload must give the club, the kind of evening and its document"),
        ({**upload, "kind": "bridge"}, "An evening of the kind 'bridge' cannot be sent to the county"),
        ({**upload, "kind": "league-match"}, "An evening of the kind 'league-match' cannot be sent"),
        ({**upload, "document": {"format": "whistdrive-event"}}, "carries no identity (uuid)"),
        ({**upload, "document": {**upload["document"], "boards": "none"}}, "The export is damaged"),
    ]
    for body, words in cases:
        response = _post(client, body, key)
        assert response.status_code == 400 and words in response.json()["message"], body
    assert len(_refusals(county)) == len(cases)
    assert not Event.objects.filter(club=county).exists() and not CountyUpload.objects.exists()


def test_a_changed_upload_of_the_same_evening_replaces_the_countys_copy(client, county, evening):
    _, key = county_key_make(club=county)
    upload = _upload(evening, county.slug)
    _post(client, upload, key)
    corrected = json.loads(json.dumps(upload))
    corrected["document"]["event"]["name"] = "Pairs (corrected)"

    response = _post(client, corrected, key)

    assert response.status_code == 200
    assert (
        response.json()["message"]
        == "Pairs (corrected) (20 Nov 2026) is replaced by the hall's corrected evening."
    )
    [copy] = Event.objects.filter(club=county)
    assert copy.name == "Pairs (corrected)" and copy.uuid == evening.uuid
    [kept] = CountyUpload.objects.all()
    assert kept.event == copy and kept.replaced_at is not None
