"""What an individual event shows people, on paper and on screen: its players, never the
partnerships its rounds are seated by ("Pair 10"), which exist only to score a round."""

import json
from datetime import date
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.test_individual_events import NAMES, make_individual, play
from tests.test_itinerary_cards import pages_text
from tournaments import services
from tournaments.models import Event


def printed(client, event, document):
    response = client.get(reverse("tournaments:event-print", args=[event.pk, document]))
    assert response.status_code == 200
    return " ".join(pages_text(response.content))


@pytest.mark.django_db
def test_the_printed_results_rank_the_players(client, club, organiser):
    event = play(make_individual(club))
    client.force_login(organiser)
    text = printed(client, event, "results")
    assert "Players" in text and "Pair" not in text
    assert "1 3 Cath Hill + Dora Hill 11 14 78.57 7" in text
    assert "8 2 Bob Jones 3 14 21.43 7" in text
    assert "Scores board by board" in text and "Player 1 2 3" in text
    pack = printed(client, event, "pack").split("Individual Night: Final results")
    assert len(pack) == 2 and "Cath Hill + Dora Hill 11 14 78.57 7" in pack[1] and "Pair" not in pack[1]


@pytest.mark.django_db
def test_the_blank_results_form_lists_the_players(client, club, organiser):
    event = make_individual(club)
    client.force_login(organiser)
    text = printed(client, event, "results")
    assert "Pair" not in text
    assert all(name in text for name in NAMES)


def seated(event, round_, table):
    """The four players at a table in a round, by seat: {"N": "Ann Smith", ...}."""
    names = {p.number: p.names for p in event.individuals.all()}
    seats = next(t for t in services.individual_schedule(event).round_tables(round_) if t.table == table)
    return {seat: names[n] for seat, n in zip("NESW", seats.seats, strict=True)}


@pytest.mark.django_db
def test_the_travellers_name_the_four_players_of_each_row(client, club, organiser):
    event = play(make_individual(club))
    client.force_login(organiser)
    text = printed(client, event, "travellers")
    assert "Pair" not in text and "N/S players E/W players" in text
    at = seated(event, 1, 1)
    assert f"1 1 {at['N']} & {at['S']} {at['E']} & {at['W']} 8 5" in text


def make_unnamed(club, players=8):
    """An individual event whose players have no names yet."""
    event = services.event_create(
        club=club,
        name="Unnamed",
        date=date(2026, 11, 27),
        tables=2,
        boards_per_round=1,
        variant=Event.Variant.INDIVIDUAL,
        players=players,
    )
    services.event_build_movement(event=event)
    return Event.objects.get(pk=event.pk)


@pytest.mark.django_db
def test_the_travellers_name_players_not_yet_named_by_their_numbers(client, club, organiser):
    event = make_unnamed(club)
    client.force_login(organiser)
    text = printed(client, event, "travellers")
    at = seated(event, 1, 1)
    assert at["N"].startswith("Player ") and "Pair" not in text
    assert f"1 1 {at['N']} & {at['S']} {at['E']} & {at['W']}" in text


@pytest.mark.django_db
def test_the_board_page_names_the_four_players_of_each_row(client, club, organiser):
    event = play(make_individual(club))
    client.force_login(organiser)
    page = reverse("tournaments:director-board", args=[event.pk, 1])
    seating = event.seatings.get(round=1, table=1)
    response = client.post(page, {"seating": seating.pk, "ns_tricks": 9, "reason": "miscounted"}, follow=True)
    html = response.content.decode()
    assert "Pair" not in html.split("<h1>")[1]
    for table in (1, 2):
        at = seated(event, 1, table)
        assert f'<td data-label="Round">1</td><td data-label="Table">{table}</td>' in html
        assert f"{at['N']} &amp; {at['S']}" in html and f"{at['E']} &amp; {at['W']}" in html
    at = seated(event, 1, 1)  # the history names who played, as the rows do
    assert f">{at['N']} &amp; {at['S']} v {at['E']} &amp; {at['W']}</td>" in html


def started(event):
    services.event_deal_boards(event=event, seed="check-in", analyse=False)
    services.event_start(event=event)
    return Event.objects.get(pk=event.pk)


