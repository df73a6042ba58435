"""Individual events through the services and the pages: players entered, seated by a whist
tournament, scored board by board as partnerships, ranked one by one."""

import re
from datetime import date

import pytest
from django.urls import reverse

from tests.test_admin_scoping import _event_form
from tests.test_itinerary_cards import pages_text
from tournaments import services
from tournaments.domain.errors import DomainError
from tournaments.models import AuditLine, Event, IndividualPlayer, Pair
from tournaments.services.events.individuals import individual_report

NAMES = [
    "Ann Smith",
    "Bob Jones",
    "Cath Hill + Dora Hill",  # a shared seat
    "Ed Long",
    "Fay Moss",
    "Gus Reed",
    "Hal Ward",
    "Ivy Dunn",
]
# The N/S tricks at table 1 and table 2, round by round (tests/domain/test_individual.py works the
# matchpoints out by hand for these: player 3 first on 78.57 %).
TRICKS = ((8, 7), (6, 7), (7, 7), (9, 5), (5, 8), (7, 6), (6, 9))


def make_individual(club, names=NAMES, *, boards_per_round=1, **options):
    event = services.event_create(
        club=club,
        name="Individual Night",
        date=date(2026, 11, 27),
        tables=2,
        boards_per_round=boards_per_round,
        variant=Event.Variant.INDIVIDUAL,
        players=len(names),
        **options,
    )
    services.individuals_enter(event=event, names=list(names), boards_per_round=boards_per_round)
    return Event.objects.get(pk=event.pk)


def play(event, tricks=TRICKS, granded=None):
    """Every board played, N/S's ``tricks`` at table 1 and table 2 round by round (and at a
    Minnesota event who went grand at each table, ``granded``), then closed and published."""
    services.event_deal_boards(event=event, seed="individual", analyse=False)
    services.event_start(event=event)
    schedule = services.individual_schedule(event)
    playing = {(t.round, t.table): t for r in schedule.rounds for t in r if t.plays}
    rows = [
        f"{b},{t.north},{t.south},{t.east},{t.west},{tricks[s.round - 1][s.table - 1]}"
        + (f",{granded[s.table - 1]}" if granded else "")
        for s in event.seatings.all()
        if (t := playing.get((s.round, s.table)))
        for b in s.board_numbers
    ]
    header = "board,north,south,east,west,ns_tricks" + (",granded" if granded else "")
    services.results_import_csv(event=event, text=header + "\n" + "\n".join(rows))
    services.event_close(event=event)
    return services.event_publish(event=event)


@pytest.mark.django_db
def test_entering_players_seats_them_by_the_schedule(club):
    event = make_individual(club)
    assert (event.players, event.tables, event.boards_per_round) == (8, 2, 1)
    assert [p.names for p in event.individuals.all()] == NAMES
    shared = event.individuals.get(number=3)
    assert shared.people == ("Cath Hill", "Dora Hill") and shared.names == "Cath Hill + Dora Hill"
    assert event.pairs.count() == 28 and set(event.pairs.values_list("direction", flat=True)) == {"ALL"}
    assert event.seatings.count() == 14 and event.boards.count() == 7
    first = event.seatings.select_related("ns_pair", "ew_pair").get(round=1, table=1)
    # Wh(8)'s round 1, table 1: N 8, E 2, S 1, W 4.
    assert first.ns_pair.names == "Ivy Dunn & Ann Smith" and first.ew_pair.names == "Bob Jones & Ed Long"
    assert first.shares_with == 2
    assert event.changes.filter(action=AuditLine.Action.PLAYERS).exists()


@pytest.mark.django_db
def test_renaming_reaches_every_partnership(club, organiser):
    member = services.member_create(club=club, first_name="Ann", last_name="Smith")
    event = make_individual(club)
    assert event.individuals.get(number=1).player1 == member
    services.individuals_rename(event=event, names={1: "Zoe Ball"}, user=organiser)
    assert not Pair.objects.filter(event=event, player1=member).exists()
    assert (
        Pair.objects.filter(event=event, guest1="Zoe Ball").count()
        + Pair.objects.filter(event=event, guest2="Zoe Ball").count()
        == 7
    )


