"""The Lesson dock's stepped lessons: the steps with their progress, the step's text and
task, the verdict of an answer with its reason, Hint, Retry, Back and Next; and in teacher
mode an editor of the step (title, text, overlays, highlights, task), its position taken
from the board, steps added, removed and reordered, and Save lesson.

The logic is :class:`viewer.lessons.LessonControl`'s; this is its face."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from model import lesson as lessons
from model.search import check_task

if TYPE_CHECKING:
    from pathlib import Path

    from model.game import Game
    from model.lesson import LessonFile, Step, Verdict


class LessonWindow(Protocol):
    """The window as the step panel sees it: the game on the board, and Next's file."""

    @property
    def game(self) -> Game: ...

    def open_file(self, path: str | Path) -> bool: ...


class LessonSteps(Protocol):
    """What the step panel uses of the stepped lessons (``viewer.lessons.LessonControl``,
    a controller this widget does not import): the lesson and step shown, the student's
    answer, and the student's and the teacher's commands."""

    @property
    def window(self) -> LessonWindow: ...

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
    def picked(self) -> list[tuple[int, ...]]: ...

    @property
    def hint_shown(self) -> bool: ...

    def done(self) -> set[int]: ...

    def go(self, index: int) -> None: ...

    def next_lesson(self) -> Path | None: ...

    def check(self) -> None: ...

    def hint(self) -> None: ...

    def retry(self) -> None: ...

    def edit_step(self, **changes: Any) -> str | None: ...

    def take_position(self) -> str | None: ...

    def add_step(self) -> str | None: ...

    def remove_step(self) -> str | None: ...

    def move_step(self, by: int) -> str | None: ...

    def save(self, path: str | Path) -> str | None: ...


RIGHT_STYLE = "color: rgb(20, 120, 40); font-weight: bold"
WRONG_STYLE = "color: rgb(180, 30, 30); font-weight: bold"


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(";") if part.strip()]


