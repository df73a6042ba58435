"""Who can reach what: organiser pages need a login and the right club; tablets reach their own table;
every form needs its CSRF token; the repository holds no secret."""

import re
import subprocess
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services

ROOT = Path(__file__).resolve().parent.parent

# Every organiser page and action, with the arguments it takes (the event's id is filled in).
ORGANISER_GET = [
    ("event-detail", []),
    ("event-movement", []),
    ("event-live", []),
    ("director-board", [1]),
    ("boards-pbn", []),
    ("event-print", ["pack"]),
]
ORGANISER_POST = [
    ("event-build-movement", []),
    ("boards-deal", []),
    ("boards-import", []),
    ("results-import", []),
    ("results-publish", []),
    ("event-start", []),
    ("event-close", []),
    ("director-board", [1]),
]
# Pages that anyone may see once the results are published, and organisers before.
RESULTS_GET = [
    ("results", []),
    ("results-csv", []),
    ("results-board", [1]),
    ("results-double-dummy", []),
    ("results-pair", ["ns", 1]),
    ("board", [1]),
    ("event-room", []),
]


@pytest.fixture
def theirs(other_club, make_event):
    event = make_event(other_club, tables=3, boards_per_round=2)
    services.event_deal_boards(event=event, seed="x", analyse=False)
    return event


def _url(name, event, args):
    return reverse(f"tournaments:{name}", args=[event.pk, *args])


@pytest.mark.parametrize("name, args", ORGANISER_GET + RESULTS_GET)
def test_every_organiser_page_needs_a_login(client, theirs, name, args):
    response = client.get(_url(name, theirs, args))
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


@pytest.mark.parametrize("name, args", ORGANISER_POST)
def test_every_organiser_action_needs_a_login(client, theirs, name, args):
    response = client.post(_url(name, theirs, args))
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


@pytest.mark.parametrize("name, args", ORGANISER_GET + RESULTS_GET)
def test_another_clubs_organiser_gets_nothing(client, organiser, theirs, name, args):
    client.force_login(organiser)
    assert client.get(_url(name, theirs, args)).status_code == 404


@pytest.mark.parametrize("name, args", ORGANISER_POST)
def test_another_clubs_organiser_changes_nothing(client, organiser, theirs, name, args):
    client.force_login(organiser)
    before = (theirs.status, theirs.published, list(theirs.boards.values_list("deal", flat=True)))
    assert (
        client.post(_url(name, theirs, args), {"publish": "1", "seed": "y", "force": "1"}).status_code == 404
    )
    theirs.refresh_from_db()
    assert (theirs.status, theirs.published, list(theirs.boards.values_list("deal", flat=True))) == before


def test_a_table_link_reaches_only_its_own_table_and_event(client, club, make_event):
    first = make_event(club, name="First", tables=3, boards_per_round=2)
    second = make_event(club, name="Second", tables=3, boards_per_round=2)
    for event in (first, second):
        for status in ("ready", "running"):
            services.event_set_status(event=event, status=status)
    token = first.table_accesses.get(table=2).token
    for board in (1, 2, 5, 6):  # boards of table 1 and 3 in round 1
        client.post(reverse("tournaments:table-enter", args=[token]), {"board": board, "ns_tricks": 7})
    assert not first.results.exists() and not second.results.exists()
    client.post(reverse("tournaments:table-enter", args=[token]), {"board": 3, "ns_tricks": 7})
    assert list(first.results.values_list("table", "board__number")) == [(2, 3)]
    assert not second.results.exists()
    # A table link opens no organiser page.
    assert client.get(reverse("tournaments:event-live", args=[first.pk])).status_code == 302


def _forms_and_targets(client, organiser, event):
    client.force_login(organiser)
    pages = [
        reverse("tournaments:event-detail", args=[event.pk]),
        reverse("tournaments:event-live", args=[event.pk]),
        reverse("tournaments:director-board", args=[event.pk, 1]),
        reverse("tournaments:event-movement", args=[event.pk]),
    ]
    targets = set()
    for page in pages:
        html = client.get(page).content.decode()
        for form in re.findall(r"<form[^>]*method=\"post\"[^>]*>.*?</form>", html, re.S):
            assert "csrfmiddlewaretoken" in form, f"a form on {page} has no CSRF token"
            action = re.search(r'action="([^"]*)"', form)
            targets.add(action.group(1) if action else page)
    return targets


