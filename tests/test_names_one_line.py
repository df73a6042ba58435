"""A name is one line: an evening, a drive, a club, a member, a team or a league named with a line
break (or another control character) is refused wherever it is typed, in words, and nothing is
saved; such a name would otherwise reach e-mail headers ("Friday" + newline + "Bcc: everyone@…")."""

from datetime import date

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournaments import services
from tournaments.models import Club, Drive, DriveTeam, Event, League, Member
from tournaments.services import drives, leagues

from .test_drive_new import _form as drive_form

BAD = "Friday\nBcc: everyone@example.org"
SAID = "A name is one line"


def _event(club, name):
    return services.event_create(club=club, name=name, date=date(2026, 11, 27), tables=3, boards_per_round=1)


def _drive(club, name):
    return drives.drive_create(club=club, name=name, date=date(2026, 11, 27), hands=4, halves=2)


def _night(club):
    teams = [
        ("Aces", ["A One", "A Two", "A Three", "A Four"]),
        ("Kings", ["K One", "K Two", "K Three", "K Four"]),
    ]
    return drives.team_night_create(club=club, name="Cup night", date="2026-11-24", teams=teams, hands=2)


def _team(club, name):
    return drives.drive_team_add(
        drive=_night(club), name=name, players=["J One", "J Two", "J Three", "J Four"]
    )


@pytest.mark.parametrize(
    "make",
    [
        _event,
        _drive,
        _team,
        lambda club, name: services.member_create(club=club, first_name=name, last_name="Bellamy"),
        lambda club, name: services.club_get_or_create(name=name),
        lambda club, name: leagues.league_create(
            club=club, name=name, season="2026–27", clubs=["Dee", "Don"]
        ),
    ],
    ids=["evening", "drive", "team", "member", "club", "league"],
)
@pytest.mark.parametrize("bad", [BAD, "Friday\rnight", "Tab\tname", "Bell\x07"])
def test_every_service_that_names_something_refuses_a_line_break(club, make, bad):
    with pytest.raises((services.ServiceError, ValidationError), match=SAID):
        make(club, bad)
    for model in (Event, Drive, DriveTeam, Club, League):
        assert not model.objects.filter(name=bad).exists()
    assert not Member.objects.filter(first_name=bad).exists()


def test_a_name_on_one_line_is_still_taken(club):
    assert _event(club, "Friday – Bcc night").name == "Friday – Bcc night"


def test_the_organisers_pages_refuse_it_in_words(client, organiser, club):
    client.force_login(organiser)
    day = {"club": club.pk, "date": "2026-11-27"}
    page = client.post(
        reverse("tournaments:event-new"),
        {**day, "name": BAD, "trump_schedule": "HDSC", "scoring": "matchpoints"},
    )
    assert SAID in page.content.decode()
    drive = drive_form(club, name=BAD)
    assert SAID in client.post(reverse("tournaments:drive-new"), drive).content.decode()
    league = {"name": BAD, "season": "2026–27", "clubs": "Dee\nDon", "days_between": 7}
    assert SAID in client.post(reverse("tournaments:league-new", args=[club.slug]), league).content.decode()
    assert not Event.objects.exists() and not Drive.objects.exists() and not League.objects.exists()


def test_the_team_nights_page_refuses_a_team_named_over_two_lines(client, organiser, club):
    client.force_login(organiser)
    night = _night(club)
    team = {"name": BAD, "home_1": "Mo", "home_2": "Ned", "away_1": "Olive", "away_2": "Pat"}
    page = client.post(reverse("tournaments:team-night-team-add", args=[night.pk]), team, follow=True)
    assert SAID in page.content.decode()
    assert night.teams.count() == 2


def test_the_organiser_site_refuses_it_for_a_member_a_club_and_an_evening(client, organiser, club):
    client.force_login(organiser)
    member = {"club": club.pk, "first_name": BAD, "last_name": "Bellamy", "email": "", "active": "on"}
    assert SAID in client.post(reverse("admin:tournaments_member_add"), member).content.decode()
    assert not Member.objects.exists()
    page = client.get(reverse("admin:tournaments_club_change", args=[club.pk]))
    form = page.context["adminform"].form
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data.update(name=BAD, trump_schedule="HDSC")
    assert (
        SAID in client.post(reverse("admin:tournaments_club_change", args=[club.pk]), data).content.decode()
    )
    club.refresh_from_db()
    assert "\n" not in club.name
    event = _event(club, "Friday")
    page = client.get(reverse("admin:tournaments_event_change", args=[event.pk]))
    form = page.context["adminform"].form
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data.update(name=BAD)
    for prefix, formset in ((fs.formset.prefix, fs.formset) for fs in page.context["inline_admin_formsets"]):
        data.update(
            formset.management_form.initial
            and {
                f"{prefix}-TOTAL_FORMS": 0,
                f"{prefix}-INITIAL_FORMS": 0,
                f"{prefix}-MIN_NUM_FORMS": 0,
                f"{prefix}-MAX_NUM_FORMS": 1000,
            }
            or {}
        )
    assert (
        SAID in client.post(reverse("admin:tournaments_event_change", args=[event.pk]), data).content.decode()
    )
    event.refresh_from_db()
    assert event.name == "Friday"
