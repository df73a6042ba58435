"""A Minnesota whist pairs evening in Chromium at tablet size: three tablets play a 3-table
Mitchell, each board's table saying who went grand (three big buttons) before N/S's tricks, E/W
confirming the net points; the results rank the pairs by matchpoints on those net points."""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.shots import shoot
from tests.tablets import tablets_at_every_table, tap
from tournaments import services
from tournaments.domain.minnesota import confirm_words
from tournaments.models import Result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"
# Board 1 at the three tables: N/S granded and made 9 (+3); E/W granded, N/S 8 (+4); all low, N/S 5
# (+2): N/S matchpoints (EBU, top 4) 2, 4, 0. The other boards: low, N/S 7 (-1), everywhere.
BOARD_ONE = {1: ("NS", "N/S grand", 9), 2: ("EW", "E/W grand", 8), 3: ("", "Low", 5)}
ELSEWHERE = ("", "Low", 7)


@pytest.fixture
def minnesota(club, make_event):
    event = make_event(club, name="Minnesota Night", tables=3, boards_per_round=1, scoring="minnesota")
    services.event_deal_boards(event=event, seed="minnesota-browser", analyse=False)
    services.event_start(event=event)
    return event


def test_a_minnesota_evening_played_on_three_tablets(live_server, page, minnesota, organiser, client):
    SHOTS.mkdir(exist_ok=True)
    movement = services.seated_movement(minnesota)
    tablets = tablets_at_every_table(page, live_server.url, minnesota)
    rounds = movement.rounds
    for round_ in range(1, rounds + 1):
        for table, tab in tablets:
            board = movement.at(round_, table).boards[0]
            granded, words, tricks = BOARD_ONE[table] if board == 1 else ELSEWHERE
            here = tab.locator(f"#board-{board}")
            expect(here).to_contain_text("No trumps")
            expect(here.locator(".grand-choice")).to_have_text(["N/S grand", "E/W grand", "Low"])
            here.get_by_label(words).check()
            if round_ == 1 and table == 1:
                shoot(tab, path=SHOTS / "minnesota-table-grand.png", full_page=True)
            tap(tab, here.get_by_role("button", name=f"N/S took {tricks} tricks", exact=True))
            expect(here.locator(".score")).to_contain_text(confirm_words("swedish", granded, tricks))
            if round_ == 1 and table == 1:
                expect(here).to_contain_text("N/S grand, N/S 9 tricks: N/S +3")
                shoot(tab, path=SHOTS / "minnesota-table-confirm.png", full_page=True)
            tap(tab, here.get_by_role("button", name="Yes, confirm"))
            expect(tab.locator(".round-over")).to_contain_text(f"Round {round_} is over")
            if round_ < rounds:
                tab.get_by_role("link", name="Next round").click()
                expect(tab.locator(".round-over")).to_have_count(0)

    played = Result.objects.confirmed().filter(event=minnesota)
    assert played.count() == 3 * rounds
    assert sorted(played.filter(board__number=1).values_list("table", "granded", "ns_tricks")) == [
        (1, "NS", 9), (2, "EW", 8), (3, "", 5),
    ]  # fmt: skip
    client.force_login(organiser)
    services.event_close(event=minnesota)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page.goto(live_server.url + reverse("tournaments:results-board", args=[minnesota.pk, 1]))
    expect(page.locator(".minnesota-rules")).to_contain_text("Swedish (classic) rules")
    rows = page.locator("table.results-detail tbody tr:not(.meeting)")  # not the lines a phone shows above
    expect(rows).to_have_count(3)
    by_table = {}
    for row in rows.all():
        cells = row.locator("td").all_inner_texts()
        by_table[int(cells[1])] = (cells[4], cells[7], cells[8])  # grand, N/S points, N/S score
    assert by_table == {1: ("N/S grand", "+3", "2"), 2: ("E/W grand", "+4", "4"), 3: ("Low", "+2", "0")}
    shoot(page, path=SHOTS / "minnesota-board.png", full_page=True)
    page.goto(live_server.url + reverse("tournaments:results", args=[minnesota.pk]))
    expect(page.locator("body")).to_contain_text("Minnesota whist: matchpoints on net points")
    shoot(page, path=SHOTS / "minnesota-standings.png", full_page=True)


def test_who_went_grand_typed_offline_is_kept_and_sent_with_the_tricks(live_server, page, club, make_event):
    from tests.tablets import everyone_checked_in

    event = make_event(club, name="Minnesota Night", tables=3, boards_per_round=2, scoring="minnesota")
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    everyone_checked_in(event)
    page.set_viewport_size({"width": 1024, "height": 768})
    page.clock.install()
    access = event.table_accesses.get(table=1)
    url = f"{live_server.url}/t/{access.token}/"
    page.goto(url)
    page.context.set_offline(True)
    for board, words, tricks in ((1, "E/W grand", 5), (2, "Low", 8)):
        here = page.locator(f"#board-{board}")
        here.get_by_label(words).check()
        here.get_by_role("button", name=f"N/S took {tricks} tricks", exact=True).click()
        expect(here).to_contain_text(f"{words} · N/S {tricks} · E/W {13 - tricks} waiting to send")
        here.get_by_role("button", name="Yes, confirm").click()
        expect(here).to_contain_text("Confirmed here · waiting to send")
    expect(page.locator("#outbox")).to_contain_text("2 boards waiting to send")
    shoot(page, path=SHOTS / "minnesota-offline.png", full_page=True)
    assert not Result.objects.exists()
    page.context.set_offline(False)
    page.clock.fast_forward("00:10")
    expect(page.locator(".round-over")).to_contain_text("Round 1 is over", timeout=10_000)
    stored = sorted(Result.objects.confirmed().values_list("board__number", "granded", "ns_tricks"))
    assert stored == [(1, "EW", 5), (2, "", 8)]
