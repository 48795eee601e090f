"""The window stays responsive while a lesson's win-within answer waits for the compiled
search that another thread compiles (the GUI monkey, seed 1: the window's thread waited 65 s
in the first use's lock, a frozen window): the move comes back at once, the Lesson dock says
the wait, a Qt timer keeps firing, and the verdict comes once the compile is done. The
compile is a stand-in: the first use's lock held by a thread of the test."""

from __future__ import annotations

import pytest

from pyramid_lab.viewer.desktop.lessons import play_answer
from tests.compile_stand_in import LESSON, STEP, compile_held
from tests.patience import WAIT_MS

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")


@pytest.fixture
def compiling(monkeypatch):
    """Another thread compiling the search (:func:`tests.compile_stand_in.compile_held`)."""
    with compile_held(monkeypatch) as held:
        yield held


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
