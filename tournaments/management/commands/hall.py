"""Hall mode: run whistdrive on the organiser's laptop for the tablets on the hall's Wi-Fi.

gunicorn with DEBUG off, bound to the address given (every address of the laptop when none is
given, so that the guessed one and 127.0.0.1 both answer); ALLOWED_HOSTS, CSRF trusted origins
and the table cards' address set to the laptop's network address; a secret key made once and kept
in hall/secret_key. Prints the address to open on the tablets, with a QR code in the terminal.
"""

import os
import secrets
import socket
import subprocess
import sys
from io import StringIO
from pathlib import Path

import segno
from django.conf import settings
from django.core.management import BaseCommand, CommandError

HALL_DIR = Path(settings.BASE_DIR) / "hall"


def lan_address() -> str:
    """The laptop's address on the local network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def hall_secret_key() -> str:
    """Made once, then kept: sessions survive a restart of the laptop."""
    path = HALL_DIR / "secret_key"
    if not path.exists():
        HALL_DIR.mkdir(mode=0o700, exist_ok=True)
        # Created readable by its owner only from the first byte (no window with looser rights).
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(secrets.token_urlsafe(50))
    return path.read_text().strip()


def terminal_qr(text: str) -> str:
    """A QR code drawn with half-block characters, two rows of modules a line, light on the
    terminal's dark, with a quiet zone of two modules."""
    out = StringIO()
    segno.make_qr(text, error="m").terminal(out, border=2, compact=True)
    return out.getvalue().rstrip("\n")


class Command(BaseCommand):
    help = "Serve whistdrive to the tablets on this laptop's network (gunicorn, DEBUG off)."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--address", help="the laptop's network address, when the guess is wrong")
        parser.add_argument("--workers", type=int, default=3)
        parser.add_argument("--dry-run", action="store_true", help="print the settings and exit")

    def handle(self, *args, **options):
        address, port = options["address"] or lan_address(), options["port"]
        bind = f"{options['address'] or '0.0.0.0'}:{port}"
        origin = f"http://{address}:{port}"
        env = {
            **os.environ,
            "DEBUG": "0",
            "HTTPS": "0",
            "SECRET_KEY": hall_secret_key(),
            "ALLOWED_HOSTS": f"{address},127.0.0.1,localhost",
            "CSRF_TRUSTED_ORIGINS": f"{origin},http://127.0.0.1:{port},http://localhost:{port}",
            "BASE_URL": origin,
            "HALL": "1",  # a backup at the close of each evening (settings.HALL_BACKUPS)
        }
        manage = [sys.executable, str(Path(settings.BASE_DIR) / "manage.py")]
        for step in (["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]):
            if not options["dry_run"]:
                subprocess.run(manage + step, env=env, check=True)
        start = f"{origin}/t/"
        self.stdout.write(terminal_qr(start))
        self.stdout.write(
            f"\nwhistdrive is serving the hall at {origin}/\n"
            f"  tablets: open {start} (or scan the code above, or the QR code on the table card)\n"
            f"  organiser: {origin}/ on this laptop or any device on the same Wi-Fi\n"
            "If a tablet cannot connect: check it is on the same Wi-Fi as this laptop (not mobile data),\n"
            f"that the laptop's firewall lets in port {port}, and that the address is right\n"
            "(make hall ADDRESS=192.168.x.y to give it yourself). Stop with Ctrl+C.\n"
        )
        if options["dry_run"]:
            for key in ("ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "BASE_URL"):
                self.stdout.write(f"{key}={env[key]}")
            self.stdout.write(f"BIND={bind}")
            return
        gunicorn = Path(sys.executable).with_name("gunicorn")
        if not gunicorn.exists():
            raise CommandError("gunicorn is not installed in this environment: run make setup.")
        os.execve(
            str(gunicorn),
            [
                str(gunicorn),
                "whistdrive.wsgi",
                "-b",
                bind,
                "-w",
                str(options["workers"]),
                "--access-logfile",
                "-",
            ],
            env,
        )
