"""The room display on a 1080p hall screen: big enough to read from the back, paging through a
long field, saying the round in play and the tables still playing it."""

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.shots import shoot
from tournaments import services
from tournaments.models import Drive, Event, Member
from tournaments.services.core.rooms import room_display_put_up
from tournaments.services.kinds import kind_of

from .conftest import LONG_NAMES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"
HD = {"width": 1920, "height": 1080}
PAGE_MS = 8000  # static/room.js: how long each page of a field is shown
EVENING = datetime(2026, 11, 20, 19, 30, tzinfo=UTC)


def hold_the_clock(page) -> None:
    """Stop the clock of the room display's pages: they turn a page every few seconds and reload
    themselves, and a turn or a reload between two of the test's reads would mix two pages (or
    read none). The test moves the clock on itself, with ``page.clock.run_for``."""
    page.clock.install(time=EVENING)
    page.clock.pause_at(EVENING + timedelta(minutes=1))


@pytest.fixture
def county_drive(club, make_event):
    """Twenty tables, round 1 in at every table but 4 and 9, and round 2 begun at table 2."""
    event = make_event(club, name="County Drive", tables=19, boards_per_round=2)
    for pair in event.pairs.all():
        pair.guest1, pair.guest2 = f"Player {pair.direction}{pair.number}a", f"Partner {pair.number}b"
        pair.save()
    services.event_deal_boards(event=event, seed="room", analyse=False)
    services.event_start(event=event)
    rows = [
        f"{b},{s.ns_pair.number},{s.ew_pair.number},{(b + s.table) % 14}"
        for s in event.seatings.select_related("ns_pair", "ew_pair")
        if (s.round == 1 and s.table not in (4, 9)) or (s.round == 2 and s.table == 2)
        for b in s.board_numbers
    ]
    services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n" + "\n".join(rows))
    return event


def test_the_room_display_fills_a_1080p_screen_and_pages_through_long_fields(
    live_server, browser, county_drive, organiser, client
):
    client.force_login(organiser)
    context = browser.new_context(viewport=HD)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    hold_the_clock(page)
    page.goto(live_server.url + reverse("tournaments:event-room", args=[county_drive.pk]))
    SHOTS.mkdir(exist_ok=True)
    expect(page.locator(".room-status")).to_contain_text("Round 1 in play · still playing: tables 4, 9")
    fields = page.locator(".room-field")
    expect(fields).to_have_count(2)
    # Letters some 3 cm high on a 2 m screen: type of 34 px at least, and no row below the screen.
    size = page.locator(".room-field td.names").first.evaluate(
        "td => parseFloat(getComputedStyle(td).fontSize)"
    )
    assert size >= 34
    shoot(page, path=SHOTS / "room-1080p.png")
    for cell in ("rank", "pair", "pct"):  # the figures whole, never cut short
        cut = "tds => tds.filter(td => td.scrollWidth > td.clientWidth).map(td => td.textContent)"
        assert page.locator(f".room-field td.{cell}").evaluate_all(cut) == [], cell
    visible = page.locator(".room-field tbody tr:visible")
    boxes = [visible.nth(i).bounding_box() for i in range(visible.count())]
    assert boxes and max(box["y"] + box["height"] for box in boxes) <= HD["height"]
    # Nineteen pairs a field do not fit: the field pages, and the fields reach down the screen.
    label = page.locator(".room-field .room-page").first
    expect(label).to_have_text(re.compile(r"^page 1 of [2-9]$"))
    pages = label.text_content().split(" of ")[1]
    assert max(box["y"] + box["height"] for box in boxes) > HD["height"] * 0.8
    first_row = visible.first.text_content()
    page.clock.run_for(PAGE_MS)
    expect(label).to_have_text(f"page 2 of {pages}")
    assert visible.first.text_content() != first_row  # the next pairs of the field
    shoot(page, path=SHOTS / "room-1080p-page-2.png")
    context.close()


WHOLE_NAMES = [f"{first} {last}" for first, last in LONG_NAMES.values()]
# A village hall's projector (4:3 and wide), a 1080p screen, and a phone held upright.
ROOM_SIZES = {"1024x768": (1024, 768), "1366x768": (1366, 768), "1080p": (1920, 1080), "phone": (390, 844)}
# Every page of every field in turn: a cell whose text is wider than it (cut, or ending in "..."),
# or anything past the screen's right edge or below it, and any row that no page shows.
EVERY_PAGE = """() => {
  const width = document.documentElement.clientWidth, height = window.innerHeight;
  const problems = [];
  for (const section of document.querySelectorAll('.room-field')) {
    const label = section.querySelector('.room-page');
    const pages = label && label.textContent ? parseInt(label.textContent.split(' of ')[1], 10) : 1;
    const rows = Array.from(section.querySelectorAll('tbody tr, li'));
    const shown = new Set();
    for (let page = 0; page < pages; page++) {
      rows.forEach((row, index) => { if (!row.hidden) { shown.add(index); } });
      for (const cell of section.querySelectorAll('td, li b, li span')) {
        if (!cell.getClientRects().length) { continue; }
        const box = cell.getBoundingClientRect(), text = cell.textContent.trim();
        if (cell.scrollWidth > cell.clientWidth) { problems.push('cut: ' + text); }
        if (box.right > width + 1) { problems.push('past the right edge: ' + text); }
        if (box.bottom > height + 1) { problems.push('below the screen: ' + text); }
      }
      if (section.turn) { section.turn(); }
    }
    if (shown.size !== rows.length) { problems.push((rows.length - shown.size) + ' rows on no page'); }
  }
  return problems;
}"""


