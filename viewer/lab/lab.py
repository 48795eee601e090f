"""The lab: the application's state and behaviour under the window, with no Qt in it.

It owns the session (position, line, variations), the documents (open / save / recent /
the unsaved-changes question), who plays each seat and the engine's state (thinking, Stop,
the hint) with one :class:`~viewer.lab.jobs.JobRunner` for the computer's moves and hints,
and the lesson a file opened. It talks to the user only through its :class:`Port`, and
announces its own changes with ``changed(what)`` (:class:`viewer.events.Signal`, the one
observer the session and the view state already use: no second mechanism, no library to
keep up with; what = "players", "thinking", "hint", "lesson", "analysis"). The analysis
of the position shown (:mod:`viewer.lab.analysis`) runs on a runner of its own.

A front end builds a lab, connects to ``session.changed`` and ``lab.changed`` and draws; a
test drives it with a fake port, and a web page could do the same."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Literal

from model.game import SIMULTANEOUS, Game, IllegalMoveError, JointMove, Move
from model.lesson import LessonFile
from model.search import Analysis, Choice, levels_for

from ..documents import Documents, MemoryStore, RecentFiles
from ..events import Signal
from ..session import Session
from .analysis import Analyses
from .jobs import Job, JobRunner, Post, at_once
from .port import Port
from .seats import Seats


class Lab:
    """The application's state and behaviour, under whatever front end shows it."""

    def __init__(
        self,
        session: Session,
        port: Port,
        *,
        recent: RecentFiles | None = None,
        post: Post = at_once,
        seed: int | None = None,
    ) -> None:
        self.session = session
        self.port = port
        self.changed = Signal()  # (what): "players", "thinking", "hint", "lesson", "analysis"
        self.documents = Documents(session, recent or RecentFiles(MemoryStore()), _Front(self))
        self.seats = Seats()  # who plays each colour; whether the computer waits
        self.hint: tuple[Any, int, Move] | None = None  # position key, ply, the move hinted
        self.lesson: tuple[LessonFile, Path] | None = None
        self.seed = seed  # the engines' seed (tests: repeatable games)
        self._held = 0
        self.engine = JobRunner(lambda: self.session.game, post)
        self.engine.progressed.connect(lambda fraction, text: port.show_progress(fraction, text))
        self.engine.answered.connect(self._answered)
        self.engine.failed.connect(self._failed)
        # the analysis of the position shown: a runner of its own, so that neither it nor
        # the computer player stops the other
        self.analysis = Analyses(JobRunner(lambda: self.session.game, post))
        self.analysis.runner.progressed.connect(port.show_progress)
        self.analysis.runner.answered.connect(self._analysed)
        self.analysis.runner.failed.connect(self._failed)
        session.message.connect(port.status)
        session.changed.connect(self._position_changed)

    @property
    def game(self) -> Game:
        return self.session.game

    # ---- who plays each seat -------------------------------------------------------------

    @property
    def computer(self) -> dict[str, str]:
        """colour -> level: the seats the computer plays."""
        return self.seats.computer

    @property
    def paused(self) -> bool:
        """Stop: the computer waits until a move is made by hand."""
        return self.seats.paused

    def set_player(self, colour: str, level: str | None) -> None:
        """``colour`` is played by the computer at ``level``, or by a human (None)."""
        if not self.seats.set(self.game, colour, level):
            return
        self.seats.paused = False  # a new choice of players switches the computer on again
        self.changed.emit("players")
        self.consider()

    def release_players(self) -> bool:
        """Every seat to a human (a file opened says nothing of who plays); True when the
        computer played one."""
        had = bool(self.computer)
        self.stop()
        self.computer.clear()
        if had:
            self.changed.emit("players")
        return had

    # ---- the engine: thinking, Stop, the hint ------------------------------------------

    @property
    def thinking(self) -> bool:
        return self.engine.thinking

    def consider(self) -> None:
        """Start the computer when it is to move (not paused, held or busy already)."""
        game = self.game
        if self._held or self.paused or self.engine.thinking or game.is_over():
            return
        sides = self.seats.sides(game, range(len(game.players)))
        if not sides:
            return
        if game.current_player() == SIMULTANEOUS:
            if len(sides) != len(game.players):
                return  # a human hands in a part: the window's turn builder takes them
            levels = {side: self.computer[game.players[side]] for side in sides}
            self.engine.start_parts("play", levels, seed=self.seed)
        else:
            self.engine.start("play", self.computer[game.to_move], seed=self.seed)
        self.changed.emit("thinking")

    def ask_hint(self, level: str | None = None) -> Job:
        """Search the position shown for the side to move (at ``level``, else the game's
        first); the answer is ``hint``."""
        self.hint = None
        game = self.game
        if game.current_player() == SIMULTANEOUS:
            raise ValueError("a hint at a simultaneous node is the window's (its open part)")
        job = self.engine.start("hint", level or levels_for(game)[0], seed=self.seed)
        self.changed.emit("thinking")
        return job

    def stop(self) -> None:
        """Stop the search under way; the computer waits until a move is made by hand."""
        job = self.engine.stop()
        if job is not None:
            if job.purpose == "play":
                self.seats.paused = True
            self.port.show_progress(None)
            self.port.status("stopped")
            self.changed.emit("thinking")

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Nothing moves on the board while a question or a dialog is open."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
        self.consider()

    def play(self, move: Move) -> None:
        """A move made by hand: played, and the computer goes on if it is to move."""
        self.seats.paused = False
        self.session.play(move)

    def shutdown(self) -> None:
        self.engine.shutdown()
        self.analysis.runner.shutdown()

    # ---- the analysis of the position shown --------------------------------------------

    def analyse(self, seconds: float, threads: int = 1) -> bool:
        """Analyse the position shown; a refusal is said on the status line (False)."""
        refused = self.analysis.start(seconds, threads)
        if refused:
            self.port.status(refused)
            return False
        self.changed.emit("analysis")
        return True

    def stop_analysis(self) -> None:
        """End the analysis now: the moves weighed so far come as its result."""
        if self.analysis.stop():
            self.port.status("analysis stopped: the moves weighed so far are shown")

    def _analysed(self, job: Job, analysis: Analysis) -> None:
        self.analysis.answered(job, analysis)
        self.port.show_progress(None)
        self.port.status(f"analysis: {analysis.proven_text or analysis.evaluation_text}")
        self.changed.emit("analysis")

    def _position_changed(self, reason: str) -> None:
        if self.hint is not None and self.hint[:2] != (self.game.position_key(), self.session.ply):
            self.hint = None
            self.changed.emit("hint")
        if reason in ("load", "new"):
            self.engine.stop()
        if reason != "saved" and self.analysis.drop_if_moved():
            self.port.status("the analysis was dropped: the position changed (Analyse it again)")
        if self.analysis.shown() is None and self.analysis.forget():
            self.changed.emit("analysis")
        self.consider()

    def _answered(self, job: Job, answer: Choice | Mapping[int, Choice]) -> None:
        self.port.show_progress(None)
        self.changed.emit("thinking")
        if isinstance(answer, Choice):
            choices = {self.game.current_player(): answer}
        else:
            choices = dict(answer)
        moves = {side: choice.move for side, choice in choices.items()}
        found = {side: move for side, move in moves.items() if move is not None}
        if len(found) != len(moves):
            self.port.status("the engine found no move")
            return
        if job.purpose == "hint":
            (hinted,) = found.values()
            self.hint = (job.key, job.ply, hinted)
            self.port.status(f"hint: {hinted}")
            self.changed.emit("hint")
            return
        if len(found) > 1:
            move: Move = JointMove(tuple(found[side] for side in sorted(found)))
        else:
            (move,) = found.values()
        try:
            self.session.play(move)
        except IllegalMoveError as exc:  # an engine bug: said, never played
            self.port.status(f"the computer's move was illegal: {exc}")

    def _failed(self, job: Job, exc: BaseException) -> None:
        self.port.show_progress(None)
        self.changed.emit("thinking")
        self.port.show_message(f"The {job.purpose} search failed", str(exc))

    # ---- the lesson a file opened --------------------------------------------------------

    def start_lesson(self, lesson: LessonFile, path: Path) -> None:
        self.lesson = (lesson, path)
        self.changed.emit("lesson")


