"""The domain core imports nothing but the standard library and itself."""

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOMAIN = ROOT / "tournaments" / "domain"


def _package(path: Path) -> list[str]:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return parts if path.name == "__init__.py" else parts[:-1]


def _imports(path: Path, source: str | None = None):
    """Every module a file imports, relative imports resolved to their absolute names."""
    tree = ast.parse(source if source is not None else path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                yield node.module
                continue
            package = _package(path)
            if node.level - 1 >= len(package):
                yield "." * node.level + (node.module or "")
                continue
            base = package[: len(package) - (node.level - 1)]
            if node.module:
                yield ".".join([*base, node.module])
            else:
                yield from (".".join([*base, alias.name]) for alias in node.names)


def _foreign(path: Path, source: str | None = None) -> set[str]:
    return {
        name
        for name in _imports(path, source)
        if name.split(".")[0] not in sys.stdlib_module_names
        and name != "tournaments.domain"
        and not name.startswith("tournaments.domain.")
    }


def test_the_domain_uses_only_the_standard_library():
    files = sorted(DOMAIN.rglob("*.py"))
    assert files
    foreign = {(path.name, name) for path in files for name in _foreign(path)}
    assert foreign == set()


@pytest.mark.parametrize(
    "source",
    [
        "from ..models import Event",
        "from .. import models",
        "from ...whistdrive import settings",
        "import django",
        "from django.db import models",
        "from reportlab.lib import colors",
    ],
)
def test_it_catches_an_import_from_outside(source):
    assert _foreign(DOMAIN / "scoring.py", source)


def test_it_resolves_relative_imports_from_a_subpackage():
    assert _foreign(DOMAIN / "movements" / "mitchell.py", "from ...models import Event") == {
        "tournaments.models"
    }


@pytest.mark.parametrize(
    "source",
    ["from ..errors import MovementError", "from .types import Movement", "from . import types", "import re"],
)
def test_it_allows_the_domain_and_the_standard_library(source):
    assert _foreign(DOMAIN / "movements" / "mitchell.py", source) == set()
