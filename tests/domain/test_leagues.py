"""An inter-club league: the fixture list, a match's result from its two cards, the league table."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.leagues import (
    AGREED,
    DEALS,
    HELD,
    TABLES,
    WAITING,
    LeagueError,
    Meeting,
    Played,
    check_card,
    league_table,
    make_fixtures,
    match_movement,
    match_result,
    stanza_deals,
    stanza_result,
)

SIZES = range(2, 21)


def _clubs(count: int) -> list[str]:
    return [f"Club {k}" for k in range(1, count + 1)]


@pytest.mark.parametrize("count", SIZES)
def test_every_pair_meets_four_times_twice_at_each_home(count):
    clubs = _clubs(count)
    homes = Counter((f.home, f.away) for f in make_fixtures(clubs))
    for home in clubs:
        for away in clubs:
            assert homes[home, away] == (0 if home == away else 2)


@pytest.mark.parametrize("count", SIZES)
def test_no_club_plays_twice_in_a_round(count):
    rounds: dict[int, list[str]] = {}
    for fixture in make_fixtures(_clubs(count)):
        rounds.setdefault(fixture.round, []).extend([fixture.home, fixture.away])
    for clubs in rounds.values():
        assert len(clubs) == len(set(clubs))


@pytest.mark.parametrize("count", SIZES)
def test_the_rounds_run_one_to_the_last_with_every_club_but_a_bye_in_each(count):
    fixtures = make_fixtures(_clubs(count))
    even = count + count % 2
    assert sorted({f.round for f in fixtures}) == list(range(1, 4 * (even - 1) + 1))
    for number in range(1, 4 * (even - 1) + 1):
        assert sum(1 for f in fixtures if f.round == number) == count // 2


@pytest.mark.parametrize("count", [n for n in SIZES if n % 2])
def test_an_odd_league_gives_each_club_one_bye_a_leg(count):
    clubs = _clubs(count)
    fixtures = make_fixtures(clubs)
    leg = count  # rounds in a leg: count + 1 places, each meeting the other count
    for club in clubs:
        byes = [
            number
            for number in range(1, 4 * leg + 1)
            if not any(club in (f.home, f.away) for f in fixtures if f.round == number)
        ]
        assert [(number - 1) // leg for number in byes] == [0, 1, 2, 3]


@pytest.mark.parametrize("count", SIZES)
def test_home_and_away_alternate_with_at_most_two_running_inside_a_leg(count):
    clubs = _clubs(count)
    fixtures = make_fixtures(clubs)
    leg = count + count % 2 - 1
    for club in clubs:
        for first in range(1, 4 * leg, leg):
            played = sorted(
                (f.round, f.home == club)
                for f in fixtures
                if club in (f.home, f.away) and first <= f.round < first + leg
            )
            run = longest = 1
            for (_, before), (_, after) in zip(played, played[1:], strict=False):
                run = run + 1 if before == after else 1
                longest = max(longest, run)
            assert longest <= 2, (club, first, played)


@pytest.mark.parametrize("count", SIZES)
def test_home_and_away_stay_level_round_by_round(count):
    clubs = _clubs(count)
    balance = Counter()
    fixtures = make_fixtures(clubs)
    assert [f.round for f in fixtures] == sorted(f.round for f in fixtures)
    for fixture in fixtures:
        balance[fixture.home] += 1
        balance[fixture.away] -= 1
        assert abs(balance[fixture.home]) <= 2 and abs(balance[fixture.away]) <= 2


@pytest.mark.parametrize("clubs", [[], ["Dee"], _clubs(21), ["Dee", "Don", "Dee"]])
def test_a_league_of_the_wrong_clubs_is_refused(clubs):
    with pytest.raises(LeagueError):
        make_fixtures(clubs)


def test_each_home_pair_meets_each_visiting_pair_for_one_stanza():
    movement = match_movement()
    assert Counter((m.home_pair, m.away_pair) for m in movement) == {
        (h, a): 1 for h in TABLES for a in TABLES
    }
    for meeting in movement:
        assert meeting.home_pair == meeting.table and len(meeting.deals) == 8
    for deal in DEALS:
        assert sorted(m.away_pair for m in movement if deal in m.deals) == [1, 2, 3]


def _cards(home_tricks):
    home = {(t, d): home_tricks(t, d) for t in TABLES for d in DEALS}
    return home, {key: 13 - tricks for key, tricks in home.items()}


@given(st.lists(st.integers(0, 13), min_size=72, max_size=72))
def test_agreeing_cards_give_the_tricks_and_the_points(figures):
    home, away = _cards(lambda t, d: figures[(t - 1) * 24 + d - 1])
    result = match_result(home, away)
    assert result.state == AGREED
    assert result.home_tricks == sum(figures)
    assert result.home_tricks + result.away_tricks == 3 * 24 * 13
    points = {True: (3, 0), False: (0, 3)}.get(result.home_tricks > result.away_tricks)
    if result.home_tricks == result.away_tricks:
        points = (1, 1)
    assert (result.home_points, result.away_points) == points


@given(st.sets(st.tuples(st.sampled_from(TABLES), st.sampled_from(list(DEALS))), min_size=1, max_size=10))
def test_any_deal_that_does_not_add_up_holds_the_result(wrong):
    home, away = _cards(lambda t, d: 6)
    for key in wrong:
        away[key] = 8
    result = match_result(home, away)
    assert result.state == HELD
    assert result.home_points == result.away_points == 0
    assert {(d.table, d.deal) for d in result.differences} == wrong


def test_a_held_result_says_which_deals_differ():
    home, away = _cards(lambda t, d: 6)
    away[1, 3] = 9
    away[2, 5] = away[2, 9] = 8
    assert match_result(home, away).reason == "table 1 deal 3 differs; table 2 deals 5 and 9 differ"


def test_a_missing_card_keeps_the_result_waiting():
    home, away = _cards(lambda t, d: 6)
    away = {key: tricks for key, tricks in away.items() if key[0] != 3}
    result = match_result(home, away)
    assert result.state == WAITING
    assert result.reason == "waiting for the visitors' card of table 3"
    home.pop((1, 1))
    assert match_result(home, away).reason == (
        "waiting for the home side's card of table 1 and the visitors' card of table 3"
    )


def test_a_tables_two_cards_are_compared_while_another_tables_are_still_to_come():
    """The players of a table hear of a deal that differs while they are still at it, not once
    the last table has finished."""
    home, away = _cards(lambda t, d: 6)
    away = {key: tricks for key, tricks in away.items() if key[0] != 3}
    away[1, 4] = 8
    result = match_result(home, away)
    assert result.state == HELD
    assert result.reason == "table 1 deal 4 differs"
    assert result.missing == (("away", 3),)
    assert result.home_points == result.away_points == 0


@pytest.mark.parametrize(
    ("card", "message"),
    [
        ({d: 6 for d in DEALS if d != 4}, "Table 2: the tricks of deal 4 are missing."),
        ({**{d: 6 for d in DEALS}, 7: 14}, "Table 2, deal 7: 14 tricks is not possible"),
        ({**{d: 6 for d in DEALS}, 7: -1}, "Table 2, deal 7: -1 tricks is not possible"),
        ({**{d: 6 for d in DEALS}, 25: 6}, "deals 1 to 24 only"),
    ],
)
def test_a_card_out_of_the_rules_is_refused_in_plain_words(card, message):
    with pytest.raises(LeagueError, match=message):
        check_card(card, table=2)


def test_the_table_orders_by_points_then_difference_then_tricks_for():
    table = league_table(
        ["A", "B", "C", "D"],
        [
            Played("A", "B", 470, 466),  # A wins by 4
            Played("C", "D", 480, 456),  # C wins by 24
            Played("A", "C", 468, 468),  # a tie
            Played("B", "D", 468, 468),
        ],
    )
    assert [(r.place, r.club, r.points) for r in table] == [
        ("1", "C", 4),
        ("2", "A", 4),
        ("3", "B", 1),
        ("4", "D", 1),
    ]
    assert (table[0].played, table[0].won, table[0].tied, table[0].lost) == (2, 1, 1, 0)
    assert (table[0].tricks_for, table[0].tricks_against, table[0].difference) == (948, 924, 24)


def test_the_trick_difference_comes_before_tricks_for_a_club_that_has_played_more():
    table = league_table(
        ["A", "B", "C", "D"],
        [
            Played("A", "C", 478, 458),  # A wins by 20 in its only match
            Played("B", "D", 480, 456),  # B wins by 24 and loses by 16: more tricks, less difference
            Played("D", "B", 476, 460),
        ],
    )

    assert [(r.club, r.points, r.difference, r.tricks_for) for r in table] == [
        ("A", 3, 20, 478),
        ("B", 3, 8, 940),
        ("D", 3, -8, 932),
        ("C", 0, -20, 458),
    ]
    assert [r.place for r in table] == ["1", "2", "3", "4"]


def test_clubs_level_on_everything_share_a_place():
    table = league_table(["A", "B", "C"], [Played("A", "B", 468, 468)])
    assert [(r.place, r.club) for r in table] == [("1=", "A"), ("1=", "B"), ("3", "C")]


# --- Games and rubbers ----------------------------------------------------------------------------

# Bennet's rubber, the home pair N/S: won 5–4, lost 1–5, won 5–0 (+4), and a deal of a new rubber.
_BENNET = [7, 4, 6, 11, 7, 2, 12, 9]


def _rubber_cards(home_honours=None):
    home = {(t, d): 6 for t in TABLES for d in DEALS}  # E/W 1 a deal everywhere else
    home.update({(1, d): tricks for d, tricks in enumerate(_BENNET, start=1)})  # table 1, stanza 1
    away = {key: 13 - tricks for key, tricks in home.items()}
    honours = home_honours or {}
    return home, away, honours, {key: -claimed for key, claimed in honours.items()}


def test_a_league_match_in_rubbers_is_won_by_the_rubber_points_over_its_tables():
    home, away, home_h, away_h = _rubber_cards()
    result = match_result(home, away, game=5, home_honours=home_h, away_honours=away_h)
    # Table 1's first stanza: +4 to the home pair; every other stanza: the visitors' treble and 3
    # points of a game unfinished, −3. Eight such stanzas: −24; the home club −20 in all.
    assert result.home_rubber_points == 4 - 8 * 3 and result.away_rubber_points == 20
    assert (result.home_points, result.away_points) == (0, 3)


def test_the_two_cards_must_agree_on_the_honours_too():
    home, away, home_h, away_h = _rubber_cards({(1, 8): 4})
    away_h[(1, 8)] = 0  # the visitors' card left the home side's four honours out
    held = match_result(home, away, game=5, home_honours=home_h, away_honours=away_h)
    assert held.state == HELD and held.reason == "table 1 deal 8 differs"
    assert held.differences[0].home_honours == 4 and held.differences[0].away_honours == 0
    # Without games the honours are nobody's business.
    assert match_result(home, away, home_honours=home_h, away_honours=away_h).state == "agreed"


def test_a_stanzas_deals_in_the_home_pairs_terms():
    meeting = Meeting(1, 1, 1, range(1, 9))
    home, _, home_h, _ = _rubber_cards({(1, 2): -2, (1, 3): 4})
    assert stanza_deals(home, home_h, meeting)[:3] == [(7, ""), (4, "EW2"), (6, "NS4")]
    assert stanza_result(5, home, {}, meeting) == (4, -4)


def test_honours_on_a_card_are_checked():
    with pytest.raises(LeagueError, match="deal 3: honours are 4 or 2 to your side"):
        check_card(dict.fromkeys(DEALS, 7), table=1, honours={3: 3})


def test_the_league_table_counts_rubber_points_before_tricks():
    played = [Played("Dee", "Don", 300, 324, home_rubber_points=6), Played("Don", "Ury", 312, 312, 0)]
    table = league_table(["Dee", "Don", "Ury"], played)
    assert [(row.club, row.points, row.rubber_points) for row in table] == [
        ("Dee", 3, 6),
        ("Ury", 1, 0),
        ("Don", 1, -6),
    ]


def _venues(fixtures, club) -> list[bool]:
    """The club's matches in order, True at home: a bye between two matches counts for nothing."""
    return [f.home == club for f in sorted(fixtures, key=lambda f: f.round) if club in (f.home, f.away)]


