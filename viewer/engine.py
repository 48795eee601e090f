"""The engines in the window: a runner that thinks on a worker thread, and the Hint and
"play against the computer" behaviour built on it.

``EngineRunner`` runs ``agent.choose`` (``model.search.agent_for``, GUI-free) on the information
state of the seat it thinks for (``model.game.decision_view``: a copy of the game without
the other seats' secrets, so a hint in hot seat tells nothing they did) on a
``threading.Thread``; progress and the answer come back on the GUI thread through
queued Qt signals, so the window never waits. ``stop()`` sets the search's
``threading.Event``; an answer for a position that is no longer shown (position key and
ply compared) or for a job that was stopped or replaced is dropped.

``EngineControl`` is the window's part: the Hint action (the hinted move drawn as a ghost
piece, see :meth:`EngineControl.hint_layer`), who plays each colour (a human, or the
computer at a level of its own: ``computer`` maps colour -> level), the progress bar and
Stop button in the status bar. Undo while the computer plays takes back the computer's move
and yours; Stop and Undo pause the computer until the next move made on the board (so you
can take over) or a new choice of players, which switches it on again. A hint searches on
the threads the Analysis dock's box says (:func:`engine_threads`, kept between runs; the
machine's cores unless changed), the computer player on one. The computer may
play every colour (it then takes at least ``pace`` seconds a move, so a game can be
watched), each move still searched on the worker thread.

At a simultaneous node (every side hands in its part of a joint move in secret, as Pyramid
Ball's programs) the computer makes the parts of the colours it plays that the game UI still
waits for (``GameUI.waiting_sides``), all in one job with the same progress bar and Stop,
and hands them to the turn builder (``TurnBuilder.submit``); the joint move is played when
every part is in. Stop there lets the humans make the computer's parts for this turn. A
hint at a simultaneous node is the part of the side whose turn the UI has open
(``GameUI.hint_side``), drawn by the UI (``GameUI.hint_frame``)."""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QPushButton, QStatusBar, QWidget

from model.game import SIMULTANEOUS, Game, IllegalMoveError, Move, decision_view
from model.search import (
    MAX_THREADS,
    Choice,
    SearchStopped,
    agent_for,
    all_levels,
    default_threads,
    exact_choice,
    levels_for,
    own_levels,
)

from .frame import Frame
from .games.base import JointTurn
from .modes import Mode
from .slots import guarded, slot

if TYPE_CHECKING:
    from .games import GameUI
    from .host import EngineHost

log = logging.getLogger("viewer")
QUEUED = Qt.ConnectionType.QueuedConnection
Progress = Callable[[float, str], None]
Task = Callable[[Game, Progress, threading.Event], Any]  # runs on the worker thread
JOIN_SECONDS = 5.0
#: QSettings: the threads the Analysis dock and Hint search on (the dock's "threads" box).
THREADS_KEY = "engine/threads"


def engine_threads() -> int:
    """The threads the Analysis dock and Hint search on: the setting kept between runs (the
    Analysis dock sets it), else the machine's cores (``model.search.default_threads``).
    The computer player searches on one, as its levels were matched."""
    stored: Any = QSettings().value(THREADS_KEY, 0)
    try:
        value = int(stored)
    except (TypeError, ValueError):  # a settings file edited by hand: the default
        value = 0
    return value if 1 <= value <= MAX_THREADS else default_threads()


def set_engine_threads(threads: int) -> None:
    """Keep ``threads`` as :func:`engine_threads` for this run and the next."""
    QSettings().setValue(THREADS_KEY, threads)


