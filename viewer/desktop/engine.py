"""The engines in the window: the delivery of the lab's jobs on the GUI thread
(:func:`gui_post`: every runner of the lab, :class:`viewer.lab.jobs.JobRunner`, thinks on a
worker thread on what its seat may see, ``model.game.decision_view``; progress and answers
come back through a queued Qt signal, so the window never waits), and the binding of the
lab's computer player and Hint (:mod:`viewer.lab.engine`, the one copy of that logic).

``EngineControl`` binds the lab's engine to the window: the progress bar and Stop button in
the status bar (the port's), the prompt while it thinks, redraws; :class:`WindowTable` is
the game UI and turn builder as the engine asks about them (a simultaneous node's parts, a
hint's side). A hint searches on the threads the Analysis dock's box says
(:func:`engine_threads`, kept between runs; the machine's cores unless changed), the
computer player on one. ``ComputerBoard`` is the computer as a board mode: the hint drawn
(:meth:`GameUI.hint_frame`), Undo of its move and yours."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSettings, Qt, Signal

from model import search
from model.game import Game, Move

from ..lab.engine import Engine, describe_choice
from ..lab.frame import Frame
from ..lab.game_ui import JointTurn
from ..lab.jobs import Job, Progress, Task, position_of
from ..lab.modes import Mode
from ..lab.slots import guarded

if TYPE_CHECKING:
    from ..games import GameUI
    from ..lab.engine import EngineChange
    from .qt_port import QtPort
    from .stage import Stage

log = logging.getLogger("viewer")
QUEUED = Qt.ConnectionType.QueuedConnection
__all__ = ["Job", "Progress", "Task", "describe_choice", "position_of"]
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


class WindowTable:
    """The window's game UI and turn builder, as the lab's engine asks about them
    (:class:`viewer.lab.engine.Table`)."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage

    def in_setup(self) -> bool:
        return self.stage.setup is not None

    def busy(self) -> bool:
        return self.stage.setup is not None or bool(self.stage.ui.busy())

    def computer_waits(self, game: Game) -> bool:
        return self.stage.ui.computer_waits(game)

    def waiting_sides(self, game: Game) -> Sequence[int]:
        return tuple(self.stage.ui.waiting_sides(game, self.stage.turn))

    def hint_refusal(self, game: Game) -> str:
        return self.stage.ui.hint_refusal(game)

    def hint_side(self, game: Game) -> int | None:
        return self.stage.ui.hint_side(game, self.stage.turn)

    def submit(self, game: Game, side: int, move: Move) -> Move | str | None:
        turn = self.stage.turn
        if not isinstance(turn, JointTurn):
            raise TypeError(f"{type(turn).__name__} takes no parts of a joint move")
        result: Any = turn.submit(side, move)
        return result if isinstance(result, (Move, str)) else None

    def played(self, game: Game, mover: str, move: Move) -> str:
        return self.stage.ui.played(game, mover, move)

    def hinted(self, game: Game, move: Move, words: str) -> None:
        self.stage.ui.hinted_move(game, move, words)

    def players_changed(self) -> None:
        self.stage.ui.players_changed()


class EngineControl:
    """The window's binding of the lab's engine (:class:`viewer.lab.engine.Engine`): the
    thinking bar and Stop in the status bar (the port's), the prompt while it thinks, the
    board redrawn when a search ends with nothing played or a hint comes, an engine
    failure reported as every slot's is."""

    def __init__(self, engine: Engine, port: QtPort, stage: Stage) -> None:
        self.engine = engine
        self.port = port
        self.stage = stage
        engine.table = WindowTable(stage)
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
                and self.port.current_message() == engine.thinking_text
            ):  # (the last turn's words stay; the words that it thinks go)
                colours = " and ".join(engine.parts_in)
                self.port.bulletin.say(
                    f"the computer's part of this turn for {colours} is in, hidden until "
                    "the turn is played"
                )
            self.stage.redraw()


class ComputerBoard(Mode):
    """The computer player as a board mode: on while it plays a colour or thinks; a click
    waits while it thinks (the prompt says who); Undo takes back its move and yours,
    after the turn half built (play's); over the board, the hint."""

    name = "computer"

    def __init__(self, engine: Engine, stage: Stage) -> None:
        self.engine = engine
        self.stage = stage

    def active(self) -> bool:
        return bool(self.engine.computer) or self.engine.computer_thinking

    def busy(self) -> str:
        return self.engine.busy()

    def undo(self) -> bool:
        if not self.engine.computer or self.stage.turn.building:
            return False
        self.engine.undo()  # the computer's move and yours; it waits for your move
        return True

    def layer(self, game: Game, ui: GameUI, frame: Frame) -> Frame:
        """The hint while its position shows: the UI draws the hinted move
        (:meth:`GameUI.hint_frame`: by default a ghost piece where it puts one, rims where
        it comes from and on what it removes)."""
        hint = self.engine.hint_move()
        return frame if hint is None else ui.hint_frame(game, hint, frame)

    def prompt(self) -> str:
        return self.engine.thinking_text if self.engine.busy() else ""
