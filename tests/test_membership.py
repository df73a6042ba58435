"""A club's membership: categories, renewal rounds (one reminder a member due, by e-mail or letter,
never twice), subscriptions paid with their receipts, the secretary's lists, the pages for the
club's organisers only, and the printed letters and receipts."""

import subprocess
from datetime import date
from io import BytesIO, StringIO

import pytest
from django.core import mail
from django.core.management import call_command
from django.db import IntegrityError, transaction
from django.urls import reverse
from pypdf import PdfReader

from tournaments.domain.membership import coming_year_start, paid_until_after, subscription_year
from tournaments.models import (
    AuditLine,
    Club,
    Member,
    MembershipCategory,
    RenewalReminder,
    ResultMail,
    SubscriptionPayment,
)
from tournaments.pdf import render_membership
from tournaments.services.core.errors import ServiceError
from tournaments.services.core.members import member_forget
from tournaments.services.membership.club import membership_category_add
from tournaments.services.membership.lists import members_csv, members_listed
from tournaments.services.membership.payments import receipt_of, subscription_pay
from tournaments.services.membership.renewals import renewal_round_start
from tournaments.services.season.mail import mail_send_again, outbox_send

LOCMEM = "django.core.mail.backends.locmem.EmailBackend"
YEAR = date(2026, 9, 1)


@pytest.fixture
def members(club):
    full = membership_category_add(club=club, name="Full", subscription=2500, life=False)
    life = membership_category_add(club=club, name="Life", subscription=0, life=True)
    people = {
        "ann": dict(first_name="Ann", last_name="Ashby", email="ann@example.org", category=full),
        "bob": dict(first_name="Bob", last_name="Brown", email="", category=full),
        "cy": dict(first_name="Cy", last_name="Cole", email="cy@example.org", category=life),
        "di": dict(first_name="Di", last_name="Dale", email="", category=full, active=False),
        "ed": dict(
            first_name="Ed",
            last_name="Eyre",
            email="ed@example.org",
            category=full,
            paid_until=date(2027, 8, 31),
        ),
        "flo": dict(
            first_name="=HYPERLINK(1)", last_name="Fox", email="", category=None, joined=date(2026, 9, 20)
        ),
    }
    return {key: Member.objects.create(club=club, **fields) for key, fields in people.items()}


def _text(content: bytes) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True
    ).stdout.decode()


# --- the subscription year ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("day", "start", "end"),
    [
        (date(2026, 9, 1), date(2026, 9, 1), date(2027, 8, 31)),
        (date(2026, 8, 31), date(2025, 9, 1), date(2026, 8, 31)),
        (date(2027, 1, 15), date(2026, 9, 1), date(2027, 8, 31)),
    ],
)
def test_a_day_falls_in_one_subscription_year(day, start, end):
    assert subscription_year(day, (9, 1)) == (start, end)


def test_a_payment_pays_the_year_after_the_member_is_paid_up_to_or_this_year_when_lapsed():
    assert paid_until_after(
        paid_on=date(2026, 8, 1), paid_until=date(2026, 8, 31), year_start=(9, 1)
    ) == date(2027, 8, 31)
    assert paid_until_after(
        paid_on=date(2026, 8, 1), paid_until=date(2024, 8, 31), year_start=(9, 1)
    ) == date(2026, 8, 31)
    assert paid_until_after(paid_on=date(2026, 8, 1), paid_until=None, year_start=(1, 1)) == date(
        2026, 12, 31
    )
    assert coming_year_start(date(2026, 8, 1), (9, 1)) == YEAR


def test_the_database_refuses_a_negative_subscription_and_a_category_named_twice(club):
    MembershipCategory.objects.create(club=club, name="Full", subscription=100)
    for fields in ({"name": "Junior", "subscription": -1}, {"name": "Full", "subscription": 5}):
        with pytest.raises(IntegrityError), transaction.atomic():
            MembershipCategory.objects.create(club=club, **fields)
    with pytest.raises(ServiceError, match="has a category called Full"):
        membership_category_add(club=club, name="Full", subscription=5, life=False)


# --- renewals ------------------------------------------------------------------------------


def test_a_round_reminds_each_member_due_once_by_email_or_letter(members, club, settings):
    settings.EMAIL_BACKEND = LOCMEM
    round_, mailed, letters = renewal_round_start(club=club, year_start_day=YEAR)
    outbox_send(club=club)
    reminders = {r.member.first_name: r.way for r in round_.reminders.select_related("member")}
    # Cy is a life member, Di not active, Ed paid to the end of the year: none due.
    assert reminders == {"Ann": "email", "Bob": "letter", "=HYPERLINK(1)": "letter"}
    assert (mailed, letters) == (1, 2)
    assert [m.to for m in mail.outbox] == [["ann@example.org"]]
    assert "£25.00" in mail.outbox[0].body and "1 September 2026" in mail.outbox[0].body
    assert AuditLine.objects.filter(club=club, action="renewals").count() == 1


