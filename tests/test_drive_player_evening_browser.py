"""In Chromium at a phone's width: the players of a drive check in at their table's tablet, follow a
link to their own page of the evening, and read it; it breaks no WCAG rule (axe), and takes in a
hand their table confirms without being reloaded."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.shots import shoot
from tests.tablets import open_page, say_thats_us
from tests.test_browser_accessibility import violations
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
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, bypass_csp=True
    ).new_page()
    phone.route("**/refresh.js", lambda route: route.abort())
    open_page(phone, f"{live_server.url}/d/{link.token}/")
    say_thats_us(phone)
    shoot(phone, path=SHOTS / "tablet-390.png", full_page=True)
    assert violations(phone) == []
    phone.get_by_role("link", name=f"/me/drive/{player.pk}/{drive_evening_key(player)}/").click()
    expect(phone.get_by_role("heading", name=key, exact=True)).to_be_visible()
    expect(phone.locator("#now-head + p")).to_contain_text("Table 1")
    # The table confirms hand 1: the page takes it in by itself, in its own time.
    drives.drive_table_enter(link=link, hand=1, ns_tricks=9)
    drives.drive_table_confirm(link=link, hand=1, ns_tricks=9)
    phone.evaluate("document.querySelector('#live').setAttribute('data-seconds', '1')")
    expect(phone.locator("#hand-1")).to_contain_text("9 tricks", timeout=30_000)
    shoot(phone, path=SHOTS / "phone-390.png", full_page=True)
    assert violations(phone) == []
    phone.set_viewport_size({"width": 1920, "height": 1080})
    shoot(phone, path=SHOTS / "phone-1080p.png", full_page=True)
    assert violations(phone) == []
    phone.context.close()
