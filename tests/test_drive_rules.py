"""A drive's rules as the players meet them: the sit-out score, a hand sent again, the order of
players level on score."""

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.domain.drives import LADY
from tournaments.models import DriveResult
from tournaments.services import drives

pytestmark = pytest.mark.django_db


def _drive(club, players: int, **options):
    drive = drives.drive_create(
        club=club, name="Harvest Drive", date="2026-11-20", hands=4, halves=2, **options
    )
    for k in range(players):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    return drives.drive_start(drive=drive)


@pytest.mark.parametrize(("sit_out", "score", "said"), [("7", 7, "7"), ("average", 6.5, "6½")])
def test_the_sit_out_table_scores_the_drives_sit_out_score(club, sit_out, score, said):
    drive = _drive(club, 6, sit_out=sit_out)
    state = drives.DriveState(drive)
    assert state.seatings[1][2].sit_out and state.seatings[1][2].ns == ("L3", "G3")
    drives.drive_result_record(drive=drive, hand=1, table=1, ns_tricks=9)
    state = drives.DriveState(drive)
    assert state.scores["L3"].hand_score(1) == state.scores["G3"].hand_score(1) == score
    assert state.scores["L3"].score == score and state.scores["L1"].score == 9
    page = Client().get(reverse("tournaments:drive-table", args=[drive.table_accesses.get(table=2).token]))
    assert f"Each of you scores {said} tricks for this hand" in page.content.decode()


def _said(response) -> list[tuple[str, str]]:
    return [(m.level_tag, str(m)) for m in response.context["messages"]]


def test_a_confirmed_hand_sent_again_with_the_same_tricks_is_answered_as_done(club):
    drive = _drive(club, 4)
    token = drive.table_accesses.get(table=1).token
    tablet = Client()
    tablet.post(f"/d/{token}/enter/", {"hand": 1, "ns_tricks": 8})
    tablet.post(f"/d/{token}/confirm/", {"hand": 1, "ns_tricks": 8})
    assert DriveResult.objects.get(hand=1, table=1).confirmed
    # The replies were lost: the tablets send the same taps again.
    for action in ("enter", "confirm"):
        again = tablet.post(f"/d/{token}/{action}/", {"hand": 1, "ns_tricks": 8}, follow=True)
        assert again.status_code == 200 and not [m for m in _said(again) if m[0] == "error"], action
    assert drives.drive_result_record(drive=drive, hand=1, table=1, ns_tricks=8, confirmed=False).confirmed
    result = DriveResult.objects.get(hand=1, table=1)
    assert (result.ns_tricks, result.confirmed) == (8, True)
    # Other tricks are refused: only the organiser corrects a confirmed hand.
    changed = tablet.post(f"/d/{token}/enter/", {"hand": 1, "ns_tricks": 5}, follow=True)
    assert any(level == "error" and "already has N/S 8 (confirmed)" in text for level, text in _said(changed))
    assert DriveResult.objects.get(hand=1, table=1).ns_tricks == 8


@pytest.mark.parametrize(
    ("tricks", "why"),
    [
        # L1 and L2 both 26; L2 has the better last half (19 to 7), L1 the better last hand (7 to 6).
        ((9, 10, 0, 7), "last half"),
        # Both 26 and 13 in the last half; L2 has the better last hand (12 to 1).
        ((6, 7, 12, 1), "last hand"),
    ],
)
def test_players_level_on_score_are_ordered_by_the_last_half_then_the_last_hand(club, tricks, why):
    drive = _drive(club, 4)  # one table: L1 and G1 against L2 and G2, every hand
    for hand, ns in enumerate(tricks, start=1):
        drives.drive_result_record(drive=drive, hand=hand, table=1, ns_tricks=ns)
    state = drives.DriveState(drive)
    ladies = state.standings(LADY)
    assert [s.score for s in ladies] == [26, 26]
    assert [s.player for s in ladies] == ["L2", "L1"], why
    everyone = [(s.score, s.last_half, s.last_hand) for s in state.standings()]
    assert everyone == sorted(everyone, reverse=True), why
