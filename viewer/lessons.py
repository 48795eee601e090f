"""Lessons that answer back, in the window: a lesson file's steps shown one at a time in
the Lesson dock, the step's position on the board, its overlays and highlights drawn, its
task answered on the board (a move through the window's normal click path, or points
clicked) and judged by the rules (:mod:`model.lesson`), with the reason of a wrong answer
and the path it speaks of drawn, a hint, Retry, and progress kept between runs
(:class:`model.userfiles.LessonProgress`). Teacher mode edits the lesson in the dock and
saves it.

The window names no game here: points go through the game UI's ``site_of``/``coords_of``.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer

from model import lesson as lessons
from model.files import PositionDocument, save_bytes
from model.game import Game, IllegalMoveError, PositionFormatError, shorten
from model.search import check_lesson, check_task, judge_move, lesson_answers
from model.userfiles import LessonProgress, lessons_folder, make_folder

from .engine import EngineRunner, Job
from .frame import Frame, Marker
from .frame import Path as Tube
from .modes import Mode
from .session import EXAMPLES_DIR
from .slots import slot
from .widgets.lesson_steps import StepPanel

if TYPE_CHECKING:
    from .games import GameUI
    from .host import LessonHost
    from .session import Session
    from .widgets.lesson_dock import LessonDock

#: Characters of a path the status bar says (a longer one is cut, its end "…").
SAID_PATH = 160

#: The lesson progress file (read, merged and written in :mod:`model.userfiles`).
Progress = LessonProgress


class LessonControl:
    """The stepped lesson shown in the window, if any."""

    def __init__(self, window: LessonHost) -> None:
        self.window = window
        self.lesson: lessons.LessonFile | None = None
        self.path: Path | None = None
        self.index = 0
        self.verdict: lessons.Verdict | None = None
        self.picked: list[tuple[int, ...]] = []
        self.hint_shown = False
        self._loading = False
        self._base = 0  # plies on the step position's stack
        self.progress = Progress(tell=window.tell)  # a damaged file: told once
        self.panel = StepPanel(self)
        window.lesson_dock.add_steps(self.panel, self.panel.footer)
        # The rules' checks (Apply, Fill from rules, Save) run on a worker thread: a
        # win-within task's proof may take seconds, and the window answers meanwhile.
        self._anchor: Game | None = None  # the position the job under way started from
        self._asked: tuple[str, object, int] = ("", None, 0)  # purpose, lesson, step index
        self._saving: tuple[lessons.LessonFile, Path] | None = None
        # No Qt parent: a proof still running when the window closes (it cannot be
        # stopped, at most PROVE_SECONDS) answers a runner that still exists, which drops
        # the answer (shutdown stopped its job), instead of a deleted one.
        self.checker = EngineRunner(self._anchor_game)
        self.checker.answered.connect(self._checked)
        self.checker.failed.connect(self._check_failed)
        window.session.changed.connect(self._on_changed)
        window.setup_dock.visibilityChanged.connect(self._setup_shown)

    def _setup_shown(self, visible: bool) -> None:
        """Set-up mode opened during a lesson (a teacher building a step): the Lesson dock
        keeps its room beside the Puzzle dock that set-up mode brings up."""
        if visible and self.active:
            QTimer.singleShot(0, self.window.lesson_dock.claim_room)

    # ---- opening and moving between steps ----------------------------------------------

    def show_message(self, text: str) -> None:  # where @slot reports an error
        self.window.show_message(text)

    @property
    def active(self) -> bool:
        return self.lesson is not None

    @property
    def teaching(self) -> bool:
        """Teacher mode is on: the teacher's steps and checks are no student's progress,
        so none is recorded."""
        return self.panel.teach.isChecked()

    @slot
    def reset_progress(self) -> None:
        """Lessons > Reset progress: the lesson shown starts again at its first step with
        no task done (the user's progress file forgets it)."""
        if self.lesson is None or self.path is None:
            self.window.show_message("Reset progress: open a lesson file first")
            return
        self.progress.reset(self.path)
        self.go(0)
        self.window.show_message(
            f"Progress of {shorten(self.lesson.title, 80)} reset: step 1, no task done"
        )

    def start(
        self, lesson: lessons.LessonFile, path: Path | None, index: int | None = None
    ) -> None:
        if index is None:
            index = self.progress.at(path) if path is not None else 0
        index = max(0, min(index, len(lesson.steps) - 1))
        # The lesson and its step index change together, before anything can redraw: the
        # computer let go below redraws at once in some games (Pyramid Ball's Program
        # docks), and the board's layer then asks for the step shown.
        self.lesson, self.path, self.index = lesson, path, index
        self.verdict, self.picked, self.hint_shown = None, [], False
        self.window.engine.choose_players({})  # a lesson is played by the student
        self.go(index)

    def end(self) -> None:
        self.lesson = None
        self.path = None
        self.verdict = None
        self.picked = []
        dock = self.window.lesson_dock
        dock.use_steps(False)
        dock.forget_shown()
        follow_lesson(dock, self.window.session, self.window.ui)  # a file's caption, if any
        self.window.update_title()

    def go(self, index: int) -> None:
        """Show step ``index``: its position on the board, its text and task in the dock."""
        assert self.lesson is not None
        self.index = index
        step = self.step
        self.verdict, self.picked, self.hint_shown = None, [], False
        self._loading = True
        try:
            self.window.session.load(PositionDocument(step.position()), None)
        finally:
            self._loading = False
        self._base = len(step.game.move_stack)
        if self.path is not None and not self.teaching:
            self.progress.record(self.path, index)
        self.window.lesson_dock.use_steps(True)
        self._show()
        self.window.update_title()

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

    def window_title(self) -> str:
        """The lesson followed and the step shown, for the window's title."""
        assert self.lesson is not None
        count = len(self.lesson.steps)
        return f"Lesson: {self.lesson.title} (step {self.index + 1} of {count})"

    def _show(self) -> None:
        self.window.ui.set_overlays(self.step.overlays)
        self.panel.show_step()
        self.window.redraw()

    # ---- answers -------------------------------------------------------------------------

    def _on_changed(self, reason: str) -> None:
        if self.lesson is None or self._loading:
            return
        session = self.window.session
        if (
            reason == "new"
            or (reason == "load" and session.path is not None)
            or session.game.name != self.lesson.game_name
        ):
            self.end()  # another game or file took the board
            return
        if reason == "load":  # set-up mode applied: the teacher's next position
            self.window.ui.set_overlays(self.step.overlays)
            self.panel.show_step()
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
            self.verdict = judge_move(task, before, stack[self._base])
            self._answered()
        elif reason in ("undo", "goto") and len(stack) <= self._base:
            self.verdict = None  # back at the step's position: answer again
            self.panel.show_step()

    @slot
    def check(self) -> None:
        """Check the points clicked (a click-points task)."""
        task = self.step.task
        if task is None or not task.asks_for_points():
            return
        self.verdict = lessons.judge_points(task, self.step.position(), self.picked)
        self._answered()

    def _answered(self) -> None:
        assert self.verdict is not None
        if self.verdict.correct and self.path is not None and not self.teaching:
            self.progress.record(self.path, self.index, done=self.index)
        self.window.session.dirty = False  # a lesson's move is not the user's document
        self.panel.show_step()
        self.window.redraw()

    def asks_for_points(self) -> bool:
        """A lesson's step waits for points picked on the board."""
        if self.lesson is None:
            return False
        task = self.step.task
        return task is not None and task.asks_for_points()

    def take_click(self, site: int) -> bool:
        """A board click while a click-points task waits: the point is picked (or let go)
        and True; False when the click is the board's."""
        if self.lesson is None or self.window.setup is not None:
            return False
        task = self.step.task
        if task is None or not task.asks_for_points():
            return False
        if self.verdict is not None and self.verdict.correct:
            return True
        point = tuple(self.window.ui.coords_of(site))
        if point in self.picked:
            self.picked.remove(point)
        else:
            self.picked.append(point)
        self.verdict = None
        self.panel.show_step()
        self.window.redraw()
        return True

    @slot
    def retry(self) -> None:
        self.go(self.index)

    @slot
    def hint(self) -> None:
        self.hint_shown = True
        self.panel.show_step()

    # ---- drawing -------------------------------------------------------------------------

    def layer(self, game: Game, ui: GameUI, frame: Frame) -> Frame:
        """The step's highlights (orange markers), the points picked (green) and a wrong
        answer's path (a red tube)."""
        if self.lesson is None or game.name != self.lesson.game_name:
            return frame  # (another game on the board: the lesson's points mean nothing)
        markers = list(frame.markers)
        highlights = {k: tuple(v) for k, v in frame.highlights.items()}
        for points, style in (
            (self.step.highlight_points(), "lesson"),
            (self.picked, "lesson-pick"),
        ):
            for point in points:
                site = _site(ui, point)
                if site is None:
                    continue
                if site in frame.pieces:  # a piece gets a rim, an empty point a marker
                    highlights[style] = (*highlights.get(style, ()), site)
                else:
                    markers.append(Marker(site, style))
        paths = list(frame.paths)
        legend = dict(frame.legend_words)
        if self.verdict is not None and self.verdict.points:
            tube = tuple(s for s in (_site(ui, p) for p in self.verdict.points) if s is not None)
            if len(tube) > 1:
                paths.append(Tube(tube, "lesson-wrong"))
                if self.verdict.about:  # what the path is, in the rules' words
                    legend[("path", "lesson-wrong")] = self.verdict.about
        return dataclasses.replace(
            frame,
            markers=tuple(markers),
            paths=tuple(paths),
            highlights=highlights,
            legend_words=legend,
        )

    # ---- teacher mode --------------------------------------------------------------------

    def edit_step(self, lesson_title: str | None = None, **changes: Any) -> str | None:
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
            self.window.update_title()  # the window's title names the lesson
        return error

    def take_position(self) -> str | None:
        """The board's position (after set-up mode, moves) becomes the step's own."""
        assert self.lesson is not None
        raw = self.lesson.to_json()
        entry = raw["steps"][self.index]
        entry["position"] = lessons.position_json(self.window.session.game)
        entry.pop("moves", None)
        return self._replace(raw, reload=True)

    def add_step(self) -> str | None:
        """A new step after the one shown, on the board's position."""
        assert self.lesson is not None
        raw = self.lesson.to_json()
        new = {
            "title": "New step",
            "text": "Say one thing about this position.",
            "position": lessons.position_json(self.window.session.game),
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
            return str(exc)
        if self.lesson is not None:  # the same file, edited: as it was read, for the save
            lesson.fingerprint = self.lesson.fingerprint
        self.lesson = lesson
        self.index = self.index if index is None else index
        self.panel.dirty = True
        if reload:
            self.go(self.index)
        else:
            self._show()
        return None

    # -- the rules' checks, on the worker thread --

    def _anchor_game(self) -> Game:
        assert self._anchor is not None
        return self._anchor

    @property
    def busy(self) -> bool:
        return self.checker.thinking

    def _run(self, purpose: str, work: Any, saying: str) -> Job:
        """``work()`` on the worker thread; its result comes to :meth:`_checked`."""
        self._anchor = self.step.game
        self._asked = (purpose, self.lesson, self.index)
        job = self.checker.run(purpose, lambda _view, _progress, _stop: work())
        self.panel.working(saying)
        return job

    def check_step(self) -> None:
        """The step's task checked by the rules (Apply's second half)."""
        task = self.step.task
        if task is None:
            return
        if self._saving is not None:  # a save under way is not stopped for it
            self.panel.report("applied (the save under way checks every task)", True)
            return
        position = self.step.position()
        saying = "checking the task with the rules..."
        self._run("check", lambda: check_task(task, position), saying)

    def fill_answers(self, task: lessons.Task) -> None:
        """The answers the rules give for ``task`` at the step's position."""
        if self._saving is not None:
            self.panel.report("a save is under way: fill the answers after it", False)
            return
        position = self.step.position()

        def work() -> list[str] | str:
            try:
                return lesson_answers(task, position)
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
        self._run("save", lambda: check_lesson(lesson), f"checking the lesson for {path}...")
        return None

    def save_suggestion(self) -> str:
        """Where Save lesson... proposes to write: the file it came from, else the user's
        lessons folder under a name made of the lesson's title."""
        if self.path is not None and not _shipped(self.path):
            return str(self.path)
        title = self.lesson.title if self.lesson is not None else "lesson"
        stem = "".join(c if c.isalnum() else "-" for c in title.lower()).strip("-") or "lesson"
        while "--" in stem:
            stem = stem.replace("--", "-")
        folder = lessons_folder()
        problem = make_folder(folder)  # made on first use: the dialog opens in it
        if problem is not None:
            self.window.show_message(f"Lessons: {shorten(problem, 200)}")
        return str(folder / f"{stem[:60]}{lessons.SUFFIX}")

    def _checked(self, job: Job, result: Any) -> None:
        _purpose, lesson, index = self._asked
        if job.purpose == "save":
            self._write(result)
            return
        if lesson is not self.lesson or index != self.index:
            self.panel.report(None, True)  # the step changed meanwhile: nothing to say
            return
        if job.purpose == "check":
            said = f"checked: {result}" if result else "applied and checked"
            self.panel.report(said, result is None)
        elif isinstance(result, str):
            self.panel.report(f"no answers filled: {result}", False)
        else:
            self.panel.report(None, True)
            self.panel.filled(list(result))

    def _check_failed(self, job: Job, exc: BaseException) -> None:
        self._saving = None if job.purpose == "save" else self._saving
        self.panel.report(f"the rules' check failed: {shorten(str(exc))}", False)

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
                    self.window.show_error("Lesson saved as a copy", said)
                    path = written
                if lesson is self.lesson:
                    self.path = path
                    self.panel.dirty = False
                self.panel.report(f"saved {path}", True)
                self.window.show_message(f"Lesson saved to {shorten(str(path), SAID_PATH)}")
                self.window.update_title()
                return
        self.panel.report(said, False)
        self.window.show_message(shorten(said, 160))

    def shutdown(self) -> None:
        """Stop the check under way and wait for its thread."""
        self.checker.shutdown()

    def new_lesson(self, game: Game, title: str = "My lesson") -> None:
        """A lesson of one step on ``game``'s position (the teacher's start)."""
        step = lessons.step_from("First step", "Say one thing about this position.", game)
        self.start(lessons.LessonFile(game.name, title, [step]), None, 0)

    @slot
    def teach_new(self) -> None:
        """Lessons > New lesson from this position: one step on the board's position, in
        teacher mode (Save lesson... writes it)."""
        self.new_lesson(self.window.session.game.copy())
        self.panel.dirty = True
        self.panel.teach.setChecked(True)
        self.panel.edit_lesson_title.setFocus()  # the teacher names the lesson first
        self.panel.edit_lesson_title.selectAll()


def _shipped(path: Path) -> bool:
    """A lesson of the program's own (examples/lessons): a teacher's edit of it is saved
    in the user's lessons folder, not over it."""
    return path.resolve().is_relative_to((EXAMPLES_DIR / "lessons").resolve())


def _site(ui: GameUI, point: tuple[int, ...]) -> int | None:
    try:
        return ui.site_of(tuple(point))
    except (KeyError, ValueError, IndexError, NotImplementedError):
        return None


def play_answer(window: LessonHost, text: str) -> None:
    """Play ``text`` as the student would (tests and screenshot drivers)."""
    game = window.session.game
    move = game.parse_move(text)
    try:
        window.play_move(move)
    except IllegalMoveError as exc:  # pragma: no cover - play_move reports it itself
        window.show_message(str(exc))


class LessonBoard(Mode):
    """A lesson's task as a board mode: while a step asks for points, a click picks one
    (or lets it go); over the board, the step's highlights and the points picked."""

    name = "lesson"

    def __init__(self, lessons: LessonControl) -> None:
        self.lessons = lessons

    def active(self) -> bool:
        return self.lessons.asks_for_points()

    def click(self, site: int) -> bool:
        return self.lessons.take_click(site)

    def layer(self, game: Game, ui: GameUI, frame: Frame) -> Frame:
        return self.lessons.layer(game, ui, frame)


def follow_lesson(dock: LessonDock, session: Session, ui: GameUI) -> None:
    """The window took in a new position: a newly opened lesson (or a new game UI) sets
    the lesson's overlays on ``ui`` and its caption in the Lesson dock; the dock's note
    says when the board no longer shows the lesson's position. (A lesson file's steps
    are :class:`LessonControl`'s.)"""
    if dock.steps_active:
        return  # a lesson file's step: LessonControl draws it
    lesson = session.lesson
    game = session.game
    position = game.name, game.position_key()
    if lesson is not dock.lesson_shown or ui is not dock.ui_shown:
        dock.lesson_shown, dock.ui_shown = lesson, ui
        ui.set_overlays(lesson.overlays if lesson is not None else {})
        if lesson is None:
            dock.show_lesson("", "No lesson: open one from the Lessons menu.", None, None)
            dock.hide()
        else:
            title = session.puzzle.get("title", "")
            dock.show_lesson(title, lesson.caption, session.path, position)
            dock.show()
    dock.follow_position(position)  # a note once it changed
