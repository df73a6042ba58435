import os
import shutil
from datetime import date

import pytest

# Playwright's sync API runs an event loop in the test thread; without this the ORM refuses
# database calls from it (SynchronousOnlyOperation).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
TABLET = {"width": 820, "height": 1180}
# pytest-playwright's fixtures: a test asking for any of them drives Chromium.
BROWSER_FIXTURES = {"page", "context", "browser", "browser_type", "new_context", "launch_browser"}


def needs_browser(item) -> bool:
    return item.get_closest_marker("browser") is not None or bool(
        BROWSER_FIXTURES & set(getattr(item, "fixturenames", ()))
    )


def pytest_collection_modifyitems(config, items):
    if os.path.exists(CHROMIUM):
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
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


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

    def make(name="Ribble Valley Whist Club", organisers=()):
        club = Club.objects.create(name=name, slug=slugify(name))
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
