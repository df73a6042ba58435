"""A club's competitions on the web: the list, the standings (page, CSV, noticeboard PDF), the room
display's strip, the organiser's page and the organiser site."""

import csv
import io
from datetime import date

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.seasons import members, published_drive, published_event
from tournaments import services
from tournaments.domain.competition_kinds import COMPETITION_KINDS
from tournaments.models import AuditLine, Competition, Member
from tournaments.services.season import competitions

SEASON = dict(start=date(2026, 1, 1), end=date(2026, 12, 31))
# The competition form's fields as posted: each matchpoint percentage, every evening counted.
FORM = {
    "start": "2026-01-01",
    "end": "2026-12-31",
    "kinds": "event",
    "field_unit": "tables",
    "who": "individuals",
    "lists": "one",
    "measure": "percentage",
    "placing": "table",
    "points": "6/4/3/2/1",
    "counting": "all",
    "count": "0",
    "qualify": "0",
    "handicap": "none",
    "ties": "shared",
    "min_field": "0",
}
PAIRS = [(0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (10, 11)]


@pytest.fixture
def players(club):
    return members(club, 12)


def play(club, players, n, **kwargs):
    pairs = [(players[a], players[b]) for a, b in PAIRS]
    return published_event(club, day=date(2026, 2, 1 + n), pairs=pairs, seed=n, name=f"Night {n}", **kwargs)


@pytest.fixture
def league(club):
    return competitions.competition_create(
        club=club, values={"name": "Winter League", **SEASON, "counting": "best", "count": 2, "qualify": 2}
    )


def url(name, competition, suffix=""):
    return reverse(f"tournaments:{name}", args=[competition.club.slug, competition.pk])


def csv_names(client, competition) -> list[str]:
    """The names column of the competition's CSV, as the client reads it."""
    body = client.get(url("competition-csv", competition)).content.decode()
    return [row[2] for row in csv.reader(io.StringIO(body))]


def test_the_clubs_competitions_are_listed_each_linking_its_standings(client, club, league):
    response = client.get(reverse("tournaments:competitions", args=[club.slug]))

    assert response.status_code == 200
    assert url("competition", league) in response.content.decode()
    assert "the best 2 count · qualify by playing 2" in response.content.decode()


def test_the_standings_page_shows_who_qualified_who_needs_more_and_when_it_changed(
    client, club, players, league
):
    play(club, players, 1)
    play(club, players, 2)
    late = members(club, 2, first=50)
    published_event(club, day=date(2026, 2, 9), pairs=[(late[0], late[1])], name="Night 3")

    page = client.get(url("competition", league)).content.decode()

    assert "Player 001" in page and f'href="/players/{players[0].pk}/"' in page
    assert "Not qualified yet" in page and "needs 1 more" in page
    assert "after Night 3 (09 Feb 2026) was published" in page
    assert "3 evenings counted" in page


def test_the_standings_sort_by_a_column(client, club, players, league):
    play(club, players, 1)
    play(club, players, 2)

    page = client.get(url("competition", league) + "?l-sort=-name").content.decode()

    assert page.index("Player 012") < page.index("Player 001")


def test_the_csv_gives_every_row_and_every_evenings_score(client, club, players, league):
    play(club, players, 1)
    play(club, players, 2)
    play(club, players, 3)

    response = client.get(url("competition-csv", league))

    lines = response.content.decode().splitlines()
    assert response["Content-Type"].startswith("text/csv")
    assert lines[0].startswith("list,place,name,played,counted,total,status,Night 1 (2 Feb)")
    assert len(lines) == 1 + 12
    assert lines[1].count("*") == 1  # best 2 of 3: one evening did not count


def test_a_name_like_a_formula_stays_text_in_the_csv(client, club, players, league):
    players[0].first_name, players[0].last_name = "=HYPERLINK(1)", "@SUM(A1)"
    players[0].save()
    play(club, players, 1)

    names = csv_names(client, league)

    assert "'=HYPERLINK(1) @SUM(A1)" in names, names


def test_the_csv_names_each_member_as_the_standings_page_does(client, club, players, league, organiser):
    """Initials or "A player" to the public, as each member chose; whole to the club's organisers."""
    Member.objects.filter(pk=players[0].pk).update(published_as=Member.Published.INITIALS)
    Member.objects.filter(pk=players[1].pk).update(published_as=Member.Published.HIDDEN)
    play(club, players, 1)

    public = csv_names(client, league)
    client.force_login(organiser)
    whole = csv_names(client, league)

    assert "P. 0." in public and "A player" in public
    assert "Player 001" not in public and "Player 002" not in public
    assert "Player 001" in whole and "Player 002" in whole


def test_the_noticeboard_pdf_is_a_pdf_in_large_type(client, club, players, league):
    play(club, players, 1)

    response = client.get(url("competition-pdf", league))

    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


def test_a_club_that_keeps_its_results_to_logged_in_users_asks_a_visitor_to_log_in(client, club, league):
    club.members_only = True
    club.save()

    response = client.get(url("competition", league))

    assert response.status_code == 302 and "login" in response["Location"]


def test_another_clubs_address_does_not_show_the_competition(client, club, other_club, league):
    wrong = reverse("tournaments:competition", args=[other_club.slug, league.pk])
    assert client.get(wrong).status_code == 404


@pytest.mark.parametrize("evenings", [1, 4])
def test_the_standings_page_reads_the_same_queries_however_many_evenings(
    client, club, players, league, evenings
):
    for n in range(evenings):
        play(club, players, n)
    assert client.get(url("competition", league)).status_code == 200  # the evenings are now kept
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url("competition", league)).status_code == 200
    # The competition, its events (the one kind it takes: no drive nor two-player night is read),
    # the latest change, and how the members publish their names.
    assert len(captured.captured_queries) == 4


