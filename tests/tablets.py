"""What the players do at a tablet, for the browser tests."""


def say_thats_us(tablet) -> None:
    """The players confirm the names the tablet shows at the start of the round (or hand)."""
    from playwright.sync_api import expect

    button = tablet.get_by_role("button", name="That's us")
    button.click()
    # The answer is a plain form: wait for the page it leads to, so what the test does next (a
    # route set up, a tap) happens on that page and not on the one being left.
    expect(button).to_have_count(0)


def tap(tablet, button) -> None:
    """A player's tap on a score's button at a table of an event or a drive, made as a table makes
    it: on a page whose script is running with nothing waiting to send, then waiting for the
    scorer's answer to be drawn (the outbox hidden again, which the script alone marks). A tap made
    while a page is still loading, or while an answer redraws the whole page, can land on a page
    being taken away and be lost: a player would tap again, a test would wait for a page that
    never comes."""
    from playwright.sync_api import expect

    settled = tablet.locator("#outbox[hidden]")
    expect(settled).to_have_count(1)
    button.click()
    expect(settled).to_have_count(1)


def everyone_checked_in(evening) -> None:
    """Every table of an event (or a drive) where play starts has said "That's us" for the first
    round (or hand), as the players do before tests that are about the scores."""
    from tournaments import services
    from tournaments.domain.errors import DomainError
    from tournaments.models import Drive
    from tournaments.services.drives.check_in import drive_table_check_in

    for link in evening.table_accesses.all():
        try:
            if isinstance(evening, Drive):
                drive_table_check_in(link=link, hand=1, here=True)
            else:
                services.table_check_in(access=link, round=1, here=True)
        except DomainError:
            pass  # a table where nobody plays is asked nothing


def pick_up(tablet):
    """The tablet the players use next, brought to the front as it is on its own device. In the
    tests' one browser a page behind another draws no frames, and each of Playwright's taps there
    waits a second or two for the button to be seen to hold still."""
    tablet.bring_to_front()
    return tablet


def open_page(tablet, url: str) -> None:
    """Go to `url` on a tablet, as a player taps the address again, until its page's content is
    there (its pictures may still be loading). A waiting table's page reloads itself every few
    seconds; when that reload starts at the moment of the visit, the browser drops the visit
    (net::ERR_ABORTED, or "interrupted by another navigation") and shows the page the reload
    brings, so visit again. Waiting for the content rather than the whole load keeps the visit
    clear of the reload that a page slow to load on a busy machine starts as it finishes."""
    from playwright.sync_api import Error

    for attempt in range(5):
        try:
            tablet.goto(url, wait_until="domcontentloaded")
            return
        except Error as error:
            cut_short = "ERR_ABORTED" in str(error) or "interrupted by another navigation" in str(error)
            if not cut_short or attempt == 4:
                raise


def tablets_at_every_table(page, base_url: str, event) -> list[tuple[int, object]]:
    """A tablet for each table of an event, each opened on its table's page and checked in (the
    players said "That's us"), in table order: (table, page)."""
    tablets = []
    for access in event.table_accesses.order_by("table"):
        tab = page.context.new_page()
        open_page(tab, f"{base_url}/t/{access.token}/")
        say_thats_us(tab)
        tablets.append((access.table, tab))
    return tablets
