"""No ``Any`` in the lab's public signatures and attributes (issue 74 item 5): each public
function's and method's parameters and return, each public class's annotated attributes
(in its body, and ``self.name: ...`` in its methods) say what they are, read from the
source with ``ast`` (nothing is imported). What stays is listed, each with its reason.

``UI = GameUI[Any]`` (viewer/lab/game_ui.py) is the one named alias that holds it: a game
UI of any turn builder (Python has no "some turn builder"; a ``GameUI[T]`` is none of
``GameUI[TurnBuilder]``, since ``T`` goes into its methods as well as out of them)."""

from __future__ import annotations

import ast
import pathlib

LAB = pathlib.Path(__file__).resolve().parents[2] / "viewer" / "lab"

#: "Class.attribute" or "function(parameter)" -> why it still says Any.
ALLOWED: dict[str, str] = {}


def _says_any(node: ast.expr | None) -> bool:
    if node is None:
        return False
    for part in ast.walk(node):
        if isinstance(part, ast.Name) and part.id == "Any":
            return True
        if isinstance(part, ast.Attribute) and part.attr == "Any":
            return True
        if isinstance(part, ast.Constant) and isinstance(part.value, str):
            try:
                quoted = ast.parse(part.value, mode="eval").body
            except SyntaxError:
                continue
            if _says_any(quoted):
                return True
    return False


def _public(name: str) -> bool:
    return not name.startswith("_") or (name.startswith("__") and name.endswith("__"))


def _function(node: ast.FunctionDef | ast.AsyncFunctionDef, owner: str) -> list[str]:
    args = node.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    every += [a for a in (args.vararg, args.kwarg) if a is not None]
    out = [f"{owner}{node.name}({a.arg})" for a in every if _says_any(a.annotation)]
    if _says_any(node.returns):
        out.append(f"{owner}{node.name} -> ")
    return out


def _class(node: ast.ClassDef) -> list[str]:
    out = []
    for item in node.body:
        if (
            isinstance(item, ast.AnnAssign)
            and isinstance(item.target, ast.Name)
            and _public(item.target.id)
            and _says_any(item.annotation)
        ):
            out.append(f"{node.name}.{item.target.id}")
        if not isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if _public(item.name):
            out += _function(item, f"{node.name}.")
        for line in ast.walk(item):
            if (
                isinstance(line, ast.AnnAssign)
                and isinstance(line.target, ast.Attribute)
                and isinstance(line.target.value, ast.Name)
                and line.target.value.id == "self"
                and _public(line.target.attr)
                and _says_any(line.annotation)
            ):
                out.append(f"{node.name}.{line.target.attr}")
    return out


def public_any(source: str) -> list[str]:
    """The public signatures and attributes of a module's ``source`` that say Any."""
    out = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _public(node.name):
            out += _function(node, "")
        elif isinstance(node, ast.ClassDef) and _public(node.name):
            out += _class(node)
    return out


def test_the_lab_s_public_signatures_say_no_any():
    found = {
        f"{path.name}: {place}": place
        for path in sorted(LAB.glob("*.py"))
        for place in public_any(path.read_text(encoding="utf-8"))
    }
    assert sorted(k for k, place in found.items() if place not in ALLOWED) == []
    assert set(ALLOWED) <= set(found.values()), "an allowance no longer needed: drop it"


def test_the_test_sees_any_where_it_hides():
    source = (
        "from typing import Any\nimport typing\n"
        "def f(x: int, *a: 'Any', **k: int) -> dict[str, typing.Any]: ...\n"
        "def _private(x: Any) -> Any: ...\n"
        "class C:\n"
        "    key: tuple[Any, int]\n"
        "    _hidden: Any\n"
        "    def __init__(self) -> None:\n"
        "        self.seen: list[Any] = []\n"
        "        self._own: Any = None\n"
        "    def m(self, v: object) -> object: ...\n"
        "class _Private:\n"
        "    x: Any\n"
    )
    assert public_any(source) == ["f(a)", "f -> ", "C.key", "C.seen"]
