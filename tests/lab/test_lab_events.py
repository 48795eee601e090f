"""The lab's events carry types (issue 56): every signal of the lab and the window says
what it carries (``Signal[[...]]``), so mypy checks each ``emit`` and each slot; a
``Signal`` calls its slots in order, with the change's arguments."""

from __future__ import annotations

import ast
from pathlib import Path

from pyramid_lab.model.game import game_class
from pyramid_lab.viewer.lab import Lab
from pyramid_lab.viewer.lab.bulletin import BulletinField
from pyramid_lab.viewer.lab.events import PositionChange, Signal
from pyramid_lab.viewer.lab.port import Port
from pyramid_lab.viewer.lab.session import KEEPS_POSITION, Session

ROOT = Path(__file__).resolve().parents[2]


def untyped_signals(folder: Path) -> list[str]:
    """``x = Signal()`` with no annotation saying what it carries, in ``folder``."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Call)
                and isinstance(node.value.func, ast.Name)
                and node.value.func.id == "Signal"
                and "events import Signal" in path.read_text(encoding="utf-8")
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_every_signal_of_the_lab_and_the_window_says_what_it_carries() -> None:
    assert untyped_signals(ROOT / "viewer" / "lab") == []
    assert untyped_signals(ROOT / "viewer" / "desktop") == []


def test_a_signal_calls_its_slots_in_order_with_the_change() -> None:
    heard: list[tuple[str, PositionChange]] = []
    changed: Signal[[PositionChange]] = Signal()
    first = lambda reason: heard.append(("first", reason))  # noqa: E731 (a slot to remove)
    changed.connect(first)
    changed.connect(lambda reason: heard.append(("second", reason)))
    changed.emit("move")
    changed.disconnect(first)
    changed.emit(KEEPS_POSITION[0])
    assert heard == [("first", "move"), ("second", "move"), ("second", "saved")]


def test_the_status_line_and_progress_are_the_labs_state_not_calls_on_its_port(port) -> None:
    lab = Lab(Session(game_class("partition").new()), port)  # a bulletin of its own
    fields: list[BulletinField] = []
    lab.bulletin.changed.connect(fields.append)
    lab.session.message.emit("hello")
    lab.bulletin.show_progress(0.5, "thinking")
    lab.bulletin.show_prompt("your move")
    lab.bulletin.show_prompt("your move")  # the same prompt: no change
    assert (lab.bulletin.status, lab.bulletin.progress, lab.bulletin.prompt) == (
        "hello",
        0.5,
        "your move",
    )
    assert fields == ["status", "progress", "prompt"]
    assert port.statuses == []  # the port only asks: this lab's bulletin is not the port's
    asks = {name for name in vars(Port) if not name.startswith("_")}
    assert asks == {"choose_file", "ask", "confirm", "ask_number", "show_message"}
