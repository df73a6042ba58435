"""A pairs event's tablet, and an individual event's, shows beneath each board its table has
confirmed that board's results at the tables that have confirmed it so far, when the club lets it
(``Club.tablet_travellers``): never anything of a board before the table confirmed it, nor another
table's score before that table confirmed it; an individual event's sides named by their players;
and the same queries as without it when the club does not, a constant number more when it does."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tablets import everyone_checked_in
from tournaments import services
from tournaments.models import Club
from tournaments.services.tablets.travellers import table_travellers

CAPTION = "Board {} at the tables that have confirmed it"


def _running(make_event, club, *, tables=3, allowed=True, **options):
    Club.objects.filter(pk=club.pk).update(tablet_travellers=allowed)
    event = make_event(club, name=f"{tables} tables", tables=tables, boards_per_round=2, **options)
    services.event_deal_boards(event=event, seed="travellers", analyse=False)
    event = services.event_start(event=event)
    everyone_checked_in(event)
    return event


def _play(access, board, tricks=7, *, confirm=True):
    services.table_result_enter(access=access, board_number=board, ns_tricks=tricks)
    if confirm:
        services.table_result_confirm(access=access, board_number=board, ns_tricks=tricks)


def _play_round(event, number, *, but=None):
    """Every table plays its boards of round ``number``; ``but`` = (table, board): that one is
    entered and left for E/W to confirm."""
    for access in event.table_accesses.order_by("table"):
        seating = event.seatings.get(round=number, table=access.table)
        for board in seating.board_numbers:
            _play(access, board, 6 + access.table, confirm=(access.table, board) != but)


def _page(client, access, played=None) -> str:
    url = reverse("tournaments:table", args=[access.token])
    return client.get(url, {"played": played} if played else {}).content.decode()


def _where_played(event, board, round_number):
    return event.seatings.get(round=round_number, first_board__lte=board, last_board__gte=board).table


def test_a_board_shows_its_traveller_once_the_table_confirms_it_and_others_as_they_confirm(
    client, make_event, club
):
    event = _running(make_event, club)
    first, second = event.seatings.get(round=2, table=1).board_numbers
    earlier = _where_played(event, first, 1)  # the table that played it in round 1
    _play_round(event, 1, but=(earlier, first))
    table_1 = event.table_accesses.get(table=1)
    page = _page(client, table_1)
    assert "at the tables that have confirmed it" not in page  # nothing of round 2 is confirmed here

    _play(table_1, first, confirm=False)
    assert "at the tables that have confirmed it" not in _page(client, table_1)  # entered, not confirmed

    services.table_result_confirm(access=table_1, board_number=first, ns_tricks=7)
    page = _page(client, table_1)
    assert CAPTION.format(first) in page and CAPTION.format(second) not in page
    # Table 1's own row alone: the table that played it first has not confirmed it yet.
    traveller = page[
        page.index(CAPTION.format(first)) : page.index("</table>", page.index(CAPTION.format(first)))
    ]
    assert traveller.count("<tr") == 2 and traveller.count('<tr class="own">') == 1  # header and own

    earlier_access = event.table_accesses.get(table=earlier)
    services.table_result_confirm(access=earlier_access, board_number=first, ns_tricks=6 + earlier)
    page = _page(client, table_1)
    traveller = page[
        page.index(CAPTION.format(first)) : page.index("</table>", page.index(CAPTION.format(first)))
    ]
    assert traveller.count("<tr") == 3 and traveller.count('<tr class="own">') == 1
    assert f"<td>{earlier}</td>" in traveller and f"{6 + earlier}–{7 - earlier}" in traveller


def test_a_result_the_organiser_adjusted_shows_as_adjusted_and_corrected(client, make_event, club, organiser):
    event = _running(make_event, club)
    _play_round(event, 1)
    first = event.seatings.get(round=2, table=1).first_board
    earlier = event.seatings.get(round=1, first_board__lte=first, last_board__gte=first)
    services.result_set_by_director(
        event=event,
        seating=earlier,
        board_number=first,
        ns_adjusted="A+",
        ew_adjusted="A-",
        reason="a revoke",
        user=organiser,
    )
    table_1 = event.table_accesses.get(table=1)
    _play(table_1, first)
    page = _page(client, table_1)
    start = page.index(CAPTION.format(first))
    traveller = page[start : page.index("</table>", start)]
    row = next(line for line in traveller.split("<tr") if f"<td>{earlier.table}</td>" in line)
    assert "A+/A-" in row and "corrected" in row and "True" not in traveller


def test_the_round_just_over_shows_each_boards_traveller(client, make_event, club):
    event = _running(make_event, club)
    _play_round(event, 1)
    table_1 = event.table_accesses.get(table=1)
    first, second = event.seatings.get(round=2, table=1).board_numbers
    _play(table_1, first)
    _play(table_1, second)
    page = _page(client, table_1, played=2)
    assert "Round 2 is over" in page
    assert CAPTION.format(first) in page and CAPTION.format(second) in page
    # The next round's boards, not yet played here, show nothing.
    for board in event.seatings.get(round=3, table=1).board_numbers:
        assert CAPTION.format(board) not in page


def test_a_club_that_does_not_allow_it_shows_no_traveller(client, make_event, club):
    event = _running(make_event, club, allowed=False)
    _play_round(event, 1)
    table_1 = event.table_accesses.get(table=1)
    first, second = event.seatings.get(round=2, table=1).board_numbers
    _play(table_1, first)
    assert "✓ confirmed" in _page(client, table_1)
    assert "at the tables that have confirmed it" not in _page(client, table_1)
    _play(table_1, second)
    assert "at the tables that have confirmed it" not in _page(client, table_1, played=2)


def _players(seating) -> tuple[str, str]:
    """A seating's two sides as an individual event's traveller names them: "8 & 1"."""
    return tuple(
        f"{p.individual1.number} &amp; {p.individual2.number}" for p in (seating.ns_pair, seating.ew_pair)
    )


def _traveller(page, board) -> str:
    start = page.index(CAPTION.format(board))
    return page[start : page.index("</table>", start)]


def test_an_individual_events_tablet_shows_each_side_by_its_players_once_confirmed(client, make_event, club):
    event = _running(make_event, club, variant="individual", players=8)
    table_1, table_2 = event.table_accesses.order_by("table")
    mine = event.seatings.select_related("ns_pair", "ew_pair").get(round=1, table=1)
    theirs = event.seatings.select_related("ns_pair", "ew_pair").get(round=1, table=2)
    first = mine.first_board
    assert first in theirs.board_numbers  # the tables of an individual round play the same boards
    _play(table_1, first, 8, confirm=False)
    _play(table_2, first, 6)
    assert "at the tables that have confirmed it" not in _page(client, table_1)  # entered, not confirmed

    services.table_result_confirm(access=table_1, board_number=first, ns_tricks=8)
    traveller = _traveller(_page(client, table_1), first)
    assert "each side by its players&#x27; numbers" in traveller
    assert traveller.count("<tr") == 3 and traveller.count('<tr class="own">') == 1
    own = next(row for row in traveller.split("<tr") if row.startswith(' class="own"'))
    assert all(f"<td>{side}</td>" in own for side in _players(mine)) and "8–5" in own
    assert all(f"<td>{side}</td>" in traveller for side in _players(theirs))
    assert "N/S" not in traveller.split("</thead>")[1]  # no side named by its pair

    # Table 2 sees table 1's row; of a board table 1 has confirmed and table 2 not, nothing.
    second = mine.last_board
    _play(table_1, second)
    page = _page(client, table_2)
    assert _traveller(page, first).count("<tr") == 3 and "8–5" in _traveller(page, first)
    assert CAPTION.format(second) not in page and CAPTION.format(second) in _page(client, table_1, played=1)


def test_an_individual_events_tablet_shows_another_tables_row_only_once_confirmed(client, make_event, club):
    event = _running(make_event, club, variant="individual", players=8)
    table_1, table_2 = event.table_accesses.order_by("table")
    first = event.seatings.get(round=1, table=1).first_board
    _play(table_1, first, 8)
    _play(table_2, first, 6, confirm=False)
    traveller = _traveller(_page(client, table_1), first)
    assert traveller.count("<tr") == 2 and "6–7" not in traveller
    services.table_result_confirm(access=table_2, board_number=first, ns_tricks=6)
    assert "6–7" in _traveller(_page(client, table_1), first)


@pytest.mark.parametrize("options", [{}, {"variant": "individual", "players": 8}])
def test_without_the_clubs_leave_it_asks_the_database_nothing(
    club, make_event, django_assert_num_queries, options
):
    event = _running(make_event, club, allowed=False, **options)
    _play_round(event, 1)
    event = type(event).objects.select_related("club").get(pk=event.pk)
    with django_assert_num_queries(0):
        assert table_travellers(event, table=1, round=1, boards=[1, 2]) == {}


def _counts(client, event) -> tuple[int, int, int]:
    """The tablet page's statements with the club's leave off, then on (scores worked out), then
    on again (scores kept)."""
    table_1 = event.table_accesses.get(table=1)
    counts = []
    for allowed in (False, True, True):
        Club.objects.filter(pk=event.club_id).update(tablet_travellers=allowed)
        with CaptureQueriesContext(connection) as statements:
            page = _page(client, table_1)
        assert ("at the tables that have confirmed it" in page) == allowed
        counts.append(len(statements))
    return tuple(counts)


# The fields, small then large, of a Mitchell, a Howell and an individual event; and the statements
# the tablet asks beyond its own: the event's pairs, boards and scores' key, as every page of its
# results reads them, and its corrected results (an individual event's partnerships too, to name its
# sides by its players); the seatings and results too when the scores are not kept yet.
FIELDS = {
    "mitchell": ([{"tables": 3}, {"tables": 7}], (6, 4)),
    "howell": ([{"tables": 4, "variant": "howell"}, {"tables": 6, "variant": "howell"}], (6, 4)),
    "individual": (
        [{"variant": "individual", "players": n, "tables": n // 4} for n in (8, 16)],
        (7, 5),
    ),
}


@pytest.mark.parametrize("field", FIELDS)
def test_the_tablet_asks_a_constant_number_more_whatever_the_fields_size(client, make_event, club, field):
    sizes, more = FIELDS[field]
    counts = []
    for options in sizes:
        cache.clear()
        event = _running(make_event, club, **options)
        _play_round(event, 1)
        _play(event.table_accesses.get(table=1), event.seatings.get(round=2, table=1).first_board)
        counts.append(_counts(client, event))
    assert counts[0] == counts[1], counts
    off, cold, warm = counts[0]
    assert (cold - off, warm - off) == more, counts
