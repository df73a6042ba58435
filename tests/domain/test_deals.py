"""Deals, seeded dealing, honours and PBN."""

from collections import Counter
from pathlib import Path

import pytest

from tournaments.domain.dealing import _Stream, deal_board
from tournaments.domain.deals import RANKS, SUITS, honours, parse_deal
from tournaments.domain.errors import BoardError
from tournaments.domain.pbn import PbnBoard, PbnError, read_pbn, vulnerability, write_pbn

BIG_DEAL = Path(__file__).resolve().parents[1] / "data" / "bigdeal-16-boards.pbn"
SPEC_DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"


# --- dealing -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "board, deal, turned",
    [
        (1, "N:K965.T873.98.A75 AT.A642.JT4.Q862 Q73.QJ9.A652.KJ9 J842.K5.KQ73.T43", "D"),
        (2, "N:543.QT87.AT.J853 AQ962..QJ752.A62 8.A9543.K964.Q97 KJT7.KJ62.83.KT4", "S"),
    ],
)
def test_a_seed_always_gives_the_same_deal(board, deal, turned):
    # Pinned: these must not change with the machine, the Python version or a library update.
    dealt, suit = deal_board("whistdrive", board)
    assert (dealt.pbn("N"), suit) == (deal, turned)


def test_other_seeds_and_boards_give_other_deals():
    assert deal_board("whistdrive", 1) != deal_board("whistdrive", 2)
    assert deal_board("whistdrive", 1) != deal_board("whistdrive2", 1)


def test_every_deal_is_a_deal_and_the_turned_suit_is_in_the_dealers_hand():
    for board in range(1, 65):
        deal, turned = deal_board("check", board)
        assert parse_deal(deal.pbn("N")) == deal
        dealer_hand = deal.hand("NESW"[(board - 1) % 4])
        assert dealer_hand[SUITS.index(turned)]


def test_every_card_goes_to_every_seat_equally_often():
    # 4000 deals: each card goes to North 1000 times give or take 27 (one standard deviation).
    north = Counter()
    for board in range(1, 4001):
        deal, _ = deal_board("uniform", board)
        for suit, ranks in zip(SUITS, deal.hand("N"), strict=True):
            north.update((suit, rank) for rank in ranks)
    assert len(north) == 52
    assert all(850 < count < 1150 for count in north.values()), north.most_common(3)


def test_draws_below_a_bound_are_uniform():
    stream = _Stream("uniform", 1)
    counts = Counter(stream.below(3) for _ in range(30000))
    assert set(counts) == {0, 1, 2}
    assert all(9500 < c < 10500 for c in counts.values())


# --- deals and honours -----------------------------------------------------------------------------


def test_a_deal_reads_from_any_first_seat():
    deal = parse_deal(SPEC_DEAL)
    assert deal.hand("N") == ("", "63", "AKQ987", "A9732")
    assert parse_deal(deal.pbn("W")) == deal


@pytest.mark.parametrize(
    "text, message",
    [
        ("X:AKQ.. ", "should start with a seat"),
        ("N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98", "four hands"),
        ("N:AKQJ.T98.765.43 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ2", "holds 12 cards"),
        ("N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQX", "'X'"),
        ("N:AKQJ.T98.765.432 A98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ", "appears twice"),
        ("N:AKQJ.T98.765 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ", "four suits"),
    ],
)
def test_a_bad_deal_is_explained(text, message):
    with pytest.raises(BoardError, match=message):
        parse_deal(text)


@pytest.mark.parametrize(
    "trumps, expected",
    [("S", (4, 0)), ("H", (0, 4)), ("D", (4, 0)), ("C", (0, 4)), ("NT", (0, 0))],
)
def test_honours_count_four_or_three_of_the_top_trumps(trumps, expected):
    deal = parse_deal("N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ")
    assert honours(deal, trumps) == expected


def test_three_honours_score_two_and_split_honours_nothing():
    deal = parse_deal(SPEC_DEAL)  # spades: A with E, K Q with W, J with S
    assert honours(deal, "S") == (0, 2)
    assert honours(deal, "H") == (0, 2)  # K Q with E, A with W, J with S: three for E/W
    assert honours(parse_deal(SPEC_DEAL), "D") == (2, 0)


# --- PBN -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "board, vul",
    [
        (1, "None"),
        (2, "NS"),
        (3, "EW"),
        (4, "All"),
        (5, "NS"),
        (8, "None"),
        (13, "All"),
        (16, "EW"),
        (17, "None"),
    ],
)
def test_vulnerability_follows_law_2(board, vul):
    assert vulnerability(board) == vul


