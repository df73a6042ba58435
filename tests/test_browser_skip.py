"""Without Chromium, every test that needs a browser is skipped, not errored."""

from types import SimpleNamespace

import pytest

from .conftest import needs_browser


def _item(fixtures=(), marker=None):
    return SimpleNamespace(fixturenames=list(fixtures), get_closest_marker=lambda name: marker)


@pytest.mark.parametrize("fixture", ["page", "browser", "context", "new_context", "browser_type"])
def test_a_test_asking_for_a_browser_fixture_needs_a_browser(fixture):
    assert needs_browser(_item([fixture, "live_server"]))


def test_a_test_marked_browser_needs_a_browser():
    assert needs_browser(_item(["live_server"], marker=object()))


def test_a_plain_test_needs_no_browser():
    assert not needs_browser(_item(["db", "client"]))
