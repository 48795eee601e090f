"""The stepped lesson a file opened, Qt-free: its steps shown one at a time (each step's
position loaded into the session), the student's answers judged by the rules
(:mod:`model.lesson`: a move played, or points picked), a hint, Retry, the progress kept
between runs (:class:`model.lesson_progress.LessonProgress`); beside it, held by it, teacher
mode's edits of the lesson (``editor``: :mod:`viewer.lab.lesson_edit`) and the rules' checks
and the save on a worker thread (``checks``: :mod:`viewer.lab.lesson_checks`).

It announces its changes with ``changed(what, *args)``; a front end draws them:

- "shown": a step is shown (its position, text and overlays);
- "ended": the lesson ended (another game or file took the board);
- "answer": the verdict or the points picked changed (the board and the step's text);
- "step": the step's text changed only (a hint, back at the step's position);
- "reloaded": a teacher's set-up was applied (the step's overlays go on it again);
- "edited": the teacher changed the lesson (unsaved now: :mod:`viewer.lab.lesson_edit`);
- "working" (text), "report" (text or None, ok), "filled" (answers): the rules' checks
  (:mod:`viewer.lab.lesson_checks`);
- "saved" (path): the lesson was written;
- "title": the window's title names the lesson."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Concatenate

from pyramid_lab.i18n import M_
from pyramid_lab.model import lesson as lessons
from pyramid_lab.model.files import PositionDocument
from pyramid_lab.model.game import Game, shorten
from pyramid_lab.model.lesson_progress import LessonProgress
from pyramid_lab.model.tree import Node

from .events import PositionChange, Signal
from .frame import Frame
from .jobs import JOIN_SECONDS, Post, time_left
from .lesson_checks import LessonChecks
from .lesson_edit import LessonEditor
from .lesson_judge import LessonJudge
from .lesson_marks import lesson_frame
from .lesson_shown import LessonChange
from .modes import Mode, Shown
from .outcome import Outcome, Picked
from .session import Session

if TYPE_CHECKING:
    from .bulletin import Say
    from .documents import Documents
    from .engine import Engine
    from .game_ui import UI
    from .port import Port


class Lessons:
    """The lesson shown (``lesson``, None when none), its step ``index``, the student's
    answer (``verdict``, ``picked``); the teacher's edits (``editor``) and the rules'
    checks (``checks``)."""

    def __init__(
        self,
        session: Session,
        documents: Documents,
        engine: Engine,
        port: Port,
        say: Say,
        post: Post,
    ) -> None:
        self.session = session
        self.documents = documents  # the next lesson's file opens there
        self.engine = engine
        self.port, self.say = port, say
        self.changed: Signal[Concatenate[LessonChange, ...]] = Signal()
        self.lesson: lessons.LessonFile | None = None
        self.path: Path | None = None
        self.index = 0
        self.verdict: lessons.Verdict | None = None
        self.picked: list[tuple[int, ...]] = []
        self.hint_shown = False
        #: How many lessons were opened (each :meth:`start`): a lesson's own view is set
        #: when the next one shows (:mod:`viewer.lab.lesson_view`).
        self.opened = 0
        #: Teacher mode is on: the teacher's steps and checks are no student's progress,
        #: so none is recorded (the front keeps it with its Teach switch).
        self.teaching = False
        # a damaged file: told once, by the front end (``progress.tell_with``) when it
        # comes, else held in the store's notice
        self.progress = LessonProgress()
        self._loading = False
        self._base = 0  # plies on the step position's stack
        self._node: Node | None = None  # the step's position in the session's tree
        #: Teacher mode's edits of the lesson, and the rules' checks of it and its save
        self.editor = LessonEditor(self)
        self.checks = LessonChecks(self, post)
        #: A move answering a win-within task, judged on a worker thread (a proof: the
        #: compiled search's first use and seconds of search, never the front's wait)
        self.judge = LessonJudge(post, self._answered, lambda: self.changed.emit("answer"), say)

    @property
    def active(self) -> bool:
        return self.lesson is not None

    @property
    def judging(self) -> str:
        """What the lesson says while no verdict is shown: while the prover judges the move
        played, :attr:`~viewer.lab.lesson_judge.LessonJudge.words`; once moves left the
        step's position (Undo into the step's own moves, then others), that they answer
        nothing; else ''."""
        if self.lesson is not None and self.verdict is None and self.left_step():
            return M_("These moves left the step's position: Retry to answer from it")
        return self.judge.words

    def left_step(self) -> bool:
        """The position shown is not on a line through the step's position (moves other
        than the step's own were played after an Undo into them)."""
        node = self.session.node
        ply = len(self.session.game.move_stack)
        if self._node is None or ply < self._base:
            return False  # (before the step's position: no answer yet)
        for _ in range(ply - self._base):
            if node.parent is None:
                return True
            node = node.parent
        return node is not self._node

    # ---- opening and moving between steps ----------------------------------------------

    def start(
        self, lesson: lessons.LessonFile, path: Path | None, index: int | None = None
    ) -> None:
        """Show ``lesson`` (read from ``path``) at ``index`` (default: where the student
        left it)."""
        if index is None:
            index = self.progress.at(path) if path is not None else 0
        index = max(0, min(index, len(lesson.steps) - 1))
        # The lesson and its step index change together, before anything can redraw: the
        # computer let go below redraws at once in some games (Pyramid Ball's Program
        # docks), and the board's layer then asks for the step shown.
        self.lesson, self.path, self.index = lesson, path, index
        self.opened += 1
        self.verdict, self.picked, self.hint_shown = None, [], False
        self.engine.choose_players({})  # a lesson is played by the student
        self.go(index)

    def end(self) -> None:
        self.judge.stop()
        self.lesson = None
        self.path = None
        self.verdict = None
        self.picked = []
        self.changed.emit("ended")
        self.changed.emit("title")

    def go(self, index: int) -> None:
        """Show step ``index``: its position in the session, its text and task."""
        assert self.lesson is not None
        self.index = index
        step = self.step
        self.judge.stop()
        self.verdict, self.picked, self.hint_shown = None, [], False
        self._loading = True
        try:
            self.session.load(PositionDocument(step.position()), None)
        finally:
            self._loading = False
        self._base = len(step.game.move_stack)
        self._node = self.session.node
        if self.path is not None and not self.teaching:
            self.progress.record(self.path, index)
        self.changed.emit("shown")
        self.changed.emit("title")

    def reset_progress(self) -> None:
        """Lessons > Reset progress: the lesson shown starts again at its first step with
        no task done (the user's progress file forgets it)."""
        if self.lesson is None or self.path is None:
            self.say(M_("Reset progress: open a lesson file first"))
            return
        self.progress.reset(self.path)
        self.go(0)
        title = shorten(self.lesson.title, 80)
        self.say(M_("Progress of {title} reset: step 1, no task done", title=title))

    @property
    def base_ply(self) -> int:
        """Plies on the stack of the step's position (the moves after it are answers)."""
        return self._base

    @property
    def step(self) -> lessons.Step:
        assert self.lesson is not None
        return self.lesson.steps[self.index]

    def next_lesson(self) -> Path | None:
        """The lesson file after this one in its folder (the Lessons menu's order)."""
        if self.path is None:
            return None
        files = sorted(self.path.parent.glob(f"*{lessons.SUFFIX}"))
        later = [f for f in files if f.name > self.path.name]
        return later[0] if later else None

    def done(self) -> set[int]:
        return self.progress.done(self.path) if self.path is not None else set()

    def title(self, language: str = lessons.ENGLISH) -> str:
        """The lesson followed and the step shown, for the window's title: the lesson's
        own title in ``language`` (English where it has none), as its dock shows it."""
        assert self.lesson is not None
        count = len(self.lesson.steps)
        return M_(
            "Lesson: {title} (step {step} of {steps})",
            title=lessons.in_language(self.lesson, language)[0].title,
            step=self.index + 1,
            steps=count,
        )

    # ---- answers -------------------------------------------------------------------------

    def position_changed(self, reason: PositionChange) -> None:
        """The session changed: a move after the step's position is the student's answer;
        another game or file ends the lesson."""
        if self.lesson is None or self._loading:
            return
        session = self.session
        if (
            reason == "new"
            or (reason == "load" and session.path is not None)
            or session.game.name != self.lesson.game_name
        ):
            self.end()  # another game or file took the board
            return
        if reason == "load":  # set-up mode applied: the teacher's next position
            self.changed.emit("reloaded")
            return
        task = self.step.task
        stack = session.game.move_stack
        if self.left_step():  # not played from the step's position: no answer to it
            self.judge.stop()
            self.verdict = None
            self.changed.emit("step")  # (its words say so: :attr:`judging`)
        elif (
            reason in ("move", "redo", "goto")  # (an answer undone comes back with Redo)
            and task is not None
            and not task.asks_for_points()
            and self.verdict is None
            and len(stack) > self._base
        ):
            before = self.step.position()
            if task.kind == "win-within":  # a proof: judged on the worker, said meanwhile
                self.judge.start(task, before, stack[self._base])
                return
            self._answered(lessons.judge_move(task, before, stack[self._base]))
        elif reason in ("undo", "goto") and len(stack) <= self._base:
            self.judge.stop()  # its answer was taken back: the verdict under way is dropped
            self.verdict = None  # back at the step's position: answer again
            self.changed.emit("step")

    def check(self) -> None:
        """Check the points picked (a click-points task)."""
        task = self.step.task
        if task is None or not task.asks_for_points():
            return
        self._answered(lessons.judge_points(task, self.step.position(), self.picked))

    def _answered(self, verdict: lessons.Verdict) -> None:
        """The answer's ``verdict`` (a move judged on the worker's: when it comes)."""
        self.verdict = verdict
        if self.verdict.correct and self.path is not None and not self.teaching:
            self.progress.record(self.path, self.index, done=self.index)
        self.session.dirty = False  # a lesson's move is not the user's document
        self.changed.emit("answer")

    def asks_for_points(self) -> bool:
        """A lesson's step waits for points picked on the board."""
        if self.lesson is None:
            return False
        task = self.step.task
        return task is not None and task.asks_for_points()

    def pick(self, point: tuple[int, ...]) -> None:
        """A point picked on the board for a click-points task (picked again: let go)."""
        if self.verdict is not None and self.verdict.correct:
            return
        if point in self.picked:
            self.picked.remove(point)
        else:
            self.picked.append(point)
        self.verdict = None
        self.changed.emit("answer")

    def retry(self) -> None:
        self.go(self.index)

    def hint(self) -> None:
        self.hint_shown = True
        self.changed.emit("step")

    def shutdown(self, wait: float = JOIN_SECONDS) -> None:
        """Stop the check and the judging under way and wait for their threads (``wait``
        seconds in all at most)."""
        left = time_left(wait)
        self.checks.shutdown(left())
        self.judge.shutdown(left())


