"""A pair's own page of the evening (``services/tablets/pair_evening.py``): the boards their table
has confirmed, each with the tables that have confirmed it, their figures as the club lets them
show in play, and where they go next."""

import random
import time
from datetime import date

import pytest
from django.db.models import Q

from tournaments import services
from tournaments.models import Club, Event
from tournaments.services.events.scoring import event_report
from tournaments.services.tablets.moves import round_moves
from tournaments.services.tablets.pair_evening import pair_evening, pair_evening_key, pair_evening_pair


def _running(make_event, club, *, tables=7, boards_per_round=2, places=Club.PlacesShown.LIVE):
    club.places_shown = places
    club.save()
    event = make_event(club, tables=tables, boards_per_round=boards_per_round)
    services.event_deal_boards(event=event, seed="evening", analyse=False)
    return services.event_start(event=event)


def _steps(event, rng):
    """Every result of the evening as the tablets send it, round by round and table by table:
    (access, seating, board, tricks) to enter, then the same to confirm."""
    accesses = {a.table: a for a in event.table_accesses.all()}
    seatings = event.seatings.filter(ns_pair__isnull=False, ew_pair__isnull=False).order_by("round", "table")
    for seating in seatings:
        for board in seating.board_numbers:
            yield accesses[seating.table], seating, board, rng.randint(0, 13)


def _play(event, rng):
    for access, _, board, tricks in _steps(event, rng):
        services.table_result_enter(access=access, board_number=board, ns_tricks=tricks)
        services.table_result_confirm(access=access, board_number=board, ns_tricks=tricks)


def _standing(report, pair):
    return next(s for s in report.scores.standings if s.pair == (pair.direction, pair.number))


@pytest.mark.parametrize("places", [Club.PlacesShown.LIVE, Club.PlacesShown.ROUNDS])
def test_after_the_last_board_each_pair_has_its_final_percentage_and_place(make_event, club, places):
    event = _running(make_event, club, places=places)
    _play(event, random.Random(7))
    final = event_report(event)  # the evening still running: every board in, before the close
    for pair in event.pairs.all():
        shown = pair_evening(pair)
        assert shown.standing is not None and shown.standing_after is None
        assert round(shown.standing.percentage, 2) == round(_standing(final, pair).percentage, 2)
        assert shown.standing.rank == _standing(final, pair).rank
        assert shown.field_size == 7
        assert shown.now is None and len(shown.boards) == 14
    closed = services.event_close(event=event)
    final = event_report(closed)
    for pair in closed.pairs.all():
        shown = pair_evening(pair)
        assert shown.finished
        assert round(shown.standing.percentage, 2) == round(_standing(final, pair).percentage, 2)


def test_a_board_shows_only_once_the_pairs_own_table_has_confirmed_it(make_event, club):
    """Every board at every round: before its table confirms it, a board is not on that table's
    pairs' pages, and no page's traveller has that table's score; once confirmed, both are."""
    event = _running(make_event, club, tables=4)
    pairs = list(event.pairs.all())
    confirmed: dict[int, set[int]] = {}  # board -> the tables that have confirmed it
    played: set[tuple[int, int]] = set()  # (pair id, board) confirmed at the pair's table

    def check(board):
        for pair in pairs:
            shown = {b.board: b for b in pair_evening(pair, opened={board}).boards}
            assert (board in shown) == ((pair.pk, board) in played)
            if board in shown:
                assert {row.table for row in shown[board].traveller} == confirmed[board]

    for access, seating, board, tricks in _steps(event, random.Random(3)):
        services.table_result_enter(access=access, board_number=board, ns_tricks=tricks)
        check(board)
        services.table_result_confirm(access=access, board_number=board, ns_tricks=tricks)
        confirmed.setdefault(board, set()).add(access.table)
        played.update({(seating.ns_pair_id, board), (seating.ew_pair_id, board)})
        check(board)


def test_a_corrected_result_shows_as_corrected(make_event, club, organiser):
    event = _running(make_event, club, tables=3)
    access = event.table_accesses.get(table=1)
    services.table_result_enter(access=access, board_number=1, ns_tricks=7)
    services.table_result_confirm(access=access, board_number=1, ns_tricks=7)
    result = event.results.get(board__number=1, table=1)
    services.result_correct(result=result, ns_tricks=8, reason="miscounted", user=organiser)
    board = pair_evening(result.ns_pair, opened={1}).boards[0]
    assert board.corrected and board.tricks == 8 and board.traveller[0].corrected


def test_places_after_each_round_stand_as_the_last_round_every_table_finished(make_event, club):
    event = _running(make_event, club, tables=3, places=Club.PlacesShown.ROUNDS)
    pair = event.pairs.get(direction="NS", number=1)
    access = event.table_accesses.get(table=1)
    for board in event.seatings.get(round=1, table=1).board_numbers:
        services.table_result_enter(access=access, board_number=board, ns_tricks=7)
        services.table_result_confirm(access=access, board_number=board, ns_tricks=7)
    shown = pair_evening(pair)
    assert len(shown.boards) == 2 and shown.standing is None  # round 1 still in play elsewhere
    assert shown.now.round == 2


def test_places_only_at_the_close_show_none_in_play(make_event, club):
    event = _running(make_event, club, tables=3, places=Club.PlacesShown.CLOSE)
    _play(event, random.Random(1))
    pair = event.pairs.first()
    assert pair_evening(pair).standing is None
    services.event_close(event=event)
    pair.refresh_from_db()
    assert pair_evening(pair).standing is not None


