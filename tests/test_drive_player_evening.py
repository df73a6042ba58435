"""A drive player's own page of the evening (``services/drives/player_evening.py``): the hands their
table has confirmed, their total and their place as the club lets it show in play, where they go
next in their tablet's words; a team night's team points and place."""

import pytest

from tournaments.domain.places import shared_places
from tournaments.models import Club, Drive, DrivePlayer
from tournaments.services import drives, widow
from tournaments.services.drives.player_evening import (
    drive_evening,
    drive_evening_key,
    drive_evening_player,
)

pytestmark = pytest.mark.django_db

NAMES = ["Mary Smith", "John Brown", "Ann Jones", "Bill Green", "Sue White", "Tom Black"]


def _drive(club, *, players=18, hands=4, places=Club.PlacesShown.LIVE, **options) -> Drive:
    """18 players: five tables, the fifth the sit-out table."""
    club.places_shown = places
    club.save()
    drive = drives.drive_create(club=club, name="Village Drive", date="2026-11-20", hands=hands, **options)
    for k in range(players):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"{NAMES[k % 6]} {k // 6 + 1}")
    return drives.drive_start(drive=drive)


def _tricks(hand, table) -> int:
    return (hand * 5 + table * 3) % 14


def _steps(drive):
    """Every hand at every table in the order the tablets send them: (hand, table, its link),
    read afresh as each hand's seating follows the results before it."""
    links = {link.table: link for link in drive.table_accesses.all()}
    for hand in range(1, drive.hands + 1):
        state = drives.DriveState(Drive.objects.get(pk=drive.pk))
        for table, seated in sorted(state.seatings[hand].items()):
            if not seated.sit_out:
                yield hand, table, links[table]


def _play(drive, tricks=_tricks, granded=""):
    for hand, table, link in _steps(drive):
        drives.drive_table_enter(link=link, hand=hand, ns_tricks=tricks(hand, table), granded=granded)
        drives.drive_table_confirm(link=link, hand=hand, ns_tricks=tricks(hand, table), granded=granded)


def _player(drive, key: str) -> DrivePlayer:
    """A player by their score card: "L3"."""
    return drive.players.select_related("drive__club").get(role=key[0], card=int(key[1:]))


def _results(drive) -> dict[str, object]:
    """Each player's standing as the results page ranks them."""
    state = drives.DriveState(Drive.objects.get(pk=drive.pk))
    return {s.score.player: s for s in state.player_standings()}


@pytest.mark.parametrize("places", [Club.PlacesShown.LIVE, Club.PlacesShown.ROUNDS])
def test_after_the_last_hand_each_player_has_the_results_total_and_place(club, places):
    drive = _drive(club, places=places)
    _play(drive)
    final = _results(drive)
    for player in drive.players.all():
        shown = drive_evening(player)
        assert shown.standing_after is None and shown.standing is not None
        assert shown.total == final[player.key].score.score
        assert shown.standing.place == final[player.key].place
        assert shown.standing.field_size == 9
        assert len(shown.hands) == 4 and shown.now is None and shown.moves == ""
    drives.drive_close(drive=drive)
    final = _results(drive)
    for player in DrivePlayer.objects.filter(drive=drive).select_related("drive__club"):
        shown = drive_evening(player)
        assert shown.finished and shown.standing.place == final[player.key].place


def test_a_hand_shows_only_once_the_players_own_table_has_confirmed_it(club):
    """Every hand at every table: before the table confirms it, none of its players has it; once
    confirmed, its four players have it with their tricks, and nobody is shown another table's
    score of the hand (a drive's tables each deal their own cards)."""
    drive = _drive(club)
    players = list(drive.players.select_related("drive__club"))
    played: set[tuple[str, int]] = set()  # (player, hand) confirmed at their table, or sat out

    def check():
        for player in players:
            shown = drive_evening(player)
            assert {h.hand for h in shown.hands if not h.sat_out} == {
                hand for key, hand in played if key == player.key
            }
            assert all(h.others == () for h in shown.hands)

    for hand, table, link in _steps(drive):
        seated = drives.DriveState(drive).seatings[hand][table]
        drives.drive_table_enter(link=link, hand=hand, ns_tricks=_tricks(hand, table))
        check()
        drives.drive_table_confirm(link=link, hand=hand, ns_tricks=_tricks(hand, table))
        played.update((key, hand) for key in seated.players)
        shown = {h.hand: h for h in drive_evening(_player(drive, seated.ns[0])).hands}
        assert shown[hand].taken == _tricks(hand, table) and shown[hand].table == table
        check()


