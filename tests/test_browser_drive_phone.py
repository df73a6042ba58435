"""A drive's organiser page on a phone: long names, a shared seat and a prize tied for make no
page wider than the screen (its tables scroll within it)."""

import pytest
from django.urls import reverse

from tournaments.services import drives

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}
NAMES = ["Featherstonehaugh-Winterbottom", "Montgomery-Wetherington", "Bickerstaff"]
WIDER = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def test_the_run_page_is_no_wider_than_a_phone_before_and_after_the_start(
    live_server, browser, client, organiser, club
):
    drive = drives.drive_create(club=club, name="Family drive", date="2026-11-20", format="individual")
    drives.drive_player_add(
        drive=drive, name="Margaret Featherstonehaugh-Winterbottom", shared_with="Bob Jones"
    )
    for k in range(2, 10):
        drives.drive_player_add(drive=drive, guest=f"{NAMES[k % 3]} Player {k}")
    client.force_login(organiser)
    context = browser.new_context(viewport=PHONE)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}
    context.add_cookies([cookie])
    page = context.new_page()
    url = live_server.url + reverse("tournaments:drive-run", args=[drive.pk])
    page.goto(url)
    assert page.evaluate(WIDER) <= 0, "before the start"
    drives.drive_start(drive=drive)
    for table in (1, 2):
        drives.drive_result_record(drive=drive, hand=1, table=table, ns_tricks=7)
    page.goto(url)
    assert page.locator("text=Tie, cut for it").count()
    assert page.evaluate(WIDER) <= 0, "after the start"
    context.close()
