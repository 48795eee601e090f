"""The screenshot scripts (scripts/*_shots.py, scripts/screenshots.py) drive the window by
its parts, run by hand on a display and by no test: a part's attribute they read that the
window no longer has (``window.parts.reviewer.thinking``, gone when the Review control
stopped forwarding the lab's state) broke review_shots.py without a word. Here every
``window.parts.<part>.<name>`` they read is looked up on a real window."""

from __future__ import annotations

import ast
from pathlib import Path

from pyramid_lab.viewer.widgets.later_dock import LaterDock

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted((ROOT / "scripts").glob("*.py"))


def parts_read(script: Path) -> set[tuple[str, str]]:
    """(part, name) of each ``window.parts.<part>.<name>`` in ``script``."""
    found = set()
    for node in ast.walk(ast.parse(script.read_text(encoding="utf-8"))):
        match node:
            case ast.Attribute(
                value=ast.Attribute(
                    value=ast.Attribute(value=ast.Name(id="window"), attr="parts"), attr=part
                ),
                attr=name,
            ):
                found.add((part, name))
    return found


def test_the_shot_scripts_read_only_what_the_window_s_parts_have(make_window, guard_errors):
    window = make_window()
    read = {(script.name, *pair) for script in SCRIPTS for pair in parts_read(script)}
    assert ("review_shots.py", "reviewer", "dock") in read  # (the walk finds them)
    assert window.parts.lessons.panel  # (made on first use: its steps in the Lesson dock)
    missing = []
    for name, part, attr in sorted(read):
        held = getattr(window.parts, part)
        if isinstance(held, LaterDock):  # (a dock's body is made when first shown)
            held.body()
        if not hasattr(held, attr):
            missing.append(f"{name}: window.parts.{part}.{attr}")
    assert missing == []
    assert not guard_errors
