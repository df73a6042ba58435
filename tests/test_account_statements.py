"""Monthly statements of members' accounts: one a member with an account a month, by e-mail through
the outbox or as a printed letter, never twice; their figures are the statement CSV's; the
organiser's button and the command; and the member's own page, opened only by the signed link in
their statement, with their balance and last entries."""

import csv
import doctest
import io
import subprocess
from datetime import date
from io import StringIO

import pytest
from django.core import mail
from django.core.management import CommandError, call_command
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from tournaments.models import AccountStatement, AuditLine, Club, Member
from tournaments.services.core.errors import ServiceError
from tournaments.services.core.members import member_forget
from tournaments.services.membership import statement_print
from tournaments.services.membership import statements as statements_module
from tournaments.services.membership.accounts import (
    account_correct,
    account_top_up,
    own_page_key,
    statement,
    statement_csv,
)
from tournaments.services.membership.statements import account_statements_start, own_page_link
from tournaments.services.season.mail import outbox_send

LOCMEM = "django.core.mail.backends.locmem.EmailBackend"
NOVEMBER = date(2026, 11, 1)
TODAY = date(2026, 12, 3)


@pytest.fixture
def people(club):
    club.public_address = "https://whist.example.org"
    club.save(update_fields=["public_address"])
    ann = Member.objects.create(club=club, first_name="Ann", last_name="Ashby", email="ann@example.org")
    bob = Member.objects.create(club=club, first_name="Bob", last_name="Brown")
    cy = Member.objects.create(club=club, first_name="Cy", last_name="Cole", email="cy@example.org")
    Member.objects.create(club=club, first_name="Di", last_name="Dale", email="di@example.org")  # no account
    account_top_up(member=ann, amount=1000, method="cash", on=date(2026, 10, 5))
    account_top_up(member=ann, amount=550, method="transfer", reference="ASHBY", on=date(2026, 11, 3))
    account_correct(member=ann, amount=-125, reason="Raffle ticket", on=date(2026, 11, 20))
    account_top_up(member=bob, amount=800, method="card", on=date(2026, 11, 7))
    account_top_up(member=cy, amount=300, method="cash", on=date(2026, 12, 1))  # after November
    return ann, bob, cy


def _pence(figures: str) -> int:
    return round(float(figures) * 100)


def _pdf_text(content: bytes) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True
    ).stdout.decode()


def test_each_member_with_an_account_gets_one_statement_by_email_or_letter(club, people, settings):
    settings.EMAIL_BACKEND = LOCMEM
    ann, bob, _ = people
    assert account_statements_start(club=club, month=NOVEMBER, today=TODAY) == (1, 1)
    outbox_send(club=club)
    made = {s.member.first_name: s.way for s in AccountStatement.objects.select_related("member")}
    # Cy's account opened in December, Di has none.
    assert made == {"Ann": "email", "Bob": "letter"}
    assert [m.to for m in mail.outbox] == [["ann@example.org"]]
    assert mail.outbox[0].subject == f"Your account with {club.name}, November 2026"
    assert AuditLine.objects.filter(club=club, detail__contains="statements for November 2026").count() == 1


def test_a_statements_figures_are_the_csvs(club, people, settings):
    settings.EMAIL_BACKEND = LOCMEM
    ann, bob, _ = people
    account_statements_start(club=club, month=NOVEMBER, today=TODAY)
    outbox_send(club=club)
    body = mail.outbox[0].body
    for member in (ann, bob):
        rows = list(csv.reader(io.StringIO(statement_csv(statement(member, NOVEMBER, date(2026, 11, 30))))))
        made = AccountStatement.objects.get(member=member)
        assert made.opening == _pence(rows[1][4]) and made.closing == _pence(rows[-1][4])
        assert made.closing - made.opening == sum(_pence(r[3]) for r in rows[2:-1])
    assert (
        AccountStatement.objects.get(member=ann).opening,
        AccountStatement.objects.get(member=ann).closing,
    ) == (
        1000,
        1425,
    )
    assert "Balance on 1 November 2026: £10.00" in body
    assert "£5.50  (balance £15.50)" in body and "Raffle ticket  −£1.25  (balance £14.25)" in body
    assert "Balance on 30 November 2026: £14.25" in body
    assert own_page_link(ann) in body


