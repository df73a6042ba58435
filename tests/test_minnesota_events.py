"""A duplicate event of Minnesota whist: set up from the command line, results imported with who
went grand, scored on net points, shown, corrected, exported and backed up (domain.md 5.1)."""

import json
import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tournaments import services
from tournaments.models import AuditLine, Event, Result
from tournaments.reports import report_as_dict, report_as_text
from tournaments.services.backups.event import event_export, event_import

# One board at four tables: N/S granded and made 9; E/W granded, N/S 8; all low, N/S 5; N/S
# granded, made 6. N/S matchpoints (EBU, top 6): swedish 4, 6, 2, 0; american 6, 3, 3, 0.
FOUR_TABLES = (("NS", 9), ("EW", 8), ("", 5), ("NS", 6))
EXPECTED = {"swedish": [4, 6, 2, 0], "american": [6, 3, 3, 0]}


def _create(rules="swedish", scoring="minnesota") -> Event:
    out = StringIO()
    call_command(
        "create_event",
        "--club", "Ribble Valley Whist Club", "--name", "Minnesota Night", "--tables", "4",
        "--boards-per-round", "1", "--variant", "howell", "--scoring", scoring, "--minnesota-rules", rules,
        "--date", "2026-11-26",
        stdout=out,
    )  # fmt: skip
    event = Event.objects.get(pk=int(out.getvalue().split()[-1]))
    services.event_deal_boards(event=event, seed="minnesota", analyse=False)
    services.event_start(event=event)
    return event


def _traveller(event: Event, board_one=FOUR_TABLES) -> str:
    """Every result of the evening as a CSV: board 1 as the fixture, the others low, 7 tricks."""
    rows = ["board,ns_pair,ew_pair,ns_tricks,granded"]
    seatings = event.seatings.select_related("ns_pair", "ew_pair").order_by("table", "round")
    hands = iter(board_one)
    for s in seatings:
        for b in s.board_numbers:
            granded, tricks = next(hands) if b == 1 else ("", 7)
            rows.append(f"{b},{s.ns_pair.number},{s.ew_pair.number},{tricks},{granded}")
    return "\n".join(rows) + "\n"


def _import(event: Event, text: str, tmp_path):
    path = tmp_path / "travellers.csv"
    path.write_text(text)
    call_command("import_results", str(event.pk), str(path), stdout=StringIO())


def _board_one_by_table(event: Event) -> list:
    report = services.event_report(event)
    board = next(b for b in report.scores.boards if b.board == 1)
    return [s.ns_score for s in sorted(board.results, key=lambda s: s.result.table)]


@pytest.mark.parametrize("rules", ["swedish", "american"])
def test_the_four_tables_fixture_through_the_command_line(db, tmp_path, rules):
    event = _create(rules)
    assert (event.scoring, event.minnesota_rules, event.trump_schedule) == ("minnesota", rules, "N")
    assert set(event.boards.values_list("trumps", flat=True)) == {"NT"}  # every board no-trump
    _import(event, _traveller(event), tmp_path)
    assert _board_one_by_table(event) == EXPECTED[rules]

    out = StringIO()
    call_command("results", str(event.pk), "--format", "json", stdout=out)
    data = json.loads(out.getvalue())
    assert (data["scoring"], data["game"], data["minnesota_rules"]) == ("matchpoints", "minnesota", rules)
    board_one = next(b for b in data["boards"] if b["board"] == 1)
    by_table = sorted(board_one["results"], key=lambda r: r["ns_pair"])
    assert [r["granded"] for r in board_one["results"]] and {r["granded"] for r in by_table} == {
        "NS",
        "EW",
        "",
    }
    nets = {"swedish": [3, 4, 2, -2], "american": [3, 2, 2, -1]}[rules]
    assert sorted(r["ns_points"] for r in board_one["results"]) == sorted(nets)
    assert all(r["percentage"] is not None for r in data["rankings"])


