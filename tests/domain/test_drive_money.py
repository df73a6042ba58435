"""A drive's prizes as clubs publish them, and its money (domain/drives/scores.py, money.py)."""

import pytest

from tournaments.domain.drives import PRESETS, HandLine, PlayerScore, Prize, award_prizes, parse_prizes
from tournaments.domain.drives.money import (
    FundRule,
    Takings,
    accounts,
    parse_split,
    prize_fund,
    share_money,
    split_amounts,
)
from tournaments.domain.errors import DriveError


def card(player: str, tricks: list[int], halves: int = 2) -> PlayerScore:
    """A score card from its hands' tricks (a whist drive's: the score is the tricks taken), the
    hands split into equal halves."""
    lines = tuple(
        HandLine(h, 1, None, (None, None), t, False, t, big=t >= 10) for h, t in enumerate(tricks, start=1)
    )
    size = len(tricks) // halves
    parts = tuple(sum(tricks[i * size : (i + 1) * size]) for i in range(halves))
    return PlayerScore(player, player[0], lines, parts)


def field(cards: list[PlayerScore]) -> dict[str, PlayerScore]:
    return {c.player: c for c in cards}


def won(awards) -> list[tuple[str, str | None]]:
    return [(a.prize.value, a.player) for a in awards]


# Old prize texts stay valid and mean what they meant.
@pytest.mark.parametrize(
    "text, prizes",
    [
        ("classic", ("lady-1", "gent-1", "booby-lady", "booby-gent")),
        ("one-field", ("overall", "first-half", "booby-lady", "booby-gent")),
        ("individual", ("overall", "second", "third", "booby")),
        ("lady-1,ten-plus,mystery-hand", ("lady-1", "ten-plus", "mystery-hand")),
        ("village", ("overall", "first-half", "second-half", "booby-lady", "booby-gent")),
        ("half-time-lady, half-time-gent", ("half-time-lady", "half-time-gent")),
    ],
)
def test_prize_texts_parse(text, prizes):
    assert tuple(p.value for p in parse_prizes(text)) == prizes


def test_an_unknown_prize_is_refused_in_words():
    with pytest.raises(DriveError, match="'half-time' is not a prize whistdrive knows"):
        parse_prizes("half-time")


HALVES = [9] * 5 + [3] * 5 + [5] * 5 + [8] * 5  # first half 60, second 65
FRONT = [7] * 10 + [1] * 10  # first half 70, second 10
BIG = [10, 11, 2, 2, 2, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6]  # two hands of 10 or more


# Each new prize, decided on its own figure: (prize, the cards, who wins).
@pytest.mark.parametrize(
    "prize, cards, winner",
    [
        (Prize.SECOND_HALF, [card("L1", HALVES), card("G1", [6] * 20)], "L1"),  # 65 v 60
        (Prize.HALF_TIME_LADY, [card("L1", HALVES), card("L2", FRONT), card("G1", [12] * 20)], "L2"),
        (Prize.HALF_TIME_GENT, [card("G1", FRONT), card("G2", [6] * 20), card("L1", [12] * 20)], "G1"),
        (Prize.SECOND_HALF_LADY, [card("L1", HALVES), card("L2", [6] * 20)], "L1"),
        (Prize.SECOND_HALF_GENT, [card("G1", [6] * 20), card("G2", HALVES)], "G2"),
        (Prize.TEN_PLUS_LADY, [card("L1", BIG), card("L2", [9] * 20), card("G1", [12] * 20)], "L1"),
        (Prize.TEN_PLUS_GENT, [card("G1", [9] * 20), card("G2", BIG)], "G2"),
        (Prize.BOOBY_GENT, [card("G1", BIG), card("G2", HALVES)], "G1"),  # 111 v 125
    ],
)
def test_each_prize_goes_on_its_own_figure(prize, cards, winner):
    assert award_prizes([prize], field(cards))[0].player == winner


