"""Play against double dummy: the demo's Mitchell beside its boards' stored analysis, the page's
rules of who may read it, what it leaves out, and its queries."""

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.models import Q
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import analysis, services
from tournaments.models import Board, Event, Member, Result
from tournaments.services.season.players import member_season


@pytest.fixture
def demo(db):
    call_command("demo")


def _autumn() -> Event:
    return Event.objects.get(name="Autumn Pairs")  # the demo's Mitchell, seven tables


def _recomputed(event: Event):
    """Each result's N/S tricks less double dummy, worked out from the stored tables (the board's
    trumps, the dealer's left leading, read as ``analysis.ns_tricks`` reads a table), and each
    pair's total and count, from the results' rows (by the cards, as they are kept)."""
    boards = {b.pk: b for b in event.boards.all()}
    lines, pairs = {}, {}
    for result in Result.objects.filter(event=event).confirmed().select_related("ns_pair", "ew_pair"):
        board = boards[result.board_id]
        difference = result.ns_tricks - analysis.ns_tricks(board.dd_table, board.trumps, board.dealer)
        lines[(board.number, result.round, result.table)] = difference
        for pair, signed in ((result.ns_pair, difference), (result.ew_pair, -difference)):
            key = (pair.direction, pair.number)
            judged, total = pairs.get(key, (0, 0))
            pairs[key] = (judged + 1, total + signed)
    return lines, pairs


def test_the_demo_mitchells_report_equals_a_recomputation_from_the_stored_tables(demo):
    event = _autumn()
    dd = services.event_double_dummy(services.event_report(event))
    lines, pairs = _recomputed(event)
    shown = {
        (board.board, line.result.round, line.table): line.ns_difference
        for board in dd.against.boards
        for line in board.lines
    }
    assert shown == lines and len(lines) == 7 * 7 * 3
    assert {e.key: (e.figure.judged, e.figure.total) for e in dd.entrants} == pairs
    assert dd.against.waiting == () and dd.against.judged == len(lines)


def _page(event: Event) -> str:
    return reverse("tournaments:results-double-dummy", args=[event.pk])


def test_the_published_results_link_to_the_page_anyone_may_read(demo, client):
    event = _autumn()
    standings = client.get(reverse("tournaments:results", args=[event.pk])).content.decode()
    assert _page(event) in standings
    page = client.get(_page(event)).content.decode()
    assert "Play against double dummy" in page and "Board 21" in page and "Boards judged" in page


def test_it_asks_a_visitor_to_log_in_before_publication_and_shows_the_organiser(demo, client):
    event = _autumn()
    Event.objects.filter(pk=event.pk).update(published=False)
    response = client.get(_page(event))
    assert response.status_code == 302 and "/login/" in response["Location"]
    assert client.login(username="organiser", password="whistdrive")
    assert client.get(_page(event)).status_code == 200


def test_it_names_people_as_the_public_pages_do(demo, client):
    event = _autumn()
    member = event.pairs.exclude(player1=None).first().player1
    Member.objects.filter(pk=member.pk).update(published_as=Member.Published.HIDDEN)
    whole = f"{member.first_name} {member.last_name}"
    assert whole not in client.get(_page(event)).content.decode()
    assert client.login(username="organiser", password="whistdrive")
    assert whole in client.get(_page(event)).content.decode()


def test_it_leaves_out_adjusted_scores_and_boards_awaiting_analysis_with_a_word(demo, client):
    event = _autumn()
    adjusted = Result.objects.filter(event=event, board__number=1).order_by("table").first()
    Result.objects.filter(pk=adjusted.pk).update(ns_tricks=None, ns_adjusted="A+", ew_adjusted="A-")
    Board.objects.filter(event=event, number=2).update(dd_table=None, dd_ns_tricks=None)
    dd = services.event_double_dummy(services.event_report(event))
    words = {(b.board, line.table): line.left_out for b in dd.against.boards for line in b.lines}
    assert words[(1, adjusted.table)] == "adjusted score"
    assert {words[(2, table)] for table in range(1, 8)} == {"analysis in progress"}
    assert dd.against.waiting == (2,) and dd.against.judged == 7 * 7 * 3 - 1 - 7
    page = client.get(_page(event)).content.decode()
    assert "A+/A-" in page and "Analysis in progress: board 2 waits" in page


def test_an_arrow_switched_round_compares_the_cards_held(demo, client):
    event = _autumn()
    event.seatings.filter(round=7).update(arrow_switched=True)
    lines, pairs = _recomputed(event)  # the results are kept by the cards, switched or not
    dd = services.event_double_dummy(services.event_report(event))
    switched = [line for b in dd.against.boards for line in b.lines if line.result.arrow_switched]
    assert len(switched) == 7 * 3
    assert all(line.ns_difference == lines[(line.result.board, 7, line.table)] for line in switched)
    assert {e.key: (e.figure.judged, e.figure.total) for e in dd.entrants} == pairs
    assert "(arrow switched)" in client.get(_page(event)).content.decode()


def test_a_minnesota_hand_played_low_is_left_out(demo):
    event = Event.objects.get(name="Minnesota Whist Night")
    dd = services.event_double_dummy(services.event_report(event))
    lines = [line for b in dd.against.boards for line in b.lines]
    low = [line for line in lines if line.result.ns_tricks is not None and line.result.low]
    assert low and all(line.left_out.startswith("played low") for line in low)
    assert all(
        not line.left_out for line in lines if not line.result.low and line.result.ns_tricks is not None
    )


def test_an_individual_events_players_each_have_their_figure(demo, client):
    event = Event.objects.get(name="Wednesday Individual")
    dd = services.event_double_dummy(services.event_report(event))
    assert dd.individuals is not None and len(dd.entrants) == len(dd.individuals.standings)
    judged = sum(e.figure.judged for e in dd.entrants)
    assert judged == 4 * dd.against.judged  # every judged result counts for its four players
    assert client.get(_page(event)).status_code == 200


def _queries(client, event: Event) -> int:
    client.get(_page(event))  # the scores kept in the cache, as between two writes
    with CaptureQueriesContext(connection) as queries:
        assert client.get(_page(event)).status_code == 200
    return len(queries)


def test_its_queries_stay_the_same_however_big_the_evening(demo, client):
    small = Event.objects.filter(name="Tuesday Pairs", tables=4).first()
    assert _queries(client, small) == _queries(client, _autumn())


def test_a_players_season_adds_their_evenings_figures(demo, client):
    """The player page's figure is the sum of the member's figures on every published evening's
    own page (a pair's, or at an individual event their seat's)."""
    member = _autumn().pairs.get(direction="NS", number=1).player1
    judged = total = 0
    for event in Event.objects.filter(published=True):
        dd = services.event_double_dummy(services.event_report(event))
        if dd.individuals is None:
            mine = {
                (p.direction, p.number) for p in event.pairs.filter(Q(player1=member) | Q(player2=member))
            }
        else:
            seats = event.individuals.filter(Q(player1=member) | Q(player2=member))
            mine = set(seats.values_list("number", flat=True))
        for entrant in dd.entrants:
            if entrant.key in mine:
                judged, total = judged + entrant.figure.judged, total + entrant.figure.total
    season = member_season(member)
    assert judged > 21 and (season.double_dummy.judged, season.double_dummy.total) == (judged, total)
    page = client.get(reverse("tournaments:player", args=[member.pk])).content.decode()
    assert "Against double dummy" in page and f"over {judged} boards judged" in page
