"""The lab: the application's state and behaviour under the window, with no Qt in it.

It owns the session (position, line, variations), the documents (open / save / recent / the
unsaved-changes question), who plays each seat and the engine's state (thinking, Stop, the
hint), set-up mode (:mod:`.setup_mode`), the lesson a file opened (:mod:`.lesson`), Solve mode
and Solve position (:mod:`.solve`), Practice (:mod:`.practice`), Verify and Compose
(:mod:`.puzzle`), the review of the game (:mod:`.review`) and the analysis of the position
shown (:mod:`.analysis`). Every long job runs on a :class:`~viewer.lab.jobs.JobRunner` the lab
owns, one for each of them, so that none stops another's; the front end only shows their
progress. It asks the user things only through its :class:`Port`; what it tells (the status
line, the prompt, a job's progress) is its :class:`~viewer.lab.bulletin.Bulletin`, which each
front end observes. It announces its own changes with ``changed(what)``
(:class:`viewer.lab.events.Signal`, typed: ``what`` is a :data:`LabChange`: the engine's
"thinking", "done", "stopped", "hint", "players", and "lesson", "analysis", "analysis dropped",
"title", "table built" (a whole-game table finished: :mod:`.table_build`); each part
announces its own the same way.

A front end builds a lab (handing it the games' UIs: it then holds the board on show,
:mod:`.board`), connects to ``lab.changed``, ``lab.board.changed`` and
``lab.bulletin.changed`` and draws; a test drives it with a fake port, and a web page
could do the same. The lab follows each change of its session in one order for every
front end (:meth:`Lab.follow`); a front end with widgets of its own follows among its
steps (``lab.board.taking``, ``lab.followed``)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Literal

from pyramid_lab.model import search
from pyramid_lab.model.game import Game, Move
from pyramid_lab.model.lesson import LessonFile

from .analysis import Analyses
from .board import (
    KEEPS_TURN,
    WINDOW_WORDS,
    Board,
    BoardTable,
    ClockMaker,
    FrontWords,
    InstantClock,
    UIs,
)
from .bulletin import Bulletin
from .documents import Documents, MemoryStore, RecentFiles
from .engine import Engine, EngineChange
from .events import Signal
from .export_plan import ExportPlan
from .jobs import Job, JobRunner, Post, answer, at_once
from .lesson import Lessons
from .port import Port
from .practice import Practice, PracticeBoard
from .puzzle import Composer, Verifier
from .puzzle_desk import PuzzleDesk
from .puzzle_editor import PuzzleEditor
from .review import Reviews
from .seats import Seats
from .session import PositionChange, Session
from .setup_mode import SetupMode
from .solve import SolveMode
from .table_build import BUILD_TABLE, BuildEnd, Built, TableBuild, with_build_item
from .value_solve import ValueSolve

#: What ``Lab.changed`` says (the module's docstring): the engine's changes, passed on, and
#: the lab's own.
LabChange = EngineChange | Literal["lesson", "analysis", "analysis dropped", "title", "table built"]

#: The steps of the lab's following at which a front end follows with its own widgets
#: (``Lab.followed``, :meth:`Lab.follow`): "lab", after the lab's parts and before the board
#: is drawn; "puzzle", after the puzzle desk and before the lesson.
Followed = Literal["lab", "puzzle"]

#: What the status line says when a move drops the analysis under way.
DROPPED = "the analysis was dropped: the position changed (Analyse it again)"


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
        bulletin: Bulletin | None = None,
        threads: Callable[[], int] = lambda: 1,
        engine_failed: Callable[[Job, BaseException], None] | None = None,
        workers: int | None = None,
        uis: UIs | None = None,
        clock: ClockMaker = InstantClock,
        words: FrontWords = WINDOW_WORDS,
        table_base: int = 4,
    ) -> None:
        self.session = session
        self.words = words  # how the lab's words name the front end's ways
        self.port = port
        #: the status line, the prompt and the progress: state each front end observes
        self.bulletin = bulletin or Bulletin()
        say = self.bulletin.say
        self.post = post  # how a job's deliveries reach the front end's thread
        self.changed: Signal[[LabChange]] = Signal()
        #: The front end's steps among the lab's following (:data:`Followed`)
        self.followed: Signal[[Followed, PositionChange]] = Signal()
        self.documents = Documents(session, recent or RecentFiles(MemoryStore()), _Front(self))
        # who plays each seat, the computer's moves and the hint (the one copy: the window
        # shows it); its changes are the lab's
        self.engine = Engine(
            session,
            JobRunner(lambda: self.session.game, post),
            say,
            engine_failed or (lambda job, exc: self._failed(job, exc)),
            threads=threads,  # a hint's threads (the computer player searches on one)
            # the board's UI and turn, once made (below), where the front gave the UIs
            table=BoardTable(self) if uis is not None else None,
            build_item=words.build_table,  # where a hint says the book ends
        )
        self.engine.seed = seed  # (tests: repeatable games)
        self.engine.runner.progressed.connect(self.bulletin.show_progress)
        self.engine.changed.connect(self._engine_changed)
        # the stepped lesson a file opened: its steps, answers, progress and the teacher's
        # edits, its rules' checks on a runner of its own
        self.lessons = Lessons(session, self.documents, self.engine, port, say, post)
        # the analysis of the position shown: a runner of its own, so that neither it nor
        # the computer player stops the other
        self.analysis = Analyses(JobRunner(lambda: self.session.game, post))
        # (its progress is the runner's ``progressed``: a front shows it where it shows
        # the analysis, as the window's Analysis dock does)
        self.analysis.runner.answered.connect(self._analysed)
        self.analysis.runner.failed.connect(self._analysis_failed)
        # Solve mode (a puzzle's side played, the computer defends) and Solve position
        # (the value of the position shown), each on a runner of its own
        self.solver = SolveMode(session, self.engine, say, post)
        self.value_solve = ValueSolve(session, port, say, post, workers)  # (proposed)
        # a puzzle's Verify, and Compose: each on a runner of its own
        self.verifier = Verifier(session, post)
        self.composer = Composer(session, post)
        self._practice: Practice | None = None  # made on first use (it reads the ticks)
        # the review of the game's line and the puzzles made of it
        self.review = Reviews(session, say, post, lambda: self.engine.table.in_setup())
        #: Set-up mode: the position painted, then applied through the rules' validation
        self.setup_mode = SetupMode(session, self.engine, say)
        #: The puzzle of the open file, made (the Puzzle dock's state)
        self.puzzle = PuzzleEditor(session, say, lambda: self.setup_mode.editor)
        #: Verify and Solve on the puzzle made (the Puzzle dock's verbs)
        self.puzzle_desk = PuzzleDesk(self.puzzle, self.verifier, self.solver, self.setup_mode, say)
        #: The whole-game table's build for the game shown (Analysis > Build the whole-game
        #: table; ``table_base``: its pyramid, 4 the game's, a test's 3), a runner of its own
        self.table_build = TableBuild(session, say, post, base=table_base)
        self.table_build.ended.connect(self._table_ended)
        #: The export's choices (File > Export...: format, size, file, what it includes)
        self.export_plan = ExportPlan()
        #: The board on show (:mod:`.board`), when the front end gave the games' UIs
        self._board = Board(self, uis, clock, words) if uis is not None else None
        session.message.connect(say)
        session.changed.connect(self.follow)  # (the one order: Lab.follow)

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def board(self) -> Board:
        """The board on show: the game UI, its turn, the board's modes and the verbs of a
        hand on it (:class:`viewer.lab.board.Board`); a lab made without the games' UIs
        (``uis``) shows none."""
        if self._board is None:
            raise RuntimeError("this lab shows no board: make it with the games' UIs (uis=...)")
        return self._board

    # ---- who plays each seat, the engine (viewer.lab.engine) ----------------------------

    @property
    def seats(self) -> Seats:
        return self.engine.seats

    @property
    def computer(self) -> dict[str, str]:
        """colour -> level: the seats the computer plays."""
        return self.engine.seats.computer

    @property
    def paused(self) -> bool:
        """Stop: the computer waits until a move is made by hand."""
        return self.engine.seats.paused

    @property
    def hint(self) -> tuple[Hashable, int, Move] | None:
        """(position key, ply, the move hinted), or None."""
        return self.engine.hints.shown

    @property
    def thinking(self) -> bool:
        return self.engine.runner.thinking

    def set_player(self, colour: str, level: str | None) -> None:
        """``colour`` is played by the computer at ``level``, or by a human (None)."""
        self.engine.set_player(colour, level)

    def release_players(self) -> bool:
        """Every seat to a human (a file opened says nothing of who plays); True when the
        computer played one."""
        return self.engine.choose_players({})

    def consider(self) -> None:
        """Start the computer when it is to move (not paused, held or busy already)."""
        self.engine.consider()

    def ask_hint(self, level: str | None = None) -> Job | None:
        """Search the position shown for the side to move (at ``level``, else the game's
        own best player or the engine's ``hints.level``); the answer is ``hint``."""
        return self.engine.hints.ask(level)

    def stop(self) -> None:
        """Stop thinking: the search under way stops (the computer waits until a move is
        made by hand), and Solve position's solve with it."""
        self.engine.stop()
        self.value_solve.stop()

    def held(self) -> contextlib.AbstractContextManager[None]:
        """Nothing moves on the board while a question or a dialog is open."""
        return self.engine.held()

    def play(self, move: Move) -> None:
        """A move made by hand: played, and the computer goes on if it is to move."""
        self.engine.human_move()
        self.session.play(move)

    def confirm_quit(self) -> bool:
        """Before the front end closes: a whole-game table's build under way is stopped
        only if the user says so (what it did is kept; building again resumes), then the
        unsaved-changes question (:meth:`.documents.Documents.confirm_discard`). True: close."""
        build = self.table_build
        if build.running and not build.stopping:
            done = f"{build.fraction:.0%} done" if build.fraction is not None else "under way"
            with self.engine.held():
                if not self.port.confirm(
                    "Quit Pyramid Lab",
                    "Stop building the whole-game table and quit?",
                    f"The build is {done}. What it has done is kept: {BUILD_TABLE} resumes it.",
                    "Stop and quit",
                ):
                    return False
        return self.documents.confirm_discard("quit")

    def shutdown(self) -> None:
        if self._practice is not None:
            self._practice.shutdown()
        self.review.shutdown()
        self.verifier.shutdown()
        self.composer.shutdown()
        self.solver.shutdown()
        self.value_solve.shutdown()
        self.engine.shutdown()
        self.analysis.runner.shutdown()
        self.lessons.shutdown()
        self.table_build.shutdown()

    # ---- the analysis of the position shown --------------------------------------------

    def analyse(self, seconds: float, threads: int = 1) -> bool:
        """Analyse the position shown; a refusal is said on the status line (False)."""
        refused = self.analysis.start(seconds, threads, in_setup=self.engine.table.in_setup())
        if refused:
            self.bulletin.say(refused)
            return False
        self.changed.emit("analysis")
        return True

    def stop_analysis(self) -> bool:
        """End the analysis now: the moves weighed so far come as its result (False: none
        runs, or it is ending already)."""
        if not self.analysis.stop():
            return False
        self.bulletin.say("analysis stopped: the moves weighed so far are shown")
        return True

    def proven_words(self, analysis: search.Analysis) -> str:
        """The analysis's proven line, and where the book ends, the front end's way to
        build the table beside the command (:data:`FrontWords.build_table`)."""
        text = analysis.proven_text
        if analysis.book_end and text.endswith(analysis.book_end):
            return with_build_item(text, self.words.build_table)
        return text

    def _table_ended(self, outcome: BuildEnd) -> None:
        """A whole-game table built: the position shown answers from it now (the book
        reads a finished table's header anew), so a front end analyses it again."""
        if isinstance(outcome, Built):
            self.changed.emit("table built")

    def _analysis_failed(self, job: Job, exc: BaseException) -> None:
        self.bulletin.say(f"the analysis failed: {exc}")
        self.changed.emit("analysis")

    def _analysed(self, job: Job, result: object) -> None:
        analysis = answer(search.Analysis, result)
        self.analysis.answered(job, analysis)
        self.bulletin.say(f"analysis: {self.proven_words(analysis) or analysis.evaluation_text}")
        self.changed.emit("analysis")

    @property
    def practice(self) -> Practice:
        """Practice: a collection's puzzles played in Solve mode, with hints and ticks
        (made on first use)."""
        return self.start_practice()

    def start_practice(
        self,
        *,
        start_solve: Callable[[], object] | None = None,
        moves_piece: Callable[[Game, Move], bool] | None = None,
    ) -> Practice:
        """Practice, made now if it is not yet, with the front end's ways (else the lab's):
        how Solve mode starts on a puzzle opened, whether a move takes a piece from
        somewhere."""
        if self._practice is not None and (start_solve or moves_piece):
            raise RuntimeError("Practice was made already, with the lab's own ways")
        if self._practice is None:
            self._practice = Practice(
                self.session,
                self.documents,
                self.solver,
                self.bulletin.say,
                self.post,
                start_solve=start_solve,
                moves_piece=moves_piece,
            )
            if self._board is not None:  # its hints over the board, before the lesson's
                self._board.insert_mode(PracticeBoard(self._practice), before="lesson")
        return self._practice

    def setup_pending(self) -> bool:
        """Set-up changes not applied, which a new document asks about first (Solve mode's
        attempt the lab ends itself, leave_solve)."""
        return self.setup_mode.pending()

    def leave_solve(self, why: str = "") -> None:
        """Before a save, a new file or quitting: Solve mode ends, its attempt goes (said
        with ``why``)."""
        if self.solver.active:
            self.solver.leave()
            if why:
                self.bulletin.say(why)

    def follow(self, reason: PositionChange) -> None:
        """A change of the session, followed in one order for every front end: the lab
        takes it in (:meth:`take`), then the puzzle desk (and Solve mode), then the front
        end's steps after it (``followed`` "puzzle": the window's Puzzle dock), then the
        lesson (its answer judged on the position as all of them show it)."""
        self.take(reason)
        self.puzzle_desk.session_changed(reason)
        self.followed.emit("puzzle", reason)
        self.lessons.position_changed(reason)

    def take(self, reason: PositionChange) -> None:
        """The first of :meth:`follow` (a front end's first look at its session calls it
        alone): the board takes the position in (its steps, ``board.taking``), the lab's
        parts follow (:meth:`position_changed`; not while the position stays,
        :data:`~viewer.lab.board.KEEPS_TURN`), then the front end's steps after them
        (``followed`` "lab": the window's Analysis and Review docks), then the board is
        drawn (no "thinking" text of a search that was stopped)."""
        board = self._board
        kept = reason in KEEPS_TURN
        if board is not None:
            board.position_changed(reason)
        if not kept:
            self.position_changed(reason)
        self.followed.emit("lab", reason)
        if board is not None and (not kept or reason == "review"):
            board.redraw()  # (a review of the line: the board draws its better moves)

    def position_changed(self, reason: PositionChange) -> None:
        """After every change of position: a search, a review or an analysis of the last
        is void."""
        self.engine.position_changed(reason)
        self.review.position_changed(reason)
        self.value_solve.position_changed(reason)
        if reason != "saved" and self.analysis.drop_if_moved():
            self.bulletin.say(DROPPED)
            self.changed.emit("analysis dropped")
        if self.analysis.shown() is None and self.analysis.forget():
            self.changed.emit("analysis")

    def _engine_changed(self, what: EngineChange) -> None:
        if what == "thinking":
            self.bulletin.show_progress(0.0)
        elif what == "done":
            self.bulletin.show_progress(None)
        self.changed.emit(what)

    def _failed(self, job: Job, exc: BaseException) -> None:
        self.bulletin.show_progress(None)
        self.changed.emit("done")
        self.port.show_message(f"The {job.purpose} search failed", str(exc))

    # ---- the lesson a file opened --------------------------------------------------------

    @property
    def lesson(self) -> tuple[LessonFile, Path | None] | None:
        """The lesson shown and the file it came from, or None."""
        shown = self.lessons
        return (shown.lesson, shown.path) if shown.lesson is not None else None

    def start_lesson(self, lesson: LessonFile, path: Path) -> None:
        """A lesson file was opened: its steps, from where the student left it."""
        self.lessons.start(lesson, path)
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
        self.lab.bulletin.say(text)

    def show_error(self, title: str, text: str) -> None:
        self.lab.port.show_message(title, text)

    def unapplied_setup(self) -> bool:
        return self.lab.setup_pending()

    def leave_solve(self, why: str = "") -> None:
        self.lab.leave_solve(why)

    def start_lesson(self, lesson: LessonFile, path: Path) -> None:
        self.lab.start_lesson(lesson, path)

    def release_players(self) -> bool:
        return self.lab.release_players()