def test_a_long_list_is_paginated(client, club, players, league, monkeypatch):
    from tournaments.views.season import competitions as views

    monkeypatch.setattr(views, "ROWS_A_PAGE", 5)
    play(club, players, 1)
    play(club, players, 2)

    page = client.get(url("competition", league)).content.decode()

    assert page.count('href="/players/') == 5
    assert "l-page=2" in page


def test_the_room_display_shows_the_competitions_the_evening_counts_toward(
    client, club, players, league, organiser, make_event
):
    play(club, players, 1)
    play(club, players, 2)
    tonight = make_event(club, name="Tonight")
    services.event_deal_boards(event=tonight, seed="t", analyse=False)
    services.event_start(event=tonight)
    client.force_login(organiser)

    page = client.get(reverse("tournaments:event-room", args=[tonight.pk])).content.decode()

    assert "Winter League" in page and "standings before tonight" in page
    assert "Player 001" in page


def test_a_drives_room_display_shows_a_drive_competition(client, club, players):
    drive_league = competitions.competition_create(
        club=club, values={"name": "Drive Cup", **SEASON, "kinds": "drive", "measure": "drive"}
    )
    drive = published_drive(club, day=date(2026, 3, 1), ladies=players[:4], gents=players[4:8])

    page = client.get(reverse("tournaments:drive-room", args=[drive.pk])).content.decode()

    assert drive_league.name in page and "standings with tonight" in page


def test_the_organiser_sets_up_a_competition_on_their_own_page(client, club, organiser):
    client.force_login(organiser)
    new = reverse("tournaments:competition-new", args=[club.slug])
    assert client.get(new).status_code == 200

    response = client.post(
        new,
        {
            "name": "Tuesday Ladder",
            "start": "2026-01-01",
            "end": "2026-06-30",
            "kinds": "event",
            "tag": "Tuesday",
            "min_field": "3",
            "field_unit": "tables",
            "who": "pairs",
            "lists": "one",
            "members_only": "on",
            "measure": "placing",
            "placing": "reverse",
            "points": "6/4/3/2/1",
            "counting": "best",
            "count": "6",
            "qualify": "6",
            "handicap": "none",
            "ties": "counted-then-best",
        },
    )

    competition = Competition.objects.get(name="Tuesday Ladder")
    assert response.status_code == 302 and response["Location"] == url("competition", competition)
    assert (competition.who, competition.placing, competition.count) == ("pairs", "reverse", 6)
    assert AuditLine.objects.filter(club=club, detail="competition Tuesday Ladder").exists()


def test_the_new_competition_page_first_asks_its_kind(client, club, organiser):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:competition-new", args=[club.slug])).content.decode()

    assert 'name="kind"' in page and all(kind.name in page for kind in COMPETITION_KINDS)
    assert 'name="measure"' not in page


def test_a_kind_that_is_not_one_is_said_and_the_kinds_offered_again(client, club, organiser):
    client.force_login(organiser)
    response = client.get(reverse("tournaments:competition-new", args=[club.slug]) + "?kind=lottery")

    page = response.content.decode()
    assert "There is no competition of the kind" in page and "What kind of competition?" in page


@pytest.mark.parametrize("kind", COMPETITION_KINDS, ids=lambda kind: kind.key)
def test_each_kind_of_competition_is_set_up_as_it_comes(client, club, organiser, kind):
    """The form a kind fills in, sent with a name and dates only, sets up that kind."""
    client.force_login(organiser)
    new = reverse("tournaments:competition-new", args=[club.slug])
    form = client.get(new, {"kind": kind.key}).context["form"]
    data = {name: form[name].value() for name in form.fields}
    data = {name: value for name, value in data.items() if value is not None and value is not False}
    data.update({"kind": kind.key, "name": kind.name, "start": "2026-09-01", "end": "2027-04-30"})

    response = client.post(new, data)

    assert response.status_code == 302, response.context["form"].errors
    made = Competition.objects.get(club=club, name=kind.name)
    assert {name: getattr(made, name) for name in kind.values} == kind.values
    assert form.first_fields()[3:] == [form[name] for name in kind.asks]


