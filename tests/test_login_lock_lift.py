"""A lock on an organiser's login is lifted from the club's page in the organiser site by another
organiser of the club, or a superuser: POST, then back to the page, with a line in the club's trail
saying who lifted whose lock. An organiser of another club cannot, nor can a GET."""

import pytest
from django.urls import reverse

from tournaments.models import AuditLine, LoginFailure
from tournaments.services import ServiceError
from tournaments.services.core.logins import PER_NAME, LoginLocked, login_attempt_begin, login_lock_lift

pytestmark = pytest.mark.django_db

STRANGER = "192.0.2.66"


@pytest.fixture(autouse=True)
def cheap_hashing(settings):
    # The right password is checked at the end of most tests: the quickest hasher keeps it cheap.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def colleague(make_organiser, club):
    return make_organiser(username="colleague", clubs=[club])


def _lock(username="organiser", address=STRANGER):
    """Ten wrong passwords for ``username`` from ``address``, as the login counts them."""
    for _ in range(PER_NAME):
        login_attempt_begin(username=username, address=address)


def _locked(username="organiser", address=STRANGER) -> bool:
    try:
        login_attempt_begin(username=username, address=address)
    except LoginLocked:
        return True
    return False


def _lift(client, club, organiser):
    return client.post(reverse("admin:club-login-lift", args=[club.pk]), {"organiser": organiser.pk})


def _lines(club):
    return list(club.changes.filter(action=AuditLine.Action.UNLOCKED))


def test_the_clubs_page_shows_the_lock_and_its_button(client, club, organiser, colleague):
    _lock()
    client.force_login(colleague)
    page = client.get(reverse("admin:tournaments_club_change", args=[club.pk])).content.decode()
    assert "Locked out of logging in" in page
    assert "too many wrong passwords from 1 device: locked until" in page
    assert 'value="Lift the lock on organiser"' in page


def test_the_clubs_page_says_nothing_when_no_one_is_locked(client, club, organiser, colleague):
    _lock(username="someone-else")
    client.force_login(colleague)
    page = client.get(reverse("admin:tournaments_club_change", args=[club.pk])).content.decode()
    assert "Locked out of logging in" not in page


def test_another_organiser_of_the_club_lifts_it(client, club, organiser, colleague):
    _lock()
    _lock(address="192.0.2.67")
    client.force_login(colleague)
    response = _lift(client, club, organiser)
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:tournaments_club_change", args=[club.pk])
    assert not _locked() and not _locked(address="192.0.2.67")
    [line] = _lines(club)
    assert line.changed_by == colleague
    assert line.detail == "login of organiser organiser unlocked on 2 devices (too many wrong passwords)"
    page = client.get(response["Location"]).content.decode()
    assert "The lock is lifted: organiser can log in again from every device." in page


def test_after_the_lift_the_right_password_logs_in_from_the_locked_device(client, club, organiser, colleague):
    _lock()
    login_lock_lift(club=club, organiser=organiser, user=colleague)
    response = client.post(
        reverse("admin:login"),
        {"username": "organiser", "password": "secret-pass-123"},
        REMOTE_ADDR=STRANGER,
    )
    assert response.status_code == 302


def test_a_superuser_lifts_it(client, club, organiser, django_user_model):
    boss = django_user_model.objects.create_superuser("boss", password="boss-pass-123")
    _lock()
    client.force_login(boss)
    assert _lift(client, club, organiser).status_code == 302
    assert not _locked()
    assert _lines(club)[0].changed_by == boss


def test_an_organiser_of_another_club_cannot_lift_it(client, club, organiser, other_club, django_user_model):
    rival = django_user_model.objects.get(username="rival")
    _lock()
    client.force_login(rival)
    assert _lift(client, club, organiser).status_code == 404
    with pytest.raises(ServiceError, match="Only an organiser of"):
        login_lock_lift(club=club, organiser=organiser, user=rival)
    assert _locked() and not _lines(club)


def test_a_club_cannot_lift_the_lock_of_another_clubs_organiser(client, club, other_club, colleague):
    rival = other_club.organisers.get()
    _lock(username="rival")
    client.force_login(colleague)
    response = _lift(client, club, rival)
    assert response.status_code == 302
    assert "rival is not an organiser of" in client.get(response["Location"]).content.decode()
    assert _locked(username="rival") and not _lines(club)


def test_a_get_lifts_nothing(client, club, organiser, colleague):
    _lock()
    client.force_login(colleague)
    assert client.get(reverse("admin:club-login-lift", args=[club.pk])).status_code == 405
    assert _locked() and not _lines(club)


def test_a_lift_with_nothing_locked_says_so_and_writes_no_line(club, organiser, colleague):
    with pytest.raises(ServiceError, match="nothing to lift"):
        login_lock_lift(club=club, organiser=organiser, user=colleague)
    assert not _lines(club) and not LoginFailure.objects.exists()
