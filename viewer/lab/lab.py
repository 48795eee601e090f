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
front end (:meth:`Lab.follow`) and publishes the whole change on ``lab.follows`` once it
has (:data:`viewer.lab.events.Following`, at most two events): a front end subscribes once
and follows by the events' types. Who plays each seat, the computer's moves and the
hint are the lab's engine's (``lab.engine``: :class:`viewer.lab.engine.Engine`); the
analysis of the position shown is ``lab.analysing`` (:class:`viewer.lab.analysis.LabAnalysis`)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from pyramid_lab.i18n import M_, Message
from pyramid_lab.model.game import Game, Move
from pyramid_lab.model.lesson import LessonFile
from pyramid_lab.model.words import reason_of

from .analysis import Analyses, LabAnalysis
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
from .engine import Engine
from .events import (
    EngineChange,
    Following,
    LabChange,
    PositionChange,
    PositionKept,
    PositionTaken,
    Signal,
)
from .export_plan import ExportPlan
from .jobs import JOIN_SECONDS, Job, JobRunner, Post, at_once, time_left
from .lesson import Lessons
from .port import Port
from .practice import Practice, PracticeBoard
from .puzzle import Composer, Verifier
from .puzzle_editor import PuzzleDesk, PuzzleEditor
from .review import Reviews
from .session import Session
from .setup_mode import SetupMode
from .solve import SolveMode
from .table_build import BUILD_TABLE, TableBuild
from .value_solve import ValueSolve


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
        #: What the lab did as it followed a change of its session (:meth:`follow`)
        self.follows: Signal[[Following]] = Signal()
        self.documents = Documents(session, recent or RecentFiles(MemoryStore()), _Front(self))
        # who plays each seat, the computer's moves and the hint; its changes are the lab's
        self.engine = Engine(
            session,
            JobRunner(lambda: self.session.game, post),
            say,
            engine_failed or self._failed,
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
        # the computer player stops the other (its progress is the runner's ``progressed``)
        self.analysis = Analyses(JobRunner(lambda: self.session.game, post))
        in_setup = self.engine.table.in_setup  # (no analysis in set-up mode)
        self.analysing = LabAnalysis(
            self.analysis, self.bulletin, self.changed.emit, words.build_table, in_setup
        )
        self._make_puzzle_parts(post, workers, table_base)
        self._practice: Practice | None = None  # made on first use (it reads the ticks)
        #: The export's choices (File > Export...: format, size, file, what it includes)
        self.export_plan = ExportPlan()
        #: The board on show (:mod:`.board`), when the front end gave the games' UIs
        self._board = Board(self, uis, clock, words, self.follows) if uis is not None else None
        session.message.connect(say)
        session.changed.connect(self.follow)  # (the one order: Lab.follow)

    def _make_puzzle_parts(self, post: Post, workers: int | None, table_base: int) -> None:
        """The parts over the position as a puzzle or a game to judge, each job on a
        runner of its own: Solve mode and Solve position, Verify and Compose, the review,
        set-up mode, the puzzle made and its desk, the whole-game table's build."""
        session, say = self.session, self.bulletin.say
        # Solve mode (a puzzle's side played, the computer defends) and Solve position
        # (the value of the position shown)
        self.solver = SolveMode(session, self.engine, say, post)
        self.value_solve = ValueSolve(session, self.port, say, post, workers)  # (proposed)
        self.verifier = Verifier(session, post)  # a puzzle's Verify
        self.composer = Composer(session, post)  # and Compose
        # the review of the game's line and the puzzles made of it
        self.review = Reviews(session, say, post, lambda: self.engine.table.in_setup())
        #: Set-up mode: the position painted, then applied through the rules' validation
        self.setup_mode = SetupMode(session, self.engine, say)
        #: The puzzle of the open file, made (the Puzzle dock's state)
        self.puzzle = PuzzleEditor(session, say, lambda: self.setup_mode.editor)
        #: Verify and Solve on the puzzle made (the Puzzle dock's verbs)
        self.puzzle_desk = PuzzleDesk(self.puzzle, self.verifier, self.solver, self.setup_mode, say)
        #: The whole-game table's build for the game shown (Analysis > Build the whole-game
        #: table; ``table_base``: its pyramid, 4 the game's, a test's 3)
        self.table_build = TableBuild(session, say, post, base=table_base)
        self.table_build.ended.connect(self.analysing.table_ended)

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

    def stop(self) -> None:
        """Stop thinking: the search under way stops (the computer waits until a move is
        made by hand), and Solve position's solve with it."""
        self.engine.stop()
        self.value_solve.stop()

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
            if build.fraction is not None:
                percent = format(build.fraction, ".0%")  # (as it was written: '45%')
                done = M_("{percent} done", percent=percent)
            else:
                done = M_("under way")
            with self.engine.held():
                if not self.port.confirm(
                    M_("Quit Pyramid Lab"),
                    M_("Stop building the whole-game table and quit?"),
                    M_(
                        "The build is {done}. What it has done is kept: {item} resumes it.",
                        done=done,
                        item=Message(BUILD_TABLE),
                    ),
                    M_("Stop and quit"),
                ):
                    return False
        return self.documents.confirm_discard(M_("quit"))

    def shutdown(self, wait: float = JOIN_SECONDS) -> None:
        """The front end closes: every job stops, and their threads are waited for ``wait``
        seconds in all at most (a search stops within milliseconds; a job still waiting for
        the compiled core or for a Dask cluster to start cannot, and is left to end with the
        process, its checkpoint kept), but the whole-game table's build, which keeps the
        work it has done first (:meth:`.table_build.TableBuild.shutdown`)."""
        left = time_left(wait)
        if self._practice is not None:
            self._practice.shutdown(left())
        self.review.shutdown(left())
        self.verifier.shutdown(left())
        self.composer.shutdown(left())
        self.solver.shutdown(left())
        self.value_solve.shutdown(left())
        self.engine.shutdown(left())
        self.analysis.runner.shutdown(left())
        self.lessons.shutdown(left())
        self.table_build.shutdown()

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
                self._board.modes.insert(PracticeBoard(self._practice), before="lesson")
        return self._practice

    def leave_solve(self, why: str = "") -> None:
        """Before a save, a new file or quitting: Solve mode ends, its attempt goes (said
        with ``why``)."""
        if self.solver.active:
            self.solver.leave()
            if why:
                self.bulletin.say(why)

    def follow(self, reason: PositionChange) -> None:
        """A change of the session, followed in one order for every front end: the lab
        takes it in (:meth:`take`, the puzzle desk and Solve mode too), then the lesson
        (its answer judged on the position as all of them show it)."""
        self.take(reason, self.puzzle_desk.session_changed)
        self.lessons.position_changed(reason)

    def take(
        self, reason: PositionChange, desk: Callable[[PositionChange], None] | None = None
    ) -> None:
        """The first of :meth:`follow`, the whole change taken in, nothing drawn meanwhile
        (a front end's first look at its session calls it alone, the puzzle desk left as it
        was made): the board takes the position in (another game's UI published,
        :class:`~viewer.lab.events.UIChanged`); unless the position stays
        (:data:`~viewer.lab.board.KEEPS_TURN`) a search, a review or an analysis of the last
        is void; the puzzle desk follows (``desk``); then what was taken in is published,
        once (:class:`~viewer.lab.events.PositionTaken`, or
        :class:`~viewer.lab.events.PositionKept`: the window's UI, docks and title follow
        it) and the board is drawn (no "thinking" text of a search that was stopped)."""
        board = self._board
        kept = reason in KEEPS_TURN
        with board.held() if board is not None else contextlib.nullcontext():
            if board is not None:
                board.position_changed(reason)
            if not kept:
                self.engine.position_changed(reason)
                self.review.position_changed(reason)
                self.value_solve.position_changed(reason)
                self.analysing.position_changed(reason)
            if desk is not None:
                desk(reason)
            self.follows.emit(PositionKept(reason) if kept else PositionTaken(reason))
            if board is not None and (not kept or reason == "review"):
                board.redraw()  # (a review of the line: the board draws its better moves)

    def _engine_changed(self, what: EngineChange) -> None:
        if what == "thinking":
            self.bulletin.show_progress(0.0)
        elif what == "done":
            self.bulletin.show_progress(None)
        self.changed.emit(what)

    def _failed(self, job: Job, exc: BaseException) -> None:
        self.bulletin.show_progress(None)
        self.changed.emit("done")
        self.port.show_message(_search_failed(job.purpose), reason_of(exc))

    # ---- the lesson a file opened --------------------------------------------------------

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
        return self.lab.engine.held()

    def show_message(self, text: str) -> None:
        self.lab.bulletin.say(text)

    def show_error(self, title: str, text: str) -> None:
        self.lab.port.show_message(title, text)

    def unapplied_setup(self) -> bool:
        """Set-up changes not applied, which a new document asks about first (Solve mode's
        attempt the lab ends itself, leave_solve)."""
        return self.lab.setup_mode.pending()

    def leave_solve(self, why: str = "") -> None:
        self.lab.leave_solve(why)

    def start_lesson(self, lesson: LessonFile, path: Path) -> None:
        self.lab.start_lesson(lesson, path)

    def release_players(self) -> bool:
        """Every seat to a human (a file opened says nothing of who plays); True when the
        computer played one."""
        return self.lab.engine.choose_players({})


def _search_failed(purpose: str) -> Message:
    """The title of a search's failure, by what it searched for (a job's ``purpose``)."""
    if purpose == "hint":
        return M_("The hint search failed")
    if purpose == "play":
        return M_("The play search failed")  # (the computer player's search)
    return M_("The {purpose} search failed", purpose=purpose)