def test_a_second_start_of_the_same_round_sends_nothing_twice(members, club, settings):
    settings.EMAIL_BACKEND = LOCMEM
    renewal_round_start(club=club, year_start_day=YEAR)
    outbox_send(club=club)
    _, mailed, letters = renewal_round_start(club=club, year_start_day=YEAR)
    outbox_send(club=club)
    assert (mailed, letters) == (0, 0)
    assert len(mail.outbox) == 1 and RenewalReminder.objects.count() == 3
    with pytest.raises(IntegrityError), transaction.atomic():
        RenewalReminder.objects.create(
            round=RenewalReminder.objects.first().round, member=members["ann"], way="letter", amount=1
        )


def test_a_member_who_came_due_since_is_reminded_by_the_second_start(members, club):
    renewal_round_start(club=club, year_start_day=YEAR)
    Member.objects.filter(pk=members["di"].pk).update(active=True)
    _, mailed, letters = renewal_round_start(club=club, year_start_day=YEAR)
    assert (mailed, letters) == (0, 1)


def test_the_letters_print_one_a_page_with_the_sum(members, club, client, organiser):
    round_, _, _ = renewal_round_start(club=club, year_start_day=YEAR)
    client.force_login(organiser)
    response = client.get(reverse("tournaments:renewal-letters", args=[club.slug, round_.pk]))
    assert response["Content-Type"] == "application/pdf"
    pages = PdfReader(BytesIO(response.content)).pages
    assert len(pages) == 2
    text = _text(response.content)
    assert "Dear Bob Brown" in text and "£25.00" in text and "Ann Ashby" not in text


def test_the_round_page_says_who_got_email_and_who_needs_a_letter(members, club, client, organiser):
    client.force_login(organiser)
    response = client.post(
        reverse("tournaments:renewal-start", args=[club.slug]), {"year_start": "2026-09-01"}
    )
    page = client.get(response["Location"]).content.decode()
    assert "1 reminded by e-mail, 2 by letter" in page
    assert "ann@example.org" in page and "Bob Brown" in page


def test_a_day_that_starts_no_subscription_year_is_refused(members, club, client, organiser):
    client.force_login(organiser)
    client.post(reverse("tournaments:renewal-start", args=[club.slug]), {"year_start": "2026-10-01"})
    assert not RenewalReminder.objects.exists()


# --- payments ------------------------------------------------------------------------------


def test_a_payment_moves_paid_until_and_makes_a_receipt_with_the_next_number(members, club, settings):
    settings.EMAIL_BACKEND = LOCMEM
    first = subscription_pay(member=members["ann"], amount=2500, method="cash", paid_on=date(2026, 9, 3))
    second = subscription_pay(
        member=members["bob"],
        amount=2500,
        method="transfer",
        reference="BROWN SUBS",
        paid_on=date(2026, 9, 4),
    )
    again = subscription_pay(member=members["ann"], amount=2500, method="card", paid_on=date(2026, 9, 5))
    assert [first.receipt, second.receipt, again.receipt] == [1, 2, 3]
    members["ann"].refresh_from_db()
    assert first.paid_until == date(2027, 8, 31) and members["ann"].paid_until == date(2028, 8, 31)
    assert second.mail is None and first.mail.to == "ann@example.org"
    outbox_send(club=club)
    assert [m.subject for m in mail.outbox][0] == "Receipt 1: your subscription to Ribble Valley Whist Club"
    line = AuditLine.objects.filter(club=club, action="money").order_by("pk").first()
    assert line.detail.startswith("subscription: Ann Ashby paid £25.00, receipt 1")


def test_receipt_numbers_are_unique_a_club(members, club):
    payment = subscription_pay(member=members["ann"], amount=100, method="cash", paid_on=date(2026, 9, 3))
    with pytest.raises(IntegrityError), transaction.atomic():
        SubscriptionPayment.objects.create(
            club=club,
            member=members["bob"],
            receipt=payment.receipt,
            amount=100,
            method="cash",
            paid_on=payment.paid_on,
            paid_until=payment.paid_until,
            recorded_at=payment.recorded_at,
        )


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"amount": 0, "method": "cash"}, "more than nothing"),
        ({"amount": 100, "method": "transfer"}, "needs its reference"),
    ],
)
def test_a_payment_with_no_sum_or_a_transfer_without_reference_is_refused(members, fields, words):
    with pytest.raises(ServiceError, match=words):
        subscription_pay(member=members["ann"], paid_on=date(2026, 9, 3), **fields)
    assert not SubscriptionPayment.objects.exists()


