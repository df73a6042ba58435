"""Hall mode's own backups: at the close of each evening and drive, one of every club into
BACKUP_DIR, keeping the newest HALL_BACKUPS (settings).

The closing services know nothing of it: they send ``signals.evening_closed``, which
``hall_backup_on_close`` receives (connected in ``TournamentsConfig.ready``), and the backup is
written once the close has committed.
"""

import logging
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from .club import club_backup_write

log = logging.getLogger(__name__)


def hall_backup_on_close(sender, **kwargs) -> None:
    """Receives ``evening_closed``: the backup waits for the close to commit, and is dropped with
    it if the close is rolled back."""
    transaction.on_commit(hall_backup_after_close)


def hall_backup_after_close() -> None:
    """In hall mode, a backup of every club into BACKUP_DIR at the close of an evening, keeping the
    newest HALL_BACKUPS. Run after the close has committed: a failure is logged, never raised, and
    the close stands."""
    keep = settings.HALL_BACKUPS
    if not settings.HALL_MODE or keep <= 0:
        return
    try:
        folder = Path(settings.BACKUP_DIR)
        folder.mkdir(parents=True, exist_ok=True)
        name = f"whistdrive-{timezone.localtime():%Y-%m-%d-%H%M%S-%f}.json.gz"
        club_backup_write(folder / name)
        for old in sorted(folder.glob("whistdrive-*.json.gz"))[:-keep]:
            old.unlink()
    except Exception:  # the evening is closed whatever happens to its backup
        log.exception("The hall's backup after the close could not be written.")
