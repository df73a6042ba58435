"""A club lifts its own tablets' lockouts only. A tablet or a network is the club's whose table it
opened with a right code (a tablet new to us, its network's club's); a tablet that never typed a
right code is no club's, and only a superuser lifts it. Each lift is a line in the club's trail."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse
from django.utils import timezone

from tests.leagues import make_league
from tournaments import services
from tournaments.models import AuditLine, CodeGuard
from tournaments.services import drives
from tournaments.services.core.codes import LIMITS, Tablet
from tournaments.services.tablets.access import TableError

pytestmark = pytest.mark.django_db

OURS = Tablet(browser="ribble-table-1", address="192.0.2.10")  # in the club's hall
THEIRS = Tablet(browser="pendle-table-1", address="198.51.100.20")  # in the other club's
STRANGER = Tablet(browser="a-stranger", address="203.0.113.30")  # never typed a right code


@pytest.fixture
def make_running(make_event):
    def make(club):
        event = make_event(club)
        for status in ("ready", "running"):
            services.event_set_status(event=event, status=status)
        return event

    return make


@pytest.fixture
def ours(club, make_running):
    return make_running(club)


@pytest.fixture
def theirs(other_club, make_running):
    return make_running(other_club)


def _code(evening, table=1) -> str:
    return evening.table_accesses.get(table=table).code


def _lock(tablet: Tablet, evening=None):
    """Open a table of ``evening`` (the tablet is then its club's), then type wrong codes until the
    tablet is locked out."""
    if evening is not None:
        services.table_code_lookup(code=_code(evening), tablet=tablet)
    for _ in range(LIMITS["browser"]):
        with pytest.raises(TableError, match="is not the code of a table"):
            services.table_code_lookup(code="ZZZZZ", tablet=tablet)


def _locked(tablet: Tablet, evening) -> bool:
    try:
        services.table_code_lookup(code=_code(evening, 2), tablet=tablet)
    except TableError as error:
        assert "Too many wrong codes" in str(error)
        return True
    return False


def _counts():
    return sorted(CodeGuard.objects.values_list("key", "failures", "club_id"))


def _lift(client, event):
    return client.post(reverse("tournaments:codes-unlock", args=[event.pk]))


def test_an_organiser_frees_the_clubs_tablets_and_leaves_another_clubs_locked(
    client, organiser, ours, theirs
):
    _lock(OURS, ours)
    _lock(THEIRS, theirs)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:event-live", args=[ours.pk])).content.decode()
    assert "1 tablet or network locked out" in page  # the club's, not the other club's too
    response = _lift(client, ours)
    assert response.status_code == 302
    assert CodeGuard.objects.get(key=f"browser:{OURS.browser}").failures == 0
    assert CodeGuard.objects.get(key=f"browser:{THEIRS.browser}").failures == LIMITS["browser"]
    assert not _locked(OURS, ours)
    assert _locked(THEIRS, theirs)


def test_another_clubs_organiser_cannot_lift_the_clubs_lockouts(client, django_user_model, ours, theirs):
    _lock(OURS, ours)
    before = _counts()
    rival = django_user_model.objects.get(username="rival")
    client.force_login(rival)
    assert _lift(client, ours).status_code == 404
    with pytest.raises(services.ServiceError, match="Only an organiser of Ribble Valley Whist Club"):
        services.code_lockouts_lift(event=ours, user=rival)
    # Lifting the rival club's own lockouts frees none of the club's.
    assert services.code_lockouts(club=theirs.club, user=rival) == 0
    assert services.code_lockouts_lift(event=theirs, user=rival) == 0
    assert _counts() == before
    assert _locked(OURS, ours)
    assert not ours.club.changes.filter(action=AuditLine.Action.UNLOCKED).exists()


def test_an_anonymous_visitor_lifts_nothing(client, ours):
    _lock(OURS, ours)
    before = _counts()
    response = _lift(client, ours)
    assert response.status_code == 302 and "/login/" in response["Location"]
    with pytest.raises(services.ServiceError):
        services.code_lockouts_lift(event=ours, user=AnonymousUser())
    with pytest.raises(services.ServiceError):
        services.code_lockouts_lift(event=ours, user=None)
    assert _counts() == before
    assert not AuditLine.objects.filter(action=AuditLine.Action.UNLOCKED).exists()


def test_it_rejects_get(client, organiser, ours):
    _lock(OURS, ours)
    client.force_login(organiser)
    assert client.get(reverse("tournaments:codes-unlock", args=[ours.pk])).status_code == 405
    assert _locked(OURS, ours)


def test_the_lift_is_a_line_in_the_clubs_trail(client, organiser, ours, theirs):
    _lock(OURS, ours)
    _lock(Tablet("ribble-table-2", OURS.address), ours)
    _lock(THEIRS, theirs)
    client.force_login(organiser)
    _lift(client, ours)
    line = ours.club.changes.get(action=AuditLine.Action.UNLOCKED)
    assert (line.event, line.detail, line.changed_by) == (ours, "2 locked out", organiser)
    assert not theirs.club.changes.filter(action=AuditLine.Action.UNLOCKED).exists()


def test_a_stranger_is_no_clubs_and_only_a_superuser_lifts_it(client, organiser, django_user_model, ours):
    _lock(STRANGER)
    assert CodeGuard.objects.get(key=f"browser:{STRANGER.browser}").club is None
    client.force_login(organiser)
    assert "locked out" not in client.get(reverse("tournaments:event-live", args=[ours.pk])).content.decode()
    assert services.code_lockouts_lift(event=ours, user=organiser) == 0
    assert _locked(STRANGER, ours)
    root = django_user_model.objects.create_superuser("root", password="secret-pass-123")
    assert services.code_lockouts(club=ours.club, user=root) == 1
    assert services.code_lockouts_lift(event=ours, user=root) == 1
    assert not _locked(STRANGER, ours)


def test_a_new_tablet_is_the_club_of_its_network(ours):
    services.table_code_lookup(code=_code(ours), tablet=OURS)
    _lock(Tablet("a-players-phone", OURS.address))  # on the hall's network, no right code yet
    assert CodeGuard.objects.get(key="browser:a-players-phone").club == ours.club


def test_a_right_code_makes_the_tablet_the_club_of_the_table_it_opened(ours, theirs):
    tablet = Tablet("lent-out", "192.0.2.99")
    services.table_code_lookup(code=_code(ours), tablet=tablet)
    services.table_code_lookup(code=_code(theirs), tablet=tablet)  # lent to the other club
    clubs = set(CodeGuard.objects.values_list("club", flat=True))
    assert clubs == {theirs.club_id}


def test_the_clubs_tablet_is_still_its_own_later_in_the_evening(monkeypatch, organiser, ours):
    now = datetime(2026, 11, 26, 19, 0, tzinfo=ZoneInfo("Europe/London"))
    monkeypatch.setattr(timezone, "now", lambda: now)
    services.table_code_lookup(code=_code(ours), tablet=OURS)
    now += timedelta(hours=2, minutes=30)  # long past the ten minutes a count is kept for
    _lock(OURS)
    assert services.code_lockouts(club=ours.club, user=organiser) == 1
    assert services.code_lockouts_lift(event=ours, user=organiser) == 1
    assert not _locked(OURS, ours)


def test_a_drives_and_a_two_player_nights_tables_are_their_clubs(club, other_club):
    from tournaments.services.duels import duel_night_create, duel_night_start

    drive = drives.drive_create(club=club, name="Friday Drive", date="2026-11-20", hands=4)
    for k in range(8):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    drive = drives.drive_start(drive=drive)
    night = duel_night_create(
        club=other_club,
        name="German whist",
        date="2026-11-27",
        players=["Ann", "Bob", "Cy"],
        pairing="swiss",
        rounds=1,
    )
    duel = duel_night_start(night=night).tables.first().code
    services.table_code_lookup(code=_code(drive), tablet=Tablet("at-the-drive", "192.0.2.1"))
    services.table_code_lookup(code=duel, tablet=Tablet("at-the-duel", "198.51.100.1"))
    assert CodeGuard.objects.get(key="browser:at-the-drive").club == club
    assert CodeGuard.objects.get(key="browser:at-the-duel").club == other_club


def test_a_league_match_sides_tablets_are_their_own_clubs(club, other_club, make_organiser):
    both = make_organiser(username="secretary", clubs=[club, other_club])
    start = timezone.localdate() + timedelta(days=1)
    names = [club.name, other_club.name, "Ury Whist Club", "Dee Whist Club"]
    league = make_league(club, clubs=names, start=start, user=both)
    for fixture in league.fixtures.filter(date=start):
        for side in ("home", "away"):
            link = fixture.tables.get(table=1, side=side)
            tablet = Tablet(f"{fixture.pk}-{side}", "192.0.2.50")
            assert services.table_code_lookup(code=link.code, tablet=tablet) == link
            ours = getattr(fixture, side).club
            # A side that is none of our clubs' is the club's that runs the league.
            assert CodeGuard.objects.get(key=f"browser:{tablet.browser}").club == (ours or club)