def test_total_points_rank_by_net_points(db, tmp_path):
    event = _create(scoring="minnesota_total")
    _import(event, _traveller(event), tmp_path)
    assert _board_one_by_table(event) == [3, 4, 2, -2]
    report = services.event_report(event)
    assert report.scores.method == "total_points"
    assert all(s.percentage is None and s.versus_average is None for s in report.scores.standings)
    text = report_as_text(report)
    assert "Swedish (classic) rules" in text and "each pair adds up those net points" in text
    assert "Points" in text


def test_a_classic_events_json_is_as_it_was(make_played_event, club):
    data = report_as_dict(services.event_report(make_played_event(club)))
    assert "game" not in data and "minnesota_rules" not in data
    assert all("granded" not in r for b in data["boards"] for r in b["results"])


@pytest.mark.parametrize(
    "value, problem",
    [
        ("XX", "granded 'XX' should be NS, EW, or empty for a low hand"),
        ("grand", "granded 'GRAND' should be NS, EW"),
    ],
)
def test_a_granded_column_says_ns_ew_or_nothing(db, value, problem):
    event = _create()
    with pytest.raises(services.ResultsImportError, match=problem):
        services.results_import_csv(
            event=event, text=f"board,ns_pair,ew_pair,ns_tricks,granded\n1,1,1,9,{value}\n"
        )
    assert not Result.objects.exists()


def test_a_classic_event_refuses_a_grand_in_words(club, make_event):
    event = make_event(club)
    with pytest.raises(services.ResultsImportError, match="not Minnesota whist, nobody goes grand"):
        services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks,granded\n1,1,1,9,NS\n")
    # An empty column is a classic event's hand as ever.
    assert (
        services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks,granded\n1,1,1,9,\n")
        == 1
    )


def test_a_file_without_the_granded_column_is_refused_in_words(club, make_event):
    event = make_event(club, scoring="minnesota", minnesota_rules="swedish")  # N/S 1 v E/W 1 play board 1
    with pytest.raises(services.ResultsImportError) as refused:
        services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n1,1,1,10\n")
    assert "granded" in str(refused.value) and "NS, EW, or empty for a low hand" in str(refused.value)
    assert not Result.objects.exists()


def test_the_import_hint_names_the_granded_column_and_its_values(client, organiser, club, make_event):
    client.force_login(organiser)
    minnesota = make_event(club, scoring="minnesota", minnesota_rules="swedish")
    page = client.get(reverse("tournaments:event-detail", args=[minnesota.pk])).content.decode()
    assert "board,ns_pair,ew_pair,ns_tricks,granded" in page
    assert "<code>NS</code>, <code>EW</code>, or empty for a low hand" in page
    classic = make_event(club, name="Classic")
    page = client.get(reverse("tournaments:event-detail", args=[classic.pk])).content.decode()
    assert "granded" not in page


def test_the_new_event_page_says_which_rules_score_a_duplicate_board_the_same(client, organiser):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:event-new")).content.decode()
    assert (
        "These score every duplicate board the same (the same net points on every hand, so the "
        "evening ranks alike): Swedish rules, set bonus 1; American rules; South Dakota rules."
    ) in page


def test_a_grand_with_an_adjusted_score_is_refused(db):
    event = _create()
    with pytest.raises(services.ResultsImportError, match="adjusted score"):
        services.results_import_csv(
            event=event, text="board,ns_pair,ew_pair,ns_tricks,granded\n1,1,1,A+/A-,NS\n"
        )


def test_the_organiser_corrects_who_went_grand_with_a_line_in_the_trail(db, tmp_path, django_user_model):
    event = _create()
    _import(event, _traveller(event), tmp_path)
    user = django_user_model.objects.create_user("organiser", password="secret-pass-123", is_staff=True)
    event.club.organisers.add(user)
    seating = event.seatings.get(table=4, first_board__lte=1, last_board__gte=1)
    services.result_set_by_director(
        event=event,
        seating=seating,
        board_number=1,
        ns_tricks=4,
        granded="",
        reason="nobody went grand",
        user=user,
    )
    line = AuditLine.objects.filter(event=event, action=AuditLine.Action.CORRECTED).get()
    assert "N/S grand 6–7 → Low 4–9 (nobody went grand)" in line.detail
    # Low, N/S 4: N/S score 3 (swedish), level with table 1's +3: nets 3, 4, 2, 3.
    assert _board_one_by_table(event) == [3, 6, 0, 3]