@pytest.mark.django_db
def test_the_tablet_asks_for_the_players_expected_by_name(client, club):
    event = make_unnamed(club)
    services.individuals_rename(event=event, names=dict(enumerate(NAMES[:4], 1)))  # four of eight
    event = started(event)
    at = seated(event, 1, 1)
    access = event.table_accesses.get(table=1)
    html = client.get(reverse("tournaments:table", args=[access.token])).content.decode()
    assert "Who is at the table?" in html and "Pair" not in html
    assert (
        f"N/S:</span> {at['N']} &amp; {at['S']}" in html and f"E/W:</span> {at['E']} &amp; {at['W']}" in html
    )


@pytest.mark.django_db
def test_the_live_page_says_which_players_a_waiting_table_expected(client, club, organiser):
    event = started(make_individual(club))
    access = event.table_accesses.get(table=1)
    client.post(reverse("tournaments:table-check-in", args=[access.token]), {"round": 1, "answer": "else"})
    client.force_login(organiser)
    html = client.get(reverse("tournaments:event-live", args=[event.pk])).content.decode()
    waiting = html.split('id="check-ins"')[1].split("</section>")[0]
    at = seated(event, 1, 1)
    assert f"not {at['N']} &amp; {at['S']} and {at['E']} &amp; {at['W']}" in waiting
    assert "Pair" not in waiting and "Tell the table where to go" in waiting


@pytest.mark.django_db
def test_the_service_refuses_to_seat_one_partnership_in_anothers_place(client, club):
    """The live page offers only "tell the table where to go" at an individual event; the service
    refuses the swap of partnerships too, whoever asks it, and nothing moves."""
    from tournaments.models import Seating, TableCheckIn
    from tournaments.services.core.errors import ServiceError

    event = started(make_individual(club))
    access = event.table_accesses.get(table=1)
    client.post(reverse("tournaments:table-check-in", args=[access.token]), {"round": 1, "answer": "else"})
    check_in = TableCheckIn.objects.get(link=access, round=1)
    here = event.seatings.get(round=1, table=1)
    other = event.seatings.get(round=1, table=2)
    before = list(Seating.objects.filter(event=event).values_list("pk", "ns_pair_id", "ew_pair_id"))
    with pytest.raises(ServiceError, match="individual event.*tell the table where to go"):
        services.check_in_seat_pair(check_in=check_in, instead_of=here.ns_pair, pair=other.ns_pair)
    assert list(Seating.objects.filter(event=event).values_list("pk", "ns_pair_id", "ew_pair_id")) == before


@pytest.mark.django_db
def test_a_players_card_names_the_opponents_and_the_board_pages_the_players(client, club):
    event = play(make_individual(club))
    at = seated(event, 1, 1)
    north = next(p for p in event.individuals.all() if p.names == at["N"])
    card = client.get(reverse("tournaments:results-player", args=[event.pk, north.number])).content.decode()
    table = card.split("<table")[1]
    assert "Pair" not in table and f">{at['E']}</a> &amp; <a" in table and f">{at['S']}<" in table
    board = client.get(reverse("tournaments:results-board", args=[event.pk, 1])).content.decode()
    table = board.split("<table")[1]
    assert "Pair" not in table
    link = reverse("tournaments:results-player", args=[event.pk, north.number])
    assert f'<td class="players"><a href="{link}">{at["N"]}</a> &amp; ' in table  # wrapped on a phone
    assert client.get(reverse("tournaments:results-pair", args=[event.pk, "all", 1])).status_code == 404


@pytest.mark.django_db
def test_the_print_command_prints_the_itinerary_cards_and_refuses_pair_cards_in_words(club, tmp_path):
    event = make_individual(club)
    output = tmp_path / "cards.pdf"
    call_command("print", str(event.pk), "--document=itinerary-cards", f"--output={output}")
    text = " ".join(pages_text(output.read_bytes()))
    assert "Ivy Dunn · player 8" in text and "Pair" not in text
    with pytest.raises(
        CommandError, match="Individual events print no score cards; print table cards, itinerary cards,"
    ):
        call_command("print", str(event.pk), "--document=score-cards", f"--output={output}")