def test_the_room_displays_never_cut_a_name_or_a_figure_on_a_projector_or_a_phone(
    live_server, browser, client, demo_with_long_names
):
    client.login(username="organiser", password="whistdrive")
    rooms = {
        "event": reverse("tournaments:event-room", args=[Event.objects.get(name="Autumn Pairs").pk]),
        "howell": reverse("tournaments:event-room", args=[Event.objects.get(name="Tuesday Howell").pk]),
        "individual": reverse(
            "tournaments:event-room", args=[Event.objects.get(name="Wednesday Individual").pk]
        ),
    }
    for key, name in (("drive", "Saturday Village Drive"), ("running-drive", "Friday Progressive")):
        rooms[key] = reverse("tournaments:drive-room", args=[Drive.objects.get(name=name).pk])
    SHOTS.mkdir(exist_ok=True)
    problems = {}
    for size, (width, height) in ROOM_SIZES.items():
        context = browser.new_context(viewport={"width": width, "height": height})
        context.add_cookies(
            [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
        )
        page = context.new_page()
        hold_the_clock(page)
        for name, path in rooms.items():
            page.goto(live_server.url + path)
            shoot(page, path=SHOTS / f"room-{name}-{size}.png")
            names = " ".join(page.locator(".room-field td.names, .room-prizes b").all_text_contents())
            assert any(whole in names for whole in WHOLE_NAMES), (name, size)
            if width > height:  # letters a tenth of a row of the screen at least, however narrow
                size_px = page.locator(".room-field td.names").first.evaluate(
                    "td => parseFloat(getComputedStyle(td).fontSize)"
                )
                assert size_px >= 0.025 * height, (name, size, size_px)
            found = page.evaluate(EVERY_PAGE)
            if found:
                problems[(name, size)] = found[:4]
        context.close()
    assert problems == {}, "\n".join(f"{k}: {v}" for k, v in problems.items())


@pytest.fixture
def hall_drive(club):
    """A hall's largest progressive drive: 60 tables, 240 players with whole names, hand 1 in at
    every table."""
    drive = services.drives.drive_create(club=club, name="County Hall Drive", date="2026-11-27")
    for k in range(240):
        first, last = WHOLE_NAMES[k % len(WHOLE_NAMES)].split(" ", 1)
        services.drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"{first} {last} {k + 1}")
    services.drives.drive_start(drive=drive)
    for table in range(1, 61):
        services.drives.drive_result_record(drive=drive, hand=1, table=table, ns_tricks=(table * 5) % 14)
    return drive


def test_the_room_display_of_a_60_table_drive_pages_through_240_players_on_a_projector(
    live_server, browser, client, organiser, hall_drive
):
    client.force_login(organiser)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    hold_the_clock(page)
    page.goto(live_server.url + reverse("tournaments:drive-room", args=[hall_drive.pk]))
    SHOTS.mkdir(exist_ok=True)
    shoot(page, path=SHOTS / "room-drive-240-1024x768.png")
    # Ladies and gents, 120 a list: each list pages, every player on a page, nothing cut or below.
    labels = page.locator(".room-field .room-page")
    expect(labels.first).to_have_text(re.compile(r"^page 1 of \d+$"))
    rows = page.locator(".room-field tbody tr")
    assert rows.count() >= 240
    assert page.evaluate(EVERY_PAGE) == []
    context.close()


def test_the_room_display_put_up_opens_on_a_projector_not_logged_in_naming_people_as_published(
    live_server, browser, club, make_played_event
):
    people = [("Joan", "Bellamy"), ("Harold", "Bickerstaff"), ("Dennis", "Ashworth"), ("Doreen", "Dawson")]
    members = [services.member_create(club=club, first_name=first, last_name=last) for first, last in people]
    Member.objects.filter(pk=members[0].pk).update(published_as=Member.Published.INITIALS)
    Member.objects.filter(pk=members[1].pk).update(published_as=Member.Published.HIDDEN)
    event = make_played_event(club, members=members, name="Thursday Pairs", published=False)
    kind = kind_of(event)
    context = browser.new_context(viewport={"width": 1024, "height": 768})  # no login: the hall's screen
    page = context.new_page()
    hold_the_clock(page)
    page.goto(live_server.url + kind.room_url(event.pk))
    expect(page.locator("#id_username")).to_be_visible()  # not put up: the login page

    page.goto(live_server.url + kind.room_url(event.pk, key=room_display_put_up(evening=event)))
    names = page.locator(".room-field td.names")
    expect(names.first).to_be_visible()
    everything = " ".join(names.all_text_contents())
    assert "J. B." in everything and "A player" in everything and "Dennis Ashworth" in everything
    assert "Bellamy" not in page.content() and "Bickerstaff" not in page.content()
    assert page.evaluate(EVERY_PAGE) == []
    SHOTS.mkdir(exist_ok=True)
    shoot(page, path=SHOTS / "room-hall-screen-1024x768.png")
    context.close()
