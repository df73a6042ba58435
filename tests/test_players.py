"""A page for every member: their published evenings and drives, with the events' own numbers."""

import json
from datetime import date, timedelta
from io import StringIO

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.db.models import Q
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.domain.places import shared_places
from tournaments.models import Drive, DrivePlayer, Event, IndividualPlayer, Member, Pair
from tournaments.services.season.competitions import competition_create
from tournaments.services.season.players import member_season


def _json(command, pk):
    out = StringIO()
    call_command(command, str(pk), "--format", "json", stdout=out)
    return json.loads(out.getvalue())


def test_every_demo_members_page_equals_the_events_own_results(db, client):
    call_command("demo")
    event_reports = {e.pk: _json("results", e.pk) for e in Event.objects.filter(published=True)}
    drive_reports = {d.pk: _json("drive_state", d.pk) for d in Drive.objects.filter(published=True)}
    checked = 0
    for member in Member.objects.all():
        season = member_season(member)
        played_events = set(
            Pair.objects.filter(event__published=True, player1=member).values_list("event", flat=True)
        ) | set(Pair.objects.filter(event__published=True, player2=member).values_list("event", flat=True))
        # An individual event's players hold seats (a shared seat's two people are on no pair).
        seats = IndividualPlayer.objects.filter(Q(player1=member) | Q(player2=member), event__published=True)
        played_events |= set(seats.values_list("event", flat=True))
        played_drives = set(
            DrivePlayer.objects.filter(drive__published=True, member=member).values_list("drive", flat=True)
        )
        assert {e.pk for e in season.events} == played_events
        assert {e.pk for e in season.drives if e.kind != "night"} == played_drives
        for evening in season.events:
            (ranking,) = [r for r in event_reports[evening.pk]["rankings"] if str(member) in r["names"]]
            assert (evening.place, evening.score, evening.percentage) == (
                ranking["rank"],
                ranking["score"],
                ranking["percentage"],
            )
            checked += 1
        for evening in season.drives:
            if evening.kind == "night" or Drive.objects.get(pk=evening.pk).is_widow_series:
                continue  # tests/test_duel_nights.py and test_widow_season.py check their pages
            teams = drive_reports[evening.pk]["teams"]
            if teams:  # a team night: the member stands where their team stands
                number = DrivePlayer.objects.get(drive=evening.pk, member=member).team.number
                (team,) = [t for t in teams if t["team"] == number]
                assert (evening.place, evening.score, evening.field_size) == (
                    team["place"],
                    team["points"],
                    len(teams),
                )
                checked += 1
                continue
            players = drive_reports[evening.pk]["players"]
            (mine,) = [p for p in players if p["name"] == str(member)]
            same_role = [p for p in players if p["role"] == mine["role"]]
            assert evening.score == mine["score"]
            places = shared_places([p["score"] for p in same_role])
            assert evening.place == places[same_role.index(mine)]
            assert evening.field_size == len(same_role)
            checked += 1
        if season.evenings:
            page = client.get(reverse("tournaments:player", args=[member.pk])).content.decode()
            for evening in season.evenings[:25]:
                assert f"{evening.place} of {evening.field_size}" in page and evening.score_text in page
    assert checked >= 200


