"""Results: the command's output against the worked examples, and the results pages."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from tournaments import services
from tournaments.models import Event
from tournaments.tables import StandingsTable

TRAVELLER = [8, 7, 7, 9, 6, 7, 5]


def _results(event, fmt="json"):
    out = StringIO()
    call_command("results", str(event.pk), "--format", fmt, stdout=out)
    return json.loads(out.getvalue()) if fmt == "json" else out.getvalue()


def _board_one_csv(event, tricks):
    """The traveller of board 1: its N/S and E/W pairs round by round, with these tricks."""
    seatings = event.seatings.filter(first_board__lte=1, last_board__gte=1).order_by("round")
    rows = [f"1,{s.ns_pair.number},{s.ew_pair.number},{t}" for s, t in zip(seatings, tricks, strict=True)]
    return "board,ns_pair,ew_pair,ns_tricks\n" + "\n".join(rows) + "\n"


@pytest.fixture
def seven_tables(club, make_event):
    return make_event(club, tables=7, boards_per_round=3)


@pytest.mark.parametrize(
    "scale, ns_scores, ew_scores",
    [
        ("ebu", [10, 6, 6, 12, 2, 6, 0], [2, 6, 6, 0, 10, 6, 12]),
        ("acbl", [5, 3, 3, 6, 1, 3, 0], [1, 3, 3, 0, 5, 3, 6]),
    ],
)
def test_the_worked_traveller_scores_as_published(seven_tables, scale, ns_scores, ew_scores):
    Event.objects.filter(pk=seven_tables.pk).update(scale=scale)
    services.results_import_csv(event=seven_tables, text=_board_one_csv(seven_tables, TRAVELLER))
    data = _results(seven_tables)
    assert (data["scoring"], data["scale"]) == ("matchpoints", scale)
    board = data["boards"][0]
    assert (board["board"], board["trumps"]) == (1, "H")
    by_round = sorted(board["results"], key=lambda r: TRAVELLER.index(r["ns_tricks"]))
    assert [r["ns_tricks"] for r in board["results"]] == TRAVELLER  # listed round by round
    assert [r["ns_score"] for r in board["results"]] == ns_scores
    assert [r["ew_score"] for r in board["results"]] == ew_scores
    assert by_round and all(r["adjusted"] is None for r in board["results"])


def test_the_rankings_have_the_documented_shape(seven_tables):
    services.results_import_csv(event=seven_tables, text=_board_one_csv(seven_tables, TRAVELLER))
    data = _results(seven_tables)
    first = data["rankings"][0]
    assert set(first) == {
        "field",
        "direction",
        "pair",
        "names",
        "rank",
        "score",
        "top",
        "percentage",
        "boards_played",
        "tricks",
        "versus_average",
    }
    ns = [r for r in data["rankings"] if r["field"] == "NS"]
    assert len(ns) == 7 and len([r for r in data["rankings"] if r["field"] == "EW"]) == 7
    winner = ns[0]
    assert (winner["rank"], winner["score"], winner["top"], winner["percentage"], winner["tricks"]) == (
        "1",
        12,
        12,
        100,
        9,
    )


def test_an_adjusted_score_is_factored_in_the_json(seven_tables):
    text = _board_one_csv(seven_tables, ["8", "7", "7", "9", "6", "7", "A+/A-"])
    services.results_import_csv(event=seven_tables, text=text)
    results = _results(seven_tables)["boards"][0]["results"]
    assert results[-1]["adjusted"] == "A+/A-" and results[-1]["ns_tricks"] is None
    assert results[-1]["ns_score"] == pytest.approx(7.2) and results[-1]["ew_score"] == pytest.approx(4.8)
    assert results[3]["ns_score"] == pytest.approx(11 * 7 / 6 - 1)


def test_total_tricks_with_a_phantom_rank_board_by_board(club, make_event):
    """E/W pairs sit out in turn, so they play different boards: each is compared board by board."""
    event = make_event(club, tables=5, boards_per_round=2, phantom=True, scoring="total_tricks")
    rows = ["board,ns_pair,ew_pair,ns_tricks"]
    for seating in event.seatings.filter(ns_pair__isnull=False).select_related("ns_pair", "ew_pair"):
        for board in seating.board_numbers:
            tricks = 5 + seating.ns_pair.number  # N/S 1 takes 6 tricks on every board, N/S 4 takes 9
            rows.append(f"{board},{seating.ns_pair.number},{seating.ew_pair.number},{tricks}")
    services.results_import_csv(event=event, text="\n".join(rows) + "\n")
    data = _results(event)
    ns = {r["pair"]: r for r in data["rankings"] if r["field"] == "NS"}
    ew = [r for r in data["rankings"] if r["field"] == "EW"]
    assert [ns[p]["rank"] for p in (4, 3, 2, 1)] == ["1", "2", "3", "4"]
    assert ns[4]["versus_average"] > 0 > ns[1]["versus_average"]
    assert {r["boards_played"] for r in ew} == {8}  # each E/W pair sat out one round of five
    # On every board the direction's scores balance out.
    assert sum(r["versus_average"] for r in ew) == pytest.approx(0)
    assert all(r["top"] is None and r["percentage"] is None for r in data["rankings"])


@pytest.mark.parametrize("method", ["total_tricks", "odd_tricks"])
def test_a_trick_scored_event_with_an_adjusted_score_is_scored(seven_tables, method):
    Event.objects.filter(pk=seven_tables.pk).update(scoring=method)
    text = _board_one_csv(seven_tables, ["8", "7", "7", "9", "6", "7", "A+/A-"])
    services.results_import_csv(event=seven_tables, text=text)
    results = _results(seven_tables)["boards"][0]["results"]
    # The six played results average 44/6 N/S tricks; A+ is one above, A- one below for E/W.
    average = 44 / 6
    if method == "total_tricks":
        assert (results[-1]["ns_score"], results[-1]["ew_score"]) == (pytest.approx(1), pytest.approx(-1))
        assert results[0]["ns_score"] == pytest.approx(8 - average)
    else:
        assert results[-1]["ns_score"] == pytest.approx(average + 1 - 6)
        assert results[-1]["ew_score"] == pytest.approx(max(0, 13 - average - 1 - 6))
    assert "Tricks" in _results(seven_tables, "text")


def test_the_text_and_csv_formats(seven_tables):
    services.results_import_csv(event=seven_tables, text=_board_one_csv(seven_tables, TRAVELLER))
    text = _results(seven_tables, "text")
    assert "North/South" in text and "East/West" in text and "100.00" in text
    csv_text = _results(seven_tables, "csv")
    assert (
        csv_text.splitlines()[0]
        == "field,rank,direction,pair,names,score,top,percentage,boards_played,tricks,versus_average"
    )


# --- pages ---------------------------------------------------------------------------------------


@pytest.fixture
def played(seven_tables):
    services.results_import_csv(event=seven_tables, text=_board_one_csv(seven_tables, TRAVELLER))
    return seven_tables


def test_the_organiser_sees_provisional_standings(client, organiser, played):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:results", args=[played.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "Provisional results" in html and "North/South" in html and "100.00" in html


def test_standings_can_be_sorted_by_a_column(client, organiser, played):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:results", args=[played.pk]), {"ns-sort": "-label"})
    html = page.content.decode()
    assert html.index("N/S 7") < html.index("N/S 1")


def test_unpublished_results_send_a_visitor_to_log_in(client, played):
    page = client.get(reverse("tournaments:results", args=[played.pk]))
    assert page.status_code == 302 and "/admin/login/" in page["Location"]


def test_another_clubs_organiser_cannot_see_unpublished_results(
    client, other_club, played, django_user_model
):
    client.force_login(django_user_model.objects.get(username="rival"))
    assert client.get(reverse("tournaments:results", args=[played.pk])).status_code == 404


def test_published_results_are_public_and_final(client, organiser, played):
    for status in ("ready", "running", "finished"):
        services.event_set_status(event=played, status=status)
    client.force_login(organiser)
    client.post(reverse("tournaments:results-publish", args=[played.pk]), {"publish": "1"})
    client.logout()
    page = client.get(reverse("tournaments:results", args=[played.pk]))
    html = page.content.decode()
    assert page.status_code == 200 and "Final results" in html and "Publish results" not in html
    assert client.get(reverse("tournaments:results-board", args=[played.pk, 1])).status_code == 200
    assert client.get(reverse("tournaments:results-pair", args=[played.pk, "ns", 1])).status_code == 200
    assert b"Autumn" not in client.get("/").content and played.name.encode() in client.get("/").content


def test_results_cannot_be_published_before_the_event_finishes(client, organiser, played):
    client.force_login(organiser)
    page = client.post(
        reverse("tournaments:results-publish", args=[played.pk]), {"publish": "1"}, follow=True
    )
    assert "Finish Thursday Drive before publishing" in page.content.decode()
    played.refresh_from_db()
    assert not played.published


def test_publish_rejects_get_and_other_clubs(client, organiser, other_club, make_event):
    theirs = make_event(other_club)
    client.force_login(organiser)
    assert client.get(reverse("tournaments:results-publish", args=[theirs.pk])).status_code == 405
    assert (
        client.post(reverse("tournaments:results-publish", args=[theirs.pk]), {"publish": "1"}).status_code
        == 404
    )


def test_the_traveller_page_lists_every_table(client, organiser, played):
    client.force_login(organiser)
    html = client.get(reverse("tournaments:results-board", args=[played.pk, 1])).content.decode()
    assert "Board 1" in html and "Dealer North" in html and "♥ Hearts" in html
    assert html.count("<tr") == 8  # header and seven tables


def test_the_score_card_lists_the_pairs_boards(client, organiser, played):
    client.force_login(organiser)
    html = client.get(reverse("tournaments:results-pair", args=[played.pk, "ns", 4])).content.decode()
    assert "N/S 4" in html and "E/W" in html
    assert client.get(reverse("tournaments:results-pair", args=[played.pk, "xx", 4])).status_code == 404
    assert client.get(reverse("tournaments:results-board", args=[played.pk, 99])).status_code == 404


def test_the_csv_download(client, organiser, played):
    client.force_login(organiser)
    response = client.get(reverse("tournaments:results-csv", args=[played.pk]))
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    assert response.content.decode().count("\n") == 15


@pytest.mark.parametrize("tables", [3, 13])
def test_the_standings_page_issues_a_constant_number_of_queries(
    client, organiser, club, make_event, tables, django_assert_num_queries
):
    event = make_event(club, name=f"Size {tables}", tables=tables, boards_per_round=2)
    rows = [
        f"{s.first_board},{s.ns_pair.number},{s.ew_pair.number},7"
        for s in event.seatings.select_related("ns_pair", "ew_pair").filter(round__lte=2)
    ]
    services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n" + "\n".join(rows))
    client.force_login(organiser)
    # The first time: the version of the scores, then the seatings and results they come from.
    with django_assert_num_queries(10):
        client.get(reverse("tournaments:results", args=[event.pk]))
    # Between two writes the scores are kept: the version is read, not the results.
    with django_assert_num_queries(8):
        client.get(reverse("tournaments:results", args=[event.pk]))


@pytest.mark.parametrize(
    "guest, shown",
    [
        ('=HYPERLINK("http://x.example","click")', "'=HYPERLINK"),
        ("+44 Pair", "'+44 Pair"),
        ("-1+1", "'-1+1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("Doreen Dawson", "Doreen Dawson"),
    ],
)
def test_names_cannot_become_spreadsheet_formulas_in_the_csv(client, seven_tables, guest, shown):
    import csv
    import io

    pair = seven_tables.pairs.get(direction="NS", number=1)
    pair.guest1, pair.guest2 = guest, "Partner"
    pair.save()
    services.results_import_csv(event=seven_tables, text=_board_one_csv(seven_tables, TRAVELLER))
    Event.objects.filter(pk=seven_tables.pk).update(status="finished", published=True)
    body = client.get(reverse("tournaments:results-csv", args=[seven_tables.pk])).content.decode()
    names = [row[4] for row in csv.reader(io.StringIO(body)) if row[3] == "1" and row[2] == "N/S"]
    assert names[0].startswith(shown)


@pytest.mark.parametrize(
    "method, ranked_by",
    [("matchpoints", "percentage"), ("total_tricks", "versus_average"), ("odd_tricks", "score")],
)
def test_a_phone_shows_the_figure_the_pairs_are_ranked_by_and_leaves_the_others_to_a_wider_screen(
    method, ranked_by
):
    table = StandingsTable([], method=method)
    on_a_phone = [c.name for c in table.columns if "wide-only" not in (c.attrs["td"].get("class") or "")]
    assert on_a_phone == ["rank", "label", "names", ranked_by]


def test_average_plus_and_minus_go_by_the_pairs_session_unless_the_club_fixes_them(seven_tables):
    """N/S 7 takes every trick it can all evening (100 %); given A+ on board 1 it keeps 100 % there,
    not 60 % (the Laws); its E/W opponents given A- get 40 % or their session, whichever is less."""
    rows = []
    for s in seven_tables.seatings.select_related("ns_pair", "ew_pair"):
        ns = s.ns_pair.number
        for b in s.board_numbers:
            rows.append(f"{b},{ns},{s.ew_pair.number},{'A+/A-' if (b, ns) == (1, 7) else 6 + ns}")
    services.results_import_csv(
        event=seven_tables, text="board,ns_pair,ew_pair,ns_tricks\n" + "\n".join(rows)
    )
    data = _results(seven_tables)
    assert data["adjusted_scores"] == "session"
    adjusted = next(r for r in data["boards"][0]["results"] if r["adjusted"])
    ew = adjusted["ew_pair"]
    others = [
        r["ew_score"]
        for b in data["boards"]
        for r in b["results"]
        if r["ew_pair"] == ew and not r["adjusted"]
    ]
    session = sum(others) / (12 * len(others))  # every board played seven times: top 12
    assert adjusted["ns_score"] == 12 and adjusted["ew_score"] == pytest.approx(12 * min(0.4, session))
    standing = next(r for r in data["rankings"] if (r["field"], r["pair"]) == ("NS", 7))
    assert standing["percentage"] == 100

    services.event_update(event=seven_tables, values={"adjusted_scores": "fixed"})
    adjusted = next(r for r in _results(seven_tables)["boards"][0]["results"] if r["adjusted"])
    assert (adjusted["ns_score"], adjusted["ew_score"]) == pytest.approx((7.2, 4.8))


def test_the_corrections_page_says_the_events_rule_for_average_plus_and_minus(client, organiser, played):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:director-board", args=[played.pk, 1])).content.decode()
    assert "A 50 %; A+ 60 % or the pair&#x27;s session if better, A− 40 % or it if worse (the Laws)" in page
    Event.objects.filter(pk=played.pk).update(adjusted_scores="fixed")
    page = client.get(reverse("tournaments:director-board", args=[played.pk, 1])).content.decode()
    assert "A 50 %; A+ 60 %, A− 40 % whatever the pair&#x27;s session" in page
