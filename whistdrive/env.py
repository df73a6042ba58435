"""Typed readers for environment variables: a bad value stops start-up and names the variable."""

import os
from pathlib import Path
from urllib.parse import unquote, urlsplit

import dj_database_url
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


def database_from_url(name: str, url: str, base_dir: Path, *, prepared: bool = True) -> dict:
    """Turn DATABASE_URL into Django's DATABASES entry (parsed by dj-database-url).

    sqlite:///relative/path.sqlite3 (relative to the data folder, locations.py), sqlite:////absolute/path, or
    postgres://user:password@host:port/dbname (also postgresql://).

    On PostgreSQL the values travel apart from the statement (server-side binding), so that the
    server can keep a statement's plan: a statement run five times on a connection is prepared, and
    a score from a tablet is then planned once per connection, not on every score (planning its
    locking read took longer than running it). ``prepared=False`` is for a pooler in transaction
    mode that cannot keep prepared statements.
    """
    scheme = urlsplit(url).scheme
    if scheme not in ("sqlite", "postgres", "postgresql"):
        raise ImproperlyConfigured(
            f"{name}={url!r} is not a database address whistdrive knows: use sqlite:///file or "
            "postgres://user:password@host:port/name."
        )
    try:
        config = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    except ValueError as error:
        raise ImproperlyConfigured(f"{name}={url!r} cannot be read: {str(error).rstrip('.')}.") from None
    if not config.get("NAME") or config["NAME"] == ":memory:":
        raise ImproperlyConfigured(
            f"{name}={url!r} names no database, e.g. sqlite:///db.sqlite3 or postgres://user@host/whistdrive."
        )
    if scheme != "sqlite":
        # Beside the options the address itself gives (?sslmode=require, ...).
        config.setdefault("OPTIONS", {}).update(
            server_side_binding=True, prepare_threshold=5 if prepared else None
        )
        return config
    file = Path(config["NAME"])
    file = file if file.is_absolute() else base_dir / file
    # Writers wait their turn instead of failing at once; IMMEDIATE takes the write lock at the
    # start of a transaction, so two tablets never deadlock upgrading a read lock. In WAL mode a
    # reader (the room display, a tablet's page) never holds up a writer, nor a writer a reader; the
    # mode is kept in the file, so setting it again on each connection costs nothing. A committed
    # score is still written to disk before the tablet hears it is in (synchronous stays FULL).
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(file),
        "OPTIONS": {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL",
        },
        # Tests use a file too: an in-memory database shared between threads fails at once
        # under concurrent writes instead of waiting, unlike the real thing.
        "TEST": {"NAME": str(file.with_name(f"test-{file.name}"))},
    }


def database_url(settings: dict) -> str:
    """The DATABASE_URL naming a database Django is connected to (its ``settings_dict``): how a
    new process, a command or another server, is pointed at the same database."""
    if settings["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{Path(settings['NAME']).resolve()}"
    password = f":{settings['PASSWORD']}" if settings["PASSWORD"] else ""
    return (
        f"postgres://{settings['USER']}{password}@{settings['HOST'] or '127.0.0.1'}:"
        f"{settings['PORT'] or 5432}/{settings['NAME']}"
    )


EMAIL_SCHEMES = {
    "smtp": ("django.core.mail.backends.smtp.EmailBackend", False, False),
    "smtp+tls": ("django.core.mail.backends.smtp.EmailBackend", True, False),
    "smtps": ("django.core.mail.backends.smtp.EmailBackend", False, True),
}


def email_from_env(base_dir: Path) -> dict:
    """Django's EMAIL_* settings from the environment.

    ``EMAIL_URL`` says it in one address: ``smtp+tls://user:password@mail.example.org:587``
    (STARTTLS), ``smtps://...:465`` (TLS from the start), ``smtp://host:25``; or the variables
    one by one: ``EMAIL_HOST``, ``EMAIL_PORT``, ``EMAIL_HOST_USER``, ``EMAIL_HOST_PASSWORD``,
    ``EMAIL_USE_TLS``, ``EMAIL_USE_SSL``. With neither, nothing is sent (a laptop never mails by
    surprise): e-mails wait in the outbox, a copy of each written to ``sent-mail/`` (``EMAIL_FILE_PATH``).
    ``EMAIL_BACKEND`` names any other Django backend.
    """
    url = os.environ.get("EMAIL_URL", "").strip()
    host = os.environ.get("EMAIL_HOST", "").strip()
    config = {
        "EMAIL_TIMEOUT": env_int("EMAIL_TIMEOUT", 20),
        "EMAIL_FILE_PATH": env_str("EMAIL_FILE_PATH", str(base_dir / "sent-mail")),
    }
    if url:
        parts = urlsplit(url)
        if parts.scheme not in EMAIL_SCHEMES or not parts.hostname:
            raise ImproperlyConfigured(
                f"EMAIL_URL={parts.scheme}://… is not a mail server's address: use "
                "smtp+tls://user:password@mail.example.org:587 (or smtps://…:465, smtp://…:25)."
            )
        backend, tls, ssl = EMAIL_SCHEMES[parts.scheme]
        try:
            port = parts.port or (465 if ssl else 587 if tls else 25)
        except ValueError:
            raise ImproperlyConfigured("EMAIL_URL has a port that is not a number.") from None
        user, password = unquote(parts.username or ""), unquote(parts.password or "")
        config.update(EMAIL_BACKEND=backend, EMAIL_HOST=parts.hostname, EMAIL_PORT=port)
        config.update(
            EMAIL_HOST_USER=user, EMAIL_HOST_PASSWORD=password, EMAIL_USE_TLS=tls, EMAIL_USE_SSL=ssl
        )
    elif host:
        config.update(
            EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
            EMAIL_HOST=host,
            EMAIL_PORT=env_int("EMAIL_PORT", 587),
            EMAIL_HOST_USER=env_str("EMAIL_HOST_USER", ""),
            EMAIL_HOST_PASSWORD=env_str("EMAIL_HOST_PASSWORD", ""),
            EMAIL_USE_TLS=env_bool("EMAIL_USE_TLS", True),
            EMAIL_USE_SSL=env_bool("EMAIL_USE_SSL", False),
        )
    else:
        config["EMAIL_BACKEND"] = "django.core.mail.backends.filebased.EmailBackend"
    config["EMAIL_BACKEND"] = env_str("EMAIL_BACKEND", config["EMAIL_BACKEND"])
    if config.get("EMAIL_USE_TLS") and config.get("EMAIL_USE_SSL"):
        raise ImproperlyConfigured("EMAIL_USE_TLS and EMAIL_USE_SSL cannot both be on: choose one.")
    return config
