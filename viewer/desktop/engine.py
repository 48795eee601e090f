"""The engines in the window: the delivery of the lab's jobs on the GUI thread
(:func:`gui_post`: every runner of the lab, :class:`viewer.lab.jobs.JobRunner`, thinks on a
worker thread on what its seat may see, ``model.game.decision_view``; progress and answers
come back through a queued Qt signal, so the window never waits), and the binding of the
lab's computer player and Hint (:mod:`viewer.lab.engine`, the one copy of that logic).

``EngineControl`` binds the lab's engine to the window: the progress bar and Stop button in
the status bar (the port's), the prompt while it thinks, redraws (the lab's board,
:mod:`viewer.lab.board`, is what the engine asks about the game UI and the turn: a
simultaneous node's parts, a hint's side). A hint searches on the threads the Analysis
dock's box says (:func:`engine_threads`, kept between runs; the machine's cores unless
changed), the computer player on one. (The computer as a board mode is the lab's
``viewer.lab.engine.ComputerBoard``.) Solve position (the lab's
:mod:`viewer.lab.value_solve`) keeps its number of worker processes between runs the same
way (:func:`remembered_workers`, :func:`remember_workers`)."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSettings, Qt, Signal

from pyramid_lab.i18n import _, shown
from pyramid_lab.model import search

from ..lab.engine import Engine
from ..lab.jobs import Job
from ..widgets.names import colour_word
from ..widgets.slots import guarded

if TYPE_CHECKING:
    from ..lab.board import Board
    from ..lab.events import EngineChange
    from ..lab.value_solve import ValueSolve
    from .qt_port import QtPort

log = logging.getLogger("pyramid_lab.viewer")
QUEUED = Qt.ConnectionType.QueuedConnection
#: QSettings: the threads the Analysis dock and Hint search on (the dock's "threads" box).
THREADS_KEY = "engine/threads"


def failure_reported(say: Callable[[str], None]) -> Callable[[Job, BaseException], None]:
    """How the window reports a search of the engine that failed: as every slot's error
    (said, and to ``slots.error_hooks``)."""

    def failed(job: Job, exc: BaseException) -> None:
        def fail() -> None:
            raise exc

        guarded(fail, say, f"engine ({job.purpose})")

    return failed


def engine_threads() -> int:
    """The threads the Analysis dock and Hint search on: the setting kept between runs (the
    Analysis dock sets it), else the machine's cores (``model.search.default_threads``).
    The computer player searches on one, as its levels were matched."""
    stored: Any = QSettings().value(THREADS_KEY, 0)
    try:
        value = int(stored)
    except (TypeError, ValueError):  # a settings file edited by hand: the default
        value = 0
    return value if 1 <= value <= search.computer.MAX_THREADS else search.computer.default_threads()


def set_engine_threads(threads: int) -> None:
    """Keep ``threads`` as :func:`engine_threads` for this run and the next."""
    QSettings().setValue(THREADS_KEY, threads)


#: QSettings key: the cores Solve position's long solves use (1: the single search), as
#: the user answered; absent until they were asked.
WORKERS_KEY = "solve/workers"


def remembered_workers() -> int | None:
    """The cores the user chose for Solve position (in this run or an earlier one); None
    when they were never asked."""
    settings = QSettings()
    if not settings.contains(WORKERS_KEY):
        return None
    stored = settings.value(WORKERS_KEY, 1, type=int)
    return stored if isinstance(stored, int) and stored >= 1 else None


def remember_workers(value: ValueSolve) -> None:
    """Solve position's choices of workers are kept for the next run."""
    value.chose.connect(lambda workers: QSettings().setValue(WORKERS_KEY, workers))


class _Deliver(QObject):
    """Runs a job's delivery (progress, answer, error) on the GUI thread: the lab's runner
    posts it from the worker, a queued signal carries it over."""

    call = Signal(object)

    def __init__(self, parent: QObject | None) -> None:
        super().__init__(parent)
        self.call.connect(self._run, QUEUED)

    def _run(self, call: Callable[[], None]) -> None:
        guarded(call, log.warning, "an engine job's delivery")  # no exception escapes


def gui_post(parent: QObject | None) -> Callable[[Callable[[], None]], None]:
    """A :data:`~viewer.lab.jobs.Post` that runs a job's deliveries on the GUI thread (a
    queued signal of a deliverer that lives as long as ``parent``)."""
    deliver = _Deliver(parent)  # (kept alive by the closure: it may have no parent)

    def post(call: Callable[[], None]) -> None:
        deliver.call.emit(call)

    return post


class EngineControl:
    """The window's binding of the lab's engine (:class:`viewer.lab.engine.Engine`): the
    thinking bar and Stop in the status bar (the port's), the prompt while it thinks, the
    board redrawn when a search ends with nothing played or a hint comes, an engine
    failure reported as every slot's is."""

    def __init__(self, engine: Engine, port: QtPort, board: Board) -> None:
        self.engine = engine
        self.port = port
        self.board = board
        port.stop_button.clicked.connect(
            lambda: guarded(engine.stop, port.bulletin.say, "stop the engine")
        )
        engine.changed.connect(self._changed)

    def _changed(self, what: EngineChange) -> None:
        if what == "thinking":
            self.port.bulletin.show_prompt(self.engine.thinking_text)
        elif what in ("stopped", "hint"):
            engine = self.engine
            if (
                what == "stopped"
                and engine.parts_in
                and self.port.current_message() == shown(engine.thinking_text)
            ):  # (the last turn's words stay; the words that it thinks go)
                words = [colour_word(c) for c in engine.parts_in]
                colours = functools.reduce(  # "red and blue and green", as it was said
                    lambda a, b: _("{first} and {second}").format(first=a, second=b), words
                )
                said = _(
                    "the computer's part of this turn for {colours} is in, hidden until "
                    "the turn is played"
                )
                self.port.bulletin.say(said.format(colours=colours))
            self.board.redraw()
