"""Membership categories renamed, their subscription changed, and removed when no member is in them
(refused in words while one is); a receipt's e-mail carries the printable receipt as a PDF."""

import subprocess
from datetime import date

import pytest
from django.core import mail
from django.db.models import ProtectedError
from django.urls import reverse

from tournaments.models import AuditLine, Member, MembershipCategory, ResultMail
from tournaments.services.core.errors import ServiceError
from tournaments.services.membership.club import (
    membership_category_add,
    membership_category_change,
    membership_category_remove,
)
from tournaments.services.membership.payments import subscription_pay
from tournaments.services.membership.renewals import renewal_round_start
from tournaments.services.season.mail import mail_send_again, outbox_send

LOCMEM = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture
def full(club):
    return membership_category_add(club=club, name="Full", subscription=2500, life=False)


@pytest.fixture
def social(club):
    return membership_category_add(club=club, name="Social", subscription=1000, life=False)


@pytest.fixture
def ann(club, full):
    return Member.objects.create(
        club=club, first_name="Ann", last_name="Ashby", email="ann@example.org", category=full
    )


def _text(content: bytes) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True
    ).stdout.decode()


def test_a_category_is_renamed_and_its_subscription_changed_with_a_line_in_the_trail(club, full, ann):
    membership_category_change(category=full, name="Full member", subscription=2750, life=False)
    full.refresh_from_db()
    ann.refresh_from_db()
    assert (full.name, full.subscription) == ("Full member", 2750) and ann.category == full
    line = AuditLine.objects.filter(club=club).order_by("-pk").first()
    assert line.detail == "membership: Full renamed Full member (£27.50 a year)"


def test_a_name_another_category_has_is_refused_in_words(full, social):
    with pytest.raises(ServiceError, match="has a category called Full already"):
        membership_category_change(category=social, name="Full", subscription=1000, life=False)
    social.refresh_from_db()
    assert social.name == "Social"


def test_a_category_no_member_is_in_is_removed(club, social):
    membership_category_remove(category=social)
    assert not MembershipCategory.objects.filter(pk=social.pk).exists()
    assert AuditLine.objects.filter(club=club, detail="membership: Social removed").exists()


def test_a_category_a_member_is_in_is_refused_in_words_and_kept(full, ann):
    with pytest.raises(ServiceError, match="1 member is in Full: give that member another category"):
        membership_category_remove(category=full)
    assert MembershipCategory.objects.filter(pk=full.pk).exists()
    with pytest.raises(ProtectedError):  # and the database would refuse it too
        full.delete()


def test_the_organiser_renames_and_removes_on_the_categorys_page(client, organiser, club, full, social, ann):
    client.force_login(organiser)
    url = reverse("tournaments:membership-category-edit", args=[club.slug, full.pk])
    page = client.get(url).content.decode()
    assert 'value="Full"' in page and 'value="25.00"' in page and "1 member is in Full" in page
    response = client.post(url, {"name": "Social", "subscription": "25"})
    assert response.status_code == 400 and "has a category called Social already" in response.content.decode()
    assert client.post(url, {"name": "Full member", "subscription": "27.50"}).status_code == 302
    full.refresh_from_db()
    assert (full.name, full.subscription) == ("Full member", 2750)
    remove = reverse("tournaments:membership-category-remove", args=[club.slug, full.pk])
    assert client.get(remove).status_code == 405
    refused = client.post(remove, follow=True).content.decode()
    assert "1 member is in Full member" in refused and MembershipCategory.objects.filter(pk=full.pk).exists()
    removed = client.post(reverse("tournaments:membership-category-remove", args=[club.slug, social.pk]))
    assert removed.status_code == 302 and not MembershipCategory.objects.filter(pk=social.pk).exists()
    page = client.get(reverse("tournaments:membership", args=[club.slug])).content.decode()
    assert "Full member: £27.50 a year" in page and "Social: £10.00" not in page


def test_another_clubs_organiser_and_a_visitor_change_nothing(
    client, club, other_club, full, django_user_model
):
    edit = reverse("tournaments:membership-category-edit", args=[club.slug, full.pk])
    remove = reverse("tournaments:membership-category-remove", args=[club.slug, full.pk])
    for user in (None, django_user_model.objects.get(username="rival")):
        client.logout()
        if user:
            client.force_login(user)
        assert client.get(edit).status_code == (404 if user else 302)
        assert client.post(edit, {"name": "Theirs", "subscription": "1"}).status_code == (
            404 if user else 302
        )
        assert client.post(remove).status_code == (404 if user else 302)
    full.refresh_from_db()
    assert full.name == "Full"


def test_the_receipts_email_carries_the_receipt_as_a_pdf(club, ann, settings):
    settings.EMAIL_BACKEND = LOCMEM
    payment = subscription_pay(member=ann, amount=2500, method="cash", paid_on=date(2026, 9, 3))
    outbox_send(club=club)
    (sent,) = mail.outbox
    (name, content, kind), *_ = sent.attachments
    assert (name, kind) == ("receipt-1.pdf", "application/pdf")
    text = _text(content)
    assert "Receipt number 1" in text and "Ann Ashby" in text and "£25.00" in text
    assert "attached" in sent.body
    ResultMail.objects.filter(pk=payment.mail_id).update(status="held", sent_at=None)
    mail_send_again(mails=[payment.mail])
    assert mail.outbox[1].attachments[0][0] == "receipt-1.pdf"


def test_a_reminders_email_carries_no_receipt(club, ann, settings):
    settings.EMAIL_BACKEND = LOCMEM
    renewal_round_start(club=club, year_start_day=date(2026, 9, 1))
    outbox_send(club=club)
    assert mail.outbox[0].attachments == []
