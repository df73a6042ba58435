"""Serving whistdrive from a laptop or a club's PC: waitress, a pure-Python server that runs on
Windows, macOS and Linux alike, with DEBUG off and whitenoise serving the static files.

Used by ``whistdrive run`` (this computer only) and hall mode (``manage.py hall``, ``whistdrive
hall``: the tablets on the hall's Wi-Fi). Nothing here imports Django: the command line sets the
environment first, and the settings read it.
"""

import os
import secrets
import subprocess
import sys
from pathlib import Path

# How many requests run at once. waitress itself takes every tablet's connection (up to 100) and
# queues the requests for these threads. One Python process runs one thread at a time, and SQLite
# writes one transaction at a time: with more threads, the one holding the write lock waits its
# turn behind the others and every score waits for it. Measured on SQLite in WAL mode (median of 3,
# bench/load_tablets.py for 30 tables and bench/load_drive.py for a drive of 60), a score's server
# p95 was 72 ms and 48 ms with 2 threads, against 877 and 755 ms with 8 (166 ms at 60 with 4).
# Several processes did worse on one SQLite file, their writers polling for each other's lock
# (granian -w 2 126 and 187 ms, gunicorn -w 4 142 and 197 ms at 30). A slow page (the print pack) holds one
# thread; the tablets keep the other. The README's Benchmarks give every figure.
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
    }


def serve(*, listen: str, threads: int = THREADS) -> None:
    """Serve whistdrive in this process until Ctrl+C (the settings already read from the environment)."""
    from waitress import serve as waitress_serve

    from whistdrive.wsgi import application

    waitress_serve(application, listen=listen, threads=threads, ident="whistdrive")


def server_command(*, listen: str, threads: int = THREADS) -> list[str]:
    """The command line of hall mode's server (bench/load_tablets.py --server hall runs it too)."""
    return [
        sys.executable,
        "-m",
        "waitress",
        f"--listen={listen}",
        f"--threads={threads}",
        "--ident=whistdrive",
        "whistdrive.wsgi:application",
    ]


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
