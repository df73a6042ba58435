"""The organiser's evening: entries, the recommended movement, seating, starting, and hall mode."""

import subprocess
from datetime import date
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from tests.qr_codes import read
from tournaments import qr, services
from tournaments.domain.errors import DomainError
from tournaments.domain.recommend import HOWELL_PAIRS
from tournaments.models import Entry, Event

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def draft(club):
    for first, last in [("Joan", "Bellamy"), ("Harold", "Bickerstaff"), ("Irene", "Cartwright")]:
        services.member_create(club=club, first_name=first, last_name=last)
    return services.event_create(
        club=club, name="Friday Drive", date=date(2026, 12, 4), tables=3, boards_per_round=2
    )


def _enter(event, count, stationary=()):
    for n in range(1, count + 1):
        services.entry_add(event=event, first=f"Guest {n}a", second=f"Guest {n}b", stationary=n in stationary)


def test_members_are_found_by_name_and_others_are_guests(draft):
    entry = services.entry_add(event=draft, first="joan  bellamy", second="Ada Lovelace")
    assert entry.player1.last_name == "Bellamy" and entry.player2 is None and entry.guest2 == "Ada Lovelace"
    assert entry.names == "Joan Bellamy & Ada Lovelace"


@pytest.mark.parametrize(
    "first, second, message",
    [("Joan Bellamy", "Joan Bellamy", "cannot partner themself"), ("", "Ada", "both players' names")],
)
def test_impossible_entries_are_explained(draft, first, second, message):
    with pytest.raises(services.ServiceError, match=message):
        services.entry_add(event=draft, first=first, second=second)
    assert not Entry.objects.exists()


def test_a_member_cannot_be_entered_twice(draft):
    services.entry_add(event=draft, first="Joan Bellamy", second="Harold Bickerstaff")
    with pytest.raises(
        services.ServiceError, match="Joan Bellamy is already entered, with Joan Bellamy & Harold"
    ):
        services.entry_add(event=draft, first="Irene Cartwright", second="Joan Bellamy")


def test_accepting_the_recommendation_builds_the_movement_and_seats_stationary_pairs_ns(draft):
    _enter(draft, 14, stationary={9})
    proposals = services.event_proposals(draft)
    assert [(p.tables, p.variant) for p in proposals] == [(7, "howell"), (7, "howell"), (7, "standard")]
    services.event_accept_proposal(event=draft, choice=2)  # the Mitchell, offered to compare
    draft.refresh_from_db()
    assert (draft.tables, draft.boards_per_round, draft.rounds) == (7, 3, 7)
    ns1 = draft.pairs.get(direction="NS", number=1)
    assert ns1.names == "Guest 9a & Guest 9b"  # the pair that must not move sits N/S
    assert draft.pairs.get(direction="EW", number=7).names == "Guest 14a & Guest 14b"
    assert draft.seatings.count() == 49


def test_more_stationary_pairs_than_ns_seats_is_refused(draft):
    _enter(draft, 5, stationary={1, 2, 3})
    with pytest.raises(DomainError, match="3 pairs must not move, but the movement has 2 N/S seats"):
        services.event_proposals(draft)  # neither the Howell nor the Mitchell of 5 pairs seats them
    with pytest.raises(DomainError, match="3 pairs must not move, but the movement has 2 N/S seats"):
        services.event_accept_proposal(event=draft, choice=0)


def test_a_late_arrival_needs_a_new_movement_before_the_start(draft):
    _enter(draft, 6)
    services.event_accept_proposal(event=draft, choice=0)
    services.event_deal_boards(event=draft, seed="late", analyse=False)
    services.entry_add(event=draft, first="Late", second="Comer")
    with pytest.raises(services.ServiceError, match="7 pairs are entered but the movement seats 6"):
        services.event_start(event=draft)
    services.event_accept_proposal(event=draft, choice=0)
    services.event_deal_boards(event=draft, seed="late", analyse=False)
    assert services.event_start(event=draft).status == "running"
    with pytest.raises(services.ServiceError, match="has started"):
        services.entry_add(event=draft, first="Too", second="Late")


@pytest.mark.parametrize(
    "prepare, message",
    [
        (lambda e: None, "Choose the movement first"),
        (lambda e: services.event_accept_proposal(event=e, choice=0), "boards have no deal yet"),
    ],
)
def test_the_start_waits_for_its_turn(draft, prepare, message):
    _enter(draft, 6)
    prepare(draft)
    with pytest.raises(services.ServiceError, match=message):
        services.event_start(event=draft)
    draft.refresh_from_db()
    assert draft.status == "draft"


