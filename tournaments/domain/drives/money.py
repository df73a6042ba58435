"""A drive's money: what came in, the prize fund, and what each prize is worth.

whistdrive records money; it never takes it. Every sum is whole minor units of the club's
currency (pence, cents, öre: "pence" here), typed and written by ``services/core/money.py``. The
takings are the entry fees paid (a member's fee and a guest's fee, each ticked as paid by cash,
card or on account), the table money and the raffle, each a figure the treasurer types. The prize
fund is a fixed sum, or a share of the takings (100 per cent: all of it). The fund is split across
the drive's prize list by a split: ``equal`` (the same to every prize), or percentages in the
list's order (``75/15/10``: the first prize 75 per cent, the second 15, the third 10, any further
prize nothing), adding up to 100. A split's pence that do not divide go to the first prizes, a
penny each, so the prizes add up to the fund exactly.

Players level for a prize either cut the cards (as for the prize itself) or, when the drive says
so, share the money of the places they are level for, equally; a penny that does not divide goes to
the first of them as the tie lists them.

    >>> takings = Takings(fees=12 * 300 + 2 * 400, table_money=0, raffle=2500)
    >>> takings.total
    6900
    >>> fund = prize_fund(takings, FundRule(share=50))
    >>> fund
    3450
    >>> split_amounts(fund, parse_split("75/15/10"), prizes=4)
    (2588, 517, 345, 0)
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..digits import figures
from ..errors import DriveError
from .scores import Award

EQUAL = "equal"
# The splits a club picks from; any other is typed as percentages joined by "/".
SPLITS = {
    "100": "Winner takes all",
    "75/15/10": "75 / 15 / 10 per cent",
    "50/25/25": "50 / 25 / 25 per cent",
    "50/30/20": "50 / 30 / 20 per cent",
    EQUAL: "The same to every prize",
}
METHODS = {"cash": "Cash", "card": "Card", "account": "On account"}


def fees_check(*, member_fee: int, guest_fee: int, table_money: int = 0, raffle: int = 0) -> None:
    """An evening's fees, table money and raffle (in pence) are each 0 or more.

    >>> fees_check(member_fee=200, guest_fee=-50)
    Traceback (most recent call last):
    tournaments.domain.errors.DriveError: A guest's fee cannot be negative: give 0 or more.
    """
    for what, pence in (
        ("A member's fee", member_fee),
        ("A guest's fee", guest_fee),
        ("The table money", table_money),
        ("The raffle", raffle),
    ):
        if pence < 0:
            raise DriveError(f"{what} cannot be negative: give 0 or more.")


def parse_split(text: str) -> tuple[int, ...] | None:
    """A split's percentages in prize order, or None for an equal split; refused unless whole
    per cents adding up to 100.

    >>> parse_split("75/15/10"), parse_split("equal"), parse_split("100")
    ((75, 15, 10), None, (100,))
    >>> parse_split("60/30")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tournaments.domain.errors.DriveError: The prize split 60/30 adds up to 90 per cent: ...
    """
    text = text.strip().replace(" ", "")
    if text in ("", EQUAL):
        return None
    parts = text.replace(",", "/").split("/")
    if not all(figures(part) for part in parts):
        raise DriveError(
            f"The prize split '{text}' is not per cents joined by '/': write e.g. 75/15/10, or 'equal'."
        )
    shares = tuple(int(part) for part in parts)
    if sum(shares) != 100:
        raise DriveError(
            f"The prize split {text} adds up to {sum(shares)} per cent: the shares must add up to 100."
        )
    return shares


@dataclass(frozen=True)
class Takings:
    """What came in, in pence."""

    fees: int
    table_money: int = 0
    raffle: int = 0

    @property
    def total(self) -> int:
        return self.fees + self.table_money + self.raffle


@dataclass(frozen=True)
class FundRule:
    """The prize fund: a fixed sum (``fixed``, pence), or a share of the takings (``share``, per
    cent); neither: no prize money."""

    fixed: int | None = None
    share: int | None = None

    def check(self) -> None:
        """Refuse a fund that cannot be.

        >>> FundRule(share=120).check()  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        tournaments.domain.errors.DriveError: A prize fund of 120 per cent ... is more than the takings: ...
        """
        if self.fixed is not None and self.share is not None:
            raise DriveError("A prize fund is a fixed sum or a share of the takings, not both.")
        if self.fixed is not None and self.fixed < 0:
            raise DriveError("A prize fund cannot be negative.")
        if self.share is not None and not 0 < self.share <= 100:
            raise DriveError(
                f"A prize fund of {self.share} per cent of the takings is "
                + ("more than the takings" if self.share > 100 else "no fund")
                + ": give a share of 1 to 100 per cent."
            )


def prize_fund(takings: Takings, rule: FundRule) -> int:
    """The prize fund in pence: the fixed sum, or the share of the takings (rounded down)."""
    rule.check()
    if rule.fixed is not None:
        return rule.fixed
    if rule.share is not None:
        return takings.total * rule.share // 100
    return 0


def split_amounts(fund: int, shares: tuple[int, ...] | None, *, prizes: int) -> tuple[int, ...]:
    """Each prize's money, in the list's order; refused when a split names more prizes than the
    list has.

    >>> split_amounts(1000, None, prizes=3)
    (334, 333, 333)
    >>> split_amounts(1000, (50, 25, 25), prizes=2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tournaments.domain.errors.DriveError: The prize split 50/25/25 names 3 prizes; the drive gives 2: ...
    """
    if prizes == 0:
        return ()
    if shares is None:
        shares = (100 / prizes,) * prizes
    if len(shares) > prizes:
        written = "/".join(map(str, shares))
        raise DriveError(
            f"The prize split {written} names {len(shares)} prizes; the drive gives {prizes}: "
            f"choose a split of {prizes} at most."
        )
    amounts = [int(fund * share // 100) for share in shares] + [0] * (prizes - len(shares))
    for place in range(fund - sum(amounts)):  # the pence that do not divide, one each from the first
        amounts[place % len(shares)] += 1
    return tuple(amounts)


@dataclass(frozen=True)
class PrizeMoney:
    """A prize, its money and who takes it: one player, players sharing it, or none yet."""

    award: Award
    amount: int  # the place's own money, in pence
    paid: tuple[tuple[str, int], ...]  # (player, pence): what each winner takes


def share_money(awards: Sequence[Award], amounts: Sequence[int]) -> list[PrizeMoney]:
    """Each award with its money: a winner takes the prize's amount; players sharing a tie pool
    the amounts of the places they share and split it equally (the odd pence to the first of them);
    a tie waiting for a cut pays nobody yet.

    >>> from .scores import Prize
    >>> tie = Award(Prize.LADY_1, None, 100, ("L2", "L5"), shared=True)
    >>> later = Award(Prize.LADY_2, None, 100, ("L2", "L5"), shared=True)
    >>> awards = [tie, Award(Prize.GENT_1, "G1", 101), later]
    >>> [m.paid for m in share_money(awards, [1001, 500, 300])]
    [(('L2', 651), ('L5', 650)), (('G1', 500),), ()]
    """
    pools: dict[tuple[str, ...], int] = {}
    for award, amount in zip(awards, amounts, strict=True):
        if award.shared:
            pools[award.tied] = pools.get(award.tied, 0) + amount
    out, paid_pools = [], set()
    for award, amount in zip(awards, amounts, strict=True):
        if award.player is not None:
            paid = ((award.player, amount),)
        elif award.shared and award.tied not in paid_pools:
            paid_pools.add(award.tied)
            each, odd = divmod(pools[award.tied], len(award.tied))
            paid = tuple((player, each + (1 if i < odd else 0)) for i, player in enumerate(award.tied))
        else:
            paid = ()
        out.append(PrizeMoney(award, amount, paid))
    return out


@dataclass(frozen=True)
class Accounts:
    """A drive's money as the treasurer reads it, in pence."""

    takings: Takings
    fees_by_method: Mapping[str, int]
    unpaid: int  # players whose fee is not ticked as paid
    fund: int
    prizes_out: int  # money given to winners so far

    @property
    def balance(self) -> int:
        return self.takings.total - self.prizes_out


def accounts(
    fees_paid: Iterable[tuple[str, int]],
    *,
    unpaid: int,
    table_money: int,
    raffle: int,
    rule: FundRule,
    prize_money: Iterable[PrizeMoney] = (),
) -> Accounts:
    """The drive's accounts from its fees paid, as (method, pence), its figures and its prizes.

    >>> a = accounts([("cash", 300), ("card", 400), ("cash", 300)], unpaid=1, table_money=0, raffle=1000,
    ...              rule=FundRule(fixed=1500))
    >>> a.takings.total, dict(a.fees_by_method), a.fund, a.balance
    (2000, {'cash': 600, 'card': 400, 'account': 0}, 1500, 2000)
    """
    by_method = dict.fromkeys(METHODS, 0)
    for method, pence in fees_paid:
        by_method[method] += pence
    takings = Takings(sum(by_method.values()), table_money, raffle)
    out = sum(pence for money in prize_money for _, pence in money.paid)
    return Accounts(takings, by_method, unpaid, prize_fund(takings, rule), out)


# A member the evening does not name (a league match's home pair): a member's fee, no account.
A_MEMBER = -1


@dataclass(frozen=True)
class Payer:
    """Who pays one fee at an evening of any kind: a drive's card, a pair of an event, a player of
    an individual event or a two-player night, a home pair of a league match. ``people`` holds each
    person's member id (``A_MEMBER``: a member not named), or None for a guest; a fee is each
    person's, a member's or a guest's.

    >>> pair = Payer("NS3", "N/S 3", "Ann + a guest", (7, None))
    >>> pair.fee(member_fee=300, guest_fee=400), pair.accounts
    (700, (7,))
    """

    key: str  # the entrant's key in its evening: "L3", "NS3", "P7", "T2"
    number: str  # as the money page lists it
    name: str
    people: tuple[int | None, ...]

    def fee(self, *, member_fee: int, guest_fee: int) -> int:
        """The entrant's fee: a member's or a guest's for each of its people."""
        return sum(guest_fee if person is None else member_fee for person in self.people)

    @property
    def accounts(self) -> tuple[int, ...]:
        """The accounts its fee is taken from when paid from accounts: each member's among its
        people, the fee split between them, the first taking the odd penny; none for guests alone."""
        return tuple(person for person in self.people if person is not None and person > 0)