def test_a_big_deal_export_reads_as_it_is():
    boards = read_pbn(BIG_DEAL.read_text())
    assert [b.board for b in boards] == list(range(1, 17))
    assert boards[0].deal.pbn("N") == "N:AQ43.Q94.K9.AJ96 T8.732.AT863.874 7.A865.J752.KQ32 KJ9652.KJT.Q4.T5"
    assert (boards[1].dealer, boards[1].vulnerable, boards[1].trumps) == ("E", "NS", None)


def test_what_we_write_reads_back_identically():
    boards = [
        PbnBoard(n, "NESW"[(n - 1) % 4], vulnerability(n), deal_board("round-trip", n)[0], trumps)
        for n, trumps in zip(range(1, 6), ["H", "D", "S", "C", "NT"], strict=True)
    ]
    text = write_pbn(boards, event='Club "Night"', site="Ribble", date=None)
    assert read_pbn(text) == boards
    assert '[Event "Club \\"Night\\""]' in text
    assert '[Trumps "NT"]' in text and '[Contract ""]' in text
    assert '[Deal "E:' in text  # export format: the deal from the dealer


def test_import_format_comments_and_repeated_values_are_understood():
    text = """% a comment
{ commentary
  over two lines }
[Event "Club"] ; a note
[Board "1"]
[Dealer "N"]
[Vulnerable "Love"]
[Deal "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"]
[Trumps "N"]
[Auction "N"]
Pass Pass Pass Pass

[Event "#"]
[Board "2"]
[Deal "W:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"]
"""
    first, second = read_pbn(text)
    assert (first.vulnerable, first.trumps) == ("None", "NT")
    assert (second.dealer, second.vulnerable) == ("E", "NS")  # from the board number
    assert second.deal.hand("W") == ("AKQJ", "T98", "765", "432")


@pytest.mark.parametrize(
    "game, problem",
    [
        (
            '[Board "x"]\n[Deal "' + SPEC_DEAL + '"]',
            "Board x: the board number 'x' is not a positive number.",
        ),
        ('[Board "3"]', "Board 3: there is no deal."),
        ('[Board "3"]\n[Deal "N:AKQ.T98.765.432 - - -"]', "Board 3: the deal leaves a hand unknown"),
        (
            '[Board "3"]\n[Deal "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQ"]',
            "Board 3: W holds 12 cards",
        ),
        ('[Board "3"]\n[Dealer "X"]\n[Deal "' + SPEC_DEAL + '"]', "Board 3: the dealer 'X'"),
        ('[Board "3"]\n[Trumps "Z"]\n[Deal "' + SPEC_DEAL + '"]', "Board 3: the trumps 'Z'"),
    ],
)
def test_a_bad_game_is_named_by_its_board(game, problem):
    good = '[Board "1"]\n[Deal "' + SPEC_DEAL + '"]\n\n'
    with pytest.raises(PbnError) as refused:
        read_pbn(good + game + "\n")
    assert refused.value.problems == [problem] or refused.value.problems[0].startswith(problem)


def test_a_board_given_twice_is_refused():
    game = '[Board "1"]\n[Deal "' + SPEC_DEAL + '"]\n\n'
    with pytest.raises(PbnError, match="Board 1: the file gives this board twice"):
        read_pbn(game + game)


@pytest.mark.parametrize("text", ["", "hello world", '% PBN 2.1\n[Event "x"]\n'])
def test_a_file_without_deals_is_refused(text):
    with pytest.raises(PbnError, match="holds no deals"):
        read_pbn(text)


def test_ranks_are_written_in_descending_order():
    jumbled = " ".join(".".join(suit[::-1] for suit in hand.split(".")) for hand in SPEC_DEAL[2:].split())
    deal = parse_deal("N:" + jumbled)
    assert deal == parse_deal(SPEC_DEAL) and all(
        list(suit) == sorted(suit, key=RANKS.index) for hand in deal.hands for suit in hand
    )


@pytest.mark.parametrize(
    "text, kept",
    [
        ('[Board "1"]\n{a note\nover lines}\n[Dealer "N"]', '[Board "1"]\n\n[Dealer "N"]'),
        ("a{b}c{d}e", "ace"),
        ("a{never closed\n[Board", "a"),
        ("no commentary", "no commentary"),
        ("}{", "}"),
    ],
)
def test_commentary_is_removed_in_one_pass(text, kept):
    from tournaments.domain.pbn import without_commentary

    assert without_commentary(text) == kept
