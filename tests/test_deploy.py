"""The county server's files agree with each other and with the settings; and several app server
processes, each keeping scores in its own memory, never serve standings older than the database."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.models import Event
from tournaments.reports import report_as_csv
from whistdrive.env import database_url

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
SITE = (DEPLOY / "nginx/whistdrive.conf").read_text()
LOCATIONS = (DEPLOY / "nginx/whistdrive-locations.conf").read_text()
UNIT = (DEPLOY / "systemd/whistdrive@.service").read_text()
CHECKLIST = (DEPLOY / "CHECKLIST.md").read_text()
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)


def _upstream_ports():
    upstream = re.search(r"upstream whistdrive \{(.*?)\}", SITE, re.S).group(1)
    return re.findall(r"server 127\.0\.0\.1:(\d+)", upstream)


def test_nginx_sends_to_the_ports_of_the_app_servers_the_checklist_starts():
    started = re.search(r"systemctl enable --now ((?:whistdrive@\d+ ?)+)", CHECKLIST).group(1)
    assert sorted(re.findall(r"@(\d+)", started)) == sorted(_upstream_ports())
    assert len(_upstream_ports()) >= 2
    assert "--bind 127.0.0.1:%i" in UNIT  # each unit listens where the upstream looks for it


def test_the_site_serves_the_locations_and_passes_the_headers_the_app_trusts():
    assert "include /etc/nginx/snippets/whistdrive-locations.conf;" in SITE
    assert "proxy_pass http://whistdrive;" in LOCATIONS
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in LOCATIONS
    assert "proxy_set_header X-Forwarded-Proto $scheme;" in LOCATIONS
    assert "whistdrive-locations.conf" in (DEPLOY / "try-it-here.sh").read_text()


def test_the_environment_example_names_every_setting_whistdrive_reads():
    read = set()
    for module in (ROOT / "whistdrive").glob("*.py"):
        read |= set(
            re.findall(r'(?:env_(?:str|bool|int|list)|environ\.get)\(\s*"([A-Z_]+)"', module.read_text())
        )
    example = (DEPLOY / "whistdrive.env.example").read_text()
    named = set(re.findall(r"^#? ?([A-Z_]+)=", example, re.M))
    assert {"SECRET_KEY", "DATABASE_URL", "TRUST_X_FORWARDED_FOR", "WHISTDRIVE_HOME"} <= read
    assert read - named == set()
    assert read - set(re.findall(r"`([A-Z_]+)", CHECKLIST)) == set()  # and the checklist says why


def test_the_try_it_here_script_is_valid_shell():
    subprocess.run(["bash", "-n", str(DEPLOY / "try-it-here.sh")], check=True)


@pytest.mark.skipif(NGINX is None, reason="nginx is not installed (apt-get install nginx)")
def test_nginx_accepts_the_site_locations(tmp_path):
    config = tmp_path / "nginx.conf"
    ports = "".join(f"server 127.0.0.1:{port};" for port in _upstream_ports())
    config.write_text(
        f"pid {tmp_path}/nginx.pid; events {{}} http {{ include /etc/nginx/mime.types; "
        f"upstream whistdrive {{ {ports} }} server {{ listen 127.0.0.1:8999; "
        f"include {DEPLOY}/nginx/whistdrive-locations.conf; }} }}"
    )
    checked = subprocess.run(
        [NGINX, "-t", "-q", "-e", "stderr", "-p", str(tmp_path), "-c", str(config)],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stderr


CORRECT_IN_ANOTHER_PROCESS = """
from django.contrib.auth import get_user_model
from tournaments import services
from tournaments.models import Event
event = Event.objects.get(pk={event})
services.result_set_by_director(
    event=event, seating=event.seatings.get(round=1, table=1), board_number=1, ns_tricks=3,
    reason="Traveller misread", user=get_user_model().objects.get(pk={user}),
)
"""


@pytest.mark.django_db(transaction=True)
def test_a_correction_made_by_another_server_process_shows_in_this_ones_kept_standings(
    client, club, organiser, make_event
):
    event = make_event(club, tables=3, boards_per_round=2)
    services.event_deal_boards(event=event, seed="county", analyse=False)
    services.event_start(event=event)
    for table in (1, 2, 3):
        access = event.table_accesses.get(table=table)
        board = event.seatings.get(round=1, table=table).first_board
        services.table_result_enter(access=access, board_number=board, ns_tricks=9)
        services.table_result_confirm(access=access, board_number=board, ns_tricks=9)
    client.force_login(organiser)
    csv = reverse("tournaments:results-csv", args=[event.pk])
    before = client.get(csv).content.decode()
    with CaptureQueriesContext(connection) as captured:
        assert client.get(csv).content.decode() == before
    assert not any('FROM "tournaments_result"' in q["sql"] for q in captured)  # kept in this process

    # Another app server: its own process, its own cache, the same database.
    subprocess.run(
        [
            sys.executable,
            "manage.py",
            "shell",
            "-c",
            CORRECT_IN_ANOTHER_PROCESS.format(event=event.pk, user=organiser.pk),
        ],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database_url(connection.settings_dict)},
        check=True,
        capture_output=True,
    )

    after = client.get(csv).content.decode()  # nothing in this process's cache was touched
    assert after != before
    assert after == report_as_csv(services.event_report(Event.objects.get(pk=event.pk)))
    assert event.results.get(round=1, table=1).ns_tricks == 3
