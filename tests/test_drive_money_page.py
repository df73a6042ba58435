"""The drive's money on its organiser's page: its takings, prize fund and balance in the club's
currency, the fees not yet paid as a count of cards, and a fee ticked by mistake unticked with a
button that says so."""

from datetime import date

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, DrivePayment
from tournaments.services import drives


@pytest.fixture
def drive(club):
    joan = services.member_create(club=club, first_name="Joan", last_name="Bellamy")
    drive = drives.drive_create(club=club, name="Harvest Drive", date=date(2026, 9, 5), hands=4)
    drives.drive_money_set(drive=drive, member_fee=300, guest_fee=450, raffle=2000, fund_share=50)
    drives.drive_player_add(drive=drive, role="L", name=str(joan))
    for role, name in (("G", "Ivy Dunn"), ("L", "Ann Jones"), ("G", "Bill Green")):
        drives.drive_player_add(drive=drive, role=role, name=name)
    return drive


def _page(client, organiser, drive) -> str:
    client.force_login(organiser)
    return client.get(reverse("tournaments:drive-run", args=[drive.pk])).content.decode()


def _row(page: str, what: str) -> str:
    start = page.index(f'<th scope="row">{what}</th>')
    return page[start : page.index("</tr>", start)]


def test_the_drives_page_shows_its_takings_fund_and_balance(client, organiser, drive):
    joan, ivy, *_ = drive.players.order_by("pk")
    drives.drive_fee_record(drive=drive, player=joan, method="cash")
    drives.drive_fee_record(drive=drive, player=ivy, method="card")
    page = _page(client, organiser, drive)
    assert "The drive&#x27;s money so far" in page or "The drive's money so far" in page
    assert "£3.00" in _row(page, "Fees paid: cash") and "£4.50" in _row(page, "Fees paid: card")
    assert "£20.00" in _row(page, "Raffle")
    assert "£27.50" in _row(page, "Takings") and "£13.75" in _row(page, "Prize fund")
    assert "£27.50" in _row(page, "Balance (takings less prizes paid)")
    assert "Fees not paid yet: 2 cards." in page


def test_the_sums_are_in_the_clubs_currency_and_unpaid_is_no_sum(client, organiser, drive, club):
    Club.objects.filter(pk=club.pk).update(currency="SEK", number_format="comma")
    page = _page(client, organiser, drive)
    assert "20,00\xa0kr" in _row(page, "Raffle") or "20,00 kr" in _row(page, "Raffle")
    assert "Fees not paid yet: 4 cards." in page and "Fees unpaid" not in page


def test_a_paid_fee_shows_untick_and_an_unpaid_one_tick_as_paid(client, organiser, drive):
    joan = drive.players.order_by("pk").first()
    drives.drive_fee_record(drive=drive, player=joan, method="cash")
    page = _page(client, organiser, drive)
    assert page.count(">Untick</button>") == 1 and page.count(">Tick as paid</button>") == 3
    assert "Untick Joan Bellamy's fee" in page and ">Tick</button>" not in page
    response = client.post(reverse("tournaments:drive-fee", args=[drive.pk, joan.pk]), {"method": ""})
    assert response.status_code == 302
    assert not DrivePayment.objects.filter(player=joan).exists()
    assert "Fees not paid yet: 4 cards." in _page(client, organiser, drive)


def test_the_seasons_date_boxes_are_dates(client, organiser, drive):
    page = _page(client, organiser, drive)
    assert 'type="date" name="from" required value="2025-09-06"' in page
