import os
import shutil
import threading
from datetime import date

import pytest

# Playwright's sync API runs an event loop in the test thread; without this the ORM refuses
# database calls from it (SynchronousOnlyOperation).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# The season's cache is kept on disk by default (settings.CACHES). In the tests, and in every
# process a test starts, each cache is kept in memory, all in one store: nothing is kept from one
# run to the next, and a test that empties the cache (as after a restart) empties every one.
LOCMEM = "django.core.cache.backends.locmem.LocMemCache"
os.environ["CACHE_BACKEND"] = LOCMEM
os.environ.pop("CACHE_LOCATION", None)

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # A page's smooth scroll (a league card's next deal) ends at once: each tap after one waited
    # for the target to stop moving, half a second a tap. Where the scroll ends is the same.
    "--disable-smooth-scrolling",
]
TABLET = {"width": 820, "height": 1180}
# The demo's members, some given the longest names a club might have.
LONG_NAMES = {
    ("Irene", "Cartwright"): ("Mary-Elizabeth", "Cartwright-Visintin"),
    ("Frank", "Cartwright"): ("Bartholomew", "Featherstonehaugh-Smythe"),
    ("Margaret", "Ashworth"): ("Margaret-Anne", "Ashworth-Bickerstaffe"),
    ("Harold", "Bickerstaff"): ("Christopher", "Bickerstaff-Winterbottom"),
    ("Valerie", "Lord"): ("Alexandra-Louise", "Montgomery-Wetherington"),
    ("Clifford", "Ormerod"): ("Maximilian", "Featherstonehaugh-Winterbottom"),
}
# pytest-playwright's fixtures: a test asking for any of them drives Chromium.
BROWSER_FIXTURES = {"page", "context", "browser", "browser_type", "new_context", "launch_browser"}