@pytest.mark.django_db
def test_nine_players_leave_one_out_each_round(club):
    event = make_individual(club, NAMES + ["Jo Kemp"], boards_per_round=2)
    assert (event.tables, event.seatings.values("round").distinct().count()) == (2, 9)
    assert event.boards.count() == 18
    grid = services.individual_schedule_grid(event)
    assert [len(row["out"]) for row in grid.rows] == [1] * 9
    assert grid.shortfall == ""


@pytest.mark.django_db
def test_refusals(club):
    pairs_event = services.event_create(
        club=club, name="Pairs", date=date(2026, 11, 27), tables=3, boards_per_round=2
    )
    with pytest.raises(DomainError, match="played in pairs"):
        services.individuals_enter(event=pairs_event, names=NAMES)
    event = make_individual(club)
    with pytest.raises(DomainError, match="too few"):
        services.individuals_enter(event=event, names=NAMES[:3])
    with pytest.raises(DomainError, match="shared by two people at most"):
        services.individuals_rename(event=event, names={1: "A + B + C"})
    with pytest.raises(DomainError, match="no player 9"):
        services.individuals_rename(event=event, names={9: "Someone"})
    assert [p.names for p in event.individuals.all()] == NAMES  # nothing half-written
    play(event)
    with pytest.raises(DomainError, match="has started"):
        services.individuals_enter(event=event, names=NAMES[::-1])


@pytest.mark.django_db
def test_played_to_the_end_the_players_are_ranked(club):
    event = play(make_individual(club))
    report = individual_report(event)
    places = {report.name(s.player): (s.rank, round(s.percentage, 2)) for s in report.standings}
    assert places["Cath Hill + Dora Hill"] == ("1", 78.57)
    assert places["Ann Smith"] == ("2=", 64.29) and places["Gus Reed"] == ("2=", 64.29)
    assert places["Fay Moss"] == ("4=", 50.0) and places["Ivy Dunn"] == ("4=", 50.0)
    assert places["Bob Jones"] == ("8", 21.43)


@pytest.mark.django_db
def test_the_results_pages_rank_players(client, club):
    event = play(make_individual(club))
    page = client.get(reverse("tournaments:results", args=[event.pk])).content.decode()
    assert "Players" in page and "Cath Hill + Dora Hill" in page and "78.57" in page
    headings = re.findall(r'players-sort=\w+">([^<]*)</a>', page)
    assert headings[:3] == ["Place", "Card", "Player"]  # a row is one player, not "Players"
    card = client.get(reverse("tournaments:results-player", args=[event.pk, 1])).content.decode()
    assert "Ann Smith" in card and "Partner" in card and "Ivy Dunn" in card
    assert client.get(reverse("tournaments:results-player", args=[event.pk, 9])).status_code == 404
    board = client.get(reverse("tournaments:results-board", args=[event.pk, 1])).content.decode()
    assert ">Ivy Dunn</a> &amp; <a" in board and ">Ann Smith</a>" in board  # each to their card


@pytest.mark.django_db
def test_the_run_page_enters_players_and_shows_the_schedule(client, club, organiser):
    client.force_login(organiser)
    response = client.post(
        reverse("tournaments:event-new"),
        {
            "club": club.pk,
            "name": "Individual",
            "date": "2026-11-27",
            "trump_schedule": "HDSC",
            "scoring": "matchpoints",
            "individual": "1",
        },
    )
    event = Event.objects.get(name="Individual")
    assert event.is_individual and response.url == reverse("tournaments:event-run", args=[event.pk])
    response = client.post(
        reverse("tournaments:individuals-enter", args=[event.pk]),
        {"players": "\n".join(NAMES + ["Jo Kemp"]), "boards_per_round": "2"},
    )
    page = client.get(reverse("tournaments:event-run", args=[event.pk])).content.decode()
    assert "9 players entered" in page and "Sits out" in page and "Cath Hill + Dora Hill" in page
    assert IndividualPlayer.objects.filter(event=event).count() == 9


