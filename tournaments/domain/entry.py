"""A table's N/S count for a deal: one rule for every tablet, an event's board or a drive's hand.

N/S tap the tricks they took; the count then waits for E/W, who confirm it or send it back. While
it waits, nobody at the table types another over it (a second tablet at the table, a page left
open): E/W send it back, and N/S enter it again. Once E/W have confirmed it, only the organiser
changes it. The same count sent again (a double tap, a retried request whose reply was lost) is
the count already there: nothing to do, and no refusal, confirmed or not.

The words name the deal as the evening does ("board", "hand": the format's ``deal``).

>>> from .formats import HAND
>>> entry_needed(deal=HAND, number=3, existing=None, confirmed=False, entered=9)
True
>>> entry_needed(deal=HAND, number=3, existing=9, confirmed=False, entered=9)
False
>>> try:
...     entry_needed(deal=HAND, number=3, existing=9, confirmed=True, entered=4)
... except EntryError as refused:
...     print(refused)
Hand 3 already has N/S 9 (confirmed): only the organiser can change it now.

A count E/W send back is entered again with everything the table enters for a deal: a Minnesota
table says who went grand with the tricks.

>>> from .formats import drive_format
>>> sent_back(drive_format("progressive"), 3)
'Hand 3 sent back: N/S, tap your tricks again.'
>>> sent_back(drive_format("progressive", game="minnesota"), 3)
'Hand 3 sent back: N/S, tap who went grand and your tricks again.'
"""

from __future__ import annotations

from .errors import DomainError
from .formats import EveningFormat, Word


class EntryError(DomainError):
    """A count the table may not enter now, said to the players."""


def entry_needed(
    *,
    deal: Word,
    number: int,
    existing: int | str | None,
    confirmed: bool,
    entered: int | str,
    by: str = "N/S",
    checker: str = "E/W",
) -> bool:
    """Whether N/S's count ``entered`` for deal ``number`` is to be recorded: True when the table
    has no count for it, False when it has this very count (``existing``, as the table sees it;
    ``confirmed`` by E/W or not). Another count over one already there is refused, in words. A
    count of more than the tricks comes as its text: a Minnesota hand's with who went grand, "9 (N/S
    grand)"; one with honours claimed, "9, N/S 4 honours". At a table where one player enters
    everyone's tricks, ``by`` is empty and ``checker`` names who confirms ("Bob Jones", "the
    players")."""
    if existing is None:
        return True
    if existing == entered:
        return False
    what = f"{deal.title(number)} already has {f'{by} ' if by else ''}{existing}"
    if confirmed:
        raise EntryError(f"{what} (confirmed): only the organiser can change it now.")
    raise EntryError(
        f"{what} (waiting for {checker} to confirm). If it is wrong, {checker} can send it back before "
        "confirming; after that ask the organiser."
    )


def out_of_date(*, sent: str, now: str) -> str:
    """What a tablet is told when its page named a deal the table has moved on from: ``sent``, the
    deal as the page named it, and ``now``, the table as it stands. The tablet then shows the table
    afresh; nothing was written.

    >>> print(out_of_date(sent="deal 3 of round 1", now="the table is now on deal 4"))
    ... # doctest: +NORMALIZE_WHITESPACE
    This was deal 3 of round 1; the table is now on deal 4. Your page was out of date: here is the
    table as it stands.
    """
    return f"This was {sent}; {now}. Your page was out of date: here is the table as it stands."


# A form from a page shown before the tablets named their deal: it says nothing of what it acts on.
OLD_PAGE = "This page was out of date: here is the table as it stands. Tap again if it still needs doing."


def sent_back(evening: EveningFormat, number: int) -> str:
    """What N/S are told when E/W send their count for deal ``number`` back: to enter it again,
    who went grand too where the evening's tables enter it."""
    what = "who went grand and your tricks" if evening.enters("granded") else "your tricks"
    return f"{evening.deal.title(number)} sent back: N/S, tap {what} again."
