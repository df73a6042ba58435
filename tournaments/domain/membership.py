"""A club's subscription year, and how far a payment carries a member: pure dates.

A club's subscription year starts on one day of the year (its month and day) and ends the day
before the next start. A payment pays for the year after the member is paid up to, or, for a
member who has lapsed (or never paid), for the year the payment is made in.

>>> from datetime import date
>>> subscription_year(date(2026, 8, 31), (9, 1))
(datetime.date(2025, 9, 1), datetime.date(2026, 8, 31))
>>> paid_until_after(paid_on=date(2026, 8, 20), paid_until=date(2026, 8, 31), year_start=(9, 1))
datetime.date(2027, 8, 31)
>>> paid_until_after(paid_on=date(2026, 12, 1), paid_until=None, year_start=(9, 1))
datetime.date(2027, 8, 31)
"""

from datetime import date, timedelta

YearStart = tuple[int, int]  # (month, day)
NON_LEAP_YEAR = 2025


def year_start_problem(month: int, day: int) -> str:
    """Why a month and day cannot start a subscription year, in words ("" when they can): a day
    every year has, so 29 February is refused."""
    try:
        date(NON_LEAP_YEAR, month, day)
    except (TypeError, ValueError):
        return "The subscription year must start on a day every year has (1 to 28 February, not the 29th)."
    return ""


def subscription_year(day: date, year_start: YearStart) -> tuple[date, date]:
    """The first and last days of the subscription year ``day`` falls in."""
    month, first = year_start
    start = date(day.year, month, first)
    if day < start:
        start = date(day.year - 1, month, first)
    return start, date(start.year + 1, month, first) - timedelta(days=1)


def year_end(start: date) -> date:
    """The last day of the subscription year that starts on ``start``."""
    return date(start.year + 1, start.month, start.day) - timedelta(days=1)


def coming_year_start(today: date, year_start: YearStart) -> date:
    """The start of the subscription year a renewal round is for: the next one to begin, or the
    one that began today."""
    start, end = subscription_year(today, year_start)
    return start if start == today else end + timedelta(days=1)


def paid_until_after(*, paid_on: date, paid_until: date | None, year_start: YearStart) -> date:
    """The last day a payment made on ``paid_on`` pays for: the end of the year after the one the
    member is paid up to, or of the year of the payment for a member paid up to before it."""
    from_day = paid_on if paid_until is None or paid_until < paid_on else paid_until + timedelta(days=1)
    return subscription_year(from_day, year_start)[1]


def due_for(*, paid_until: date | None, year_start_day: date) -> bool:
    """Whether a member paid up to ``paid_until`` owes the subscription of the year starting on
    ``year_start_day``: not paid up to its end."""
    return paid_until is None or paid_until < year_end(year_start_day)


def lapsed(*, paid_until: date | None, today: date) -> bool:
    """A member whose subscription ran out before today (never paid counts as lapsed)."""
    return paid_until is None or paid_until < today
