"""Members' accounts: a season of drives whose fees are paid cash, card and from the members'
accounts, where each member's statement, the balances and the treasurer's season CSV agree to the
penny with the test's own reckoning; the refusals (below the lowest balance, a correction without
a reason, a transfer without a reference, another club's organiser); a backup that keeps the
balances; forgetting that keeps the rows without the name."""

import csv
import doctest
import io
from datetime import date
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from tournaments.models import AccountEntry, AuditLine, Club, DrivePayment, Member, TableCheckIn
from tournaments.services import drives
from tournaments.services.backups import accounts as backup_of_accounts
from tournaments.services.core.errors import ServiceError
from tournaments.services.core.members import member_forget
from tournaments.services.membership import accounts as accounts_module
from tournaments.services.membership.accounts import (
    account_balances,
    account_correct,
    account_floor_set,
    account_top_up,
    balance_of,
    last_month,
    statement,
    statement_csv,
)
from tournaments.services.season.treasurer import season_evenings, treasurer_csv
from tournaments.services.tablets.fees import FEE_NOT_TAKEN

MEMBER_FEE, GUEST_FEE = 300, 400
DAYS = (date(2026, 10, 3), date(2026, 10, 17), date(2026, 11, 7))


@pytest.fixture
def people(club):
    names = [("Ann", "Ashby"), ("Bob", "Brown"), ("Cy", "Cole"), ("Di", "Dale")]
    return [Member.objects.create(club=club, first_name=f, last_name=last) for f, last in names]


def _drive(club, people, make_played_drive, day):
    drive = make_played_drive(club, members=people, name=f"Drive {day:%d %b}", day=day)
    drives.drive_money_set(drive=drive, member_fee=MEMBER_FEE, guest_fee=GUEST_FEE)
    return drive


def _card(drive, member):
    return drive.players.get(member=member)


def _rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def _pence(figures: str) -> int:
    return round(float(figures) * 100)


def test_a_season_of_fees_agrees_in_statements_balances_and_the_treasurers_csv(
    club, people, make_played_drive
):
    ann, bob, cy, di = people
    expected = {m.pk: 0 for m in people}  # the test's own reckoning of each balance
    on_account = {}  # each drive's fees from accounts, as the test counts them

    def top_up(member, amount, day, **how):
        account_top_up(member=member, amount=amount, on=day, **(how or {"method": "cash"}))
        expected[member.pk] += amount

    top_up(ann, 1000, date(2026, 10, 1))
    top_up(cy, 800, date(2026, 10, 1), method="transfer", reference="COLE C")
    top_up(di, 2000, date(2026, 10, 2), method="card")
    methods = {  # how each member pays at each drive
        0: {ann: "account", bob: "cash", cy: "account", di: "card"},
        1: {ann: "account", bob: "card", cy: "cash", di: "account"},
        2: {ann: "account", bob: "account", cy: "account", di: "account"},
    }
    top_up(bob, 600, date(2026, 11, 1))
    for n, day in enumerate(DAYS):
        drive = _drive(club, people, make_played_drive, day)
        on_account[drive.pk] = 0
        for member, method in methods[n].items():
            drives.drive_fee_record(drive=drive, player=_card(drive, member), method=method)
            if method == "account":
                expected[member.pk] -= MEMBER_FEE
                on_account[drive.pk] += MEMBER_FEE
        guests = drive.players.filter(member=None).order_by("pk")
        for k, guest in enumerate(guests):
            drives.drive_fee_record(drive=drive, player=guest, method="cash" if k % 2 else "card")
    # An account fee ticked "cash" after all goes back to the account, as an entry of its own.
    last = drive
    drives.drive_fee_record(drive=last, player=_card(last, bob), method="cash")
    expected[bob.pk] += MEMBER_FEE
    on_account[last.pk] -= MEMBER_FEE
    account_correct(member=di, amount=-150, reason="Raffle ticket", on=date(2026, 11, 8))
    expected[di.pk] -= 150

    for member in people:
        account = statement(member, date(2026, 10, 1), date(2026, 11, 30))
        rows = _rows(statement_csv(account))
        assert rows[1][1] == "Opening balance" and _pence(rows[1][4]) == 0
        assert rows[-1][1] == "Closing balance" and _pence(rows[-1][4]) == expected[member.pk]
        assert sum(_pence(r[3]) for r in rows[2:-1]) == expected[member.pk]
        assert balance_of(member) == account.closing == expected[member.pk]
    balances = account_balances(club)
    assert [b for _, b in balances] == sorted(expected.values())
    assert {m.pk: b for m, b in balances} == expected
    # November alone opens with October's closing balance.
    november = statement(ann, date(2026, 11, 1), date(2026, 11, 30))
    assert november.opening == 1000 - 2 * MEMBER_FEE and november.closing == expected[ann.pk]

    rows = _rows(treasurer_csv(season_evenings(club, date(2026, 9, 1), date(2026, 12, 31))))
    column = rows[0].index("Fees on account")
    by_drive = {r[1]: _pence(r[column]) for r in rows[1:-1]}
    for pk, taken in on_account.items():
        drive = club.drives.get(pk=pk)
        assert by_drive[drive.name] == taken
        fees = AccountEntry.objects.filter(drive=drive, kind=AccountEntry.Kind.FEE)
        assert -sum(fees.values_list("amount", flat=True)) == taken
    assert _pence(rows[-1][column]) == sum(on_account.values())
    every_fee = sum(_pence(rows[-1][rows[0].index(h)]) for h in ("Fees cash", "Fees card", "Fees on account"))
    assert every_fee == len(DAYS) * (4 * MEMBER_FEE + 4 * GUEST_FEE)
    assert AccountEntry.objects.count() == 4 + 8 + 1 + 1  # top-ups, fees, the fee given back, the correction


