"""The window stays responsive while a lesson's win-within answer waits for the compiled
search that another thread compiles (the GUI monkey, seed 1: the window's thread waited 65 s
in the first use's lock, a frozen window): the move comes back at once, the Lesson dock says
the wait, a Qt timer keeps firing, and the verdict comes once the compile is done. The
compile is a stand-in: the first use's lock held by a thread of the test."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from pyramid_lab.model.search.compiled import first_use
from pyramid_lab.viewer.desktop.lessons import play_answer
from tests.patience import WAIT_MS, WAIT_S

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "model" / "data" / "lessons" / "partition" / "08-three-corners-win.lesson.json"
STEP = f"{first_use.COMPILING}: the proof searches"


@pytest.fixture
def compiling(monkeypatch):
    """Another thread compiling the search (the computer's first use): the first use's
    lock held until ``go`` is set; ``held`` is that thread."""
    state = first_use._State()  # this process as one whose core is not ready yet
    monkeypatch.setattr(first_use, "_state", state)
    go, taken = threading.Event(), threading.Event()

    def compile_elsewhere() -> None:
        with state.lock:
            state.fraction, state.text = 0.1, STEP
            taken.set()
            go.wait(WAIT_S)
            state.parts.update(first_use.PARTS)
            state.text = ""

    held = threading.Thread(target=compile_elsewhere, name="compile-stand-in", daemon=True)
    held.start()
    assert taken.wait(WAIT_S)
    yield go, held
    go.set()
    held.join(WAIT_S)


def test_the_window_turns_while_the_answer_waits_for_the_compile(make_window, qtbot, compiling):
    from PySide6.QtCore import QTimer

    go, held = compiling
    window = make_window()
    assert window.lab.documents.open(LESSON)
    control = window.parts.lessons
    control.state.go(1)  # "Win with one red ball." (within 1 ply)
    ticks: list[int] = []
    timer = QTimer(window, interval=0)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start()
    play_answer(window.board, "0,0,3")  # before: the window's thread waited here
    assert held.is_alive()  # back while the compile still goes on
    qtbot.waitUntil(lambda: len(ticks) >= 3, timeout=WAIT_MS)  # the event loop turns
    assert held.is_alive()
    qtbot.waitUntil(lambda: STEP in control.panel.verdict.text(), timeout=WAIT_MS)
    assert control.panel.verdict.text() == f"{STEP}; then Judging your move with the prover..."
    assert control.state.verdict is None
    go.set()
    qtbot.waitUntil(lambda: control.state.verdict is not None, timeout=WAIT_MS)
    timer.stop()
    assert control.state.verdict.correct, control.state.verdict.reason
    assert control.panel.verdict.text().startswith("Right!")
