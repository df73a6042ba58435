"""Renewal reminders: the organiser starts a round for a subscription year, and each member due
gets one reminder, an e-mail through the club's outbox or, for a member with no address, a letter
to print (``pdf/membership.py``). A member is due who is active, not forgotten, not a life member
and not paid up to the end of that year.

The database keeps one reminder a member a round: starting the round again reminds only those
who came due since (a new member, one who was away), never anyone twice. The e-mails are sent
after the transaction (``season.mail.outbox_send``, from the view), never inside it.
"""

from datetime import date

from django.db import transaction
from django.utils import timezone

from ...domain.membership import due_for, year_end
from ...models import AuditLine, Club, Member, RenewalReminder, RenewalRound
from ...print_data import MembershipPrint, RenewalLetter
from ...services.core.money import currency_of, money_text
from ..core.audit import club_log
from ..season.mail import club_mail_queue, public_address


def members_due(club: Club, year_start_day: date):
    """The club's members who owe the subscription of the year starting on ``year_start_day``."""
    members = club.members.filter(active=True, forgotten_at=None).exclude(category__life=True)
    members = members.select_related("category").order_by("last_name", "first_name", "pk")
    return [m for m in members if due_for(paid_until=m.paid_until, year_start_day=year_start_day)]


def _reminder_text(member: Member, round_: RenewalRound, amount: int) -> tuple[str, str]:
    end = year_end(round_.year_start)
    category = f" ({member.category.name} membership)" if member.category else ""
    site = public_address(member.club)
    subject = f"Your subscription to {member.club.name}, {round_.year_start:%Y}–{end:%y}"
    body = "\n".join(
        [
            f"Dear {member.first_name},",
            "",
            f"Your subscription{category} for the year from {round_.year_start:%-d %B %Y} to "
            f"{end:%-d %B %Y} is {money_text(amount, currency_of(member.club))}. You can pay at the club "
            "by cash or card, or by "
            "bank transfer (please give your name as the reference).",
            *(["", site] if site else []),
            "",
            member.club.name,
        ]
    )
    return subject, body


@transaction.atomic
def renewal_round_start(*, club: Club, year_start_day: date, user=None) -> tuple[RenewalRound, int, int]:
    """Start (or start again) the renewal round for the year starting on ``year_start_day``: one
    reminder to each member due who has none in it yet, an e-mail in the outbox or a letter.
    Returns the round and how many e-mails and letters this start added."""
    round_, _ = RenewalRound.objects.get_or_create(
        club=club, year_start=year_start_day, defaults={"started_at": timezone.now(), "started_by": user}
    )
    round_ = RenewalRound.objects.select_for_update().get(pk=round_.pk)  # one start at a time
    reminded = set(round_.reminders.values_list("member_id", flat=True))
    mailed = letters = 0
    for member in members_due(club, year_start_day):
        if member.pk in reminded:
            continue
        amount = member.category.subscription if member.category else 0
        mail = None
        if member.email:
            subject, body = _reminder_text(member, round_, amount)
            mail = club_mail_queue(member=member, subject=subject, body=body)
            mailed += 1
        else:
            letters += 1
        way = RenewalReminder.Way.EMAIL if mail else RenewalReminder.Way.LETTER
        RenewalReminder.objects.create(round=round_, member=member, way=way, amount=amount, mail=mail)
    detail = f"renewals for {round_.year_start:%Y}: {mailed} e-mails, {letters} letters to print"
    club_log(club=club, action=AuditLine.Action.RENEWALS, detail=detail, user=user)
    return round_, mailed, letters


def round_letters(round_: RenewalRound) -> MembershipPrint:
    """The letters of a round to print, one a member reminded with no e-mail address, by name."""
    start, end = f"{round_.year_start:%-d %B %Y}", f"{year_end(round_.year_start):%-d %B %Y}"
    reminders = round_.reminders.filter(way=RenewalReminder.Way.LETTER).select_related("member__category")
    letters = tuple(
        RenewalLetter(
            name=str(r.member),
            category=r.member.category.name if r.member.category else "",
            amount=money_text(r.amount, currency_of(round_.club)),
            year_start=start,
            year_end=end,
        )
        for r in reminders
    )
    return MembershipPrint(club=round_.club.name, paper=round_.club.paper_size, letters=letters)