def test_every_form_carries_a_csrf_token_and_is_refused_without_it(organiser, club, make_event):
    event = make_event(club, tables=3, boards_per_round=2)
    services.event_set_status(event=event, status="ready")
    targets = _forms_and_targets(Client(), organiser, event)
    assert len(targets) >= 6
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(organiser)
    for target in targets:
        assert strict.post(target, {"seed": "x", "publish": "1"}).status_code == 403, target
    event.refresh_from_db()
    assert event.status == "ready" and not event.boards.exclude(deal="").exists()


def test_the_tablet_forms_are_refused_without_a_csrf_token(club, make_event):
    event = make_event(club, tables=3, boards_per_round=2)
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    token = event.table_accesses.get(table=1).token
    strict = Client(enforce_csrf_checks=True)
    html = strict.get(reverse("tournaments:table", args=[token])).content.decode()
    assert html.count("csrfmiddlewaretoken") >= 2
    for name in ("table-enter", "table-confirm", "table-reject"):
        response = strict.post(reverse(f"tournaments:{name}", args=[token]), {"board": 1, "ns_tricks": 7})
        assert response.status_code == 403
    assert strict.post(reverse("tournaments:table-start"), {"code": "AAAAA"}).status_code == 403
    assert not event.results.exists()


SECRET_PATTERNS = [
    re.compile(r"-----BEGIN (RSA |EC |OPENSSH )?PRIVATE KEY-----"),
    re.compile(r"\bSECRET_KEY\s*=\s*['\"](?!\$\()[^'\"]{30,}['\"]"),  # a value, not a command making one
    re.compile(r"postgres(ql)?://[^:@/\s]+:(?!password@|PASSWORD@)[^@/\s]{6,}@"),  # placeholders allowed
    re.compile(r"AKIA[0-9A-Z]{16}"),
]


def test_no_secret_is_committed():
    files = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    leaks = []
    for name in files:
        path = ROOT / name
        if path.suffix in (".ttf", ".png", ".pdf") or not path.is_file() or path == Path(__file__):
            continue
        text = path.read_text(errors="ignore")
        leaks += [f"{name}: {p.pattern}" for p in SECRET_PATTERNS if p.search(text)]
    assert leaks == []


@pytest.mark.parametrize(
    "leak",
    [
        'SECRET_KEY = "' + "k" * 40 + '"',
        "postgres://club:hunter2secret@db.example.org/whist",
        "-----BEGIN RSA PRIVATE KEY-----",
    ],
)
def test_the_secret_scan_would_catch_a_leak(leak):
    assert any(p.search(leak) for p in SECRET_PATTERNS)


def test_the_start_page_names_each_tablet_with_a_cookie(client):
    response = client.get(reverse("tournaments:table-start"))
    cookie = response.cookies["whistdrive_tablet"]
    assert len(cookie.value) >= 20 and cookie["httponly"] and cookie["samesite"] == "Lax"
    again = client.get(reverse("tournaments:table-start"))
    assert "whistdrive_tablet" not in again.cookies  # kept, not renewed


@pytest.mark.parametrize("trusted, counted", [(False, "127.0.0.1"), (True, "203.0.113.7")])
def test_the_forwarded_address_counts_only_behind_a_trusted_proxy(client, settings, db, trusted, counted):
    from tournaments.models import CodeGuard

    settings.TRUST_X_FORWARDED_FOR = trusted
    client.post(
        reverse("tournaments:table-start"),
        {"code": "ZZZZZ"},
        HTTP_X_FORWARDED_FOR="198.51.100.1, 203.0.113.7",
        REMOTE_ADDR="127.0.0.1",
    )
    assert CodeGuard.objects.filter(key=f"address:{counted}").exists()


def test_every_response_says_how_long_the_server_took(client, db):
    response = client.get(reverse("tournaments:healthz"))
    name, duration = response["Server-Timing"].split(";dur=")
    assert name == "app" and float(duration) >= 0


def test_the_write_probe_keeps_one_row(client, db):
    from tournaments.models import Heartbeat

    for _ in range(3):
        assert client.post(reverse("tournaments:healthz-write")).status_code == 200
    assert Heartbeat.objects.count() == 1
    assert client.get(reverse("tournaments:healthz-write")).status_code == 405