def test_the_organisers_page_refuses_rules_that_cannot_work_in_words(client, club, organiser):
    client.force_login(organiser)
    response = client.post(
        reverse("tournaments:competition-new", args=[club.slug]),
        FORM | {"name": "Bad", "measure": "tricks", "handicap": "fixed"},
    )

    assert response.status_code == 200
    assert "A handicap goes with the average percentage." in response.content.decode()
    assert not Competition.objects.exists()


def test_another_clubs_organiser_cannot_set_up_or_change_a_competition(
    client, club, other_club, league, django_user_model
):
    client.force_login(django_user_model.objects.get(username="rival"))
    assert client.get(reverse("tournaments:competition-new", args=[club.slug])).status_code == 404
    assert client.get(url("competition-edit", league)).status_code == 404


def test_the_organiser_changes_the_rules_with_a_line_in_the_trail(client, club, organiser, league):
    client.force_login(organiser)
    edit = url("competition-edit", league)
    form = client.get(edit).context["form"]
    data = {
        name: value
        for name, value in form.initial.items()
        if value is not None and name not in ("picked_events", "picked_drives", "by_hand", "members_only")
    }
    data.update({"count": "3", "members_only": "on", "start": "2026-01-01", "end": "2026-12-31"})

    response = client.post(edit, data)

    assert response.status_code == 302
    league.refresh_from_db()
    assert league.count == 3
    assert AuditLine.objects.filter(club=club, action="changed", detail__contains="N: 2 → 3").exists()


@pytest.mark.parametrize("site", ["organisers-page", "organiser-site"])
def test_a_drive_picked_for_a_competition_of_events_is_refused_in_words(
    client, admin_client, club, organiser, site
):
    people = members(club, 8)
    drive = published_drive(club, day=date(2026, 3, 5), ladies=people[:4], gents=people[4:])
    data = FORM | {"name": "Picked pairs", "by_hand": "on", "picked_drives": [drive.pk]}
    if site == "organisers-page":
        client.force_login(organiser)
        response = client.post(reverse("tournaments:competition-new", args=[club.slug]), data)
    else:
        response = admin_client.post(reverse("admin:tournaments_competition_add"), data | {"club": club.pk})

    assert response.status_code == 200
    said = "Drives are picked, but the competition counts duplicate events only: untick them"
    assert said in response.content.decode()
    assert not Competition.objects.exists()


def test_the_organiser_site_saves_a_competition_through_the_service(admin_client, club):
    response = admin_client.post(
        reverse("admin:tournaments_competition_add"),
        FORM | {"club": club.pk, "name": "Site Cup", "handicap": "moving"},
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    competition = Competition.objects.get(name="Site Cup")
    assert AuditLine.objects.filter(club=club, action="created", detail="competition Site Cup").exists()
    admin_client.post(reverse("admin:tournaments_competition_delete", args=[competition.pk]), {"post": "yes"})
    assert not Competition.objects.exists()
    assert AuditLine.objects.filter(club=club, action="deleted").exists()


def test_the_player_page_and_the_results_index_name_the_competitions(client, club, players, league):
    play(club, players, 1)

    player = client.get(reverse("tournaments:player", args=[players[0].pk])).content.decode()
    index = client.get(reverse("tournaments:club-results", args=[club.slug])).content.decode()

    assert "Winter League" in player and "not qualified yet, needs 1 more" in player
    assert url("competition", league) in index


@pytest.mark.parametrize("count", [1, 4])
def test_the_competitions_list_reads_the_same_queries_however_many_competitions(client, club, count):
    for n in range(count):
        competitions.competition_create(club=club, values={"name": f"League {n}", **SEASON})
    with CaptureQueriesContext(connection) as captured:
        assert client.get(reverse("tournaments:competitions", args=[club.slug])).status_code == 200
    assert len(captured.captured_queries) == 2  # the club, its competitions


def test_an_organiser_finds_the_competitions_from_the_home_page_and_every_run_page(
    client, club, organiser, make_event, make_played_drive
):
    from tournaments.services import drives

    client.force_login(organiser)
    competitions_url = reverse("tournaments:competitions", args=[club.slug])
    event = make_event(club)
    drive = make_played_drive(club)
    night = drives.team_night_create(
        club=club,
        name="Cup night",
        date="2026-11-24",
        teams=[("Aces", ["A a", "B b", "C c", "D d"]), ("Kings", ["E e", "F f", "G g", "H h"])],
        hands=4,
    )
    for page in (
        reverse("tournaments:home"),
        reverse("tournaments:event-run", args=[event.pk]),
        reverse("tournaments:drive-run", args=[drive.pk]),
        reverse("tournaments:drive-run", args=[night.pk]),
    ):
        assert f'href="{competitions_url}"' in client.get(page).content.decode(), page
