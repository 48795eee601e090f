"""The rules' checks of a lesson in teacher mode, Qt-free, on a worker thread of their own
(a win-within task's proof may take seconds, and the front answers meanwhile): Apply's check
of the step's task, Fill from rules (the answers the rules give), and Save lesson (every
task checked, then the file written atomically, as a copy beside it where it changed on
disk). What they do and find is said through the ``changed`` of the lesson shown
(:class:`~viewer.lab.lesson.Lessons`): "working" (text), "report" (text or None, ok),
"filled" (answers), "saved" (path), "title"."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pyramid_lab.i18n import M_
from pyramid_lab.model import content, search
from pyramid_lab.model import lesson as lessons
from pyramid_lab.model.files import save_bytes
from pyramid_lab.model.game import Game, shorten
from pyramid_lab.model.userfiles import lessons_folder, make_folder
from pyramid_lab.model.words import reason_of, system_reason

from .jobs import JOIN_SECONDS, Job, JobRunner, Post, Progress
from .outcome_words import word

if TYPE_CHECKING:
    from .lesson_shown import ShownLesson

#: Characters of a path the status line says (a longer one is cut, its end "…").
SAID_PATH = 160


@dataclass(frozen=True)
class TaskChecked:
    """A step's task checked by the rules: what is wrong with it (None: nothing)."""

    problem: str | None


@dataclass(frozen=True)
class Filled:
    """The answers the rules give for a task, or why they give none."""

    answers: list[str] | str


@dataclass(frozen=True)
class LessonChecked:
    """Every task of a lesson checked before it is saved: the problems found."""

    problems: list[lessons.Problem]


#: What a check on the runner answers (each kind its own record).
Checked = TaskChecked | Filled | LessonChecked


