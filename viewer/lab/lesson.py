"""The stepped lesson a file opened, Qt-free: its steps shown one at a time (each step's
position loaded into the session), the student's answers judged by the rules
(:mod:`model.lesson`: a move played, or points picked; a win-within task's proof on a worker
thread, :class:`LessonJudge`), a hint, Retry, the progress kept between runs
(:class:`model.lesson_progress.LessonProgress`); beside it, held by it, teacher mode's edits
of the lesson (``editor``: :class:`LessonEditor`, refusals in the editor's words) and the
rules' checks and the save on a worker thread (``checks``: :class:`LessonChecks`). One
concept over 900 lines: each part reads and changes the lesson shown, and says so through
its ``changed``.

It announces its changes with ``changed(what, *args)``; a front end draws them:

- "shown": a step is shown (its position, text and overlays);
- "ended": the lesson ended (another game or file took the board);
- "answer": the verdict or the points picked changed (the board and the step's text);
- "step": the step's text changed only (a hint, back at the step's position);
- "reloaded": a teacher's set-up was applied (the step's overlays go on it again);
- "edited": the teacher changed the lesson (unsaved now: :class:`LessonEditor`);
- "working" (text), "report" (text or None, ok), "filled" (answers): the rules' checks
  (:class:`LessonChecks`);
- "saved" (path): the lesson was written;
- "title": the window's title names the lesson."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, Literal

from pyramid_lab import i18n
from pyramid_lab.i18n import M_, N_, Message
from pyramid_lab.model import content, lesson_check, search
from pyramid_lab.model import lesson as lessons
from pyramid_lab.model.files import PositionDocument, save_bytes
from pyramid_lab.model.game import Game, Move, PositionFormatError, shorten
from pyramid_lab.model.languages import Words, text_json
from pyramid_lab.model.lesson_progress import LessonProgress
from pyramid_lab.model.tree import Node
from pyramid_lab.model.userfiles import lessons_folder, make_folder
from pyramid_lab.model.words import reason_of, system_reason

from .events import PositionChange, Signal
from .frame import Frame
from .jobs import JOIN_SECONDS, Job, JobRunner, Post, Progress, at_once, time_left
from .lesson_marks import lesson_frame
from .modes import Mode, Shown
from .outcome import Outcome, Picked
from .outcome_words import word
from .session import Session

if TYPE_CHECKING:
    from .bulletin import Say
    from .documents import Documents
    from .engine import Engine
    from .game_ui import UI
    from .port import Port

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
        self.judge = LessonJudge(self, post)

    @property
    def active(self) -> bool:
        return self.lesson is not None

    @property
    def judging(self) -> str:
        """What the lesson says while no verdict is shown: while the prover judges the move
        played, :attr:`LessonJudge.words`; once moves left the
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


#: What the lesson says while the prover judges the student's move.
JUDGING = M_("Judging your move with the prover...")


