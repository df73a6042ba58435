"""Fees at every kind of evening: a drive (with a shared seat), a widow series, a team night, a
pairs event, an individual event, a two-player night and a league home match, paid by cash, by
card and from members' accounts. The test keeps its own running total of every account and of each
evening's fees by method; each member's statement, the accounts' balances and the treasurer's
season CSV agree with it to the penny, and a backup's restore keeps them."""

import csv
import doctest
import io
from datetime import date
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.domain.drives.money import METHODS
from tournaments.models import Club, DuelNight, EveningFee, Event, Fixture, Member
from tournaments.services import drives, widow
from tournaments.services.backups import evening_money as backup_of_evening_money
from tournaments.services.core.errors import ServiceError
from tournaments.services.duels import duel_night_create
from tournaments.services.kinds import kind_of
from tournaments.services.membership.accounts import (
    account_balances,
    account_top_up,
    balance_of,
    statement,
    statement_csv,
)
from tournaments.services.membership.fees import evening_fee_record, evening_money_set
from tournaments.services.season.treasurer import season_evenings, treasurer_csv

from .leagues import make_league

MEMBER_FEE, GUEST_FEE = 300, 400
START, END = date(2026, 9, 1), date(2027, 8, 31)


def _rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def _pence(figures: str) -> int:
    return round(float(figures) * 100)


def _people(club) -> list[Member]:
    names = [("Ann", "Ashby"), ("Bob", "Brown"), ("Cy", "Cole"), ("Di", "Dale")]
    return [Member.objects.create(club=club, first_name=f, last_name=last) for f, last in names]


def _evenings(club, people, make_event) -> list:
    """One evening of every kind, each charging the same fees, on days of its own."""
    ann, bob, cy, di = people
    drive = drives.drive_create(club=club, name="Harvest Drive", date=date(2026, 10, 3), hands=2, halves=1)
    drives.drive_player_add(drive=drive, role="L", name=str(ann), shared_with=str(bob))
    for index, name in enumerate([str(cy), str(di), "Gail Guest", "Gus Guest"]):
        drives.drive_player_add(drive=drive, role="GL"[index % 2], name=name)
    series = widow.widow_create(
        club=club, name="Widow Night", date=date(2026, 10, 10), series=1, deals_each=3
    )
    for name in [str(cy), str(di), "Wes Guest"]:
        drives.drive_player_add(drive=series, name=name)
    teams = drives.team_night_create(
        club=club,
        name="Team Night",
        date=date(2026, 10, 17),
        teams=[
            ("Aces", [str(ann), str(bob), "Al Guest", "Ab Guest"]),
            ("Kings", ["Ka Guest", "Kb Guest", "Kc Guest", "Kd Guest"]),
            ("Queens", ["Qa Guest", "Qb Guest", "Qc Guest", "Qd Guest"]),
            ("Jacks", ["Ja Guest", "Jb Guest", "Jc Guest", "Jd Guest"]),
        ],
    )
    pairs = make_event(club, name="Pairs Night", tables=3)
    Event.objects.filter(pk=pairs.pk).update(date=date(2026, 10, 24))
    pairs.refresh_from_db()
    ns = {p.number: p for p in pairs.pairs.filter(direction="NS")}
    ns[1].player1, ns[1].player2 = ann, cy
    ns[1].save()
    ns[2].player1, ns[2].guest2 = bob, "Gwen Guest"
    ns[2].save()
    individual = Event.objects.create(
        club=club,
        name="Individual Night",
        date=date(2026, 10, 31),
        tables=2,
        variant=Event.Variant.INDIVIDUAL,
    )

    services.individuals_enter(
        event=individual, names=[str(di), str(ann)] + [f"Ivy Guest {n}" for n in range(6)], boards_per_round=1
    )
    night = duel_night_create(
        club=club,
        name="Duel Night",
        date=date(2026, 11, 7),
        players=[str(ann), str(cy), "Xan Guest", "Yan Guest"],
        rounds=2,
    )
    league = make_league(club, clubs=[club.name, "Dee Whist Club"], start=date(2026, 11, 14))
    matches = list(Fixture.objects.filter(league=league, home__club=club).order_by("round"))
    assert all(START <= m.date <= END for m in matches)
    for drive_like in (drive, series, teams):
        drives.drive_money_set(drive=drive_like, member_fee=MEMBER_FEE, guest_fee=GUEST_FEE)
    for evening in (pairs, individual, night, *matches):
        evening_money_set(evening=evening, member_fee=MEMBER_FEE, guest_fee=GUEST_FEE)
    return [drive, series, teams, pairs, individual, night, *matches]


def _pay(evening, payer, method: str) -> None:
    """Tick an entrant's fee at the door, through its kind's own service."""
    if isinstance(evening, Event | DuelNight | Fixture):
        evening_fee_record(evening=evening, payer=payer, method=method, confirmed=True)
    else:
        player = evening.players.get(pk__in=[p.pk for p in evening.players.all() if p.key == payer.key])
        drives.drive_fee_record(drive=evening, player=player, method=method, confirmed=True)


