"""Fees ticked at a table's check-in, at every kind of evening with one: a pairs event, an
individual event, a drive, a widow series and a two-player night. Each kind's check-in records a
fee through its door's own service, once however often the tablet sends it; a fee from an account
that would go below the club's lowest balance is not taken, the players checked in all the same
and the trail saying why; a payer at another table is refused in words, nothing written; and a
fee paid already is not offered."""

from dataclasses import dataclass
from datetime import date

import pytest
from django.urls import reverse

from tests.test_individual_events import NAMES, make_individual
from tests.test_widow_series import make_series
from tournaments import services
from tournaments.domain.errors import DomainError
from tournaments.models import AuditLine, Member, Pair, TableCheckIn
from tournaments.services import drives, duels, widow
from tournaments.services.drives.check_in import drive_table_check_in
from tournaments.services.duels.check_in import duel_table_check_in
from tournaments.services.kinds import kind_of
from tournaments.services.membership.accounts import account_top_up, balance_of
from tournaments.services.membership.fees import evening_money_set
from tournaments.services.tablets.fees import FEE_NOT_TAKEN
from tournaments.services.widow.check_in import widow_table_check_in

pytestmark = pytest.mark.django_db

MEMBER_FEE, GUEST_FEE = 300, 400
DAY = date(2026, 11, 27)


@dataclass
class Table:
    """Table 1 of a running evening, in its first round, as its tablet's check-in reaches it."""

    evening: object
    check_in: object  # (fees) -> the kind's check-in service, "That's us" with those fees
    page: str  # the tablet's address
    member: str  # the key of a payer at the table who is a member (or two)
    members: list  # the members of that payer
    guest: str  # the key of a payer at the table who is a guest
    elsewhere: str  # the key of a payer at another table

    def checked_in(self) -> bool:
        if hasattr(self.evening, "matches"):  # a two-player night keeps it on the match
            return self.evening.matches.filter(round=1, table=1, checked_in_at__isnull=False).exists()
        return TableCheckIn.objects.filter(round=1, state=TableCheckIn.State.CONFIRMED).exists()

    def paid(self) -> set[str]:
        return kind_of(self.evening).door.paid(self.evening)


def _ann(club, last="Ashby") -> Member:
    return Member.objects.create(club=club, first_name="Ann", last_name=last)


def _pairs(club, make_event) -> Table:
    ann, bob = _ann(club), Member.objects.create(club=club, first_name="Bob", last_name="Brown")
    event = make_event(club, tables=3, boards_per_round=2)
    for pair in event.pairs.all():
        Pair.objects.filter(pk=pair.pk).update(guest1=f"Gail {pair}", guest2=f"Gus {pair}")
    Pair.objects.filter(event=event, direction="NS", number=1).update(
        player1=ann, player2=bob, guest1="", guest2=""
    )
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    evening_money_set(evening=event, member_fee=MEMBER_FEE, guest_fee=GUEST_FEE)
    access = event.table_accesses.get(table=1)
    return Table(
        evening=event,
        check_in=lambda fees: services.table_check_in(access=access, round=1, here=True, fees=fees),
        page=reverse("tournaments:table", args=[access.token]),
        member="NS1",
        members=[ann, bob],
        guest="EW1",
        elsewhere="NS2",
    )


def _individual(club, make_event) -> Table:
    ann = _ann(club, "Smith")  # player 1, "Ann Smith": at table 1 in round 1 (N 8, S 1, E 2, W 4)
    event = make_individual(club, NAMES)
    services.event_deal_boards(event=event, seed="fees", analyse=False)
    event = services.event_start(event=event)
    evening_money_set(evening=event, member_fee=MEMBER_FEE, guest_fee=GUEST_FEE)
    access = event.table_accesses.get(table=1)
    return Table(
        evening=event,
        check_in=lambda fees: services.table_check_in(access=access, round=1, here=True, fees=fees),
        page=reverse("tournaments:table", args=[access.token]),
        member="P1",
        members=[ann],
        guest="P2",
        elsewhere="P3",
    )


def _drive(club, make_event) -> Table:
    ann = _ann(club)
    drive = drives.drive_create(club=club, name="Harvest Drive", date=DAY, hands=2, halves=1)
    for index, name in enumerate([str(ann)] + [f"Guest {n}" for n in range(7)]):
        drives.drive_player_add(drive=drive, role="LG"[index % 2], name=name)
    drives.drive_money_set(drive=drive, member_fee=MEMBER_FEE, guest_fee=GUEST_FEE)
    drive = drives.drive_start(drive=drive)
    link = drive.table_accesses.get(table=1)
    seated = drives.DriveState(drive).seatings[1]
    here, there = set(seated[1].players), set(seated[2].players)
    assert "L1" in here
    return Table(
        evening=drive,
        check_in=lambda fees: drive_table_check_in(link=link, hand=1, here=True, fees=fees),
        page=reverse("tournaments:drive-table", args=[link.token]),
        member="L1",
        members=[ann],
        guest=sorted(here - {"L1"})[0],
        elsewhere=sorted(there)[0],
    )