def test_a_statements_email_carries_its_page_as_a_pdf(club, people, settings):
    settings.EMAIL_BACKEND = LOCMEM
    account_statements_start(club=club, month=NOVEMBER, today=TODAY)
    outbox_send(club=club)
    (sent,) = mail.outbox
    assert "attached as a PDF" in sent.body
    ((name, content, kind),) = sent.attachments
    assert (name, kind) == ("statement-2026-11.pdf", "application/pdf")
    text = _pdf_text(content)
    assert "Dear Ann Ashby," in text and "Your account for November 2026" in text
    assert "Balance on 1 November 2026: £10.00" in text and "Balance on 30 November 2026: £14.25" in text


def test_an_entry_dated_back_after_the_statements_leaves_them_as_they_were_made(
    club, people, settings, client, organiser
):
    settings.EMAIL_BACKEND = LOCMEM
    ann, bob, _ = people
    account_statements_start(club=club, month=NOVEMBER, today=TODAY)
    # Recorded after the statements were made, dated into November: December's statement tells it.
    account_correct(member=bob, amount=-300, reason="Tea money owed", on=date(2026, 11, 28))
    account_correct(member=ann, amount=200, reason="Prize money", on=date(2026, 11, 28))
    outbox_send(club=club)
    attached = _pdf_text(mail.outbox[0].attachments[0][1])
    assert "Prize money" not in attached and "Balance on 30 November 2026: £14.25" in attached
    client.force_login(organiser)
    response = client.get(reverse("tournaments:account-statement-letters", args=[club.slug, 2026, 11]))
    letter = _pdf_text(response.content)
    assert "Tea money owed" not in letter and "Balance on 30 November 2026: £8.00" in letter
    # The account itself has the entry: the member's statement as it is now shows it.
    assert statement(bob, NOVEMBER, date(2026, 11, 30)).closing == 500


def test_starting_the_month_again_sends_nobody_a_second_statement(club, people, settings):
    settings.EMAIL_BACKEND = LOCMEM
    ann, *_ = people
    account_statements_start(club=club, month=NOVEMBER, today=TODAY)
    outbox_send(club=club)
    assert account_statements_start(club=club, month=date(2026, 11, 17), today=TODAY) == (0, 0)
    outbox_send(club=club)
    assert len(mail.outbox) == 1 and AccountStatement.objects.count() == 2
    with pytest.raises(IntegrityError), transaction.atomic():
        AccountStatement.objects.create(
            club=club, member=ann, month=NOVEMBER, way="letter", opening=0, closing=0, made_at=timezone.now()
        )


def test_a_member_whose_account_opened_since_gets_theirs_from_the_second_start(club, people):
    _, _, cy = people
    account_statements_start(club=club, month=NOVEMBER, today=TODAY)
    account_top_up(member=cy, amount=100, method="cash", on=date(2026, 11, 28))  # recorded late
    assert account_statements_start(club=club, month=NOVEMBER, today=TODAY) == (1, 0)
    assert AccountStatement.objects.get(member=cy).closing == 100


def test_a_month_not_yet_over_is_refused_in_words(club, people):
    with pytest.raises(ServiceError, match="December 2026 is not over yet"):
        account_statements_start(club=club, month=date(2026, 12, 1), today=TODAY)
    assert not AccountStatement.objects.exists()


def test_a_forgotten_member_gets_no_statement(club, people):
    ann, *_ = people
    member_forget(member=ann, reason="asked")
    assert account_statements_start(club=club, month=NOVEMBER, today=TODAY) == (0, 1)


