"""PBN (Portable Bridge Notation, v2.1) for whist deals: written for dealing machines, read back
from them and from other programs.

Each board is a game of tags. We write the mandatory export tags in their order, with the deal
given from the dealer, no contract (whist has no bidding) and the trumps in a ``Trumps`` tag:

    [Board "1"] [Dealer "N"] [Vulnerable "None"]
    [Deal "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"]
    [Trumps "H"]

A board may carry its results as a ``ScoreTable`` and the file the standings as a
``TotalScoreTable`` (PBN 2.1 §5.2, §5.7-5.8; which columns whist fills is
``services/events/pbn_scores.py``'s rule). A table's tag names its columns, each with its minimum
width and alignment (``\\3R``: three characters, right-aligned); a row is one line, its elements
padded to their column's width and set apart by a space; a name is a quoted string token:

    [ScoreTable "PairId_NS\\4R;PairId_EW\\4R;Result\\2R;MP_NS\\4R;MP_EW\\4R"]
     NS1  EW2  8    6    2
     NS2  EW1  -   ^4   ^4

Reading accepts what other programs write: ``%`` and ``;`` comments, ``{...}`` commentary, tags
repeated or given as ``#`` (the previous game's value), a deal from any seat, ``?`` for unknown
values, and lines of auction or play, which are skipped. A bad file is refused as a whole, with
every problem named by its board.
"""

import re
from dataclasses import dataclass
from datetime import date as Date

from .boards import SEATS, dealer, trumps_for_board
from .dealing import deal_board
from .deals import Deal, parse_deal
from .errors import BoardError
from .minnesota import ns_net
from .scoring import BoardScore, EventScores, ScoredResult

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
class PbnTable:
    """A supplemental table (§5.2): its columns as the tag value names them ("MP_NS\\4R") and its
    rows, one string a column."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def lines(self, tag: str) -> list[str]:
        """The table's tag and one line a row, each element padded to its column's width."""
        widths = [_width(column) for column in self.columns]
        lines = [f'[{tag} "{";".join(self.columns)}"]']
        for row in self.rows:
            cells = [
                cell.rjust(width) if right else cell.ljust(width)
                for cell, (width, right) in zip(row, widths, strict=True)
            ]
            lines.append(" ".join(cells).rstrip())
        return lines


COLUMN = re.compile(r"^[+-]?\w+(?:\\(\d+)([LR]?))?$")


def _width(column: str) -> tuple[int, bool]:
    """A column's minimum width and whether it is right-aligned: ``Score_NS\\6R`` -> (6, True)."""
    match = COLUMN.match(column)
    if match is None:
        raise ValueError(f"{column!r} is not a PBN column name")
    return int(match.group(1) or 0), match.group(2) == "R"


def string_token(value: str) -> str:
    """A table element that may hold spaces (names): quoted, its quotes and backslashes escaped."""
    return f'"{_quote(value)}"'


@dataclass(frozen=True)
class PbnBoard:
    board: int
    dealer: str
    vulnerable: str
    deal: Deal
    trumps: str | None = None
    score_table: PbnTable | None = None  # the results played on it


def vulnerability(board: int) -> str:
    """Law 2: None 1, NS 2, EW 3, All 4, shifting by one every four boards, repeating every 16."""
    n = board - 1
    return VULNERABILITY[(n + n // 4) % 4]


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write_pbn(
    boards: list[PbnBoard],
    *,
    event: str = "",
    site: str = "",
    date: Date | None = None,
    total_score_table: PbnTable | None = None,
) -> str:
    """The boards as a PBN file; the ``total_score_table`` goes with the first board, so that a
    reader knows the pairs' names before the boards that give their numbers."""
    lines = ["% PBN 2.1", "% EXPORT", "%Creator: whistdrive", ""]
    for index, b in enumerate(sorted(boards, key=lambda b: b.board)):
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
        if b.score_table:
            lines += b.score_table.lines("ScoreTable")
        if index == 0 and total_score_table:
            lines += total_score_table.lines("TotalScoreTable")
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


# A whist evening's results in a ScoreTable (PBN 2.1 §5.7; the whole rule: services/events/pbn_scores.py).
ARTIFICIAL = "^"  # §5.2: an artificial score value
IRRELEVANT = "-"


def score_columns(scores: EventScores) -> tuple[str, ...]:
    """A whist evening's ScoreTable columns of its figures, by its scoring method: who went grand
    and the net points at Minnesota whist, matchpoints and percentages where the method has them,
    else each side's score."""
    grand = ("Grand\\2L",) if scores.minnesota else ()
    if scores.method == "matchpoints":
        net = ("Score_NS\\3R", "Score_EW\\3R") if scores.minnesota else ()
        return grand + net + ("MP_NS\\5R", "MP_EW\\5R", "Percentage_NS\\6R", "Percentage_EW\\6R")
    return grand + ("Score_NS\\5R", "Score_EW\\5R")


def _figure(value: float | None, adjusted: bool, shown=str) -> str:
    if value is None:
        return IRRELEVANT
    return (ARTIFICIAL if adjusted else "") + shown(value)


def score_cells(
    scores: EventScores, board: BoardScore, scored: ScoredResult, *, score=str, percentage=str
) -> tuple[str, ...]:
    """A ScoreTable row's figures of one result, in ``score_columns``' order, each written by
    ``score`` or ``percentage`` (an adjusted one marked artificial; one the method has not, "-")."""
    result = scored.result
    adjusted = result.adjusted
    grand = (result.granded or IRRELEVANT,) if scores.minnesota else ()
    if scores.method != "matchpoints":
        return grand + (_figure(scored.ns_score, adjusted, score), _figure(scored.ew_score, adjusted, score))
    net = ()
    if scores.minnesota:
        points = None if adjusted else ns_net(scores.minnesota, result.granded, result.ns_tricks)
        net = (_figure(points, False, score), _figure(None if points is None else -points, False, score))
    top = board.top
    shares = [100 * score / top if top else None for score in (scored.ns_score, scored.ew_score)]
    return (
        grand
        + net
        + (_figure(scored.ns_score, adjusted, score), _figure(scored.ew_score, adjusted, score))
        + tuple(_figure(share, adjusted, percentage) for share in shares)
    )


def dealt_boards(seed: str, count: int, strains: tuple[str, ...] | None) -> list[PbnBoard]:
    """Boards 1 to ``count`` dealt from the seed (``dealing``), each by its dealer under Law 2,
    trumps by the schedule's strains (None: the dealer's last card is turned)."""
    boards = []
    for number in range(1, count + 1):
        deal, turned = deal_board(seed, number)
        trumps = trumps_for_board(number, strains) if strains else turned
        boards.append(PbnBoard(number, dealer(number), vulnerability(number), deal, trumps))
    return boards