@given(st.integers(3, 16), st.randoms(use_true_random=False))
def test_no_club_plays_three_home_or_three_away_running_all_season(count, random):
    clubs = _clubs(count)
    random.shuffle(clubs)
    fixtures = make_fixtures(clubs)
    for club in clubs:
        venues = _venues(fixtures, club)
        runs = [venues[k : k + 3] for k in range(len(venues) - 2) if len(set(venues[k : k + 3])) == 1]
        assert runs == [], (club, venues)


@given(st.integers(3, 16), st.randoms(use_true_random=False))
def test_no_club_meets_the_same_club_two_rounds_running(count, random):
    clubs = _clubs(count)
    random.shuffle(clubs)
    opponents: dict[str, list[tuple[int, str]]] = {club: [] for club in clubs}
    for f in make_fixtures(clubs):
        opponents[f.home].append((f.round, f.away))
        opponents[f.away].append((f.round, f.home))
    for club, met in opponents.items():
        met.sort()
        for (before, one), (after, other) in zip(met, met[1:], strict=False):
            assert not (after == before + 1 and one == other), (club, before, one)


@pytest.mark.parametrize("count", [4, 6, 16])
def test_the_first_two_meetings_are_a_double_round_robin(count):
    clubs = _clubs(count)
    leg = count + count % 2 - 1
    first = [(f.home, f.away) for f in make_fixtures(clubs) if f.round <= 2 * leg]
    assert sorted(first) == sorted((h, a) for h in clubs for a in clubs if h != a)
