"""Whist tournaments: every size offered keeps the rules, shortened or not, and the checker that
says so catches schedules that break them."""

import dataclasses

import pytest

from tournaments.domain.errors import MovementError
from tournaments.domain.movements import WhistTable, check_whist, whist_designs, whist_schedule, whist_sitouts
from tournaments.domain.movements import whist as whist_module

SIZES = range(4, 41)
SHORTENED = [(v, r) for v in SIZES for r in range(1, whist_schedule(v).round_count)]
TWO_OUT = sorted(whist_sitouts.INITIAL_ROUNDS)  # 4n + 2 players, two sitting out each round

# The 12-player design as Wiseman prints it ("Tournament designs: individual-pairs", 2003/2004):
# round by round, venues i, ii, iii; "E+G:I+J" is E and G against I and J.
PUBLISHED_12 = """
 1  E+G:I+J  L+A:B+H  C+F:D+K
 2  L+D:E+K  F+I:G+C  H+J:A+B
 3  I+A:J+F  K+B:D+E  L+G:H+C
 4  C+E:G+H  L+J:K+F  A+D:B+I
 5  L+B:C+I  D+G:E+A  F+H:J+K
 6  G+J:H+D  I+K:B+C  L+E:F+A
 7  A+C:E+F  L+H:I+D  J+B:K+G
 8  L+K:A+G  B+E:C+J  D+F:H+I
 9  E+H:F+B  G+I:K+A  L+C:D+J
10  J+A:C+D  L+F:G+B  H+K:I+E
11  L+I:J+E  K+C:A+H  B+D:F+G
"""


def number(letter):
    return ord(letter) - ord("A") + 1


@pytest.mark.parametrize("players", SIZES)
def test_every_size_keeps_the_rules(players):
    schedule = whist_schedule(players)

    assert check_whist(schedule) == []
    assert schedule.players == players
    assert schedule.phantoms == schedule.design - players
    assert schedule.tables == schedule.design // 4
    assert schedule.source


@pytest.mark.parametrize(("players", "rounds"), SHORTENED)
def test_a_shortened_evening_keeps_the_rules(players, rounds):
    schedule = whist_schedule(players, rounds)

    assert check_whist(schedule) == []
    assert schedule.round_count == rounds
    assert schedule.rounds == whist_schedule(players).rounds[:rounds]
    assert f"{rounds} of the schedule's" in schedule.shortfall


@pytest.mark.parametrize("players", [v for v in SIZES if v % 4 in (0, 1)])
def test_an_exact_design_partners_everyone_once_and_opposes_twice(players):
    schedule = whist_schedule(players)
    partners, opponents = {}, {}
    for tables in schedule.rounds:
        for table in tables:
            assert table.plays
            n, e, s, w = table.seats
            for pair in ((n, s), (e, w)):
                partners[frozenset(pair)] = partners.get(frozenset(pair), 0) + 1
            for pair in ((n, e), (n, w), (s, e), (s, w)):
                opponents[frozenset(pair)] = opponents.get(frozenset(pair), 0) + 1

    pairs = players * (players - 1) // 2
    assert len(partners) == len(opponents) == pairs
    assert set(partners.values()) == {1}
    assert set(opponents.values()) == {2}
    assert schedule.shortfall == ""
    assert schedule.phantoms == 0
    assert schedule.round_count == (players if players % 4 == 1 else players - 1)


@pytest.mark.parametrize("players", [v for v in SIZES if v % 4 == 1])
def test_with_4n_plus_1_players_player_r_sits_out_round_r(players):
    schedule = whist_schedule(players)

    assert [schedule.sitting_out(r) for r in range(1, players + 1)] == [(r,) for r in range(1, players + 1)]


def test_only_sizes_without_a_schedule_of_their_own_have_empty_seats():
    assert TWO_OUT == [10, 14, 18, 22]
    assert [v for v in SIZES if whist_schedule(v).phantoms] == [
        v for v in SIZES if v % 4 in (2, 3) and v not in TWO_OUT
    ]


