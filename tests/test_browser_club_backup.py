"""In Chromium: the demo organiser downloads the club's backup from the home page, and it restores."""

from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.models import AuditLine, Club, Event


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_organiser_downloads_the_clubs_backup_and_it_restores(live_server, page, tmp_path):
    call_command("demo", stdout=StringIO())
    events = Event.objects.count()
    page.goto(f"{live_server.url}/admin/login/?next=/")
    page.fill("#id_username", "organiser")
    page.fill("#id_password", "whistdrive")
    page.click("input[type=submit]")
    page.wait_for_url(f"{live_server.url}/")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download a backup of the club").click()
    assert download.value.suggested_filename.startswith("ribble-valley-whist-club-backup-")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert AuditLine.objects.filter(action="backup", changed_by__username="organiser").count() == 1

    call_command("flush", interactive=False, verbosity=0)
    call_command("restore", str(saved), stdout=StringIO())
    assert Club.objects.get().name == "Ribble Valley Whist Club" and Event.objects.count() == events
