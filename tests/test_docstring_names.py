"""The product's docstrings and comments name modules that exist (issue 110 items 3 and 5):
a merge of modules split for a count leaves sentences that send a reader to a room that is
gone (model/partition's docstring sent the reader to ``placing.py`` after the rules took it
in). Read in model/ and viewer/: every ``:mod:`` reference, absolute or relative to its own
package; every ``:func:``, ``:class:``, ``:meth:``, ``:data:`` or ``:attr:`` reference by
its full path, whose first name after the module the module must define or import; and
every ``name.py`` named, which some file of the repository must be."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("model", "viewer")
#: Files named as retired, on purpose: the sentence says they are gone.
RETIRED = {"retro.py"}

MODULE = re.compile(r":mod:`~?(?:pyramid_lab\.)?((?:model|viewer)(?:\.\w+)*|\.+\w+(?:\.\w+)*)`")
NAME = re.compile(
    r":(?:func|class|meth|data|attr|exc):`~?(?:pyramid_lab\.)?((?:model|viewer)\.[\w.]+)`"
)
FILE = re.compile(r"(?<![\w/.*-])([a-z_][a-z0-9_]*\.py)\b")


def is_module(dotted: str) -> bool:
    path = ROOT.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


@functools.cache
def top_names(module: Path) -> frozenset[str]:
    """The names ``module`` defines or imports at its top (its ``if TYPE_CHECKING:`` too)."""
    names: set[str] = set()
    for node in ast.parse(module.read_text(encoding="utf-8")).body:
        for item in node.body if isinstance(node, ast.If) else [node]:
            match item:
                case ast.FunctionDef(name=name) | ast.ClassDef(name=name):
                    names.add(name)
                case ast.Import(names=aliases) | ast.ImportFrom(names=aliases):
                    names.update((a.asname or a.name).split(".")[0] for a in aliases)
                case ast.Assign(targets=targets):
                    names.update(t.id for t in targets if isinstance(t, ast.Name))
                case ast.AnnAssign(target=ast.Name(id=name)):
                    names.add(name)
    return frozenset(names)


def is_name(dotted: str) -> bool:
    """Whether ``dotted`` is a module, or a name its longest module prefix defines (a
    package's door that hands names out on demand, ``__getattr__``, holds any)."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        path = ROOT.joinpath(*parts[:end])
        module = (
            path.with_suffix(".py") if path.with_suffix(".py").is_file() else path / "__init__.py"
        )
        if module.is_file():
            if end == len(parts):
                return True
            names = top_names(module)
            return "__getattr__" in names or parts[end] in names
    return False


def absolute(reference: str, package: tuple[str, ...]) -> str:
    """``reference`` (``.x``, ``..x.y`` or a dotted path) as a dotted path from the root."""
    if not reference.startswith("."):
        return reference
    dots = len(reference) - len(reference.lstrip("."))
    base = package[: len(package) - (dots - 1)]
    return ".".join([*base, reference.lstrip(".")])


def names_gone(source: Path, text: str, files: set[str]) -> list[str]:
    """Each module ``text`` (the source of ``source``) names that does not exist."""
    package = source.relative_to(ROOT).parent.parts
    gone = []
    for n, line in enumerate(text.splitlines(), 1):
        for found in MODULE.finditer(line):
            if not is_module(absolute(found[1], package)):
                gone.append(f"{source.relative_to(ROOT)}:{n}: :mod:`{found[1]}`")
        for found in NAME.finditer(line):
            if not is_name(found[1].rstrip(".")):
                gone.append(f"{source.relative_to(ROOT)}:{n}: {found[1]}")
        for found in FILE.finditer(line):
            if found[1] not in files and found[1] not in RETIRED:
                gone.append(f"{source.relative_to(ROOT)}:{n}: {found[1]}")
    return gone


def test_a_module_named_in_the_product_exists():
    files = {p.name for p in ROOT.rglob("*.py") if not p.relative_to(ROOT).parts[0].startswith(".")}
    sources = sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))
    assert len(sources) > 200
    gone = [line for p in sources for line in names_gone(p, p.read_text(encoding="utf-8"), files)]
    assert not gone, "\n".join(gone)


def test_a_module_gone_is_found():
    source = ROOT / "viewer" / "lab" / "board.py"  # (its package, for the relative names)
    text = (
        "a :mod:`.outcome`, a :mod:`.no_such`, a :mod:`viewer.no_such`, and gone.py; "
        ":class:`viewer.lab.board.Board`, :func:`viewer.lab.board.no_such`\n"
    )
    assert names_gone(source, text, {"outcome.py"}) == [
        "viewer/lab/board.py:1: :mod:`.no_such`",
        "viewer/lab/board.py:1: :mod:`viewer.no_such`",
        "viewer/lab/board.py:1: viewer.lab.board.no_such",
        "viewer/lab/board.py:1: gone.py",
    ]
