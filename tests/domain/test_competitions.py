"""A season's competitions by the published club rules, with no database."""

from dataclasses import replace
from datetime import date, timedelta

import pytest

from tournaments.domain.competitions import (
    CompetitionError,
    Entrant,
    Evening,
    Player,
    Rules,
    check_rules,
    counts,
    handicap_for,
    parse_points,
    standings,
)

MONDAY = date(2026, 1, 5)
EVENTS = frozenset({"event"})


def player(n: int) -> Player:
    return Player(f"m{n}", f"Player {n}", n)


def pair(a: int, b: int) -> tuple[Player, Player]:
    return (player(a), player(b))


def evening(n: int, entrants, *, kind="event", tables=None, players=None, tag="", day=None) -> Evening:
    entrants = tuple(entrants)
    people = players if players is not None else sum(len(e.players) for e in entrants)
    return Evening(
        f"{kind}:{n}",
        day or MONDAY + timedelta(days=7 * (n - 1)),
        kind,
        f"Evening {n}",
        tables if tables is not None else max(1, people // 4),
        people,
        tag,
        entrants,
    )


def one_field(n: int, scored: list[tuple[tuple[Player, ...], float]], **kwargs) -> Evening:
    """An evening of one field, placed in the order given, each with its percentage and ± tricks."""
    return evening(
        n,
        (
            Entrant(players, "ALL", place, percentage=score, tricks=score)
            for place, (players, score) in enumerate(scored, start=1)
        ),
        **kwargs,
    )


def row(table, key: str):
    return next(r for r in table.rows if r.key == key)


# --- Acceptance: 7 evenings, qualify by playing 5, best 5 count --------------------------------


@pytest.mark.parametrize("measure", ["tricks", "percentage"])
def test_a_player_with_the_highest_raw_total_can_finish_below_one_whose_best_five_are_higher(measure):
    steady, sharp, late = player(1), player(2), player(3)
    others = [player(10 + n) for n in range(3)]
    nights = []
    for n in range(1, 8):
        field = [((steady,), 53.0)]  # plays all seven, 53 each: raw 371
        if n <= 5:
            field.append(((sharp,), 56.0))  # plays five, 56 each: raw 280
        if n <= 4:
            field.append(((late,), 70.0))  # plays four: not qualified
        field += [((o,), 40.0) for o in others]
        field.sort(key=lambda entry: -entry[1])
        nights.append(one_field(n, field))
    if measure == "tricks":
        rules = Rules(measure="tricks", counting="best", count=5, qualify=5)
    else:
        rules = Rules(measure="percentage", counting="best", count=5, qualify=5)

    table = standings(nights, rules)

    assert sum(s.value for s in row(table, "m1").scores) > sum(s.value for s in row(table, "m2").scores)
    assert [r.key for r in table.qualified()][:2] == ["m2", "m1"]
    assert row(table, "m1").counted == 5 and row(table, "m1").played == 7
    apart = table.apart()
    assert [r.key for r in apart] == ["m3"] and apart[0].status == "needs 1 more"
    assert apart[0].place == ""


# --- Acceptance: reverse placings over 10 evenings of varying field size, best 6 ----------------

FIELD_SIZES = [4, 6, 8, 5, 7, 4, 6, 8, 5, 7]


def reverse_season() -> list[Evening]:
    """Ten Howells; pair (1, 2) always wins, (3, 4) always comes second, (5, 6) plays only five
    evenings (third each time), the rest fill the field."""
    nights = []
    for n, size in enumerate(FIELD_SIZES, start=1):
        pairs = [pair(1, 2), pair(3, 4)]
        if n <= 5:
            pairs.append(pair(5, 6))
        pairs += [pair(100 + 2 * k, 101 + 2 * k) for k in range(size - len(pairs))]
        nights.append(one_field(n, [(p, 50.0) for p in pairs]))
    return nights


def test_reverse_placings_score_the_field_size_for_the_winner_and_count_the_best_six():
    rules = Rules(
        who="pairs", kinds=EVENTS, measure="placing", placing="reverse", counting="best", count=6, qualify=6
    )

    table = standings(reverse_season(), rules)

    winners = row(table, "m1+m2")
    # The winner of a field of N scores N: the six biggest fields are 8, 8, 7, 7, 6, 6.
    assert [s.value for s in winners.scores] == FIELD_SIZES
    assert winners.total == 8 + 8 + 7 + 7 + 6 + 6
    assert [s.value for s in winners.scores if s.counted] == [6, 8, 7, 6, 8, 7]
    seconds = row(table, "m3+m4")
    assert seconds.total == 42 - 6
    assert (winners.place, seconds.place) == ("1", "2")


def test_pairs_with_fewer_than_six_results_are_listed_apart_with_what_they_need():
    rules = Rules(
        who="pairs", kinds=EVENTS, measure="placing", placing="reverse", counting="best", count=6, qualify=6
    )

    table = standings(reverse_season(), rules)

    short = row(table, "m5+m6")
    assert not short.qualified and short.needs == 1 and short.place == ""
    assert short in table.apart() and short not in table.qualified()
    # Third of fields 4, 6, 8, 5, 7: 2, 4, 6, 3, 5.
    assert [s.value for s in short.scores] == [2, 4, 6, 3, 5]
    assert short.name == "Player 5 & Player 6"


# --- Acceptance: 4/3/2/1 in each direction of a Mitchell, one list for a Howell ---------------


def mitchell(n: int, tables: int = 6) -> Evening:
    entrants = []
    for direction, first in (("NS", 1), ("EW", 101)):
        for place in range(1, tables + 1):
            a = first + 2 * (place - 1)
            entrants.append(Entrant(pair(a, a + 1), direction, place))
    return evening(n, entrants)


def howell(n: int, pairs: int = 8) -> Evening:
    return evening(
        n, (Entrant(pair(1 + 2 * (p - 1), 2 + 2 * (p - 1)), "ALL", p) for p in range(1, pairs + 1))
    )


def test_four_three_two_one_goes_to_the_first_four_of_each_direction_of_a_mitchell():
    rules = Rules(who="pairs", kinds=EVENTS, measure="placing", points=parse_points("4/3/2/1"))

    table = standings([mitchell(1)], rules)

    points = {r.key: r.total for r in table.rows}
    assert [points["m1+m2"], points["m3+m4"], points["m5+m6"], points["m7+m8"]] == [4, 3, 2, 1]
    assert [points["m101+m102"], points["m103+m104"], points["m105+m106"], points["m107+m108"]] == [
        4,
        3,
        2,
        1,
    ]
    assert points["m9+m10"] == points["m109+m110"] == 0
    assert [r.place for r in table.rows][:2] == ["1=", "1="]


def test_four_three_two_one_goes_to_the_first_four_of_one_list_in_a_howell():
    rules = Rules(who="pairs", kinds=EVENTS, measure="placing", points=parse_points("4/3/2/1"))

    table = standings([howell(1)], rules)

    assert [r.total for r in table.rows] == [4, 3, 2, 1, 0, 0, 0, 0]
    assert [r.place for r in table.rows] == ["1", "2", "3", "4", "5=", "5=", "5=", "5="]


def test_pairs_sharing_a_place_share_the_points_of_the_places_they_cover():
    entrants = [
        Entrant(pair(1, 2), "ALL", 1),
        Entrant(pair(3, 4), "ALL", 2, shared=2),
        Entrant(pair(5, 6), "ALL", 2, shared=2),
        Entrant(pair(7, 8), "ALL", 4),
    ]
    rules = Rules(who="pairs", kinds=EVENTS, measure="placing", points=(6, 4, 3, 2, 1))

    table = standings([evening(1, entrants)], rules)

    assert [r.total for r in table.rows] == [6, 3.5, 3.5, 2]
    assert [r.place for r in table.rows] == ["1", "2=", "2=", "4"]


# --- Acceptance: the handicap --------------------------------------------------------------------


@pytest.mark.parametrize(
    "average, handicap", [(45, 5), (53, -3), (None, 0), (50, 0), (44.5, 6), (55.4, -5), (20, 10), (85, -10)]
)
def test_the_handicap_is_fifty_less_the_running_average_held_to_ten(average, handicap):
    assert handicap_for(average) == handicap


def handicap_season() -> list[Evening]:
    """Two evenings before the season (player 1 at 45 %, player 3 at 53 %), then two in it."""
    a, b, c, d = player(1), player(2), player(3), player(4)
    before = [one_field(n, [((c, d), 53.0), ((a, b), 45.0)]) for n in (1, 2)]
    season = [
        one_field(3, [((c, d), 60.0), ((a, b), 40.0)]),
        one_field(4, [((c, d), 50.0), ((a, b), 50.0), ((player(9), player(10)), 50.0)]),
    ]
    return before + season


def test_a_fixed_handicap_comes_from_the_evenings_before_the_season():
    rules = Rules(start=MONDAY + timedelta(days=14), measure="percentage", handicap="fixed")

    table = standings(handicap_season(), rules)

    assert [s.handicap for s in row(table, "m1").scores] == [5, 5]
    assert [s.value for s in row(table, "m1").scores] == [45, 55]
    assert [s.handicap for s in row(table, "m3").scores] == [-3, -3]
    assert [s.handicap for s in row(table, "m9").scores] == [0]  # no history
    assert [e.id for e in table.evenings] == ["event:3", "event:4"]


def test_a_moving_handicap_comes_from_the_evenings_before_each_one():
    rules = Rules(start=MONDAY + timedelta(days=14), measure="percentage", handicap="moving")

    table = standings(handicap_season(), rules)

    # Before evening 4, player 1 averages (45 + 45 + 40) / 3 = 43.33: +7; player 3 55.33: −5.
    assert [s.handicap for s in row(table, "m1").scores] == [5, 7]
    assert [s.handicap for s in row(table, "m3").scores] == [-3, -5]


# --- Counting, ties and what counts ----------------------------------------------------------------


def test_dropping_the_lowest_two_counts_the_rest():
    a = player(1)
    nights = [one_field(n, [((a,), score)]) for n, score in enumerate([1, 5, -2, 3, 0], start=1)]

    table = standings(nights, Rules(measure="tricks", counting="drop", count=2))

    assert row(table, "m1").total == 9
    assert [s.counted for s in row(table, "m1").scores] == [True, True, False, True, False]


def test_ties_are_broken_by_more_evenings_counted_then_the_best_single_score():
    a, b, c, d = player(1), player(2), player(3), player(4)
    nights = [
        one_field(1, [((c,), 10.0), ((d,), 7.0), ((a,), 6.0), ((b,), 4.0)]),
        one_field(2, [((b,), 6.0), ((a,), 4.0), ((d,), 3.0)]),
        one_field(3, [((b,), 0.0)]),
    ]
    broken = standings(nights, Rules(measure="tricks", ties="counted-then-best"))
    shared = standings(nights, Rules(measure="tricks"))

    # All on 10: b counted three evenings, a and d two (d's best single, 7, beats a's 6), c one.
    assert [(r.key, r.place) for r in broken.rows] == [("m2", "1"), ("m4", "2"), ("m1", "3"), ("m3", "4")]
    assert [r.place for r in shared.rows] == ["1=", "1=", "1=", "1="]


def test_a_tie_is_broken_by_evenings_counted_not_evenings_played():
    a, b = player(1), player(2)
    nights = [
        one_field(1, [((b,), 7.0), ((a,), 5.0)]),
        one_field(2, [((a,), 5.0), ((b,), 3.0)]),
        one_field(3, [((a,), 1.0)]),
    ]

    table = standings(nights, Rules(measure="tricks", counting="best", count=2, ties="counted-then-best"))

    # Both on 10 from two counted evenings; a played a third that does not count, so b's 7 decides.
    assert [(r.key, r.total, r.place) for r in table.rows] == [("m2", 10, "1"), ("m1", 10, "2")]


def test_equal_on_every_tie_rule_is_still_shared():
    a, b = player(1), player(2)
    nights = [one_field(1, [((a,), 5.0), ((b,), 5.0)])]

    table = standings(nights, Rules(measure="tricks", ties="counted-then-best"))

    assert [r.place for r in table.rows] == ["1=", "1="]


def test_individuals_take_their_pair_score_whoever_the_partner():
    nights = [
        one_field(1, [(pair(1, 2), 60.0), (pair(3, 4), 40.0)]),
        one_field(2, [(pair(1, 3), 55.0), (pair(2, 4), 45.0)]),
    ]

    table = standings(nights, Rules(measure="percentage"))

    assert row(table, "m1").total == 57.5
    assert row(table, "m2").total == 52.5
    assert row(table, "m1").total_text == "57.50"


def test_members_only_leaves_guests_out_and_guests_too_lists_them_by_name():
    guest = Player("g:ann guest", "Ann Guest")
    nights = [one_field(1, [((player(1), guest), 60.0), (pair(3, 4), 40.0)])]

    members = standings(nights, Rules(measure="percentage", members_only=True))
    everyone = standings(nights, Rules(measure="percentage"))
    pairs = standings(nights, Rules(measure="percentage", who="pairs", kinds=EVENTS, members_only=True))

    assert {r.key for r in members.rows} == {"m1", "m3", "m4"}
    assert row(everyone, "g:ann guest").members == ()
    assert {r.key for r in pairs.rows} == {"m3+m4"}


def drive(n: int, scores: list[tuple[str, int, float]], **kwargs) -> Evening:
    """A drive: (role, player number, score), placed within the role."""
    entrants = []
    for role in ("L", "G"):
        own = sorted((s for s in scores if s[0] == role), key=lambda s: -s[2])
        for place, (_, who, score) in enumerate(own, start=1):
            entrants.append(Entrant((player(who),), role, place, drive_score=score))
    return replace(evening(n, entrants, kind="drive", **kwargs), roles=True)


def drive_without_roles(n: int, scores: list[tuple[str, int, float]]) -> Evening:
    """A drive whose players play no roles (an individual drive, a team night): its lady and gent
    seats are only seats."""
    return replace(drive(n, scores), roles=False)


def test_a_drive_without_roles_counts_in_one_list_and_not_in_a_list_for_each_role():
    nights = [
        drive(1, [("L", 1, 90), ("L", 2, 80), ("G", 3, 85), ("G", 4, 70)]),
        drive_without_roles(2, [("L", 2, 95), ("G", 1, 80), ("L", 3, 75), ("G", 4, 70)]),
    ]
    for measure in ("drive", "placing"):
        rules = dict(kinds=frozenset({"drive"}), measure=measure, placing="reverse")
        by_role = standings(nights, Rules(**rules, lists="roles"))
        one = standings(nights, Rules(**rules))

        assert [e.id for e in by_role.evenings] == ["drive:1"]
        assert not counts(nights[1], Rules(**rules, lists="roles"))
        assert [e.id for e in one.evenings] == ["drive:1", "drive:2"]
    # In one list the night without roles places its four players together: m2 first, 4 points.
    assert [(r.key, r.total) for r in one.rows] == [("m1", 7), ("m2", 6), ("m3", 5), ("m4", 2)]


def test_a_drive_competition_keeps_a_list_for_each_role_or_one_for_all():
    nights = [
        drive(1, [("L", 1, 90), ("L", 2, 80), ("G", 3, 85), ("G", 4, 70)]),
        drive(2, [("L", 2, 95), ("G", 1, 80), ("G", 3, 75), ("L", 4, 70)]),
    ]

    by_role = standings(nights, Rules(kinds=frozenset({"drive"}), measure="drive", lists="roles"))
    one = standings(nights, Rules(kinds=frozenset({"drive"}), measure="drive"))

    assert by_role.lists == ("G", "L")
    assert [(r.key, r.total) for r in by_role.qualified("L")] == [("m2", 175), ("m1", 90), ("m4", 70)]
    assert [(r.key, r.total) for r in one.rows] == [("m2", 175), ("m1", 170), ("m3", 160), ("m4", 140)]


@pytest.mark.parametrize(
    "rules, counted",
    [
        (Rules(), {"event:1", "event:2", "event:3"}),
        (Rules(kinds=frozenset({"event"})), {"event:1", "event:2", "event:3"}),
        (Rules(tag="tuesday"), {"event:2"}),
        (Rules(picked=frozenset({"event:1", "event:3"})), {"event:1", "event:3"}),
        (Rules(min_field=3), {"event:1", "event:3"}),
        (Rules(min_field=13, field_unit="players"), {"event:3"}),
        (Rules(start=MONDAY + timedelta(days=7)), {"event:2", "event:3"}),
        (Rules(end=MONDAY + timedelta(days=7)), {"event:1", "event:2"}),
    ],
)
def test_which_evenings_count(rules, counted):
    a = player(1)
    nights = [
        one_field(1, [((a,), 50.0)], tables=3, players=12),
        one_field(2, [((a,), 50.0)], tables=2, players=8, tag="Tuesday"),
        one_field(3, [((a,), 50.0)], tables=4, players=16),
    ]

    assert {e.id for e in nights if counts(e, rules)} == counted


def test_an_evening_without_the_measure_does_not_count():
    tricks_only = evening(1, [Entrant(pair(1, 2), "ALL", 1, tricks=3.0)])

    assert not counts(tricks_only, Rules(measure="percentage"))
    assert counts(tricks_only, Rules(measure="tricks"))
    assert counts(tricks_only, Rules(measure="placing"))


def test_a_drive_counts_its_tables_as_players_over_four_a_part_table_counting():
    nights = drive(1, [("L", n, 80) for n in range(1, 10)] + [("G", n, 80) for n in range(11, 20)])

    assert counts(nights, Rules(kinds=frozenset({"drive"}), measure="drive", min_field=5))
    assert not counts(nights, Rules(kinds=frozenset({"drive"}), measure="drive", min_field=6))


@pytest.mark.parametrize(
    "rules, message",
    [
        (Rules(counting="best"), "how many best scores"),
        (Rules(counting="drop"), "how many lowest scores"),
        (Rules(who="pairs"), "Fixed pairs are for duplicate events"),
        (Rules(lists="roles"), "for drives only"),
        (Rules(kinds=frozenset({"drive"})), "come from duplicate events"),
        (Rules(measure="drive"), "counts drives only"),
        (Rules(measure="tricks", handicap="fixed"), "goes with the average percentage"),
        (Rules(kinds=frozenset()), "Choose duplicate events, drives, both, or two-player nights"),
        (Rules(start=MONDAY, end=MONDAY - timedelta(days=1)), "ends before it starts"),
        (Rules(measure="placing", points=()), "points for the places"),
    ],
)
def test_rules_that_cannot_work_are_refused_in_words(rules, message):
    with pytest.raises(CompetitionError, match=message):
        check_rules(rules)


@pytest.mark.parametrize(
    "text, points",
    [("6/4/3/2/1", (6, 4, 3, 2, 1)), ("4, 3, 2, 1", (4, 3, 2, 1)), ("10 8 6", (10, 8, 6))],
)
def test_points_for_the_places_are_read_as_clubs_write_them(text, points):
    assert parse_points(text) == points


@pytest.mark.parametrize("text", ["6/four", "1/2/3", "-1"])
def test_points_that_do_not_go_down_the_places_are_refused(text):
    with pytest.raises(CompetitionError):
        parse_points(text)


def test_a_drive_in_one_list_places_its_players_together_and_by_role_in_their_role():
    nights = [drive(1, [("L", 1, 90), ("L", 2, 80), ("G", 3, 85), ("G", 4, 80)])]
    rules = dict(kinds=frozenset({"drive"}), measure="placing", placing="reverse")

    one = standings(nights, Rules(**rules))
    by_role = standings(nights, Rules(**rules, lists="roles"))

    assert [(r.key, r.total) for r in one.rows] == [("m1", 4), ("m3", 3), ("m2", 1.5), ("m4", 1.5)]
    assert {r.key: r.total for r in by_role.rows} == {"m1": 2, "m2": 1, "m3": 2, "m4": 1}


def test_a_drive_scored_in_points_is_never_added_to_drives_in_tricks_but_counts_by_its_placings():
    classic = drive(1, [("L", 1, 90), ("L", 2, 80), ("G", 3, 85), ("G", 4, 70)])
    # A Minnesota drive: its players are placed by points, and give no drive score.
    minnesota = drive(2, [("L", 2, 12), ("L", 1, 3), ("G", 4, 9), ("G", 3, -2)])
    minnesota = replace(minnesota, entrants=tuple(e._replace(drive_score=None) for e in minnesota.entrants))
    scores = Rules(kinds=frozenset({"drive"}), measure="drive", lists="roles")
    placings = Rules(kinds=frozenset({"drive"}), measure="placing", placing="reverse", lists="roles")
    assert (counts(classic, scores), counts(minnesota, scores)) == (True, False)
    assert counts(minnesota, placings)
    by_score = standings([classic, minnesota], scores)
    assert {(r.key, r.total) for r in by_score.rows if r.list == "L"} == {("m1", 90), ("m2", 80)}
    by_place = standings([classic, minnesota], placings)
    assert {(r.key, r.total) for r in by_place.rows if r.list == "L"} == {("m1", 3), ("m2", 3)}
