"""The organiser's login counts wrong passwords for a name from one device (ten in ten minutes
lock that name from that device only) and from one device whatever the names (thirty); a lock
lasts ten minutes from the wrong password that made it, older failures stop counting as the window
slides, the words say what is locked and until when, and the right password gives its place back;
the tablets' lockouts and their lift on the live page are not the login's."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import LoginFailure
from tournaments.services.core.logins import LOCK, PER_ADDRESS, PER_NAME, WINDOW

pytestmark = pytest.mark.django_db

LOGIN = reverse("admin:login")
LONDON = ZoneInfo("Europe/London")


@pytest.fixture(autouse=True)
def cheap_hashing(settings):
    # Every login hashes a password: the quickest hasher keeps dozens of them cheap.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def clock(monkeypatch):
    """The time the login sees, moved on by hand."""

    class Clock:
        now = datetime(2026, 3, 14, 21, 0, 30, tzinfo=LONDON)

        def move(self, **delta):
            self.now += timedelta(**delta)

    clock = Clock()
    monkeypatch.setattr("django.utils.timezone.now", lambda: clock.now)
    return clock


def _try(client, username, password, address="192.0.2.10"):
    return client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address)


def _logged_in(response) -> bool:
    return response.status_code == 302


def _locked(response) -> bool:
    return "Too many wrong passwords" in response.content.decode()


def _wrong(client, times, username="organiser", address="192.0.2.10"):
    for _ in range(times):
        response = _try(client, username, "guess", address=address)
        assert not _logged_in(response) and "Please enter the correct username" in response.content.decode()


def test_the_right_password_logs_in_and_leaves_nothing_counted(client, organiser):
    assert _logged_in(_try(client, organiser.username, "secret-pass-123"))
    assert not LoginFailure.objects.exists()


def test_after_ten_wrong_passwords_even_the_right_one_waits_in_words(client, organiser, clock):
    _wrong(client, PER_NAME - 1)
    clock.move(minutes=3)  # the tenth at 21:03:30 locks until 21:13:30: "after 21:14"
    _wrong(client, 1)
    response = _try(client, organiser.username, "secret-pass-123")
    assert not _logged_in(response)
    assert (
        "Too many wrong passwords for organiser from this device: try again after 21:14, or ask another "
        "organiser of the club to lift the lock."
    ) in response.content.decode()


def test_a_strangers_wrong_passwords_do_not_stop_the_organiser_on_their_own_device(client, organiser):
    _wrong(client, PER_NAME, address="192.0.2.66")
    assert _locked(_try(client, organiser.username, "secret-pass-123", address="192.0.2.66"))
    assert _logged_in(_try(client, organiser.username, "secret-pass-123", address="192.0.2.10"))


def test_the_name_is_counted_whatever_its_capitals(client, organiser):
    _wrong(client, PER_NAME, username="ORGANISER ")
    assert _locked(_try(client, organiser.username, "secret-pass-123"))


def test_failures_older_than_the_window_no_longer_count(client, organiser, clock):
    _wrong(client, PER_NAME - 1)
    clock.move(seconds=WINDOW.total_seconds() + 1)
    _wrong(client, PER_NAME - 1)  # nine old and nine new: never ten within the window
    assert _logged_in(_try(client, organiser.username, "secret-pass-123"))


def test_the_window_slides_rather_than_starting_afresh(client, organiser, clock):
    _wrong(client, 1)
    clock.move(minutes=9)
    _wrong(client, PER_NAME // 2)
    clock.move(minutes=2)  # past the first failure's ten minutes, within the last five's
    _wrong(client, PER_NAME // 2)
    assert _locked(_try(client, organiser.username, "secret-pass-123"))


def test_a_lock_lasts_from_the_wrong_password_that_made_it(client, organiser, clock):
    _wrong(client, PER_NAME - 1)
    clock.move(minutes=9)
    _wrong(client, 1)  # the tenth, nine minutes after the first
    clock.move(minutes=9)
    assert _locked(_try(client, organiser.username, "secret-pass-123"))  # refused, and not counted
    clock.move(seconds=LOCK.total_seconds() - 9 * 60 - 1)
    assert _locked(_try(client, organiser.username, "secret-pass-123"))
    clock.move(seconds=2)
    assert _logged_in(_try(client, organiser.username, "secret-pass-123"))


def test_one_device_trying_many_names_is_paused_in_words(client, organiser, clock):
    for n in range(PER_ADDRESS):
        _try(client, f"someone{n}", "guess")
    response = _try(client, organiser.username, "secret-pass-123")
    assert (
        "Too many wrong passwords from this device, for several names: try again after 21:11."
        in response.content.decode()
    )
    # Another device can still log in to the account.
    assert _logged_in(_try(client, organiser.username, "secret-pass-123", address="203.0.113.9"))


def test_nine_wrong_then_the_right_one_logs_in(client, organiser):
    _wrong(client, PER_NAME - 1)
    assert _logged_in(_try(client, organiser.username, "secret-pass-123"))


def test_the_tablets_lockout_lift_leaves_the_login_counted(client, organiser, club, make_event):
    _wrong(client, PER_NAME)
    assert services.code_lockouts() == 0  # a login is no tablet
    services.code_lockouts_lift(event=make_event(club), user=organiser)
    assert _locked(_try(client, organiser.username, "secret-pass-123"))


def test_in_hall_mode_the_demos_password_logs_no_one_in(client, settings, make_organiser):
    make_organiser(username="organiser", password="whistdrive")
    settings.HALL_MODE = True
    response = _try(client, "organiser", "whistdrive")
    assert not _logged_in(response)
    assert "manage changepassword organiser" in response.content.decode()
    settings.HALL_MODE = False  # this computer alone: the demo as the README says
    assert _logged_in(_try(client, "organiser", "whistdrive"))


def test_hall_mode_says_at_start_that_the_demos_password_must_be_replaced(
    db, tmp_path, monkeypatch, make_organiser
):
    from io import StringIO

    from django.core.management import call_command

    monkeypatch.setattr("tournaments.management.commands.hall.DATA_DIR", tmp_path)
    user = make_organiser(username="organiser", password="whistdrive")
    out = StringIO()
    call_command("hall", "--dry-run", "--address", "192.168.1.20", stdout=out)
    assert "still has the demo's password" in out.getvalue()
    user.set_password("our-own-club-password")
    user.save()
    out = StringIO()
    call_command("hall", "--dry-run", "--address", "192.168.1.20", stdout=out)
    assert "demo's password" not in out.getvalue()
