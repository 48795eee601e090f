"""The engines in the window: a runner that thinks on a worker thread, and the Hint and
"play against the computer" behaviour built on it.

``EngineRunner`` runs ``agent.choose`` (model.search.agents, GUI-free) on a copy of the
game on a ``threading.Thread``; progress and the answer come back on the GUI thread through
queued Qt signals, so the window never waits. ``stop()`` sets the search's
``threading.Event``; an answer for a position that is no longer shown (position key and
ply compared) or for a job that was stopped or replaced is dropped.

``EngineControl`` is the window's part: the Hint action (the hinted move drawn as a ghost
piece, see :meth:`EngineControl.hint_layer`), who plays each colour (a human, or the
computer at a level of its own: ``computer`` maps colour -> level), the progress bar and
Stop button in the status bar. Undo while the computer plays takes back the computer's move
and yours; Stop and Undo pause the computer until the next move made on the board (so you
can take over) or a new choice of players, which switches it on again. The computer may
play every colour (it then takes at least ``pace`` seconds a move, so a game can be
watched), each move still searched on the worker thread."""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QPushButton, QStatusBar, QWidget

from model.game import Game, IllegalMoveError
from model.search.agents import LEVELS, Choice, agent_for

from .frame import Frame
from .slots import guarded, slot

if TYPE_CHECKING:
    from .app import MainWindow
    from .games import GameUI

log = logging.getLogger("viewer")
QUEUED = Qt.ConnectionType.QueuedConnection
Progress = Callable[[float, str], None]
Task = Callable[[Game, Progress, threading.Event], Any]  # runs on the worker thread
JOIN_SECONDS = 5.0


@dataclass
class Job:
    """One search: what it is for, and the position it started on."""

    purpose: str  # "hint" or "play"
    level: str
    key: Any
    ply: int
    number: int
    stop: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None


def position_of(game: Game) -> tuple[Any, int]:
    return game.position_key(), len(game.move_stack)


