"""Typed readers for environment variables: a bad value stops start-up and names the variable."""

import os
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in TRUE:
        return True
    if value in FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a yes/no value: use 1 or 0 (true or false).")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number.") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def database_from_url(name: str, url: str, base_dir: Path) -> dict:
    """Turn DATABASE_URL into Django's DATABASES entry.

    sqlite:///relative/path.sqlite3, sqlite:////absolute/path, or
    postgres://user:password@host:port/dbname (also postgresql://).
    """
    parts = urlsplit(url)
    if parts.scheme == "sqlite":
        path = parts.path[1:] if parts.path.startswith("/") else parts.path
        if not path:
            raise ImproperlyConfigured(f"{name}={url!r} names no SQLite file, e.g. sqlite:///db.sqlite3.")
        file = Path(path) if path.startswith("/") else base_dir / path
        # Writers wait their turn instead of failing at once; IMMEDIATE takes the write lock at the
        # start of a transaction, so two tablets never deadlock upgrading a read lock.
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(file),
            "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
            # Tests use a file too: an in-memory database shared between threads fails at once
            # under concurrent writes instead of waiting, unlike the real thing.
            "TEST": {"NAME": str(file.with_name(f"test-{file.name}"))},
        }
    if parts.scheme in ("postgres", "postgresql"):
        dbname = unquote(parts.path.lstrip("/"))
        if not dbname:
            raise ImproperlyConfigured(
                f"{name}={url!r} names no database, e.g. postgres://user@host/whistdrive."
            )
        try:
            port = parts.port
        except ValueError:
            raise ImproperlyConfigured(f"{name}={url!r} has a port that is not a number.") from None
        options = {key: values[-1] for key, values in parse_qs(parts.query).items()}
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": dbname,
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": parts.hostname or "",
            "PORT": str(port or ""),
            "OPTIONS": options,
            "CONN_MAX_AGE": 60,
            "CONN_HEALTH_CHECKS": True,
        }
    raise ImproperlyConfigured(
        f"{name}={url!r} is not a database address whistdrive knows: use sqlite:///file or "
        "postgres://user:password@host:port/name."
    )
