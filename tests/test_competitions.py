"""Competitions read from the club's published evenings: what counts, the cache, the trail."""

from datetime import date

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.seasons import members, published_drive, published_event
from tournaments import services
from tournaments.models import AuditLine, Competition
from tournaments.services import drives
from tournaments.services.core.errors import ServiceError
from tournaments.services.season import competitions

SEASON = dict(start=date(2026, 1, 1), end=date(2026, 12, 31))


@pytest.fixture
def players(club):
    return members(club, 12)


def pairs_of(players, order):
    return [(players[a], players[b]) for a, b in order]


PAIRS = [(0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (10, 11)]


def make(club, **values):
    return competitions.competition_create(club=club, values={"name": "Season", **SEASON, **values})


def test_a_competition_reads_the_published_evenings_and_their_percentages(club, players):
    for n in range(3):
        published_event(club, day=date(2026, 2, 1 + 7 * n), pairs=pairs_of(players, PAIRS), seed=n)
    competition = make(club, measure="percentage")

    table = competitions.competition_standings(competition)

    assert len(table.standings.evenings) == 3
    first, partner = table.standings.rows[:2]
    assert first.played == 3 and first.place == partner.place == "1="  # individuals: the pair's two
    assert {r.key for r in table.standings.rows} == {f"m{p.pk}" for p in players}
    assert table.updated.text.startswith("after Pairs") and table.updated.text.endswith("was published")


def test_unpublished_evenings_and_those_outside_the_window_do_not_count(club, players):
    published_event(club, day=date(2026, 2, 1), pairs=pairs_of(players, PAIRS))
    services.event_publish(event=published_event(club, day=date(2026, 2, 8)), published=False)
    published_event(club, day=date(2027, 2, 1), pairs=pairs_of(players, PAIRS))

    table = competitions.competition_standings(make(club))

    assert [e.date for e in table.standings.evenings] == [date(2026, 2, 1)]


def test_a_tag_or_evenings_picked_by_hand_choose_what_counts(club, players):
    tuesday = published_event(club, day=date(2026, 2, 3), pairs=pairs_of(players, PAIRS), tag="Tuesday")
    friday = published_event(club, day=date(2026, 2, 6), pairs=pairs_of(players, PAIRS), tag="Friday")
    tagged = make(club, name="Tuesday league", tag="tuesday")
    picked = competitions.competition_create(
        club=club, values={"name": "Picked", **SEASON, "by_hand": True}, picked_events=[friday]
    )

    def counted(competition):
        return [e.id for e in competitions.competition_standings(competition).standings.evenings]

    assert counted(tagged) == [f"event:{tuesday.pk}"]
    assert counted(picked) == [f"event:{friday.pk}"]


def test_a_drive_competition_keeps_each_role_apart(club, players):
    ladies, gents = players[:4], players[4:8]
    published_drive(club, day=date(2026, 3, 1), ladies=ladies, gents=gents)
    competition = make(club, kinds="drive", measure="drive", lists="roles")

    table = competitions.competition_standings(competition)

    assert table.standings.lists == ("G", "L")
    assert {r.key for r in table.standings.qualified("L")} == {f"m{p.pk}" for p in ladies}
    assert all(r.total > 0 for r in table.standings.rows)


def _played_and_published(drive, tables: int):
    drives.drive_start(drive=drive)
    drive.refresh_from_db()
    for hand in range(1, drive.hands + 1):
        for table in range(1, tables + 1):
            drives.drive_result_record(drive=drive, hand=hand, table=table, ns_tricks=6 + table % 3)
    drives.drive_close(drive=drive)
    return drives.drive_publish(drive=drive)


def test_a_team_night_and_an_individual_drive_count_in_one_list_and_not_in_the_ladies_and_gents(
    club, players
):
    ladies, gents = players[:4], players[4:8]
    drive = published_drive(club, day=date(2026, 3, 1), ladies=ladies, gents=gents)
    teams = [(f"Team {t}", [str(p) for p in players[4 * t : 4 * t + 4]]) for t in range(3)]
    night = drives.team_night_create(club=club, name="Teams", date=date(2026, 3, 8), teams=teams, hands=4)
    _played_and_published(night, tables=3)
    individual = drives.drive_create(
        club=club, name="Individual", date=date(2026, 3, 15), format="individual", rounds=2
    )
    for member in players[:8]:
        drives.drive_player_add(drive=individual, member=member)
    _played_and_published(individual, tables=2)

    def counted(competition):
        return [e.id for e in competitions.competition_standings(competition).standings.evenings]

    by_role = make(club, name="Ladies and gents", kinds="drive", measure="drive", lists="roles")
    one = make(club, name="Drive score", kinds="drive", measure="drive")
    assert counted(by_role) == [f"drive:{drive.pk}"]
    assert counted(one) == [f"drive:{drive.pk}", f"drive:{night.pk}", f"drive:{individual.pk}"]
    table = competitions.competition_standings(one).standings
    assert table.lists == ("",) and {r.key for r in table.rows} == {f"m{p.pk}" for p in players}


def test_a_team_nights_room_display_names_only_the_competitions_it_counts_toward(club, players):
    teams = [(f"Team {t}", [str(p) for p in players[4 * t : 4 * t + 4]]) for t in range(3)]
    night = drives.team_night_create(club=club, name="Teams", date=date(2026, 3, 8), teams=teams, hands=4)
    make(club, name="Ladies and gents", kinds="drive", measure="drive", lists="roles")
    make(club, name="Drive score", kinds="drive", measure="drive")

    shown = [c.name for c, _ in competitions.evening_competitions(night)]

    assert shown == ["Drive score"]


def test_the_standings_change_when_an_evening_is_corrected_and_say_so(club, players, organiser):
    event = published_event(club, day=date(2026, 2, 1), pairs=pairs_of(players, PAIRS))
    competition = make(club, measure="percentage")
    before = competitions.competition_standings(competition)
    result = event.results.select_related("board").order_by("board__number", "table").first()
    seating = event.seatings.get(round=result.round, table=result.table)

    services.result_set_by_director(
        event=event,
        seating=seating,
        board_number=result.board.number,
        ns_tricks=13 - result.ns_tricks,
        reason="wrong way round",
        user=organiser,
    )

    after = competitions.competition_standings(competition)
    assert [r.total for r in after.standings.rows] != [r.total for r in before.standings.rows]
    assert after.updated.text.endswith("was corrected")


def test_the_standings_change_when_a_drive_is_corrected_and_say_so(club, players, organiser):
    drive = published_drive(club, day=date(2026, 3, 1), ladies=players[:4], gents=players[4:8])
    competition = make(club, kinds="drive", measure="drive")
    before = competitions.competition_standings(competition)

    # Table 1's N/S took 8 on hand 1: they took 3.
    drives.drive_result_correct(
        drive=drive, hand=1, table=1, ns_tricks=3, reason="card misread", user=organiser
    )

    after = competitions.competition_standings(competition)
    totals = {r.key: r.total for r in before.standings.rows}
    changed = {r.key: r.total - totals[r.key] for r in after.standings.rows if r.total != totals[r.key]}
    assert sorted(changed.values()) == [-5, -5, 5, 5]  # table 1's four players, five tricks each way
    assert after.updated.text.endswith("was corrected")


def test_the_evenings_are_read_in_the_same_queries_however_many_there_are(club, players):
    competition = make(club, measure="percentage")
    published_event(club, day=date(2026, 2, 1), pairs=pairs_of(players, PAIRS))
    competitions.competition_standings(competition)  # the evening is now kept
    with CaptureQueriesContext(connection) as one:
        competitions.competition_standings(Competition.objects.get(pk=competition.pk))
    for n in range(1, 4):
        published_event(club, day=date(2026, 3, n), pairs=pairs_of(players, PAIRS), seed=n)
    competitions.competition_standings(competition)
    with CaptureQueriesContext(connection) as four:
        table = competitions.competition_standings(Competition.objects.get(pk=competition.pk))

    assert len(table.standings.evenings) == 4
    assert len(four.captured_queries) == len(one.captured_queries)


def test_a_players_competitions_give_their_row(club, players):
    published_event(club, day=date(2026, 2, 1), pairs=pairs_of(players, PAIRS))
    make(club, name="Percentages", measure="percentage")
    make(club, name="Drives", kinds="drive", measure="drive")

    found = competitions.player_competitions(players[0])

    assert [(c.name, placing.played, placing.qualified) for c, placing in found] == [("Percentages", 1, 12)]


def test_a_competition_is_saved_with_a_line_in_the_clubs_trail(club, organiser):
    competition = competitions.competition_create(
        club=club, values={"name": "Winter league", **SEASON}, user=organiser
    )
    competitions.competition_update(
        competition=competition, values={"counting": "best", "count": 5, "qualify": 5}, user=organiser
    )

    lines = list(AuditLine.objects.filter(club=club).order_by("pk").values_list("action", "detail"))
    assert lines[0] == ("created", "competition Winter league")
    assert lines[1][0] == "changed" and "counting: Every evening → The best N" in lines[1][1]


@pytest.mark.parametrize(
    "values, message",
    [
        ({"counting": "best"}, "Say how many best scores to count"),
        ({"measure": "tricks", "handicap": "fixed"}, "A handicap goes with the average percentage"),
        ({"who": "pairs", "kinds": "both"}, "Fixed pairs are for duplicate events"),
        ({"measure": "placing", "points": "1/2/3"}, "Points go down the places"),
        ({"start": date(2027, 1, 1)}, "ends before it starts"),
    ],
)
def test_rules_that_cannot_work_are_refused_and_nothing_is_saved(club, values, message):
    with pytest.raises(ServiceError, match=message):
        make(club, **values)
    assert not Competition.objects.exists()
    assert not AuditLine.objects.exists()


def test_another_clubs_evening_cannot_be_picked(club, other_club):
    theirs = published_event(other_club, day=date(2026, 2, 1))
    with pytest.raises(ServiceError, match="another club's evening"):
        competitions.competition_create(club=club, values={"name": "X", **SEASON}, picked_events=[theirs])


def test_the_example_competitions_cover_every_measure_and_each_reads_the_season(club, players):
    published_event(club, day=date(2026, 2, 1), pairs=pairs_of(players, PAIRS))
    published_drive(club, day=date(2026, 3, 1), ladies=players[:4], gents=players[4:8])

    made = competitions.competition_examples(club=club, **SEASON)

    assert {c.measure for c in made} == {"percentage", "placing", "drive"}
    assert all(competitions.competition_standings(c).standings.rows for c in made)


@pytest.mark.parametrize(
    "variant, tables, fields",
    [(None, 5, ["NS", "EW"]), ("howell", 4, ["ALL"])],  # a Mitchell: each direction; a Howell: one list
)
def test_four_three_two_one_goes_by_the_fields_the_evening_was_scored_in(club, variant, tables, fields):
    players = members(club, 4 * tables)
    pairs = [(players[2 * k], players[2 * k + 1]) for k in range(2 * tables)]
    event = published_event(club, day=date(2026, 2, 1), pairs=pairs, tables=tables, variant=variant)
    competition = make(club, measure="placing", points="4/3/2/1", who="pairs", kinds="event")

    rows = competitions.competition_standings(competition).standings.rows
    report = services.event_report(event)

    by_pair = {row.key: row.total for row in rows}
    assert report.scores.fields == tuple(fields)
    for field in fields:
        standings = report.scores.field(field)
        ranks = [s.rank for s in standings]
        for s in standings:
            place, shared = int(s.rank.rstrip("=")), ranks.count(s.rank)
            covered = [([4, 3, 2, 1] + [0] * 20)[p - 1] for p in range(place, place + shared)]
            pair = event.pairs.get(direction=s.pair[0], number=s.pair[1])
            assert by_pair[f"m{pair.player1_id}+m{pair.player2_id}"] == sum(covered) / shared
        assert (
            sum(by_pair[f"m{p.player1_id}+m{p.player2_id}"] for p in event.pairs.filter(direction=field))
            == 10
        )


def _season_of(club, players, evenings: int) -> None:
    """``evenings`` published events and as many published drives."""
    for n in range(evenings):
        published_event(club, day=date(2026, 3, 1 + n), pairs=pairs_of(players, PAIRS), seed=n)
        published_drive(club, day=date(2026, 4, 1 + n), ladies=players[:4], gents=players[4:8])


def _cold_queries(read) -> int:
    cache.clear()  # as after a restart: no evening kept
    with CaptureQueriesContext(connection) as captured:
        read()
    return len(captured.captured_queries)


@pytest.mark.parametrize("evenings", [1, 4])
def test_the_first_standings_after_a_restart_read_the_same_queries_however_many_evenings(
    club, players, evenings
):
    _season_of(club, players, evenings)
    competition = make(club, kinds="both", measure="placing")

    def read():
        table = competitions.competition_standings(Competition.objects.get(pk=competition.pk))
        assert len(table.standings.evenings) == 2 * evenings

    # The competition, the club, its events and drives with their versions (not its two-player
    # nights: it takes none), the trail's latest line; the events' pairs, boards, seatings and
    # results (their scores' versions read with the events); the drives' players, seats and
    # results, and typed totals.
    assert _cold_queries(read) == 13


@pytest.mark.parametrize("evenings", [1, 4])
def test_an_evenings_room_display_with_nothing_kept_reads_the_same_queries_however_long_the_season(
    client, club, players, evenings
):
    _season_of(club, players, evenings)
    make(club, kinds="both", measure="placing")
    event = published_event(club, day=date(2026, 5, 1), pairs=pairs_of(players, PAIRS))
    url = reverse("tournaments:event-room", args=[event.pk])

    # The season's evenings read once each, with what their scores are worked out from.
    assert _cold_queries(lambda: client.get(url)) == 20


def test_the_standings_are_kept_until_an_evening_or_the_rules_change(club, players, monkeypatch):
    event = published_event(club, day=date(2026, 2, 1), pairs=pairs_of(players, PAIRS))
    competition = make(club, measure="percentage")
    worked_out = []
    standings = competitions.rules.standings
    monkeypatch.setattr(
        competitions.rules, "standings", lambda *args: worked_out.append(1) or standings(*args)
    )

    def read():
        return competitions.competition_standings(Competition.objects.get(pk=competition.pk))

    first = read()
    assert read() == first and len(worked_out) == 1  # kept
    services.event_update(event=event, values={"name": "Spring Pairs"})
    assert read().names == {f"event:{event.pk}": "Spring Pairs (1 Feb)"} and len(worked_out) == 2
    competitions.competition_update(competition=competition, values={"measure": "placing"})
    assert read().standings.rules.measure == "placing" and len(worked_out) == 3
    published_event(club, day=date(2026, 2, 8), pairs=pairs_of(players, PAIRS), seed=1)
    assert len(read().standings.evenings) == 2 and len(worked_out) == 4
