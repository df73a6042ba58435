"""The organiser's login counts wrong passwords: ten for an account in ten minutes (from anywhere)
and thirty from one address (on any accounts) pause that login, said in words, before the next
password is even checked; the right password gives its place back; the tablets' lockouts and
their lift on the live page are not the login's."""

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import CodeGuard
from tournaments.services.core.guards import LOGIN_LIMITS

pytestmark = pytest.mark.django_db

LOGIN = reverse("admin:login")


def _try(client, username, password, address="192.0.2.10"):
    return client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address)


def _logged_in(response) -> bool:
    return response.status_code == 302


def test_the_right_password_logs_in_and_leaves_nothing_counted(client, organiser):
    assert _logged_in(_try(client, organiser.username, "secret-pass-123"))
    assert not CodeGuard.objects.filter(key__startswith="login", failures__gt=0).exists()


def test_after_ten_wrong_passwords_even_the_right_one_waits(client, organiser):
    for _ in range(LOGIN_LIMITS["login"]):
        response = _try(client, organiser.username, "guess")
        assert not _logged_in(response) and "Please enter the correct username" in response.content.decode()
    response = _try(client, organiser.username, "secret-pass-123")
    assert not _logged_in(response)
    assert "Too many wrong passwords" in response.content.decode()


def test_the_account_is_counted_whatever_the_address(client, organiser):
    for n in range(LOGIN_LIMITS["login"]):
        _try(client, organiser.username.upper(), "guess", address=f"198.51.100.{n}")
    response = _try(client, organiser.username, "secret-pass-123", address="203.0.113.1")
    assert "Too many wrong passwords" in response.content.decode()


def test_one_address_trying_many_accounts_is_paused(client, organiser):
    for n in range(LOGIN_LIMITS["login-address"]):
        _try(client, f"someone{n}", "guess")
    assert "Too many wrong passwords" in _try(client, organiser.username, "secret-pass-123").content.decode()
    # Another device can still log in to the account.
    assert _logged_in(_try(client, organiser.username, "secret-pass-123", address="203.0.113.9"))


def test_nine_wrong_then_the_right_one_logs_in(client, organiser):
    for _ in range(LOGIN_LIMITS["login"] - 1):
        _try(client, organiser.username, "guess")
    assert _logged_in(_try(client, organiser.username, "secret-pass-123"))


def test_the_tablets_lockout_lift_leaves_the_login_counted(client, organiser):
    for _ in range(LOGIN_LIMITS["login"]):
        _try(client, organiser.username, "guess")
    assert services.code_lockouts() == 0  # a login is no tablet
    services.code_lockouts_lift()
    assert "Too many wrong passwords" in _try(client, organiser.username, "secret-pass-123").content.decode()


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