@dataclass
class Job:
    """One search: what it is for, and the position it started on."""

    purpose: str  # "hint" or "play"
    level: str
    key: Any
    ply: int
    number: int
    sides: tuple[int, ...] = ()  # at a simultaneous node: whose parts are searched
    stop: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None
    keep: bool = False  # stopped early, but its answer so far is wanted (``finish``)


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
        self,
        purpose: str,
        level: str,
        *,
        seed: int | None = None,
        min_seconds: float = 0.0,
        threads: int = 1,
    ) -> Job:
        """Think on the current position with the agent of ``level`` on ``threads`` threads
        (a search under way is stopped first); the answer is a :class:`Choice`, given no
        sooner than ``min_seconds`` after the start (Stop ends the wait at once)."""
        agent, limits = agent_for(self.current(), level, seed=seed, threads=threads)

        def task(copy: Game, progress: Progress, stop: threading.Event) -> Choice:
            start = time.perf_counter()
            # a hint says the game's value where the solver settles it in its second
            # (issue 45); the computer player plays its level, always by its search
            exact = exact_choice(copy, stop=stop) if purpose == "hint" else None
            if exact is not None:
                return exact
            choice = agent.choose(copy, limits, progress=progress, stop=stop)
            stop.wait(max(0.0, min_seconds - (time.perf_counter() - start)))
            return choice

        return self.run(purpose, task, level=level)

    def start_parts(
        self,
        purpose: str,
        levels: Mapping[int, str],
        *,
        seed: int | None = None,
        min_seconds: float = 0.0,
    ) -> Job:
        """At a simultaneous node: each side's part of the joint move, side -> level, one
        side after the other on one worker thread (progress runs over all of them); the
        answer is a dict side -> :class:`Choice` whose ``move`` is that side's part."""
        game = self.current()
        agents = {
            side: agent_for(game, level, seed=seed, player=side) for side, level in levels.items()
        }

        def task(copy: Game, progress: Progress, stop: threading.Event) -> dict[int, Choice]:
            start = time.perf_counter()
            out: dict[int, Choice] = {}
            for index, (side, (agent, limits)) in enumerate(agents.items()):

                def part(fraction: float, text: str, i: int = index) -> None:
                    progress((i + fraction) / len(agents), text)

                view = copy.information_state(side)  # what this side may see
                out[side] = agent.choose(view, limits, progress=part, stop=stop)
                if stop.is_set():
                    break
            stop.wait(max(0.0, min_seconds - (time.perf_counter() - start)))
            return out

        job = self.run(purpose, task, level=",".join(dict.fromkeys(levels.values())))
        job.sides = tuple(levels)
        return job

    def run(self, purpose: str, task: Task, *, level: str = "") -> Job:
        """Run ``task(view, progress, stop)`` on a worker thread (a job under way is
        stopped first), ``view`` being what the player to move may see of the current game
        (``decision_view``: a copy where no one seat decides); its result comes as
        ``answered(job, result)``, an exception as ``failed(job, exception)``."""
        self.stop()
        game = self.current()
        self._count += 1
        key, ply = position_of(game)
        job = Job(purpose, level, key, ply, self._count)
        copy = decision_view(game)

        def work() -> None:
            try:
                result = task(copy, lambda f, text: self._progress.emit(job, f, text), job.stop)
            except SearchStopped as exc:
                if job.stop.is_set() and not job.keep:  # the Stop asked for: no error
                    log.info("engine job %d (%s) stopped", job.number, job.purpose)
                    return
                log.exception("engine error")
                self._error.emit(job, exc)
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

    def finish(self) -> Job | None:
        """Ask the search under way to end now and answer with what it found so far (an
        analysis's moves after Stop); the job asked."""
        job = self.job
        if job is not None:
            job.keep = True
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
        return job is self.job and (job.keep or not job.stop.is_set())

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


