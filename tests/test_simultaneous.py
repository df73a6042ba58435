"""A simultaneous evening: three clubs play the county's boards, and the county's ranking is
checked against a recomputation by hand over all their tables."""

import json
from collections import defaultdict

import pytest

from tournaments.models import AuditLine, Event, Result
from tournaments.services import ServiceError
from tournaments.services.backups.event import event_export
from tournaments.services.county.keys import county_key_make
from tournaments.services.county.receiving import county_upload_receive
from tournaments.services.simultaneous import (
    simultaneous_deals,
    simultaneous_join,
    simultaneous_ranking,
)

from .simultaneous import make_simultaneous, play_club


@pytest.fixture
def three_clubs(make_club):
    return [
        make_club(name=name) for name in ("Ribble Valley Whist Club", "Pendle Whist Circle", "Bowland Whist")
    ]


def _by_hand(events):
    """The field's ranking worked out with plain arithmetic: every confirmed result on a board,
    over every club, 2 for each beaten and 1 for each tied, factored up to the field's largest
    number of results expected on a board, E/W the top less N/S; percentage over tops."""
    results = []  # (event id, board, ns number, ew number, tricks)
    expected = defaultdict(int)
    for event in events:
        for r in Result.objects.filter(event=event).select_related("board", "ns_pair", "ew_pair"):
            results.append((event.pk, r.board.number, r.ns_pair.number, r.ew_pair.number, r.ns_tricks))
        for seating in event.seatings.all():
            if seating.ns_pair_id and seating.ew_pair_id:
                for board in range(seating.first_board, seating.last_board + 1):
                    expected[board] += 1
    most = max(expected.values())
    top = 2 * (most - 1)
    totals = defaultdict(lambda: [0.0, 0.0])
    boards = sorted({r[1] for r in results})
    for board in boards:
        here = [r for r in results if r[1] == board]
        played = len(here)
        for event_id, _, ns, ew, tricks in here:
            beaten = sum(1 for other in here if other[4] < tricks)
            tied = sum(1 for other in here if other[4] == tricks) - 1
            points = 2 * beaten + tied
            if played != most:
                points = (points + 1) * most / played - 1
            totals[(event_id, ("NS", ns))][0] += points
            totals[(event_id, ("NS", ns))][1] += top
            totals[(event_id, ("EW", ew))][0] += top - points
            totals[(event_id, ("EW", ew))][1] += top
    return {key: score / tops * 100 for key, (score, tops) in totals.items()}


def test_three_clubs_ranking_equals_a_recomputation_by_hand_over_all_their_tables(three_clubs):
    simultaneous = make_simultaneous(three_clubs, boards=5)
    events = [
        play_club(simultaneous, club, tables=tables, club_number=n)
        for n, (club, tables) in enumerate(zip(three_clubs, (3, 5, 3), strict=True), start=1)
    ]
    ranking = simultaneous_ranking(simultaneous)
    by_hand = _by_hand(events)
    assert len(ranking.rows) == len(by_hand) == 2 * (3 + 5 + 3)
    for row in ranking.rows:
        assert row.percentage == pytest.approx(by_hand[(row.event.pk, row.pair)])
    percentages = [row.percentage for row in ranking.rows]
    assert percentages == sorted(percentages, reverse=True)
    assert ranking.rows[0].rank == "1"


def test_unequal_table_counts_factor_the_boards_played_fewer_times_by_neuberg(three_clubs):
    simultaneous = make_simultaneous(three_clubs[:2], boards=5)
    play_club(simultaneous, three_clubs[0], tables=3, club_number=1)
    play_club(simultaneous, three_clubs[1], tables=5, club_number=2)
    scores = simultaneous_ranking(simultaneous).scores
    # Boards 1-3 are scheduled 3 + 5 = 8 times in the field; boards 4 and 5 only 5 times (the
    # three-table club plays three boards), so every board is factored up to 8: one top for all.
    assert scores.expected == 8
    assert {board.board: board.compared for board in scores.boards} == {1: 8, 2: 8, 3: 8, 4: 5, 5: 5}
    assert {board.top for board in scores.boards} == {14.0}
    board_four = next(board for board in scores.boards if board.board == 4)
    for result in board_four.results:
        assert result.ns_score + result.ew_score == pytest.approx(14.0)
    assert sum(r.ns_score + r.ew_score for r in board_four.results) == pytest.approx(5 * 14.0)


