"""A drive's scores and prizes.

A player scores the tricks their couple took in each hand (13 between the two couples at a table);
at the sit-out table they score the sit-out score, 7 by default or the hand's average, which is
always 6½ (every table's two couples share 13 tricks). A Minnesota drive's player scores their
couple's points instead, and the sit-out players the hand's average points (``games``). The
hands fall into halves (24 hands in two halves of 12 by default; an uneven split gives the earlier
halves the extra hand).

Prizes are given in the order of the drive's list, one to a player: a player who has a prize is
passed over for the later ones. A tie is broken by the last half's score, then by the last hand's
score; players still level cut the cards, and the organiser records who won the cut.

    >>> halves_of(24, 2)
    ((1, 12), (13, 24))
    >>> halves_of(10, 3)
    ((1, 4), (5, 7), (8, 10))
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from ..errors import DriveError
from .games import WHIST, Game
from .movement import GENT, LADY, TRICKS, TableSeating

AVERAGE = TRICKS / 2  # the hand's average: every table's couples share 13 tricks
SIT_OUT = 7  # what the sit-out table scores unless the drive gives the hand's average


def sit_out_score(*, average: bool) -> float:
    """What a player at the sit-out table scores for a hand: 7, or the hand's average (6½).

    >>> sit_out_score(average=False), sit_out_score(average=True)
    (7, 6.5)
    """
    return AVERAGE if average else SIT_OUT


def halves_of(hands: int, halves: int) -> tuple[tuple[int, int], ...]:
    """The first and last hand of each half."""
    if hands < 1:
        raise DriveError("A drive needs at least one hand.")
    if not 1 <= halves <= hands:
        raise DriveError(f"{hands} hands cannot be split into {halves} parts: give 1 to {hands}.")
    size, extra = divmod(hands, halves)
    spans, first = [], 1
    for part in range(halves):
        last = first + size - 1 + (1 if part < extra else 0)
        spans.append((first, last))
        first = last + 1
    return tuple(spans)


@dataclass(frozen=True)
class HandLine:
    """One hand on a player's score card."""

    hand: int
    table: int
    partner: str | None
    opponents: tuple[str | None, str | None]
    tricks: float | None  # the hand's score (a Minnesota drive's: points); None: not played yet
    sat_out: bool
    taken: int | None = None  # the tricks the player's couple took (None: sat out, not played yet)
    big: bool = False  # a hand of ten tricks or more to the couple, as the game counts it (``Game.big_hand``)


@dataclass(frozen=True)
class PlayerScore:
    player: str
    role: str
    lines: tuple[HandLine, ...]
    halves: tuple[float, ...]

    @property
    def score(self) -> float:
        return sum(self.halves)

    @property
    def first_half(self) -> float:
        return self.halves[0]

    @property
    def second_half(self) -> float:
        """The second half's score (the whole score of a drive played in one part)."""
        return self.halves[1] if len(self.halves) > 1 else self.score

    @property
    def last_half(self) -> float:
        return self.halves[-1]

    @property
    def hands_played(self) -> int:
        return sum(1 for line in self.lines if line.tricks is not None and not line.sat_out)

    @property
    def sat_out(self) -> int:
        return sum(1 for line in self.lines if line.sat_out)

    def hand_score(self, hand: int) -> float:
        return next((line.tricks or 0 for line in self.lines if line.hand == hand), 0)

    @property
    def big_hands(self) -> int:
        """Hands played (not sat out) in which the player's couple took 10 tricks or more (in
        Minnesota whist: in a grand of theirs, ``Game.big_hand``)."""
        return sum(1 for line in self.lines if line.big)

    @property
    def last_hand(self) -> float:
        scored = [line for line in self.lines if line.tricks is not None]
        return scored[-1].tricks if scored else 0


