"""Hall mode's server as the organiser starts it: `manage.py hall` serves the tablets' pages and the
static files through granian (whistdrive/serving.py), and stops at Ctrl+C."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.db import connection

from tournaments import services
from whistdrive import serving
from whistdrive.env import database_url

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _get(url: str, *, wait: float = 0) -> tuple[int, str, str]:
    """Status, content type and body; waiting up to ``wait`` seconds for the server to answer."""
    until = time.monotonic() + wait
    while True:
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                return response.status, response.headers["Content-Type"], response.read().decode()
        except OSError:
            if time.monotonic() > until:
                raise
            time.sleep(0.2)


def test_hall_modes_server_is_granian_in_one_process():
    command = serving.server_command(listen="0.0.0.0:8000")
    assert command[1:3] == ["-m", "granian"] and command[-1] == "whistdrive.wsgi:application"
    assert {"--interface=wsgi", "--host=0.0.0.0", "--port=8000", "--workers=1"} <= set(command)
    assert f"--blocking-threads={serving.THREADS}" in command


@pytest.mark.django_db(transaction=True)
def test_the_hall_command_serves_a_tablets_page_and_the_static_files(tmp_path, club, make_event):
    event = make_event(club)
    services.event_deal_boards(event=event, seed="hall", analyse=False)
    services.event_start(event=event)
    token = event.table_accesses.get(table=1).token
    port = _free_port()
    hall = subprocess.Popen(
        [sys.executable, "manage.py", "hall", "--address", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        env={
            **os.environ,
            "DATABASE_URL": database_url(connection.settings_dict),
            "WHISTDRIVE_HOME": str(tmp_path),  # its secret key and static files, not the checkout's
        },
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        health = _get(f"http://127.0.0.1:{port}/healthz", wait=60)
        tablet = _get(f"http://127.0.0.1:{port}/t/{token}/")
        script = _get(f"http://127.0.0.1:{port}/static/queue.js")
    finally:
        hall.send_signal(signal.SIGINT)  # Ctrl+C
        output, _ = hall.communicate(timeout=60)
    assert hall.returncode == 0, output
    assert f"whistdrive is serving the hall at http://127.0.0.1:{port}/" in output
    assert f"Listening at: http://127.0.0.1:{port}" in output  # granian's own word
    assert health[0] == 200 and json.loads(health[2])["database"] == "ok"
    assert tablet[0] == 200 and "Table 1" in tablet[2]
    assert script[0] == 200 and "javascript" in script[1]
