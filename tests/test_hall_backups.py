"""Hall mode keeps the last backups by itself: one at the close of each evening and drive."""

import gzip
import json
import logging

from tournaments.models import Event
from tournaments.services.backups.hall import hall_backup_after_close


def _hall(settings, tmp_path, keep=2):
    settings.HALL_MODE, settings.HALL_BACKUPS, settings.BACKUP_DIR = True, keep, tmp_path / "backups"
    return tmp_path / "backups"


def test_closing_an_event_in_hall_mode_writes_a_backup_of_the_club(
    settings, tmp_path, make_club, make_played_event, django_capture_on_commit_callbacks
):
    folder = _hall(settings, tmp_path)
    with django_capture_on_commit_callbacks(execute=True):
        make_played_event(make_club())
    [written] = folder.glob("whistdrive-*.json.gz")
    data = json.loads(gzip.decompress(written.read_bytes()))
    assert [e["event"]["name"] for e in data["clubs"][0]["events"]] == ["Club Night"]
    assert data["clubs"][0]["events"][0]["event"]["status"] == "finished"


def test_closing_a_drive_in_hall_mode_writes_a_backup(
    settings, tmp_path, make_club, make_played_drive, django_capture_on_commit_callbacks
):
    folder = _hall(settings, tmp_path)
    with django_capture_on_commit_callbacks(execute=True):
        make_played_drive(make_club())
    assert len(list(folder.glob("whistdrive-*.json.gz"))) == 1


def test_the_backup_waits_for_the_close_to_commit(
    settings, tmp_path, make_club, make_played_drive, django_capture_on_commit_callbacks
):
    folder = _hall(settings, tmp_path)
    with django_capture_on_commit_callbacks() as callbacks:
        make_played_drive(make_club())
    assert not folder.exists()
    assert callbacks.count(hall_backup_after_close) == 1


def test_only_the_newest_backups_are_kept(settings, tmp_path, make_club):
    folder = _hall(settings, tmp_path, keep=2)
    make_club()
    for _ in range(4):
        hall_backup_after_close()
    kept = sorted(folder.iterdir())
    assert len(kept) == 2 and all(path.name.endswith(".json.gz") for path in kept)


def test_out_of_hall_mode_or_with_none_to_keep_nothing_is_written(settings, tmp_path, make_club):
    folder = _hall(settings, tmp_path)
    make_club()
    settings.HALL_MODE = False
    hall_backup_after_close()
    settings.HALL_MODE, settings.HALL_BACKUPS = True, 0
    hall_backup_after_close()
    assert not folder.exists()


def test_a_backup_that_cannot_be_written_never_fails_the_close(
    settings, tmp_path, make_club, make_played_event, django_capture_on_commit_callbacks, caplog
):
    _hall(settings, tmp_path)
    settings.BACKUP_DIR = tmp_path / "a-file"
    settings.BACKUP_DIR.write_text("not a folder")
    with caplog.at_level(logging.ERROR), django_capture_on_commit_callbacks(execute=True):
        event = make_played_event(make_club())
    assert Event.objects.get(pk=event.pk).status == "finished"
    assert "The hall's backup after the close could not be written." in caplog.text
