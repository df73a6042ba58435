"""A player's phone, for the browser tests of the players' own pages of an evening: the phone opens
its table's page and the players check in there, follow their link to their own page, and read it
at the phone's width and at 1080p, with a picture of each and no WCAG rule broken (axe).

    phone = phone_at_the_table(browser, f"{live_server.url}/t/{access.token}/", SHOTS)
    phone.get_by_role("link", name=f"/me/{pair.pk}/").click()
    ...  # the table enters a result
    the_page_looks_again(phone)
    expect(phone.get_by_role("heading", name="Board 1")).to_be_visible()
    read_at_both_sizes(phone, SHOTS)
"""

from pathlib import Path

from tests.shots import shoot
from tests.tablets import open_page, say_thats_us
from tests.test_browser_accessibility import violations

PHONE = {"width": 390, "height": 844}
HD = {"width": 1920, "height": 1080}


def phone_at_the_table(browser, url: str, shots: Path, *, check_in: bool = True):
    """A phone of its own (the page's script policy set aside for axe) opened on a table's page at
    ``url``, the players checked in there (``check_in``: where the tablet asks who is there): its
    picture kept in ``shots`` and no axe violation. The
    table's page does not load itself again under the test (its refresh.js is refused), and the
    phone's clock is the test's to move on (``the_page_looks_again``)."""
    shots.mkdir(parents=True, exist_ok=True)
    phone = browser.new_context(viewport=PHONE, has_touch=True, bypass_csp=True).new_page()
    phone.route("**/refresh.js", lambda route: route.abort())
    phone.clock.install()
    open_page(phone, url)
    if check_in:
        say_thats_us(phone)
    shoot(phone, path=shots / "tablet-390.png", full_page=True)
    assert violations(phone) == []
    return phone


def the_page_looks_again(phone) -> None:
    """The time the player's page waits between two looks at the evening passes (its own
    ``data-seconds``), at once: its script asks for the changing part again, as it does by itself."""
    seconds = int(phone.locator("#live").get_attribute("data-seconds"))
    phone.clock.fast_forward(seconds * 1000)


def read_at_both_sizes(phone, shots: Path, *, name: str = "phone", put_away: bool = True) -> None:
    """The player's page as it is now, at the phone's width and then at 1080p: a picture of each
    kept in ``shots`` (``name``-390.png, ``name``-1080p.png) and no axe violation at either; the
    phone put away after, unless the test goes on with it."""
    shoot(phone, path=shots / f"{name}-390.png", full_page=True)
    assert violations(phone) == []
    phone.set_viewport_size(HD)
    shoot(phone, path=shots / f"{name}-1080p.png", full_page=True)
    assert violations(phone) == []
    if put_away:
        phone.context.close()
