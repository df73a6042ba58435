"""A widow whist series' money, read from the series as it is: its fees and figures are a drive's
(``drives/money.py``), and it gives no prizes from a drive's list, so it pays no prize money."""

from ...domain.drives.money import Accounts
from ..drives.money import evening_accounts
from .state import WidowState


def widow_accounts(state: WidowState) -> Accounts:
    """The series' takings by kind, fees by method and its fund; no prize money given."""
    return evening_accounts(state.drive, players=len(state.players))


def widow_books(drive) -> Accounts:
    """``widow_accounts`` of a series read by its own state."""
    return widow_accounts(WidowState(drive))
