"""Screenshots the browser tests keep in test-artifacts/ for people to look at."""

import warnings


def shoot(target, **options) -> None:
    """Take a screenshot of a page or an element (Playwright's `screenshot` options). A picture is
    for looking at, not a check: now and then a loaded machine's Chromium answers "Unable to capture
    screenshot", so try again, and if it still cannot, say so and let the test's checks go on."""
    from playwright.sync_api import Error

    for attempt in range(3):
        try:
            target.screenshot(**options)
            return
        except Error as error:
            if attempt == 2:
                warnings.warn(f"no screenshot {options.get('path', '')}: {error.message}", stacklevel=2)
