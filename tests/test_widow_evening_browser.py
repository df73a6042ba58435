"""In Chromium at a phone's width: the players of a widow whist table check in at its tablet,
follow a player's link to their own page of the evening, and read it; it breaks no WCAG rule
(axe), and takes in a deal their table agrees without being reloaded."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.phones import phone_at_the_table, read_at_both_sizes, the_page_looks_again
from tests.test_widow_series import make_series, tricks_for
from tournaments.models import DriveTable
from tournaments.services import widow

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/widow-evening")


def test_a_player_follows_their_link_from_the_tablet_to_their_evening(live_server, browser, club):
    drive = widow.widow_start(drive=make_series(club, 9))
    link = DriveTable.objects.get(drive=drive, table=1)
    state = widow.WidowState(drive)
    player = state.players[state.tables[1][1][0]]
    phone = phone_at_the_table(browser, f"{live_server.url}/d/{link.token}/", SHOTS)
    phone.get_by_role("link", name=f"/me/widow/{player.pk}/").click()
    expect(phone.get_by_role("heading", name=player.name, exact=True)).to_be_visible()
    expect(phone.locator("#now-head + p")).to_contain_text("Table 1")
    # The table enters deal 1 and agrees it: the page takes it in by itself, in its own time.
    now = state.now_at(1)
    taker, tricks = tricks_for(now, 1)
    shown = {"drive": drive, "series": 1, "table": 1, "deal": 1, "taker": taker, "tricks": tricks}
    widow.widow_deal_enter(**shown)
    for who in now.playing:
        widow.widow_deal_agree(**shown, player=who)
    the_page_looks_again(phone)
    expect(phone.locator("#deal-1-1")).to_be_visible(timeout=30_000)
    read_at_both_sizes(phone, SHOTS)