def test_a_fee_below_the_lowest_balance_is_refused_unless_confirmed(club, people, make_played_drive):
    ann = people[0]
    drive = _drive(club, people, make_played_drive, DAYS[0])
    account_top_up(member=ann, amount=100, method="cash", on=DAYS[0])
    with pytest.raises(ServiceError, match="below the lowest balance allowed"):
        drives.drive_fee_record(drive=drive, player=_card(drive, ann), method="account")
    assert not DrivePayment.objects.exists() and balance_of(ann) == 100
    said = drives.drive_fee_record(drive=drive, player=_card(drive, ann), method="account", confirmed=True)
    assert "allowed as confirmed" in said and balance_of(ann) == 100 - MEMBER_FEE
    # A club that lets members owe £5 takes the next fee without asking.
    account_floor_set(club=club, floor=-500)
    drive.club.refresh_from_db()
    bob = people[1]
    assert drives.drive_fee_record(drive=drive, player=_card(drive, bob), method="account")
    assert balance_of(bob) == -MEMBER_FEE
    guest = drive.players.filter(member=None).first()
    with pytest.raises(ServiceError, match="guest with no account"):
        drives.drive_fee_record(drive=drive, player=guest, method="account")


def test_the_door_page_refuses_in_words_and_takes_the_fee_when_allowed(
    client, organiser, club, people, make_played_drive
):
    ann = people[0]
    drive = _drive(club, people, make_played_drive, DAYS[0])
    client.force_login(organiser)
    url = reverse("tournaments:drive-fee", args=[drive.pk, _card(drive, ann).pk])
    page = client.post(url, {"method": "account"}, follow=True).content.decode()
    assert "below the lowest balance allowed" in page and not AccountEntry.objects.exists()
    page = client.post(url, {"method": "account", "allow_below": "1"}, follow=True).content.decode()
    assert "allowed as confirmed" in page and balance_of(ann) == -MEMBER_FEE
    client.post(url, {"method": ""})
    assert balance_of(ann) == 0 and AccountEntry.objects.count() == 2


@pytest.mark.parametrize(
    ("service", "fields", "words"),
    [
        (account_correct, {"amount": 100, "reason": "  "}, "Say why"),
        (account_top_up, {"amount": 100, "method": "transfer", "reference": ""}, "needs its reference"),
        (account_top_up, {"amount": 0, "method": "cash"}, "more than nothing"),
    ],
)
def test_a_correction_without_reason_or_a_transfer_without_reference_is_refused(
    people, service, fields, words
):
    with pytest.raises(ServiceError, match=words):
        service(member=people[0], on=DAYS[0], **fields)
    assert not AccountEntry.objects.exists()


@pytest.mark.parametrize(
    "fields",
    [
        {"kind": "correction", "amount": 100, "reason": ""},
        {"kind": "top_up", "amount": 100, "method": "transfer", "reference": ""},
        {"kind": "correction", "amount": 0, "reason": "nothing"},
        {"kind": "fee", "amount": -300, "evening": ""},
    ],
)
def test_the_database_refuses_what_the_ledger_may_not_hold(club, people, fields):
    with pytest.raises(IntegrityError), transaction.atomic():
        AccountEntry.objects.create(
            club=club, member=people[0], on=DAYS[0], recorded_at=timezone.now(), **fields
        )