def test_the_organiser_records_a_payment_and_prints_its_receipt(members, club, client, organiser):
    client.force_login(organiser)
    url = reverse("tournaments:membership-pay", args=[club.slug, members["bob"].pk])
    response = client.post(
        url, {"amount": "25", "method": "transfer", "reference": "", "paid_on": "2026-09-03"}
    )
    assert response.status_code == 400 and "needs its reference" in response.content.decode()
    response = client.post(
        url, {"amount": "25", "method": "transfer", "reference": "BB123", "paid_on": "2026-09-03"}
    )
    assert response.status_code == 302
    payment = SubscriptionPayment.objects.get()
    assert payment.amount == 2500 and payment.recorded_by == organiser
    pdf = client.get(reverse("tournaments:membership-receipt", args=[club.slug, payment.receipt]))
    text = _text(pdf.content)
    assert "Receipt number 1" in text and "Bob Brown" in text and "£25.00" in text and "BB123" in text
    assert "31 August 2027" in text


def test_a_held_receipt_is_sent_again_with_its_own_text(members, club, settings):
    settings.EMAIL_BACKEND = LOCMEM
    payment = subscription_pay(member=members["ann"], amount=100, method="cash", paid_on=date(2026, 9, 3))
    ResultMail.objects.filter(pk=payment.mail_id).update(status="held")
    mail_send_again(mails=[payment.mail])
    assert mail.outbox[0].subject.startswith("Receipt 1")


# --- the lists ------------------------------------------------------------------------------


def test_lapsed_members_are_those_paid_until_before_today_never_life(members, club):
    rows = members_listed(club, "lapsed", today=date(2026, 10, 1))
    assert [r.first_name for r in rows] == ["Ann", "Bob", "=HYPERLINK(1)"]


def test_new_this_season_are_those_joined_since_the_year_began(members, club):
    assert [r.last_name for r in members_listed(club, "new", today=date(2026, 10, 1))] == ["Fox"]
    assert members_listed(club, "new", today=date(2027, 9, 2)) == []


def test_not_seen_are_those_who_played_no_evening_in_the_weeks(members, club, make_played_event):
    make_played_event(club, members=[members["ann"], members["bob"]], day=date(2026, 11, 12))
    seen = {
        r.first_name: r.last_played
        for r in members_listed(club, "not-seen", today=date(2026, 11, 20), weeks=4)
    }
    assert "Ann" not in seen and "Bob" not in seen and "Cy" in seen and seen["Cy"] is None
    later = members_listed(club, "not-seen", today=date(2027, 1, 20), weeks=4)
    assert {r.first_name: r.last_played for r in later}["Ann"] == date(2026, 11, 12)


def test_the_csv_guards_against_formulas(members, club, client, organiser):
    client.force_login(organiser)
    csv = client.get(reverse("tournaments:membership-list-csv", args=[club.slug, "lapsed"])).content.decode()
    assert "'=HYPERLINK(1)" in csv and "\n=HYPERLINK" not in csv and ",=HYPERLINK" not in csv
    assert members_csv([]).startswith("Last name,First name")


# --- who may -------------------------------------------------------------------------------


def _pages(club, member):
    return [
        reverse("tournaments:membership", args=[club.slug]),
        reverse("tournaments:membership-member", args=[club.slug, member.pk]),
        reverse("tournaments:membership-list", args=[club.slug, "lapsed"]),
        reverse("tournaments:membership-list-csv", args=[club.slug, "new"]),
    ]


def test_the_clubs_organiser_sees_each_page_and_the_home_page_links_it(members, club, client, organiser):
    client.force_login(organiser)
    for url in _pages(club, members["ann"]):
        assert client.get(url).status_code == 200, url
    assert (
        reverse("tournaments:membership", args=[club.slug])
        in client.get(reverse("tournaments:home")).content.decode()
    )