@pytest.mark.django_db
def test_another_clubs_organiser_is_refused(client, club, other_club):
    event = make_individual(club)
    client.login(username="rival", password="secret-pass-123")
    response = client.post(
        reverse("tournaments:individuals-enter", args=[event.pk]),
        {"players": "\n".join(NAMES[::-1]), "boards_per_round": "1"},
    )
    assert response.status_code == 404
    assert [p.names for p in event.individuals.all()] == NAMES


@pytest.mark.django_db
def test_entering_players_refuses_a_get(client, club, organiser):
    event = make_individual(club)
    client.force_login(organiser)
    assert client.get(reverse("tournaments:individuals-enter", args=[event.pk])).status_code == 405


@pytest.mark.django_db
def test_the_command_line_creates_one_and_ranks_its_players():
    import json
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command(
        "create_event",
        "--club=Ribble Valley Whist Club",
        "--name=Individual",
        "--players=8",
        "--boards-per-round=1",
        "--names=" + ",".join(NAMES),
        stdout=out,
    )
    assert "2 tables, 7 rounds, 7 boards, 8 players." in out.getvalue()
    event = Event.objects.get(pk=int(out.getvalue().split()[-1]))
    assert [p.names for p in event.individuals.all()] == NAMES
    play(event)
    out = StringIO()
    call_command("results", str(event.pk), "--format=json", stdout=out)
    data = json.loads(out.getvalue())
    assert [(row["player"], row["names"], row["rank"]) for row in data["rankings"][:2]] == [
        (3, "Cath Hill + Dora Hill", "1"),
        (1, "Ann Smith", "2="),
    ]
    assert round(data["rankings"][0]["percentage"], 2) == 78.57 and len(data["partnerships"]) == 28
    out = StringIO()
    call_command("results", str(event.pk), stdout=out)
    assert "Players" in out.getvalue() and "Cath Hill + Dora Hill" in out.getvalue()


@pytest.mark.django_db
def test_an_individual_event_round_trips_through_its_export(club):
    from tournaments.services.backups.event import event_export, event_import
    from tournaments.services.backups.event_schema import event_document_problems

    services.member_create(club=club, first_name="Ann", last_name="Smith")
    event = play(make_individual(club))
    exported = event_export(event)
    assert exported["event"]["players"] == 8 and len(exported["individuals"]) == 8
    assert (
        exported["individuals"][2]["guest1"] == "Cath Hill"
        and exported["individuals"][2]["guest2"] == "Dora Hill"
    )
    assert event_document_problems(exported) == []
    before = individual_report(event)
    event.delete()
    restored = event_import(exported)
    again = event_export(restored)
    again["trail"].pop()
    assert again == exported
    after = individual_report(restored)
    assert [(s.player, s.rank, s.score) for s in after.standings] == [
        (s.player, s.rank, s.score) for s in before.standings
    ]
    assert after.people[1][0][0] is not None  # Ann Smith is the member again


@pytest.mark.django_db
def test_an_export_naming_a_player_it_lacks_is_refused(club):
    from tournaments.services.backups.event import BackupError, event_export, event_import

    exported = event_export(make_individual(club))
    exported["pairs"][0]["individuals"] = [8, 12]
    Event.objects.all().delete()
    with pytest.raises(BackupError, match="player 12 is not among the individuals"):
        event_import(exported)
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_a_members_page_and_the_competitions_count_their_individual_evening(client, club):
    from tournaments.services.season.club_season import club_evenings
    from tournaments.services.season.players import member_season

    ann = services.member_create(club=club, first_name="Ann", last_name="Smith")
    dora = services.member_create(club=club, first_name="Dora", last_name="Hill")
    event = play(make_individual(club))
    season = member_season(ann)
    (evening,) = season.evenings
    assert (evening.card, evening.place, evening.field_size, evening.field_name) == (
        "Player 1",
        "2=",
        8,
        "players",
    )
    assert (
        evening.score_text == "64.29%" and evening.hands == 7 and len(evening.partners) == 8
    )  # a shared seat: two
    (shared,) = member_season(dora).evenings
    assert (shared.card, shared.place) == ("Player 3", "1")
    page = client.get(reverse("tournaments:player", args=[ann.pk])).content.decode()
    assert "Individual Night" in page
    (night,) = club_evenings(club)
    assert night.players == 8 and len(night.entrants) == 8
    first = next(e for e in night.entrants if e.place == 1)
    assert {p.name for p in first.players} == {
        "Cath Hill",
        "Dora Hill",
    } and first.percentage == pytest.approx(78.571, 0.001)
    assert event.published