@pytest.mark.parametrize("players", TWO_OUT)
def test_4n_plus_2_players_play_every_table_with_two_sitting_out_twice_each(players):
    schedule = whist_schedule(players)
    partners = set()
    for tables in schedule.rounds:
        for table in tables:
            assert table.plays
            partners |= {frozenset(table.seats[0::2]), frozenset(table.seats[1::2])}
    half = players // 2

    assert (schedule.design, schedule.phantoms, schedule.tables) == (players, 0, (players - 2) // 4)
    assert schedule.round_count == players
    pairs_out = [(2 * r - 1, 2 * r) for r in range(1, half + 1)]
    assert [schedule.sitting_out(r) for r in range(1, players + 1)] == pairs_out * 2
    assert players * (players - 1) // 2 - len(partners) == half
    assert schedule.shortfall == (
        f"With {players} players two sit out each round. Each player sits out 2 of the {players} rounds; "
        f"{half} of the {players * (players - 1) // 2} pairs of players never partner; no two players "
        "partner more than once or oppose more than twice."
    )
    assert "found by a computer search" in schedule.source


@pytest.mark.parametrize("players", [v for v in SIZES if whist_schedule(v).phantoms])
def test_other_sizes_play_the_next_design_up_with_empty_seats(players):
    schedule = whist_schedule(players)
    design = players + 4 - players % 4
    sat_out = [
        sum(p in schedule.sitting_out(r) for r in range(1, schedule.round_count + 1))
        for p in range(1, players + 1)
    ]

    assert schedule.design == design
    assert all(
        sum(s is None for t in tables for s in t.seats) == schedule.phantoms for tables in schedule.rounds
    )
    assert max(sat_out) - min(sat_out) <= 1
    assert f"{players} players use the {design}-player schedule" in schedule.shortfall
    assert "no two players partner more than once or oppose more than twice" in schedule.shortfall


def test_the_shortfall_counts_what_the_empty_seat_costs():
    assert whist_schedule(11).shortfall == (
        "11 players use the 12-player schedule with one empty seat: a table with an empty seat does "
        "not play, and its players sit out that round. Each player sits out 3 of the 11 rounds; 11 of "
        "the 55 pairs of players never partner; no two players partner more than once or oppose more "
        "than twice."
    )


def test_six_players_play_only_the_rounds_where_a_table_plays():
    schedule = whist_schedule(6)

    assert schedule.round_count == 3
    assert [len(schedule.sitting_out(r)) for r in (1, 2, 3)] == [2, 2, 2]
    assert "Each player sits out 1 of the 3 rounds" in schedule.shortfall


def test_the_12_player_schedule_is_wisemans_as_published():
    schedule = whist_schedule(12)
    published = [line.split()[1:] for line in PUBLISHED_12.strip().splitlines()]

    assert schedule.round_count == len(published) == 11
    for tables, games in zip(schedule.rounds, published, strict=True):
        for table, game in zip(tables, games, strict=True):
            north, south, east, west = (number(x) for x in game.replace(":", "+").split("+"))
            assert table.seats == (north, east, south, west)
    assert "Wiseman" in schedule.source


@pytest.mark.parametrize("players", SIZES)
def test_a_schedule_names_its_source_in_words_an_organiser_reads(players):
    """The source is shown under the schedule on the organiser's pages: no path to a script."""
    source = whist_schedule(players).source

    assert source and "scripts/" not in source and ".py" not in source and "[derived]" not in source


@pytest.mark.parametrize("players", SIZES)
def test_the_itinerary_follows_the_rounds(players):
    schedule = whist_schedule(players)
    for player in range(1, players + 1):
        lines = schedule.itinerary(player)
        assert [line.round for line in lines] == list(range(1, schedule.round_count + 1))
        for line, tables in zip(lines, schedule.rounds, strict=True):
            if line.table is None:
                assert player in schedule.sitting_out(line.round)
                assert (line.seat, line.partner, line.opponents) == (None, None, ())
                continue
            table = tables[line.table - 1]
            seat = "NESW".index(line.seat)
            assert table.plays and table.seats[seat] == player
            assert table.seats[(seat + 2) % 4] == line.partner
            assert set(line.opponents) == {table.seats[(seat + 1) % 4], table.seats[(seat + 3) % 4]}


@pytest.mark.parametrize("players", SIZES)
def test_as_dict_gives_the_playing_tables_by_seat(players):
    schedule = whist_schedule(players)
    rounds = schedule.as_dict()["rounds"]

    assert len(rounds) == schedule.round_count
    for number, tables in enumerate(rounds, 1):
        seated = [p for table in tables for p in table]
        assert all(len(table) == 4 and all(isinstance(p, int) for p in table) for table in tables)
        assert sorted(seated + list(schedule.sitting_out(number))) == list(range(1, players + 1))


@pytest.mark.parametrize(
    ("players", "rounds", "words"),
    [
        (3, None, "at least 4 players"),
        (0, None, "at least 4 players"),
        (41, None, "at most 40 players"),
        (9, 0, "between 1 and 9 rounds"),
        (9, 10, "between 1 and 9 rounds"),
        (8, 8, "between 1 and 7 rounds"),
    ],
)
def test_it_refuses_what_it_cannot_build(players, rounds, words):
    with pytest.raises(MovementError, match=words):
        whist_schedule(players, rounds)


def test_itinerary_and_sitting_out_refuse_what_is_not_there():
    schedule = whist_schedule(8)
    with pytest.raises(MovementError, match="no player 9"):
        schedule.itinerary(9)
    with pytest.raises(MovementError, match="no round 8"):
        schedule.sitting_out(8)


def replace_table(schedule, in_round, at, **fields):
    rounds = [list(tables) for tables in schedule.rounds]
    rounds[in_round - 1][at - 1] = dataclasses.replace(rounds[in_round - 1][at - 1], **fields)
    return dataclasses.replace(schedule, rounds=tuple(tuple(tables) for tables in rounds))


def swap_players(schedule, round, a, b):
    def swapped(p):
        return b if p == a else a if p == b else p

    rounds = list(schedule.rounds)
    rounds[round - 1] = tuple(
        WhistTable(t.round, t.table, *(swapped(p) for p in t.seats)) for t in schedule.rounds[round - 1]
    )
    return dataclasses.replace(schedule, rounds=tuple(rounds))


def test_the_checker_catches_two_players_swapped_in_one_round():
    schedule = whist_schedule(16)
    north, east = schedule.rounds[0][0].north, schedule.rounds[0][0].east

    problems = check_whist(swap_players(schedule, 1, north, east))

    assert any("partner 2 times" in p for p in problems)
    assert any("partner 0 times" in p for p in problems)


def test_the_checker_catches_a_player_seated_twice():
    schedule = whist_schedule(8)
    twice = schedule.rounds[2][0].north

    assert f"round 3: player {twice} is seated twice" in check_whist(
        replace_table(schedule, 3, 2, south=twice)
    )


def test_the_checker_catches_a_player_who_is_not_there_and_a_lost_empty_seat():
    schedule = whist_schedule(7)
    at = next(t for t in schedule.rounds[0] if not t.plays)
    empty = next(seat for seat in ("north", "east", "south", "west") if getattr(at, seat) is None)

    problems = check_whist(replace_table(schedule, 1, at.table, **{empty: 8}))

    assert "round 1: there is no player 8" in problems
    assert "round 1: 0 empty seats, not 1" in problems


def test_the_checker_catches_a_lost_round_and_tables_misnumbered():
    schedule = whist_schedule(9)
    lost = dataclasses.replace(schedule, rounds=schedule.rounds[1:])
    repeated = dataclasses.replace(schedule, rounds=schedule.rounds[:-1] + schedule.rounds[:1])
    misnumbered = replace_table(schedule, 2, 1, table=5)

    assert "round 1: a table says it is in another round" in check_whist(lost)
    assert any("partner 2 times" in p for p in check_whist(repeated))
    assert any("partner 0 times" in p for p in check_whist(repeated))
    assert "round 2: tables are not numbered 1 to 2" in check_whist(misnumbered)


def test_the_checker_catches_sit_outs_bunched_together():
    schedule = whist_schedule(9, rounds=5)
    # in rounds 2 to 5 the bye takes player 1's seat, so player 1 sits out all five
    bunched = schedule
    for r in range(2, 6):
        bunched = swap_players(bunched, r, 1, r)

    assert "the sit-outs are 5 apart, more than 1" in check_whist(bunched)


def test_the_checker_catches_a_4n_plus_2_schedule_broken_or_bunched():
    schedule = whist_schedule(10)
    north, east = schedule.rounds[0][0].north, schedule.rounds[0][0].east
    # in round 2 player 1 sits out in place of player 3: twice against player 3's none
    bunched = swap_players(whist_schedule(10, rounds=2), 2, 1, 3)
    short = replace_table(schedule, 1, 1, north=None)

    assert any("partner 2 times" in p for p in check_whist(swap_players(schedule, 1, north, east)))
    assert "the sit-outs are 2 apart, more than 1" in check_whist(bunched)
    assert "round 1: 6 players sit out" in check_whist(short)
    assert "round 1: 1 empty seats, not 0" in check_whist(short)


def test_the_checker_catches_two_players_opposing_three_times_in_a_shortened_evening():
    # Three rounds of eight players, nobody partnering twice, but 1 and 2, 3 and 4, 5 and 6, and
    # 7 and 8 always against each other.
    seating = [
        [(1, 2, 3, 4), (5, 6, 7, 8)],
        [(1, 2, 5, 6), (3, 4, 7, 8)],
        [(1, 2, 7, 8), (3, 4, 5, 6)],
    ]
    rounds = tuple(
        tuple(WhistTable(r, t, *seats) for t, seats in enumerate(tables, 1))
        for r, tables in enumerate(seating, 1)
    )

    problems = check_whist(dataclasses.replace(whist_schedule(8, rounds=3), rounds=rounds))

    assert problems == [f"players {a} and {a + 1} oppose 3 times" for a in (1, 3, 5, 7)]


def test_the_checker_catches_a_table_left_short():
    schedule = whist_schedule(13)

    problems = check_whist(replace_table(schedule, 1, 1, north=None))

    assert "round 1: 1 empty seats, not 0" in problems
    assert "round 1: 5 players sit out" in problems


def test_every_size_is_built_from_the_stored_designs_and_checks_out():
    # How long it takes is for bench/, not for a test on a shared machine (about 40 ms for all 37
    # sizes on one core; a search would take minutes).
    whist_module._full_schedule.cache_clear()
    whist_designs.design_rounds.cache_clear()
    for players in SIZES:
        assert check_whist(whist_schedule(players)) == [], players