class _Front:
    """The documents' questions, put to the lab's port."""

    def __init__(self, lab: Lab) -> None:
        self.lab = lab

    def ask(self, question: str, detail: str, *, can_save: bool = True) -> str:
        return self.lab.port.ask(question, detail, can_save=can_save)

    def open_path(self, folder: Path) -> str | None:
        return self._choose("open", folder)

    def save_path(self, suggested: Path) -> str | None:
        return self._choose("save", suggested)

    def _choose(self, purpose: Literal["open", "save"], start: Path) -> str | None:
        return self.lab.port.choose_file(purpose, start)

    def held(self) -> contextlib.AbstractContextManager[None]:
        return self.lab.held()

    def show_message(self, text: str) -> None:
        self.lab.port.status(text)

    def show_error(self, title: str, text: str) -> None:
        self.lab.port.show_message(title, text)

    def unapplied_setup(self) -> bool:
        return False  # set-up mode is still the window's (viewer.setup_mode)

    def leave_solve(self, why: str = "") -> None:
        """Solve mode is still the window's (viewer.solve): the lab holds no attempt."""

    def start_lesson(self, lesson: LessonFile, path: Path) -> None:
        self.lab.start_lesson(lesson, path)

    def release_players(self) -> bool:
        return self.lab.release_players()