@pytest.mark.django_db
def test_the_print_pack_carries_an_itinerary_card_for_each_player(client, club, organiser):
    event = make_individual(club)
    services.event_deal_boards(event=event, seed="cards", analyse=False)
    client.force_login(organiser)
    cards = client.get(reverse("tournaments:event-print", args=[event.pk, "itinerary-cards"]))
    assert cards.status_code == 200 and cards.content.startswith(b"%PDF")
    pack = client.get(reverse("tournaments:event-print", args=[event.pk, "pack"]))
    assert pack.status_code == 200 and len(pack.content) > len(cards.content)
    assert client.get(reverse("tournaments:event-print", args=[event.pk, "guide-cards"])).status_code == 404
    text = " ".join(pages_text(cards.content))
    assert "Cath Hill + Dora Hill" in text and "Ivy Dunn · player 8" in text
    assert "Ivy Dunn · player 8" in " ".join(pages_text(pack.content))


@pytest.mark.django_db
def test_ten_players_play_every_table_with_two_sitting_out_each_round(club):
    event = make_individual(club, NAMES + ["Jo Kemp", "Kit Lamb"], boards_per_round=1)
    schedule = services.individual_schedule(event)
    assert schedule.phantoms == 0 and "two sit out each round" in schedule.shortfall
    assert all(t.plays for tables in schedule.rounds for t in tables)
    assert [len(schedule.sitting_out(r)) for r in range(1, 11)] == [2] * 10
    event = play(event, [(7 + r % 3, 6) for r in range(len(schedule.rounds))])
    report = individual_report(event)
    assert {s.player: s.boards_played for s in report.standings} == dict.fromkeys(range(1, 11), 8)
    for board in report.pairs.scores.boards:
        assert board.top == 2 and board.expected == board.compared == 2


@pytest.mark.django_db
def test_eleven_players_leave_tables_with_an_empty_seat_out(club):
    event = make_individual(club, NAMES + ["Jo Kemp", "Kit Lamb", "Lou Marsh"], boards_per_round=1)
    schedule = services.individual_schedule(event)
    idle = [(t.round, t.table) for tables in schedule.rounds for t in tables if not t.plays]
    assert schedule.phantoms == 1 and idle and schedule.shortfall
    for round_, table in idle:
        seating = event.seatings.get(round=round_, table=table)
        assert seating.ns_pair_id is None or seating.ew_pair_id is None
    tricks = [(7 + r % 3, 6, 8) for r in range(len(schedule.rounds))]
    event = play(event, tricks)
    report = individual_report(event)
    assert len(report.standings) == 11
    played = {s.player: s.boards_played for s in report.standings}
    for player in range(1, 12):
        sat_out = sum(line.table is None for line in schedule.itinerary(player))
        assert played[player] == schedule.round_count - sat_out
    # A board is compared across the tables that play its round: its top (EBU) twice their number less one.
    for board in report.pairs.scores.boards:
        playing = sum(t.plays for t in schedule.round_tables(board.board))
        assert board.top == 2 * (playing - 1) and board.expected == board.compared == playing


@pytest.mark.django_db
def test_a_tablet_at_a_table_with_an_empty_seat_waits_for_the_next_round(club, client):
    event = make_individual(club, NAMES + ["Jo Kemp", "Kit Lamb", "Lou Marsh"], boards_per_round=1)
    schedule = services.individual_schedule(event)
    services.event_deal_boards(event=event, seed="idle", analyse=False)
    services.event_start(event=event)
    table = next(t for t in schedule.round_tables(1) if not t.plays)
    link = event.table_accesses.get(table=table.table)
    page = client.get(reverse("tournaments:table", args=[link.token]))
    assert page.status_code == 200