def test_the_board_page_and_the_corrections_page_say_who_went_grand(db, tmp_path, client, django_user_model):
    event = _create()
    _import(event, _traveller(event), tmp_path)
    user = django_user_model.objects.create_user("organiser", password="secret-pass-123", is_staff=True)
    event.club.organisers.add(user)
    client.force_login(user)
    page = client.get(reverse("tournaments:results-board", args=[event.pk, 1])).content.decode()
    assert "N/S grand" in page and "E/W grand" in page and "Low" in page
    assert "Swedish (classic) rules" in page and "N/S points" in page
    corrections = client.get(reverse("tournaments:director-board", args=[event.pk, 1])).content.decode()
    assert 'name="granded"' in corrections and "No trumps" in corrections
    pair = event.results.get(board__number=1, granded="EW").ew_pair
    card = client.get(
        reverse("tournaments:results-pair", args=[event.pk, pair.direction.lower(), pair.number])
    )
    assert "<small>E/W grand</small>" in card.content.decode()
    settings = client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
    assert (
        "No trumps (Minnesota whist)" in settings
        and "Swedish (classic) rules: Grand: the granders" in settings
    )


def test_the_backup_carries_the_rules_and_who_went_grand(db, tmp_path):
    event = _create("american")
    _import(event, _traveller(event), tmp_path)
    before = _board_one_by_table(event)
    data = event_export(event)
    assert data["event"]["minnesota_rules"] == "american"
    assert {r["granded"] for r in data["results"]} == {"NS", "EW", ""}
    event.delete()
    restored = event_import(json.loads(json.dumps(data)))
    assert restored.minnesota_rules == "american"
    assert sorted(Result.objects.filter(event=restored).values_list("granded", flat=True)) == sorted(
        r["granded"] for r in data["results"]
    )
    assert _board_one_by_table(restored) == before


def test_create_event_refuses_unknown_rules(db):
    with pytest.raises(CommandError):
        call_command(
            "create_event", "--club", "C", "--name", "N", "--tables", "3", "--scoring", "minnesota",
            "--minnesota-rules", "norwegian", stdout=StringIO(), stderr=StringIO(),
        )  # fmt: skip


@pytest.fixture
def minnesota_running(club, make_event):
    event = make_event(club, tables=3, boards_per_round=2, scoring="minnesota")
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    return event


def test_the_tablet_asks_who_went_grand_then_the_tricks_and_e_w_confirm_the_points(client, minnesota_running):
    access = minnesota_running.table_accesses.get(table=1)
    url = reverse("tournaments:table", args=[access.token])
    client.post(reverse("tournaments:table-check-in", args=[access.token]), {"round": 1, "answer": "us"})
    html = client.get(url).content.decode()
    assert "Who went grand?" in html and "No trumps" in html
    assert html.count('name="granded"') == 2 * 3  # N/S grand, E/W grand, Low on each of two boards
    enter = reverse("tournaments:table-enter", args=[access.token])
    refused = client.post(enter, {"board": 1, "ns_tricks": 9}, follow=True).content.decode()
    assert "Tap who went grand first" in refused and not Result.objects.exists()
    client.post(enter, {"board": 1, "ns_tricks": 9, "granded": "NS"})
    html = client.get(url).content.decode()
    assert "N/S grand, N/S 9 tricks: N/S +3" in html and "E/W: is this right?" in html
    # The same tricks with another grand is another count: refused while E/W have not answered.
    other = client.post(enter, {"board": 1, "ns_tricks": 9, "granded": "EW"}, follow=True).content.decode()
    assert "already has N/S 9, N/S grand" in other
    confirm = reverse("tournaments:table-confirm", args=[access.token])
    wrong = client.post(confirm, {"board": 1, "ns_tricks": 9, "granded": ""}, follow=True).content.decode()
    assert "check it again" in wrong
    client.post(confirm, {"board": 1, "ns_tricks": 9, "granded": "NS"})
    result = Result.objects.get()
    assert (result.granded, result.ns_tricks, result.confirmed_at is not None) == ("NS", 9, True)
    assert "✓ confirmed" in client.get(url).content.decode()
    # A low hand: "granded" sent empty.
    client.post(enter, {"board": 2, "ns_tricks": 4, "granded": ""})
    assert "Low, N/S 4 tricks: N/S +3" in client.get(url).content.decode()