def score_players(
    roles: Mapping[str, str],
    seatings: Mapping[int, Mapping[int, TableSeating]],
    results: Mapping[tuple[int, int], int],
    *,
    hands: int,
    halves: int = 2,
    sit_out_score: float = SIT_OUT,
    typed: Mapping[str, Mapping[int, float]] | None = None,
    game: Game = WHIST,
    granded: Mapping[tuple[int, int], str] | None = None,
) -> dict[str, PlayerScore]:
    """Every player's score card from the seatings so far and the N/S tricks by (hand, table).

    ``typed`` holds totals copied from paper score cards, by player and half (1, 2, …): such a
    total stands for that half, whatever of its hands were entered one by one. A Minnesota drive
    (``game``) scores each couple's points, from who went grand by (hand, table) (``granded``).

    >>> from .games import MINNESOTA
    >>> from .movement import start_seating
    >>> seat = {t.table: t for t in start_seating(["L1", "L2", "L3"], ["G1", "G2", "G3"])}
    >>> roles = {p: p[0] for p in ("L1", "G1", "L2", "G2", "L3", "G3")}
    >>> scores = score_players(roles, {1: seat}, {(1, 1): 4}, hands=1, halves=1,
    ...                        game=Game(MINNESOTA, "swedish"), granded={(1, 1): ""})
    >>> [(p, s.score) for p, s in scores.items()]
    [('L1', 3), ('G1', 3), ('L2', 0), ('G2', 0), ('L3', 1.5), ('G3', 1.5)]
    """
    typed = typed or {}
    granded = granded or {}
    spans = halves_of(hands, halves)
    lines: dict[str, list[HandLine]] = {player: [] for player in roles}
    for hand in sorted(seatings):
        points = {
            table: game.points(results[(hand, table)], granded.get((hand, table), ""))
            for table in seatings[hand]
            if (hand, table) in results
        }
        sit_out = game.sit_out(points.values(), fixed=sit_out_score)
        for table in seatings[hand].values():
            scored = points.get(table.table)
            ns_tricks = results.get((hand, table.table))
            for player in table.players:
                taken, big = None, False
                if table.sit_out:
                    got = sit_out
                elif scored is None:
                    got = None
                else:
                    side = "NS" if player in table.ns else "EW"
                    got = scored[0] if side == "NS" else scored[1]
                    taken = ns_tricks if side == "NS" else TRICKS - ns_tricks
                    big = game.big_hand(taken, granded.get((hand, table.table), ""), side)
                lines[player].append(
                    HandLine(
                        hand,
                        table.table,
                        None if table.sit_out else table.partner_of(player),
                        (None, None) if table.sit_out else table.opponents_of(player),
                        got,
                        table.sit_out,
                        taken,
                        big,
                    )
                )
    scores = {}
    for player, role in roles.items():
        own = lines[player]
        part = tuple(
            typed.get(player, {}).get(
                half, sum(line.tricks or 0 for line in own if first <= line.hand <= last)
            )
            for half, (first, last) in enumerate(spans, start=1)
        )
        scores[player] = PlayerScore(player, role, tuple(own), part)
    return scores


class Prize(StrEnum):
    """The prizes a drive may give; a form offers them in this order, which is the order a list
    of them is given in."""

    LADY_1 = "lady-1"
    GENT_1 = "gent-1"
    LADY_2 = "lady-2"
    GENT_2 = "gent-2"
    LADY_3 = "lady-3"
    GENT_3 = "gent-3"
    OVERALL = "overall"
    SECOND = "second"
    THIRD = "third"
    FIRST_HALF = "first-half"
    HALF_TIME_LADY = "half-time-lady"
    HALF_TIME_GENT = "half-time-gent"
    SECOND_HALF = "second-half"
    SECOND_HALF_LADY = "second-half-lady"
    SECOND_HALF_GENT = "second-half-gent"
    BOOBY_LADY = "booby-lady"
    BOOBY_GENT = "booby-gent"
    BOOBY = "booby"
    TEN_PLUS = "ten-plus"
    TEN_PLUS_LADY = "ten-plus-lady"
    TEN_PLUS_GENT = "ten-plus-gent"
    MYSTERY = "mystery-hand"