class LessonJudge:
    """A move that answers a lesson's win-within task, judged on a worker thread: one answer
    at a time; its verdict goes to the lesson ``state`` on the front end's thread when it
    comes (a proof that failed: the status line says why, no verdict), and the lesson says
    "answer" whenever :attr:`words` change (the step's text shows them).

    Whether a move wins within some plies takes a proof (:class:`model.search.Judge`): the
    prover's search, and before it, in a process that has not used the compiled search
    yet, its compile or load (a minute or two of compiling on a cold cache), or the wait
    for another thread that compiles it (the computer's or the Hint's job). On the front
    end's thread that was a frozen window: the suite's GUI monkey saw the window's thread
    wait 65 to 150 s in ``first_use.ready`` behind an engine job's compile. Here the proof
    runs on a runner of its own (:class:`~viewer.lab.jobs.JobRunner`, whose first-use words
    it passes on), and the verdict comes back through ``post``; meanwhile :attr:`words`
    says what the lesson waits for.

    A front end with no thread of its own (``post`` is :func:`~viewer.lab.jobs.at_once`:
    the classroom, whose student's request runs on a thread of the server's, under that
    student's lock, and answers with the verdict; a script) has the move judged at once, as
    before: a delivery from the worker would come outside that lock."""

    def __init__(self, state: Lessons, post: Post) -> None:
        self.state = state
        self._inline = post is at_once  # no thread of its own: judged at once (see the class)
        self._after: Game | None = None  # the position the answer made (the job's view)
        self.runner: JobRunner[lessons.Verdict] = JobRunner(self._position, post)
        self.runner.answered.connect(self._judged)
        self.runner.failed.connect(self._failed)
        self.runner.preparing.connect(self._preparing)
        #: What the lesson says while it judges ('' when it does not).
        self.words: Message | str = ""

    def _position(self) -> Game:
        assert self._after is not None
        return self._after

    @property
    def busy(self) -> bool:
        return self.runner.thinking

    def start(self, task: lessons.Task, before: Game, move: Move) -> None:
        """Judge ``move`` played at ``before`` (the step's position) against ``task``; a
        judging under way goes on (it judges the same first move)."""
        if self._inline:
            wins = search.Judge(search.knowledge_for)
            self.state._answered(lessons.judge_move(task, before, move, wins=wins))
            return
        if self.runner.thinking:
            return
        after = before.copy()
        after.push(move)
        self._after = after
        self.words = JUDGING
        self.runner.run(
            "judge",
            lambda _view, _progress, _stop: lessons.judge_move(
                task, before, move, wins=search.Judge(search.knowledge_for)
            ),
        )
        self.state.changed.emit("answer")

    def stop(self) -> None:
        """The step changed or its answer was taken back: the verdict under way is dropped."""
        self.runner.stop()
        if self.words:
            self.words = ""
            self.state.changed.emit("answer")

    def shutdown(self, wait: float = JOIN_SECONDS) -> None:
        self.runner.shutdown(wait)

    def _preparing(self, text: str) -> None:
        """The compiled search's first use: the lesson says what it waits for."""
        waiting = M_("{waiting}; then {doing}", waiting=word(text), doing=JUDGING)
        self.words = waiting if text else JUDGING
        self.state.changed.emit("answer")

    def _judged(self, _job: Job, verdict: lessons.Verdict) -> None:
        self.words = ""
        self.state._answered(verdict)

    def _failed(self, _job: Job, exc: BaseException) -> None:
        self.words = ""
        self.state.say(M_("The move could not be judged: {error}", error=shorten(reason_of(exc))))
        self.state.changed.emit("answer")  # the words of the wait go


def writing_language(language: str) -> str:
    """The language a teacher speaking ``language`` writes a lesson in: its catalog's
    (``de_AT`` -> ``de``), else English (the pseudo-locale's too)."""
    chosen = i18n.resolve(language)
    return lessons.ENGLISH if chosen == i18n.PSEUDO else chosen