def pytest_configure(config):
    # A page's answer can take more than Playwright's default 5 s on a loaded machine (CI shares one
    # with other work): every `expect` waits up to 15 s; one that passes returns as soon as it does.
    from playwright.sync_api import expect

    expect.set_options(timeout=15_000)

    from django.conf import settings
    from django.test.utils import override_settings

    in_memory = {"BACKEND": LOCMEM, "LOCATION": "", "OPTIONS": {}}
    override_settings(
        CACHES={alias: {**kept, **in_memory} for alias, kept in settings.CACHES.items()},
        # A password made or checked with the product's hasher costs about 0.4 s of processor, by
        # design; the tests make an organiser hundreds of times and prove nothing about hashing.
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
        # A two-player night's next round paired where the test can see it, once the request that
        # ended the round before has committed (a test that runs no commits pairs it itself:
        # tests/duel_tables.py, pair_pending).
        AFTER_REQUEST_IN_BACKGROUND=False,
        # The background tasks (the boards' analysis, the outbox) run where they are asked, once
        # asked (a test of the worker asks for the database backend: tasks_in_database).
        TASKS={"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}},
        # The phones' pages read the scores as they stand now (one test sets its own).
        PHONE_PAGES_FRESH_SECONDS=0,
    ).enable()


def needs_browser(item) -> bool:
    return item.get_closest_marker("browser") is not None or bool(
        BROWSER_FIXTURES & set(getattr(item, "fixturenames", ()))
    )


def pytest_collection_modifyitems(config, items):
    if os.path.exists(CHROMIUM):
        # A browser test runs once more only when Chromium itself failed under it (a visit cut short,
        # "Unable to capture screenshot", an action timed out on a loaded machine): Playwright's own
        # error. A check that fails (an `expect`, an `assert`) fails the test the first time.
        from playwright.sync_api import Error

        again = pytest.mark.flaky(reruns=1, only_rerun=[Error])
        for item in items:
            if needs_browser(item):
                item.add_marker(again)
        return
    skip = pytest.mark.skip(
        reason=f"no Chromium at {CHROMIUM}: install it with `apt-get install -y chromium` "
        "(or set CHROMIUM_PATH) to run the browser tests"
    )
    for item in items:
        if needs_browser(item):
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def fresh_scores_cache():
    """Each test starts with no scores kept from another (ids are reused after a rollback)."""
    from django.core.cache import caches

    for kept in caches.all():
        kept.clear()
    yield
    for kept in caches.all():
        kept.clear()


@pytest.fixture(autouse=True)
def erasures_file(settings, tmp_path_factory):
    """The register of erasures in a folder of the test's own, never the checkout's data folder:
    an empty one, as a data folder that has restored or forgotten before has (a test of a new
    computer's folder deletes it)."""
    settings.ERASURES_FILE = tmp_path_factory.mktemp("data") / "erasures.json"
    settings.ERASURES_FILE.write_text('{"format": "whistdrive-erasures", "erasures": []}\n', encoding="utf-8")
    return settings.ERASURES_FILE


@pytest.fixture
def tasks_in_database(settings):
    """The background tasks kept in the database, as on a club's server, run by a worker only:
    ``tasks_work(batch=True)`` runs what is queued."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


@pytest.fixture
def tasks_worker(tasks_in_database):
    """A worker in a thread of the test's process, as in hall mode, stopped after the test."""
    from django.db import connections

    from tournaments.services.core.tasks import tasks_work

    stop = threading.Event()

    def work():
        try:
            tasks_work(interval=0.05, stop=stop)
        finally:
            connections.close_all()

    thread = threading.Thread(target=work, name="tasks-worker", daemon=True)
    thread.start()
    yield
    stop.set()
    thread.join(120)
    assert not thread.is_alive(), "a background task is still running"


@pytest.fixture
def fake_dds(monkeypatch):
    """DDS replaced by an instant stand-in that still depends on the deal (each seat takes as many
    tricks as it holds cards of the strain, its spades at no trumps); the threads that called it."""
    from tournaments import analysis

    callers = []

    def dd_tables(deals):
        callers.append(threading.get_ident())
        return [
            {
                strain: {seat: len(deal.hand(seat)["SHDCN".index(strain[0]) % 4]) for seat in "NESW"}
                for strain in ("S", "H", "D", "C", "NT")
            }
            for deal in deals
        ]

    monkeypatch.setattr(analysis, "dd_tables", dd_tables)
    return callers


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": TABLET, "has_touch": True}


@pytest.fixture
def make_club(db):
    from django.utils.text import slugify

    from tournaments.models import Club

    def make(name="Ribble Valley Whist Club", organisers=(), guests_published=True):
        # The tests' clubs publish guests' names, as every club did before the setting (whose
        # default, guests as "A player", test_published_names.py checks).
        club = Club.objects.create(name=name, slug=slugify(name), guests_published=guests_published)
        club.organisers.add(*organisers)
        return club

    return make


@pytest.fixture
def make_organiser(db, django_user_model):
    def make(username="organiser", password="secret-pass-123", clubs=()):
        user = django_user_model.objects.create_user(username, password=password, is_staff=True)
        for club in clubs:
            club.organisers.add(user)
        return user

    return make


@pytest.fixture
def make_event(db):
    from tournaments import services

    def make(club, *, name="Thursday Drive", tables=3, boards_per_round=2, build=True, **options):
        event = services.event_create(
            club=club,
            name=name,
            date=date(2026, 11, 26),
            tables=tables,
            boards_per_round=boards_per_round,
            **options,
        )
        if build:
            services.event_build_movement(event=event)
        return event

    return make


@pytest.fixture
def club(make_club):
    return make_club()


@pytest.fixture
def organiser(make_organiser, club):
    return make_organiser(clubs=[club])


@pytest.fixture
def other_club(make_club, make_organiser):
    rival = make_club(name="Pendle Whist Circle")
    make_organiser(username="rival", clubs=[rival])
    return rival


@pytest.fixture
def make_played_event(db):
    """A finished 3-table Mitchell (a board a round), every result in, published unless told not;
    ``members`` sit in the N/S pairs in turn."""
    from tournaments import services

    def make(club, *, members=(), name="Club Night", day=date(2026, 11, 12), published=True):
        event = services.event_create(club=club, name=name, date=day, tables=3, boards_per_round=1)
        services.event_build_movement(event=event)
        pairs = list(event.pairs.filter(direction="NS"))
        for pair, (first, second) in zip(pairs, zip(members[::2], members[1::2], strict=False), strict=False):
            pair.player1, pair.player2 = first, second
            pair.save()
        services.event_deal_boards(event=event, seed="played", analyse=False)
        services.event_start(event=event)
        rows = [
            f"{b},{s.ns_pair.number},{s.ew_pair.number},{(b * 5 + s.table * 3 + len(name)) % 14}"
            for s in event.seatings.select_related("ns_pair", "ew_pair")
            for b in s.board_numbers
        ]
        services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n" + "\n".join(rows))
        services.event_close(event=event)
        if published:
            event = services.event_publish(event=event)
        return event

    return make


@pytest.fixture
def make_played_drive(db):
    """A finished, published drive of 8 players and 4 hands: ``members`` first, guests after."""
    from tournaments.services import drives

    def make(club, *, members=(), name="Village Drive", day=date(2026, 11, 14), published=True):
        drive = drives.drive_create(club=club, name=name, date=day, hands=4, halves=2)
        people = [str(m) for m in members] + [f"Guest {n}" for n in range(8 - len(members))]
        for index, person in enumerate(people):
            drives.drive_player_add(drive=drive, role="LG"[index % 2], name=person)
        drives.drive_start(drive=drive)
        for hand in range(1, drive.hands + 1):
            state = drives.DriveState(drive)
            for table, seated in sorted(state.seatings.get(hand, {}).items()):
                if not seated.sit_out:
                    drives.drive_result_record(
                        drive=drive, hand=hand, table=table, ns_tricks=(hand * 5 + table) % 14
                    )
        drives.drive_close(drive=drive)
        if published:
            drive = drives.drive_publish(drive=drive)
        return drive

    return make


@pytest.fixture
def demo_with_long_names(db):
    """The demo club, with some of its members given the longest names a club might have."""
    load_demo_with_long_names()


def load_demo_with_long_names():
    """The demo club made, some of its members given the longest names a club might have."""
    from django.core.management import call_command

    from tournaments.models import Member

    call_command("demo")
    for (first, last), (longer_first, longer_last) in LONG_NAMES.items():
        Member.objects.filter(first_name=first, last_name=last).update(
            first_name=longer_first, last_name=longer_last
        )