class StepPanel(QWidget):
    """What the Lesson dock shows while a lesson file is open."""

    def __init__(self, control: LessonSteps) -> None:
        super().__init__()
        self.control = control
        self.dirty = False  # teacher's edits not saved
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
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
        self.back = QPushButton("< Back")
        self.check = QPushButton("Check")
        self.check.setToolTip("Check the points you clicked")
        self.hint = QPushButton("Hint")
        self.retry = QPushButton("Retry")
        self.retry.setToolTip("Back to the step's position, to answer again")
        self.next = QPushButton("Next >")
        for button in (self.back, self.check, self.hint, self.retry, self.next):
            buttons.addWidget(button)
        self.back.clicked.connect(lambda: self._go(-1))
        self.next.clicked.connect(lambda: self._go(+1))
        self.check.clicked.connect(control.check)
        self.hint.clicked.connect(control.hint)
        self.retry.clicked.connect(control.retry)
        self.teach = QCheckBox("Teacher mode: edit this lesson")
        self.teach.toggled.connect(self._teacher)
        for widget in (self.title, self.progress, self.steps, self.step_title, self.text):
            layout.addWidget(widget)
        layout.addWidget(self.prompt)
        layout.addLayout(buttons)
        layout.addWidget(self.verdict)
        layout.addWidget(self.hint_text)
        layout.addWidget(self.teach)
        self.editor = self._make_editor()
        layout.addWidget(self.editor)
        layout.addStretch(1)
        self.editor.hide()
        for label in self.findChildren(QLabel):  # texts of lessons and moves, never markup
            label.setTextFormat(Qt.TextFormat.PlainText)
        for button in self.findChildren(QPushButton):  # a narrow dock squeezes, never cuts
            button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            button.setMinimumWidth(36)
        self.edit_kind.setMinimumWidth(60)

    # ---- the student's view --------------------------------------------------------------

    def show_step(self) -> None:
        control = self.control
        lesson = control.lesson
        if lesson is None:
            return
        step = control.step
        done = control.done()
        tasks = [i for i, s in enumerate(lesson.steps) if s.task is not None]
        self.title.setText(lesson.title)
        self.progress.setText(
            f"Step {control.index + 1} of {len(lesson.steps)}; "
            f"{len(done & set(tasks))} of {len(tasks)} tasks done"
        )
        self.steps.blockSignals(True)
        self.steps.clear()
        for i, s in enumerate(lesson.steps):
            mark = "\u2713 " if i in done else ("\u2022 " if s.task is not None else "  ")
            self.steps.addItem(QListWidgetItem(f"{mark}{i + 1}. {s.title}"))
        self.steps.setCurrentRow(control.index)
        rows = min(len(lesson.steps), 6)
        self.steps.setFixedHeight(
            self.steps.sizeHintForRow(0) * rows + 2 * self.steps.frameWidth() + 2
        )
        self.steps.blockSignals(False)
        self.step_title.setText(step.title)
        self.text.setText(step.text)
        task = step.task
        self.prompt.setVisible(task is not None)
        self.prompt.setText(self._prompt(task) if task is not None else "")
        verdict = control.verdict
        if verdict is None:
            picked = control.picked
            self.verdict.setStyleSheet("")
            self.verdict.setText(
                f"Picked: {', '.join(control.window.game.point_name(p) for p in picked)}"
                if picked
                else ""
            )
        else:
            self.verdict.setStyleSheet(RIGHT_STYLE if verdict.correct else WRONG_STYLE)
            word = "Right!" if verdict.correct else "Not yet:"
            self.verdict.setText(f"{word} {verdict.reason}")
        self.verdict.setVisible(bool(self.verdict.text()))
        hint = task.hint if task is not None else ""
        self.hint_text.setText(f"Hint: {hint}" if control.hint_shown and hint else "")
        self.hint_text.setVisible(bool(self.hint_text.text()))
        self.check.setVisible(task is not None and task.asks_for_points())
        self.hint.setVisible(bool(hint))
        self.retry.setVisible(task is not None)
        self.back.setEnabled(control.index > 0)
        last = control.index == len(lesson.steps) - 1
        self.next.setText("Next lesson >" if last else "Next >")
        self.next.setEnabled(not last or control.next_lesson() is not None)
        if self.teach.isChecked():
            self._fill_editor()

    @staticmethod
    def _prompt(task: lessons.Task) -> str:
        if task.prompt:
            return task.prompt
        return {
            "place": "Place the ball this step asks for.",
            "move": "Play the move this step asks for.",
            "click-points": "Click the points this step asks for, then Check.",
            "win-within": f"Win within {task.within} plies: play the first move.",
        }[task.kind]

    def _go(self, by: int) -> None:
        control = self.control
        if control.lesson is not None and 0 <= control.index + by < len(control.lesson.steps):
            control.go(control.index + by)
        elif by > 0 and (following := control.next_lesson()) is not None:
            control.window.open_file(following)

    def _pick_step(self, row: int) -> None:
        if self.control.lesson is not None and 0 <= row != self.control.index:
            self.control.go(row)

    # ---- teacher mode --------------------------------------------------------------------

    def _make_editor(self) -> QFrame:
        box = QFrame()
        box.setFrameShape(QFrame.Shape.StyledPanel)
        form = QFormLayout(box)
        form.setContentsMargins(4, 4, 4, 4)
        self.edit_title = QLineEdit()
        self.edit_text = QPlainTextEdit()
        self.edit_text.setMaximumHeight(70)
        self.edit_overlays = QLineEdit()
        self.edit_overlays.setToolTip('The overlays as JSON, e.g. {"walls": true}')
        self.edit_highlights = QLineEdit()
        self.edit_highlights.setToolTip("Points to highlight, separated by ';' (e.g. SW; 1,0,0)")
        self.edit_kind = QComboBox()
        self.edit_kind.addItems(["no task", *lessons.KINDS])
        self.edit_prompt = QLineEdit()
        self.edit_rule = QLineEdit()
        self.edit_rule.setToolTip(
            'place/move: a goal, e.g. {"holds": "SW", "by": "red"}; click-points: a '
            'question, e.g. {"held_by": "blue"}; win-within: {"side": "red", "within": 3}'
        )
        self.edit_answers = QLineEdit()
        self.edit_answers.setToolTip("The author's answers, separated by ';'")
        self.edit_hint = QLineEdit()
        for label, widget in (
            ("Title", self.edit_title),
            ("Text", self.edit_text),
            ("Overlays", self.edit_overlays),
            ("Highlights", self.edit_highlights),
            ("Task", self.edit_kind),
            ("Prompt", self.edit_prompt),
            ("Goal / question", self.edit_rule),
            ("Answers", self.edit_answers),
            ("Hint", self.edit_hint),
        ):
            form.addRow(label, widget)
        row1, row2, row3 = QHBoxLayout(), QHBoxLayout(), QHBoxLayout()
        self.apply = QPushButton("Apply")
        self.apply.setToolTip("Check the step's fields and use them")
        self.from_board = QPushButton("Answer from board")
        self.from_board.setToolTip("The last move played, or the points clicked, as the answer")
        self.take = QPushButton("Take position")
        self.take.setToolTip("The board's position (set-up mode, moves) becomes this step's")
        self.add = QPushButton("Add step")
        self.remove = QPushButton("Remove")
        self.up = QPushButton("Up")
        self.down = QPushButton("Down")
        self.save = QPushButton("Save lesson...")
        for button in (self.apply, self.from_board, self.take):
            row1.addWidget(button)
        for button in (self.add, self.remove, self.up, self.down):
            row2.addWidget(button)
        row3.addStretch(1)
        row3.addWidget(self.save)
        form.addRow(row1)
        form.addRow(row2)
        form.addRow(row3)
        self.editor_message = QLabel()
        self.editor_message.setWordWrap(True)
        form.addRow(self.editor_message)
        control = self.control
        self.apply.clicked.connect(self._apply)
        self.from_board.clicked.connect(self._answer_from_board)
        self.take.clicked.connect(lambda: self._said(control.take_position()))
        self.add.clicked.connect(lambda: self._said(control.add_step()))
        self.remove.clicked.connect(lambda: self._said(control.remove_step()))
        self.up.clicked.connect(lambda: self._said(control.move_step(-1)))
        self.down.clicked.connect(lambda: self._said(control.move_step(+1)))
        self.save.clicked.connect(self._save)
        return box

    def _teacher(self, on: bool) -> None:
        self.editor.setVisible(on)
        if on:
            self._fill_editor()

    def _fill_editor(self) -> None:
        step = self.control.step
        raw = step.to_json()
        self.edit_title.setText(step.title)
        self.edit_text.setPlainText(step.text)
        self.edit_overlays.setText(json.dumps(raw.get("overlays", {})))
        self.edit_highlights.setText("; ".join(step.highlights))
        task = raw.get("task")
        self.edit_kind.setCurrentText(task["kind"] if task else "no task")
        task = task or {}
        self.edit_prompt.setText(task.get("prompt", ""))
        rule: Any = task.get("goal") or task.get("question")
        if task.get("kind") == "win-within":
            rule = {"side": task.get("side"), "within": task.get("within")}
        self.edit_rule.setText(json.dumps(rule) if rule else "")
        self.edit_answers.setText("; ".join(task.get("answers", [])))
        self.edit_hint.setText(task.get("hint", ""))

    def fields(self) -> dict[str, Any]:
        """The editor's fields as a step's JSON keys (ValueError on bad JSON)."""
        changes: dict[str, Any] = {
            "title": self.edit_title.text(),
            "text": self.edit_text.toPlainText(),
            "overlays": json.loads(self.edit_overlays.text() or "{}"),
            "highlights": _split(self.edit_highlights.text()),
        }
        kind = self.edit_kind.currentText()
        if kind == "no task":
            changes["task"] = None
            return changes
        task: dict[str, Any] = {"kind": kind, "answers": _split(self.edit_answers.text())}
        if self.edit_prompt.text().strip():
            task["prompt"] = self.edit_prompt.text().strip()
        rule = json.loads(self.edit_rule.text()) if self.edit_rule.text().strip() else None
        if rule is not None:
            if kind == "win-within":
                if not isinstance(rule, dict):  # typed as a list or a number, say
                    raise ValueError(
                        'a win-within task\'s rule must be an object: {"side": ..., "within": N}'
                    )
                task.update({k: v for k, v in rule.items() if v is not None})
            else:
                task["question" if kind == "click-points" else "goal"] = rule
        if self.edit_hint.text().strip():
            task["hint"] = self.edit_hint.text().strip()
        changes["task"] = task
        return changes

    def _apply(self) -> None:
        try:
            changes = self.fields()
        except json.JSONDecodeError as exc:
            self._said(f"not JSON: {exc}")
            return
        except ValueError as exc:
            self._said(str(exc))
            return
        error = self.control.edit_step(**changes)
        task = self.control.step.task
        if error is not None:
            self._said(error)
            return
        problem = check_task(task, self.control.step.position()) if task else None
        self._said(f"checked: {problem}" if problem else None, applied=True)

    def _answer_from_board(self) -> None:
        control = self.control
        game = control.window.game
        task_kind = self.edit_kind.currentText()
        if task_kind == "click-points":
            answers = [",".join(map(str, p)) for p in control.picked]
        elif len(game.move_stack) > control.base_ply:
            answers = [str(game.move_stack[control.base_ply])]
        else:
            self._said("play the answer on the board first (or click the points)")
            return
        self.edit_answers.setText("; ".join(answers))
        self._said("answer taken from the board: Apply to use it")

    def _save(self) -> None:
        control = self.control
        suggested = str(control.path) if control.path is not None else "my-lesson.lesson.json"
        path, _ = QFileDialog.getSaveFileName(
            self.window(), "Save lesson", suggested, f"Lessons (*{lessons.SUFFIX})"
        )
        if not path:
            return
        if not path.endswith(lessons.SUFFIX):
            path += lessons.SUFFIX
        error = control.save(path)
        self._said(error if error else f"saved {path}", applied=error is None)

    def _said(self, error: str | None, applied: bool = False) -> None:
        if error is None:
            self.editor_message.setStyleSheet(RIGHT_STYLE)
            self.editor_message.setText("applied" if not applied else "applied and checked")
        else:
            ok = applied and not error.startswith("checked:")
            self.editor_message.setStyleSheet(RIGHT_STYLE if ok else WRONG_STYLE)
            self.editor_message.setText(error)
