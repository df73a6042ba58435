"""The first page a new process serves, with nothing kept: the demo club's room display and a
player's page, counted after every cache the process keeps is emptied (as after a restart)."""

import re
from collections import Counter

import pytest
from django.core.cache import caches
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.models import Event, Member
from tournaments.services.core.rooms import room_display_put_up
from tournaments.services.kinds import kind_of


@pytest.fixture
def demo(db):
    call_command("demo")


def _nothing_kept():
    # The season cache is one of these: in the tests every cache is in memory (tests/conftest.py).
    for cache in caches.all():
        cache.clear()


def test_the_room_display_from_nothing_kept_reads_only_the_evenings_its_competitions_take(
    demo, client, django_assert_max_num_queries
):
    event = Event.objects.order_by("pk").first()
    link = kind_of(event).room_url(event.pk, key=room_display_put_up(evening=event))
    _nothing_kept()
    with django_assert_max_num_queries(20):
        response = client.get(link)
    assert response.status_code == 200
    assert "Autumn Pairs League" in response.content.decode()


def test_a_players_page_from_nothing_kept_reads_each_kinds_evenings_together(
    demo, client, django_assert_max_num_queries
):
    member = Member.objects.order_by("pk").first()
    url = reverse("tournaments:player", args=[member.pk])
    _nothing_kept()
    # 20: the member's evenings and those their competitions are worked out from read together, a
    # query a model (events, drives with their players, two-player nights), each evening's own rows
    # once (its pairs, boards, seatings and results; a drive's state, a widow series' own); one
    # more reads the member's results against double dummy, over all their events at once.
    with django_assert_max_num_queries(20):
        response = client.get(url)
    assert response.status_code == 200
    assert str(member) in response.content.decode()
    # Asked again, what was worked out is kept: the first count was the page's from nothing kept.
    with CaptureQueriesContext(connection) as warm:
        assert client.get(url).status_code == 200
    assert len(warm.captured_queries) <= 11


def test_a_players_page_from_nothing_kept_reads_the_evenings_it_shares_with_its_competitions_once(
    demo, client
):
    # The member played some of the events and drives the club's competitions count: the page's
    # rows and the competitions' standings are worked out from one read of them, the evenings
    # themselves included, and a drive's players read once for every kind kept as a drive.
    member = Member.objects.order_by("pk").first()
    _nothing_kept()
    with CaptureQueriesContext(connection) as captured:
        assert client.get(reverse("tournaments:player", args=[member.pk])).status_code == 200
    read = (re.match(r'SELECT "(\w+)"\.', q["sql"]) for q in captured.captured_queries)
    tables = Counter(found.group(1) for found in read if found)
    read_once = ("event", "drive", "driveplayer", "pair", "board", "seating", "driveseat", "driveresult")
    read_once += ("drivetotal",)
    assert {name: tables[f"tournaments_{name}"] for name in read_once} == dict.fromkeys(read_once, 1)
