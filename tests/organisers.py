"""An organiser logged in to the site in Chromium, for the browser tests of the organiser's pages:
the test client logs them in and the browser takes its session cookie.

    page = organiser_page(browser, live_server, client, organiser, {"width": 390, "height": 844})
    page.goto(f"{live_server.url}/clubs/{club.slug}/phones/")
"""


def log_in(context, live_server, client, organiser) -> None:
    """The browser ``context`` logged in as ``organiser``."""
    client.force_login(organiser)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )


def organiser_page(browser, live_server, client, organiser, viewport: dict):
    """A new page of a browser of its own at ``viewport`` (touch on, the page's script policy set
    aside for axe), logged in as ``organiser``."""
    context = browser.new_context(viewport=viewport, has_touch=True, bypass_csp=True)
    log_in(context, live_server, client, organiser)
    return context.new_page()