PRIZE_LABELS = {
    Prize.LADY_1: "Highest lady",
    Prize.GENT_1: "Highest gent",
    Prize.LADY_2: "Second lady",
    Prize.GENT_2: "Second gent",
    Prize.LADY_3: "Third lady",
    Prize.GENT_3: "Third gent",
    Prize.OVERALL: "Highest overall",
    Prize.SECOND: "Second overall",
    Prize.THIRD: "Third overall",
    Prize.FIRST_HALF: "Highest first half",
    Prize.BOOBY_LADY: "Lowest lady (booby)",
    Prize.BOOBY_GENT: "Lowest gent (booby)",
    Prize.BOOBY: "Lowest overall (booby)",
    Prize.MYSTERY: "Mystery hand: best score in a hand drawn at random",
    Prize.TEN_PLUS: "Most hands of 10 tricks or more",
    Prize.SECOND_HALF: "Highest second half",
    Prize.HALF_TIME_LADY: "Highest lady at half time",
    Prize.HALF_TIME_GENT: "Highest gent at half time",
    Prize.SECOND_HALF_LADY: "Highest lady in the second half",
    Prize.SECOND_HALF_GENT: "Highest gent in the second half",
    Prize.TEN_PLUS_LADY: "Lady with the most hands of 10 tricks or more",
    Prize.TEN_PLUS_GENT: "Gent with the most hands of 10 tricks or more",
}
TOP_THREE = (Prize.LADY_1, Prize.GENT_1, Prize.LADY_2, Prize.GENT_2, Prize.LADY_3, Prize.GENT_3)
PRESETS = {
    "classic": (Prize.LADY_1, Prize.GENT_1, Prize.BOOBY_LADY, Prize.BOOBY_GENT),
    "top-three": TOP_THREE,
    "full": (*TOP_THREE, Prize.FIRST_HALF, Prize.BOOBY_LADY, Prize.BOOBY_GENT, Prize.MYSTERY),
    "one-field": (Prize.OVERALL, Prize.FIRST_HALF, Prize.BOOBY_LADY, Prize.BOOBY_GENT),
    "individual": (Prize.OVERALL, Prize.SECOND, Prize.THIRD, Prize.BOOBY),
    # A village hall's five: one field for the best, each role for the booby.
    "village": (Prize.OVERALL, Prize.FIRST_HALF, Prize.SECOND_HALF, Prize.BOOBY_LADY, Prize.BOOBY_GENT),
    # A big drive's fifteen: three of each role, half time, the second half, the boobies, the big
    # hands and the mystery hand.
    "fifteen": (
        *TOP_THREE,
        Prize.HALF_TIME_LADY,
        Prize.HALF_TIME_GENT,
        Prize.SECOND_HALF_LADY,
        Prize.SECOND_HALF_GENT,
        Prize.BOOBY_LADY,
        Prize.BOOBY_GENT,
        Prize.TEN_PLUS_LADY,
        Prize.TEN_PLUS_GENT,
        Prize.MYSTERY,
    ),
}
_ROLE = {
    Prize.LADY_1: LADY,
    Prize.LADY_2: LADY,
    Prize.LADY_3: LADY,
    Prize.BOOBY_LADY: LADY,
    Prize.GENT_1: GENT,
    Prize.GENT_2: GENT,
    Prize.GENT_3: GENT,
    Prize.BOOBY_GENT: GENT,
    Prize.HALF_TIME_LADY: LADY,
    Prize.HALF_TIME_GENT: GENT,
    Prize.SECOND_HALF_LADY: LADY,
    Prize.SECOND_HALF_GENT: GENT,
    Prize.TEN_PLUS_LADY: LADY,
    Prize.TEN_PLUS_GENT: GENT,
}
FIRST_HALF_PRIZES = (Prize.FIRST_HALF, Prize.HALF_TIME_LADY, Prize.HALF_TIME_GENT)
SECOND_HALF_PRIZES = (Prize.SECOND_HALF, Prize.SECOND_HALF_LADY, Prize.SECOND_HALF_GENT)
TEN_PLUS_PRIZES = (Prize.TEN_PLUS, Prize.TEN_PLUS_LADY, Prize.TEN_PLUS_GENT)
# The places of one ranking, in order: players level for one of them share it and the places
# after it when a drive shares its prize money (``money.share_money``).
LADDERS = (
    (Prize.LADY_1, Prize.LADY_2, Prize.LADY_3),
    (Prize.GENT_1, Prize.GENT_2, Prize.GENT_3),
    (Prize.OVERALL, Prize.SECOND, Prize.THIRD),
)


