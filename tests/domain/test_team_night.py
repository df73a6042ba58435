"""Team nights: the away pairs' schedule keeps every team off its own table and spreads the meetings
as evenly as the hands allow; the points and the ranking follow the club's rule."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.drives import Format, moves, plan_drive, senders
from tournaments.domain.drives.teams import (
    AWAY,
    HOME,
    Rule,
    away_table,
    hand_points,
    meetings,
    rank_pairs,
    rank_teams,
    schedule,
    score_teams,
    visits,
)
from tournaments.domain.errors import DriveError

SIZES = range(2, 31)
HANDS = range(1, 41)


@pytest.mark.parametrize("teams", SIZES)
def test_no_team_meets_itself_and_every_table_gets_one_away_pair(teams):
    for hands in HANDS:
        for hand, tables in schedule(teams, hands).items():
            assert [v.table for v in tables] == list(range(1, teams + 1))
            assert [v.home for v in tables] == list(range(1, teams + 1))
            assert sorted(v.away for v in tables) == list(range(1, teams + 1))
            assert all(v.away != v.home for v in tables)
            for v in tables:
                assert away_table(teams, v.away, hand) == v.table


@pytest.mark.parametrize("teams", SIZES)
def test_no_pair_meets_a_home_pair_again_while_it_can_be_avoided(teams):
    for hands in HANDS:
        met = meetings(teams, hands)
        for team in range(1, teams + 1):
            times = [met[(team, home)] for home in range(1, teams + 1) if home != team]
            assert sum(times) == hands
            # Evenly as can be: after h hands against T - 1 home pairs, each met h // (T - 1) or
            # one more time; so none a second time while one is still unmet.
            assert max(times) - min(times) <= 1
            assert max(times) == -(-hands // (teams - 1))


@pytest.mark.parametrize("teams", range(3, 31))
def test_the_away_pairs_move_up_one_table_passing_over_their_own(teams):
    for team in range(1, teams + 1):
        tables = [away_table(teams, team, hand) for hand in range(1, 41)]
        for before, after in zip(tables, tables[1:], strict=False):
            step = (after - before) % teams
            assert step == 1 or (step == 2 and (before % teams) + 1 == team)


def test_twenty_five_teams_play_eighteen_hands_never_at_home_and_never_twice():
    plan = schedule(25, 18)
    assert len(plan) == 18
    for tables in plan.values():
        assert len(tables) == 25
        assert all(v.away != v.home for v in tables)
    assert set(meetings(25, 18).values()) == {1}


def test_two_teams_play_each_other_every_hand():
    assert all([(v.home, v.away) for v in tables] == [(1, 2), (2, 1)] for tables in schedule(2, 12).values())


@pytest.mark.parametrize("teams", [1, 0])
def test_one_team_is_refused_in_words(teams):
    with pytest.raises(DriveError, match="at least two teams"):
        schedule(teams, 4)


def test_no_hands_is_refused():
    with pytest.raises(DriveError, match="at least one hand"):
        schedule(4, 0)


@pytest.mark.parametrize(
    "rule, ns, points",
    [
        (Rule.MAJORITY, 7, (1, 0)),
        (Rule.MAJORITY, 6, (0, 1)),
        (Rule.MAJORITY, 12, (1, 0)),
        (Rule.MAJORITY, 13, (2, 0)),
        (Rule.MAJORITY, 0, (0, 2)),
        (Rule.TRICKS, 8, (8, 5)),
        (Rule.TRICKS, 13, (13, 0)),
    ],
)
def test_the_points_of_a_hand(rule, ns, points):
    assert hand_points(rule, ns) == points


def test_a_count_of_fourteen_is_refused():
    with pytest.raises(DriveError, match="0 to 13"):
        hand_points(Rule.MAJORITY, 14)


@given(
    teams=st.integers(2, 30),
    hands=st.integers(1, 40),
    rule=st.sampled_from(list(Rule)),
    seed=st.randoms(use_true_random=False),
)
def test_a_team_scores_what_its_two_pairs_scored_at_their_tables(teams, hands, rule, seed):
    results = {(h, t): seed.randint(0, 13) for h in range(1, hands + 1) for t in range(1, teams + 1)}
    scores = score_teams(rule, teams, results)
    for team, score in scores.items():
        home = [hand_points(rule, results[(h, team)])[0] for h in range(1, hands + 1)]
        away = [hand_points(rule, results[(h, away_table(teams, team, h))])[1] for h in range(1, hands + 1)]
        assert (score.home.points, score.away.points) == (sum(home), sum(away))
        assert score.points == score.home.points + score.away.points
        assert score.hands == 2 * hands
    # Every table shares 13 tricks between its two pairs.
    assert sum(s.tricks for s in scores.values()) == 13 * teams * hands
    if rule == Rule.MAJORITY:
        assert teams * hands <= sum(s.points for s in scores.values()) <= 2 * teams * hands


def test_teams_level_on_points_are_separated_by_tricks_then_share():
    # 4 teams, hand 1: table t is visited by team t - 1 (team 4 at table 1).
    results = {(1, 1): 7, (1, 2): 7, (1, 3): 7, (1, 4): 7}
    ranked = rank_teams(score_teams(Rule.MAJORITY, 4, results))
    # Every home pair won 7-6: every team has one point and 13 tricks, and they all share first place.
    assert [place for place, _ in ranked] == ["1="] * 4
    results[(1, 1)] = 8  # team 1 takes a trick from team 4: level on points, not on tricks
    ranked = rank_teams(score_teams(Rule.MAJORITY, 4, results))
    assert [(place, s.team) for place, s in ranked] == [("1", 1), ("2=", 2), ("2=", 3), ("4", 4)]


def test_the_pairs_rank_by_points_then_tricks():
    # 2 teams: team 1's home pair took 9 at table 1, its away pair 9 at table 2.
    ranked = rank_pairs(score_teams(Rule.TRICKS, 2, {(1, 1): 9, (1, 2): 4}))
    assert [(place, p.team, p.pair, p.points) for place, p in ranked] == [
        ("1=", 1, HOME, 9),
        ("1=", 1, AWAY, 9),
        ("3=", 2, HOME, 4),
        ("3=", 2, AWAY, 4),
    ]


def test_the_visits_of_a_hand_are_named_by_table():
    assert [(v.table, v.away) for v in visits(3, 1)] == [(1, 3), (2, 1), (3, 2)]


@pytest.mark.parametrize("teams", [2, 3, 7, 25])
def test_the_team_nights_plan_is_the_drives_plan_and_its_moves_and_senders_follow_the_schedule(teams):
    """A team night is planned like every scheduled drive: ``plan_drive`` seats it, and the
    scheduled drives' ``moves`` and ``senders`` send each away pair to its next table."""
    keys = [f"{side}{team}{role}" for team in range(1, teams + 1) for side in (HOME, AWAY) for role in "LG"]
    plan = plan_drive(Format.TEAMS, keys, hands=18)
    assert (plan.hands, plan.tables, plan.sit_out_table) == (18, teams, None)
    for hand in range(1, 19):
        for v, seated in zip(visits(teams, hand), plan.seating(hand), strict=True):
            assert seated.ns == (f"home{v.home}L", f"home{v.home}G")
            assert seated.ew == (f"away{v.away}L", f"away{v.away}G")
        if hand == 18:
            continue
        for table, seated in plan.by_hand(hand).items():
            going = moves(plan.by_hand(hand), plan.by_hand(hand + 1), table)
            assert all(going[p].stays for p in seated.ns)
            away = int(seated.ew[0][4:-1])
            assert {going[p].table for p in seated.ew} == {away_table(teams, away, hand + 1)}
            comes_from = senders(plan.by_hand(hand), plan.by_hand(hand + 1), table)
            visitors = visits(teams, hand + 1)[table - 1].away
            assert comes_from == {table, away_table(teams, visitors, hand)}


@pytest.mark.parametrize(
    ("players", "hands", "said"),
    [(7, 4, "four players"), (4, 4, "at least two teams"), (8, 0, "at least one hand")],
)
def test_a_team_night_that_cannot_be_planned_is_refused_in_words(players, hands, said):
    with pytest.raises(DriveError, match=said):
        plan_drive(Format.TEAMS, [f"P{k}" for k in range(1, players + 1)], hands=hands)