@pytest.mark.django_db
def test_the_organisers_pages_show_players_and_schedule(client, club, organiser):
    event = make_individual(club)
    client.force_login(organiser)
    detail = client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
    assert "<h2>Players</h2>" in detail and "Cath Hill + Dora Hill" in detail and "Itinerary cards" in detail
    movement = client.get(reverse("tournaments:event-movement", args=[event.pk])).content.decode()
    assert "Players, not pairs" in movement and "Sits out" in movement and "N Ivy Dunn" in movement


@pytest.mark.django_db
def test_the_results_page_reads_in_a_fixed_number_of_queries(client, club, django_assert_max_num_queries):
    from django.core.cache import cache

    event = play(make_individual(club, NAMES + ["Jo Kemp"], boards_per_round=2), TRICKS + ((8, 6), (7, 9)))
    client.get(reverse("tournaments:results", args=[event.pk]))  # the scores kept in the cache
    with django_assert_max_num_queries(7):
        assert client.get(reverse("tournaments:results", args=[event.pk])).status_code == 200
    cache.clear()
    with django_assert_max_num_queries(8):
        assert client.get(reverse("tournaments:results-player", args=[event.pk, 3])).status_code == 200


@pytest.mark.django_db
def test_each_member_is_sent_their_own_place_once(club, mailoutbox):
    from tournaments.services.season.mail import results_queue

    services.member_create(club=club, first_name="Ann", last_name="Smith", email="ann@example.org")
    services.member_create(club=club, first_name="Dora", last_name="Hill", email="dora@example.org")
    event = play(make_individual(club))
    assert results_queue(evening=event) == 2
    bodies = {mail.to: mail.body for mail in event.mails.all()}
    assert "you came 2nd= of 8 (players), with 64.29%" in bodies["ann@example.org"]
    assert "you came 1st of 8 (players), with 78.57%" in bodies["dora@example.org"]


@pytest.mark.django_db
def test_an_individual_events_email_names_no_partners_as_a_pairs_event_would(club, mailoutbox):
    """Every player partners several others, one a round: the e-mail names none of them (a pairs
    event's names the one partner)."""
    from tournaments.services.season.mail import results_queue

    services.member_create(club=club, first_name="Ann", last_name="Smith", email="ann@example.org")
    event = play(make_individual(club))
    results_queue(evening=event)
    body = event.mails.get().body
    assert "At Individual Night on Friday 27 November you came 2nd= of 8 (players)" in body
    assert not any(name.split(" + ")[0] in body for name in NAMES[1:]), body


@pytest.mark.django_db
def test_the_table_cards_name_the_players_and_send_them_by_their_cards(client, club, organiser):
    event = make_individual(club)
    services.event_deal_boards(event=event, seed="cards", analyse=False)
    client.force_login(organiser)
    cards = client.get(reverse("tournaments:event-print", args=[event.pk, "table-cards"]))
    text = " ".join(pages_text(cards.content))
    assert "Then the players go" in text and "as their cards say" in text and "Ivy Dunn" in text
    assert text.count("end of play") == 2 * 2  # the last round of each table: players and boards


@pytest.mark.django_db
def test_a_pairs_event_takes_no_players_and_an_individual_event_no_pairs(club):
    pairs_event = services.event_create(
        club=club, name="Pairs", date=date(2026, 11, 27), tables=3, boards_per_round=2
    )
    with pytest.raises(DomainError, match="Pairs is played in pairs: enter its pairs instead"):
        services.event_update(event=pairs_event, values={"players": 12})
    event = make_individual(club)
    with pytest.raises(DomainError, match="Individual Night is an individual event: enter its players"):
        services.entry_add(event=event, first="Al Day", second="Bo Peel")
    pair = event.pairs.first()
    pair.guest1 = "Al Day"
    with pytest.raises(DomainError, match="an individual event: enter its players"):
        services.pairs_rename(event=event, pairs=[pair])
    assert not event.entries.exists() and not event.pairs.filter(guest1="Al Day").exists()