def test_a_count_sent_back_asks_n_s_who_went_grand_as_well_as_their_tricks(client, minnesota_running):
    access = minnesota_running.table_accesses.get(table=1)
    client.post(reverse("tournaments:table-check-in", args=[access.token]), {"round": 1, "answer": "us"})
    client.post(
        reverse("tournaments:table-enter", args=[access.token]), {"board": 1, "ns_tricks": 9, "granded": "NS"}
    )
    page = client.post(
        reverse("tournaments:table-reject", args=[access.token]), {"board": 1}, follow=True
    ).content.decode()
    assert "Board 1 sent back: N/S, tap who went grand and your tricks again." in page
    assert not Result.objects.exists()


def test_the_round_over_list_says_who_went_grand_and_a_low_board_low(client, minnesota_running):
    access = minnesota_running.table_accesses.get(table=1)
    for board, granded, tricks in ((1, "NS", 9), (2, "", 8)):
        services.table_result_enter(access=access, board_number=board, ns_tricks=tricks, granded=granded)
        services.table_result_confirm(access=access, board_number=board, ns_tricks=tricks, granded=granded)
    page = client.get(reverse("tournaments:table", args=[access.token]), {"played": 1}).content.decode()
    scores = page.split('class="round-scores">')[1].split("</table>")[0]
    cells = re.findall(r"<t[hd]>([^<]*)</t[hd]>", scores)
    assert cells == ["Board", "Score", "1", "N/S grand 9–4", "2", "Low 8–5"]


def test_a_classic_tablet_refuses_a_grand(client, club, make_event):
    event = make_event(club, tables=3, boards_per_round=2)
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    access = event.table_accesses.get(table=1)
    client.post(reverse("tournaments:table-check-in", args=[access.token]), {"round": 1, "answer": "us"})
    html = client.get(reverse("tournaments:table", args=[access.token])).content.decode()
    assert 'name="granded"' not in html and "Trumps" in html
    page = client.post(
        reverse("tournaments:table-enter", args=[access.token]),
        {"board": 1, "ns_tricks": 9, "granded": "NS"},
        follow=True,
    ).content.decode()
    assert "not Minnesota whist" in page and not Result.objects.exists()


def test_the_new_event_page_offers_minnesota_whist_and_its_rules(client, organiser, club):
    client.force_login(organiser)
    html = client.get(reverse("tournaments:event-new")).content.decode()
    assert (
        "Minnesota whist: matchpoints on net points" in html and "Minnesota whist: total net points" in html
    )
    assert "American rules: Grand: the side with more tricks scores 1 a trick over six" in html
    client.post(
        reverse("tournaments:event-new"),
        {
            "club": club.pk,
            "name": "Minnesota Night",
            "date": "2026-12-18",
            "trump_schedule": "HDSC",
            "scoring": "minnesota",
            "minnesota_rules": "american",
        },
    )
    event = Event.objects.get(name="Minnesota Night")
    assert (event.scoring, event.minnesota_rules, event.trump_schedule) == ("minnesota", "american", "N")
    assert event.evening_format.enters("granded") and not event.evening_format.trumps