def test_a_player_is_told_where_they_go_in_their_tablets_words(club):
    drive = _drive(club)
    link = drive.table_accesses.get(table=1)
    state = drives.DriveState(drive)
    key = state.seatings[1][1].ns[0]
    player = _player(drive, key)
    before = drive_evening(player)
    assert (before.now.hand, before.now.table, before.moves, before.moves_wait) == (1, 1, "", True)
    drives.drive_table_enter(link=link, hand=1, ns_tricks=9)
    drives.drive_table_confirm(link=link, hand=1, ns_tricks=9)
    state = drives.DriveState(Drive.objects.get(pk=drive.pk))
    told = state.move_words(state.departures(1, 1)[key])
    shown = drive_evening(player)
    assert shown.moves == told and shown.moves and shown.now is None
    going = state.departures(1, 1)[key]
    assert shown.waiting and shown.waiting == drives.tables_text(state.waiting_for(2, going.table))
    assert shown.hands[0].partner == state.label(state.seatings[1][1].ns[1])


def test_a_scheduled_drives_player_knows_their_table_seat_and_partner_beforehand(club):
    drive = drives.drive_create(club=club, name="Family Drive", date="2026-11-20", format="individual")
    for k in range(1, 9):
        drives.drive_player_add(drive=drive, name=f"Player {k}")
    drive = drives.drive_start(drive=drive)
    player = drive.players.get(card=1)
    shown = drive_evening(player)
    state = drives.DriveState(drive)
    table = next(t for t, s in state.seatings[1].items() if player.key in s.players)
    assert shown.now.seat and shown.now.table == table
    assert shown.moves == state.move_words(state.departures(1, table)[player.key])
    assert "partner" in shown.moves and not shown.moves_wait


def test_places_after_each_hand_stand_as_the_last_hand_every_table_finished(club):
    drive = _drive(club, places=Club.PlacesShown.ROUNDS)
    links = {link.table: link for link in drive.table_accesses.all()}
    seated = drives.DriveState(drive).seatings[1]
    first = [(1, table, links[table]) for table in sorted(seated) if not seated[table].sit_out]
    for hand, _, link in first[:-1]:
        drives.drive_table_enter(link=link, hand=hand, ns_tricks=7)
        drives.drive_table_confirm(link=link, hand=hand, ns_tricks=7)
    player = drive.players.get(role="L", card=1)
    assert drive_evening(player).standing is None  # a table still plays hand 1
    hand, table, link = first[-1]
    drives.drive_table_enter(link=link, hand=hand, ns_tricks=10)
    drives.drive_table_confirm(link=link, hand=hand, ns_tricks=10)
    # Each player's hand 1 (the sit-out's 7 too), and the places those figures give in each list;
    # nothing of hand 2, which only table 1 has played (nor its sit-out's score).
    state = drives.DriveState(Drive.objects.get(pk=drive.pk))
    first_hand = {
        key: next(line.tricks for line in s.lines if line.hand == 1) for key, s in state.scores.items()
    }
    link = drive.table_accesses.get(table=1)
    drives.drive_table_enter(link=link, hand=2, ns_tricks=13)
    drives.drive_table_confirm(link=link, hand=2, ns_tricks=13)
    for role in "LG":
        ranked = sorted((k for k in first_hand if k[0] == role), key=lambda k: -first_hand[k])
        places = dict(zip(ranked, shared_places([first_hand[k] for k in ranked]), strict=True))
        for player in drive.players.filter(role=role):
            shown = drive_evening(player)
            assert shown.standing_after == 1
            assert (shown.standing.figure, shown.standing.place) == (
                first_hand[player.key],
                places[player.key],
            )


def test_places_only_at_the_close_show_none_in_play(club):
    drive = _drive(club, places=Club.PlacesShown.CLOSE)
    _play(drive)
    player = drive.players.first()
    shown = drive_evening(player)
    assert shown.standing is None and shown.total == _results(drive)[player.key].score.score
    drives.drive_close(drive=drive)
    assert drive_evening(DrivePlayer.objects.get(pk=player.pk)).standing is not None


