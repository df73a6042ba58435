"""Where whistdrive finds its own files, and where it keeps a club's.

It runs two ways, told apart by one fact: an installed copy (the wheel) carries its templates,
static files and demo inside the package (``whistdrive/templates``, ``whistdrive/static``,
``whistdrive/fixtures``); a clone of the repository has them at its top level, beside manage.py.

- Its own files: the package's folder when installed, the repository's top level in a checkout.
- A club's data (``db.sqlite3``, ``hall/secret_key``, ``hall/backups/``, ``sent-mail/``,
  ``staticfiles/``): the folder ``WHISTDRIVE_HOME`` names, when set; else, in a checkout, the
  repository's top level (beside manage.py, as ``make run`` and the tests always had it); else the
  user's data folder (platformdirs): ``%LOCALAPPDATA%\\whistdrive`` on Windows,
  ``~/Library/Application Support/whistdrive`` on macOS, ``~/.local/share/whistdrive`` on Linux.

``DATABASE_URL`` still names another database wherever the data folder is.
"""

import os
from collections.abc import Mapping
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def is_installed(package_dir: Path = PACKAGE_DIR) -> bool:
    """True for a copy installed from the wheel: its package carries its own templates."""
    return (package_dir / "templates").is_dir()


def code_dir(package_dir: Path = PACKAGE_DIR) -> Path:
    """The folder holding templates/, static/ and fixtures/."""
    return package_dir if is_installed(package_dir) else package_dir.parent


def data_dir(package_dir: Path = PACKAGE_DIR, environ: Mapping[str, str] = os.environ) -> Path:
    """The folder a club's database, secret key and backups live in (see the module's rule)."""
    home = environ.get("WHISTDRIVE_HOME", "").strip()
    if home:
        return Path(home).expanduser().resolve()
    if not is_installed(package_dir):
        return package_dir.parent
    import platformdirs  # only an installed copy needs it

    return Path(platformdirs.user_data_dir("whistdrive", appauthor=False))
