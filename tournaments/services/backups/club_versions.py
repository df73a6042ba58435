"""A club backup's file read, and its version: the version written today (``VERSION``), a newer
file refused in words, an older one brought forward one version at a time (``MIGRATIONS``)."""

import gzip
import json
import zlib
from collections.abc import Callable

from django.db.migrations.loader import MigrationLoader

import whistdrive

from ..core.errors import ServiceError
from .club_schema import FORMAT

VERSION = 3


def _version_1_to_2(data: dict) -> dict:
    """Version 2 keeps the outbox of results e-mails; a version 1 file had none to keep."""
    return {**data, "version": 2, "clubs": [{**club, "mails": []} for club in data.get("clubs", [])]}


def _version_2_to_3(data: dict) -> dict:
    """Version 3 keeps the leagues a club runs; a version 2 file had none."""
    return {**data, "version": 3, "clubs": [{**club, "leagues": []} for club in data.get("clubs", [])]}


# One small function a version step: MIGRATIONS[n] turns a version n document into version n + 1.
MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _version_1_to_2, 2: _version_2_to_3}


class ClubBackupError(ServiceError):
    pass


def whistdrive_version() -> str:
    return whistdrive.__version__  # the one place it is written, in a checkout as installed


def club_backup_read(raw: bytes) -> dict:
    """A backup's document from the file's bytes (gzipped or not), or a ClubBackupError saying why
    it cannot be read."""
    try:
        if raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
        data = json.loads(raw.decode("utf-8"))
    except (OSError, EOFError, zlib.error, UnicodeDecodeError, ValueError) as error:
        raise ClubBackupError(
            f"This file is damaged or is not a whistdrive backup ({error}). Nothing was restored."
        ) from None
    except RecursionError:
        raise ClubBackupError(
            "This file is nested too deeply to be a backup. Nothing was restored."
        ) from None
    return data


def _known_migrations() -> set[tuple[str, str]]:
    return set(MigrationLoader(None, ignore_no_migrations=True).disk_migrations)


def club_backup_migrate(data) -> dict:
    """The document brought to this version, or refused in words when it is newer or not a backup."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ClubBackupError("This file is not a whistdrive backup. Nothing was restored.")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ClubBackupError(
            "This file's version number is not a whole number from 1, so it is not a whistdrive "
            "backup. Nothing was restored."
        )
    known = _known_migrations()
    unknown = [
        name
        for app, names in (data.get("migrations") or {}).items()
        if isinstance(names, list)
        for name in names
        if (app, name) not in known
    ]
    if version > VERSION or unknown:
        written = data.get("whistdrive", "?")
        raise ClubBackupError(
            f"This backup was written by whistdrive {written} (backup version {version}), "
            f"newer than this one ({whistdrive_version()}, backup version {VERSION}): update whistdrive "
            "first. Nothing was restored."
        )
    while data["version"] < VERSION:
        data = MIGRATIONS[data["version"]](data)
    return data
