"""What an organiser types that no number or name can be: a plain message, never a server error,
nothing written."""

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import DrivePlayer, DriveResult, DriveResultChange, DriveTotal
from tournaments.services import drives

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser_client(organiser):
    client = Client(raise_request_exception=False)
    client.force_login(organiser)
    return client


@pytest.fixture
def drive(club):
    return drives.drive_create(club=club, name="Harvest Drive", date="2026-11-20", hands=4)


@pytest.fixture
def running_drive(drive):
    for k in range(8):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    return drives.drive_start(drive=drive)


def _url(name, drive):
    return reverse(f"tournaments:{name}", args=[drive.pk])


def _said(response) -> str:
    return " ".join(str(m) for m in response.context["messages"])


@pytest.mark.parametrize("typed", ["NaN", "sNaN", "-nan", "Infinity", "²"])
def test_a_total_that_is_no_number_is_refused_in_words(organiser_client, running_drive, typed):
    player = running_drive.players.first()
    response = organiser_client.post(
        _url("drive-totals", running_drive), {f"total-{player.pk}-1": typed}, follow=True
    )
    assert response.status_code == 200
    assert "not a number of tricks" in _said(response) or "is not a score" in _said(response)
    assert not DriveTotal.objects.exists()


@pytest.mark.parametrize("key", ["total-²-1", "total-1-²"])
def test_a_totals_field_named_with_other_digits_is_not_a_server_error(organiser_client, running_drive, key):
    response = organiser_client.post(_url("drive-totals", running_drive), {key: "20"}, follow=True)
    assert response.status_code == 200
    assert not DriveTotal.objects.exists()


def test_a_nul_in_a_players_name_is_refused_in_words(organiser_client, drive):
    response = organiser_client.post(
        _url("drive-player-add", drive), {"role": "L", "name": "Mary\x00Smith"}, follow=True
    )
    assert response.status_code == 200 and "A player's name can't contain the character NUL" in _said(
        response
    )
    assert not DrivePlayer.objects.exists()


def test_a_nul_in_a_corrections_reason_is_refused_in_words(organiser_client, running_drive):
    response = organiser_client.post(
        _url("drive-correct", running_drive),
        {"hand": 1, "table": 1, "ns_tricks": 7, "reason": "typo\x00"},
        follow=True,
    )
    assert response.status_code == 200 and "A reason can't contain the character NUL" in _said(response)
    assert not DriveResult.objects.exists() and not DriveResultChange.objects.exists()


def test_an_over_long_corrections_reason_says_how_long_a_reason_may_be(organiser_client, running_drive):
    response = organiser_client.post(
        _url("drive-correct", running_drive),
        {"hand": 1, "table": 1, "ns_tricks": 7, "reason": "x" * 201},
        follow=True,
    )
    assert "A reason is at most 200 characters (this one has 201)" in _said(response)
    assert not DriveResult.objects.exists()


@pytest.mark.parametrize(
    "first, said",
    [
        ("Mary\x00Smith", "A player's name can't contain the character NUL"),
        ("M" * 121, "A player's name is at most 120 characters (this one has 121)"),
        ("", "Give both players' names"),
    ],
)
def test_a_pair_entered_with_a_bad_name_is_told_what_is_wrong(
    organiser_client, club, make_event, first, said
):
    event = make_event(club, build=False)
    response = organiser_client.post(
        reverse("tournaments:entry-add", args=[event.pk]),
        {"first": first, "second": "Joe Bloggs"},
        follow=True,
    )
    assert said in _said(response)
    assert not event.entries.exists()


@pytest.mark.parametrize(
    "reason, said",
    [
        ("typo\x00", "A reason can't contain the character NUL"),
        ("x" * 201, "A reason is at most 200 characters (this one has 201)"),
        ("", "Give a reason"),
    ],
)
def test_a_directors_result_with_a_bad_reason_is_told_what_is_wrong(
    organiser_client, club, make_event, reason, said
):
    event = make_event(club)
    services.event_deal_boards(event=event, seed="s")
    seating = services.board_seatings(event, 1)[0]
    response = organiser_client.post(
        reverse("tournaments:director-board", args=[event.pk, 1]),
        {"seating": seating.pk, "ns_tricks": 7, "reason": reason},
        follow=True,
    )
    assert said in _said(response)
    assert not event.results.exists()


def test_a_seed_with_a_nul_is_not_called_too_long(organiser_client, club, make_event):
    event = make_event(club)
    response = organiser_client.post(
        reverse("tournaments:boards-deal", args=[event.pk]), {"seed": "a\x00b"}, follow=True
    )
    assert "A seed can't contain the character NUL" in _said(response)
    assert not event.boards.exclude(deal="").exists()


def test_a_correction_with_other_digits_is_refused_in_words(organiser_client, running_drive):
    response = organiser_client.post(
        _url("drive-correct", running_drive), {"hand": "²", "table": 1, "ns_tricks": 7}, follow=True
    )
    assert response.status_code == 200 and "as numbers" in _said(response)
    assert not DriveResult.objects.exists()


def test_the_organiser_site_refuses_a_superscript_arrow_switch_round(organiser_client, club, make_event):
    event = make_event(club, build=False)
    url = reverse("admin:tournaments_event_change", args=[event.pk])
    form = organiser_client.get(url).context["adminform"].form
    data = {name: value for name, value in form.initial.items() if value is not None}
    data |= {"club": club.pk, "date": "2026-11-26", "arrow_switch_rounds": "²"}
    response = organiser_client.post(url, data)
    assert response.status_code == 200
    assert "²&#x27; is not a round number" in response.content.decode()
    event.refresh_from_db()
    assert event.arrow_switch_rounds == ""


def test_a_pbn_board_numbered_with_a_superscript_is_refused_in_words(club, make_event):
    deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    text = f'[Board "²"]\n[Deal "{deal}"]\n'
    with pytest.raises(services.PbnImportError) as refused:
        services.event_import_pbn(event=make_event(club), text=text, analyse=False)
    assert "'²' is not a positive number" in " ".join(refused.value.problems)


@pytest.mark.parametrize("row", ["²,1,1,7", "1,1,1,²"])
def test_a_results_file_with_superscript_digits_is_refused_in_words(club, make_event, row):
    event = make_event(club)
    with pytest.raises(services.ResultsImportError):
        services.results_import_csv(event=event, text=f"board,ns_pair,ew_pair,ns_tricks\n{row}\n")
