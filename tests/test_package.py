"""whistdrive as an installed application: the whistdrive command, where it keeps a club's data,
what the wheel carries, and /healthz. (CI builds and installs the wheel itself: .ci/wheel-check.)"""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import platformdirs
import pytest
from django.urls import reverse

import whistdrive
from whistdrive import cli, locations

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def _installed_package(tmp_path):
    """A package folder laid out as the wheel lays it out: its templates inside it."""
    package = tmp_path / "site-packages" / "whistdrive"
    (package / "templates").mkdir(parents=True)
    return package


def test_the_whistdrive_command_runs_management_commands():
    clean = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DEBUG")}
    run = subprocess.run(
        [sys.executable, "-m", "whistdrive", "manage", "check"],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "System check identified no issues" in run.stdout


def test_the_wheels_console_command_is_the_command_line():
    assert PYPROJECT["project"]["scripts"] == {"whistdrive": "whistdrive.cli:main"}


def test_it_says_its_version(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--version"])
    assert capsys.readouterr().out.strip() == f"whistdrive {whistdrive.__version__}"


def test_a_checkout_keeps_its_data_beside_manage_py():
    package = ROOT / "whistdrive"
    assert not locations.is_installed(package)
    assert locations.data_dir(package, environ={}) == ROOT
    assert locations.code_dir(package) == ROOT


def test_an_installed_copy_keeps_its_data_in_the_users_data_folder(tmp_path):
    package = _installed_package(tmp_path)
    assert locations.is_installed(package)
    assert locations.data_dir(package, environ={}) == Path(
        platformdirs.user_data_dir("whistdrive", appauthor=False)
    )
    assert locations.code_dir(package) == package


def test_whistdrive_home_names_the_data_folder_either_way(tmp_path):
    for package in (ROOT / "whistdrive", _installed_package(tmp_path)):
        assert locations.data_dir(package, environ={"WHISTDRIVE_HOME": str(tmp_path / "club")}) == (
            tmp_path / "club"
        )


def test_the_settings_keep_the_database_and_backups_in_the_data_folder(tmp_path):
    shown = (
        "from django.conf import settings as s; print(s.DATABASES['default']['NAME']); print(s.BACKUP_DIR)"
    )
    clean = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import django, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'whistdrive.settings'; {shown}",
        ],
        cwd=ROOT,
        env={**clean, "WHISTDRIVE_HOME": str(tmp_path / "club")},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    club = tmp_path / "club"
    assert run.stdout.split() == [str(club / "db.sqlite3"), str(club / "hall" / "backups")]
    assert (tmp_path / "club").is_dir()


def test_the_wheel_lists_every_python_package_of_the_repository():
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("whistdrive", "tournaments")
        for init in (ROOT / top).rglob("__init__.py")
    }
    listed = set(PYPROJECT["tool"]["setuptools"]["packages"])
    assert on_disk <= listed
    mapped = PYPROJECT["tool"]["setuptools"]["package-dir"]
    assert mapped == {
        "whistdrive.templates": "templates",
        "whistdrive.static": "static",
        "whistdrive.fixtures": "fixtures",
    }


def _pins(name: str) -> list[str]:
    lines = (ROOT / name).read_text().splitlines()
    return [line.split("==")[0] for line in lines if line.strip() and not line.startswith("#")]


def test_the_wheel_reads_its_dependencies_and_its_analysis_extra_from_the_requirements_files():
    assert {"dependencies", "optional-dependencies"} <= set(PYPROJECT["project"]["dynamic"])
    dynamic = PYPROJECT["tool"]["setuptools"]["dynamic"]
    assert dynamic["dependencies"] == {"file": ["requirements-base.txt"]}
    assert dynamic["optional-dependencies"] == {"analysis": {"file": ["requirements-analysis.txt"]}}
    assert "endplay" not in _pins("requirements-base.txt")  # a Python without its wheel installs the rest
    assert _pins("requirements-analysis.txt") == ["endplay"]
    assert "<" not in PYPROJECT["project"]["requires-python"]


def test_a_checkout_installs_the_wheels_dependencies_and_the_analysis():
    assert _pins("requirements.txt") == ["-r requirements-base.txt", "-r requirements-analysis.txt"]
    assert "-r requirements.txt" in _pins("requirements-dev.txt")


def test_backup_says_plainly_when_this_version_has_no_such_command(db, capsys, monkeypatch):
    monkeypatch.setattr("django.core.management.get_commands", lambda: {"check": "django.core"})
    assert cli.main(["backup", "club.json"]) == 1
    assert "not available in this version" in capsys.readouterr().err


def test_backup_and_restore_are_the_management_commands_of_those_names(db, monkeypatch):
    ran = []
    monkeypatch.setattr("django.core.management.get_commands", lambda: {"backup": "x", "restore": "x"})
    monkeypatch.setattr(cli, "manage", ran.append)
    cli.main(["backup", "club.json"])
    cli.main(["restore", "club.json"])
    cli.main(["restore", "club.json", "--erasures", "old/erasures.json"])
    cli.main(["restore", "club.json", "--without-erasures"])
    assert ran == [
        ["backup", "club.json"],
        ["restore", "club.json"],
        ["restore", "club.json", "--erasures", "old/erasures.json"],
        ["restore", "club.json", "--without-erasures"],
    ]


def test_healthz_reports_the_version_and_the_database(client, db):
    response = client.get(reverse("tournaments:healthz"))
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "version": whistdrive.__version__, "database": "ok"}


def test_healthz_answers_503_while_the_database_does_not(client, db, monkeypatch):
    from django.db import OperationalError

    def down(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr("tournaments.models.Heartbeat.objects.exists", down)
    response = client.get(reverse("tournaments:healthz"))
    assert response.status_code == 503
    assert response.json()["database"] == "unavailable"