def test_each_clubs_own_ranking_stands_beside_the_field(three_clubs):
    simultaneous = make_simultaneous(three_clubs, boards=5)
    events = [
        play_club(simultaneous, club, tables=3, club_number=n) for n, club in enumerate(three_clubs, start=1)
    ]
    ranking = simultaneous_ranking(simultaneous)
    from tournaments.services import event_report

    for event in events:
        own = {s.pair: s for s in event_report(event).scores.standings}
        for row in ranking.club_rows(event):
            assert row.club_rank == own[row.pair].rank
            assert row.club_percentage == pytest.approx(own[row.pair].percentage)


def test_joining_gives_the_event_the_countys_deals_and_a_line_in_its_trail(club, make_event):
    simultaneous = make_simultaneous([club], boards=6)
    event = make_event(club, tables=3, boards_per_round=2)
    simultaneous_join(event=event, simultaneous=simultaneous, analyse=False)
    deals = simultaneous_deals(simultaneous)
    assert dict(event.boards.values_list("number", "deal")) == {n: deals[n] for n in range(1, 7)}
    assert AuditLine.objects.filter(event=event, action=AuditLine.Action.SIMULTANEOUS).count() == 1
    # Joining again changes nothing (an upload sent twice).
    simultaneous_join(event=event, simultaneous=simultaneous, analyse=False)
    assert AuditLine.objects.filter(event=event, action=AuditLine.Action.SIMULTANEOUS).count() == 1


def test_a_club_not_taking_part_cannot_join(club, other_club, make_event):
    simultaneous = make_simultaneous([club], boards=6)
    event = make_event(other_club, tables=3, boards_per_round=2)
    with pytest.raises(ServiceError, match="does not take part"):
        simultaneous_join(event=event, simultaneous=simultaneous, analyse=False)


def test_a_club_joins_one_event_only(club, make_event):
    simultaneous = make_simultaneous([club], boards=6)
    simultaneous_join(
        event=make_event(club, tables=3, boards_per_round=2), simultaneous=simultaneous, analyse=False
    )
    with pytest.raises(ServiceError, match="in another event already"):
        simultaneous_join(
            event=make_event(club, name="Second", tables=3, boards_per_round=2),
            simultaneous=simultaneous,
            analyse=False,
        )


def test_an_event_with_more_boards_than_the_county_dealt_cannot_join(club, make_event):
    simultaneous = make_simultaneous([club], boards=4)
    with pytest.raises(ServiceError, match="at most 4 boards"):
        simultaneous_join(event=make_event(club, tables=3, boards_per_round=2), simultaneous=simultaneous)


def test_an_event_played_on_other_deals_cannot_join(club, make_played_event):
    simultaneous = make_simultaneous([club], boards=3)
    event = make_played_event(club)
    with pytest.raises(ServiceError, match="other deals"):
        simultaneous_join(event=event, simultaneous=simultaneous)


def test_a_minnesota_event_cannot_join_as_its_boards_are_compared_on_points(club, make_event):
    simultaneous = make_simultaneous([club], boards=6)
    event = make_event(club, tables=3, boards_per_round=2, scoring="minnesota")
    with pytest.raises(ServiceError, match="pairs event scored on tricks"):
        simultaneous_join(event=event, simultaneous=simultaneous, analyse=False)


def test_the_county_sets_joins_publishes_and_prints_it_from_the_command_line(tmp_path, club, make_event):
    from io import StringIO

    from django.core.management import call_command

    from tournaments.models import Simultaneous

    from .simultaneous import county_pbn

    (tmp_path / "boards.pbn").write_text(county_pbn(6))
    out = StringIO()
    call_command(
        "simultaneous", "create", "--name", "Winter Sim", "--date", "2026-12-10",
        "--pbn", str(tmp_path / "boards.pbn"), "--club", club.slug, stdout=out,
    )  # fmt: skip
    simultaneous = Simultaneous.objects.get(pk=int(out.getvalue().split()[-1]))
    assert simultaneous.boards == 6 and list(simultaneous.clubs.all()) == [club]
    event = make_event(club, tables=3, boards_per_round=2)
    call_command("simultaneous", "join", str(simultaneous.pk), str(event.pk), stdout=StringIO())
    assert event.boards.exclude(deal="").count() == 6
    call_command("simultaneous", "publish", str(simultaneous.pk), stdout=StringIO())
    simultaneous.refresh_from_db()
    assert simultaneous.published
    call_command("simultaneous", "ranking", str(simultaneous.pk), stdout=StringIO())


