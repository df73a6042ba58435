"""A monthly statement as it is printed: the letter for a member with no e-mail address, and the
same page attached as a PDF to the statement's e-mail. Its figures are the account as it stood when
the statement was made (``accounts.statement`` with ``recorded_by``), so a statement printed or
sent again says what it said the first time, even after an entry is dated back into its month.

    November 2026: opening £10.00, a £3.00 fee on 7 November -> closing £7.00
"""

from datetime import date, timedelta

from ...models import AccountStatement
from ...print_data import MembershipPrint, StatementLetter
from ..core.money import currency_of, money_text
from .accounts import Statement, entry_detail, statement


def month_bounds(day: date) -> tuple[date, date]:
    """The first and last days of ``day``'s month.

    >>> month_bounds(date(2026, 2, 14))
    (datetime.date(2026, 2, 1), datetime.date(2026, 2, 28))
    """
    start = day.replace(day=1)
    return start, (start + timedelta(days=32)).replace(day=1) - timedelta(days=1)


def statement_lines(account: Statement) -> list[tuple[str, str, str, str]]:
    """Each entry of a statement in words: date, what it was, amount, balance after it."""
    currency = currency_of(account.member.club)
    return [
        (
            f"{entry.on:%-d %b %Y}",
            f"{entry.get_kind_display()}: {entry_detail(entry)}",
            money_text(entry.amount, currency),
            money_text(after, currency),
        )
        for entry, after in account.entries
    ]


def statement_letter(made: AccountStatement) -> StatementLetter:
    """The statement ``made`` as its page prints, with the figures it was made with."""
    start, end = month_bounds(made.month)
    account = statement(made.member, start, end, recorded_by=made.made_at)
    currency = currency_of(made.member.club)
    return StatementLetter(
        name=str(made.member),
        month=f"{start:%B %Y}",
        start=f"{start:%-d %B %Y}",
        end=f"{end:%-d %B %Y}",
        opening=money_text(account.opening, currency),
        lines=tuple(statement_lines(account)),
        closing=money_text(account.closing, currency),
    )


def statements_print(club, made) -> MembershipPrint:
    """The statements ``made`` (of ``club``), one a page."""
    return MembershipPrint(
        club=club.name, paper=club.paper_size, statements=tuple(statement_letter(one) for one in made)
    )
