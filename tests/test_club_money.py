"""A club's currency and number format: a decimal-comma kronor club types a drive's fee "25,50",
which is kept as 2550 öre and shown as "25,50 kr" on the drive's page, on the printed results, in the
treasurer's CSV (with the currency named) and the drive's JSON; "25.50" there is refused in words.
The organiser site's club page sets both, with a line in the club's trail, and a backup keeps them.
A club that never chose keeps pounds (the other money tests)."""

import csv
import io
import json
from datetime import date
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from tournaments.models import AuditLine, Club, DriveMoney
from tournaments.services import drives

KR = "\N{NO-BREAK SPACE}kr"


@pytest.fixture
def kronor_club(club):
    Club.objects.filter(pk=club.pk).update(currency="SEK", number_format="comma")
    club.refresh_from_db()
    return club


def _set_money(client, drive, **typed):
    data = {
        "member_fee": "25,50",
        "guest_fee": "25,50",
        "fund": "fixed",
        "fund_fixed": "25,50",
        "split": "100",
    }
    return client.post(reverse("tournaments:drive-money", args=[drive.pk]), data | typed, follow=True)


def test_a_kronor_clubs_fee_typed_with_a_comma_is_kept_in_ore_and_shown_in_kronor(
    client, organiser, kronor_club, make_played_drive
):
    drive = make_played_drive(kronor_club)
    client.force_login(organiser)
    said = _set_money(client, drive).content.decode()
    money = DriveMoney.objects.get(drive=drive)
    assert (money.member_fee, money.guest_fee, money.fund_fixed) == (2550, 2550, 2550)
    assert f"Fees: member 25,50{KR}, guest 25,50{KR}" in said
    drives.drive_fee_record(drive=drive, player=drive.players.order_by("role", "card").first(), method="cash")

    page = client.get(reverse("tournaments:drive-run", args=[drive.pk])).content.decode()
    assert f"25,50{KR}" in page and 'value="25,50"' in page and "£" not in page
    pdf = client.get(reverse("tournaments:drive-print", args=[drive.pk, "results"]))
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "25,50 kr" in text and "£" not in text
    rows = list(
        csv.reader(
            io.StringIO(client.get(reverse("tournaments:drive-money-csv", args=[drive.pk])).content.decode())
        )
    )
    assert rows[0][-1] == "Currency" and rows[1][4] == "25,50" and rows[1][-1] == "SEK"
    out = StringIO()
    call_command("drive_state", str(drive.pk), "--format", "json", stdout=out)
    report = json.loads(out.getvalue())["money"]
    assert (report["currency"], report["member_fee"], report["fees"]["cash"]) == ("SEK", 2550, 2550)
    assert f"paid 25,50{KR} by cash" in drive.changes.values_list("detail", flat=True).first()


@pytest.mark.parametrize(
    "typed, refusal",
    [
        (
            "25.50",
            "A member's fee: '25.50' has a point where öre would be: write kronor and öre with a comma",
        ),
        ("£3", "A member's fee: '£3' is not in kronor: the club's sums are in kronor (kr)"),
    ],
)
def test_a_kronor_club_is_refused_a_sum_read_two_ways_in_words(
    client, organiser, kronor_club, typed, refusal
):
    drive = drives.drive_create(club=kronor_club, name="Höstdrive", date=date(2026, 9, 5), hands=4)
    client.force_login(organiser)
    said = _set_money(client, drive, member_fee=typed).content.decode()
    assert refusal.replace("'", "&#x27;") in said
    assert not DriveMoney.objects.exists()


def test_a_pounds_club_refuses_a_decimal_comma_as_before(client, organiser, club):
    drive = drives.drive_create(club=club, name="Harvest Drive", date=date(2026, 9, 5), hands=4)
    client.force_login(organiser)
    said = _set_money(client, drive).content.decode()
    assert "has a comma where pence would be: write pounds and pence with a point" in said
    assert not DriveMoney.objects.exists()


def test_the_organiser_site_sets_the_clubs_currency_with_a_line_in_its_trail(admin_client, club):
    url = reverse("admin:tournaments_club_change", args=[club.pk])
    page = admin_client.get(url).content.decode()
    assert 'name="currency"' in page and 'name="number_format"' in page and "Swedish kronor (kr)" in page
    sent = {
        "name": club.name,
        "slug": club.slug,
        "public_address": "",
        "guests_published": "on",
        "places_shown": club.places_shown,
        "paper_size": club.paper_size,
        "currency": "SEK",
        "number_format": "comma",
        "minutes_per_board": "7.5",
        "trump_schedule": club.trump_schedule,
        "scoring": club.scoring,
        "scale": club.scale,
        "adjusted_scores": club.adjusted_scores,
    }
    assert admin_client.post(url, sent).status_code == 302
    club.refresh_from_db()
    assert (club.currency, club.number_format) == ("SEK", "comma")
    line = AuditLine.objects.filter(club=club).last()
    assert line.action == AuditLine.Action.CHANGED and line.detail == "currency, number_format"
    assert admin_client.post(url, sent | {"currency": "XXX"}).status_code == 200  # not a choice
    assert Club.objects.get(pk=club.pk).currency == "SEK"


# Emptied as a new laptop's database is (flush), outside a test's transaction.
@pytest.mark.django_db(transaction=True)
def test_a_backup_keeps_the_clubs_currency(club, organiser, tmp_path):
    Club.objects.filter(pk=club.pk).update(currency="EUR", number_format="comma")
    path = tmp_path / "club.json.gz"
    call_command("backup", str(path), stderr=StringIO())
    call_command("flush", interactive=False, verbosity=0)
    call_command("restore", str(path), stdout=StringIO())
    assert Club.objects.values_list("currency", "number_format").get() == ("EUR", "comma")
