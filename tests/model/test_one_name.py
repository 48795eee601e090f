"""One import name: the program is imported as ``pyramid_lab`` (``pyramid_lab.model``,
``pyramid_lab.viewer``, ``pyramid_lab.shaders``), never by the repository's folder names,
which an installed program does not have and another distribution may (issue 73).

Reads files only (ast); the installed wheel's own names are checked by
tests/viewer/test_install.py, and ``import model`` failing where the program is installed
by the subprocess below."""

from __future__ import annotations

import ast
import pathlib
import re
import subprocess
import sys

import pytest
from import_graph import ROOT, trees_read

FOLDERS = ("model", "viewer", "shaders")
#: Every Python file of the repository that the tests, the scripts and the program run
#: (pyramid_lab/'s own modules are read alone: its folders are links to these).
CHECKED = ("model", "viewer", "shaders", "tests", "scripts", "examples")


@pytest.fixture(autouse=True, scope="module")
def _trees_read():
    """The sources' trees read with the collector paused, let go of after (import_graph)."""
    with trees_read():
        yield


#: A line that may import a folder by its name: the word ``import``, and a folder's name
#: that follows no dot nor letter (``pyramid_lab.model`` names none), in either order.
_MAY_IMPORT = re.compile(
    r"^(?=.*\bimport\b)(?=.*(?<![.\w])(?:" + "|".join(FOLDERS) + r")\b)", re.MULTILINE
)


def may_import_a_folder(source: str) -> bool:
    """False only where ``source`` cannot import a folder by name, so that its tree need
    not be read (most files: 727 of 760): an ``import`` statement's module is written on
    the line of its keyword (``import`` or ``from ... import``) unless a backslash
    continues that line, and a dynamic import is an ``import_module`` call."""
    return "import_module" in source or "\\\n" in source or bool(_MAY_IMPORT.search(source))


def folder_imports(path: pathlib.Path) -> list[str]:
    """``LINE: NAME`` for each import in ``path`` of a folder name as a top-level module,
    and each dynamic import of one written out (``import_module("model.x")``)."""
    found: list[str] = []
    source = path.read_text(encoding="utf-8")
    if not may_import_a_folder(source):
        return found
    for node in ast.walk(ast.parse(source, str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names = [node.module]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names = [node.args[0].value]
        found += [f"{node.lineno}: {n}" for n in names if n.split(".")[0] in FOLDERS]
    return found


def test_nothing_imports_a_folder_name():
    paths = [path for folder in CHECKED for path in sorted((ROOT / folder).rglob("*.py"))]
    paths += sorted((ROOT / "pyramid_lab").glob("*.py"))
    assert len(paths) > 400
    offences = [
        f"{path.relative_to(ROOT)}:{line}" for path in paths for line in folder_imports(path)
    ]
    assert offences == []


def test_the_check_finds_a_folder_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import model.game\nfrom viewer.lab import Lab\nimport importlib\n"
        "importlib.import_module('shaders')\nfrom pyramid_lab.model import game\n"
    )
    assert folder_imports(bad) == ["1: model.game", "2: viewer.lab", "4: shaders"]
    # the forms a line's reading must let through to the tree: a folder after another
    # name, a name on the line after its keyword, a dynamic import's name on the next line
    odd = tmp_path / "odd.py"
    odd.write_text(
        "import os, model.game\nfrom model \\\n    import lattice\nimport importlib\n"
        "importlib.import_module(\n    'viewer.cli'\n)\n"
    )
    assert folder_imports(odd) == ["1: model.game", "2: model", "5: viewer.cli"]
    may = ("import os, model", "from viewer import lab", "x = 1; import shaders",
           "from model \\\n import lattice", "import_module(\n 'viewer.cli')")  # fmt: skip
    for source in may:
        assert may_import_a_folder(source + "\n"), source
    for source in ("from pyramid_lab.model import game", "import models", "the model's view"):
        assert not may_import_a_folder(source + "\n"), source


def test_the_package_links_to_the_folders():
    # pyramid_lab/ holds the package's own module and links to the three folders: one tree
    for folder in FOLDERS:
        link = ROOT / "pyramid_lab" / folder
        assert link.is_symlink(), link
        assert link.resolve() == (ROOT / folder).resolve()


def test_the_folder_names_do_not_import_where_it_is_installed(tmp_path):
    # from another folder (the repository is not on the path there): only pyramid_lab
    code = (
        "import importlib.util, pyramid_lab.model.game\n"
        "print([n for n in ('model', 'viewer', 'shaders') if importlib.util.find_spec(n)])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