def describe_choice(choice: Choice, *, part: bool = False) -> str:
    """'1,0,0 (win rate 63%, 100 playouts, line 1,0,0 0,0,1)'. With ``part`` (one side's
    part of a joint move, judged against a sample of the other sides' likely parts) the
    rate is said as what it is."""
    if not choice.judged:  # a game's own simple player: it says no chances
        return f"{choice.move} ({choice.agent})"
    parts = []
    if part:
        parts.append(
            f"better off after the turn against {round(choice.win_rate * 100)}% of the likely"
            " replies it sampled; the real reply may differ"
        )
    elif choice.proven is not None:
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
    """Hint, who plays each colour, and the thinking widgets in ``window``'s status bar."""

    #: With the computer on every side, a move takes at least this long (seconds).
    pace = 0.6

    def __init__(self, window: EngineHost) -> None:
        self.window = window
        parent = window.window()
        self.runner = EngineRunner(lambda: window.session.game, parent)
        self.runner.progressed.connect(self._on_progress)
        self.runner.answered.connect(self._on_answer)
        self.runner.failed.connect(self._on_failed)
        self.computer: dict[str, str] = {}  # colour -> level, for the colours it plays
        self.hint_level = "strong"  # a hint is worth the wait (progress bar, Stop)
        self.paused = False  # Stop or Undo: the computer waits for a move on the board
        #: After the computer's move, say its win rate and line (a spoiler in a game: off
        #: unless the player asks, Game > Show the computer's reckoning)
        self.show_reckoning = False
        self._holds = 0  # questions and file dialogs open (:meth:`held`): nothing starts
        self.hint: tuple[Any, int, Any] | None = None  # (position key, ply, move) shown
        self.seed: int | None = None  # tests make the searches repeatable
        self.bar = QProgressBar(parent)
        self.bar.setRange(0, 100)
        self.bar.setMaximumWidth(140)
        self.bar.setTextVisible(False)
        self.stop_button = QPushButton("Stop", parent)
        self.stop_button.setToolTip("Stop the engine thinking (the computer waits for you)")
        self.stop_button.clicked.connect(self.stop)
        self.thinking_text = ""
        self.box = QWidget(parent)  # shown only while thinking, with no separator left over
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

    def thinking_sides(self) -> tuple[int, ...]:
        """At a simultaneous node: the sides whose parts the computer is making now."""
        job = self.runner.job
        return job.sides if job is not None and job.purpose == "play" else ()

    def busy(self) -> str:
        """Why a click or a move is refused now ('' when it is not). At a simultaneous
        node the humans go on making their own parts while the computer makes its."""
        if self.computer_thinking and not self.thinking_sides():
            return "the computer is thinking: Stop to take over"
        return ""

    def playing(self) -> dict[str, str]:
        """colour -> level of the colours the computer plays now: none while it is paused
        at a simultaneous node (the humans make its parts of this turn)."""
        if self.paused and self.window.game.current_player() == SIMULTANEOUS:
            return {}
        return dict(self.computer)

    def _show_thinking(self, on: bool) -> None:
        self.box.setVisible(on)
        if on:
            self.bar.setValue(0)

    def _start(self, purpose: str, level: str, sides: tuple[int, ...] = ()) -> None:
        """Think for ``purpose``; at a simultaneous node, for the parts of ``sides``."""
        game = self.window.game
        alone = purpose == "play" and all(c in self.computer for c in game.players)
        pace = self.pace if alone else 0
        if sides:
            levels = {s: self.computer.get(game.players[s], level) for s in sides}
            self.runner.start_parts(purpose, levels, seed=self.seed, min_seconds=pace)
            colours = ", ".join(game.players[s] for s in sides)
            level = ", ".join(dict.fromkeys(levels.values()))
        else:
            # a hint on every core the Analysis dock says (the same playouts, sooner); the
            # computer player on one, as its levels were matched
            threads = engine_threads() if purpose == "hint" else 1
            self.runner.start(purpose, level, seed=self.seed, min_seconds=pace, threads=threads)
            colours = game.to_move
        if purpose == "hint":
            who = "hint" if not sides else f"hint for {colours}"
        else:
            who = f"the computer ({colours})"
        self.thinking_text = f"{who} is thinking ({level})..."
        self.window.show_prompt(self.thinking_text)
        self.show_message(self.thinking_text)
        self._show_thinking(True)
        if sides:
            self.window.ui.players_changed()  # its docks say who is being thought for

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
        if self.computer_thinking and not self.thinking_sides():
            self.show_message(self.busy())
            return
        refused = window.ui.hint_refusal(window.game)
        if refused:
            self.show_message(refused)
            return
        sides: tuple[int, ...] = ()
        if window.game.current_player() == SIMULTANEOUS:
            side = window.ui.hint_side(window.game, window.turn)
            if side is None:
                self.show_message("no hint now: no side is making its part of the turn here")
                return
            if self.computer_thinking:
                self.show_message(self.busy() or "the computer is thinking: wait, or Stop")
                return
            sides = (side,)
        own = own_levels(window.game)  # a game's own players: its best one hints
        self._start("hint", own[-1] if own else self.hint_level, sides)

    @slot
    def stop(self) -> None:
        job = self.runner.stop()
        self._show_thinking(False)
        if job is None:
            return
        if job.purpose == "play":
            self.paused = True
            if job.sides:
                colours = " and ".join(self.window.game.players[s] for s in job.sides)
                self.show_message(
                    f"stopped: make {colours}'s part of this turn yourself (the computer "
                    "plays again on the next turn)"
                )
            elif all(c in self.computer for c in self.window.game.players):
                self.show_message(
                    "stopped: make a move, or choose the players in the Game menu, and the "
                    "computer goes on"
                )
            else:
                self.show_message("stopped: your move (the computer plays again after it)")
            self.window.ui.players_changed()
        else:
            self.show_message("hint stopped")
        self.window.redraw()

    def interrupt(self) -> None:
        """Drop the search under way without pausing the computer (set-up mode begins: it
        thinks again on the position that comes out of it)."""
        if self.runner.stop() is not None:
            self._show_thinking(False)
            self.window.ui.players_changed()

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """No move is played meanwhile (a question or a file dialog is open: the game asked
        about would change under it): the search under way is dropped, nothing starts, and
        afterwards the computer thinks again if it is still to move. Holds nest: only the
        outermost ends the hold."""
        self.interrupt()
        self._holds += 1
        try:
            yield
        finally:
            self._holds -= 1
            if not self._holds:
                self.consider()

    @slot
    def set_player(self, colour: str, level: str | None) -> None:
        """``colour`` is played by the computer at ``level``, or by a human (None); the
        Game menu follows."""
        if level is not None and level not in levels_for(self.window.game):
            raise ValueError(f"unknown level {level!r}")
        if self.computer.get(colour) == level:
            return
        game = self.window.game
        index = game.players.index(colour) if colour in game.players else -1
        if self.computer_thinking and (
            index in self.thinking_sides()
            or (game.current_player() >= 0 and game.to_move == colour)
        ):
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
        known = all_levels()
        for level in computer.values():
            if level not in known:
                raise ValueError(f"unknown level {level!r}")
        self.computer = dict(computer)
        self.paused = False
        self._players_changed()

    def keep_players(self, players: tuple[str, ...] | list[str]) -> None:
        """Another game came: colours it does not have, and levels it does not offer, are
        forgotten."""
        levels = levels_for(self.window.game)
        self.computer = {c: lv for c, lv in self.computer.items() if c in players and lv in levels}

    def _players_changed(self) -> None:
        self.window.players_changed()

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
        game = window.game
        if game.current_player() == SIMULTANEOUS:
            # a joint move held every side's part: each side makes its part again, the
            # computer too (nothing of the human's is lost by its thinking)
            self.paused = False
            window.ui.players_changed()
            self.consider()
            return
        if not thinking and session.can_undo and self._computer_sides(game):
            session.undo()  # that was the computer's move: yours goes too
        window.ui.players_changed()

    def _computer_sides(self, game: Game) -> tuple[int, ...]:
        """The sides the computer should move for now: the side to move, or at a
        simultaneous node each side of its whose part the UI still waits for."""
        player = game.current_player()
        if player >= 0:
            return (player,) if game.players[player] in self.computer else ()
        if player == SIMULTANEOUS:
            waiting = self.window.ui.waiting_sides(game, self.window.turn)
            return tuple(s for s in waiting if game.players[s] in self.computer)
        return ()

    def consider(self) -> None:
        """Start the computer when it is to move (and not paused, busy or in set-up; at a
        simultaneous node, not while the UI asks it to wait)."""
        window = self.window
        game = window.game
        if self._holds or self.paused or window.setup is not None or window.ui.busy():
            return
        if self.runner.thinking:
            return
        sides = self._computer_sides(game)
        if not sides:
            return
        if game.current_player() == SIMULTANEOUS:
            if window.ui.computer_waits(game):
                return
            self._start("play", "", sides)
        else:
            self._start("play", self.computer[game.to_move])

    # ---- answers -------------------------------------------------------------------------

    @slot
    def _on_progress(self, fraction: float, text: str) -> None:
        self.bar.setValue(round(max(0.0, min(1.0, fraction)) * 100))
        if text:
            self.bar.setToolTip(text)

    @slot
    def _on_answer(self, job: Job, choice: Choice | dict[int, Choice]) -> None:
        self._show_thinking(False)
        window = self.window
        if isinstance(choice, dict):
            self._on_parts(job, choice)
            return
        if choice.move is None:
            self.show_message("the engine found no move")
            window.redraw()
            return
        if job.purpose == "hint":
            self.hint = (job.key, job.ply, choice.move)
            window.ui.hinted_move(window.game, choice.move)
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
        if self.show_reckoning:
            how = describe_choice(choice) if choice.judged else choice.agent  # (may be secret)
            self.show_message(f"{text} (computer: {how})")
        else:
            self.show_message(f"{text} (computer)")

    def _on_parts(self, job: Job, choices: dict[int, Choice]) -> None:
        """A simultaneous node's parts: a hint is drawn; the computer's parts go to the
        turn builder, and the joint move is played once every part is in."""
        window = self.window
        game = window.game
        if job.purpose == "hint":
            side, choice = next(iter(choices.items()))
            if choice.move is None:
                self.show_message("the engine found no move")
                return
            self.hint = (job.key, job.ply, choice.move)
            window.ui.hinted_move(game, choice.move)
            window.redraw()
            self.show_message(
                f"hint for {game.players[side]}: {describe_choice(choice, part=True)}"
            )
            return
        turn = window.turn
        if not isinstance(turn, JointTurn):
            raise TypeError(f"{type(turn).__name__} takes no parts of a joint move")
        result: Any = None
        for side, choice in choices.items():
            if choice.move is None:
                self.show_message(f"the computer found no move for {game.players[side]}")
                continue
            result = turn.submit(side, choice.move)
            if isinstance(result, str):  # an engine bug: said, never played
                self.show_message(f"the computer's part for {game.players[side]}: {result}")
                window.ui.players_changed()
                return
        window.ui.players_changed()
        if isinstance(result, Move):
            mover = game.to_move
            try:
                window.session.play(result)
            except IllegalMoveError as exc:
                self.show_message(f"the joint move was illegal: {exc}")
                return
            self.show_message(window.ui.played(window.game, mover, result))
        else:
            # its dock says the part is in (hidden); the status bar keeps what the last
            # turn did (a message here replaced it at once against the computer)
            window.redraw()

    @slot
    def _on_failed(self, job: Job, exc: BaseException) -> None:
        self._show_thinking(False)
        if job.sides:
            self.window.ui.players_changed()

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
        """The window's frame layer while the hint's position shows: the UI draws the
        hinted move (:meth:`GameUI.hint_frame`: by default a ghost piece where it puts one,
        rims where it comes from and on what it removes)."""
        hint = self.hint_move()
        if hint is None:
            return frame
        return ui.hint_frame(game, hint, frame)

    def shutdown(self) -> None:
        self.runner.shutdown()


class ComputerBoard(Mode):
    """The computer player as a board mode: on while it plays a colour or thinks; a click
    waits while it thinks (the prompt says who); Undo takes back its move and yours,
    after the turn half built (play's); over the board, the hint."""

    name = "computer"

    def __init__(self, engine: EngineControl) -> None:
        self.engine = engine

    def active(self) -> bool:
        return bool(self.engine.computer) or self.engine.computer_thinking

    def busy(self) -> str:
        return self.engine.busy()

    def undo(self) -> bool:
        if not self.engine.computer or self.engine.window.turn.building:
            return False
        self.engine.undo()  # the computer's move and yours; it waits for your move
        return True

    def layer(self, game: Game, ui: GameUI, frame: Frame) -> Frame:
        return self.engine.hint_layer(game, ui, frame)

    def prompt(self) -> str:
        return self.engine.thinking_text if self.engine.busy() else ""
