"""The queries of every page players and the organiser use stay the same however big the event.

Each page is counted at 4 and at 30 tables of a Mitchell, and at 4 and 7 tables of a Howell (pairs
named by members, results in, tablets live); a count that grows with the field fails here.
"""

from datetime import date

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services

PAGES = [
    ("tournaments:event-detail", lambda e: [e.pk]),
    ("tournaments:event-run", lambda e: [e.pk]),
    ("tournaments:event-movement", lambda e: [e.pk]),
    ("tournaments:event-live", lambda e: [e.pk]),
    ("tournaments:results", lambda e: [e.pk]),
    ("tournaments:results-pair", lambda e: [e.pk, "all" if e.is_howell else "ns", 1]),
    ("tournaments:results-board", lambda e: [e.pk, 1]),
    ("tournaments:results-csv", lambda e: [e.pk]),
    ("tournaments:results-double-dummy", lambda e: [e.pk]),
    ("tournaments:event-room", lambda e: [e.pk]),
    ("tournaments:director-board", lambda e: [e.pk, 1]),
    ("tournaments:board", lambda e: [e.pk, 1]),
    ("tournaments:boards-analysis", lambda e: [e.pk]),
    ("admin:tournaments_event_change", lambda e: [e.pk]),
    ("admin:tournaments_event_changelist", lambda e: []),
    ("admin:tournaments_member_changelist", lambda e: []),
    ("admin:tournaments_result_changelist", lambda e: []),
    ("admin:tournaments_resultchange_changelist", lambda e: []),
    ("admin:tournaments_seating_changelist", lambda e: []),
]


def _evening(club, tables, variant=None):
    members = [
        services.member_create(club=club, first_name=f"Player{n}", last_name=f"T{tables}")
        for n in range(4 * tables)
    ]
    event = services.event_create(
        club=club,
        name=f"{tables} tables",
        date=date(2026, 11, 26),
        tables=tables,
        boards_per_round=2,
        variant=variant or ("relay" if tables % 2 == 0 else None),
    )
    services.event_build_movement(event=event)
    for pair, (first, second) in zip(
        event.pairs.all(), zip(members[::2], members[1::2], strict=True), strict=False
    ):
        pair.player1, pair.player2 = first, second
        pair.save()
    services.event_deal_boards(event=event, seed="count", analyse=False)
    services.event_start(event=event)
    rows = [
        f"{b},{s.ns_pair.number},{s.ew_pair.number},{(b + s.table) % 14}"
        for s in event.seatings.select_related("ns_pair", "ew_pair").filter(round__lte=2)
        for b in s.board_numbers
    ]
    services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n" + "\n".join(rows))
    return event


def _count(client, url, method="get", data=None):
    with CaptureQueriesContext(connection) as captured:
        response = getattr(client, method)(url, data or {})
    assert response.status_code in (200, 302), (url, response.status_code)
    return len(captured.captured_queries)


@pytest.fixture(params=["mitchell", "howell"])
def evenings(request, club):
    if request.param == "howell":
        return _evening(club, 4, "howell"), _evening(club, 7, "howell")
    return _evening(club, 4), _evening(club, 30)


def test_no_organiser_page_grows_with_the_field(client, organiser, evenings):
    client.force_login(organiser)
    grown = {}
    for name, args in PAGES:
        small, big = (_count(client, reverse(name, args=args(e))) for e in evenings)
        if big > small:
            grown[name] = (small, big)
    assert grown == {}


def test_the_tablets_pages_and_posts_do_not_grow_with_the_field(client, evenings):
    grown = {}
    for what in ("page", "enter", "confirm"):
        counts = []
        for event in evenings:
            access = event.table_accesses.get(table=2)
            seating = event.seatings.get(round=3, table=2)
            board = seating.first_board
            url = reverse("tournaments:table", args=[access.token])
            if what == "page":
                counts.append(_count(client, url))
            else:
                action = reverse(f"tournaments:table-{what}", args=[access.token])
                counts.append(_count(client, action, "post", {"board": board, "ns_tricks": 7}))
        if counts[1] > counts[0]:
            grown[what] = tuple(counts)
    assert grown == {}


@pytest.mark.parametrize("action", ["enter", "confirm"])
def test_a_score_from_a_tablet_takes_six_statements_with_its_transaction(
    client, club, django_assert_max_num_queries, action
):
    """One statement reads the table, its pairs, the board and the event's status, locking the
    table's seatings and holding the event against a close; one reads the table's results; then the
    write and its history line: four, and the transaction's two (here the savepoint the test's own
    transaction puts around the service's; in production BEGIN and COMMIT)."""
    event = _evening(club, 4)
    access = event.table_accesses.get(table=1)
    board = event.seatings.get(round=3, table=1).first_board
    enter = reverse("tournaments:table-enter", args=[access.token])
    if action == "confirm":
        client.post(enter, {"board": board, "ns_tricks": 7})
    with django_assert_max_num_queries(6):
        response = client.post(
            reverse(f"tournaments:table-{action}", args=[access.token]), {"board": board, "ns_tricks": 7}
        )
    assert response.status_code == 302