def test_the_travellers_hand_records_and_results_print_the_rules_and_who_went_grand(db, tmp_path):
    from tests.test_printing import _pages
    from tournaments import pdf

    event = _create()
    _import(event, _traveller(event), tmp_path)
    pack = services.event_print_pack(event, base_url="http://127.0.0.1:8000")
    travellers = _pages(pdf.render(pack, "travellers"))
    assert all("Grand N/S tricks E/W tricks N/S net N/S score E/W score" in page for page in travellers)
    board_one = next(page for page in travellers if "Board 1 " in page)
    assert "Trumps NT" in board_one and "Swedish (classic) rules" in board_one
    assert "N/S grand 9 4 +3" in board_one and "E/W grand 8 5 +4" in board_one and "Low 5 8 +2" in board_one
    records = "".join(_pages(pdf.render(pack, "hand-records")))
    assert "NT" in records
    results = "".join(_pages(pdf.render(pack, "results")))
    assert "Swedish (classic) rules" in results and "matchpoints compare those net points" in results


def test_the_score_cards_say_who_went_grand_and_the_net_points_and_name_the_rules(db, tmp_path):
    from tests.test_printing import _pages
    from tournaments import pdf

    event = _create()
    _import(event, _traveller(event), tmp_path)
    pack = services.event_print_pack(event, base_url="http://127.0.0.1:8000")
    cards = _pages(pdf.render(pack, "score-cards"))
    assert all("Cards Grand Tricks Net Score" in page for page in cards)
    assert all("Minnesota whist, Swedish (classic) rules" in page for page in cards)
    text = "".join(cards)
    # Board 1 from both sides: N/S granded 9 (+3); E/W granded, N/S 8 (+4); low, N/S 5 (+2); N/S
    # granded 6 (-2). Each card says who went grand from its pair's side.
    for ns, ew in (
        ("N/S Us 9 +3", "E/W Them 4 -3"),
        ("N/S Them 8 +4", "E/W Us 5 -4"),
        ("N/S Low 5 +2", "E/W Low 8 -2"),
        ("N/S Us 6 -2", "E/W Them 7 +2"),
    ):
        assert ns in text and ew in text


def test_a_blank_minnesota_score_card_and_traveller_leave_room_for_grand_and_net_points(db):
    from tests.test_printing import _pages
    from tournaments import pdf

    pack = services.event_print_pack(_create(), base_url="http://127.0.0.1:8000")
    assert "Cards Grand Tricks Net Score" in _pages(pdf.render(pack, "score-cards"))[0]
    assert "Grand N/S tricks E/W tricks N/S net N/S score" in _pages(pdf.render(pack, "travellers"))[0]


@pytest.mark.parametrize("scoring, percentage", [("minnesota", True), ("minnesota_total", False)])
def test_a_competition_takes_a_percentage_from_matchpoints_and_never_adds_points_to_tricks(
    db, tmp_path, scoring, percentage
):
    from tournaments.domain import competitions as rules
    from tournaments.services.season.club_season import club_evenings

    event = _create(scoring=scoring)
    _import(event, _traveller(event), tmp_path)
    for pair in event.pairs.all():
        pair.guest1, pair.guest2 = f"Ann {pair.number}", f"Bob {pair.number}"
        pair.save()
    services.event_close(event=event)
    services.event_publish(event=event)
    (evening,) = club_evenings(event.club)
    assert evening.entrants and all(e.tricks is None for e in evening.entrants)  # points are not tricks
    assert all((e.percentage is not None) is percentage for e in evening.entrants)
    assert rules.counts(evening, rules.Rules(measure="tricks")) is False
    assert rules.counts(evening, rules.Rules(measure="percentage")) is percentage
    assert rules.counts(evening, rules.Rules(measure="placing", points=(6, 4, 3, 2, 1))) is True


def test_an_individual_event_plays_minnesota_whist_too(club):
    from tests.test_individual_events import make_individual, play

    event = make_individual(club, scoring="minnesota_total", minnesota_rules="american")
    assert event.evening_format.ranks_players and event.evening_format.enters("granded")
    play(event, tricks=((9, 9),) * 7, granded=("NS", ""))  # N/S went grand at table 1, low at table 2
    report = services.event_report(event)
    # American: N/S granded and took 9, +3; low and 9, -3 (the side with more tricks loses).
    assert {s.ns_score for b in report.scores.boards for s in b.results} == {3.0, -3.0}
    individuals = services.individual_report(event, report)
    assert all(s.percentage is None and s.versus_average is None for s in individuals.standings)