def test_the_organiser_tops_up_corrects_and_downloads_a_statement(client, organiser, club, people):
    ann = people[0]
    client.force_login(organiser)
    account = reverse("tournaments:account", args=[club.slug, ann.pk])
    top_up = reverse("tournaments:account-top-up", args=[club.slug, ann.pk])
    correct = reverse("tournaments:account-correct", args=[club.slug, ann.pk])
    response = client.post(
        top_up, {"amount": "10", "method": "transfer", "reference": "", "on": "2026-10-01"}
    )
    assert response.status_code == 400 and "needs its reference" in response.content.decode()
    client.post(top_up, {"amount": "10", "method": "transfer", "reference": "ASHBY", "on": "2026-10-01"})
    response = client.post(correct, {"way": "take", "amount": "2.50", "reason": "", "on": "2026-10-02"})
    assert response.status_code == 400 and balance_of(ann) == 1000
    client.post(correct, {"way": "take", "amount": "2.50", "reason": "Double top-up", "on": "2026-10-02"})
    assert balance_of(ann) == 750
    assert AuditLine.objects.filter(
        club=club, detail__contains="corrected by −£2.50 (Double top-up)"
    ).exists()
    page = client.get(account).content.decode()
    assert "£7.50" in page and "Double top-up" in page and "ASHBY" in page
    listing = client.get(reverse("tournaments:accounts", args=[club.slug])).content.decode()
    assert account in listing and "£7.50" in listing
    assert (
        reverse("tournaments:accounts", args=[club.slug])
        in client.get(reverse("tournaments:membership", args=[club.slug])).content.decode()
    )
    statement_url = reverse("tournaments:account-statement", args=[club.slug, ann.pk])
    rows = _rows(client.get(statement_url, {"start": "2026-10-01", "end": "2026-10-31"}).content.decode())
    assert [r[1] for r in rows[1:]] == ["Opening balance", "Top-up", "Correction", "Closing balance"]
    assert rows[-1][4] == "7.50" and rows[3][3] == "-2.50"
    start, end = last_month(timezone.localdate())
    default = _rows(client.get(statement_url).content.decode())
    assert (default[1][0], default[-1][0]) == (start.isoformat(), end.isoformat())


def test_the_statement_guards_against_formulas(club, people):
    account_correct(member=people[0], amount=100, reason="=HYPERLINK(1)", on=DAYS[0])
    text = statement_csv(statement(people[0], DAYS[0], DAYS[0]))
    assert "'=HYPERLINK(1)" in text


def test_another_clubs_organiser_and_a_visitor_see_nothing_and_change_nothing(
    club, people, other_club, client, django_user_model
):
    ann = people[0]
    pages = [
        reverse("tournaments:accounts", args=[club.slug]),
        reverse("tournaments:account", args=[club.slug, ann.pk]),
        reverse("tournaments:account-statement", args=[club.slug, ann.pk]),
    ]
    writes = [
        (
            reverse("tournaments:account-top-up", args=[club.slug, ann.pk]),
            {"amount": "10", "method": "cash", "on": "2026-10-01"},
        ),
        (
            reverse("tournaments:account-correct", args=[club.slug, ann.pk]),
            {"way": "add", "amount": "10", "reason": "gift", "on": "2026-10-01"},
        ),
        (reverse("tournaments:account-floor", args=[club.slug]), {"owe": "5"}),
    ]
    for user in (None, django_user_model.objects.get(username="rival")):
        client.logout()
        if user:
            client.force_login(user)
        for url in pages:
            assert client.get(url).status_code == (404 if user else 302), url
        for url, data in writes:
            assert client.post(url, data).status_code == (404 if user else 302), url
    club.refresh_from_db()
    assert not AccountEntry.objects.exists() and club.account_floor == 0


def test_a_forgotten_members_entries_are_kept_without_their_name(club, people, make_played_drive):
    bob = people[1]
    drive = _drive(club, people, make_played_drive, DAYS[0])
    account_top_up(member=bob, amount=1000, method="transfer", reference="BOB BROWN", on=DAYS[0])
    account_correct(member=bob, amount=-100, reason="Bob Brown's raffle", on=DAYS[0])
    drives.drive_fee_record(drive=drive, player=_card(drive, bob), method="account")
    member_forget(member=bob, reason="asked")
    entries = AccountEntry.objects.filter(member=bob)
    assert entries.count() == 3 and sum(e.amount for e in entries) == 1000 - 100 - MEMBER_FEE
    for entry in entries:
        assert "Brown" not in entry.reference + entry.reason + entry.evening + str(entry.member)
    with pytest.raises(ServiceError, match="forgotten"):
        account_top_up(member=Member.objects.get(pk=bob.pk), amount=100, method="cash", on=DAYS[0])


