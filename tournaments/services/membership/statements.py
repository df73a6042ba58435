"""Monthly statements of members' accounts: the organiser starts a month's statements (on the
accounts page, or ``manage.py send_account_statements``), and each member with an account gets
one, an e-mail through the club's outbox or, for a member with no address, a letter to print
(``pdf/membership.py``). A member has an account once an entry is dated on or before the month's
last day; a forgotten member gets none.

The database keeps one statement a member a month: starting the month again makes statements only
for members who had none (an account opened since), never a second. A statement's figures are the
statement of ``accounts.statement`` for the month, the same as the member's statement as CSV. The
e-mails are sent after the transaction (``season.mail.outbox_send``, by the caller), never inside it.

    November 2026: opening £10.00, a £3.00 fee on 7 November -> closing £7.00
"""

from datetime import date, timedelta

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from ...models import AccountStatement, AuditLine, Club, Member
from ...print_data import MembershipPrint
from ..core.audit import club_log
from ..core.errors import ServiceError
from ..core.money import currency_of, money_text
from ..season.mail import club_mail_queue, public_address
from .accounts import Statement, own_page_key, statement
from .statement_print import month_bounds, statement_lines, statements_print


def members_with_accounts(club: Club, end: date):
    """The club's members not forgotten with an entry dated on or before ``end``, by name."""
    members = club.members.filter(forgotten_at=None, account_entries__on__lte=end).distinct()
    return members.select_related("club").order_by("last_name", "first_name", "pk")


def own_page_link(member: Member) -> str:
    """The member's own page, with their balance, at the club's public address ("" when it has none)."""
    site = public_address(member.club)
    if not site:
        return ""
    return site + reverse("tournaments:player-own", args=[member.pk, own_page_key(member.pk)])


def _mail_text(account: Statement) -> tuple[str, str]:
    member, currency = account.member, currency_of(account.member.club)
    link = own_page_link(member)
    lines = [
        f"{day}  {what}  {amount}  (balance {after})" for day, what, amount, after in statement_lines(account)
    ]
    body = "\n".join(
        [
            f"Dear {member.first_name},",
            "",
            f"Your account with {member.club.name} for {account.start:%B %Y}:",
            "",
            f"Balance on {account.start:%-d %B %Y}: {money_text(account.opening, currency)}",
            *(lines or ["Nothing paid in or taken this month."]),
            f"Balance on {account.end:%-d %B %Y}: {money_text(account.closing, currency)}",
            "",
            "The same statement is attached as a PDF, to print if you wish.",
            *(
                ["", f"Your own page, with your balance at any time (keep this link to yourself): {link}"]
                if link
                else []
            ),
            "",
            member.club.name,
        ]
    )
    return f"Your account with {member.club.name}, {account.start:%B %Y}", body


@transaction.atomic
def account_statements_start(*, club: Club, month: date, today: date, user=None) -> tuple[int, int]:
    """Make the statements of ``month`` (any day of it) for each member with an account who has
    none for it yet: an e-mail in the outbox, or a letter. Refused in words for a month not yet
    over. Returns how many e-mails and letters this start added."""
    start, end = month_bounds(month)
    if end >= today:
        after = end + timedelta(days=1)
        raise ServiceError(f"{start:%B %Y} is not over yet: its statements can be sent from {after:%-d %B}.")
    club = Club.objects.select_for_update().get(pk=club.pk)  # one start at a time
    done = set(AccountStatement.objects.filter(club=club, month=start).values_list("member_id", flat=True))
    mailed = letters = 0
    now, made_by = timezone.now(), user if user is not None and user.is_authenticated else None
    for member in members_with_accounts(club, end):
        if member.pk in done:
            continue
        account = statement(member, start, end)
        mail = None
        if member.email:
            subject, body = _mail_text(account)
            mail = club_mail_queue(member=member, subject=subject, body=body)
            mailed += 1
        else:
            letters += 1
        AccountStatement.objects.create(
            club=club,
            member=member,
            month=start,
            way=AccountStatement.Way.EMAIL if mail else AccountStatement.Way.LETTER,
            opening=account.opening,
            closing=account.closing,
            mail=mail,
            made_at=now,
            made_by=made_by,
        )
    detail = f"accounts: statements for {start:%B %Y}: {mailed} e-mails, {letters} letters to print"
    club_log(club=club, action=AuditLine.Action.MONEY, detail=detail, user=user)
    return mailed, letters


def statement_months(club: Club) -> list[tuple[date, int, int]]:
    """The months the club's statements were made for, newest first: (month, e-mails, letters)."""
    counts: dict[date, list[int]] = {}
    for month, way in club.account_statements.order_by("-month").values_list("month", "way"):
        counts.setdefault(month, [0, 0])[way == AccountStatement.Way.LETTER] += 1
    return [(month, mailed, letters) for month, (mailed, letters) in counts.items()]


def statement_letters(club: Club, month: date) -> MembershipPrint:
    """The month's statements to print, one a member with no e-mail address, by name."""
    start, _ = month_bounds(month)
    made = club.account_statements.filter(month=start, way=AccountStatement.Way.LETTER)
    made = made.select_related("member__club").order_by("member__last_name", "member__first_name")
    return statements_print(club, made)
