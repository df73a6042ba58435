"""PBN (Portable Bridge Notation, v2.1) for whist deals: written for dealing machines, read back
from them and from other programs.

Each board is a game of tags. We write the mandatory export tags in their order, with the deal
given from the dealer, no contract (whist has no bidding) and the trumps in a ``Trumps`` tag:

    [Board "1"] [Dealer "N"] [Vulnerable "None"]
    [Deal "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"]
    [Trumps "H"]

Reading accepts what other programs write: ``%`` and ``;`` comments, ``{...}`` commentary, tags
repeated or given as ``#`` (the previous game's value), a deal from any seat, ``?`` for unknown
values, and lines of auction or play, which are skipped. A bad file is refused as a whole, with
every problem named by its board.
"""

import re
from dataclasses import dataclass
from datetime import date as Date

from .boards import SEATS, dealer
from .deals import Deal, parse_deal
from .errors import BoardError

VULNERABILITY = ("None", "NS", "EW", "All")
VULNERABILITY_ALIASES = {
    "love": "None",
    "-": "None",
    "none": "None",
    "ns": "NS",
    "ew": "EW",
    "all": "All",
    "both": "All",
}
TRUMPS = {"S": "S", "H": "H", "D": "D", "C": "C", "NT": "NT", "N": "NT"}
TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
EXPORT_TAGS = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)


class PbnError(BoardError):
    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__(" ".join(problems[:20]))


@dataclass(frozen=True)
class PbnBoard:
    board: int
    dealer: str
    vulnerable: str
    deal: Deal
    trumps: str | None = None


def vulnerability(board: int) -> str:
    """Law 2: None 1, NS 2, EW 3, All 4, shifting by one every four boards, repeating every 16."""
    n = board - 1
    return VULNERABILITY[(n + n // 4) % 4]


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write_pbn(boards: list[PbnBoard], *, event: str = "", site: str = "", date: Date | None = None) -> str:
    lines = ["% PBN 2.1", "% EXPORT", "%Creator: whistdrive", ""]
    for b in sorted(boards, key=lambda b: b.board):
        values = {
            "Event": event or "?",
            "Site": site or "?",
            "Date": date.strftime("%Y.%m.%d") if date else "?",
            "Board": str(b.board),
            "West": "?",
            "North": "?",
            "East": "?",
            "South": "?",
            "Dealer": b.dealer,
            "Vulnerable": b.vulnerable,
            "Deal": b.deal.pbn(b.dealer),
            "Scoring": "",
            "Declarer": "",
            "Contract": "",
            "Result": "",
        }
        lines += [f'[{tag} "{_quote(values[tag])}"]' for tag in EXPORT_TAGS]
        if b.trumps:
            lines.append(f'[Trumps "{b.trumps}"]')
        lines.append("")
    return "\n".join(lines)


MAX_LINE = 2_000  # PBN lines are at most 255 characters; a longer one is not PBN


def without_commentary(text: str) -> str:
    """The text with ``{...}`` commentary removed (it may span lines; one left open runs to the end).

    One pass, each character looked at once: a file of nothing but ``{`` takes no longer than any
    other file of its size.

    >>> without_commentary('[Board "1"] {a note over} [Dealer "N"] {open')
    '[Board "1"]  [Dealer "N"] '
    """
    kept, position = [], 0
    while True:
        start = text.find("{", position)
        if start < 0:
            kept.append(text[position:])
            break
        kept.append(text[position:start])
        end = text.find("}", start + 1)
        if end < 0:
            break
        position = end + 1
    return "".join(kept)


def _games(text: str) -> list[dict[str, str]]:
    """Split the text into games (dicts of tag values), resolving '#' to the previous game's value."""
    text = without_commentary(text)
    games, current, previous = [], {}, {}
    for number, raw in enumerate(text.splitlines(), start=1):
        if len(raw) > MAX_LINE:
            raise PbnError([f"Line {number} is {len(raw):,} characters long: this is not a PBN file."])
        line = raw.split(";", 1)[0].strip() if not raw.lstrip().startswith("%") else ""
        if not line:
            if raw.strip() == "" and current:
                games.append(current)
                previous, current = current, {}
            continue
        for name, value in TAG.findall(line):
            value = value.replace('\\"', '"').replace("\\\\", "\\")
            if value == "#":
                value = previous.get(name, "")
            current[name] = value
    if current:
        games.append(current)
    return games


def read_pbn(text: str) -> list[PbnBoard]:
    boards, problems, seen = [], [], set()
    for index, game in enumerate(_games(text), start=1):
        if "Deal" not in game and "Board" not in game:
            continue  # a header game, or the file's own comments
        label = f"Board {game['Board']}" if game.get("Board") else f"Game {index}"
        raw_board = game.get("Board", "").strip()
        if not raw_board.isdecimal() or int(raw_board) < 1:  # isdigit() takes "²"
            problems.append(f"{label}: the board number '{raw_board}' is not a positive number.")
            continue
        number = int(raw_board)
        if number in seen:
            problems.append(f"{label}: the file gives this board twice.")
            continue
        seen.add(number)
        deal_text = game.get("Deal", "").strip()
        if not deal_text:
            problems.append(f"{label}: there is no deal.")
            continue
        if "-" in deal_text.split(":", 1)[-1].split():
            problems.append(f"{label}: the deal leaves a hand unknown ('-'); every hand is needed.")
            continue
        try:
            deal = parse_deal(deal_text)
        except BoardError as error:
            problems.append(f"{label}: {error}")
            continue
        given_dealer = game.get("Dealer", "").strip().upper()
        if given_dealer in ("", "?"):
            given_dealer = dealer(number)
        if given_dealer not in SEATS:
            problems.append(f"{label}: the dealer '{given_dealer}' is not N, E, S or W.")
            continue
        vul = VULNERABILITY_ALIASES.get(game.get("Vulnerable", "").strip().lower(), vulnerability(number))
        trumps_text = game.get("Trumps", "").strip().upper()
        trumps = TRUMPS.get(trumps_text) if trumps_text not in ("", "?") else None
        if trumps_text not in ("", "?") and trumps is None:
            problems.append(f"{label}: the trumps '{trumps_text}' are not S, H, D, C or NT.")
            continue
        boards.append(PbnBoard(number, given_dealer, vul, deal, trumps))
    if problems:
        raise PbnError(problems)
    if not boards:
        raise PbnError(["The file holds no deals: is it a PBN file?"])
    return sorted(boards, key=lambda b: b.board)