def role_prizes(prizes: Iterable[Prize]) -> tuple[Prize, ...]:
    """The prizes of a list that go to one role: a drive without roles cannot give them.

    >>> [p.value for p in role_prizes(PRESETS["one-field"])]
    ['booby-lady', 'booby-gent']
    """
    return tuple(prize for prize in prizes if prize in _ROLE)


def halves_prizes(prizes: Iterable[Prize]) -> tuple[Prize, ...]:
    """The prizes of a list that need a drive of two parts or more: a half time, a second half
    (the first half's prize, older, stays the whole drive's score in a drive of one part).

    >>> [p.value for p in halves_prizes(PRESETS["village"])]
    ['second-half']
    """
    needs_two = (Prize.HALF_TIME_LADY, Prize.HALF_TIME_GENT, *SECOND_HALF_PRIZES)
    return tuple(prize for prize in prizes if prize in needs_two)


def parse_prizes(text: str) -> tuple[Prize, ...]:
    """A prize list from a preset name or prize names joined by commas."""
    text = text.strip()
    if text in PRESETS:
        return PRESETS[text]
    prizes = []
    for name in filter(None, (part.strip() for part in text.split(","))):
        try:
            prizes.append(Prize(name))
        except ValueError:
            known = ", ".join(list(PRESETS) + [p.value for p in Prize])
            raise DriveError(f"'{name}' is not a prize whistdrive knows: use one of {known}.") from None
    return tuple(prizes)


@dataclass(frozen=True)
class Award:
    """A prize and who takes it. ``tied`` lists the players level on every tie-break: until the
    organiser records a cut, ``player`` is None; after it, ``cut`` is True."""

    prize: Prize
    player: str | None
    score: float | None
    tied: tuple[str, ...] = ()
    cut: bool = False
    hand: int | None = None  # the mystery hand, once drawn
    shared: bool = False  # the tied players share it (and its money) instead of cutting for it

    @property
    def label(self) -> str:
        if self.prize == Prize.MYSTERY and self.hand:
            return f"Mystery hand: best score in hand {self.hand}, drawn at random"
        return PRIZE_LABELS[self.prize]


BOOBIES = (Prize.BOOBY_LADY, Prize.BOOBY_GENT, Prize.BOOBY)


def _key(prize: Prize, score: PlayerScore, mystery_hand: int | None) -> tuple[float, ...]:
    """The figures a prize is decided on, in order: its own figure, then the tie-breaks (the last
    half, then the last hand). Higher wins except for a booby."""
    if prize in FIRST_HALF_PRIZES:
        figure = score.first_half
    elif prize in SECOND_HALF_PRIZES:
        figure = score.second_half
    elif prize == Prize.MYSTERY:
        figure = score.hand_score(mystery_hand)
    elif prize in TEN_PLUS_PRIZES:
        figure = score.big_hands
    else:
        figure = score.score
    return (figure, score.last_half, score.last_hand)


