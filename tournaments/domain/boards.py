"""Boards: who deals and which suit is trumps.

Dealer follows the Law 2 rotation by board number: board 1 North, 2 East, 3 South, 4 West, then
again from North. Trumps follow a schedule, a cyclic list keyed by board number (a drive's hands
are keyed the same way): ``trump(n) = schedule[(n - 1) mod len(schedule)]``.

    >>> dealer(6)
    'E'
    >>> trumps_for_board(6, parse_schedule("HDSC"))
    'D'
    >>> trumps_for_board(5, parse_schedule("HDSCN"))
    'NT'
"""

from .errors import BoardError

SEATS = "NESW"
STRAINS = ("S", "H", "D", "C", "NT")
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
STRAIN_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT"}

PRESET_SCHEDULES = {
    "HDSC": "Hearts, diamonds, spades, clubs",
    "HDSCN": "Hearts, diamonds, spades, clubs, no trumps",
    # The founding rules' "second way" of playing: five deals, each a strain once, odd tricks scored.
    "NSHDC": "A fixed number of deals: five, no trumps, spades, hearts, diamonds, clubs",
    "turned": "The suit of the dealer's last card",
}
TURNED = "turned"
MAX_SCHEDULE = 20  # letters in a schedule of one's own


def dealer(board: int) -> str:
    """The dealer of a board: 'N', 'E', 'S' or 'W'."""
    if board < 1:
        raise BoardError(f"Board numbers start at 1, not {board}.")
    return SEATS[(board - 1) % 4]


def leader(board: int) -> str:
    """Who leads to the first trick: the dealer's left.

    >>> leader(1), leader(4)
    ('E', 'N')
    """
    return SEATS[SEATS.index(dealer(board)) - 3]


def parse_schedule(text: str) -> tuple[str, ...]:
    """Read a trump schedule such as 'HDSC' or 'SHDCN' (N for no trumps) into strains.

    'turned' is not a cycle and is refused here: its trumps need the deal (see ``turned_trumps``).
    """
    letters = text.strip().upper()
    if not letters:
        raise BoardError("The trump schedule is empty: type suits as letters, for example HDSC.")
    if len(letters) > MAX_SCHEDULE:
        raise BoardError(
            f"The trump schedule has {len(letters)} letters: give at most {MAX_SCHEDULE} "
            "(it repeats by itself)."
        )
    if letters == TURNED.upper():
        raise BoardError("A 'turned' schedule takes its trumps from each deal, not from a list.")
    strains = []
    for letter in letters:
        if letter == "N":
            strains.append("NT")
        elif letter in "SHDC":
            strains.append(letter)
        else:
            raise BoardError(
                f"'{letter}' in the trump schedule is not a suit: use S, H, D, C, or N for no trumps."
            )
    return tuple(strains)


def validate_schedule(text: str) -> str:
    """Return the schedule in its stored form ('turned' or upper-case letters), or raise."""
    if text.strip().lower() == TURNED:
        return TURNED
    parse_schedule(text)
    return text.strip().upper()


def trumps_for_board(board: int, schedule: tuple[str, ...]) -> str:
    """The trumps of a board, or of a drive's hand (numbered like boards), by a schedule that repeats."""
    if board < 1:
        raise BoardError(f"Board numbers start at 1, not {board}.")
    return schedule[(board - 1) % len(schedule)]