def test_a_players_page_shows_partner_place_score_and_records(
    client, club, make_played_event, make_played_drive
):
    joan, harold, irene, frank = (
        services.member_create(club=club, first_name=first, last_name="Player")
        for first in ("Joan", "Harold", "Irene", "Frank")
    )
    make_played_event(club, members=[joan, harold, irene, frank])
    make_played_drive(club, members=[joan, harold])
    response = client.get(reverse("tournaments:player", args=[joan.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    season = response.context["season"]
    assert [e.kind for e in season.evenings] == ["drive", "event"]  # newest first
    assert season.events[0].partners[0].name == "Harold Player"
    assert "Club Night" in page and "Village Drive" in page and "Harold Player" in page
    assert season.tens == sum(e.tens for e in season.evenings)
    assert "Deals of 10 tricks or more" in page and "boards and hands" not in page and "Wins" in page
    assert season.met_most("partners")[0][0].name == "Harold Player"


def test_a_member_with_only_unpublished_results_has_no_page(client, club, make_played_event):
    joan = services.member_create(club=club, first_name="Joan", last_name="Bellamy")
    harold = services.member_create(club=club, first_name="Harold", last_name="Bickerstaff")
    make_played_event(club, members=[joan, harold], published=False)
    response = client.get(reverse("tournaments:player", args=[joan.pk]))
    assert response.status_code == 404
    assert client.get(reverse("tournaments:player", args=[99999])).status_code == 404


def test_a_club_may_keep_its_players_pages_to_logged_in_users(client, club, organiser, make_played_event):
    joan = services.member_create(club=club, first_name="Joan", last_name="Bellamy")
    harold = services.member_create(club=club, first_name="Harold", last_name="Bickerstaff")
    make_played_event(club, members=[joan, harold])
    club.members_only = True
    club.save()
    url = reverse("tournaments:player", args=[joan.pk])
    response = client.get(url)
    assert response.status_code == 302 and "login" in response["Location"]
    client.force_login(organiser)
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("evenings", [1, 4])
def test_the_players_page_reads_the_same_queries_however_many_evenings(
    client, club, make_played_event, make_played_drive, evenings, django_assert_num_queries
):
    joan = services.member_create(club=club, first_name="Joan", last_name="Bellamy")
    harold = services.member_create(club=club, first_name="Harold", last_name="Bickerstaff")
    for n in range(evenings):
        make_played_event(
            club, members=[joan, harold], name=f"Night {n}", day=date(2026, 10, 1) + timedelta(n)
        )
        make_played_drive(
            club, members=[joan, harold], name=f"Drive {n}", day=date(2026, 10, 1) + timedelta(n)
        )
    competition_create(
        club=club, values={"name": "Autumn League", "start": date(2026, 9, 1), "end": date(2026, 12, 31)}
    )
    url = reverse("tournaments:player", args=[joan.pk])
    cache.clear()  # as after a restart
    with CaptureQueriesContext(connection) as cold:
        assert client.get(url).status_code == 200  # the evenings are scored once and kept
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    # The evenings (the member; their events, with what the kept evenings are read from,
    # in one query with the club's published events the competitions take; the members they met,
    # for their published names; the drives with their players and states; the two-player
    # nights), and the competitions' rules (one picking its evenings by hand would add its
    # picks of each kind): no event's pairs or scores, however many evenings.
    assert len(captured.captured_queries) == 10
    # With nothing kept, five more: the evenings' pairs, boards, seatings and results, read once
    # for the member's rows and the competitions' (of the kinds they take) together, and the
    # member's results beside their boards' double-dummy tricks: the same queries however many.
    assert len(cold.captured_queries) == 15


def test_a_kept_players_page_names_everyone_as_they_publish_their_name_now(client, club, make_played_event):
    joan = services.member_create(club=club, first_name="Joan", last_name="Bellamy")
    harold = services.member_create(club=club, first_name="Harold", last_name="Bickerstaff")
    make_played_event(club, members=[joan, harold])
    url = reverse("tournaments:player", args=[joan.pk])
    assert "Harold Bickerstaff" in client.get(url).content.decode()  # the evenings now kept

    Member.objects.filter(pk=harold.pk).update(published_as=Member.Published.INITIALS)
    page = client.get(url).content.decode()
    assert "Harold Bickerstaff" not in page and f'href="/players/{harold.pk}/"' in page

    Member.objects.filter(pk=harold.pk).update(published_as=Member.Published.HIDDEN)
    page = client.get(url).content.decode()
    assert "Bickerstaff" not in page and f'href="/players/{harold.pk}/"' not in page


def test_the_players_page_is_paginated_when_long(client, club, make_played_event, monkeypatch):
    from tournaments.views.season import players

    monkeypatch.setattr(players, "EVENINGS_A_PAGE", 2)
    joan = services.member_create(club=club, first_name="Joan", last_name="Bellamy")
    harold = services.member_create(club=club, first_name="Harold", last_name="Bickerstaff")
    for n in range(3):
        make_played_event(
            club, members=[joan, harold], name=f"Night {n}", day=date(2026, 10, 1) + timedelta(n)
        )
    url = reverse("tournaments:player", args=[joan.pk])
    first = client.get(url).content.decode().split("Evenings and drives")[1]
    assert "Night 2" in first and "Night 0" not in first and "Page 1 of 2" in first
    assert "Night 0" in client.get(url, {"page": 2}).content.decode().split("Evenings and drives")[1]


def test_the_standings_lead_to_each_members_page(client, club, make_played_event):
    joan = services.member_create(club=club, first_name="Joan", last_name="Bellamy")
    harold = services.member_create(club=club, first_name="Harold", last_name="Bickerstaff")
    event = make_played_event(club, members=[joan, harold])
    page = client.get(reverse("tournaments:results", args=[event.pk])).content.decode()
    assert f'<a href="/players/{joan.pk}/">Joan Bellamy</a> &amp; <a href="/players/{harold.pk}/">' in page


def test_a_players_drives_and_team_nights_are_each_measured_apart(client, club, make_played_drive):
    """A drive's score is tricks, a team night's the team's points: the page never averages the two
    together, and says in words which average, best and worst is which."""
    from tournaments.services import drives

    joan = services.member_create(club=club, first_name="Joan", last_name="Player")
    drive = make_played_drive(club, members=[joan])
    teams = [("Aces", [str(joan), "Bob", "Cy", "Di"]), ("Kings", ["Ed", "Flo", "Gus", "Hal"])]
    night = drives.team_night_create(
        club=club, name="Cup night", date="2026-11-24", teams=teams, hands=1, halves=1
    )
    drives.drive_start(drive=night)
    drives.drive_result_record(drive=night, hand=1, table=1, ns_tricks=13)  # Aces at home: 2
    drives.drive_result_record(drive=night, hand=1, table=2, ns_tricks=7)  # Kings at home: 1
    drives.drive_close(drive=night)
    drives.drive_publish(drive=night)
    tricks = drives.DriveState(drive).scores["L1"].score
    page = " ".join(client.get(reverse("tournaments:player", args=[joan.pk])).content.decode().split())
    assert f"<dt>Average tricks (drives)</dt><dd>{tricks:.1f}</dd>" in page
    assert "<dt>Average team points (team nights)</dt><dd>2.0</dd>" in page
    assert "Best drive</dt><dd><a" in page and "Village Drive</a>" in page
    assert "Best team night</dt><dd><a" in page and "Cup night</a>, 24 Nov: 2" in page
    assert "Average score (drives)" not in page and "Worst drive" not in page
    assert 'Cup night</a> <span class="hint">(team night)</span>' in page
