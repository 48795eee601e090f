"""The Lesson dock's stepped lessons: the steps with their progress, the step's text and
task, the verdict of an answer with its reason, Hint, Retry, Back and Next; and in teacher
mode an editor of the step (:mod:`.step_editor`: title, text, overlays, highlights, task),
its position taken from the board, steps added, removed and reordered, and Save lesson
(the editor's footer).

The logic is :class:`viewer.desktop.lessons.LessonControl`'s; this is its face. What the
panel reads of the stepped lessons and calls on them are Protocols (:class:`LessonSteps`:
the student's commands, the editor's and the checks'), which ``LessonControl`` meets."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from pyramid_lab import i18n
from pyramid_lab.i18n import _, ngettext, shown
from pyramid_lab.model import lesson as lessons
from pyramid_lab.model.lesson import verdict_word
from pyramid_lab.model.teaching import teaching_for

from .later_dock import FirstUse, follow_in_tabs
from .step_editor import RIGHT_STYLE, WRONG_STYLE, EditorFooter, StepEditor

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from pathlib import Path

    from pyramid_lab.model.game import Game
    from pyramid_lab.model.lesson import LessonFile, Step, Verdict


class Opener(Protocol):
    def open(self, path: str | Path) -> bool: ...


class Shown(Protocol):
    """The session as the step panel sees it: the game on the board."""

    @property
    def game(self) -> Game: ...


class StudentSteps(Protocol):
    """What the step panel shows of the stepped lessons, and the student's commands."""

    @property
    def session(self) -> Shown: ...

    @property
    def documents(self) -> Opener:
        """Where Next lesson's file is opened."""

    @property
    def lesson(self) -> LessonFile | None: ...

    @property
    def path(self) -> Path | None: ...

    @property
    def index(self) -> int: ...

    @property
    def step(self) -> Step: ...

    @property
    def base_ply(self) -> int:
        """Plies on the stack of the step's position (the moves after it are answers)."""

    @property
    def verdict(self) -> Verdict | None: ...

    @property
    def judging(self) -> str:
        """What the lesson says while no verdict is shown: the prover judges the move
        played, or the moves left the step's position ('' when neither)."""

    #: Teacher mode is on (the Teach switch): no progress is recorded.
    teaching: bool

    @property
    def picked(self) -> list[tuple[int, ...]]: ...

    @property
    def hint_shown(self) -> bool: ...

    def done(self) -> set[int]: ...

    def go(self, index: int) -> None: ...

    def next_lesson(self) -> Path | None: ...

    def check(self) -> None: ...

    def hint(self) -> None: ...

    def retry(self) -> None: ...


class LessonSteps(StudentSteps, Protocol):
    """What the step panel uses of the stepped lessons (``viewer.lab.lesson.Lessons``,
    the lab's, which this widget does not import): the student's side, and the teacher's
    edits and checks."""

    @property
    def editor(self) -> LessonEditing:
        """Teacher mode's edits of the lesson."""

    @property
    def checks(self) -> LessonChecking:
        """The rules' checks of the lesson, and its save."""


class LessonEditing(Protocol):
    """Teacher mode's edits of the lesson shown (``viewer.lab.lesson.LessonEditor``):
    each answers None, or why not."""

    #: The language the teacher's texts are edited in (en, de, ...).
    language: str

    def edit_step(self, lesson_title: str | None = None, **changes: object) -> str | None: ...

    def take_position(self) -> str | None: ...

    def add_step(self) -> str | None: ...

    def remove_step(self) -> str | None: ...

    def move_step(self, by: int) -> str | None: ...

    def keep_view(self, view: Mapping[str, object] | None) -> str | None: ...