def test_the_key_opens_its_own_pair_only(make_event, club):
    event = _running(make_event, club, tables=3)
    first, second = event.pairs.all()[:2]
    assert pair_evening_pair(first.pk, pair_evening_key(first)) == first
    assert pair_evening_pair(first.pk, pair_evening_key(second)) is None
    assert pair_evening_pair(first.pk, "x" * 16) is None
    assert pair_evening_key(first) != pair_evening_key(second)


def test_an_event_not_yet_started_shows_where_they_sit_first(make_event, club):
    event = make_event(club, tables=3)
    assert event.status != Event.Status.RUNNING
    shown = pair_evening(event.pairs.get(direction="EW", number=2))
    assert shown.now.round == 1 and shown.boards == ()


def test_a_howell_pair_is_told_where_it_goes_in_the_tablets_words(club):
    day = date(2026, 12, 1)
    event = services.event_create(club=club, name="Howell", date=day, tables=3, boards_per_round=2)
    for n in range(1, 9):
        services.entry_add(event=event, first=f"Guest {n}a", second=f"Guest {n}b")
    services.event_accept_proposal(event=event, choice=0)
    services.event_deal_boards(event=event, seed="howell", analyse=False)
    event = services.event_start(event=event)
    pair = event.pairs.get(number=1)
    plays = Q(ns_pair=pair) | Q(ew_pair=pair)
    first = event.seatings.get(plays, round=1)
    access = event.table_accesses.get(table=first.table)
    for board in first.board_numbers:
        services.table_result_enter(access=access, board_number=board, ns_tricks=6)
        services.table_result_confirm(access=access, board_number=board, ns_tricks=6)
    shown = pair_evening(pair)
    second = event.seatings.get(plays, round=2)
    told = {moved.pk: words for moved, words in round_moves(event, second)["pair_moves"] if moved}
    assert (shown.now.round, shown.now.table) == (2, second.table)
    assert shown.moves == told[pair.pk] and shown.moves
    assert shown.then.round == 3 and shown.boards[0].opponents.names.startswith("Guest")


def test_the_phones_share_one_reading_of_the_scores_for_a_few_seconds(make_event, club, settings):
    """A hall's phones read the scores as they stood at most ``PHONE_PAGES_FRESH_SECONDS`` ago: a
    board confirmed meanwhile shows at the next reading, never before its table confirmed it; the
    close of the evening shows at once."""
    settings.PHONE_PAGES_FRESH_SECONDS = 1
    event = _running(make_event, club, tables=3)
    seating = event.seatings.get(round=1, table=1)
    access = event.table_accesses.get(table=1)
    pair = seating.ns_pair
    assert pair_evening(pair).boards == ()
    services.table_check_in(access=access, round=1, here=True)
    for board in seating.board_numbers:
        services.table_result_enter(access=access, board_number=board, ns_tricks=7)
        services.table_result_confirm(access=access, board_number=board, ns_tricks=7)
    assert pair_evening(pair).boards == ()  # the reading of a moment ago, shared
    time.sleep(1.05)
    assert [b.board for b in pair_evening(pair).boards] == list(seating.board_numbers)
    access = event.table_accesses.get(table=2)
    services.table_check_in(access=access, round=1, here=True)
    services.table_result_enter(access=access, board_number=3, ns_tricks=6)
    services.table_result_confirm(access=access, board_number=3, ns_tricks=6)
    assert not pair_evening(pair).finished
    closed = services.event_close(event=event, adjust_missing=True)
    shown = pair_evening(closed.pairs.get(pk=pair.pk))
    assert shown.finished and shown.standing is not None  # the close, at once


def _confirm_round(event, number, *, but=None):
    """Every table that plays round ``number`` confirms its boards, but table ``but``."""
    for seating in event.seatings.filter(round=number, ns_pair__isnull=False, ew_pair__isnull=False):
        if seating.table == but:
            continue
        access = event.table_accesses.get(table=seating.table)
        for board in seating.board_numbers:
            services.table_result_enter(access=access, board_number=board, ns_tricks=7)
            services.table_result_confirm(access=access, board_number=board, ns_tricks=7)


def _sitting_out(event, number):
    """The pair at the phantom's table in round ``number``."""
    seating = event.seatings.get(Q(ns_pair=None) | Q(ew_pair=None), round=number)
    return seating.ns_pair or seating.ew_pair


def test_a_pair_out_in_round_1_sits_it_out_until_every_table_has_played_it(make_event, club):
    event = make_event(club, tables=3, phantom=True)
    services.event_deal_boards(event=event, seed="phantom", analyse=False)
    event = services.event_start(event=event)
    out = _sitting_out(event, 1)
    shown = pair_evening(out)
    assert (shown.now.round, shown.now.opponents, shown.then.round) == (1, None, 2)

    slow = event.seatings.filter(round=1, ns_pair__isnull=False, ew_pair__isnull=False).first().table
    _confirm_round(event, 1, but=slow)
    assert pair_evening(out).now.round == 1  # a table still plays round 1

    _confirm_round(event, 1)
    shown = pair_evening(out)
    assert shown.now.round == 2 and shown.now.opponents is not None and shown.then.round == 3


def test_a_pair_done_early_sits_out_the_next_round_while_the_room_plays_this_one(make_event, club):
    event = make_event(club, tables=3, phantom=True)
    services.event_deal_boards(event=event, seed="phantom", analyse=False)
    event = services.event_start(event=event)
    out = _sitting_out(event, 2)
    mine = event.seatings.get(Q(ns_pair=out) | Q(ew_pair=out), round=1).table
    slow = next(
        s.table
        for s in event.seatings.filter(round=1, ns_pair__isnull=False, ew_pair__isnull=False)
        if s.table != mine
    )
    _confirm_round(event, 1, but=slow)
    shown = pair_evening(out)
    assert (shown.now.round, shown.now.opponents, shown.then.round) == (2, None, 3)