def _widow(club, make_event) -> Table:
    ann = _ann(club)
    series = make_series(club, 8)
    drives.drive_player_add(drive=series, name=str(ann))
    drives.drive_money_set(drive=series, member_fee=MEMBER_FEE, guest_fee=GUEST_FEE)
    series = widow.widow_start(drive=series)
    state = widow.WidowState(series)
    tables = {t: {state.card(p) for p in seats} for t, seats in state.tables[1].items()}
    card = series.players.get(member=ann).key
    mine = next(t for t, cards in tables.items() if card in cards)
    here, there = tables[mine], tables[next(t for t in tables if t != mine)]
    link = series.table_accesses.get(table=mine)
    return Table(
        evening=series,
        check_in=lambda fees: widow_table_check_in(link=link, series=1, here=True, fees=fees),
        page=reverse("tournaments:drive-table", args=[link.token]),
        member=card,
        members=[ann],
        guest=sorted(here - {card})[0],
        elsewhere=sorted(there)[0],
    )


def _two_player(club, make_event) -> Table:
    ann = _ann(club)
    night = duels.duel_night_create(
        club=club,
        name="German whist night",
        date=DAY,
        players=[str(ann), "Player 2", "Player 3", "Player 4"],
        pairing="swiss",
        rounds=2,
        deals=2,
    )
    evening_money_set(evening=night, member_fee=MEMBER_FEE, guest_fee=GUEST_FEE)
    duels.duel_night_start(night=night)
    matches = list(night.matches.filter(round=1).select_related("player_a", "player_b"))
    match = next(m for m in matches if ann.pk in (m.player_a.member_id, m.player_b.member_id))
    other = next(m for m in matches if m != match)
    table = night.tables.get(number=match.table)
    member, guest = sorted([match.player_a, match.player_b], key=lambda p: p.member_id != ann.pk)
    return Table(
        evening=night,
        check_in=lambda fees: duel_table_check_in(token=table.token, round=1, match_id=match.pk, fees=fees),
        page=reverse("tournaments:duel-table", args=[table.token]),
        member=f"P{member.number}",
        members=[ann],
        guest=f"P{guest.number}",
        elsewhere=f"P{other.player_a.number}",
    )


KINDS = {
    "pairs": _pairs,
    "individual": _individual,
    "drive": _drive,
    "widow": _widow,
    "two-player": _two_player,
}


@pytest.fixture(params=sorted(KINDS))
def table(request, club, make_event) -> Table:
    return KINDS[request.param](club, make_event)


def _fee(table: Table, key: str) -> int:
    payer = next(p for p in kind_of(table.evening).payers(table.evening) if p.key == key)
    return payer.fee(member_fee=MEMBER_FEE, guest_fee=GUEST_FEE)


def test_a_fee_ticked_at_check_in_is_recorded_once_however_often_it_is_sent(table):
    for member in table.members:
        account_top_up(member=member, amount=2000, method="cash", on=DAY)
    fees = {table.member: "account", table.guest: "cash"}
    table.check_in(fees)
    table.check_in(fees)  # a retried request, a double tap
    table.check_in({table.member: "card", table.guest: "card"})  # a page left behind
    assert table.checked_in() and table.paid() == {table.member, table.guest}
    share = _fee(table, table.member) // len(table.members)
    assert [balance_of(m) for m in table.members] == [2000 - share] * len(table.members)
    money = kind_of(table.evening).accounts(table.evening)
    assert money.fees_by_method["account"] == _fee(table, table.member)
    assert money.fees_by_method["cash"] == _fee(table, table.guest) and not money.fees_by_method["card"]


def test_a_fee_from_an_account_below_the_lowest_balance_is_not_taken_but_the_players_check_in(table):
    table.check_in({table.member: "account", table.guest: "cash"})
    assert table.checked_in() and table.paid() == {table.guest}
    assert all(balance_of(m) == 0 for m in table.members)
    line = AuditLine.objects.get(detail__endswith=FEE_NOT_TAKEN)
    assert line.action == AuditLine.Action.MONEY and "Ann" in line.detail


def test_a_fee_for_someone_at_another_table_is_refused_in_words_and_nothing_written(table):
    with pytest.raises(DomainError, match=f"{table.elsewhere} is not at this table"):
        table.check_in({table.guest: "cash", table.elsewhere: "cash"})
    assert not table.checked_in() and not table.paid()


def test_a_fee_paid_already_is_not_offered_and_account_only_to_members(client, table):
    page = client.get(table.page).content.decode()
    assert f'name="fee-{table.member}"' in page and f'name="fee-{table.guest}"' in page
    guest_choice = page.split(f'name="fee-{table.guest}"')[1].split("</select>")[0]
    member_choice = page.split(f'name="fee-{table.member}"')[1].split("</select>")[0]
    assert 'value="account"' in member_choice and 'value="account"' not in guest_choice
    kind = kind_of(table.evening)
    payer = next(p for p in kind.payers(table.evening) if p.key == table.guest)
    kind.door.record(evening=table.evening, payer=payer, method="card")  # paid at the door
    page = client.get(table.page).content.decode()
    assert f'name="fee-{table.member}"' in page and f'name="fee-{table.guest}"' not in page
    table.check_in({table.guest: "cash"})  # a page from before the door's tick: left as it is
    money = kind.accounts(table.evening)
    assert money.fees_by_method["card"] == _fee(table, table.guest) and not money.fees_by_method["cash"]