class LessonBoard(Mode):
    """A lesson's task as a board mode: while a step asks for points, a click picks one
    (or lets it go); over the board, the step's highlights (magenta markers and rims), the
    points picked (teal) and a wrong answer's path (a red tube):
    :func:`viewer.lab.lesson_marks.lesson_frame`, as the classroom draws them."""

    name = "lesson"

    def __init__(self, lessons: Lessons, board: Shown) -> None:
        self.lessons = lessons
        self.board = board

    def active(self) -> bool:
        return self.lessons.asks_for_points()

    def click(self, site: int) -> Outcome | None:
        """A click while a click-points task waits: the point is picked (or let go)."""
        if not self.lessons.asks_for_points() or self.board.setup is not None:
            return None
        point = tuple(self.board.ui.coords_of(site))
        self.lessons.pick(point)
        return Picked(point, point in self.lessons.picked)

    def layer(self, game: Game, ui: UI, frame: Frame) -> Frame:
        state = self.lessons
        if state.lesson is None or game.name != state.lesson.game_name:
            return frame  # (another game on the board: the lesson's points mean nothing)
        offer = self.board.offered  # (a second click that picks the point a ball hides)
        return lesson_frame(
            frame,
            ui,
            highlights=state.step.highlight_points(),
            picked=state.picked,
            verdict=state.verdict,
            offered=tuple(ui.coords_of(offer.site)) if offer is not None and offer.pick else None,
        )
