"""A waiting page looks again by itself (static/refresh.js), and a page redrawn in place by the
answer to a tap looks again only if what it shows now asks to: a tablet's page is never reloaded
under the players' fingers by the timer of the page it replaced."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAITING = """<!doctype html><html><head><title>Waiting</title></head><body>
<p id="here">Waiting for table 2</p>
<script src="/static/refresh.js" data-seconds="1"></script>
</body></html>"""


def _open(page, live_server):
    """The waiting page, served at the live server's address so that its script is the real one,
    with a mark in the window that a reload takes away."""
    url = f"{live_server.url}/waiting-for-the-test/"
    page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=WAITING))
    page.goto(url)
    page.evaluate("window.marked = true")


def test_a_waiting_page_looks_again_by_itself(live_server, page):
    _open(page, live_server)
    page.wait_for_function("window.marked === undefined", timeout=10_000)
    expect(page.locator("#here")).to_have_text("Waiting for table 2")


def test_a_page_redrawn_in_place_that_no_longer_waits_is_not_reloaded(live_server, page):
    _open(page, live_server)
    # As queue.js and tablet.js draw a tap's answer: the page's body replaced by the scorer's.
    page.evaluate(
        "document.body.replaceWith(new DOMParser().parseFromString("
        "'<body><p id=\"here\">Board 3: E/W, is this right?</p></body>', 'text/html').body)"
    )
    page.wait_for_timeout(2500)
    assert page.evaluate("window.marked") is True
    expect(page.locator("#here")).to_have_text("Board 3: E/W, is this right?")
