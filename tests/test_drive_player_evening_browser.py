"""In Chromium at a phone's width: the players of a drive check in at their table's tablet, follow a
link to their own page of the evening, and read it; it breaks no WCAG rule (axe), and takes in a
hand their table confirms without being reloaded."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.phones import phone_at_the_table, read_at_both_sizes, the_page_looks_again
from tournaments.services import drives
from tournaments.services.drives.player_evening import drive_evening_key

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/drive-evening")


def test_a_player_follows_their_link_from_the_tablet_to_their_evening(live_server, browser, club):
    drive = drives.drive_create(club=club, name="Village Drive", date="2026-11-20", hands=4)
    for k in range(12):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Guest Player {k}")
    drive = drives.drive_start(drive=drive)
    link = drive.table_accesses.get(table=1)
    key = drives.DriveState(drive).seatings[1][1].ns[0]
    player = drive.players.get(role=key[0], card=int(key[1:]))
    phone = phone_at_the_table(browser, f"{live_server.url}/d/{link.token}/", SHOTS)
    phone.get_by_role("link", name=f"/me/drive/{player.pk}/{drive_evening_key(player)}/").click()
    expect(phone.get_by_role("heading", name=key, exact=True)).to_be_visible()
    expect(phone.locator("#now-head + p")).to_contain_text("Table 1")
    # The table confirms hand 1: the page takes it in by itself, in its own time.
    drives.drive_table_enter(link=link, hand=1, ns_tricks=9)
    drives.drive_table_confirm(link=link, hand=1, ns_tricks=9)
    the_page_looks_again(phone)
    expect(phone.locator("#hand-1")).to_contain_text("9 tricks", timeout=30_000)
    read_at_both_sizes(phone, SHOTS)