def test_the_command_refuses_an_unknown_club_in_words(tmp_path, club):
    from django.core.management import CommandError, call_command

    from .simultaneous import county_pbn

    (tmp_path / "boards.pbn").write_text(county_pbn(3))
    with pytest.raises(CommandError, match="no club at nowhere"):
        call_command(
            "simultaneous", "create", "--name", "Sim", "--date", "2026-12-10",
            "--pbn", str(tmp_path / "boards.pbn"), "--club", "nowhere",
        )  # fmt: skip


def test_an_event_whose_deals_changed_after_joining_is_left_out_of_the_field_with_why(three_clubs):
    from tournaments.models import Board

    simultaneous = make_simultaneous(three_clubs[:2], boards=5)
    play_club(simultaneous, three_clubs[0], tables=3, club_number=1)
    theirs = play_club(simultaneous, three_clubs[1], tables=3, club_number=2)
    Board.objects.filter(event=theirs, number=2).update(
        deal="N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    )
    ranking = simultaneous_ranking(simultaneous)
    assert {row.event.pk for row in ranking.rows} != {theirs.pk} and theirs.pk not in {
        r.event.pk for r in ranking.rows
    }
    assert [(event.pk, why) for event, why in ranking.unscored] == [
        (theirs.pk, "its board 2 is not the deal the county dealt for County Simultaneous Pairs.")
    ]


def test_joining_again_after_the_movement_is_built_again_takes_the_countys_deals_again(club, make_event):
    from tournaments import services

    simultaneous = make_simultaneous([club], boards=6)
    event = make_event(club, tables=3, boards_per_round=2)
    simultaneous_join(event=event, simultaneous=simultaneous, analyse=False)
    services.event_deal_boards(event=event, seed="another", analyse=False)
    deals = simultaneous_deals(simultaneous)
    assert dict(event.boards.values_list("number", "deal")) != deals
    simultaneous_join(event=event, simultaneous=simultaneous, analyse=False)
    assert dict(event.boards.values_list("number", "deal")) == deals


def test_an_event_uploaded_from_a_hall_joins_the_simultaneous_its_club_takes_part_in_that_day(
    make_club, django_capture_on_commit_callbacks
):
    hall, county = make_club(name="Hall Club"), make_club(name="County Club")
    simultaneous = make_simultaneous([hall, county])
    played = play_club(simultaneous, hall, tables=3, club_number=1)
    _, secret = county_key_make(club=county)
    body = {"club": county.slug, "kind": played.evening_format.key, "document": event_export(played)}

    with django_capture_on_commit_callbacks(execute=True):
        taken = county_upload_receive(secret=secret, body=json.dumps(body).encode())

    assert taken.status == 200
    copy = Event.objects.get(pk=taken.evening_id)
    assert copy.club == county and copy.simultaneous_entry.simultaneous == simultaneous
    ranking = simultaneous_ranking(simultaneous)
    assert {row.club for row in ranking.rows} >= {"County Club"}


def test_an_uploaded_event_on_other_deals_is_taken_and_its_refusal_to_join_is_in_the_clubs_trail(
    make_club, make_played_event, django_capture_on_commit_callbacks
):
    hall, county = make_club(name="Hall Club"), make_club(name="County Club")
    simultaneous = make_simultaneous([county])
    played = make_played_event(hall, day=simultaneous.date)
    _, secret = county_key_make(club=county)
    body = {"club": county.slug, "kind": played.evening_format.key, "document": event_export(played)}

    with django_capture_on_commit_callbacks(execute=True):
        taken = county_upload_receive(secret=secret, body=json.dumps(body).encode())

    assert taken.status == 200
    assert not hasattr(Event.objects.get(pk=taken.evening_id), "simultaneous_entry")
    lines = AuditLine.objects.filter(club=county, action=AuditLine.Action.SIMULTANEOUS)
    [refused] = [line.detail for line in lines if "did not join" in line.detail]
    assert "other deals" in refused
