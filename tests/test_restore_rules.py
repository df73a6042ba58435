"""A restored file holds only what a tablet or an organiser could have entered: a real export of a
small evening, one value altered, is refused in words that say where, and nothing is written; the
same export unaltered restores as it was."""

import copy

import pytest

from tests.test_duel_nights import _night
from tests.test_widow_series import make_series, play_series
from tournaments.models import (
    Drive,
    DrivePayment,
    DrivePlayer,
    DuelMatch,
    DuelNight,
    DuelPlayer,
    WidowDeal,
    WidowSeat,
    WidowTricks,
)
from tournaments.services import drives, widow
from tournaments.services.backups.drive import DriveBackupError, drive_export, drive_import
from tournaments.services.backups.duel import DuelBackupError, duel_export, duel_import
from tournaments.services.core.errors import ServiceError
from tournaments.services.duels import duel_player_add

pytestmark = pytest.mark.django_db

DRIVE_ROWS = (Drive, DrivePlayer, DrivePayment, WidowSeat, WidowDeal, WidowTricks)
NIGHT_ROWS = (DuelNight, DuelPlayer, DuelMatch)


def counts(models) -> list[int]:
    return [model.objects.count() for model in models]


@pytest.fixture
def series(club) -> Drive:
    """Six players at two tables of three, one series of three deals each, played and agreed; two
    fees ticked as paid."""
    drive = make_series(club, players=6, series=1, deals_each=3)
    drives.drive_money_set(drive=drive, member_fee=300, guest_fee=400)
    widow.widow_start(drive=drive)
    play_series(drive)
    for player in drive.players.order_by("card")[:2]:
        drives.drive_fee_record(drive=drive, player=player, method="cash")
    return drive


def exported(drive: Drive) -> dict:
    data = drive_export(drive)
    data["drive"]["name"] = "Autumn widow"  # beside the original, in the same club
    return data


def deal(data: dict, table: int, number: int) -> dict:
    return next(d for d in data["widow"]["deals"] if (d["table"], d["deal"]) == (table, number))


def other_table(data: dict, table: int) -> str:
    """A player seated at another table in the series."""
    return next(s for s in data["widow"]["seats"] if s["table"] != table)["players"][0]


def add_a_trick(data):
    deal(data, 2, 3)["tricks"][0]["tricks"] += 1


def credit_a_stranger(data):
    deal(data, 1, 2)["tricks"][0]["player"] = other_table(data, 1)


def pay_twice(data):
    data["payments"].append(dict(data["payments"][0]))


def break_a_guest_line(data):
    data["players"][0]["guest"] = "Widow\rPlayer 1"


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (
            add_a_trick,
            r"^Autumn widow, series 1, deal 3 at table 2: The tricks of a deal add up to 13: these add "
            r"up to 14 \(.*\)\. Nothing was imported\.$",
        ),
        (
            credit_a_stranger,
            r"^Autumn widow, series 1, deal 2 at table 1: Deal 2 at table 1 is played by .*: give each "
            r"their tricks\. Nothing was imported\.$",
        ),
        (
            pay_twice,
            r"^Autumn widow, the fee of P\d+: A card's fee is ticked as paid once, and this card's is "
            r"ticked already\. Nothing was imported\.$",
        ),
        (break_a_guest_line, r"A name is one line"),
    ],
)
def test_a_widow_series_that_no_table_could_have_entered_restores_nothing(series, damage, words):
    data = exported(series)
    damage(data)
    before = counts(DRIVE_ROWS)
    with pytest.raises(DriveBackupError, match=words):
        drive_import(data)
    assert counts(DRIVE_ROWS) == before


def test_a_deal_given_to_a_table_the_series_has_not_is_refused_in_words(series):
    data = exported(series)
    deal(data, 2, 3)["table"] = 3
    before = counts(DRIVE_ROWS)
    with pytest.raises(DriveBackupError, match="deal 3 at table 3: Table 3 does not play in series 1"):
        drive_import(data)
    assert counts(DRIVE_ROWS) == before


def test_a_player_seated_twice_in_a_series_is_refused_in_words(series):
    data = exported(series)
    seats = data["widow"]["seats"]
    seats[1]["players"][0] = seats[0]["players"][0]
    before = counts(DRIVE_ROWS)
    with pytest.raises(DriveBackupError, match=r"^Autumn widow, series 1: Player P\d+ is seated twice"):
        drive_import(data)
    assert counts(DRIVE_ROWS) == before


def test_a_widow_series_with_its_fees_round_trips(series):
    data = exported(series)
    restored = drive_import(data, log=False)
    again = drive_export(restored)
    assert again["widow"] == data["widow"] and again["payments"] == data["payments"]
    assert again["players"] == data["players"]
    state = widow.WidowState(restored)
    assert [(s["name"], s["points"]) for s in state.standings()] == [
        (s["name"], s["points"]) for s in widow.WidowState(series).standings()
    ]


@pytest.fixture
def night(club) -> DuelNight:
    return _night(club, 4, pairing="round-robin", rounds=0)


def test_a_two_player_guest_on_two_lines_restores_nothing(night, other_club):
    data = duel_export(night)
    data["players"][2]["guest"] = "Player\rC"
    before = counts(NIGHT_ROWS)
    with pytest.raises(DuelBackupError, match=r"^German whist night, player 3: A name is one line"):
        duel_import(data, club=other_club, users={})
    assert counts(NIGHT_ROWS) == before


def test_a_two_player_night_restored_into_its_own_club_again_is_a_copy_with_its_own_identity(night):
    data = duel_export(night)
    data["night"]["name"] = "German whist night (copy)"
    copy = duel_import(data, club=night.club, users={})
    assert copy.uuid != night.uuid and str(night.uuid) == data["night"]["uuid"]


def test_a_two_player_night_round_trips(night, other_club):
    data = duel_export(night)
    restored = duel_import(copy.deepcopy(data), club=other_club, users={})
    assert duel_export(restored) | {"club": data["club"]} == data


def test_a_guest_on_two_lines_is_not_entered_either(night):
    with pytest.raises(ServiceError, match="A name is one line"):
        duel_player_add(night=night, name="Player\x07Z")