def test_a_village_halls_five_prizes():
    """Highest overall, highest first half, highest second half, lowest lady, lowest gent: eight
    players, 2 x 6 hands. Hand-checked: G2 has the best total (87); the best first half is G2's
    45, passed over, so L1's 44; the best second half is L3's 43; lowest lady L4 (58); G3 and G4
    are level on 60 for the gents' booby and the lower last half (28) gives it to G4."""
    cards = [
        card("L1", [8, 8, 7, 7, 7, 7] + [6, 6, 6, 6, 6, 5]),  # 44 / 35
        card("L2", [6] * 6 + [6] * 6),  # 36 / 36
        card("L3", [5] * 6 + [7, 7, 7, 7, 7, 8]),  # 30 / 43
        card("L4", [5] * 6 + [5, 5, 5, 5, 4, 4]),  # 30 / 28
        card("G1", [7] * 6 + [6] * 6),  # 42 / 36
        card("G2", [8, 8, 8, 7, 7, 7] + [7] * 6),  # 45 / 42
        card("G3", [5, 5, 5, 5, 4, 4] + [6, 6, 5, 5, 5, 5]),  # 28 / 32
        card("G4", [6, 6, 5, 5, 5, 5] + [5, 5, 5, 5, 4, 4]),  # 32 / 28
    ]
    awards = award_prizes(parse_prizes("overall,first-half,second-half,booby-lady,booby-gent"), field(cards))
    assert won(awards) == [
        ("overall", "G2"),
        ("first-half", "L1"),
        ("second-half", "L3"),
        ("booby-lady", "L4"),
        ("booby-gent", "G4"),
    ]
    assert [a.score for a in awards] == [87, 44, 43, 58, 60]
    assert parse_prizes("village") == tuple(a.prize for a in awards)


def _fifteen_field() -> dict[str, PlayerScore]:
    """Sixty players, 2 x 10 hands: 21 ladies and 21 gents score 6 a hand (60 / 60, no hand of
    10), and nine of each role are written to win one prize each."""
    flat = [6] * 20
    designed = {
        "1": [9] * 10 + [8] * 10,  # 90 / 80 = 170: the best
        "2": [8] * 10 + [8] * 10,  # 80 / 80 = 160
        "3": [7, 8] * 5 + [8, 7] * 5,  # 75 / 75 = 150
        "4": [9] * 5 + [8] * 5 + [4, 5] * 5,  # 85 / 45: the best first half but the first's
        "5": [5] * 5 + [6] * 5 + [8] * 8 + [7] * 2,  # 55 / 78: the best second half after 1 and 2
        "6": [4, 5] * 10,  # 45 / 45 = 90: the lowest
        "7": [11] * 4 + [5] * 16,  # four hands of 10 or more
        "8": [10] * 3 + [6] * 17,  # three
        "9": [6] * 6 + [13] + [6] * 13,  # 13 in hand 7, the mystery hand
    }
    cards = [card(f"{role}{n}", tricks) for role in "LG" for n, tricks in designed.items()]
    cards[-1] = card("G9", [6] * 6 + [12] + [6] * 13)  # 12 in the mystery hand: L9's 13 is the best
    # Among the gents, G2b is level with G2 on 160 but with the worse last half: gent-2 is G2's,
    # gent-3 G2b's, and G3 (150) wins nothing.
    cards.append(card("G2b", [9] * 5 + [8] * 5 + [8] * 5 + [7] * 5))  # 85 / 75 = 160
    cards += [card(f"{role}{n}", flat) for role in "LG" for n in range(10, 31 - (role == "G"))]
    return field(cards)


def test_a_sixty_player_drives_fifteen_prizes():
    scores = _fifteen_field()
    assert len(scores) == 60
    awards = award_prizes(parse_prizes("fifteen"), scores, mystery_hand=7)
    assert len(awards) == 15
    assert won(awards) == [
        ("lady-1", "L1"),
        ("gent-1", "G1"),
        ("lady-2", "L2"),
        ("gent-2", "G2"),
        ("lady-3", "L3"),
        ("gent-3", "G2b"),
        ("half-time-lady", "L4"),
        ("half-time-gent", "G4"),
        ("second-half-lady", "L5"),
        ("second-half-gent", "G5"),
        ("booby-lady", "L6"),
        ("booby-gent", "G6"),
        ("ten-plus-lady", "L7"),
        ("ten-plus-gent", "G7"),
        ("mystery-hand", "L9"),
    ]
    assert [a.score for a in awards] == [170, 170, 160, 160, 150, 160, 85, 85, 78, 78, 90, 90, 4, 4, 13]