def rank_players(
    scores: Iterable[PlayerScore], prize: Prize = Prize.OVERALL, *, mystery_hand: int | None = None
) -> list[PlayerScore]:
    """The players in the order a prize goes down them: best first (lowest first for a booby), a tie
    broken by the last half, then the last hand; players still level in the order of their keys.

    >>> from .movement import start_seating
    >>> seat = {t.table: t for t in start_seating(["L1", "L2"], ["G1", "G2"])}
    >>> roles = {"L1": "L", "G1": "G", "L2": "L", "G2": "G"}
    >>> scores = score_players(roles, {1: seat}, {(1, 1): 8}, hands=1, halves=1)
    >>> [s.player for s in rank_players(scores.values())]
    ['G1', 'L1', 'G2', 'L2']
    >>> [s.player for s in rank_players(scores.values(), Prize.BOOBY_GENT)]
    ['G2', 'L2', 'G1', 'L1']
    """
    sign = 1 if prize in BOOBIES else -1
    return sorted(scores, key=lambda s: ([sign * x for x in _key(prize, s, mystery_hand)], s.player))


def award_prizes(
    prizes: Sequence[Prize],
    scores: Mapping[str, PlayerScore],
    *,
    cuts: Mapping[Prize, str] | None = None,
    mystery_hand: int | None = None,
    share_ties: bool = False,
) -> list[Award]:
    """Give each prize of the list in turn to the best player who has none yet.

    With ``share_ties`` players level on every tie-break share the prize instead of cutting for
    it, and take with it the places after it on the same ladder (two level for highest lady share
    the highest and the second lady's prizes; the third goes to the next lady).

    >>> from .movement import start_seating
    >>> seat = {t.table: t for t in start_seating(["L1", "L2"], ["G1", "G2"])}
    >>> roles = {"L1": "L", "G1": "G", "L2": "L", "G2": "G"}
    >>> scores = score_players(roles, {1: seat}, {(1, 1): 8}, hands=1, halves=1)
    >>> [(a.prize.value, a.player, a.score) for a in award_prizes(PRESETS["classic"], scores)]
    [('lady-1', 'L1', 8), ('gent-1', 'G1', 8), ('booby-lady', 'L2', 5), ('booby-gent', 'G2', 5)]
    """
    cuts = cuts or {}
    taken: set[str] = set()
    awards = []
    absorbed: dict[Prize, Award] = {}  # a later place that a shared tie takes, and the tie
    for prize in prizes:
        if prize in absorbed:
            awards.append(replace(absorbed.pop(prize), prize=prize))
            continue
        role = _ROLE.get(prize)
        field = [s for p, s in scores.items() if p not in taken and (role is None or s.role == role)]
        hand = mystery_hand if prize == Prize.MYSTERY else None
        if not field or (prize == Prize.MYSTERY and mystery_hand is None):
            awards.append(Award(prize, None, None))
            continue
        ranked = rank_players(field, prize, mystery_hand=mystery_hand)
        best = _key(prize, ranked[0], mystery_hand)
        level = tuple(s.player for s in ranked if _key(prize, s, mystery_hand) == best)
        figure = best[0]
        if len(level) == 1:
            awards.append(Award(prize, level[0], figure, hand=hand))
            taken.add(level[0])
        elif share_ties:
            award = Award(prize, None, figure, level, hand=hand, shared=True)
            awards.append(award)
            taken.update(level)
            later = [p for p in _ladder_after(prize) if p in prizes][: len(level) - 1]
            absorbed.update(dict.fromkeys(later, award))
        elif cuts.get(prize) in level:
            awards.append(Award(prize, cuts[prize], figure, level, cut=True, hand=hand))
            taken.add(cuts[prize])
        else:
            awards.append(Award(prize, None, figure, level, hand=hand))
            taken.update(level)  # held until the cut is recorded
    return awards


def _ladder_after(prize: Prize) -> tuple[Prize, ...]:
    """The places after a prize on its ladder (second and third lady after the highest)."""
    for ladder in LADDERS:
        if prize in ladder:
            return ladder[ladder.index(prize) + 1 :]
    return ()
