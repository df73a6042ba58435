"""A drive's money: fees ticked as paid at the door, the prize fund and each prize's money on the
results, the JSON and the paper, the treasurer's CSV of a drive and of a season; refusals in words."""

import csv
import io
import json
from datetime import date
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from tournaments import services
from tournaments.domain.errors import DomainError
from tournaments.models import AuditLine, DriveMoney, DrivePayment
from tournaments.services import drives
from tournaments.services.drives.check_in import drive_table_check_in


def _tick_everyone(drive, methods=("cash", "card", "cash")):
    """Tick every card's fee (all guests: none has an account to pay from)."""
    for index, player in enumerate(drive.players.order_by("role", "card")):
        drives.drive_fee_record(drive=drive, player=player, method=methods[index % len(methods)])


@pytest.mark.parametrize(
    "values, refusal",
    [
        ({"member_fee": -100}, "A member's fee cannot be negative"),
        ({"fund_share": 120}, "more than the takings"),
        ({"split": "60/30"}, "adds up to 90 per cent"),
        ({"split": "40/20/20/10/10"}, "names 5 prizes; the drive gives 4"),
        ({"fund_fixed": 1000, "fund_share": 50}, "not both"),
    ],
)
def test_money_that_cannot_be_is_refused_in_words_and_nothing_is_written(club, values, refusal):
    drive = drives.drive_create(club=club, name="Harvest Drive", date=date(2026, 9, 5), hands=4)
    before = AuditLine.objects.count()
    with pytest.raises(DomainError, match=refusal):
        drives.drive_money_set(drive=drive, **({"member_fee": 300, "guest_fee": 400} | values))
    assert not DriveMoney.objects.exists() and AuditLine.objects.count() == before


def test_fees_are_ticked_at_the_door_by_method_members_and_guests_apart(club):
    joan = services.member_create(club=club, first_name="Joan", last_name="Bellamy")
    drive = drives.drive_create(club=club, name="Harvest Drive", date=date(2026, 9, 5), hands=4)
    drives.drive_money_set(drive=drive, member_fee=300, guest_fee=450)
    member = drives.drive_player_add(drive=drive, role="L", name=str(joan))
    guest = drives.drive_player_add(drive=drive, role="G", name="Ivy Dunn", shared_with="Sam Dunn")
    drives.drive_fee_record(drive=drive, player=member, method="cash")
    with pytest.raises(DomainError, match="a guest with no account"):
        drives.drive_fee_record(drive=drive, player=guest, method="account")
    drives.drive_fee_record(drive=drive, player=guest, method="card")
    assert DrivePayment.objects.get(player=member).amount == 300
    assert DrivePayment.objects.get(player=guest).amount == 900  # a shared seat: two guests
    assert "Joan Bellamy (L1) paid £3.00 by cash" in drive.changes.values_list("detail", flat=True)
    drives.drive_fee_record(drive=drive, player=guest, method="")
    assert not DrivePayment.objects.filter(player=guest).exists()
    with pytest.raises(DomainError, match="A fee is paid by cash, card, on account"):
        drives.drive_fee_record(drive=drive, player=member, method="cheque")


def test_a_share_of_the_takings_is_split_across_the_prizes_and_shown_beside_them(
    client, club, make_played_drive
):
    drive = make_played_drive(club)
    drives.drive_money_set(
        drive=drive, member_fee=300, guest_fee=400, raffle=2000, fund_share=50, split="50/25/25"
    )
    _tick_everyone(drive)  # eight guests at £4.00: £32.00, with the raffle £52.00
    out = StringIO()
    call_command("drive_state", str(drive.pk), "--format", "json", stdout=out)
    report = json.loads(out.getvalue())
    assert report["money"]["takings"] == 5200 and report["money"]["fund"] == 2600
    assert report["money"]["fees"] == {"cash": 2000, "card": 1200, "account": 0}
    assert [p["money"] for p in report["prizes"]] == [1300, 650, 650, 0]
    assert all(
        {"prize", "label", "player", "score", "tie", "tied", "cut"} <= set(p) for p in report["prizes"]
    )
    page = client.get(reverse("tournaments:drive-results", args=[drive.pk])).content.decode()
    assert "£13.00" in page and "£6.50" in page
    books = drives.drive_accounts(drives.DriveState(drive))
    paid = sum(p for prize in report["prizes"] for p in prize["paid"].values())
    assert books.prizes_out == paid and books.balance == 5200 - paid


def test_players_level_share_the_money_when_the_drive_says_so(club):
    drive = drives.drive_create(club=club, name="Level Drive", date=date(2026, 9, 5), hands=1, halves=1)
    for index in range(4):
        drives.drive_player_add(drive=drive, role="LG"[index % 2], name=f"Guest {index}")
    drives.drive_start(drive=drive)
    drives.drive_result_record(drive=drive, hand=1, table=1, ns_tricks=7)
    drives.drive_money_set(
        drive=drive, member_fee=0, guest_fee=0, fund_fixed=1000, split="40/30/20/10", ties="share"
    )
    drive.prizes = "overall,second,third,booby"  # everyone level two by two: a tie for each
    drive.save()
    lines = drives.prize_lines(drives.DriveState(drive))
    assert lines[0].winner == "Guest 1 and Guest 0 share it" and lines[0].amount == "£3.50 + £3.50"
    assert lines[1].amount == "shared above"  # second place is in the first's share
    with pytest.raises(DomainError, match="share it and its money: there is nothing to cut for"):
        drives.prize_cut_record(drive=drive, prize="overall", winner=drive.players.get(role="L", card=1))


