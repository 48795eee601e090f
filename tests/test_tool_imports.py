"""The scripts (scripts/*.py) and the benches (tests/bench/*.py) import the package by
module paths, many inside functions that no test calls: a module moved or merged into
another broke ``tests/bench/gui_monkey.py`` (``viewer.desktop.slots``, long since
``viewer.widgets.slots``) without a word. Here every ``from pyramid_lab... import name``
they write is looked up: the module imported, the name on it or a module beside it."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOLS = sorted([*(ROOT / "scripts").glob("*.py"), *(ROOT / "tests" / "bench").glob("*.py")])


def package_imports(tool: Path) -> set[tuple[str, str | None]]:
    """(module, name) of each import of ``pyramid_lab`` in ``tool``, anywhere in it (name
    None for ``import pyramid_lab.x``)."""
    found: set[tuple[str, str | None]] = set()
    for node in ast.walk(ast.parse(tool.read_text(encoding="utf-8"))):
        match node:
            case ast.ImportFrom(module=str(module), level=0) if module.split(".")[0] == (
                "pyramid_lab"
            ):
                found.update((module, alias.name) for alias in node.names)
            case ast.Import():
                found.update(
                    (alias.name, None)
                    for alias in node.names
                    if alias.name.split(".")[0] == "pyramid_lab"
                )
    return found


def test_the_scripts_and_benches_import_only_what_the_package_has():
    read = {
        (tool.relative_to(ROOT).as_posix(), *pair)
        for tool in TOOLS
        for pair in (package_imports(tool))
    }
    assert ("tests/bench/gui_monkey.py", "pyramid_lab.viewer.widgets", "slots") in read
    missing = []
    for tool, module, name in sorted(read, key=str):
        try:
            held = importlib.import_module(module)
        except ImportError as error:
            missing.append(f"{tool}: {module} ({error})")
            continue
        if name is None or name == "*" or hasattr(held, name):
            continue
        try:
            importlib.import_module(f"{module}.{name}")
        except ImportError:
            missing.append(f"{tool}: {module}.{name}")
    assert not missing, "\n".join(missing)
