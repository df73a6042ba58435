"""The demo data: loaded once on an empty database, with a demo organiser who can log in."""

from django.contrib.auth import get_user_model
from django.core.management import call_command

from tournaments.models import Club, Drive, Event, Member, Result
from tournaments.services import drives


def test_it_loads_the_demo_club_once(db):
    call_command("demo")
    call_command("demo")
    assert Club.objects.count() == 1
    assert Member.objects.count() == 30
    finished = Event.objects.get(name="Autumn Pairs")
    assert (
        Result.objects.filter(event=finished).count()
        == finished.tables * finished.tables * finished.boards_per_round
    )
    assert Event.objects.filter(status=Event.Status.READY).count() == 1
    howell = Event.objects.get(name="Tuesday Howell")  # a small field's evening: one winner
    assert howell.is_howell and howell.results.count() == 8 * 21 // 2
    assert set(howell.pairs.values_list("direction", flat=True)) == {"ALL"}


def test_the_demo_organiser_organises_the_demo_club(db, client):
    call_command("demo")
    user = get_user_model().objects.get(username="organiser")
    assert Club.objects.get().organisers.filter(pk=user.pk).exists()
    assert client.login(username="organiser", password="whistdrive")


def test_it_leaves_a_database_with_clubs_alone(club):
    call_command("demo")
    assert list(Club.objects.all()) == [club]


def test_the_ready_demo_events_entries_know_their_seats(db):
    call_command("demo")
    ready = Event.objects.get(status=Event.Status.READY)
    assert ready.entries.count() == ready.pairs.count() == ready.pairs.filter(entry__isnull=False).count()
    assert ready.changes.filter(action="started").count() == 0 and ready.changes.exists()


def test_the_demo_has_a_finished_drive_and_one_in_play(db):
    call_command("demo")
    saturday = Drive.objects.get(name="Saturday Village Drive")
    assert saturday.status == Drive.Status.FINISHED and saturday.published
    assert saturday.players.count() == 18 and saturday.results.count() == 24 * 4
    friday = Drive.objects.get(name="Friday Progressive")
    assert friday.status == Drive.Status.RUNNING
    assert friday.table_accesses.count() == 4  # each install draws its own links and codes
    assert drives.DriveState(friday).next_hand() == 3


def test_the_demo_has_a_season_of_published_evenings_and_drives_and_competitions_in_progress(db):
    from datetime import date

    from tournaments.models import Competition

    call_command("demo")
    published = Event.objects.filter(published=True).count() + Drive.objects.filter(published=True).count()
    assert published >= 10
    dates = sorted(
        list(Event.objects.filter(published=True).values_list("date", flat=True))
        + list(Drive.objects.filter(published=True).values_list("date", flat=True))
    )
    assert (dates[-1] - dates[0]).days >= 6 * 7  # across recent weeks
    assert all(c.start <= date(2026, 11, 24) <= c.end for c in Competition.objects.all())
    # A competition of each measure: the average percentage (with and without a handicap), the ±
    # tricks of the compass evenings, placing points (reverse, and 4/3/2/1) and the drive score.
    measures = set(Competition.objects.values_list("measure", flat=True))
    assert measures == {"percentage", "tricks", "placing", "drive"}
    assert Competition.objects.filter(handicap="moving").exists()
    assert set(Competition.objects.values_list("placing", flat=True)) == {"table", "reverse"}
    assert Member.objects.exclude(email="").count() == 26


def test_the_demos_ids_carry_on_after_its_rows(db):
    from tournaments import services

    call_command("demo")
    newest = Member.objects.order_by("-pk").first().pk
    assert services.member_create(club=Club.objects.get(), first_name="New", last_name="Member").pk > newest


def test_the_demo_has_a_team_night_played_and_published(db, client):
    call_command("demo")
    night = Drive.objects.get(name="Valley Team Night")
    assert night.format == Drive.Format.TEAMS and night.status == Drive.Status.FINISHED and night.published
    assert night.teams.count() == 6 and night.players.count() == 24
    assert night.results.filter(confirmed=True).count() == 12 * 6
    state = drives.DriveState(night)
    assert sum(s.points for s in state.team_scores.values()) >= 12 * 6
    page = client.get(f"/drives/{night.pk}/results/").content.decode()
    assert "Clitheroe" in page and "Waddington" in page


def test_the_demo_has_a_duplicate_individual_played_and_published(db):
    from tournaments.services import individual_report

    call_command("demo")
    individual = Event.objects.get(name="Wednesday Individual")
    assert individual.is_individual and individual.published and individual.players == 9
    assert individual.results.count() == 9 * 2 * 2  # nine rounds, two tables, two boards
    report = individual_report(individual)
    assert len(report.standings) == 9 and report.standings[0].rank == "1"
    assert any(len(people) == 2 for people in report.people.values())  # the shared seat


def test_the_demo_has_a_small_minnesota_drive_played_and_published(db, client):
    call_command("demo")
    drive = Drive.objects.get(name="Minnesota Whist Drive")
    assert (drive.game, drive.minnesota_rules, drive.status, drive.published) == (
        "minnesota",
        "swedish",
        Drive.Status.FINISHED,
        True,
    )
    state = drives.DriveState(drive)
    assert state.tables == 3 and len(state.results) == 3 * drive.hands
    assert {granded for granded in state.grands.values()} == {"NS", "EW", "low"}
    page = client.get(f"/drives/{drive.pk}/results/").content.decode()
    assert "Swedish (classic) rules" in page and "the points their couples scored" in page


def test_the_demo_has_a_finished_minnesota_whist_evening(db):
    from tournaments import services

    call_command("demo")
    event = Event.objects.get(name="Minnesota Whist Night")
    assert (event.scoring, event.minnesota_rules, event.published) == ("minnesota", "swedish", True)
    assert set(event.boards.values_list("trumps", flat=True)) == {"NT"}
    assert event.is_howell and event.results.count() == 3 * 5 * 5  # six pairs: a Howell, 5 rounds of 5 boards
    assert set(event.results.values_list("granded", flat=True)) == {"NS", "EW", ""}
    report = services.event_report(event)
    assert report.scores.minnesota == "swedish" and report.scores.method == "matchpoints"
    assert all(s.percentage is not None for s in report.scores.standings)


def test_the_demo_has_a_team_night_in_games_and_rubbers(db, client):
    call_command("demo")
    night = Drive.objects.get(name="Valley Rubber Night")
    assert (night.rubbers, night.hands_per_round, night.teams.count()) == (5, 4, 4) and night.published
    assert night.results.filter(confirmed=True).count() == 12 * 4
    assert night.results.exclude(honours="").exists()
    state = drives.DriveState(night)
    scores = [s.points for s in state.team_scores.values()]
    assert sum(scores) == 0 and any(scores)  # rubber points: what one side wins the other loses
    page = client.get(f"/drives/{night.pk}/results/").content.decode()
    assert "Rubber points" in page and "Games and rubbers, table by table" in page
    published = Event.objects.filter(published=True).count() + Drive.objects.filter(published=True).count()
    assert published == 22  # with the Minnesota drive and evening, and the widow whist evening