def test_the_treasurers_csv_of_a_drive_and_of_a_season(client, organiser, club, make_played_drive):
    autumn = make_played_drive(club, name="=HYPERLINK(1)", day=date(2026, 10, 3))
    winter = make_played_drive(club, name="Winter Drive", day=date(2026, 12, 5))
    make_played_drive(club, name="Next Season", day=date(2027, 9, 4))
    drives.drive_money_set(drive=autumn, member_fee=300, guest_fee=400, table_money=500, fund_fixed=2000)
    drives.drive_money_set(drive=winter, member_fee=300, guest_fee=400, raffle=1500, fund_share=100)
    _tick_everyone(autumn, ("cash",))
    _tick_everyone(winter, ("card",))
    client.force_login(organiser)
    one = client.get(reverse("tournaments:drive-money-csv", args=[autumn.pk])).content.decode()
    rows = list(csv.reader(io.StringIO(one)))
    assert rows[0][:3] == ["Date", "Evening", "Players"] and rows[1][1] == "'=HYPERLINK(1)"
    assert rows[1][4:] == ["32.00", "0.00", "0.00", "5.00", "0.00", "37.00", "20.00", "20.00", "17.00", "GBP"]
    season = client.get(
        reverse("tournaments:club-money-csv", args=[club.slug]), {"from": "2026-09-01", "to": "2027-08-31"}
    ).content.decode()
    rows = list(csv.reader(io.StringIO(season)))
    assert [r[1] for r in rows[1:]] == ["'=HYPERLINK(1)", "Winter Drive", "Total of 2 evenings"]
    assert rows[-1][9] == "84.00"  # takings: 37.00 + 47.00
    assert rows[-1][12] == "17.00"  # the winter drive gave all it took


def test_a_drive_that_charges_no_fee_has_none_unpaid(client, organiser, club, make_played_drive):
    drive = make_played_drive(club, name="Free Drive", day=date(2026, 10, 3))
    client.force_login(organiser)
    text = client.get(reverse("tournaments:drive-money-csv", args=[drive.pk])).content.decode()
    row = list(csv.reader(io.StringIO(text)))[1]
    assert int(row[2]) > 0 and row[3] == "0"


@pytest.mark.parametrize("field", ["member_fee", "guest_fee", "table_money", "raffle", "fund_fixed"])
def test_a_figure_that_is_no_number_is_refused_on_the_page_in_words(client, organiser, club, field):
    drive = drives.drive_create(club=club, name="Harvest Drive", date=date(2026, 9, 5), hands=4)
    client.force_login(organiser)
    data = {"member_fee": "2.50", "guest_fee": "3", "fund": "fixed", "fund_fixed": "20", "split": "equal"}
    response = client.post(reverse("tournaments:drive-money", args=[drive.pk]), data | {field: "²"})
    assert response.status_code in (200, 302)
    shown = client.get(reverse("tournaments:drive-run", args=[drive.pk])).content.decode()
    assert "is not a sum of money" in response.content.decode() + shown
    assert not DriveMoney.objects.exists()


def test_only_the_clubs_organiser_sets_the_money(client, organiser, other_club, club):
    from django.contrib.auth import get_user_model

    drive = drives.drive_create(club=club, name="Harvest Drive", date=date(2026, 9, 5), hands=4)
    url = reverse("tournaments:drive-money", args=[drive.pk])
    data = {"member_fee": "2.50", "guest_fee": "3", "fund": "share", "fund_share": "100", "split": "75/15/10"}
    client.force_login(get_user_model().objects.get(username="rival"))
    assert client.post(url, data).status_code == 404
    client.force_login(organiser)
    assert client.get(url).status_code == 405
    client.post(url, data | {"split": "other", "split_other": "50/30"})  # refused: 80 per cent
    assert not DriveMoney.objects.exists()
    client.post(url, data)  # 75/15/10 names three prizes of classic's four
    money = DriveMoney.objects.get(drive=drive)
    assert (money.member_fee, money.guest_fee, money.fund_share, money.split) == (250, 300, 100, "75/15/10")
    page = client.get(reverse("tournaments:drive-run", args=[drive.pk])).content.decode()
    assert 'id="money"' in page and 'value="2.50"' in page
    assert 'name="from" required value="2025-09-06"' in page  # the season's CSV: a year to the drive


def _export(drive_id: int) -> dict:
    out = StringIO()
    call_command("export_drive", str(drive_id), stdout=out)
    return json.loads(out.getvalue())