class LessonChecking(Protocol):
    """The rules' checks of the lesson shown, on a worker thread
    (``viewer.lab.lesson.LessonChecks``)."""

    def save(self, path: str | Path) -> str | None:
        """Check the lesson on a worker thread, then write it (None: started)."""

    @property
    def busy(self) -> bool:
        """A check of the rules runs on the worker thread."""

    def check_step(self) -> None:
        """The step's task checked by the rules on the worker thread."""

    def fill_answers(self, task: lessons.Task) -> None:
        """The rules' answers to ``task`` found on the worker thread (``filled``)."""

    def save_suggestion(self) -> str:
        """Where Save lesson... proposes to write."""


def prompt_of(task: lessons.Task) -> str:
    """What a step's task asks, in words (its own prompt, else its kind's)."""
    if task.prompt:
        return task.prompt
    if task.kind == "win-within":
        return ngettext(
            "Win within {count} ply: play the first move.",
            "Win within {count} plies: play the first move.",
            task.within or 1,
        ).format(count=task.within)
    return {
        "place": _("Place the ball this step asks for."),
        "move": _("Play the move this step asks for."),
        "click-points": _("Click the points this step asks for, then Check."),
    }[task.kind]


class StepPanel(QWidget):
    """What the Lesson dock shows while a lesson file is open."""

    def __init__(
        self, control: LessonSteps, view_now: Callable[[], Mapping[str, object]] | None = None
    ) -> None:
        """``view_now``: the board's view as a lesson saves it, from a front end that has
        one (the editor then offers "Open the lesson with this view")."""
        super().__init__()
        self.control = control
        self.view_now = view_now
        self.dirty = False  # teacher's edits not saved
        self._layout = layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self._add_student_view(layout)
        self.footer = EditorFooter()
        #: Teacher mode's editor, made when it is first turned on (or asked for): a
        #: student's window never builds its form (most of the Lesson dock's widgets).
        self._editor = FirstUse(self._make_editor)
        layout.addStretch(1)
        _fit_for_the_dock(self)
        self.footer.apply.clicked.connect(self._apply)
        self.footer.save.clicked.connect(self._save)

    @property
    def editor(self) -> StepEditor:
        """Teacher mode's editor of the step (made at its first use)."""
        return self._editor()

    def _add_student_view(self, layout: QVBoxLayout) -> None:
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setStyleSheet("font-weight: bold; font-size: 14px")
        self.progress = QLabel()
        self.steps = QListWidget()
        self.steps.currentRowChanged.connect(self._pick_step)
        self.step_title = QLabel()
        self.step_title.setStyleSheet("font-weight: bold")
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.text.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setStyleSheet("font-style: italic; color: rgb(30, 60, 140)")
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.hint_text = QLabel()
        self.hint_text.setWordWrap(True)
        self.hint_text.setStyleSheet("color: rgb(90, 60, 0)")
        buttons = QHBoxLayout()
        self.back = QPushButton(_("< Back"))
        self.check = QPushButton(_("Check"))
        self.check.setToolTip(_("Check the points you clicked"))
        self.hint = QPushButton(_("Hint"))
        self.retry = QPushButton(_("Retry"))
        self.retry.setToolTip(_("Back to the step's position, to answer again"))
        self.next = QPushButton(_("Next >"))
        for button in (self.back, self.check, self.hint, self.retry, self.next):
            buttons.addWidget(button)
        self.back.clicked.connect(lambda: self._go(-1))
        self.next.clicked.connect(lambda: self._go(+1))
        self.check.clicked.connect(self.control.check)
        self.hint.clicked.connect(self.control.hint)
        self.retry.clicked.connect(self.control.retry)
        self.teach = QCheckBox(_("Teacher mode: edit this lesson"))
        self.teach.toggled.connect(self._teacher)
        #: Said once per lesson opened, where the lesson lacks the window's language.
        self.language_note = QLabel()
        self.language_note.setWordWrap(True)
        self.language_note.setStyleSheet("color: rgb(90, 60, 0)")
        self.language_note.hide()
        self._noted: tuple[int, int] | None = None  # (the lesson's id, the step) said at
        for widget in (self.title, self.language_note, self.progress, self.steps):
            layout.addWidget(widget)
        for widget in (self.step_title, self.text):
            layout.addWidget(widget)
        layout.addWidget(self.prompt)
        layout.addLayout(buttons)
        layout.addWidget(self.verdict)
        layout.addWidget(self.hint_text)
        layout.addWidget(self.teach)

    # ---- the student's view --------------------------------------------------------------

    def show_step(self) -> None:
        control = self.control
        if control.lesson is None:
            return
        # the lesson in the window's language, English where it lacks a text
        lesson, complete = lessons.in_language(control.lesson, i18n.current())
        self._note_language(control.lesson, complete)
        step = lesson.steps[control.index]
        done = control.done()
        tasks = [i for i, s in enumerate(lesson.steps) if s.task is not None]
        self.title.setText(lesson.title)
        self.progress.setText(
            _("Step {step} of {steps}; {done} of {tasks} tasks done").format(
                step=control.index + 1,
                steps=len(lesson.steps),
                done=len(done & set(tasks)),
                tasks=len(tasks),
            )
        )
        show_steps(self.steps, lesson, done, self.control.index)
        self.step_title.setText(step.title)
        self.text.setText(step.text)
        task = step.task
        self.prompt.setVisible(task is not None)
        self.prompt.setText(prompt_of(task) if task is not None else "")
        self._show_verdict()
        hint = task.hint if task is not None else ""
        shown_hint = _("Hint: {hint}").format(hint=hint)
        self.hint_text.setText(shown_hint if control.hint_shown and hint else "")
        self.hint_text.setVisible(bool(self.hint_text.text()))
        self.check.setVisible(task is not None and task.asks_for_points())
        self.hint.setVisible(bool(hint))
        self.retry.setVisible(task is not None)
        self.back.setEnabled(control.index > 0)
        last = control.index == len(lesson.steps) - 1
        self.next.setText(_("Next lesson >") if last else _("Next >"))
        self.next.setEnabled(not last or control.next_lesson() is not None)
        if self.teach.isChecked():
            self._fill_editor()

    def _note_language(self, lesson: LessonFile, complete: bool) -> None:
        """Say once per lesson opened that it lacks the window's language (shown in
        English): on the step where it was opened, gone from the next step on."""
        at = (id(lesson), self.control.index)
        if self._noted is None or self._noted[0] != id(lesson):
            self._noted = at if not complete else (id(lesson), -1)
        self.language_note.setText(
            _("This lesson has no text in your language yet: it is shown in English.")
        )
        self.language_note.setVisible(self._noted == at)

    def _show_verdict(self) -> None:
        """The answer's verdict with its reason, or the points picked so far."""
        control = self.control
        verdict = control.verdict
        if verdict is None and control.judging:  # the prover judges the move played
            self.verdict.setStyleSheet("")
            self.verdict.setText(shown(control.judging))
        elif verdict is None:
            picked, game = control.picked, control.session.game
            names = ", ".join(teaching_for(game).point_name(game, p) for p in picked)
            self.verdict.setStyleSheet("")
            self.verdict.setText(_("Picked: {names}").format(names=names) if picked else "")
        else:
            right = verdict.correct or verdict.partial
            self.verdict.setStyleSheet(RIGHT_STYLE if right else WRONG_STYLE)
            self.verdict.setText(f"{_(verdict_word(verdict))} {shown(verdict.reason)}")
        self.verdict.setVisible(bool(self.verdict.text()))

    def _go(self, by: int) -> None:
        control = self.control
        if control.lesson is not None and 0 <= control.index + by < len(control.lesson.steps):
            control.go(control.index + by)
        elif by > 0 and (following := control.next_lesson()) is not None:
            control.documents.open(following)

    def _pick_step(self, row: int) -> None:
        if self.control.lesson is not None and 0 <= row != self.control.index:
            self.control.go(row)

    # ---- teacher mode --------------------------------------------------------------------

    def _make_editor(self) -> StepEditor:
        """The editor, hidden, under the student's view (before the stretch), its place in
        the focus chain after the panel's own widgets as if made with them."""
        editor = StepEditor(lambda: self.control.step, self.footer)
        editor.language_picked = self._edit_language
        # the texts in the language the lab's editor writes in: the window's (issue 108)
        at = editor.edit_language.findData(self.control.editor.language)
        if at >= 0:
            editor.edit_language.blockSignals(True)
            editor.edit_language.setCurrentIndex(at)
            editor.edit_language.blockSignals(False)
        editor.hide()  # (until teacher mode shows it)
        self._layout.insertWidget(self._layout.count() - 1, editor)
        follow_in_tabs(self.teach, editor)  # (made at once, it came before the footer)
        _fit_for_the_dock(editor)
        editor.edit_kind.setMinimumWidth(60)
        editor.keep_view.setVisible(self.view_now is not None)
        editor.fill.setEnabled(not self.control.checks.busy)
        self._connect_editor(editor)
        return editor

    def _connect_editor(self, editor: StepEditor) -> None:
        control, said = self.control, self.footer.said
        editor.fill.clicked.connect(self._fill)
        editor.from_board.clicked.connect(self._answer_from_board)
        editor.take.clicked.connect(lambda: said(control.editor.take_position()))
        editor.add.clicked.connect(lambda: said(control.editor.add_step()))
        editor.remove.clicked.connect(lambda: said(control.editor.remove_step()))
        editor.up.clicked.connect(lambda: said(control.editor.move_step(-1)))
        editor.down.clicked.connect(lambda: said(control.editor.move_step(+1)))
        editor.keep_view.clicked.connect(self._keep_view)

    def _teacher(self, on: bool) -> None:
        self.control.teaching = on  # no progress is recorded while the teacher edits
        if on or self._editor.made is not None:  # (off, never on: there is no editor)
            self.editor.setVisible(on)
        self.footer.setVisible(on)
        if on:
            self._fill_editor()

    def _edit_language(self, language: str) -> None:
        """The teacher's texts are edited in ``language`` from now on."""
        self.control.editor.language = language

    def _fill_editor(self) -> None:
        lesson = self.control.lesson
        self.editor.show_step(
            self.control.step,
            lesson.title if lesson is not None else "",
            lesson.words.get("title") if lesson is not None else None,
        )
        self._show_busy()

    def _apply(self) -> None:
        try:
            changes = self.editor.fields()
        except ValueError as exc:
            self.footer.said(str(exc))
            return
        error = self.control.editor.edit_step(self.editor.edit_lesson_title.text(), **changes)
        if error is not None:
            self.footer.said(error)
            return
        if self.control.step.task is None:
            self.footer.said(None)
            return
        self.control.checks.check_step()  # on a worker thread: "checking..." until it answers

    def _fill(self) -> None:
        """Fill answers from the rules: the task as the boxes say, its answers found on a
        worker thread; they come back through :meth:`filled`."""
        try:
            task = self.editor.asked_task()
        except ValueError as exc:
            self.footer.said(str(exc))
            return
        self.control.checks.fill_answers(task)

    def filled(self, answers: list[str]) -> None:
        """The rules' answers came back: written in and applied."""
        self.editor.edit_answers.setText("; ".join(answers))
        count = len(answers)
        try:
            changes = self.editor.fields()
        except ValueError as exc:
            self.footer.said(_not_applied(count, str(exc)))
            return
        error = self.control.editor.edit_step(self.editor.edit_lesson_title.text(), **changes)
        if error is not None:
            self.footer.said(_not_applied(count, error))
        elif count:
            self.footer.said(
                ngettext(
                    "{count} answer filled from the rules (applied)",
                    "{count} answers filled from the rules (applied)",
                    count,
                ).format(count=count),
                applied=True,
            )
        else:
            self.footer.said(_("0 answers filled from the rules: none (applied)"), applied=True)

    def _keep_view(self) -> None:
        if self.view_now is None:
            return
        error = self.control.editor.keep_view(self.view_now())
        self.footer.said(error)
        if error is None:
            self.footer.message.setText(
                _("the lesson opens with this view (Save lesson... keeps it)")
            )

    def _answer_from_board(self) -> None:
        control = self.control
        game = control.session.game
        if self.editor.edit_kind_text() == "click-points":
            answers = [",".join(map(str, p)) for p in control.picked]
        elif len(game.move_stack) > control.base_ply:
            answers = [str(game.move_stack[control.base_ply])]
        else:
            self.footer.said(_("play the answer on the board first (or click the points)"))
            return
        self.editor.edit_answers.setText("; ".join(answers))
        self.footer.said(_("answer taken from the board: Apply to use it"))

    def _save(self) -> None:
        control = self.control
        try:  # the fields as they are now are what is saved (Save checks every task)
            error = control.editor.edit_step(
                self.editor.edit_lesson_title.text(), **self.editor.fields()
            )
        except ValueError as exc:
            error = str(exc)
        if error is not None:
            self.footer.said(_("not saved: {error}").format(error=error))
            return
        path = _ask_save_path(self.window(), control.checks.save_suggestion())
        if not path:
            return
        if not path.endswith(lessons.SUFFIX):
            path += lessons.SUFFIX
        error = control.checks.save(path)  # checked on a worker thread, then written
        if error is not None:
            self.footer.said(error)

    def _show_busy(self) -> None:
        """The busy bar, and the buttons that start a check, follow the worker."""
        busy = self.control.checks.busy
        self.footer.show_busy(busy)
        editor = self._editor.made
        if editor is not None:  # (else made with it: _make_editor)
            editor.fill.setEnabled(not busy)

    def working(self, text: str) -> None:
        """A check started on the worker thread: said, with the busy bar."""
        self.footer.working(text)
        self._show_busy()

    def report(self, text: str | None, ok: bool) -> None:
        """A check on the worker thread ended: what it found."""
        self._show_busy()
        self.footer.report(text, ok)


