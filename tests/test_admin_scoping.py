"""An organiser sees and changes only their own clubs' data in the organiser site."""

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Event, Member


@pytest.fixture
def two_clubs(club, other_club, organiser, make_event):
    services.member_create(club=club, first_name="Joan", last_name="Bellamy")
    services.member_create(club=other_club, first_name="Rival", last_name="Player")
    ours = make_event(club, name="Our Drive")
    theirs = make_event(other_club, name="Their Drive")
    return ours, theirs


def test_the_member_list_shows_only_own_club(client, organiser, two_clubs):
    client.force_login(organiser)
    page = client.get(reverse("admin:tournaments_member_changelist"))
    assert page.status_code == 200
    assert b"Bellamy" in page.content
    assert b"Rival" not in page.content


def test_the_member_search_finds_by_name(client, organiser, two_clubs):
    client.force_login(organiser)
    page = client.get(reverse("admin:tournaments_member_changelist"), {"q": "bella"})
    assert b"Bellamy" in page.content
    page = client.get(reverse("admin:tournaments_member_changelist"), {"q": "rival"})
    assert b"Bellamy" not in page.content and b"Rival" not in page.content


def test_the_event_list_shows_only_own_club_and_filters_by_status(client, organiser, two_clubs):
    client.force_login(organiser)
    page = client.get(reverse("admin:tournaments_event_changelist"), {"status__exact": "draft"})
    assert b"Our Drive" in page.content
    assert b"Their Drive" not in page.content


def test_another_clubs_event_cannot_be_opened(client, organiser, two_clubs):
    _, theirs = two_clubs
    client.force_login(organiser)
    page = client.get(reverse("admin:tournaments_event_change", args=[theirs.pk]))
    assert page.status_code in (302, 404)
    assert b"Their Drive" not in page.content


def test_another_clubs_event_cannot_be_changed(client, organiser, two_clubs):
    _, theirs = two_clubs
    client.force_login(organiser)
    client.post(reverse("admin:tournaments_event_change", args=[theirs.pk]), {"name": "Hijacked"})
    theirs.refresh_from_db()
    assert theirs.name == "Their Drive"


def test_another_clubs_member_cannot_be_deleted(client, organiser, two_clubs):
    rival = Member.objects.get(last_name="Player")
    client.force_login(organiser)
    client.post(reverse("admin:tournaments_member_delete", args=[rival.pk]), {"post": "yes"})
    assert Member.objects.filter(pk=rival.pk).exists()


def test_an_admin_action_does_not_reach_another_clubs_event(client, organiser, two_clubs):
    ours, theirs = two_clubs
    client.force_login(organiser)
    client.post(
        reverse("admin:tournaments_event_changelist"),
        {"action": "mark_ready", "_selected_action": [ours.pk, theirs.pk]},
    )
    ours.refresh_from_db()
    theirs.refresh_from_db()
    assert ours.status == Event.Status.READY
    assert theirs.status == Event.Status.DRAFT


def test_the_add_form_offers_only_own_clubs(client, organiser, two_clubs, other_club):
    client.force_login(organiser)
    page = client.get(reverse("admin:tournaments_event_add"))
    assert b"Ribble Valley" in page.content
    assert other_club.name.encode() not in page.content


def test_an_event_cannot_be_added_to_another_club(client, organiser, two_clubs, other_club):
    client.force_login(organiser)
    form = {
        "club": other_club.pk,
        "name": "Sneaky",
        "date": "2026-12-01",
        "tables": 3,
        "variant": "standard",
        "boards_per_round": 2,
        "trump_schedule": "HDSC",
        "scoring": "matchpoints",
        "scale": "ebu",
        "adjusted_scores": "session",
        "arrow_switch_rounds": "",
        "pairs-TOTAL_FORMS": 0,
        "pairs-INITIAL_FORMS": 0,
    }
    client.post(reverse("admin:tournaments_event_add"), form)
    assert not Event.objects.filter(name="Sneaky").exists()


def test_the_event_form_explains_an_impossible_movement(client, organiser, club):
    client.force_login(organiser)
    form = {
        "club": club.pk,
        "name": "Even",
        "date": "2026-12-01",
        "tables": 6,
        "variant": "standard",
        "boards_per_round": 2,
        "trump_schedule": "HDSC",
        "scoring": "matchpoints",
        "scale": "ebu",
        "adjusted_scores": "session",
        "arrow_switch_rounds": "",
        "pairs-TOTAL_FORMS": 0,
        "pairs-INITIAL_FORMS": 0,
    }
    page = client.post(reverse("admin:tournaments_event_add"), form)
    assert b"choose a skip or a relay Mitchell" in page.content
    assert not Event.objects.filter(name="Even").exists()


