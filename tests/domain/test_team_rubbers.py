"""A team night in games and rubbers: the away pairs stay a visit of several hands at a table,
each visit's hands are that table's games, and the teams take their pairs' rubber points."""

import pytest

from tournaments.domain.drives.team_rubbers import score_rubber_teams, table_score
from tournaments.domain.drives.teams import meetings, rank_teams, visits
from tournaments.domain.errors import DriveError

# Bennet's rubber as N/S's deals: won 5–4, lost 1–5, won 5–0 (+4 to N/S).
BENNET = [(7, ""), (4, ""), (6, ""), (11, ""), (7, ""), (2, ""), (12, "")]


def test_the_away_pairs_stay_a_visit_at_each_table():
    for hand in range(1, 9):
        assert visits(3, hand, per_round=4) == tuple(
            v.__class__(hand, v.table, v.home, v.away) for v in visits(3, 1 if hand <= 4 else 2)
        )
    assert set(meetings(4, 12, per_round=4).values()) == {4}  # each away pair 4 hands with each home pair


def test_a_visits_rubber_goes_to_the_two_teams():
    deals = {(hand, 1): deal for hand, deal in enumerate(BENNET, start=1)}
    deals |= {(1, 2): (2, ""), (2, 2): (2, ""), (3, 2): (8, "")}  # E/W 11 tricks, 11 tricks, then 2–0
    scores = score_rubber_teams(5, 2, deals, per_round=8)
    # Table 1: team 1's home pair +4, team 2's away pair −4. Table 2: E/W (team 1's away pair) win
    # two trebles and the rubber, 3 + 3 + 2 = 8; the third hand starts a new rubber, no game yet.
    assert (scores[1].home.points, scores[1].away.points) == (4, 8)
    assert (scores[2].home.points, scores[2].away.points) == (-8, -4)
    assert sum(s.points for s in scores.values()) == 0
    assert [s.team for _, s in rank_teams(scores)] == [1, 2]


def test_the_next_visit_starts_a_new_game():
    deals = {(1, 1): (10, ""), (2, 1): (10, "")}  # 4 points, then a new visit: 4 again, no game
    assert score_rubber_teams(5, 2, deals, per_round=1)[1].points == 0
    assert table_score(5, deals, hand=2, table=1, per_round=1).points == (4, 0)
    assert table_score(5, deals, hand=2, table=1, per_round=2).finished[-1].value == 3


def test_a_bad_claim_is_refused_as_a_drives_error():
    with pytest.raises(DriveError, match="not an honours claim"):
        score_rubber_teams(5, 2, {(1, 1): (7, "NS3")})