def test_a_corrected_hand_shows_as_corrected(club, organiser):
    drive = _drive(club)
    link = drive.table_accesses.get(table=1)
    drives.drive_table_enter(link=link, hand=1, ns_tricks=7)
    drives.drive_table_confirm(link=link, hand=1, ns_tricks=7)
    key = drives.DriveState(drive).seatings[1][1].ew[0]
    drives.drive_result_correct(
        drive=drive, hand=1, table=1, ns_tricks=8, reason="miscounted", user=organiser
    )
    hand = drive_evening(_player(drive, key)).hands[0]
    assert hand.corrected and hand.taken == 5


def test_a_minnesota_hand_says_who_went_grand(club):
    drive = _drive(club, players=8, game="minnesota", hands=2, halves=1)
    link = drive.table_accesses.get(table=1)
    drives.drive_table_enter(link=link, hand=1, ns_tricks=9, granded="NS")
    drives.drive_table_confirm(link=link, hand=1, ns_tricks=9, granded="NS")
    seated = drives.DriveState(drive).seatings[1][1]
    for key, grand, score in ((seated.ns[0], "Us", 3), (seated.ew[1], "Them", 0)):
        shown = drive_evening(_player(drive, key))
        assert (shown.hands[0].grand, shown.hands[0].score, shown.measure) == (grand, score, "points")


def test_a_team_nights_player_has_the_teams_points_and_place(club):
    teams = [(f"Team {n}", [f"P{n}{k}" for k in range(4)]) for n in "ABCD"]
    night = drives.team_night_create(club=club, name="Team night", date="2026-11-24", teams=teams, hands=3)
    night = drives.drive_start(drive=night)
    _play(night)
    final = _results(night)
    for player in night.players.all():
        shown = drive_evening(player)
        assert shown.standing.entrant == final[player.key].entrant and shown.standing.entrant.startswith(
            "Team"
        )
        assert (shown.standing.place, shown.standing.figure) == (
            final[player.key].place,
            final[player.key].figure,
        )
        assert len(shown.hands) == 3


def test_the_key_opens_its_own_player_only(club):
    drive = _drive(club, players=8)
    first, second = drive.players.all()[:2]
    assert drive_evening_player(first.pk, drive_evening_key(first)) == first
    assert drive_evening_player(first.pk, drive_evening_key(second)) is None
    assert drive_evening_player(first.pk, "x" * 16) is None
    assert drive_evening_player(999999, drive_evening_key(first)) is None


def test_a_widow_series_player_has_no_such_page(club):
    drive = widow.widow_create(club=club, name="Widow Night", date="2026-11-27")
    drives.drive_player_add(drive=drive, name="Ann Smith")
    player = drive.players.get()
    assert drive_evening_player(player.pk, drive_evening_key(player)) is None


def test_in_games_and_rubbers_a_team_player_sees_their_tables_running_score(club):
    teams = [(f"Team {n}", [f"P{n}{k}" for k in range(4)]) for n in "ABCD"]
    night = drives.team_night_create(
        club=club, name="Rubbers", date="2026-11-24", teams=teams, hands=8, rubbers=5, hands_per_visit=4
    )
    night = drives.drive_start(drive=night)
    link = night.table_accesses.get(table=1)
    drives.drive_table_enter(link=link, hand=1, ns_tricks=9)
    drives.drive_table_confirm(link=link, hand=1, ns_tricks=9)
    key = drives.DriveState(night).seatings[1][1].ns[0]
    shown = drive_evening(_player(night, key))
    assert shown.games == drives.DriveState(night).table_score(1, 1).line() and shown.games


def test_before_the_start_a_player_has_nothing_yet(club):
    drive = drives.drive_create(club=club, name="Not yet", date="2026-11-20", hands=4)
    player = drives.drive_player_add(drive=drive, role="L", guest="Ann Smith")
    shown = drive_evening(DrivePlayer.objects.select_related("drive__club").get(pk=player.pk))
    assert (shown.hands, shown.now, shown.moves, shown.standing, shown.total) == ((), None, "", None, 0)
