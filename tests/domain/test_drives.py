"""Progressive drives: the seating of every hand follows the format's rule (domain.md section 4)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.domain.drives import (
    AVERAGE,
    EW,
    NS,
    PRESETS,
    SCHEDULED,
    Circles,
    Format,
    HandLine,
    PlayerScore,
    Prize,
    award_prizes,
    departures,
    next_seatings,
    parse_prizes,
    play_drive,
    rank_players,
    score_players,
    sources,
    start_seating,
)
from tournaments.domain.errors import DriveError

MOVING = [fmt for fmt in Format if fmt not in SCHEDULED]  # seated by results, not from a schedule


def _players(count: int) -> tuple[list[str], list[str]]:
    """Card numbers as create_drive gives them: seats in order L1, G1, L2, G2, …, ghosts last."""
    tables = -(-count // 4)
    seats = [f"{role}{k}" for k in range(1, 2 * tables + 1) for role in "LG"][:count]
    return [p for p in seats if p[0] == "L"], [p for p in seats if p[0] == "G"]


def _drive(fmt: Format, count: int, hands: int, seed: int):
    ladies, gents = _players(count)
    rng = random.Random(seed)
    return (
        ladies,
        gents,
        play_drive(fmt, start_seating(ladies, gents), hands, lambda h, s: rng.randint(0, 13)),
    )


def test_the_worked_example_of_domain_md():
    start = {t.table: t for t in start_seating(*_players(12))}
    results = {1: 7, 2: 6, 3: 9}  # first couple wins at 1 and 3, the second at 2
    expected = {
        Format.SEMI_PARTNER: {"L1+G1 v L6+G3", "L4+G4 v L2+G6", "L5+G5 v L3+G2"},
        Format.PROGRESSIVE: {"L1+G3 v L6+G1", "L4+G6 v L2+G4", "L5+G2 v L3+G5"},
        Format.WINNERS_MOVE: {"L2+G4 v L5+G2", "L3+G5 v L1+G3", "L6+G1 v L4+G6"},
    }
    for fmt, tables in expected.items():
        seated = next_seatings(fmt, start, results)
        # The example writes each table's couples in either order.
        got = {frozenset(str(seated[t]).split(" v ")) for t in seated}
        assert got == {frozenset(t.split(" v ")) for t in tables}, fmt


def test_a_table_waits_for_the_tables_that_send_it_players():
    start = {t.table: t for t in start_seating(*_players(20))}
    seated = next_seatings(Format.PROGRESSIVE, start, {1: 8, 2: 5, 3: 7})
    # Table 2 takes a lady from 1 and a gent from 3: all in. Table 1 needs table 5's lady.
    assert set(seated) == {2}


@settings(max_examples=80, deadline=None)
@given(fmt=st.sampled_from(MOVING), count=st.integers(4, 60), seed=st.integers(0, 10**6))
def test_a_result_corrected_after_the_next_hand_used_it_moves_nobody_again(fmt, count, seed):
    """Some of hand 2 is seated, then a result changes side: the rest of hand 2 is seated as the
    first results moved everyone, so each player sits once, where they would have sat."""
    if fmt == Format.PARTNER and count % 4 not in (0, 2):
        return
    rng = random.Random(seed)
    start = {t.table: t for t in start_seating(*_players(count))}
    results = {t: rng.randint(0, 13) for t, sat in start.items() if not sat.sit_out}
    whole = next_seatings(fmt, start, results)
    first = [t for t in start if rng.random() < 0.5]
    seated = {t: whole[t] for t in first}
    corrected = dict(results)
    for table in results:
        if rng.random() < 0.3:
            corrected[table] = 13 - results[table]  # the other side won after all
    circles = Circles.of(start)
    rest = next_seatings(fmt, start, corrected, seated=seated, circles=circles)
    # A table's result was used once a table it sends players to is seated; the others move by
    # the corrected result.
    used = {s for t in first for s in sources(fmt, t, circles)}
    moved_by = {t: results[t] if t in used else corrected[t] for t in results}
    assert rest == {t: s for t, s in next_seatings(fmt, start, moved_by).items() if t not in seated}
    players = [p for sat in (seated | rest).values() for p in sat.players]
    assert sorted(players) == sorted(p for sat in start.values() for p in sat.players)


@settings(max_examples=60, deadline=None)
@given(
    fmt=st.sampled_from(MOVING),
    count=st.integers(4, 60),
    hands=st.integers(1, 26),
    seed=st.integers(0, 10**6),
)
def test_every_hand_seats_every_player_once_and_fills_every_table(fmt, count, hands, seed):
    if fmt == Format.PARTNER and count % 4 not in (0, 2):
        with pytest.raises(DriveError):
            _drive(fmt, count, hands, seed)
        return
    ladies, gents, (seatings, results) = _drive(fmt, count, hands, seed)
    tables = -(-count // 4)
    ghosts = 4 * tables - count
    for seated in seatings.values():
        assert sorted(seated) == list(range(1, tables + 1))
        everyone = [p for t in seated.values() for p in t.players]
        assert sorted(everyone) == sorted(ladies + gents)
        for t in seated.values():
            assert all(lady is None or lady[0] == "L" for lady in (t.ns[0], t.ew[0]))
            assert all(gent is None or gent[0] == "G" for gent in (t.ns[1], t.ew[1]))
        sitting_out = [t for t in seated.values() if t.sit_out]
        assert len(sitting_out) == (1 if ghosts else 0)
        if ghosts:  # the ghosts stay at the last table, and only 4 - ghosts sit out
            assert sitting_out[0].table == tables
            assert len(sitting_out[0].players) == 4 - ghosts
    scores = score_players(
        {p: p[0] for p in ladies + gents}, seatings, results, hands=hands, halves=min(2, hands)
    )
    assert all(len(s.lines) == hands for s in scores.values())
    for (hand, table), tricks in results.items():
        seated = seatings[hand][table]
        ns = scores[seated.ns[0]].hand_score(hand)
        ew = scores[seated.ew[0]].hand_score(hand)
        assert ns + ew == 13 and ns == tricks


@settings(max_examples=60, deadline=None)
@given(fmt=st.sampled_from(MOVING), tables=st.integers(2, 9), seed=st.integers(0, 10**6))
def test_each_format_moves_players_as_domain_md_says(fmt, tables, seed):
    ladies, gents, (seatings, results) = _drive(fmt, 4 * tables, 6, seed)
    circles = Circles.of(seatings[1])
    for hand in range(1, 6):
        now, after = seatings[hand], seatings[hand + 1]
        where = {p: (t.table, t) for t in after.values() for p in t.players}
        for t, sat in now.items():
            won = NS if results[(hand, t)] >= 7 else EW
            winners, losers = (sat.ns, sat.ew) if won == NS else (sat.ew, sat.ns)
            up, down = t % tables + 1, (t - 2) % tables + 1
            if fmt == Format.PARTNER:
                assert where[winners[0]][0] == where[winners[1]][0] == up
                assert after[up].couple_of(winners[0]) == winners
                assert where[losers[0]][0] == t and after[t].couple_of(losers[0]) == losers
                continue
            stay, move = (winners, losers) if fmt != Format.WINNERS_MOVE else (losers, winners)
            assert where[move[0]][0] == up and where[move[1]][0] == down
            assert where[stay[0]][0] == where[stay[1]][0] == t
            together = after[t].partner_of(stay[0]) == stay[1]
            assert together == (fmt == Format.SEMI_PARTNER)
            # The staying lady keeps her seat; the told moves agree with the seating.
            assert after[t].side_of(stay[0]) == sat.side_of(stay[0])
            told = departures(fmt, sat, results[(hand, t)], circles)
            assert {p: d.table for p, d in told.items()} == {p: where[p][0] for p in sat.players}
            for p, d in told.items():
                assert d.crosses == (d.stays and after[t].side_of(p) != sat.side_of(p))


@pytest.mark.parametrize("count", [17, 18, 19, 21, 22, 23])
def test_the_sitting_out_goes_round(count):
    """Over a 24-hand evening no player sits out more than a few hands more than another."""
    spreads = []
    for seed in range(20):
        ladies, gents, (seatings, _) = _drive(Format.PROGRESSIVE, count, 24, seed)
        sat_out = {p: 0 for p in ladies + gents}
        for seated in seatings.values():
            for t in seated.values():
                if t.sit_out:
                    for p in t.players:
                        sat_out[p] += 1
        assert sum(sat_out.values()) == 24 * (4 - (-count % 4))
        spreads.append(max(sat_out.values()) - min(sat_out.values()))
        # Nobody stays at the sit-out table more than two hands running.
        for player in ladies + gents:
            run = 0
            for hand in sorted(seatings):
                at_ghost = any(t.sit_out and player in t.players for t in seatings[hand].values())
                run = run + 1 if at_ghost else 0
                assert run <= 2
    assert max(spreads) <= 8


def test_players_are_refused_when_the_roles_cannot_fill_the_seats():
    with pytest.raises(DriveError, match="Ask 2 of the ladies to play the other role"):
        start_seating([f"L{k}" for k in range(1, 11)], [f"G{k}" for k in range(1, 7)])


def test_sit_out_scores_and_prizes():
    ladies, gents = _players(18)
    seatings, results = play_drive(Format.PROGRESSIVE, start_seating(ladies, gents), 4, lambda h, s: 7)
    roles = {p: p[0] for p in ladies + gents}
    seven = score_players(roles, seatings, results, hands=4, halves=2)
    average = score_players(roles, seatings, results, hands=4, halves=2, sit_out_score=AVERAGE)
    # L9 and G9 sit out hand 1 at the last table.
    assert seven["L9"].lines[0].sat_out and seven["L9"].lines[0].tricks == 7
    assert average["L9"].lines[0].tricks == 6.5
    # All 7s: the ladies who never sat out are level on everything and must cut.
    awards = award_prizes([Prize.LADY_1, Prize.LADY_2, Prize.OVERALL], seven)
    assert awards[0].player is None and awards[0].score == 28 and len(awards[0].tied) > 1
    held = set(awards[0].tied)
    assert not held & {a.player for a in awards[1:]} and not held & {p for a in awards[1:] for p in a.tied}
    cut = award_prizes([Prize.LADY_1, Prize.LADY_2], seven, cuts={Prize.LADY_1: awards[0].tied[-1]})
    assert cut[0].player == awards[0].tied[-1] and cut[0].cut
    assert set(cut[1].tied) == held - {cut[0].player} or cut[1].player in held


def test_a_tie_is_cut_for_and_the_cut_recorded():
    ladies, gents = _players(8)
    seatings, results = play_drive(Format.PARTNER, start_seating(ladies, gents), 2, lambda h, s: 7)
    scores = score_players({p: p[0] for p in ladies + gents}, seatings, results, hands=2, halves=1)
    # Partners L1+G1 won the first hand; in the second they met L4+G4 at table 2 and won again.
    tied = award_prizes([Prize.LADY_1], scores)[0]
    level = [p for p in ladies if scores[p].score == max(scores[q].score for q in ladies)]
    if len(level) > 1:
        assert tied.player is None and set(tied.tied) == set(level)
        cut = award_prizes([Prize.LADY_1], scores, cuts={Prize.LADY_1: level[-1]})[0]
        assert cut.player == level[-1] and cut.cut
    else:
        assert tied.player == level[0]


def test_the_booby_is_the_lowest_and_ties_break_on_the_last_half():
    ladies, gents = _players(8)
    outcome = iter([13, 0, 0, 13])  # hand 1: table 1 N/S 13, table 2 N/S 0; hand 2 the reverse
    seatings, results = play_drive(
        Format.SEMI_PARTNER, start_seating(ladies, gents), 2, lambda h, s: next(outcome)
    )
    scores = score_players({p: p[0] for p in ladies + gents}, seatings, results, hands=2, halves=2)
    booby = award_prizes([Prize.BOOBY_LADY], scores)[0]
    # Every lady has 13; those who took 0 in the second half are lowest on the tie-break, and
    # still level on the last hand: they cut for it.
    assert {scores[p].score for p in ladies} == {13}
    expected = {p for p in ladies if scores[p].last_half == 0}
    assert booby.player is None and set(booby.tied) == expected and 0 < len(expected) < 4


def test_the_most_hands_of_ten_tricks_prize_counts_hands_played():
    ladies, gents = _players(8)
    outcome = iter([10, 3, 11, 12])  # hand 1: table 1 N/S 10, table 2 N/S 3; hand 2: 11 and 12
    seatings, results = play_drive(
        Format.SEMI_PARTNER, start_seating(ladies, gents), 2, lambda h, s: next(outcome)
    )
    scores = score_players({p: p[0] for p in ladies + gents}, seatings, results, hands=2, halves=1)
    counts = {p: s.big_hands for p, s in scores.items()}
    # Hand 1: table 1's N/S (L1, G1) took 10, table 2's E/W (L4, G4) took 10.
    assert counts["L1"] >= 1 and counts["L4"] >= 1 and counts["L2"] + counts["L3"] <= 2
    award = award_prizes([Prize.TEN_PLUS], scores)[0]
    best = max(counts.values())
    assert award.score == best and (award.player is None or counts[award.player] == best)


def test_a_prize_list_reads_presets_and_names():
    assert parse_prizes("classic") == PRESETS["classic"]
    assert parse_prizes("overall, ten-plus") == (Prize.OVERALL, Prize.TEN_PLUS)
    with pytest.raises(DriveError, match="'nope' is not a prize"):
        parse_prizes("lady-1,nope")


def _card(player: str, halves: tuple[float, float], last_hand: float) -> PlayerScore:
    line = HandLine(hand=4, table=1, partner=None, opponents=(None, None), tricks=last_hand, sat_out=False)
    return PlayerScore(player, player[0], (line,), halves)


@pytest.mark.parametrize(
    "prize, expected",
    [
        # L1 and L2 are level on 50: L2 wins the last half. L3 and L4 are level on both halves:
        # L4 wins the last hand.
        (Prize.OVERALL, ["L2", "L1", "L4", "L3"]),
        (Prize.BOOBY_LADY, ["L3", "L4", "L1", "L2"]),
        # The first half: L3 and L4 are level on 25 behind L1, and on the last half: the hand decides.
        (Prize.FIRST_HALF, ["L1", "L4", "L3", "L2"]),
    ],
)
def test_players_level_are_ranked_by_the_last_half_then_the_last_hand(prize, expected):
    cards = [
        _card("L1", (26, 24), 7),
        _card("L2", (24, 26), 6),
        _card("L3", (25, 20), 6),
        _card("L4", (25, 20), 8),
    ]
    assert [s.player for s in rank_players(cards, prize)] == expected


@pytest.mark.parametrize("fmt, movers", [(Format.WINNERS_MOVE, "won"), (Format.SEMI_PARTNER, "lost")])
def test_the_sit_out_tables_players_leave_it_as_the_formats_movers_and_the_neighbours_movers_come_in(
    fmt, movers
):
    """18 players: table 5 holds L9 and G9 and the two empty seats. N/S win 8 tricks everywhere."""
    ladies, gents = _players(18)
    start = {t.table: t for t in start_seating(ladies, gents)}
    after = next_seatings(fmt, start, {t: 8 for t in range(1, 5)})
    # The sit-out players go as movers do: the lady up (table 5 to table 1), the gent down (to table 4).
    assert "L9" in after[1].players and "G9" in after[4].players
    # The neighbours' movers take their seats: the winners (N/S) of a winners-move drive, the
    # losers (E/W) of a semi-partner one: table 4's lady, table 1's gent.
    lady = start[4].ns[0] if movers == "won" else start[4].ew[0]
    gent = start[1].ns[1] if movers == "won" else start[1].ew[1]
    assert set(after[5].players) == {lady, gent}