class LessonEditor:
    """Teacher mode's edits of the lesson ``state`` shows (the step shown, by default): a
    new lesson from a position, the step's title, text, overlays, highlights and task, its
    position taken from the board, steps added, removed and reordered, the view a lesson
    opens with. Each edit is checked by reading the lesson anew
    (:func:`model.lesson.from_json`) and answers None, or why not: a bad one is refused in
    the editor's words and the lesson and the step shown keep their old values (its
    ``changed`` says "edited", "shown", "title")."""

    def __init__(self, state: Lessons) -> None:
        self.state = state
        #: The language the teacher's texts are edited in (a code: en, de, fr, ...): a
        #: text typed goes to that language's, the others' kept (``model.languages``).
        #: The process's (the window's) by default: a teacher writes in their own.
        self.language = writing_language(i18n.current())

    def new_lesson(self, game: Game, title: str = lessons.NEW_LESSON_TITLE) -> None:
        """A lesson of one step on ``game``'s position (the teacher's start), its stand-in
        texts in the language the teacher writes in too (English beside them)."""
        step = lessons.step_from(lessons.FIRST_STEP_TITLE, lessons.STARTER_TEXT, game)
        step = replace(
            step, words=self._stand_ins(title=lessons.FIRST_STEP_TITLE, text=lessons.STARTER_TEXT)
        )
        lesson = lessons.LessonFile(game.name, title, [step], words=self._stand_ins(title=title))
        self.state.start(lesson, None, 0)

    def _stand_ins(self, **english: str) -> Words:
        """The stand-in texts ``english`` in the language the teacher writes in, by key
        (none in English, or where the catalog has no translation: a title typed)."""
        out: Words = {}
        for key, text in english.items():
            said = lessons.stand_in(text, self.language)
            if said != text:
                out[key] = {self.language: said}
        return out

    def edit_step(self, lesson_title: str | None = None, **changes: object) -> str | None:
        """Change the step shown (title, text, overlays, highlights, task as JSON-like
        values), and the lesson's own title with ``lesson_title``; None, or why not (the
        lesson and the step keep their old values)."""
        assert self.state.lesson is not None
        raw = self.state.lesson.to_json()
        if lesson_title is not None:
            raw["title"] = _merged(raw["title"], lesson_title.strip(), self.language)
        entry = raw["steps"][self.state.index]
        for key, value in changes.items():
            if value is None:
                entry.pop(key, None)  # e.g. task=None: the step asks nothing
            elif key in ("title", "text") and isinstance(value, str):
                entry[key] = _merged(entry.get(key), value, self.language)
            elif key == "task" and isinstance(value, Mapping):
                entry[key] = _task_merged(entry.get("task"), value, self.language)
            else:
                entry[key] = value
        error = self._replace(raw)
        if error is None and lesson_title is not None:
            self.state.changed.emit("title")  # the window's title names the lesson
        return error

    def take_position(self) -> str | None:
        """The session's position (after set-up mode, moves) becomes the step's own."""
        assert self.state.lesson is not None
        raw = self.state.lesson.to_json()
        entry = raw["steps"][self.state.index]
        entry["position"] = lessons.position_json(self.state.session.game)
        entry.pop("moves", None)
        return self._replace(raw, reload=True)

    def add_step(self) -> str | None:
        """A new step after the one shown, on the session's position."""
        lesson, index = self.state.lesson, self.state.index
        assert lesson is not None
        raw = lesson.to_json()
        words = self._stand_ins(title=lessons.NEW_STEP_TITLE, text=lessons.STARTER_TEXT)
        new = {
            "title": text_json(lessons.NEW_STEP_TITLE, words.get("title")),
            "text": text_json(lessons.STARTER_TEXT, words.get("text")),
            "position": lessons.position_json(self.state.session.game),
        }
        _unchain(raw, lesson, index + 1)  # the next step followed the one shown: it still does
        raw["steps"].insert(index + 1, new)
        return self._replace(raw, index + 1, reload=True)

    def remove_step(self) -> str | None:
        lesson, index = self.state.lesson, self.state.index
        assert lesson is not None
        if len(lesson.steps) == 1:
            return M_("a lesson has at least one step")
        raw = lesson.to_json()
        _unchain(raw, lesson, index + 1)  # the next step may start from this one
        raw["steps"].pop(index)
        return self._replace(raw, min(index, len(raw["steps"]) - 1), reload=True)

    def keep_view(self, view: Mapping[str, object] | None) -> str | None:
        """The lesson opens with ``view`` (a lesson file's ``"view"``: levels, peel, clips,
        camera; None or empty: the defaults); None, or why not."""
        assert self.state.lesson is not None
        raw = self.state.lesson.to_json()
        raw.pop("view", None)
        if view:
            raw["view"] = view
        return self._replace(raw)

    def move_step(self, by: int) -> str | None:
        assert self.state.lesson is not None
        target = self.state.index + by
        if not 0 <= target < len(self.state.lesson.steps):
            return M_("no step there")
        raw = self.state.lesson.to_json()
        steps = raw["steps"]
        for entry, step in zip(steps, self.state.lesson.steps, strict=True):
            entry["position"] = lessons.position_json(step.game)  # none follows another now
            entry.pop("moves", None)
        steps[self.state.index], steps[target] = steps[target], steps[self.state.index]
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
        if self.state.lesson is not None:  # the same file, edited: as it was read, for the save
            lesson.fingerprint = self.state.lesson.fingerprint
        self.state.lesson = lesson
        self.state.index = self.state.index if index is None else index
        self.state.changed.emit("edited")
        if reload:
            self.state.go(self.state.index)
        else:
            self.state.changed.emit("shown")
        return None


def _merged(old: object, typed: str, language: str) -> object:
    """A text of the lesson's JSON (a string, English, or an object of languages) with
    ``typed`` as its ``language``'s (none there when empty, but English); a string again
    where English alone is left."""
    texts = dict(old) if isinstance(old, dict) else {lessons.ENGLISH: old or ""}
    if typed or language == lessons.ENGLISH:
        texts[language] = typed
    else:
        texts.pop(language, None)
    if set(texts) == {lessons.ENGLISH}:
        return texts[lessons.ENGLISH]
    return texts


def _task_merged(old: object, new: Mapping[str, object], language: str) -> dict[str, object]:
    """The task as the editor's fields give it, its prompt and hint merged into the old
    task's other languages (:func:`_merged`)."""
    before = old if isinstance(old, dict) else {}
    task = dict(new)
    for key in ("prompt", "hint"):
        typed = task.get(key, "")
        merged = _merged(before.get(key), typed if isinstance(typed, str) else "", language)
        if merged:
            task[key] = merged
        else:
            task.pop(key, None)
    return task