def _import(tmp_path, data):
    path = tmp_path / "drive.json"
    path.write_text(json.dumps(data))
    out = StringIO()
    call_command("import_drive", str(path), stdout=out)
    return int(out.getvalue().split()[-1])


def test_a_drives_money_and_its_fees_paid_round_trip_through_its_export(club, make_played_drive, tmp_path):
    drive = make_played_drive(club)
    drives.drive_money_set(
        drive=drive,
        member_fee=300,
        guest_fee=400,
        table_money=150,
        fund_share=75,
        split="50/25/25",
        ties="share",
    )
    _tick_everyone(drive)
    exported = _export(drive.pk)
    assert exported["money"]["fund_share"] == 75 and len(exported["payments"]) == 8
    money = drives.money_report(drives.DriveState(drive))
    drive.delete()
    restored = _import(tmp_path, exported)
    again = _export(restored)
    assert again["trail"].pop()["action"] == "restored"
    assert again == exported
    from tournaments.models import Drive

    assert drives.money_report(drives.DriveState(Drive.objects.get(pk=restored))) == money


def test_an_export_from_before_drives_kept_money_restores_without_any(club, make_played_drive, tmp_path):
    drive = make_played_drive(club)
    exported = _export(drive.pk)
    assert "money" not in exported and "payments" not in exported
    drive.delete()
    restored = _import(tmp_path, exported)
    assert not DriveMoney.objects.filter(drive_id=restored).exists()


@pytest.mark.parametrize(
    "damage, message",
    [
        ({"money": {"member_fee": -5, "guest_fee": 0}}, "money.member_fee"),
        ({"money": {"member_fee": 0, "guest_fee": 0, "split": "50/20"}}, "adds up to 70 per cent"),
        ({"payments": [{"player": "L9", "method": "cash", "amount": 300}]}, "not one of the drive's players"),
    ],
)
def test_a_damaged_money_section_imports_nothing(club, make_played_drive, tmp_path, damage, message):
    from django.core.management import CommandError

    from tournaments.models import Drive

    drive = make_played_drive(club)
    exported = _export(drive.pk) | damage
    drive.delete()
    with pytest.raises(CommandError, match=message):
        _import(tmp_path, exported)
    assert not Drive.objects.exists()


def _started_with_fees(club):
    """Eight guests at £4.00 on two tables, started."""
    drive = drives.drive_create(club=club, name="Harvest Drive", date=date(2026, 9, 5), hands=2, halves=1)
    for index in range(8):
        drives.drive_player_add(drive=drive, role="LG"[index % 2], name=f"Guest {index}")
    drives.drive_money_set(drive=drive, member_fee=300, guest_fee=400)
    return drives.drive_start(drive=drive)


def test_fees_are_ticked_at_a_tables_check_in_with_thats_us(client, club):
    drive = _started_with_fees(club)
    drives.drive_fee_record(drive=drive, player=drive.players.get(role="L", card=1), method="card")
    token = drive.table_accesses.get(table=1).token
    page = client.get(reverse("tournaments:drive-table", args=[token])).content.decode()
    assert 'name="fee-G1"' in page and 'name="fee-L1"' not in page  # L1 paid at the door
    url = reverse("tournaments:drive-table-check-in", args=[token])
    client.post(url, {"round": 1, "answer": "us", "fee-G1": "cash", "fee-L2": "card", "fee-G2": ""})
    methods = {
        (p.player.role, p.player.card): p.method
        for p in DrivePayment.objects.filter(player__drive=drive).select_related("player")
    }
    assert methods == {("L", 1): "card", ("G", 1): "cash", ("L", 2): "card"}
    assert "fee-" not in client.get(reverse("tournaments:drive-table", args=[token])).content.decode()


def test_a_fee_for_a_player_at_another_table_is_refused_and_the_check_in_not_written(client, club):
    drive = _started_with_fees(club)
    link = drive.table_accesses.get(table=1)
    with pytest.raises(DomainError, match="L3 is not at this table"):
        drive_table_check_in(link=link, hand=1, here=True, fees={"G1": "cash", "L3": "cash"})
    assert not DrivePayment.objects.exists() and not link.check_ins.exists()


def test_a_drive_of_one_part_is_refused_a_second_half_prize_in_words(club):
    with pytest.raises(DomainError, match="no half time and no second half: Highest second half cannot"):
        drives.drive_create(
            club=club, name="Short Drive", date=date(2026, 9, 5), hands=8, halves=1, prizes="village"
        )
    assert not club.drives.exists()


def test_the_printed_results_give_each_prize_its_money(client, organiser, club, make_played_drive):
    from pypdf import PdfReader

    drive = make_played_drive(club)
    drives.drive_money_set(drive=drive, member_fee=0, guest_fee=0, fund_fixed=3000, split="50/30/20")
    client.force_login(organiser)
    response = client.get(reverse("tournaments:drive-print", args=[drive.pk, "results"]))
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "£15.00" in text and "£9.00" in text and "£6.00" in text
