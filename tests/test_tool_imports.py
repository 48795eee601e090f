"""The scripts (scripts/*.py) and the benches (tests/bench/*.py) import the package by
module paths, many inside functions that no test calls: a module moved or merged into
another broke ``tests/bench/gui_monkey.py`` (``viewer.desktop.slots``, long since
``viewer.widgets.slots``) without a word. Here every ``from pyramid_lab... import name``
they write is looked up: the module imported, the name on it or a module beside it; and
every attribute they read of a package module they import, or of an instance of a class
they import (a forwarder that goes leaves a script waiting on it)."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import re
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


def instances_read(tool: Path) -> set[tuple[str, str, str, int]]:
    """(module, class, attribute, line) of each attribute ``tool`` reads of a name it bound
    to an instance of a class it imports from the package: ``x = Class(...)`` or ``x =
    window.findChild(Class)`` (a dialog a script drives)."""
    tree = ast.parse(tool.read_text(encoding="utf-8"))
    classes = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pyramid_lab."):
            for alias in node.names:
                if alias.name[:1].isupper():
                    classes[alias.asname or alias.name] = (node.module, alias.name)
    bound: dict[str, tuple[str, str]] = {}
    for node in ast.walk(tree):
        match node:
            case ast.Assign(targets=[ast.Name(id=name)], value=ast.Call(func=func, args=args)):
                made = func.id if isinstance(func, ast.Name) else None
                if isinstance(func, ast.Attribute) and func.attr == "findChild" and args:
                    made = args[0].id if isinstance(args[0], ast.Name) else None
                if made in classes:
                    bound[name] = classes[made]
    return {
        (*bound[node.value.id], node.attr, node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in bound
    }


def made_on_instances(cls: type, attribute: str) -> bool:
    """Whether ``cls`` or a base of it in the package writes ``self.attribute``."""
    wrote = re.compile(rf"\bself\.{re.escape(attribute)}\b\s*(:[^=\n]*)?=(?!=)")
    for base in cls.__mro__:
        if base.__module__.startswith("pyramid_lab.") and wrote.search(inspect.getsource(base)):
            return True
    return False


#: Read on purpose of another tree than this one: (tool, Class.attribute) -> why.
OLDER_TREES = {
    ("tests/bench/bench_window.py", "MainWindow.render_scene"): (
        "the window of a tree before the lab's stage, which the bench measures side by side"
    ),
}


def test_the_scripts_read_only_what_the_package_s_instances_have():
    """A name a tool bound to an instance of a package class: every attribute it reads is
    the class's (a property that only forwarded, ComposeDialog.written, went in 374ef344
    while scripts/review_shots.py still waited on it)."""
    read = {(tool.relative_to(ROOT).as_posix(), *r) for tool in TOOLS for r in instances_read(tool)}
    assert any(r[0] == "scripts/review_shots.py" and r[2] == "ComposeDialog" for r in read)
    missing = []
    for tool, module, name, attribute, line in sorted(read):
        cls = getattr(importlib.import_module(module), name)
        if (tool, f"{name}.{attribute}") in OLDER_TREES:
            continue
        if not hasattr(cls, attribute) and not made_on_instances(cls, attribute):
            missing.append(f"{tool}:{line}: {name}.{attribute}")
    assert not missing, "\n".join(missing)


def is_module(dotted: str) -> bool:
    """Whether ``dotted`` names a module (False where its parent is no package)."""
    try:
        return importlib.util.find_spec(dotted) is not None
    except (ImportError, AttributeError):
        return False


def modules_read(tool: Path) -> set[tuple[str, str, int]]:
    """(module, attribute, line) of each attribute ``tool`` reads of a package module it
    imported under a name (``from pyramid_lab.model import files``: ``files.read``)."""
    tree = ast.parse(tool.read_text(encoding="utf-8"))
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        match node:
            case ast.ImportFrom(module=str(module), level=0) if module.startswith("pyramid_lab"):
                for alias in node.names:
                    if is_module(f"{module}.{alias.name}"):
                        names[alias.asname or alias.name] = f"{module}.{alias.name}"
            case ast.Import():
                for alias in node.names:
                    if alias.name.startswith("pyramid_lab") and alias.asname:
                        names[alias.asname] = alias.name
    return {
        (names[node.value.id], node.attr, node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in names
    }


def test_the_scripts_read_only_what_the_package_s_modules_have():
    """A module a tool imported: every attribute it reads is on it, or a module beside it
    (kill_save read model.files.PositionFormatError, which 4ca17a36's package no longer
    named: its ``except`` would have raised AttributeError at the first unreadable file)."""
    read = {(tool.relative_to(ROOT).as_posix(), *r) for tool in TOOLS for r in modules_read(tool)}
    assert any(
        r[:3] == ("tests/bench/kill_save.py", "pyramid_lab.model.files", "read") for r in read
    )
    missing = []
    for tool, module, attribute, line in sorted(read):
        held = importlib.import_module(module)
        if hasattr(held, attribute) or is_module(f"{module}.{attribute}"):
            continue
        missing.append(f"{tool}:{line}: {module}.{attribute}")
    assert not missing, "\n".join(missing)