def test_the_run_page_shows_the_steps_and_takes_entries(client, organiser, draft):
    client.force_login(organiser)
    url = reverse("tournaments:event-run", args=[draft.pk])
    html = client.get(url).content.decode()
    assert "1. Tonight's pairs" in html and "Enter at least four pairs" in html
    assert '<option value="Joan Bellamy">' in html
    for n in range(4):
        client.post(reverse("tournaments:entry-add", args=[draft.pk]), {"first": f"A{n}", "second": f"B{n}"})
    html = client.get(url).content.decode()
    assert "Recommended:" in html and "2 tables" in html
    client.post(reverse("tournaments:event-accept", args=[draft.pk]), {"choice": "0"})
    assert draft.seatings.exists()
    page = client.post(reverse("tournaments:event-start", args=[draft.pk]), {"next": url}, follow=True)
    assert "boards have no deal yet" in page.content.decode()


def test_the_run_page_is_only_for_the_clubs_organisers(client, organiser, other_club, make_event):
    theirs = make_event(other_club)
    client.force_login(organiser)
    assert client.get(reverse("tournaments:event-run", args=[theirs.pk])).status_code == 404
    assert (
        client.post(
            reverse("tournaments:entry-add", args=[theirs.pk]), {"first": "a", "second": "b"}
        ).status_code
        == 404
    )
    assert not Entry.objects.exists()


def test_a_new_event_from_our_own_page(client, organiser, club):
    client.force_login(organiser)
    response = client.post(
        reverse("tournaments:event-new"),
        {
            "club": club.pk,
            "name": "Christmas Drive",
            "date": "2026-12-18",
            "trump_schedule": "HDSCN",
            "scoring": "matchpoints",
        },
    )
    event = Event.objects.get(name="Christmas Drive")
    assert response["Location"] == reverse("tournaments:event-run", args=[event.pk])
    assert event.trump_schedule == "HDSCN" and not event.seatings.exists()


def test_hall_mode_sets_the_laptops_address_everywhere(db, tmp_path, monkeypatch):
    monkeypatch.setattr("tournaments.management.commands.hall.DATA_DIR", tmp_path)
    out = StringIO()
    call_command("hall", "--dry-run", "--address", "192.168.1.20", "--port", "8000", stdout=out)
    text = out.getvalue()
    assert "tablets: open http://192.168.1.20:8000/t/" in text
    assert "ALLOWED_HOSTS=192.168.1.20,127.0.0.1,localhost" in text
    assert (
        "CSRF_TRUSTED_ORIGINS=http://192.168.1.20:8000" in text
        and "BASE_URL=http://192.168.1.20:8000" in text
    )
    key = (tmp_path / "hall" / "secret_key").read_text()
    call_command("hall", "--dry-run", "--address", "192.168.1.20", stdout=StringIO())
    assert (tmp_path / "hall" / "secret_key").read_text() == key and len(key) > 50


def test_the_terminal_qr_code_is_the_start_pages_with_a_quiet_zone():
    url = "http://192.168.1.20:8000/t/"
    lines = qr.terminal(url).splitlines()
    assert len({len(line) for line in lines}) == 1
    assert set(lines[0]) == {"█"} and set(lines[-1]) <= {"█", "▀"}
    # Two rows of modules a line, light on the terminal's dark: back to rows of modules, dark True.
    halves = {"█": (False, False), "▀": (False, True), "▄": (True, False), " ": (True, True)}
    rows = [[halves[c][half] for c in line] for line in lines for half in (0, 1)]
    symbol = [list(row) for row in qr.modules(url)]
    quiet = [[False] * (len(symbol) + 4)] * 2
    framed = [[False, False, *row, False, False] for row in symbol]
    assert rows[: len(symbol) + 4] == [*quiet, *framed, *quiet]
    assert read(symbol) == url  # as a phone's camera reads it


def test_a_new_event_starts_from_the_clubs_usual_evening(client, organiser, club):
    club.trump_schedule, club.scoring, club.scale = "SHDCN", "odd_tricks", "acbl"
    club.save()
    client.force_login(organiser)
    form = client.get(reverse("tournaments:event-new")).context["form"]
    assert (form["trump_schedule"].initial, form["scoring"].initial) == ("SHDCN", "odd_tricks")
    client.post(
        reverse("tournaments:event-new"),
        {
            "club": club.pk,
            "name": "Club Night",
            "date": "2026-12-18",
            "trump_schedule": "SHDCN",
            "scoring": "odd_tricks",
        },
    )
    event = Event.objects.get(name="Club Night")
    assert (event.trump_schedule, event.scoring, event.scale) == ("SHDCN", "odd_tricks", "acbl")


def test_a_club_cannot_keep_a_schedule_that_is_not_one(club):
    from django.core.exceptions import ValidationError

    club.trump_schedule = "HXQ"
    with pytest.raises(ValidationError, match="not a suit"):
        club.full_clean()


def test_hall_mode_binds_the_address_it_is_given(db, tmp_path, monkeypatch):
    monkeypatch.setattr("tournaments.management.commands.hall.DATA_DIR", tmp_path)
    out = StringIO()
    call_command("hall", "--dry-run", "--address", "127.0.0.1", "--port", "8001", stdout=out)
    assert "BIND=127.0.0.1:8001" in out.getvalue()
    monkeypatch.setattr("tournaments.management.commands.hall.lan_address", lambda: "192.168.1.20")
    out = StringIO()
    call_command("hall", "--dry-run", "--port", "8001", stdout=out)
    assert "BIND=0.0.0.0:8001" in out.getvalue() and "http://192.168.1.20:8001/t/" in out.getvalue()


