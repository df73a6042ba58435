"""A Howell evening in Chromium at tablet size: four tablets play every round, both pairs at each
table are told their next seat, and the standings rank all eight pairs as one field."""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.shots import shoot
from tests.tablets import pick_up, tablets_at_every_table, tap
from tournaments import services
from tournaments.domain.movements.render import seat_move_text
from tournaments.models import Result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"
MY_SHOTS = Path(__file__).resolve().parent.parent.parent / "shots" / "tablets"
SIZES = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 1024, "height": 768}}


@pytest.fixture
def howell(club, make_event):
    event = make_event(club, name="Howell Night", tables=4, boards_per_round=1, variant="howell")
    for n, pair in enumerate(event.pairs.order_by("number"), start=1):
        pair.guest1, pair.guest2 = f"Player {n}a", f"Player {n}b"
        pair.save()
    services.event_deal_boards(event=event, seed="howell-browser", analyse=False)
    services.event_start(event=event)
    return event


def test_eight_pairs_play_a_howell_on_four_tablets(live_server, page, howell, organiser, client):
    SHOTS.mkdir(exist_ok=True)
    movement = services.seated_movement(howell)
    tablets = tablets_at_every_table(page, live_server.url, howell)
    first = tablets[0][1]
    expect(first.locator(".pairs")).to_contain_text("N/S: pair 3")
    expect(first.locator(".pairs")).to_contain_text("E/W: pair 6")
    shoot(first, path=SHOTS / "howell-table-start.png", full_page=True)

    for round_ in range(1, 8):
        for table, tab in tablets:
            pick_up(tab)
            here = movement.at(round_, table)
            board = here.boards[0]
            tricks = (round_ * 3 + table) % 14
            section = tab.locator(f"#board-{board}")
            tap(tab, section.get_by_role("button", name=f"N/S took {tricks} tricks", exact=True))
            tap(tab, section.get_by_role("button", name="Yes, confirm"))
            told = tab.locator(".round-over")
            expect(told).to_contain_text(f"Round {round_} is over")
            expect(told.locator(".round-scores td")).to_have_text([str(board), str(tricks), str(13 - tricks)])
            if round_ < 7:
                moves = movement.moves_after(round_, table)
                for pair, direction, following in (
                    (here.ns, "NS", moves.ns_next),
                    (here.ew, "EW", moves.ew_next),
                ):
                    words = seat_move_text(table, direction, following, last_round=False)
                    expect(told).to_contain_text(f"Player {pair}a & Player {pair}b (Pair {pair}): {words}.")
                if round_ == 1 and table == 1:
                    shoot(tab, path=SHOTS / "howell-table-moves.png", full_page=True)
                    MY_SHOTS.mkdir(parents=True, exist_ok=True)
                    for size, viewport in SIZES.items():
                        tab.set_viewport_size(viewport)
                        shoot(tab, path=MY_SHOTS / f"howell-table-moves-{size}.png", full_page=True)
                tab.get_by_role("link", name="Next round").click()
                expect(told).to_have_count(0)
            else:
                expect(tab.locator(".notice")).to_contain_text("has played all its rounds")

    assert Result.objects.confirmed().filter(event=howell).count() == 28
    client.force_login(organiser)
    services.event_close(event=howell)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page.goto(live_server.url + reverse("tournaments:results", args=[howell.pk]))
    standings = page.locator("table").first
    expect(page.locator("body")).to_contain_text("All pairs")
    expect(standings.locator("tbody tr")).to_have_count(8)
    shoot(page, path=SHOTS / "howell-standings.png", full_page=True)
