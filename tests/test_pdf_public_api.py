"""The documents draw through reportlab's public calls only: no module under ``tournaments/pdf``
reaches into another object's private names (``text._code``, ``canvas._doc``, ``canvas.__dict__``)
or imports reportlab's private helpers (``rl_accel``, ``_``-names), so a reportlab upgrade breaks
them loudly, at a call that is documented, if at all."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PDF = ROOT / "tournaments" / "pdf"


def _is_super_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"


def _private_in_reportlab(dotted: str) -> bool:
    """Whether an imported name is one of reportlab's private ones: a part of its path begins with
    ``_``, or it is ``rl_accel`` (the accelerator's functions behind the public calls)."""
    parts = dotted.split(".")
    return parts[0] == "reportlab" and any(p.startswith("_") or p == "rl_accel" for p in parts)


def _private_uses(source: str) -> set[str]:
    """Each private name the source reaches: an attribute beginning with ``_`` on anything but
    ``self`` (or ``super()``), such a name given to ``getattr``, ``setattr`` or ``hasattr``, and an
    import of ``rl_accel`` or of a ``_``-name from reportlab."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            owner = node.value
            if not (isinstance(owner, ast.Name) and owner.id == "self") and not _is_super_call(owner):
                found.add(ast.unparse(node))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("getattr", "setattr", "hasattr") and len(node.args) >= 2:
                name = node.args[1]
                if isinstance(name, ast.Constant) and str(name.value).startswith("_"):
                    found.add(ast.unparse(node))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if _private_in_reportlab(alias.name))
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = (f"{node.module}.{alias.name}" for alias in node.names)
            found.update(name for name in names if _private_in_reportlab(name))
    return found


def test_the_documents_use_only_reportlabs_public_names():
    files = sorted(PDF.rglob("*.py"))
    assert files
    private = {(path.name, use) for path in files for use in _private_uses(path.read_text())}
    assert private == set()


@pytest.mark.parametrize(
    "source",
    [
        "code = text._code",
        "doc = canvas._doc",
        "canvas.__dict__.setdefault('cache', {})",
        "first._laid_out = None",
        "self.text._code.append('Tj')",
        "getattr(canvas, '_fontname')",
        "from reportlab.lib.rl_accel import fp_str",
        "import reportlab.lib.rl_accel",
        "from reportlab.lib import rl_accel",
        "from reportlab.pdfbase.pdfmetrics import _fonts",
        "from reportlab.lib._rl_accel import escapePDF",
    ],
)
def test_it_catches_a_private_name(source):
    assert _private_uses(source)


@pytest.mark.parametrize(
    "source",
    [
        "self._laid_out = None",
        "super().__init__()",
        "text = canvas.beginText()",
        "text.setTextOrigin(1, 2); text.textOut('N/S'); canvas.drawText(text)",
        "from reportlab.pdfbase.pdfmetrics import stringWidth",
        "from ._helpers import thing",
        "getattr(style, 'fontName')",
    ],
)
def test_it_allows_public_names_and_its_own(source):
    assert _private_uses(source) == set()