def test_the_hall_secret_key_is_never_readable_by_others(tmp_path, monkeypatch):
    import os
    import stat

    from whistdrive import serving

    created = []
    real_open = os.open

    def watching_open(path, flags, mode=0o777, *args, **kwargs):
        created.append(mode)
        return real_open(path, flags, mode, *args, **kwargs)

    monkeypatch.setattr(serving.os, "open", watching_open)
    old = os.umask(0)  # the file's rights come from the call itself, not from a later chmod
    try:
        serving.secret_key(tmp_path)
    finally:
        os.umask(old)
    assert created == [0o600]
    assert stat.S_IMODE((tmp_path / "hall" / "secret_key").stat().st_mode) == 0o600


def test_a_name_too_long_is_refused_with_the_limit(client, organiser, draft):
    client.force_login(organiser)
    page = client.post(
        reverse("tournaments:entry-add", args=[draft.pk]), {"first": "A" * 200, "second": "Bo"}, follow=True
    )
    assert "A player&#x27;s name is at most 120 characters (this one has 200)" in page.content.decode()
    assert not Entry.objects.exists()


def test_the_run_page_says_play_is_over_once_closed(client, organiser, draft):
    _enter(draft, 6)
    services.event_accept_proposal(event=draft, choice=0)
    services.event_deal_boards(event=draft, seed="over", analyse=False)
    services.event_start(event=draft)
    client.force_login(organiser)
    url = reverse("tournaments:event-run", args=[draft.pk])
    assert "Playing. Tablets: open" in client.get(url).content.decode()
    services.event_close(event=draft, adjust_missing=True)
    html = client.get(url).content.decode()
    assert "Playing. Tablets: open" not in html and "Play is over: the tablets are closed" in html


def test_once_the_movement_is_set_each_pair_shows_one_number_its_pair_number(client, organiser, draft):
    client.force_login(organiser)
    _enter(draft, 6, stationary={4})
    url = reverse("tournaments:event-run", args=[draft.pk])
    rows = client.get(url).context["entries"]
    assert [entry.names for entry in rows][:2] == ["Guest 1a & Guest 1b", "Guest 2a & Guest 2b"]
    services.event_accept_proposal(event=draft, choice=2)  # the Mitchell: the staying pair is N/S 1
    html = client.get(url).content.decode()
    first_row = html.split("<tbody>")[1].split("</tr>")[0]
    assert ">N/S 1</td><td>Guest 4a &amp; Guest 4b</td>" in first_row
    assert "<th>#</th>" not in html and "<th>Pair</th><th>Players</th>" in html


def test_a_guests_name_entered_in_two_pairs_is_warned_of(client, organiser, draft):
    client.force_login(organiser)
    services.entry_add(event=draft, first="Jo Smith", second="Ann Lee")
    services.entry_add(event=draft, first="jo smith", second="Joan Bellamy")
    html = client.get(reverse("tournaments:event-run", args=[draft.pk])).content.decode()
    assert (
        "Jo Smith is entered twice (Jo Smith &amp; Ann Lee; jo smith &amp; Joan Bellamy): remove one, "
        "or tell the two apart" in html
    )


def test_a_new_event_proposes_todays_date(client, organiser):
    client.force_login(organiser)
    html = client.get(reverse("tournaments:event-new")).content.decode()
    assert f'value="{timezone.localdate().isoformat()}"' in html


@pytest.mark.parametrize("port, serves", [("", "127.0.0.1:8000"), ("8123", "127.0.0.1:8123")])
def test_make_run_takes_a_port_like_make_hall(port, serves):
    dry_run = subprocess.run(
        ["make", "-n", "run", *([f"PORT={port}"] if port else [])],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert f"manage.py runserver {serves}" in dry_run.stdout


def test_the_readme_and_the_pages_give_the_howells_range_from_the_domain():
    pairs = f"{HOWELL_PAIRS[0]} to {HOWELL_PAIRS[-1]} pairs"
    assert f"a Howell for {pairs}" in (ROOT / "README.md").read_text()
    assert pairs in Event.Variant.HOWELL.label


def test_the_run_page_names_the_movement_in_use_plainly_and_shows_no_empty_columns(client, organiser, draft):
    client.force_login(organiser)
    _enter(draft, 8)
    services.event_accept_proposal(event=draft, choice=0)
    services.event_deal_boards(event=draft, seed="plain", analyse=False)
    services.event_start(event=draft)
    html = client.get(reverse("tournaments:event-run", args=[draft.pk])).content.decode()
    assert "Now: 4 tables, a Howell (every pair meets every other, one winner), 3 boards a round." in html
    first_row = html.split("<tbody>")[1].split("</tr>")[0]
    assert first_row.count("<td") == 2  # the pair and its players: nobody stays put, nothing to remove
