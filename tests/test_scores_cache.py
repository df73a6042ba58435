"""Scores are reused between writes and never outlive one: every kind of change is seen at once."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments import services
from tournaments.models import Event, ResultChange


@pytest.fixture
def running(club, make_event):
    event = make_event(club, tables=3, boards_per_round=2)
    services.event_deal_boards(event=event, seed="cache", analyse=False)
    services.event_start(event=event)
    access = event.table_accesses.get(table=1)
    services.table_result_enter(access=access, board_number=1, ns_tricks=8)
    services.table_result_confirm(access=access, board_number=1, ns_tricks=8)
    return Event.objects.get(pk=event.pk)


def _ns1(event):
    report = services.event_report(Event.objects.get(pk=event.pk))
    return next(s for s in report.scores.standings if s.pair == ("NS", 1)), report


def test_a_second_report_between_writes_reads_no_results(running):
    _ns1(running)
    with CaptureQueriesContext(connection) as captured:
        _ns1(running)
    assert not any(
        'tournaments_result"' in q["sql"] and 'FROM "tournaments_result"' in q["sql"] for q in captured
    )


def test_the_scores_are_kept_in_the_cache_the_deployment_sets(running, settings, tmp_path):
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache", "LOCATION": tmp_path}
    }
    first = _ns1(running)[1]
    assert list(tmp_path.iterdir())  # the scores went into that cache
    with CaptureQueriesContext(connection) as captured:
        again = _ns1(running)[1]
    assert not any('FROM "tournaments_result"' in q["sql"] for q in captured)
    assert again.scores == first.scores


def test_every_write_is_seen_at_once(running, organiser):
    access = running.table_accesses.get(table=2)
    before, _ = _ns1(running)
    services.table_result_enter(access=access, board_number=3, ns_tricks=9)
    services.table_result_confirm(access=access, board_number=3, ns_tricks=9)
    assert _ns1(running)[0].boards_played == before.boards_played  # N/S 1 did not play it...
    assert _ns1(running)[1].scores.boards[-1].board == 3  # ...but the board is scored now
    seating = running.seatings.get(round=1, table=1)
    services.result_set_by_director(
        event=running,
        seating=seating,
        board_number=1,
        ns_adjusted="A+",
        ew_adjusted="A-",
        reason="x",
        user=organiser,
    )
    assert _ns1(running)[0].score != before.score
    pair = running.pairs.get(direction="NS", number=1)
    pair.guest1, pair.guest2 = "Ada", "Charles"
    pair.save()
    assert _ns1(running)[1].name(("NS", 1)) == "Ada & Charles"  # names are read every time


def test_a_change_of_scoring_method_is_seen_at_once(running):
    Event.objects.filter(pk=running.pk).update(scoring="odd_tricks")
    assert _ns1(running)[1].scores.method == "odd_tricks"
    assert _ns1(running)[0].score == 2  # 8 tricks: two over six


def test_a_result_committed_after_a_newer_history_line_is_seen(running, organiser):
    """A history line's id is drawn when the line is written, and the line seen when its transaction
    commits: on PostgreSQL table 2's score may draw its id, then table 3's the next one and commit
    first. Standings worked out between the two commits are not served once table 2's commits,
    although the newest id is the same before and after."""

    def scored_by_director(table):
        seating = running.seatings.get(round=1, table=table)
        return services.result_set_by_director(
            event=running,
            seating=seating,
            board_number=seating.first_board,
            ns_tricks=9,
            reason="from the traveller",
            user=organiser,
        )

    # Table 3's line commits first, with the later id (the ids between are drawn and not yet seen).
    table_3 = ResultChange.objects.get(result=scored_by_director(3))
    newest = table_3.pk + 1000
    ResultChange.objects.filter(pk=table_3.pk).update(id=newest)
    assert [b.board for b in _ns1(running)[1].scores.boards] == [1, 5]  # worked out and kept
    # Table 2's line, with the id it drew before table 3's, commits now.
    ResultChange.objects.filter(result=scored_by_director(2)).update(id=newest - 1)
    assert ResultChange.objects.order_by("id").last().pk == newest  # the newest id has not changed
    assert [b.board for b in _ns1(running)[1].scores.boards] == [1, 3, 5]


def test_a_table_score_committed_after_a_newer_history_line_is_seen(running):
    """As above, with two tables' own entries, which write no line in the trail: neither newest id
    changes, and only the count of the results' history lines tells the later commit."""

    def confirmed_at(table):
        access = running.table_accesses.get(table=table)
        board = running.seatings.get(round=1, table=table).first_board
        services.table_result_enter(access=access, board_number=board, ns_tricks=9)
        return services.table_result_confirm(access=access, board_number=board, ns_tricks=9)

    def numbered_from(result, top):
        """The result's history lines (entered, confirmed) renumbered to end at ``top``."""
        for below, line in enumerate(ResultChange.objects.filter(result=result).order_by("-id")):
            ResultChange.objects.filter(pk=line.pk).update(id=top - below)

    trail = running.changes.count()
    table_3 = confirmed_at(3)
    newest = ResultChange.objects.order_by("id").last().pk + 1000
    numbered_from(table_3, newest)
    assert [b.board for b in _ns1(running)[1].scores.boards] == [1, 5]
    numbered_from(confirmed_at(2), newest - 2)
    assert ResultChange.objects.order_by("id").last().pk == newest
    assert running.changes.count() == trail
    assert [b.board for b in _ns1(running)[1].scores.boards] == [1, 3, 5]


def test_a_movement_rebuilt_before_any_result_is_seen_at_once(club, make_event):
    """A rebuilt movement writes no result, only its line in the trail: the standings list the new
    tables' pairs all the same."""
    event = make_event(club, tables=3, boards_per_round=2)
    assert len(services.event_report(event).scores.standings) == 6

    services.event_update(event=event, values={"tables": 5})

    assert len(services.event_report(Event.objects.get(pk=event.pk)).scores.standings) == 10


def test_the_scores_are_kept_by_the_settings_the_lifecycle_guards(running):
    """One list of the settings that decide the standings from the same results: what the organiser
    may no longer change once published is what the kept scores are looked up by, and changing any
    of them is seen at once."""
    from tournaments.services.events import lifecycle, scoring

    assert scoring.SCORING_FIELDS is lifecycle.SCORING_FIELDS
    changed = {"scoring": "total_tricks", "scale": "acbl", "adjusted_scores": "fixed", "honours": True}
    changed["minnesota_rules"] = "american"
    changed["tie_break"] = not running.tie_break
    assert set(changed) == set(lifecycle.SCORING_FIELDS)
    keys = {scoring._scores_key(running)}
    for name, value in changed.items():
        setattr(running, name, value)
        keys.add(scoring._scores_key(running))
    assert len(keys) == 1 + len(changed)
