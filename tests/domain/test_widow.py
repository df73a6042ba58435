from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.widow import (
    WidowError,
    check_tables,
    deal_scores,
    deals_at,
    draw_at_random,
    draw_by_totals,
    players_in_deal,
    sits_out,
    table_sizes,
)

SIZES = [v for v in range(3, 41) if v != 5]


@pytest.mark.parametrize(
    ("players", "tables"),
    [
        (3, (3,)),
        (4, (4,)),
        (6, (3, 3)),
        (7, (4, 3)),
        (8, (4, 4)),
        (9, (3, 3, 3)),
        (10, (4, 3, 3)),
        (11, (4, 4, 3)),
        (13, (4, 3, 3, 3)),
        (14, (4, 4, 3, 3)),
    ],
)
def test_the_published_splits(players, tables):
    assert table_sizes(players) == tables


@pytest.mark.parametrize("players", [0, 1, 2, 5])
def test_a_field_that_cannot_be_split_is_refused_in_words(players):
    with pytest.raises(WidowError, match=f"{players} players cannot be split into tables of three and four"):
        table_sizes(players)


@pytest.mark.parametrize("players", SIZES)
def test_every_size_takes_as_many_tables_of_three_as_it_can(players):
    sizes = table_sizes(players)
    assert sum(sizes) == players
    assert set(sizes) <= {3, 4}
    assert sizes.count(4) <= 2  # three tables of four would be four tables of three


@pytest.mark.parametrize(
    ("tricks", "taker", "scores"),
    [
        ((2, 6, 5), 0, (-2, 3, 2)),  # 2 tricks with the widow: -2
        ((4, 5, 4), 0, (0, 2, 1)),  # 4 with the widow: 0
        ((5, 4, 4), 0, (1, 1, 1)),  # 5 with the widow: +1
        ((5, 4, 4), None, (2, 1, 1)),  # 5 without: +2; 4 without: +1
        ((0, 0, 13), 2, (-3, -3, 9)),
    ],
)
def test_a_deal_scores_the_tricks_over_four_for_the_taker_and_three_for_the_others(tricks, taker, scores):
    assert deal_scores(tricks, taker) == scores


@given(st.integers(0, 13), st.integers(0, 13), st.sampled_from([None, 0, 1, 2]))
def test_a_deal_adds_to_three_with_the_widow_taken_and_four_without(a, b, taker):
    c = 13 - a - b
    if c < 0:
        with pytest.raises(WidowError, match="between 0 and 13"):
            deal_scores((a, b, c), taker)
        return
    assert sum(deal_scores((a, b, c), taker)) == (3 if taker is not None else 4)


@pytest.mark.parametrize(
    ("tricks", "taker", "words"),
    [
        ((5, 5, 5), None, "add up to 13: these add up to 15"),
        ((14, 0, -1), None, "between 0 and 13"),
        ((6, 7), None, "three players, not 2"),
        ((4, 4, 5), 3, "one of the three"),
    ],
)
def test_a_deal_that_does_not_add_up_is_refused_in_words(tricks, taker, words):
    with pytest.raises(WidowError, match=words):
        deal_scores(tricks, taker)


def test_a_table_of_four_sits_its_dealer_out_and_passes_the_deal_left():
    assert [sits_out(4, deal) for deal in range(1, 6)] == [0, 1, 2, 3, 0]
    assert [sits_out(3, deal) for deal in range(1, 4)] == [None, None, None]


def test_deals_at_a_table_of_four_must_share_out_evenly():
    assert deals_at(4, 15) == 20
    with pytest.raises(WidowError, match="multiple of 3"):
        deals_at(4, 10)
    assert deals_at(3, 10) == 10


def _deals_played(tables, deals_each) -> Counter:
    played = Counter()
    for table in tables:
        for deal in range(1, deals_at(len(table), deals_each) + 1):
            played.update(table[seat] for seat in players_in_deal(len(table), deal))
    return played


@pytest.mark.parametrize("players", SIZES)
def test_every_series_seats_everyone_once_and_gives_each_the_same_deals(players):
    field = list(range(1, players + 1))
    totals = dict.fromkeys(field, 0)
    played = Counter()
    for series in range(1, 5):
        if series % 2:
            tables = draw_at_random(field, seed=f"7-{series}")
        else:
            tables = draw_by_totals(totals)
        check_tables(tables)
        assert sorted(p for table in tables for p in table) == field
        assert tuple(len(t) for t in tables) == table_sizes(players)
        played += _deals_played(tables, 12)
        for table in tables:  # any running totals will do: the next series sorts them
            for position, player in enumerate(table):
                totals[player] += (player * 7 + position * 3) % 11 - 5
    assert set(played.values()) == {4 * 12}
    assert set(played) == set(field)


@given(st.integers(3, 40).filter(lambda v: v != 5), st.text(max_size=8))
def test_a_random_draw_is_the_same_again_for_the_same_seed(players, seed):
    field = list(range(1, players + 1))
    assert draw_at_random(field, seed) == draw_at_random(field, seed)


def test_by_totals_the_top_players_sit_together():
    totals = {1: 0, 2: 12, 3: 7, 4: 12, 5: -3, 6: 8, 7: 1, 8: 2, 9: 5, 10: 6}
    assert draw_by_totals(totals) == ((2, 4, 6, 3), (10, 9, 8), (7, 1, 5))


def test_a_player_seated_twice_is_refused():
    with pytest.raises(WidowError, match="Player 2 is seated twice"):
        check_tables([(1, 2, 3), (2, 4, 5)])
    with pytest.raises(WidowError, match="Table 1 has 5 players"):
        check_tables([(1, 2, 3, 4, 5)])