@pytest.mark.django_db(transaction=True)  # the restore empties the database first
def test_a_backup_keeps_the_balances_and_a_restore_brings_them_back(
    club, people, make_played_drive, tmp_path
):
    drive = _drive(club, people, make_played_drive, DAYS[0])
    account_floor_set(club=club, floor=-200)
    for n, member in enumerate(people):
        account_top_up(member=member, amount=500 + n, method="cash", on=DAYS[0])
    drives.drive_fee_record(drive=drive, player=_card(drive, people[0]), method="account")
    account_correct(member=people[2], amount=-7, reason="Rounding", on=DAYS[0])

    def now():
        return (
            Club.objects.get().account_floor,
            sorted((str(m), b) for m, b in account_balances(Club.objects.get())),
            sorted(
                AccountEntry.objects.values_list(
                    "member__last_name", "kind", "amount", "on", "method", "reason", "evening", "drive__name"
                )
            ),
        )

    before = now()
    assert before[0] == -200 and ("Ann Ashby", 500 - MEMBER_FEE) in before[1]
    path = tmp_path / "club.json"
    call_command("backup", str(path), stderr=StringIO())
    call_command("flush", interactive=False, verbosity=0)
    call_command("restore", str(path), stdout=StringIO())
    assert now() == before


def test_a_tables_check_in_takes_a_fee_from_the_account_or_refuses_it_in_words(client, club, people):
    ann, bob = people[:2]
    drive = drives.drive_create(club=club, name="Harvest Drive", date=DAYS[0], hands=2, halves=1)
    for index, name in enumerate([str(ann), str(bob)] + [f"Guest {n}" for n in range(6)]):
        drives.drive_player_add(drive=drive, role="LG"[index % 2], name=name)
    drives.drive_money_set(drive=drive, member_fee=MEMBER_FEE, guest_fee=GUEST_FEE)
    drive = drives.drive_start(drive=drive)
    account_top_up(member=ann, amount=500, method="cash", on=DAYS[0])
    state = drives.DriveState(drive)
    key = {p.member_id: k for k, p in state.players.items() if p.member_id}

    def check_in(member):
        table = next(t for t, s in state.seatings[1].items() if key[member.pk] in s.players)
        url = reverse("tournaments:drive-table-check-in", args=[drive.table_accesses.get(table=table).token])
        data = {"round": 1, "answer": "us", f"fee-{key[member.pk]}": "account"}
        return client.post(url, data, follow=True).content.decode()

    # Nothing in Bob's account: he is checked in, his fee left unpaid with a word in the trail.
    assert "below the lowest balance allowed" not in check_in(bob)
    assert not AccountEntry.objects.filter(member=bob).exists() and not DrivePayment.objects.exists()
    assert TableCheckIn.objects.get().state == TableCheckIn.State.CONFIRMED
    assert drive.changes.filter(detail__endswith=FEE_NOT_TAKEN, detail__startswith=str(bob)).exists()
    check_in(ann)
    assert balance_of(ann) == 500 - MEMBER_FEE
    assert DrivePayment.objects.get(player__member=ann).method == "account"


def test_a_shared_seats_fee_is_taken_from_both_members_accounts_in_halves(club, people):
    ann, bob = people[:2]
    drive = drives.drive_create(club=club, name="Shared Drive", date=DAYS[0], hands=2, halves=1)
    seat = drives.drive_player_add(drive=drive, role="L", name=str(ann), shared_with=str(bob))
    drives.drive_money_set(drive=drive, member_fee=301, guest_fee=GUEST_FEE)  # 602 for the seat
    for member in (ann, bob):
        account_top_up(member=member, amount=1000, method="cash", on=DAYS[0])
    said = drives.drive_fee_record(drive=drive, player=seat, method="account")
    assert balance_of(ann) == 1000 - 301 and balance_of(bob) == 1000 - 301
    assert "taken from Ann Ashby's account" in said and "taken from Bob Brown's account" in said
    drives.drive_fee_record(drive=drive, player=seat, method="")
    assert balance_of(ann) == balance_of(bob) == 1000
    # Bob's half would take his account below the floor: neither half is taken.
    account_correct(member=bob, amount=-900, reason="Refund", on=DAYS[0])
    with pytest.raises(ServiceError, match="Bob Brown's account would go down"):
        drives.drive_fee_record(drive=drive, player=seat, method="account")
    assert balance_of(ann) == 1000 and balance_of(bob) == 100


def test_a_shared_seats_odd_penny_is_the_first_members():
    assert accounts_module.fee_shares(603, 2) == [302, 301]


@pytest.mark.parametrize("module", [accounts_module, backup_of_accounts])
def test_the_modules_examples_hold(module):
    assert doctest.testmod(module).failed == 0
