"""Serving whistdrive from a laptop or a club's PC: granian, a server written in Rust with wheels
for Windows, macOS and Linux, running whistdrive (WSGI) with DEBUG off and whitenoise serving the
static files.

Used by ``whistdrive run`` (this computer only) and hall mode (``manage.py hall``, ``whistdrive
hall``: the tablets on the hall's Wi-Fi). Nothing here imports Django: the command line sets the
environment first, and the settings read it.
"""

import os
import secrets
import subprocess
import sys
from pathlib import Path

# How many requests run at once, in one process. granian itself takes every tablet's connection
# and reads and answers it in Rust, outside Python's lock; only whistdrive's own work waits for one
# of these threads. One Python process runs one thread at a time, and SQLite writes one transaction
# at a time: with more threads, the one holding the write lock waits its turn behind the others and
# every score waits for it, and several processes poll for each other's lock. Measured side by side
# on SQLite in WAL mode (bench/hall_servers.py, median of 3), a score's p95 wait on the tablets was
# 0.82 and 0.66 of the best other server's at 30 and 60 tablets; waitress with 2 threads, which
# handles the connections in Python beside its threads, 1.26 and 1.52; gunicorn with 4 processes
# 1.41 and 1.64; granian with 2 processes of 2 threads 1.18 and 1.25 (one run). One process is
# also all granian runs on Windows. The README's Benchmarks give every figure.
THREADS = 2


def secret_key(data_dir: Path) -> str:
    """Made once in data_dir/hall/secret_key, then kept: sessions survive a restart of the laptop."""
    folder = data_dir / "hall"
    path = folder / "secret_key"
    if not path.exists():
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        # Created readable by its owner only from the first byte (no window with looser rights).
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(secrets.token_urlsafe(50))
    return path.read_text().strip()


def local_server_env(*, data_dir: Path, origin: str, hosts: list[str], origins: list[str]) -> dict[str, str]:
    """The settings of a server on plain http with DEBUG off: no tracebacks shown to whoever is on
    the network, errors in the terminal, and a secret key kept in the data folder."""
    return {
        "DEBUG": "0",
        "HTTPS": "0",
        "SECRET_KEY": secret_key(data_dir),
        "ALLOWED_HOSTS": ",".join(hosts),
        "CSRF_TRUSTED_ORIGINS": ",".join(origins),
        "BASE_URL": origin,
        # The background tasks (the boards' analysis, the outbox) in a thread of the server: one
        # process, nothing else to start (tournaments/services/core/tasks.py).
        "TASKS_IN_SERVER": "1",
    }


def server_command(*, listen: str, threads: int = THREADS) -> list[str]:
    """The command line of the server, listening on ``listen`` ("0.0.0.0:8000")."""
    host, _, port = listen.rpartition(":")
    return [
        sys.executable,
        "-m",
        "granian",
        "--interface=wsgi",
        f"--host={host.strip('[]')}",
        f"--port={port}",
        "--workers=1",
        f"--blocking-threads={threads}",
        "--no-ws",  # whistdrive has no websockets: no notice that WSGI has none either
        "whistdrive.wsgi:application",
    ]


UPLOADS_EVERY = 60  # seconds between the hall's tries to send its closed evenings to the county


def uploads_sender_start(*, env: dict[str, str]) -> subprocess.Popen:
    """Start the hall's sender beside the server: a Python that tries every UPLOADS_EVERY seconds
    to send the closed evenings waiting for the county server (``send_uploads``), and stops once
    the process that started it (the server, which takes this process's place) has gone."""
    here = str(Path(__file__).resolve().parent.parent)
    env = {
        **env,
        "DJANGO_SETTINGS_MODULE": "whistdrive.settings",
        "PYTHONPATH": os.pathsep.join(p for p in (here, env.get("PYTHONPATH", "")) if p),
    }
    # The server takes this process's place, and its id: the sender stops once that id has gone.
    argv = [
        sys.executable,
        "-m",
        "django",
        "send_uploads",
        f"--every={UPLOADS_EVERY}",
        f"--while-parent={os.getpid()}",
    ]
    return subprocess.Popen(argv, env=env)


def serve_in_new_process(*, listen: str, env: dict[str, str], threads: int = THREADS) -> int:
    """Serve whistdrive in a fresh Python that reads its settings from ``env``.

    On Linux and macOS the server takes this process's place (Ctrl+C and a kill reach it directly);
    Windows has no such thing, so this process waits for the server's.
    """
    here = str(Path(__file__).resolve().parent.parent)  # a checkout's top level, or site-packages
    env = {**env, "PYTHONPATH": os.pathsep.join(p for p in (here, env.get("PYTHONPATH", "")) if p)}
    argv = server_command(listen=listen, threads=threads)
    sys.stdout.flush()
    sys.stderr.flush()
    if os.name == "posix":
        os.execve(sys.executable, argv, env)
    try:
        return subprocess.call(argv, env=env)
    except KeyboardInterrupt:
        return 0