def _books(club, people) -> tuple:
    """What the club's books say: each member's statement and balance, and the season's CSV."""
    statements = {m.pk: statement_csv(statement(m, START, END)) for m in people}
    balances = {m.pk: b for m, b in account_balances(club)}
    return statements, balances, treasurer_csv(season_evenings(club, START, END))


@pytest.mark.django_db(transaction=True)  # the restore empties the database first
def test_a_season_of_every_kind_agrees_in_statements_balances_and_the_treasurers_csv(
    club, make_event, tmp_path
):
    people = _people(club)
    ann, bob, cy, di = people
    balance = {m.pk: 0 for m in people}  # the test's own reckoning of every account
    for member in people:
        account_top_up(member=member, amount=2000, method="cash", on=date(2026, 9, 30))
        balance[member.pk] += 2000
    evenings = _evenings(club, people, make_event)
    fees = {e.name: dict.fromkeys(METHODS, 0) for e in evenings}  # each evening's fees by method
    players = {}
    cycle = ["account", "cash", "card"]
    for evening in evenings:
        payers = kind_of(evening).payers(evening)
        players[evening.name] = len(payers)
        for n, payer in enumerate(payers):
            method = cycle[n % 3] if payer.accounts else ["cash", "card"][n % 2]
            if len(payer.accounts) == 2:
                method = "account"  # a shared seat's or a pair's two members, each their half
            if n == len(payers) - 1 and n > 0:
                continue  # the last entrant has not paid
            _pay(evening, payer, method)
            fee = payer.fee(member_fee=MEMBER_FEE, guest_fee=GUEST_FEE)
            fees[evening.name][method] += fee
            if method == "account":
                shares = [fee - fee // len(payer.accounts) * (len(payer.accounts) - 1)]
                shares += [fee // len(payer.accounts)] * (len(payer.accounts) - 1)
                for member_id, share in zip(payer.accounts, shares, strict=True):
                    balance[member_id] -= share
    # A pair's fee from both its members' accounts, then paid by card after all: given back to each.
    pairs = evenings[3]
    first = kind_of(pairs).payers(pairs)[0]
    assert first.accounts == (ann.pk, cy.pk)
    assert EveningFee.objects.get(entrant=first.key).method == "account"
    _pay(pairs, first, "card")
    fees[pairs.name]["account"] -= 2 * MEMBER_FEE
    fees[pairs.name]["card"] += 2 * MEMBER_FEE
    balance[ann.pk] += MEMBER_FEE
    balance[cy.pk] += MEMBER_FEE
    # The shared seat at the drive paid from both accounts in halves.
    drive = evenings[0]
    assert drive.players.get(member=ann).payment.method == "account"

    def check():
        statements, balances, season = _books(Club.objects.get(), Member.objects.order_by("pk"))
        for member in Member.objects.all():
            rows = _rows(statements[member.pk])
            assert _pence(rows[-1][4]) == balance[member.pk] == balance_of(member)
            assert sum(_pence(r[3]) for r in rows[2:-1]) == balance[member.pk]
        assert balances == balance
        rows = _rows(season)
        column = {h: rows[0].index(h) for h in rows[0]}
        by_name = {r[1]: r for r in rows[1:-1]}
        assert sorted(by_name) == sorted(fees)
        for name, paid in fees.items():
            row = by_name[name]
            assert int(row[column["Players"]]) == players[name]
            assert int(row[column["Fees unpaid"]]) == 1
            for method, label in METHODS.items():
                assert _pence(row[column[f"Fees {label.lower()}"]]) == paid[method], (name, method)
            assert _pence(row[column["Takings"]]) == sum(paid.values())
        total = rows[-1]
        assert total[1] == f"Total of {len(fees)} evenings"
        assert _pence(total[column["Takings"]]) == sum(sum(p.values()) for p in fees.values())
        taken = sum(_pence(by_name[n][column["Fees on account"]]) for n in fees)
        assert taken == 4 * 2000 - sum(balance.values())
        return statements, balances, season

    before = check()
    path = tmp_path / "club.json"
    call_command("backup", str(path), stderr=StringIO())
    call_command("flush", interactive=False, verbosity=0)
    call_command("restore", str(path), stdout=StringIO())
    assert check() == before


def test_a_shared_pairs_fee_below_the_floor_is_refused_and_a_guests_pair_has_no_account(club, make_event):
    people = _people(club)
    pairs = make_event(club, name="Pairs Night", tables=3)
    pair = pairs.pairs.get(direction="NS", number=1)
    pair.player1, pair.player2 = people[0], people[1]
    pair.save()
    evening_money_set(evening=pairs, member_fee=MEMBER_FEE, guest_fee=GUEST_FEE)
    account_top_up(member=people[0], amount=1000, method="cash", on=date(2026, 9, 30))
    payers = {p.key: p for p in kind_of(pairs).payers(pairs)}
    with pytest.raises(ServiceError, match="Bob Brown's account would go down"):
        evening_fee_record(evening=pairs, payer=payers["NS1"], method="account")
    assert not EveningFee.objects.exists() and balance_of(people[0]) == 1000
    with pytest.raises(ServiceError, match="guest with no account"):
        evening_fee_record(evening=pairs, payer=payers["EW1"], method="account")
    assert payers["EW1"].fee(member_fee=MEMBER_FEE, guest_fee=GUEST_FEE) == 2 * GUEST_FEE  # nobody named


@pytest.fixture
def night(club):
    night = duel_night_create(
        club=club, name="Duel Night", date=date(2026, 11, 7), players=["Xan Guest", "Yan Guest"], rounds=1
    )
    evening_money_set(evening=night, member_fee=MEMBER_FEE, guest_fee=GUEST_FEE)
    return night


def test_the_money_page_ticks_a_fee_at_the_door(client, organiser, night):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:duel-money", args=[night.pk])).content.decode()
    assert "Xan Guest" in page and "At the door (0 of 2 paid)" in page
    client.post(
        reverse("tournaments:duel-money-set", args=[night.pk]), {"member_fee": "3", "guest_fee": "4.50"}
    )
    night.money.refresh_from_db()
    assert (night.money.member_fee, night.money.guest_fee) == (300, 450)
    client.post(reverse("tournaments:duel-fee", args=[night.pk, "P1"]), {"method": "card"})
    fee = EveningFee.objects.get()
    assert (fee.entrant, fee.method, fee.amount) == ("P1", "card", 450)
    page = client.get(reverse("tournaments:duel-money", args=[night.pk])).content.decode()
    assert "At the door (1 of 2 paid)" in page
    client.post(reverse("tournaments:duel-fee", args=[night.pk, "P1"]), {"method": ""})
    assert not EveningFee.objects.exists()
    assert night.changes.filter(detail__contains="fee not paid after all").exists()


def test_the_money_pages_actions_refuse_a_get_another_club_and_a_visitor(
    client, night, other_club, django_user_model
):
    stranger = django_user_model.objects.get(username="rival")
    for name, args in (("duel-money-set", [night.pk]), ("duel-fee", [night.pk, "P1"])):
        client.force_login(stranger)
        assert client.get(reverse("tournaments:" + name, args=args)).status_code == 405
        assert client.post(reverse("tournaments:" + name, args=args), {"method": "cash"}).status_code == 404
        client.logout()
        assert client.post(reverse("tournaments:" + name, args=args), {"method": "cash"}).status_code == 302
    assert client.get(reverse("tournaments:duel-money", args=[night.pk])).status_code == 302
    assert not EveningFee.objects.exists()


def test_an_unknown_entrant_is_not_found(client, organiser, night):
    client.force_login(organiser)
    assert (
        client.post(reverse("tournaments:duel-fee", args=[night.pk, "P9"]), {"method": "cash"}).status_code
        == 404
    )


def test_a_league_home_matchs_pairs_pay_a_members_fee_by_cash_or_card(client, organiser, club):
    league = make_league(club, clubs=[club.name, "Dee Whist Club"], start=date(2026, 11, 14))
    match = Fixture.objects.filter(league=league, home__club=club).order_by("round").first()
    evening_money_set(evening=match, member_fee=MEMBER_FEE, guest_fee=GUEST_FEE)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:league-match-money", args=[match.pk])).content.decode()
    assert "table 1" in page and "6.00" in page
    client.post(reverse("tournaments:league-match-fee", args=[match.pk, "T1"]), {"method": "account"})
    assert not EveningFee.objects.exists()  # no account is known: refused in words
    client.post(reverse("tournaments:league-match-fee", args=[match.pk, "T1"]), {"method": "cash"})
    assert EveningFee.objects.get().amount == 2 * MEMBER_FEE
    away = Fixture.objects.filter(league=league, away__club=club).first()
    assert client.get(reverse("tournaments:league-match-money", args=[away.pk])).status_code == 404


def test_the_money_pages_queries_do_not_grow_with_its_entrants(client, organiser, club, make_event):
    client.force_login(organiser)
    counts = []
    for tables in (3, 6):
        event = make_event(club, name=f"Pairs Night {tables}", tables=tables)
        evening_money_set(evening=event, member_fee=MEMBER_FEE, guest_fee=GUEST_FEE)
        for payer in kind_of(event).payers(event)[:2]:
            evening_fee_record(evening=event, payer=payer, method="cash")
        url = reverse("tournaments:event-money", args=[event.pk])
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_the_backup_modules_examples_hold():
    assert doctest.testmod(backup_of_evening_money).failed == 0