def test_the_letters_print_each_statement_with_its_figures(club, people, client, organiser):
    account_statements_start(club=club, month=NOVEMBER, today=TODAY)
    client.force_login(organiser)
    response = client.get(reverse("tournaments:account-statement-letters", args=[club.slug, 2026, 11]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = _pdf_text(response.content)
    assert "Dear Bob Brown," in text and "Your account for November 2026" in text
    assert "Balance on 1 November 2026: £0.00" in text and "£8.00" in text
    assert "Balance on 30 November 2026: £8.00" in text and "Ann Ashby" not in text


def test_the_organiser_sends_the_months_statements_from_the_accounts_page(
    club, people, client, organiser, settings
):
    settings.EMAIL_BACKEND = LOCMEM
    client.force_login(organiser)
    page = client.get(reverse("tournaments:accounts", args=[club.slug])).content.decode()
    assert "Send the month's statements" in page
    url = reverse("tournaments:account-statements", args=[club.slug])
    assert client.get(url).status_code == 405
    response = client.post(url, {"month": "2026-11"}, follow=True)
    assert response.status_code == 200
    said = response.content.decode()
    assert "Statements for November 2026: 1 by e-mail, 1 letters to print." in said
    assert "Letters for November 2026 (PDF)" in said
    made = AccountStatement.objects.get(member=people[0])
    assert made.made_by == organiser and made.mail.status == "sent"
    again = client.post(url, {"month": "2026-11"}, follow=True).content.decode()
    assert "has their statement for November 2026 already" in again and len(mail.outbox) == 1
    assert "Choose the month" in client.post(url, {"month": "November"}, follow=True).content.decode()
    assert AccountStatement.objects.count() == 2


def test_another_clubs_organiser_and_a_visitor_start_nothing_and_print_nothing(
    club, people, other_club, client, django_user_model
):
    send = reverse("tournaments:account-statements", args=[club.slug])
    letters = reverse("tournaments:account-statement-letters", args=[club.slug, 2026, 11])
    for user in (None, django_user_model.objects.get(username="rival")):
        client.logout()
        if user:
            client.force_login(user)
        assert client.post(send, {"month": "2026-11"}).status_code == (404 if user else 302)
        assert client.get(letters).status_code == (404 if user else 302)
    assert not AccountStatement.objects.exists()


def test_the_command_sends_the_months_statements_and_writes_the_letters(club, people, tmp_path):
    out = StringIO()
    letters = tmp_path / "letters.pdf"
    call_command("send_account_statements", club.slug, "--month", "2026-11", "--letters", letters, stdout=out)
    assert "Statements for November 2026: 1 by e-mail, 1 letters to print." in out.getvalue()
    assert "Bob Brown" in _pdf_text(letters.read_bytes())
    out = StringIO()
    call_command("send_account_statements", club.slug, "--month", "2026-11", stdout=out)
    assert "0 by e-mail, 0 letters" in out.getvalue() and AccountStatement.objects.count() == 2
    with pytest.raises(CommandError, match="not a month"):
        call_command("send_account_statements", club.slug, "--month", "Nov")
    with pytest.raises(CommandError, match="not over yet"):
        call_command("send_account_statements", club.slug, "--month", "2099-01")


# --- the member's own page ------------------------------------------------------------------


def test_the_signed_link_opens_the_members_own_page_with_balance_and_last_entries(client, people):
    ann, *_ = people
    response = client.get(reverse("tournaments:player-own", args=[ann.pk, own_page_key(ann.pk)]))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Your balance: £14.25" in page and "Raffle ticket" in page and "ASHBY" in page
    assert response["Referrer-Policy"] == "no-referrer" and "no-store" in response["Cache-Control"]


def test_no_one_else_opens_a_members_own_page(client, people):
    ann, bob, _ = people
    assert (
        client.get(reverse("tournaments:player-own", args=[ann.pk, own_page_key(bob.pk)])).status_code == 404
    )
    assert client.get(reverse("tournaments:player-own", args=[ann.pk, "x" * 16])).status_code == 404
    assert (
        client.get(reverse("tournaments:player-own", args=[999999, own_page_key(999999)])).status_code == 404
    )
    public = client.get(reverse("tournaments:player", args=[ann.pk]))
    assert "£14.25" not in public.content.decode()
    member_forget(member=ann, reason="asked")
    assert (
        client.get(reverse("tournaments:player-own", args=[ann.pk, own_page_key(ann.pk)])).status_code == 404
    )


@pytest.mark.django_db(transaction=True)  # the restore empties the database first
def test_a_backup_keeps_the_statements_and_a_restored_club_sends_none_twice(club, people, tmp_path, settings):
    settings.EMAIL_BACKEND = LOCMEM
    account_statements_start(club=club, month=NOVEMBER, today=TODAY)
    outbox_send(club=club)

    def now():
        return sorted(
            AccountStatement.objects.values_list(
                "member__last_name", "month", "way", "opening", "closing", "mail__to", "mail__status"
            )
        )

    before = now()
    assert len(before) == 2
    path = tmp_path / "club.json"
    call_command("backup", str(path), stderr=StringIO())
    call_command("flush", interactive=False, verbosity=0)
    call_command("restore", str(path), stdout=StringIO())
    assert now() == before
    restored = Club.objects.get()
    assert account_statements_start(club=restored, month=NOVEMBER, today=TODAY) == (0, 0)


def test_the_modules_examples_hold():
    assert doctest.testmod(statements_module).failed == 0
    assert doctest.testmod(statement_print).failed == 0
