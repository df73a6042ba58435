"""Building an event's movement, and the organiser's movement page."""

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.domain.errors import DomainError
from tournaments.models import Event, Pair, Seating


def test_building_creates_pairs_boards_and_seatings(club, make_event):
    event = make_event(club, tables=8, boards_per_round=3, variant="relay", phantom=True)
    assert event.pairs.filter(direction="NS").count() == 7
    assert event.pairs.filter(direction="EW").count() == 8
    assert event.boards.count() == 24
    assert event.seatings.count() == 64
    assert event.relay_stands.get(round=5).first_board == 1
    sit_out = event.seatings.get(round=1, table=8)
    assert sit_out.ns_pair is None and sit_out.ew_pair.number == 8


def test_rebuilding_after_a_change_replaces_the_movement_and_keeps_players(club, make_event):
    event = make_event(club, tables=7, boards_per_round=3)
    ns1 = event.pairs.get(direction="NS", number=1)
    ns1.guest1, ns1.guest2 = "Ada", "Bert"
    ns1.save()
    Event.objects.filter(pk=event.pk).update(tables=5, boards_per_round=4)
    event.refresh_from_db()
    services.event_build_movement(event=event)
    assert event.pairs.count() == 10 and event.boards.count() == 20 and event.seatings.count() == 25
    assert event.pairs.get(direction="NS", number=1).names == "Ada & Bert"
    assert not Pair.objects.filter(event=event, number=6).exists()


def test_rebuilding_is_refused_once_results_exist(club, make_event):
    event = make_event(club)
    seating = event.seatings.select_related("ns_pair", "ew_pair").get(round=1, table=1)
    services.result_record(
        board=event.boards.get(number=1),
        round=1,
        table=1,
        ns_pair=seating.ns_pair,
        ew_pair=seating.ew_pair,
        ns_tricks=7,
    )
    with pytest.raises(services.ServiceError, match="can no longer change"):
        services.event_build_movement(event=event)
    assert event.seatings.count() == 9


def test_the_movement_page_shows_the_grid_and_itineraries(client, organiser, club, make_event):
    event = make_event(club, tables=8, boards_per_round=3, variant="relay", arrow_switch_rounds="8")
    client.force_login(organiser)
    page = client.get(reverse("tournaments:event-movement", args=[event.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "NS 1 v EW 1" in html and "Relay" in html and "arrow switch" in html
    assert "shares its boards with table 8" in html
    assert "Where each E/W pair goes" in html
    assert "Relay stand: between tables 4 and 5 (1 set)." in html


def test_a_twelve_pair_howells_page_places_its_two_relay_stands(client, organiser, club, make_event):
    event = make_event(club, tables=6, boards_per_round=2, variant="howell")
    client.force_login(organiser)
    html = client.get(reverse("tournaments:event-movement", args=[event.pk])).content.decode()
    assert "Relay stands: between tables 4 and 5 (1 set), between tables 6 and 1 (4 sets)." in html


@pytest.mark.parametrize(
    "options",
    [{"tables": 2, "variant": "howell", "phantom": True}, {"tables": 2, "variant": "relay", "phantom": True}],
)
def test_three_pairs_are_refused_in_words_and_nothing_is_saved(club, make_event, options):
    with pytest.raises(DomainError, match="Three pairs play every board at one table only"):
        make_event(club, boards_per_round=3, **options)
    assert not Event.objects.exists()


def test_a_two_table_howell_of_one_board_a_round_is_refused(club, make_event):
    with pytest.raises(DomainError, match="at least 2 boards a round"):
        make_event(club, tables=2, boards_per_round=1, variant="howell")


def test_a_mitchells_itineraries_follow_the_ew_pairs_round_by_round(club, make_event):
    event = make_event(club, tables=8, boards_per_round=3, variant="relay", phantom=True)
    seatings = list(event.seatings.select_related("ns_pair", "ew_pair"))
    itineraries = services.pair_itineraries(seatings, howell=False)
    assert [(pair.direction, pair.number) for pair, _ in itineraries] == [("EW", n) for n in range(1, 9)]
    pair, stops = itineraries[7]
    assert [stop.seating.round for stop in stops] == list(range(1, 9))
    assert {stop.seat for stop in stops} == {"E/W"}
    # E/W 8 starts opposite the phantom at table 8: it sits out, then meets N/S 1 at table 1.
    assert stops[0].opponent is None and stops[1].seating.table == 1 and stops[1].opponent.number == 1


def test_a_howells_itineraries_follow_every_pair_in_either_seat(club, make_event):
    event = make_event(club, tables=4, boards_per_round=2, variant="howell")
    seatings = list(event.seatings.select_related("ns_pair", "ew_pair"))
    itineraries = services.pair_itineraries(seatings, howell=True)
    assert len(itineraries) == 8
    for pair, stops in itineraries:
        assert [stop.seating.round for stop in stops] == list(range(1, 8))
        for stop in stops:
            assert pair == (stop.seating.ns_pair if stop.seat == "N/S" else stop.seating.ew_pair)


def test_the_movement_page_issues_a_constant_number_of_queries(
    client, organiser, club, make_event, django_assert_max_num_queries
):
    event = make_event(club, tables=15, boards_per_round=2)
    client.force_login(organiser)
    with django_assert_max_num_queries(8):
        client.get(reverse("tournaments:event-movement", args=[event.pk]))


def test_another_clubs_movement_page_is_not_found(client, organiser, other_club, make_event):
    event = make_event(other_club)
    client.force_login(organiser)
    assert client.get(reverse("tournaments:event-movement", args=[event.pk])).status_code == 404


def test_the_movement_page_needs_a_login(client, club, make_event):
    event = make_event(club)
    page = client.get(reverse("tournaments:event-movement", args=[event.pk]))
    assert page.status_code == 302 and "/admin/login/" in page["Location"]


def test_build_rejects_get(client, organiser, club, make_event):
    event = make_event(club, build=False)
    client.force_login(organiser)
    assert client.get(reverse("tournaments:event-build-movement", args=[event.pk])).status_code == 405
    assert not Seating.objects.filter(event=event).exists()


def test_build_from_the_page_builds_and_says_so(client, organiser, club, make_event):
    event = make_event(club, build=False)
    client.force_login(organiser)
    page = client.post(reverse("tournaments:event-build-movement", args=[event.pk]), follow=True)
    assert "Movement built: 3 rounds of 2 boards" in page.content.decode()
    assert Seating.objects.filter(event=event).count() == 9


def test_build_of_another_clubs_event_is_refused(client, organiser, other_club, make_event):
    event = make_event(other_club, build=False)
    client.force_login(organiser)
    assert client.post(reverse("tournaments:event-build-movement", args=[event.pk])).status_code == 404
    assert not Seating.objects.filter(event=event).exists()