def _admin_change(client, event, **changes):
    form = _event_form(event, **{"players": event.players or "", **changes})
    return client.post(reverse("admin:tournaments_event_change", args=[event.pk]), form)


@pytest.mark.django_db
def test_the_organiser_site_refuses_players_on_a_pairs_event_in_the_services_words(client, organiser, club):
    event = services.event_create(
        club=club, name="Pairs", date=date(2026, 11, 27), tables=3, boards_per_round=2
    )
    client.force_login(organiser)
    response = _admin_change(client, event, players=12)
    assert response.status_code == 200  # the form again, with the reason
    assert response.context["adminform"].form.errors["players"] == [
        "Pairs is played in pairs: enter its pairs instead."
    ]
    event.refresh_from_db()
    assert event.players is None


@pytest.mark.django_db
def test_the_organiser_site_refuses_a_pair_named_on_an_individual_event(client, organiser, club):
    event = make_individual(club)
    pair = event.pairs.order_by("pk").first()
    names = pair.names
    client.force_login(organiser)
    inline = {
        "pairs-TOTAL_FORMS": 1,
        "pairs-INITIAL_FORMS": 1,
        "pairs-0-id": pair.pk,
        "pairs-0-event": event.pk,
        "pairs-0-player1": "",
        "pairs-0-player2": "",
        "pairs-0-guest1": "Al Day",
        "pairs-0-guest2": "Bo Peel",
    }
    response = _admin_change(client, event, **inline)
    assert response.status_code == 200
    assert response.context["inline_admin_formsets"][0].formset.non_form_errors() == [
        "Individual Night is an individual event: enter its players instead."
    ]
    pair.refresh_from_db()
    assert pair.names == names


@pytest.mark.django_db
def test_the_new_event_button_says_players_for_an_individual(client, club, organiser):
    client.force_login(organiser)
    button = re.compile(r"<button>Create, then enter tonight's <span data-who>(\w+)</span></button>")
    assert button.findall(client.get(reverse("tournaments:event-new")).content.decode()) == ["pairs"]
    form = {
        "club": club.pk,
        "name": "",
        "date": "2026-11-27",
        "trump_schedule": "HDSC",
        "scoring": "matchpoints",
    }
    again = client.post(reverse("tournaments:event-new"), {**form, "individual": "1"}).content.decode()
    assert button.findall(again) == ["players"]  # the form shown again, the individual still chosen
    assert button.findall(client.post(reverse("tournaments:event-new"), form).content.decode()) == ["pairs"]


@pytest.mark.django_db
def test_a_tablet_names_an_unnamed_players_move_by_their_number_once(club, client):
    event = services.event_create(
        club=club,
        name="Unnamed",
        date=date(2026, 11, 27),
        tables=2,
        boards_per_round=1,
        variant=Event.Variant.INDIVIDUAL,
        players=8,
    )
    if not event.seatings.exists():
        services.event_build_movement(event=event)
    assert event.individuals.count() == 8 and not any(p.people for p in event.individuals.all())
    services.event_deal_boards(event=event, seed="unnamed", analyse=False)
    services.event_start(event=event)
    table = services.individual_schedule(event).round_tables(1)[0]
    seating = event.seatings.get(round=1, table=1)
    for board in seating.board_numbers:
        services.results_import_csv(
            event=event,
            text="board,north,south,east,west,ns_tricks\n"
            f"{board},{table.north},{table.south},{table.east},{table.west},7",
        )
    link = event.table_accesses.get(table=1)
    page = client.get(reverse("tournaments:table", args=[link.token])).content.decode()
    assert f"<b>Player {table.north}</b>:" in page
    assert not re.search(r"\(player \d+\)", page, re.IGNORECASE)


@pytest.mark.django_db
def test_the_corrections_page_of_an_individual_event_speaks_of_no_pair(client, club, organiser):
    event = make_individual(club)
    services.event_deal_boards(event=event, seed="hint", analyse=False)
    services.event_start(event=event)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:director-board", args=[event.pk, 1])).content.decode()
    assert "Tricks are those N/S took, as they sat." in page and "pair's" not in page