def test_a_superuser_sees_every_club(client, django_user_model, two_clubs):
    boss = django_user_model.objects.create_superuser("boss", password="secret-pass-123")
    client.force_login(boss)
    page = client.get(reverse("admin:tournaments_event_changelist"))
    assert b"Our Drive" in page.content and b"Their Drive" in page.content


def test_a_staff_user_with_no_club_sees_nothing(client, make_organiser, two_clubs):
    client.force_login(make_organiser(username="nobody"))
    page = client.get(reverse("admin:tournaments_event_changelist"))
    assert page.status_code == 403


def test_the_event_page_lists_its_pairs_for_the_organiser(client, organiser, two_clubs):
    ours, _ = two_clubs
    client.force_login(organiser)
    page = client.get(reverse("admin:tournaments_event_change", args=[ours.pk]))
    assert b"pairs-TOTAL_FORMS" in page.content


def _event_form(event, **changes):
    form = {
        "club": event.club_id,
        "name": event.name,
        "date": "2026-12-01",
        "tables": event.tables,
        "variant": event.variant,
        "boards_per_round": event.boards_per_round,
        "rounds": "",
        "trump_schedule": event.trump_schedule,
        "scoring": event.scoring,
        "scale": event.scale,
        "adjusted_scores": event.adjusted_scores,
        "arrow_switch_rounds": "",
        "pairs-TOTAL_FORMS": 0,
        "pairs-INITIAL_FORMS": 0,
        "pairs-MIN_NUM_FORMS": 0,
        "pairs-MAX_NUM_FORMS": 1000,
    }
    return {**form, **changes}


def test_adding_an_event_builds_its_movement(client, organiser, club):
    client.force_login(organiser)
    form = _event_form(
        Event(
            club=club,
            name="Fresh",
            tables=5,
            variant="standard",
            boards_per_round=4,
            trump_schedule="HDSC",
            scoring="matchpoints",
            scale="ebu",
        )
    )
    client.post(reverse("admin:tournaments_event_add"), form)
    event = Event.objects.get(name="Fresh")
    assert event.seatings.count() == 25 and event.boards.count() == 20


def test_changing_the_tables_rebuilds_the_movement(client, organiser, two_clubs):
    ours, _ = two_clubs
    client.force_login(organiser)
    client.post(reverse("admin:tournaments_event_change", args=[ours.pk]), _event_form(ours, tables=5))
    ours.refresh_from_db()
    assert ours.tables == 5 and ours.seatings.count() == 25


def test_the_movement_cannot_change_once_results_exist(client, organiser, two_clubs):
    ours, _ = two_clubs
    seating = ours.seatings.select_related("ns_pair", "ew_pair").get(round=1, table=1)
    services.result_record(
        board=ours.boards.get(number=1),
        round=1,
        table=1,
        ns_pair=seating.ns_pair,
        ew_pair=seating.ew_pair,
        ns_tricks=7,
    )
    client.force_login(organiser)
    page = client.post(reverse("admin:tournaments_event_change", args=[ours.pk]), _event_form(ours, tables=5))
    assert b"can no longer change" in page.content
    ours.refresh_from_db()
    assert ours.tables == 3


def test_the_two_player_nights_list_shows_only_own_club_and_leads_to_each_nights_page(
    client, organiser, club, other_club
):
    from tournaments.models import DuelNight
    from tournaments.services.duels import duel_night_create

    def night(owner, name):
        players = ["Ann", "Bob", "Cy"]
        return duel_night_create(
            club=owner, name=name, date="2026-11-27", players=players, pairing="swiss", rounds=2
        )

    ours, theirs = night(club, "Our German Whist"), night(other_club, "Their Humbug")
    client.force_login(organiser)
    page = client.get(reverse("admin:tournaments_duelnight_changelist")).content.decode()
    assert "Our German Whist" in page and "Their Humbug" not in page
    assert reverse("tournaments:duel-run", args=[ours.pk]) in page
    change = reverse("admin:tournaments_duelnight_change", args=[theirs.pk])
    assert client.get(change)["Location"] == reverse("admin:index")  # as for a row that is not there
    assert (
        client.post(
            reverse("admin:tournaments_duelnight_delete", args=[ours.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
    assert DuelNight.objects.filter(pk=ours.pk).exists()
