"""The rules model imports numpy and the standard library only (STYLE lesson 1)."""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys

import pytest
from import_graph import trees_read

MODEL = pathlib.Path(__file__).resolve().parents[2] / "model"
FORBIDDEN = ("PySide6", "PyQt5", "PyQt6", "qtpy", "vtk", "vtkmodules", "pyvista", "pyvistaqt")


@pytest.fixture(autouse=True, scope="module")
def _trees_read():
    """The sources' trees read with the collector paused, let go of after (import_graph)."""
    with trees_read():
        yield


def test_model_source_names_no_gui_module():
    offenders = []
    for path in MODEL.rglob("*.py"):
        source = path.read_text()
        if not any(name in source for name in FORBIDDEN):
            continue  # (an import writes its module's name out: the tree of none read)
        for node in ast.walk(ast.parse(source, str(path))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []


def test_model_imports_with_gui_libraries_absent():
    # Make every GUI library unimportable, then import every model module.
    code = f"""
import importlib, pkgutil, sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in {FORBIDDEN!r}:
            raise ImportError('blocked: ' + name)
sys.meta_path.insert(0, Block())
from pyramid_lab import model
for info in pkgutil.walk_packages(model.__path__, 'pyramid_lab.model.'):
    importlib.import_module(info.name)
loaded = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})
assert not loaded, loaded
print('ok')
"""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=MODEL.parent
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