@pytest.mark.django_db
def test_the_results_as_data_rank_the_players_and_list_only_the_partnerships_that_played(club):
    event = make_individual(club, NAMES + ["Jo Kemp", "Kit Lamb", "Lou Marsh"])  # one empty seat
    schedule = services.individual_schedule(event)
    event = play(event, [(7 + r % 3, 6, 8) for r in range(schedule.round_count)])
    out = StringIO()
    call_command("results", str(event.pk), "--format=json", stdout=out)
    data = json.loads(out.getvalue())
    assert len(data["rankings"]) == 11 and {row["field"] for row in data["rankings"]} == {"PLAYERS"}
    assert data["rankings"][0]["rank"] == "1" and "player" in data["rankings"][0]
    playing = sum(t.plays for tables in schedule.rounds for t in tables)
    partnerships = data["partnerships"]
    assert len(partnerships) == 2 * playing == 44  # 55 pairs of players, 11 of them never at a table
    assert all(p["boards_played"] > 0 and "rank" not in p for p in partnerships)
    names = dict(enumerate(NAMES + ["Jo Kemp", "Kit Lamb", "Lou Marsh"], 1))
    for p in partnerships:
        assert p["names"] == " & ".join(names[n] for n in p["players"])
    numbers = {p["partnership"] for p in partnerships}
    for board in data["boards"]:
        for result in board["results"]:
            assert {result["ns_pair"], result["ew_pair"]} <= numbers


@pytest.mark.django_db
def test_the_event_page_and_its_trail_name_players(client, club, organiser):
    event = started(make_individual(club))
    access = event.table_accesses.get(table=1)
    client.post(reverse("tournaments:table-check-in", args=[access.token]), {"round": 1, "answer": "us"})
    client.force_login(organiser)
    at = seated(event, 1, 1)
    services.result_set_by_director(
        event=event,
        seating=event.seatings.get(round=1, table=1),
        board_number=1,
        ns_tricks=8,
        reason="from the traveller",
        user=organiser,
    )
    html = client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
    results = html.split("<h2>Results</h2>")[1].split("<h2")[0]
    assert "board,north,south,east,west,ns_tricks" in results and "Pair" not in results
    assert f"<td>{at['N']} &amp; {at['S']}</td><td>{at['E']} &amp; {at['W']}</td>" in results
    trail = html.split('id="trail"')[1]
    assert "8 players" in trail and " pairs" not in trail and "Pair" not in trail
    assert f"expected N/S {at['N']} &amp; {at['S']}, E/W {at['E']} &amp; {at['W']}" in trail


@pytest.mark.django_db
def test_the_results_csv_has_a_column_for_the_players_number(client, club):
    event = play(make_individual(club))
    lines = client.get(reverse("tournaments:results-csv", args=[event.pk])).content.decode().splitlines()
    assert lines[0].startswith("field,rank,player,names,score,") and "pair" not in lines[0]
    assert lines[1].startswith("PLAYERS,1,3,Cath Hill + Dora Hill,11,14,78.57,7,")


@pytest.mark.django_db
def test_the_table_cards_break_the_players_names_only_between_words(client, club, organiser):
    names = ["Ronald Hargreaves", "Geoffrey Kershaw", "Maureen Jolley", "Stanley Marsden"]
    event = make_individual(
        club, names + ["Trevor Ingham", "Valerie Lord", "Pauline Hartley", "Brenda Gaskell"]
    )
    client.force_login(organiser)
    text = printed(client, event, "table-cards")
    for word in ("Hargreaves", "Geoffrey", "Kershaw", "Maureen", "Marsden", "Trevor", "Ingham"):
        assert f" {word} " in text


@pytest.mark.django_db
def test_a_table_card_says_when_nobody_plays_there_without_a_partnerships_number(client, club, organiser):
    event = make_individual(club, NAMES + ["Jo Kemp", "Kit Lamb", "Lou Marsh"])  # one empty seat
    schedule = services.individual_schedule(event)
    idle = [t for tables in schedule.rounds for t in tables if not t.plays]
    client.force_login(organiser)
    text = printed(client, event, "table-cards")
    assert "Pair" not in text
    said = text.count("nobody plays at this table: a seat is empty, and its players sit out this round")
    assert said == len({t.table for t in idle})  # a card's note names all its rounds at once


@pytest.mark.django_db
def test_the_pack_gathers_only_the_documents_the_format_prints(club):
    """An individual event's players carry itinerary cards: no pair of theirs gets a guide card or
    a score card made for it ("Opponents: Pair 36"), which nothing prints and an e-mail could send."""
    from tournaments.services.printing import event_print_pack

    pack = event_print_pack(play(make_individual(club)), base_url="http://hall")
    assert pack.guide_cards == () and pack.score_cards == ()
    assert pack.itinerary is not None and pack.travellers and pack.table_cards
