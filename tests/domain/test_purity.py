"""The domain core imports nothing but the standard library and itself."""

import ast
import sys
from pathlib import Path

DOMAIN = Path(__file__).resolve().parents[2] / "tournaments" / "domain"


def _imports(path: Path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module


def test_the_domain_uses_only_the_standard_library():
    files = sorted(DOMAIN.rglob("*.py"))
    assert files
    foreign = {
        (path.name, name)
        for path in files
        for name in _imports(path)
        if name.split(".")[0] not in sys.stdlib_module_names
    }
    assert foreign == set()