class EngineRunner(QObject):
    """Thinks on a worker thread; ``progressed(fraction, text)`` and ``answered(job,
    result)`` / ``failed(job, exception)`` come on the GUI thread. ``current`` gives the
    game shown now: an answer for another position is dropped. Each user of the engines
    (the computer player, the Analysis dock, the Puzzle dock) has a runner of its own."""

    progressed = Signal(float, str)
    answered = Signal(object, object)
    failed = Signal(object, object)
    _progress = Signal(object, float, str)  # from the worker: queued to the GUI thread
    _done = Signal(object, object)
    _error = Signal(object, object)

    def __init__(self, current: Callable[[], Game], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.current = current
        self.job: Job | None = None  # the search whose answer is awaited
        self._threads: list[threading.Thread] = []
        self._count = 0
        self._progress.connect(self._on_progress, QUEUED)
        self._done.connect(self._on_done, QUEUED)
        self._error.connect(self._on_error, QUEUED)

    @property
    def thinking(self) -> bool:
        return self.job is not None

    def start(
        self, purpose: str, level: str, *, seed: int | None = None, min_seconds: float = 0.0
    ) -> Job:
        """Think on the current position with the agent of ``level`` (a search under way
        is stopped first); the answer is a :class:`Choice`, given no sooner than
        ``min_seconds`` after the start (Stop ends the wait at once)."""
        agent, limits = agent_for(self.current(), level, seed=seed)

        def task(copy: Game, progress: Progress, stop: threading.Event) -> Choice:
            start = time.perf_counter()
            choice = agent.choose(copy, limits, progress=progress, stop=stop)
            stop.wait(max(0.0, min_seconds - (time.perf_counter() - start)))
            return choice

        return self.run(purpose, task, level=level)

    def run(self, purpose: str, task: Task, *, level: str = "") -> Job:
        """Run ``task(copy of the current game, progress, stop)`` on a worker thread (a
        job under way is stopped first); its result comes as ``answered(job, result)``,
        an exception as ``failed(job, exception)``."""
        self.stop()
        game = self.current()
        self._count += 1
        key, ply = position_of(game)
        job = Job(purpose, level, key, ply, self._count)
        copy = game.copy()

        def work() -> None:
            try:
                result = task(copy, lambda f, text: self._progress.emit(job, f, text), job.stop)
            except Exception as exc:  # reported on the GUI thread
                log.exception("engine error")
                self._error.emit(job, exc)
            else:
                self._done.emit(job, result)

        job.thread = threading.Thread(target=work, name=f"engine-{job.number}", daemon=True)
        self._threads = [t for t in self._threads if t.is_alive()] + [job.thread]
        self.job = job
        job.thread.start()
        return job

    def stop(self) -> Job | None:
        """Stop the search under way (its answer will be dropped); the job stopped."""
        job, self.job = self.job, None
        if job is not None:
            job.stop.set()
        return job

    def shutdown(self) -> None:
        """Stop and wait for every worker thread."""
        self.stop()
        for thread in self._threads:
            thread.join(JOIN_SECONDS)
        self._threads = [t for t in self._threads if t.is_alive()]

    def alive(self) -> int:
        return sum(t.is_alive() for t in self._threads)

    def _current_job(self, job: Job) -> bool:
        return job is self.job and not job.stop.is_set()

    def _on_progress(self, job: Job, fraction: float, text: str) -> None:
        if self._current_job(job):
            self.progressed.emit(fraction, text)

    def _on_done(self, job: Job, result: Any) -> None:
        if not self._current_job(job):
            return  # stopped or replaced
        self.job = None
        if position_of(self.current()) != (job.key, job.ply):
            log.info("engine answer for an old position dropped")
            return
        self.answered.emit(job, result)

    def _on_error(self, job: Job, exc: BaseException) -> None:
        if self._current_job(job):
            self.job = None
            self.failed.emit(job, exc)


def describe_choice(choice: Choice) -> str:
    """'1,0,0 (win rate 63%, 100 playouts, line 1,0,0 0,0,1)'."""
    parts = []
    if choice.proven is not None:
        plies = f" in {choice.plies} plies" if choice.plies else ""
        parts.append(f"proven {choice.proven}{plies}")
    else:
        parts.append(f"win rate {round(choice.win_rate * 100)}%")
    if choice.visits:
        parts.append(f"{choice.visits} {'nodes' if choice.score is not None else 'playouts'}")
    if len(choice.pv) > 1:
        parts.append("line " + " ".join(choice.pv[:5]))
    return f"{choice.move} ({', '.join(parts)})"


class EngineControl:
    """Hint, who plays each colour, and the thinking widgets of ``window``."""

    #: With the computer on every side, a move takes at least this long (seconds).
    pace = 0.6

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.runner = EngineRunner(lambda: window.session.game, window)
        self.runner.progressed.connect(self._on_progress)
        self.runner.answered.connect(self._on_answer)
        self.runner.failed.connect(self._on_failed)
        self.computer: dict[str, str] = {}  # colour -> level, for the colours it plays
        self.hint_level = "medium"
        self.paused = False  # Stop or Undo: the computer waits for a move on the board
        self.hint: tuple[Any, int, Any] | None = None  # (position key, ply, move) shown
        self.seed: int | None = None  # tests make the searches repeatable
        self.bar = QProgressBar(window)
        self.bar.setRange(0, 100)
        self.bar.setMaximumWidth(140)
        self.bar.setTextVisible(False)
        self.stop_button = QPushButton("Stop", window)
        self.stop_button.setToolTip("Stop the engine thinking (the computer waits for you)")
        self.stop_button.clicked.connect(self.stop)
        self.thinking_text = ""
        self.box = QWidget(window)  # shown only while thinking, with no separator left over
        layout = QHBoxLayout(self.box)
        layout.setContentsMargins(6, 0, 0, 0)
        layout.addWidget(self.bar)
        layout.addWidget(self.stop_button)
        QStatusBar.addPermanentWidget(window.statusBar(), self.box)
        self._show_thinking(False)

    def show_message(self, text: str) -> None:
        self.window.show_message(text)

    # ---- state ---------------------------------------------------------------------------

    @property
    def computer_thinking(self) -> bool:
        job = self.runner.job
        return job is not None and job.purpose == "play"

    def busy(self) -> str:
        """Why a click is refused now ('' when it is not)."""
        if self.computer_thinking:
            return "the computer is thinking: Stop to take over"
        return ""

    def _show_thinking(self, on: bool) -> None:
        self.box.setVisible(on)
        if on:
            self.bar.setValue(0)

    def _start(self, purpose: str, level: str) -> None:
        game = self.window.game
        alone = purpose == "play" and all(c in self.computer for c in game.players)
        self.runner.start(purpose, level, seed=self.seed, min_seconds=self.pace if alone else 0)
        who = "hint" if purpose == "hint" else f"the computer ({game.to_move})"
        self.thinking_text = f"{who} is thinking ({level})..."
        self.window.status_prompt.setText(self.thinking_text)
        self.show_message(self.thinking_text)
        self._show_thinking(True)

    # ---- actions -------------------------------------------------------------------------

    @slot
    def ask_hint(self) -> None:
        window = self.window
        if window.setup is not None:
            self.show_message("no hint in set-up mode")
            return
        if window.game.is_over():
            self.show_message("the game is over: no hint")
            return
        if self.computer_thinking:
            self.show_message(self.busy())
            return
        self._start("hint", self.hint_level)

    @slot
    def stop(self) -> None:
        job = self.runner.stop()
        self._show_thinking(False)
        if job is None:
            return
        if job.purpose == "play":
            self.paused = True
            if all(c in self.computer for c in self.window.game.players):
                self.show_message(
                    "stopped: make a move, or choose the players in the Game menu, and the "
                    "computer goes on"
                )
            else:
                self.show_message("stopped: your move (the computer plays again after it)")
        else:
            self.show_message("hint stopped")
        self.window.redraw()

    @slot
    def set_player(self, colour: str, level: str | None) -> None:
        """``colour`` is played by the computer at ``level``, or by a human (None); the
        Game menu follows."""
        if level is not None and level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        if self.computer.get(colour) == level:
            return
        if self.computer_thinking and self.window.game.to_move == colour:
            self.runner.stop()  # a human now, or another level: think again (or not)
            self._show_thinking(False)
        if level is None:
            self.computer.pop(colour, None)
        else:
            self.computer[colour] = level
            self.paused = False
        self._players_changed()
        self.consider()

    def choose_players(self, computer: Mapping[str, str]) -> None:
        """The New game dialog's choice, before its game comes: the computer plays these
        colours (colour -> level), humans the others. Nothing starts here: the new position
        starts the computer if it is to move."""
        for level in computer.values():
            if level not in LEVELS:
                raise ValueError(f"unknown level {level!r}")
        self.computer = dict(computer)
        self.paused = False
        self._players_changed()

    def keep_players(self, players: tuple[str, ...] | list[str]) -> None:
        """Another game came: colours it does not have are forgotten."""
        self.computer = {c: lv for c, lv in self.computer.items() if c in players}

    def _players_changed(self) -> None:
        menus = getattr(self.window, "menus", None)  # none yet while the window is built
        if menus is not None:
            menus.show_players()

    # ---- the position --------------------------------------------------------------------

    def position_changed(self, reason: str) -> None:
        """After every change of position: a search for the last one is void."""
        if reason == "saved":
            return
        if self.runner.thinking:
            self.runner.stop()
            self._show_thinking(False)
        self.consider()

    def human_move(self) -> None:
        """A move made on the board: the computer may answer again."""
        self.paused = False

    def undo(self) -> None:
        """Undo with the computer on: stop it; take back its move and yours."""
        window = self.window
        session = window.session
        thinking = self.computer_thinking
        self.paused = True
        if thinking:
            self.runner.stop()
            self._show_thinking(False)
        session.undo()
        if not thinking and session.can_undo and self._computer_to_move(window.game):
            session.undo()  # that was the computer's move: yours goes too

    def _computer_to_move(self, game: Game) -> bool:
        player = game.current_player()
        return player >= 0 and game.players[player] in self.computer

    def consider(self) -> None:
        """Start the computer when it is to move (and not paused, busy or in set-up)."""
        window = self.window
        game = window.game
        if (
            self.paused
            or window.setup is not None
            or window.ui.busy()
            or self.runner.thinking
            or not self._computer_to_move(game)
        ):
            return
        self._start("play", self.computer[game.to_move])

    # ---- answers -------------------------------------------------------------------------

    @slot
    def _on_progress(self, fraction: float, text: str) -> None:
        self.bar.setValue(round(max(0.0, min(1.0, fraction)) * 100))
        if text:
            self.bar.setToolTip(text)

    @slot
    def _on_answer(self, job: Job, choice: Choice) -> None:
        self._show_thinking(False)
        window = self.window
        if choice.move is None:
            self.show_message("the engine found no move")
            window.redraw()
            return
        if job.purpose == "hint":
            self.hint = (job.key, job.ply, choice.move)
            window.redraw()
            self.show_message(f"hint: {describe_choice(choice)}")
            return
        game = window.game
        mover = game.to_move
        try:
            window.session.play(choice.move)
        except IllegalMoveError as exc:  # an engine bug: said, never played
            self.show_message(f"the computer's move was illegal: {exc}")
            return
        text = window.ui.played(window.game, mover, choice.move)
        self.show_message(f"{text} (computer: {describe_choice(choice)})")

    @slot
    def _on_failed(self, job: Job, exc: BaseException) -> None:
        self._show_thinking(False)

        def fail() -> None:
            raise exc

        guarded(fail, self.show_message, f"engine ({job.purpose})")

    def hint_move(self) -> Any:
        """The hinted move while its position is shown, else None."""
        if self.hint is None:
            return None
        key, ply, move = self.hint
        return move if position_of(self.window.game) == (key, ply) else None

    def hint_layer(self, game: Game, ui: GameUI, frame: Frame) -> Frame:
        """The window's frame layer while the hint's position shows: a ghost piece of the
        mover's colour where the hinted move puts one (``ui.move_sites``), the "selected"
        rim on where it comes from (``ui.move_from``: a lift, a step) and the "remove" rim
        on the pieces it takes off the board (``ui.move_removes``)."""
        hint = self.hint_move()
        if hint is None:
            return frame
        mover = game.to_move
        ghosts = {**frame.ghosts, **dict.fromkeys(ui.move_sites(game, hint), mover)}
        highlights = dict(frame.highlights)
        for style, sites in (
            ("selected", ui.move_from(game, hint)),
            ("remove", ui.move_removes(game, hint)),
        ):
            if sites:
                highlights[style] = tuple(highlights.get(style, ())) + tuple(sites)
        return dataclasses.replace(frame, ghosts=ghosts, highlights=highlights)

    def shutdown(self) -> None:
        self.runner.shutdown()
