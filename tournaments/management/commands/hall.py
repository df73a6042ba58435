"""Hall mode: run whistdrive on the organiser's laptop for the tablets on the hall's Wi-Fi.

granian (Windows, macOS and Linux alike: whistdrive/serving.py) with DEBUG off, bound to the
address given (every address of the laptop when none is given, so that the guessed one and
127.0.0.1 both answer); ALLOWED_HOSTS, CSRF trusted origins and the table cards' address set to
the laptop's network address; a secret key made once and kept in hall/secret_key in the data
folder. Prints the address to open on the tablets, with a QR code in the terminal.
"""

import os
import socket
from pathlib import Path

from django.conf import settings
from django.core.management import BaseCommand, call_command

from tournaments import qr
from tournaments.services.core.clubs import DEMO_USERNAME, demo_password_in_use
from whistdrive import serving

DATA_DIR = Path(settings.DATA_DIR)


def lan_address() -> str:
    """The laptop's address on the local network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


class Command(BaseCommand):
    help = "Serve whistdrive to the tablets on this laptop's network (granian, DEBUG off)."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--address", help="the laptop's network address, when the guess is wrong")
        parser.add_argument("--threads", type=int, default=serving.THREADS)
        parser.add_argument("--dry-run", action="store_true", help="print the settings and exit")

    def handle(self, *args, **options):
        address, port = options["address"] or lan_address(), options["port"]
        bind = f"{options['address'] or '0.0.0.0'}:{port}"
        origin = f"http://{address}:{port}"
        env = serving.local_server_env(
            data_dir=DATA_DIR,
            origin=origin,
            hosts=[address, "127.0.0.1", "localhost"],
            origins=[origin, f"http://127.0.0.1:{port}", f"http://localhost:{port}"],
        )
        env["HALL"] = "1"  # a backup at the close of each evening (settings.HALL_BACKUPS)
        if not options["dry_run"]:
            call_command("migrate", interactive=False, verbosity=0)
            call_command("collectstatic", interactive=False, verbosity=0)
        if demo_password_in_use():
            self.stdout.write(
                self.style.WARNING(
                    f"The organiser '{DEMO_USERNAME}' still has the demo's password from the README: it "
                    "does not log in on the hall's Wi-Fi. Give your own first:\n"
                    f"  whistdrive manage changepassword {DEMO_USERNAME}\n"
                    f"  (from a checkout: .venv/bin/python manage.py changepassword {DEMO_USERNAME})\n"
                )
            )
        start = f"{origin}/t/"
        self.stdout.write(qr.terminal(start))
        self.stdout.write(
            f"\nwhistdrive is serving the hall at {origin}/\n"
            f"  tablets: open {start} (or scan the code above, or the QR code on the table card)\n"
            f"  organiser: {origin}/ on this laptop or any device on the same Wi-Fi\n"
            "If a tablet cannot connect: check it is on the same Wi-Fi as this laptop (not mobile data),\n"
            f"that the laptop's firewall lets in port {port}, and that the address is right\n"
            "(give it yourself: make hall ADDRESS=192.168.x.y, or whistdrive hall --address 192.168.x.y).\n"
            f"The data (database, secret key, backups) is in {DATA_DIR}. Stop with Ctrl+C.\n"
        )
        if options["dry_run"]:
            for key in ("ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "BASE_URL"):
                self.stdout.write(f"{key}={env[key]}")
            self.stdout.write(f"BIND={bind}")
            return
        # The closed evenings of a club with a county server go there when the network is there.
        serving.uploads_sender_start(env={**os.environ, **env})
        serving.serve_in_new_process(listen=bind, env={**os.environ, **env}, threads=options["threads"])
