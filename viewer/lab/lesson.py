"""The stepped lesson a file opened, Qt-free: its steps shown one at a time (each step's
position loaded into the session), the student's answers judged by the rules
(:mod:`model.lesson`: a move played, or points picked), a hint, Retry, the progress kept
between runs (:class:`model.userfiles.LessonProgress`), and teacher mode's edits of the
lesson and its save, the rules' checks on the lab's job runner.

It announces its changes with ``changed(what, *args)``; a front end draws them:

- "shown": a step is shown (its position, text and overlays);
- "ended": the lesson ended (another game or file took the board);
- "answer": the verdict or the points picked changed (the board and the step's text);
- "step": the step's text changed only (a hint, back at the step's position);
- "reloaded": a teacher's set-up was applied (the step's overlays go on it again);
- "edited": the teacher changed the lesson (unsaved now);
- "working" (text), "report" (text or None, ok), "filled" (answers): the rules' checks;
- "saved" (path): the lesson was written;
- "title": the window's title names the lesson."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, Literal

from pyramid_lab.model import content, search
from pyramid_lab.model import lesson as lessons
from pyramid_lab.model.files import PositionDocument, save_bytes
from pyramid_lab.model.game import Game, PositionFormatError, shorten
from pyramid_lab.model.userfiles import LessonProgress, lessons_folder, make_folder

from .events import Signal
from .frame import Frame
from .jobs import Job, JobRunner, Post, Progress
from .lesson_marks import lesson_frame
from .lesson_words import editor_words
from .modes import Mode, Shown
from .outcome import Outcome, Picked
from .session import PositionChange, Session

#: What ``Lessons.changed`` names first (the module's docstring says each and what follows).
LessonChange = Literal[
    "shown",
    "ended",
    "answer",
    "step",
    "reloaded",
    "edited",
    "working",
    "report",
    "filled",
    "saved",
    "title",
]

if TYPE_CHECKING:
    from .bulletin import Say
    from .documents import Documents
    from .engine import Engine
    from .game_ui import UI
    from .port import Port

#: Characters of a path the status line says (a longer one is cut, its end "…").
SAID_PATH = 160


#: A new step's text until the teacher writes one (the lesson document's own)
STARTER_TEXT = lessons.STARTER_TEXT


class Lessons:
    """The lesson shown (``lesson``, None when none), its step ``index``, the student's
    answer (``verdict``, ``picked``) and the teacher's edits."""

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
        # The rules' checks (Apply, Fill from rules, Save) run on a worker thread: a
        # win-within task's proof may take seconds, and the front answers meanwhile.
        self._anchor: Game | None = None  # the position the job under way started from
        self._asked: tuple[str, object, int] = ("", None, 0)  # purpose, lesson, step index
        self._saving: tuple[lessons.LessonFile, Path] | None = None
        self.checker = JobRunner(self._anchor_game, post)
        self.checker.answered.connect(self._checked)
        self.checker.failed.connect(self._check_failed)
        self._saying = ""  # what the check under way says it does
        # what the check under way has done (Fill from rules: the moves tried, of how many)
        self.checker.progressed.connect(
            lambda _fraction, text: self.changed.emit("working", f"{self._saying} {text}")
        )
        # a first use of the compiled search: the working line says what the check waits for
        self.checker.preparing.connect(
            lambda text: self.changed.emit(
                "working", f"{text}; then {self._saying}" if text else self._saying
            )
        )

    @property
    def active(self) -> bool:
        return self.lesson is not None

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
        self.verdict, self.picked, self.hint_shown = None, [], False
        self._loading = True
        try:
            self.session.load(PositionDocument(step.position()), None)
        finally:
            self._loading = False
        self._base = len(step.game.move_stack)
        if self.path is not None and not self.teaching:
            self.progress.record(self.path, index)
        self.changed.emit("shown")
        self.changed.emit("title")

    def reset_progress(self) -> None:
        """Lessons > Reset progress: the lesson shown starts again at its first step with
        no task done (the user's progress file forgets it)."""
        if self.lesson is None or self.path is None:
            self.say("Reset progress: open a lesson file first")
            return
        self.progress.reset(self.path)
        self.go(0)
        self.say(f"Progress of {shorten(self.lesson.title, 80)} reset: step 1, no task done")

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

    def title(self) -> str:
        """The lesson followed and the step shown, for the window's title."""
        assert self.lesson is not None
        count = len(self.lesson.steps)
        return f"Lesson: {self.lesson.title} (step {self.index + 1} of {count})"

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
        if (
            reason == "move"
            and task is not None
            and not task.asks_for_points()
            and self.verdict is None
            and len(stack) > self._base
        ):
            before = self.step.position()
            self.verdict = lessons.judge_move(
                task, before, stack[self._base], wins=search.Judge(search.knowledge_for)
            )
            self._answered()
        elif reason in ("undo", "goto") and len(stack) <= self._base:
            self.verdict = None  # back at the step's position: answer again
            self.changed.emit("step")

    def check(self) -> None:
        """Check the points picked (a click-points task)."""
        task = self.step.task
        if task is None or not task.asks_for_points():
            return
        self.verdict = lessons.judge_points(task, self.step.position(), self.picked)
        self._answered()

    def _answered(self) -> None:
        assert self.verdict is not None
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

    # ---- teacher mode --------------------------------------------------------------------

    def new_lesson(self, game: Game, title: str = "My lesson") -> None:
        """A lesson of one step on ``game``'s position (the teacher's start)."""
        step = lessons.step_from("First step", STARTER_TEXT, game)
        self.start(lessons.LessonFile(game.name, title, [step]), None, 0)

    def edit_step(self, lesson_title: str | None = None, **changes: object) -> str | None:
        """Change the step shown (title, text, overlays, highlights, task as JSON-like
        values), and the lesson's own title with ``lesson_title``; None, or why not (the
        lesson and the step keep their old values)."""
        assert self.lesson is not None
        raw = self.lesson.to_json()
        if lesson_title is not None:
            raw["title"] = lesson_title.strip()
        entry = raw["steps"][self.index]
        for key, value in changes.items():
            if value is None:
                entry.pop(key, None)  # e.g. task=None: the step asks nothing
            else:
                entry[key] = value
        error = self._replace(raw)
        if error is None and lesson_title is not None:
            self.changed.emit("title")  # the window's title names the lesson
        return error

    def take_position(self) -> str | None:
        """The session's position (after set-up mode, moves) becomes the step's own."""
        assert self.lesson is not None
        raw = self.lesson.to_json()
        entry = raw["steps"][self.index]
        entry["position"] = lessons.position_json(self.session.game)
        entry.pop("moves", None)
        return self._replace(raw, reload=True)

    def add_step(self) -> str | None:
        """A new step after the one shown, on the session's position."""
        assert self.lesson is not None
        raw = self.lesson.to_json()
        new = {
            "title": "New step",
            "text": STARTER_TEXT,
            "position": lessons.position_json(self.session.game),
        }
        steps = raw["steps"]
        if self.index + 1 < len(steps):  # the next step followed the one shown: it still does
            following = steps[self.index + 1]
            following["position"] = lessons.position_json(self.lesson.steps[self.index + 1].game)
            following.pop("moves", None)
        steps.insert(self.index + 1, new)
        return self._replace(raw, self.index + 1, reload=True)

    def remove_step(self) -> str | None:
        assert self.lesson is not None
        if len(self.lesson.steps) == 1:
            return "a lesson has at least one step"
        raw = self.lesson.to_json()
        if self.index + 1 < len(raw["steps"]):  # the next step may start from this one
            following = raw["steps"][self.index + 1]
            following["position"] = lessons.position_json(self.lesson.steps[self.index + 1].game)
            following.pop("moves", None)
        raw["steps"].pop(self.index)
        return self._replace(raw, min(self.index, len(raw["steps"]) - 1), reload=True)

    def keep_view(self, view: Mapping[str, object] | None) -> str | None:
        """The lesson opens with ``view`` (a lesson file's ``"view"``: levels, peel, clips,
        camera; None or empty: the defaults); None, or why not."""
        assert self.lesson is not None
        raw = self.lesson.to_json()
        raw.pop("view", None)
        if view:
            raw["view"] = view
        return self._replace(raw)

    def move_step(self, by: int) -> str | None:
        assert self.lesson is not None
        target = self.index + by
        if not 0 <= target < len(self.lesson.steps):
            return "no step there"
        raw = self.lesson.to_json()
        steps = raw["steps"]
        for entry, step in zip(steps, self.lesson.steps, strict=True):
            entry["position"] = lessons.position_json(step.game)  # none follows another now
            entry.pop("moves", None)
        steps[self.index], steps[target] = steps[target], steps[self.index]
        return self._replace(raw, target, reload=True)

    def _replace(
        self, raw: dict[str, Any], index: int | None = None, reload: bool = False
    ) -> str | None:
        """The lesson edited to ``raw``, showing step ``index`` (the same one by default);
        when ``raw`` is not a lesson, why not, and the lesson and the step shown stay."""
        try:
            lesson = lessons.from_json(raw)
        except PositionFormatError as exc:
            return editor_words(exc)  # "Step 1, Answers: ...", not the file's keys
        if self.lesson is not None:  # the same file, edited: as it was read, for the save
            lesson.fingerprint = self.lesson.fingerprint
        self.lesson = lesson
        self.index = self.index if index is None else index
        self.changed.emit("edited")
        if reload:
            self.go(self.index)
        else:
            self.changed.emit("shown")
        return None

    # -- the rules' checks, on the worker thread --

    def _anchor_game(self) -> Game:
        assert self._anchor is not None
        return self._anchor

    @property
    def busy(self) -> bool:
        return self.checker.thinking

    def _run(self, purpose: str, work: Callable[[Progress], Any], saying: str) -> Job:
        """``work(progress)`` on the worker thread; its result comes to :meth:`_checked`,
        what it says of its progress to the working line meanwhile."""
        self._anchor = self.step.game
        self._asked = (purpose, self.lesson, self.index)
        job = self.checker.run(purpose, lambda _view, progress, _stop: work(progress))
        self._saying = saying
        self.changed.emit("working", saying)
        return job

    def check_step(self) -> None:
        """The step's task checked by the rules (Apply's second half)."""
        task = self.step.task
        if task is None:
            return
        if self._saving is not None:  # a save under way is not stopped for it
            self.changed.emit("report", "applied (the save under way checks every task)", True)
            return
        position = self.step.position()
        saying = "checking the task with the rules..."
        self._run(
            "check",
            lambda _progress: lessons.check_task(
                task, position, wins=search.Judge(search.knowledge_for)
            ),
            saying,
        )

    def fill_answers(self, task: lessons.Task) -> None:
        """The answers the rules give for ``task`` at the step's position."""
        if self._saving is not None:
            self.changed.emit("report", "a save is under way: fill the answers after it", False)
            return
        position = self.step.position()

        def work(progress: Progress) -> list[str] | str:
            try:
                return lessons.right_answers(
                    task, position, wins=search.Judge(search.knowledge_for), progress=progress
                )
            except ValueError as exc:  # why the rules give none: said in words
                return str(exc)

        self._run("fill", work, "finding the answers with the rules...")

    def save(self, path: str | Path) -> str | None:
        """Check every task with the rules on the worker thread, then write the lesson
        (atomically); None when the check started, or why not (a check under way)."""
        assert self.lesson is not None
        if self.busy and self._saving is not None:
            return "not saved: a save is under way"
        lesson = self.lesson
        self._saving = (lesson, Path(path))
        self._run(
            "save",
            lambda _progress: lessons.check(lesson, wins=search.Judge(search.knowledge_for)),
            f"checking the lesson for {path}...",
        )
        return None

    def save_suggestion(self) -> str:
        """Where Save lesson... proposes to write: the file it came from, else the user's
        lessons folder under a name made of the lesson's title."""
        if self.path is not None and not shipped(self.path):
            return str(self.path)
        title = self.lesson.title if self.lesson is not None else "lesson"
        stem = "".join(c if c.isalnum() else "-" for c in title.lower()).strip("-") or "lesson"
        while "--" in stem:
            stem = stem.replace("--", "-")
        folder = lessons_folder()
        problem = make_folder(folder)  # made on first use: the dialog opens in it
        if problem is not None:
            self.say(f"Lessons: {shorten(problem, 200)}")
        return str(folder / f"{stem[:60]}{lessons.SUFFIX}")

    def _checked(self, job: Job, result: Any) -> None:
        _purpose, lesson, index = self._asked
        if job.purpose == "save":
            self._write(result)
            return
        if lesson is not self.lesson or index != self.index:
            self.changed.emit("report", None, True)  # the step changed: nothing to say
            return
        if job.purpose == "check":
            said = f"checked: {result}" if result else "applied and checked"
            self.changed.emit("report", said, result is None)
        elif isinstance(result, str):
            self.changed.emit("report", f"no answers filled: {result}", False)
        else:
            self.changed.emit("report", None, True)
            self.changed.emit("filled", list(result))

    def _check_failed(self, job: Job, exc: BaseException) -> None:
        self._saving = None if job.purpose == "save" else self._saving
        self.changed.emit("report", f"the rules' check failed: {shorten(str(exc))}", False)

    def _write(self, problems: list[lessons.Problem]) -> None:
        assert self._saving is not None
        lesson, path = self._saving
        self._saving = None
        if problems:
            said = f"not saved: {problems[0]}"
        else:
            # The file it came from is replaced only if it is still as it was read; changed
            # meanwhile, the lesson goes beside it (model.files.save_bytes), said.
            same = self.path is not None and os.path.realpath(self.path) == os.path.realpath(path)
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                data = lessons.dumps(lesson).encode("utf-8")
                read = lesson.fingerprint if same else None
                written, lesson.fingerprint = save_bytes(path, data, read=read, beside=True)
            except OSError as exc:
                said = f"not saved: {exc.strerror or exc}"
            else:
                if written != Path(os.path.realpath(path)):  # (a link is written through)
                    said = (
                        f"{path.name} changed on disk since it was opened: saved as {written.name}"
                    )
                    self.port.show_message("Lesson saved as a copy", said)
                    path = written
                if lesson is self.lesson:
                    self.path = path
                    self.changed.emit("saved", path)
                self.changed.emit("report", f"saved {path}", True)
                self.say(f"Lesson saved to {shorten(str(path), SAID_PATH)}")
                self.changed.emit("title")
                return
        self.changed.emit("report", said, False)
        self.say(shorten(said, 160))

    def shutdown(self) -> None:
        """Stop the check under way and wait for its thread."""
        self.checker.shutdown()


def shipped(path: Path) -> bool:
    """A lesson that came with Pyramid Lab (saved as a copy in the user's folder)."""
    return path.resolve().is_relative_to(content.lessons().resolve())


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