class LessonChecks:
    """The rules' checks of the lesson ``state`` shows, on a runner of their own
    (``post``: the front end's thread); ``busy`` while one runs."""

    def __init__(self, state: ShownLesson, post: Post) -> None:
        self.state = state
        self._anchor: Game | None = None  # the position the job under way started from
        self._asked: tuple[str, object, int] = ("", None, 0)  # purpose, lesson, step index
        self._saving: tuple[lessons.LessonFile, Path] | None = None
        self.checker: JobRunner[Checked] = JobRunner(self._anchor_game, post)
        self.checker.answered.connect(self._checked)
        self.checker.failed.connect(self._check_failed)
        self._saying: str = ""  # what the check under way says it does
        # what the check under way has done (Fill from rules: the moves tried, of how many)
        self.checker.progressed.connect(
            lambda _fraction, text: state.changed.emit(
                "working", M_("{doing} {progress}", doing=self._saying, progress=word(text))
            )
        )
        # a first use of the compiled search: the working line says what the check waits for
        self.checker.preparing.connect(
            lambda text: state.changed.emit(
                "working",
                M_("{waiting}; then {doing}", waiting=word(text), doing=self._saying)
                if text
                else self._saying,
            )
        )

    def _anchor_game(self) -> Game:
        assert self._anchor is not None
        return self._anchor

    @property
    def busy(self) -> bool:
        return self.checker.thinking

    def _run(self, purpose: str, work: Callable[[Progress], Checked], saying: str) -> Job:
        """``work(progress)`` on the worker thread; its result comes to :meth:`_checked`,
        what it says of its progress to the working line meanwhile."""
        self._anchor = self.state.step.game
        self._asked = (purpose, self.state.lesson, self.state.index)
        job = self.checker.run(purpose, lambda _view, progress, _stop: work(progress))
        self._saying = saying
        self.state.changed.emit("working", saying)
        return job

    def check_step(self) -> None:
        """The step's task checked by the rules (Apply's second half)."""
        task = self.state.step.task
        if task is None:
            return
        if self._saving is not None:  # a save under way is not stopped for it
            self.state.changed.emit(
                "report", M_("applied (the save under way checks every task)"), True
            )
            return
        position = self.state.step.position()
        saying = M_("checking the task with the rules...")
        self._run(
            "check",
            lambda _progress: TaskChecked(
                lessons.check_task(task, position, wins=search.Judge(search.knowledge_for))
            ),
            saying,
        )

    def fill_answers(self, task: lessons.Task) -> None:
        """The answers the rules give for ``task`` at the step's position."""
        if self._saving is not None:
            self.state.changed.emit(
                "report", M_("a save is under way: fill the answers after it"), False
            )
            return
        position = self.state.step.position()

        def work(progress: Progress) -> Checked:
            try:
                return Filled(
                    lessons.right_answers(
                        task, position, wins=search.Judge(search.knowledge_for), progress=progress
                    )
                )
            except ValueError as exc:  # why the rules give none: said in words
                return Filled(reason_of(exc))

        self._run("fill", work, M_("finding the answers with the rules..."))

    def save(self, path: str | Path) -> str | None:
        """Check every task with the rules on the worker thread, then write the lesson
        (atomically); None when the check started, or why not (a check under way)."""
        assert self.state.lesson is not None
        if self.busy and self._saving is not None:
            return M_("not saved: a save is under way")
        lesson = self.state.lesson
        self._saving = (lesson, Path(path))
        self._run(
            "save",
            lambda _progress: LessonChecked(
                lessons.check(lesson, wins=search.Judge(search.knowledge_for))
            ),
            M_("checking the lesson for {path}...", path=str(path)),
        )
        return None

    def save_suggestion(self) -> str:
        """Where Save lesson... proposes to write: the file it came from, else the user's
        lessons folder under a name made of the lesson's title."""
        path = self.state.path
        if path is not None and not shipped(path):
            return str(path)
        lesson = self.state.lesson
        title = lesson.title if lesson is not None else "lesson"
        stem = "".join(c if c.isalnum() else "-" for c in title.lower()).strip("-") or "lesson"
        while "--" in stem:
            stem = stem.replace("--", "-")
        folder = lessons_folder()
        problem = make_folder(folder)  # made on first use: the dialog opens in it
        if problem is not None:
            self.state.say(M_("Lessons: {problem}", problem=shorten(problem, 200)))
        return str(folder / f"{stem[:60]}{lessons.SUFFIX}")

    def _checked(self, job: Job, result: Checked) -> None:
        _purpose, lesson, index = self._asked
        if isinstance(result, LessonChecked):  # a save's
            self._write(result.problems)
            return
        if lesson is not self.state.lesson or index != self.state.index:
            self.state.changed.emit("report", None, True)  # the step changed: nothing to say
            return
        if isinstance(result, TaskChecked):
            problem = result.problem
            said = (
                M_("checked: {problem}", problem=word(problem))
                if problem
                else M_("applied and checked")
            )
            self.state.changed.emit("report", said, problem is None)
        elif isinstance(result.answers, str):
            none = M_("no answers filled: {why}", why=word(result.answers))
            self.state.changed.emit("report", none, False)
        else:
            self.state.changed.emit("report", None, True)
            self.state.changed.emit("filled", list(result.answers))

    def _check_failed(self, job: Job, exc: BaseException) -> None:
        self._saving = None if job.purpose == "save" else self._saving
        failed = M_("the rules' check failed: {error}", error=shorten(reason_of(exc)))
        self.state.changed.emit("report", failed, False)

    def _write(self, problems: list[lessons.Problem]) -> None:
        assert self._saving is not None
        lesson, path = self._saving
        self._saving = None
        if problems:
            said = M_("not saved: {problem}", problem=problems[0].words())
        else:
            # The file it came from is replaced only if it is still as it was read; changed
            # meanwhile, the lesson goes beside it (model.files.save_bytes), said.
            shown = self.state.path
            same = shown is not None and os.path.realpath(shown) == os.path.realpath(path)
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                data = lessons.dumps(lesson).encode("utf-8")
                read = lesson.fingerprint if same else None
                written, lesson.fingerprint = save_bytes(path, data, read=read, beside=True)
            except OSError as exc:
                said = M_("not saved: {problem}", problem=system_reason(exc))
            else:
                if written != Path(os.path.realpath(path)):  # (a link is written through)
                    said = M_(
                        "{name} changed on disk since it was opened: saved as {copy}",
                        name=path.name,
                        copy=written.name,
                    )
                    self.state.port.show_message(M_("Lesson saved as a copy"), said)
                    path = written
                if lesson is self.state.lesson:
                    self.state.path = path
                    self.state.changed.emit("saved", path)
                self.state.changed.emit("report", M_("saved {path}", path=str(path)), True)
                self.state.say(M_("Lesson saved to {path}", path=shorten(str(path), SAID_PATH)))
                self.state.changed.emit("title")
                return
        self.state.changed.emit("report", said, False)
        self.state.say(shorten(said, 160))

    def shutdown(self, wait: float = JOIN_SECONDS) -> None:
        """Stop the check under way and wait for its thread (``wait`` seconds at most)."""
        self.checker.shutdown(wait)


def shipped(path: Path) -> bool:
    """A lesson that came with Pyramid Lab (saved as a copy in the user's folder)."""
    return path.resolve().is_relative_to(content.lessons().resolve())