def _unchain(raw: dict[str, Any], lesson: lessons.LessonFile, at: int) -> None:
    """Step ``at`` of ``raw`` (``lesson`` as JSON), when there is one, starts from its own
    position rather than following the step before it (which moves or goes)."""
    if at < len(raw["steps"]):
        following = raw["steps"][at]
        following["position"] = lessons.position_json(lesson.steps[at].game)
        following.pop("moves", None)


# A lesson file's refusals in the lesson editor's words: the file's keys
# (``steps[0].task.answers``) are the reader's; the editor says the step and the field as
# its form names them ("Step 1, Answers: ...").

#: A step's keys by the editor's names for them (the labels of its form, or its buttons).
STEP_FIELDS = {
    "title": N_("Step title"),
    "text": N_("Text"),
    "highlights": N_("Highlights"),
    "overlays": N_("Overlays"),
    "position": N_("the step's position (Take position)"),
    "moves": N_("the step's moves"),
    "view": N_("the view (Open the lesson with this view)"),
    "task": N_("Task"),
    "kind": N_("Task"),
    "answers": N_("Answers"),
    "goal": N_("Goal"),
    "question": N_("Question"),
    "side": N_("Goal"),
    "within": N_("Goal"),
    "hint": N_("Hint"),
    "prompt": N_("Prompt"),
}
#: The lesson's own keys.
LESSON_FIELDS = {"title": N_("Lesson title"), "steps": N_("the steps"), "game": N_("the game")}
#: Reasons the editor says otherwise: the file's words ask for a key, the editor's for an act.
REASONS = {
    "give the author's answer(s)": N_(
        "type the answer (several separated by ';'), or press Fill from rules, or play it "
        "and press Answer from board"
    ),
}

_STEP = re.compile(r"steps\[(\d+)\](?:\.(.*))?")
_INDEX = re.compile(r"\[(\d+)\]")


def editor_words(exc: PositionFormatError) -> str:
    """``exc`` (a lesson's reader refusing its JSON) said as the editor names things."""
    reason = word(REASONS.get(exc.reason, exc.reason))
    return M_("{place}: {reason}", place=where(exc.key), reason=reason) if exc.key else reason


def where(key: str) -> str:
    """The place a file's key names, in the editor's words."""
    step = _STEP.fullmatch(key)
    if step is None:
        head = key.split(".")[0].split("[")[0]
        return word(LESSON_FIELDS[head]) if head in LESSON_FIELDS else head
    number = int(step.group(1)) + 1
    rest = step.group(2)
    if not rest:
        return M_("Step {number}", number=number)
    names = [_INDEX.sub("", part) for part in rest.split(".")]
    # the most precise part the form names (task.answers: Answers; position.pieces: the
    # step's position), its place in a list said where it has one (answer 2)
    field = next((word(STEP_FIELDS[n]) for n in reversed(names) if n in STEP_FIELDS), names[0])
    last = rest.split(".")[-1]
    item = _INDEX.search(last) if names[-1] in STEP_FIELDS else None
    said = M_("{field} (item {item})", field=field, item=int(item.group(1)) + 1) if item else field
    return M_("Step {number}, {field}", number=number, field=said)


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

    problems: list[lesson_check.Problem]


#: What a check on the runner answers (each kind its own record).
Checked = TaskChecked | Filled | LessonChecked


class LessonChecks:
    """The rules' checks of the lesson ``state`` shows in teacher mode, on a runner of their
    own (a win-within task's proof may take seconds, and the front answers meanwhile;
    ``post``: the front end's thread); ``busy`` while one runs: Apply's check of the step's
    task, Fill from rules (the answers the rules give), and Save lesson (every task checked,
    then the file written atomically, as a copy beside it where it changed on disk). What
    they do and find is said through the lesson's ``changed``: "working" (text), "report"
    (text or None, ok), "filled" (answers), "saved" (path), "title"."""

    def __init__(self, state: Lessons, post: Post) -> None:
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
                lesson_check.check_task(task, position, wins=search.Judge(search.knowledge_for))
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
                    lesson_check.right_answers(
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
                lesson_check.check(lesson, wins=search.Judge(search.knowledge_for))
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

    def _write(self, problems: list[lesson_check.Problem]) -> None:
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
