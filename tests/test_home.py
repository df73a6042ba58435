"""The front page: an organiser's evenings on tonight (in play, or set for today), the next few set
up for later, and links to the rest; a visitor's latest published results. And the lists of all of
an organiser's events and drives."""

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from tournaments.models import Drive, Event
from tournaments.services import drives


def _names(rows):
    return [row["evening"].name for row in rows]


def test_tonight_is_what_is_in_play_and_what_is_set_for_today(client, organiser, club, make_event):
    today = timezone.localdate()
    in_play = make_event(club, name="Last week's, still in play")
    Event.objects.filter(pk=in_play.pk).update(status=Event.Status.RUNNING)
    todays = make_event(club, name="Tonight's pairs")
    Event.objects.filter(pk=todays.pk).update(date=today)
    make_event(club, name="Long done")  # dated 26 Nov 2026 and not started: neither tonight nor coming
    drive = drives.drive_create(club=club, name="Tonight's drive", date=today, hands=4, halves=2)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:home"))
    assert sorted(_names(page.context["tonight"])) == [
        "Last week's, still in play",
        "Tonight's drive",
        "Tonight's pairs",
    ]
    assert (page.context["events_count"], page.context["drives_count"]) == (3, 1)
    html = page.content.decode()
    assert f'href="{reverse("tournaments:drive-run", args=[drive.pk])}">Tonight&#x27;s drive' in html
    assert "Long done" not in html and reverse("tournaments:event-list") in html


def test_coming_up_is_the_next_three_not_started(client, organiser, club, make_event):
    today = timezone.localdate()
    for days in (5, 1, 3, 2):
        event = make_event(club, name=f"In {days} days")
        Event.objects.filter(pk=event.pk).update(date=today + timedelta(days=days))
    started = make_event(club, name="Started early")
    Event.objects.filter(pk=started.pk).update(date=today + timedelta(days=1), status=Event.Status.RUNNING)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:home"))
    assert _names(page.context["coming"]) == ["In 1 days", "In 2 days", "In 3 days"]
    assert _names(page.context["tonight"]) == ["Started early"]


def test_another_clubs_evenings_are_not_on_the_page(client, organiser, other_club, make_event):
    event = make_event(other_club, name="Their night")
    Event.objects.filter(pk=event.pk).update(date=timezone.localdate())
    client.force_login(organiser)
    page = client.get(reverse("tournaments:home"))
    assert page.context["tonight"] == [] and "Their night" not in page.content.decode()
    assert "Their night" not in client.get(reverse("tournaments:event-list")).content.decode()


def test_the_page_reads_in_a_handful_of_queries(
    client, organiser, club, make_event, django_assert_max_num_queries
):
    today = timezone.localdate()
    for n in range(6):
        event = make_event(club, name=f"Night {n}", build=False)
        Event.objects.filter(pk=event.pk).update(date=today + timedelta(days=n))
        drives.drive_create(club=club, name=f"Drive {n}", date=today + timedelta(days=n), hands=4, halves=2)
    client.force_login(organiser)
    with django_assert_max_num_queries(12):
        client.get(reverse("tournaments:home"))


def test_the_lists_hold_every_event_and_drive_a_page_at_a_time(client, organiser, club, make_event):
    for n in range(52):
        make_event(club, name=f"Night {n:02}", build=False)
    drives.drive_create(club=club, name="Village Drive", date="2026-11-14", hands=4, halves=2)
    client.force_login(organiser)
    first = client.get(reverse("tournaments:event-list"))
    assert len(first.context["page"].object_list) == 50 and "Page 1 of 2" in first.content.decode()
    assert "Night 51" in client.get(reverse("tournaments:event-list") + "?page=2").content.decode()
    assert "Village Drive" in client.get(reverse("tournaments:drive-list")).content.decode()


def test_the_lists_ask_a_visitor_to_log_in(client):
    for name in ("tournaments:event-list", "tournaments:drive-list"):
        assert client.get(reverse(name)).status_code == 302


def test_a_visitor_sees_the_latest_eight_published_evenings_and_each_clubs_index(
    client, club, make_played_event, make_played_drive
):
    from datetime import date

    for day in range(1, 8):
        make_played_event(club, name=f"Pairs {day}", day=date(2026, 10, day))
    make_played_drive(club, name="Village Drive", day=date(2026, 10, 20))
    make_played_event(club, name="Draft night", published=False)
    page = client.get(reverse("tournaments:home"))
    latest = [evening.name for evening, url in page.context["latest"]]
    assert latest == ["Village Drive", *(f"Pairs {day}" for day in range(7, 0, -1))]
    drive = Drive.objects.get()
    # A drive links to its results, not to its room display.
    assert page.context["latest"][0][1] == reverse("tournaments:drive-results", args=[drive.pk])
    assert list(page.context["public_clubs"]) == [club]
    assert reverse("tournaments:club-results", args=[club.slug]) in page.content.decode()
    assert Drive.objects.count() == 1 and "Draft night" not in page.content.decode()


def test_a_members_only_clubs_index_is_not_offered_to_visitors(client, club, make_played_event):
    make_played_event(club)
    club.members_only = True
    club.save()
    assert list(client.get(reverse("tournaments:home")).context["public_clubs"]) == []