def test_players_level_share_the_places_when_the_drive_shares_its_money():
    scores = field([card("L1", [8] * 4), card("L2", [8] * 4), card("L3", [7] * 4), card("G1", [5] * 4)])
    prizes = (Prize.LADY_1, Prize.GENT_1, Prize.LADY_2, Prize.LADY_3)
    cut = award_prizes(prizes, scores)
    assert won(cut) == [("lady-1", None), ("gent-1", "G1"), ("lady-2", "L3"), ("lady-3", None)]
    shared = award_prizes(prizes, scores, share_ties=True)
    assert won(shared) == [("lady-1", None), ("gent-1", "G1"), ("lady-2", None), ("lady-3", "L3")]
    assert shared[0].shared and shared[0].tied == ("L1", "L2") and shared[2].tied == ("L1", "L2")
    money = share_money(shared, split_amounts(1000, (40, 10, 30, 20), prizes=4))
    assert [m.paid for m in money] == [(("L1", 350), ("L2", 350)), (("G1", 100),), (), (("L3", 200),)]


@pytest.mark.parametrize(
    "split, fund, prizes, amounts",
    [
        ("100", 5000, 3, (5000, 0, 0)),
        ("75/15/10", 10000, 3, (7500, 1500, 1000)),
        ("50/25/25", 999, 4, (500, 250, 249, 0)),
        ("equal", 1000, 3, (334, 333, 333)),
        ("equal", 0, 2, (0, 0)),
    ],
)
def test_a_fund_split_across_the_prizes_adds_up_to_it(split, fund, prizes, amounts):
    got = split_amounts(fund, parse_split(split), prizes=prizes)
    assert got == amounts and sum(got) == fund


@pytest.mark.parametrize(
    "split, refusal",
    [
        ("75/15", "adds up to 90 per cent"),
        ("50/60", "adds up to 110"),
        ("half/half", "not per cents"),
        ("90/¹⁰", "not per cents"),
    ],
)
def test_splits_refused(split, refusal):
    with pytest.raises(DriveError, match=refusal):
        parse_split(split)


@pytest.mark.parametrize(
    "rule, fund",
    [(FundRule(), 0), (FundRule(fixed=2500), 2500), (FundRule(share=100), 4250), (FundRule(share=75), 3187)],
)
def test_the_prize_fund(rule, fund):
    assert prize_fund(Takings(fees=3000, table_money=250, raffle=1000), rule) == fund


@pytest.mark.parametrize(
    "rule, refusal",
    [
        (FundRule(share=101), "more than the takings"),
        (FundRule(share=0), "no fund"),
        (FundRule(fixed=-1), "cannot be negative"),
        (FundRule(fixed=1, share=50), "not both"),
    ],
)
def test_funds_refused(rule, refusal):
    with pytest.raises(DriveError, match=refusal):
        rule.check()


def test_the_accounts_balance_takings_against_prizes_paid():
    awards = award_prizes(
        PRESETS["classic"],
        field([card(p, [t], halves=1) for p, t in (("L1", 8), ("G1", 7), ("L2", 5), ("G2", 6))]),
    )
    money = share_money(awards, split_amounts(1000, None, prizes=4))
    books = accounts(
        [("cash", 300), ("account", 300), ("card", 400), ("cash", 400)],
        unpaid=0,
        table_money=200,
        raffle=500,
        rule=FundRule(fixed=1000),
        prize_money=money,
    )
    assert books.takings.total == 2100 and books.fees_by_method == {"cash": 700, "card": 400, "account": 300}
    assert books.prizes_out == 1000 and books.balance == 1100
