"""In Chromium at a phone's width: at an individual event the players check in at their table's
tablet, one follows their link to their own page of the evening and reads it; it breaks no WCAG
rule (axe), and takes in a board their table confirms without being reloaded. A player out in
round 1 reads that they sit it out."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.phones import PHONE, phone_at_the_table, read_at_both_sizes, the_page_looks_again
from tests.test_individual_events import NAMES, make_individual
from tournaments import services
from tournaments.services.tablets.player_evening import player_evening_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/player-evening")


def test_a_player_follows_their_link_from_the_tablet_to_their_evening(live_server, browser, club):
    event = make_individual(club)
    services.event_deal_boards(event=event, seed="phone", analyse=False)
    event = services.event_start(event=event)
    access = event.table_accesses.get(table=1)
    seating = event.seatings.get(round=1, table=1)
    ann = event.individuals.get(number=1)
    phone = phone_at_the_table(browser, f"{live_server.url}/t/{access.token}/", SHOTS)
    phone.get_by_role("link", name=f"/me/player/{ann.pk}/").click()
    expect(phone.get_by_role("heading", name="Player 1", exact=True)).to_be_visible()
    expect(phone.locator("#now-head + p")).to_contain_text("Table 1, sit South, partner Ivy Dunn")
    # The table confirms its board: the page takes it in by itself, in its own time.
    board = seating.first_board
    services.table_result_enter(access=access, board_number=board, ns_tricks=8)
    services.table_result_confirm(access=access, board_number=board, ns_tricks=8)
    the_page_looks_again(phone)
    expect(phone.get_by_role("heading", name=f"Board {board}")).to_be_visible(timeout=30_000)
    expect(phone.locator(f"#board-{board}")).to_contain_text("with Ivy Dunn against Bob Jones & Ed Long")
    read_at_both_sizes(phone, SHOTS)


def test_a_player_out_in_round_1_reads_that_they_sit_it_out(live_server, browser, club):
    event = make_individual(club, [*NAMES, "Jo King"])  # nine players: one sits out each round
    services.event_deal_boards(event=event, seed="phone", analyse=False)
    event = services.event_start(event=event)
    player = event.individuals.get(number=services.individual_schedule(event).sitting_out(1)[0])
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone = browser.new_context(viewport=PHONE, has_touch=True, bypass_csp=True).new_page()
    phone.goto(live_server.url + player_evening_path(player))
    expect(phone.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    expect(phone.locator("#now-head + p")).to_have_text("You sit out this round.")
    expect(phone.get_by_role("heading", name="Then, round 2")).to_be_visible()
    read_at_both_sizes(phone, SHOTS, name="sit-out")