def _fit_for_the_dock(widget: QWidget) -> None:
    """``widget``'s labels and buttons as the Lesson dock wants them: texts of lessons and
    moves never read as markup; a narrow dock squeezes a button, never cuts it."""
    for label in widget.findChildren(QLabel):
        label.setTextFormat(Qt.TextFormat.PlainText)
    for button in widget.findChildren(QPushButton):
        button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        button.setMinimumWidth(36)


def show_steps(steps: QListWidget, lesson: LessonFile, done: set[int], index: int) -> None:
    """The list of steps, each marked done, a task, or neither; the step ``index`` picked."""
    steps.blockSignals(True)
    steps.clear()
    for i, s in enumerate(lesson.steps):
        mark = "\u2713 " if i in done else ("\u2022 " if s.task is not None else "  ")
        steps.addItem(QListWidgetItem(f"{mark}{i + 1}. {s.title}"))
    steps.setCurrentRow(index)
    rows = min(len(lesson.steps), 6)
    steps.setFixedHeight(steps.sizeHintForRow(0) * rows + 2 * steps.frameWidth() + 2)
    steps.blockSignals(False)


def _not_applied(count: int, error: str) -> str:
    return ngettext(
        "{count} answer filled from the rules; not applied: {error}",
        "{count} answers filled from the rules; not applied: {error}",
        count,
    ).format(count=count, error=error)


def _ask_save_path(parent: QWidget, suggested: str) -> str:
    path, _kind = QFileDialog.getSaveFileName(
        parent,
        _("Save lesson"),
        suggested,
        _("Lessons (*{suffix})").format(suffix=lessons.SUFFIX),
    )
    return path
