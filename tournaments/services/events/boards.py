"""Deals for an event's boards: dealt from a seed or imported from PBN, then analysed double dummy
(``analysing``)."""

from django.db import transaction

from ... import analysis
from ...domain import boards as board_rules
from ...domain.dealing import deal_board, new_seed
from ...domain.deals import Deal, parse_deal, turned_trumps_problem
from ...domain.errors import DomainError
from ...domain.limits import MAX_PBN_BYTES
from ...domain.pbn import PbnBoard, PbnError, read_pbn, vulnerability, write_pbn
from ...models import AuditLine, Board, Event
from ..core.audit import event_log
from ..core.errors import ServiceError
from .analysing import event_analyse_boards_later
from .lifecycle import may_change_deals, require
from .pbn_scores import event_pbn_tables


class PbnImportError(ServiceError):
    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("Nothing was imported. " + " ".join(problems[:20]))


def _check_deals_can_change(event: Event) -> None:
    require(may_change_deals(event))


def _store(event: Event, deals: dict[int, tuple[Deal, str | None]], *, seed: str) -> int:
    """Write deals (and turned trumps) to the boards. A board whose deal changes loses its
    double-dummy analysis (the new one follows, ``analysing``); one dealt the same keeps it."""
    boards = {b.number: b for b in event.boards.select_for_update()}
    numbers = sorted(deals)
    if not set(numbers) <= set(boards):
        raise ServiceError(f"{event.name}'s boards changed while the deals were made: try again.")
    for number in numbers:
        deal, turned = deals[number]
        board = boards[number]
        pbn = deal.pbn(board.dealer)
        if pbn != board.deal:
            board.deal, board.dd_table = pbn, None
        if event.trump_schedule == board_rules.TURNED:
            board.trumps = turned or ""
        board.dd_ns_tricks = (
            analysis.ns_tricks(board.dd_table, board.trumps, board.dealer)
            if board.dd_table and board.trumps
            else None
        )
    Board.objects.bulk_update(boards.values(), ["deal", "trumps", "dd_table", "dd_ns_tricks"])
    event.deal_seed = seed
    event.save(update_fields=["deal_seed"])
    return len(numbers)


def event_deal_boards(*, event: Event, seed: str = "", analyse: bool = True, user=None) -> str:
    """Deal every board of the event from a seed (a fresh one when none is given); return the seed.

    The deals are made first, outside any transaction; the write then checks again, in one short
    transaction, that the deals may still change. Their double-dummy analysis follows in the
    background once they are stored (``analyse``; a command that waits for it passes False and
    calls ``event_analyse_boards``).
    """
    _check_deals_can_change(Event.objects.get(pk=event.pk))
    seed = seed.strip() or new_seed()
    if len(seed) > 64:
        raise ServiceError("The seed is too long: use at most 64 letters and digits.")
    deals = {number: deal_board(seed, number) for number in event.boards.values_list("number", flat=True)}
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        _check_deals_can_change(event)
        count = _store(event, deals, seed=seed)
        detail = f"{count} boards, seed {seed}"
        event_log(event=event, action=AuditLine.Action.DEALT, detail=detail, user=user)
        if analyse:
            event_analyse_boards_later(event=event)
    return seed


def event_import_pbn(*, event: Event, text: str, analyse: bool = True, user=None) -> int:
    """Take deals from a PBN file (a dealing machine's, another scorer's): all boards or none.

    The file is read before the short transaction that writes the deals; their analysis follows
    as after dealing (``event_deal_boards``).
    """
    event = Event.objects.get(pk=event.pk)
    _check_deals_can_change(event)
    if len(text) > MAX_PBN_BYTES:
        raise PbnImportError([f"The file is larger than {MAX_PBN_BYTES // 1_000_000} MB: is it a PBN file?"])
    try:
        boards = read_pbn(text)
    except PbnError as error:
        raise PbnImportError(error.problems) from None
    numbers = set(event.boards.values_list("number", flat=True))
    turned = event.trump_schedule == board_rules.TURNED
    problems = []
    for b in boards:
        if b.board not in numbers:
            problems.append(f"Board {b.board}: this event has boards 1 to {max(numbers)} only.")
        elif b.dealer != board_rules.dealer(b.board):
            problems.append(
                f"Board {b.board}: the file says {b.dealer} deals, but board {b.board} is dealt by "
                f"{board_rules.dealer(b.board)} (Law 2)."
            )
        elif turned and not b.trumps:
            problems.append(
                f"Board {b.board}: the event turns its trumps from the deal, but the file has no "
                "Trumps tag for it. Add one, or choose a trump schedule."
            )
        elif turned and (problem := turned_trumps_problem(b.deal, b.dealer, b.trumps)):
            problems.append(f"Board {b.board}: {problem}.")
    if problems:
        raise PbnImportError(problems)
    deals = {b.board: (b.deal, b.trumps) for b in boards}
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        _check_deals_can_change(event)
        count = _store(event, deals, seed="")
        detail = f"{count} boards from a PBN file"
        event_log(event=event, action=AuditLine.Action.IMPORTED, detail=detail, user=user)
        if analyse:
            event_analyse_boards_later(event=event)
    return count


def event_export_pbn(event: Event) -> str:
    """The event's dealt boards as a PBN file for a dealing machine, and once results are in, for
    other scoring programs: each board with its results and the first with the standings
    (``pbn_scores``)."""
    dealt = list(event.boards.exclude(deal=""))
    if not dealt:
        raise ServiceError(f"{event.name} has no deals yet: deal the boards or import a PBN file first.")
    try:
        tables, totals = event_pbn_tables(event)
    except DomainError as error:
        raise ServiceError(f"The results cannot be written: {error}") from None
    boards = [
        PbnBoard(
            b.number,
            b.dealer,
            vulnerability(b.number),
            parse_deal(b.deal),
            b.trumps or None,
            score_table=tables.get(b.number),
        )
        for b in dealt
    ]
    return write_pbn(
        boards, event=event.name, site=event.club.name, date=event.date, total_score_table=totals
    )