def test_another_clubs_organiser_and_a_visitor_see_nothing_and_change_nothing(
    members, club, other_club, client, django_user_model
):
    writes = [
        (
            reverse("tournaments:membership-pay", args=[club.slug, members["ann"].pk]),
            {"amount": "25", "method": "cash", "paid_on": "2026-09-03"},
        ),
        (reverse("tournaments:renewal-start", args=[club.slug]), {"year_start": "2026-09-01"}),
        (
            reverse("tournaments:membership-category", args=[club.slug]),
            {"name": "Junior", "subscription": "5"},
        ),
        (reverse("tournaments:membership-year", args=[club.slug]), {"month": "1", "day": "1"}),
        (
            reverse("tournaments:membership-member", args=[club.slug, members["ann"].pk]),
            {"category": "", "joined": ""},
        ),
    ]
    for user in (None, django_user_model.objects.get(username="rival")):
        client.logout()
        if user:
            client.force_login(user)
        for url in _pages(club, members["ann"]):
            assert client.get(url).status_code in (302, 404), url
        for url, data in writes:
            assert client.post(url, data).status_code in (302, 404), url
            if user:
                assert client.post(url, data).status_code == 404, url
    club.refresh_from_db()
    members["ann"].refresh_from_db()
    assert not SubscriptionPayment.objects.exists() and not RenewalReminder.objects.exists()
    assert club.membership_categories.count() == 2 and club.year_start_month == 9
    assert members["ann"].category.name == "Full"


def test_a_visitor_is_sent_to_log_in(members, club, client):
    response = client.get(reverse("tournaments:membership", args=[club.slug]))
    assert response.status_code == 302 and "login" in response["Location"]


# --- forgetting and the backup --------------------------------------------------------------


def test_a_forgotten_members_payments_are_kept_without_their_name(members, club):
    payment = subscription_pay(
        member=members["bob"],
        amount=2500,
        method="transfer",
        reference="B BROWN SUBS",
        paid_on=date(2026, 9, 3),
    )
    renewal_round_start(club=club, year_start_day=date(2027, 9, 1))
    member_forget(member=members["bob"], reason="asked")
    payment.refresh_from_db()
    assert payment.amount == 2500 and payment.receipt == 1
    assert "Brown" not in payment.reference and "Brown" not in str(payment.member)
    assert not AuditLine.objects.filter(club=club, detail__contains="Brown").exists()
    assert "Brown" not in _text(render_membership(receipt_of(payment)))


def _membership_now(club) -> tuple:
    club.refresh_from_db()
    return (
        (club.year_start_month, club.year_start_day),
        sorted(club.membership_categories.values_list("name", "subscription", "life")),
        sorted(club.members.values_list("last_name", "category__name", "paid_until", "joined")),
        sorted(
            RenewalReminder.objects.values_list(
                "round__year_start", "member__last_name", "way", "amount", "mail__to"
            )
        ),
        sorted(
            SubscriptionPayment.objects.values_list(
                "receipt",
                "member__last_name",
                "amount",
                "method",
                "reference",
                "paid_on",
                "paid_until",
                "mail__subject",
            )
        ),
    )


@pytest.mark.django_db(transaction=True)  # the restore empties the database first
def test_a_backup_keeps_the_membership_and_a_restore_brings_it_back(members, club, tmp_path):
    Club.objects.filter(pk=club.pk).update(year_start_month=1, year_start_day=6)
    subscription_pay(member=members["ann"], amount=2500, method="cash", paid_on=date(2026, 9, 3))
    subscription_pay(
        member=members["bob"], amount=1000, method="transfer", reference="BB1", paid_on=date(2026, 9, 4)
    )
    renewal_round_start(club=club, year_start_day=date(2027, 1, 6))
    before = _membership_now(club)
    assert len(before[3]) >= 2 and len(before[4]) == 2
    path = tmp_path / "club.json"
    call_command("backup", str(path), stderr=StringIO())
    call_command("flush", interactive=False, verbosity=0)
    call_command("restore", str(path), stdout=StringIO())
    assert _membership_now(Club.objects.get()) == before


def test_the_organiser_sets_a_members_category_and_day_joined(members, club, client, organiser):
    client.force_login(organiser)
    life = club.membership_categories.get(name="Life")
    url = reverse("tournaments:membership-member", args=[club.slug, members["bob"].pk])
    assert client.post(url, {"category": life.pk, "joined": "2026-10-02"}).status_code == 302
    members["bob"].refresh_from_db()
    assert (members["bob"].category, members["bob"].joined) == (life, date(2026, 10, 2))
    assert (
        "Bob Brown is Life, joined 2 October 2026" in AuditLine.objects.filter(club=club).latest("pk").detail
    )
    other = MembershipCategory.objects.create(
        club=Club.objects.create(name="Elsewhere", slug="elsewhere"), name="X", subscription=1
    )
    assert client.post(url, {"category": other.pk, "joined": ""}).status_code == 200  # not one of the club's
    members["bob"].refresh_from_db()
    assert members["bob"].category == life
