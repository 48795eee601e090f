"""The Lesson dock's stepped lessons: the steps with their progress, the step's text and
task, the verdict of an answer with its reason, Hint, Retry, Back and Next; and in teacher
mode an editor of the step (title, text, overlays, highlights, task), its position taken
from the board, steps added, removed and reordered, and Save lesson.

The logic is :class:`viewer.desktop.lessons.LessonControl`'s; this is its face."""

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
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from pyramid_lab.model import lesson as lessons
from pyramid_lab.model.files import nested_over, read_overlays
from pyramid_lab.model.game import PositionFormatError, shorten
from pyramid_lab.model.lesson import STARTER_TEXT, verdict_text
from pyramid_lab.model.teaching import teaching_for

from .growing_text import GrowingText

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from pyramid_lab.model.game import Game
    from pyramid_lab.model.lesson import LessonFile, Step, Verdict


class Opener(Protocol):
    def open(self, path: str | Path) -> bool: ...


class Shown(Protocol):
    """The session as the step panel sees it: the game on the board."""

    @property
    def game(self) -> Game: ...


class LessonSteps(Protocol):
    """What the step panel uses of the stepped lessons (``viewer.lab.lesson.Lessons``,
    the lab's, which this widget does not import): the lesson and step shown, the student's
    answer, and the student's and the teacher's commands."""

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

    @property
    def editor(self) -> LessonEditing:
        """Teacher mode's edits of the lesson."""

    @property
    def checks(self) -> LessonChecking:
        """The rules' checks of the lesson, and its save."""


class LessonEditing(Protocol):
    """Teacher mode's edits of the lesson shown (``viewer.lab.lesson_edit.LessonEditor``):
    each answers None, or why not."""

    def edit_step(self, lesson_title: str | None = None, **changes: Any) -> str | None: ...

    def take_position(self) -> str | None: ...

    def add_step(self) -> str | None: ...

    def remove_step(self) -> str | None: ...

    def move_step(self, by: int) -> str | None: ...

    def keep_view(self, view: dict[str, Any] | None) -> str | None: ...


class LessonChecking(Protocol):
    """The rules' checks of the lesson shown, on a worker thread
    (``viewer.lab.lesson_checks.LessonChecks``)."""

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
            picked, game = control.picked, control.session.game
            names = ", ".join(teaching_for(game).point_name(game, p) for p in picked)
            self.verdict.setStyleSheet("")
            self.verdict.setText(f"Picked: {names}" if picked else "")
        else:
            right = verdict.correct or verdict.partial
            self.verdict.setStyleSheet(RIGHT_STYLE if right else WRONG_STYLE)
            self.verdict.setText(verdict_text(verdict))
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
            control.documents.open(following)

    def _pick_step(self, row: int) -> None:
        if self.control.lesson is not None and 0 <= row != self.control.index:
            self.control.go(row)

    # ---- teacher mode --------------------------------------------------------------------

    def _make_editor(self) -> QFrame:
        """The step's editor (scrolled with the step) and its footer (Apply, Save, the
        message and the busy bar: in the dock under the scroll area, always in sight)."""
        box = QFrame()
        box.setFrameShape(QFrame.Shape.StyledPanel)
        form = QFormLayout(box)
        form.setContentsMargins(4, 4, 4, 4)
        form.setVerticalSpacing(3)
        self.form = form
        self.edit_lesson_title = QLineEdit()
        self.edit_lesson_title.setToolTip("The lesson's own title (the Lessons menu shows it)")
        self.edit_title = QLineEdit()
        self.edit_title.setToolTip("The step's title")
        self.edit_text = GrowingText(most=8)  # the step's whole text in sight, wrapped
        self.edit_text.setPlaceholderText(STARTER_TEXT)
        # Overlays: a box per overlay the game declares (a choice where it has values).
        self.overlay_box = QWidget()
        self.overlay_grid = QGridLayout(self.overlay_box)
        self.overlay_grid.setContentsMargins(0, 0, 0, 0)
        self.overlay_grid.setVerticalSpacing(0)
        self.overlay_checks: dict[str, QCheckBox] = {}
        self.overlay_combos: dict[str, QComboBox] = {}
        self.no_overlays = QLabel("none in this game", self.overlay_box)
        self.no_overlays.hide()
        self.edit_highlights = QLineEdit()
        self.edit_highlights.setToolTip("Points to highlight, separated by ';' (e.g. SW; 1,0,0)")
        self.edit_kind = QComboBox()
        self.edit_kind.addItems(["no task", *lessons.KINDS])
        self.edit_kind.currentTextChanged.connect(self._kind_changed)
        # The goal, question or side and plies: choices from what the game declares.
        self.rule_row = QWidget()
        rule_layout = QVBoxLayout(self.rule_row)
        rule_layout.setContentsMargins(0, 0, 0, 0)
        rule_layout.setSpacing(2)
        self.rule_pick = QComboBox()
        self.rule_pick.setMinimumWidth(60)
        self.rule_pick.currentIndexChanged.connect(self._rule_picked)
        rule_layout.addWidget(self.rule_pick)
        params = QHBoxLayout()  # the values of the rule picked: a corner, a colour, plies
        self.rule_params = QHBoxLayout()
        params.addLayout(self.rule_params, 1)
        rule_layout.addLayout(params)
        self.param_combos: dict[str, QComboBox] = {}
        self.within = QSpinBox()
        self.within.setRange(1, lessons.MAX_WITHIN)
        self.within.setSuffix(" plies")
        self.within.valueChanged.connect(self._params_changed)
        params.addWidget(self.within)
        self.edit_answers = QLineEdit()
        self.edit_answers.setToolTip("The author's answers, separated by ';'")
        self.fill = QPushButton("Fill from rules")
        self.fill.setToolTip(
            "The answers the rules give (the moves that meet the goal, the points that "
            "answer the question, the first moves that win): filled in and applied"
        )
        self.answers_row = QWidget()
        answers = QHBoxLayout(self.answers_row)
        answers.setContentsMargins(0, 0, 0, 0)
        answers.addWidget(self.edit_answers, 1)
        answers.addWidget(self.fill)
        self.edit_prompt = GrowingText(one_line=True, most=4)  # wrapped, not cut at the edge
        self.edit_hint = GrowingText(one_line=True, most=4)
        self.advanced = QCheckBox("Advanced: overlays and goal as JSON")
        self.advanced.toggled.connect(self._advanced)
        self.edit_overlays = QLineEdit()
        self.edit_overlays.setToolTip('The overlays as JSON, e.g. {"walls": true}')
        self.edit_overlays.textChanged.connect(self._overlays_typed)
        self.edit_rule = QLineEdit()
        self.edit_rule.setToolTip(
            'place/move: a goal, e.g. {"win": "red"}; click-points: a question; '
            'win-within: {"side": "red", "within": 3}'
        )
        self.edit_rule.textChanged.connect(self._rule_typed)
        self.rule_label = QLabel("Goal")
        for label, widget in (
            ("Lesson title", self.edit_lesson_title),
            ("Step title", self.edit_title),
            ("Text", self.edit_text),
            ("Overlays", self.overlay_box),
            ("Highlights", self.edit_highlights),
            ("Task", self.edit_kind),
            (self.rule_label, self.rule_row),
            ("Answers", self.answers_row),
            ("Prompt", self.edit_prompt),
            ("Hint", self.edit_hint),
        ):
            form.addRow(label, widget)
        form.addRow(self.advanced)
        self.json_overlays_label = QLabel("Overlays JSON")
        self.json_rule_label = QLabel("Goal JSON")
        form.addRow(self.json_overlays_label, self.edit_overlays)
        form.addRow(self.json_rule_label, self.edit_rule)
        row1, row2 = QHBoxLayout(), QHBoxLayout()
        self.from_board = QPushButton("Answer from board")
        self.from_board.setToolTip("The last move played, or the points clicked, as the answer")
        self.take = QPushButton("Take position")
        self.take.setToolTip("The board's position (set-up mode, moves) becomes this step's")
        self.add = QPushButton("Add step")
        self.remove = QPushButton("Remove")
        self.up = QPushButton("Up")
        self.down = QPushButton("Down")
        for button in (self.from_board, self.take):
            row1.addWidget(button)
        for button in (self.add, self.remove, self.up, self.down):
            row2.addWidget(button)
        form.addRow(row1)
        form.addRow(row2)
        self.keep_view = QPushButton("Open the lesson with this view")
        self.keep_view.setToolTip(
            "The lesson opens with the board's levels, peel, clip planes and camera preset "
            "as they are now (else every level, nothing peeled or clipped)"
        )
        self.keep_view.hide()  # (shown where the front end says what the view is)
        form.addRow(self.keep_view)
        # The footer: in sight whatever the dock's height.
        self.footer = QFrame()
        self.footer.setFrameShape(QFrame.Shape.StyledPanel)
        footer = QVBoxLayout(self.footer)
        footer.setContentsMargins(4, 2, 4, 2)
        footer.setSpacing(2)
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)  # a busy bar: the rules' check runs on a worker thread
        self.busy.setMaximumHeight(10)
        self.busy.setTextVisible(False)
        self.busy.hide()
        self.editor_message = QLabel()
        self.editor_message.setWordWrap(True)
        self.editor_message.setTextFormat(Qt.TextFormat.PlainText)
        buttons = QHBoxLayout()
        self.apply = QPushButton("Apply")
        self.apply.setToolTip("Use the step's fields (the rules check its task meanwhile)")
        self.save = QPushButton("Save lesson...")
        self.save.setToolTip("Check every task with the rules, then write the lesson file")
        buttons.addWidget(self.apply)
        buttons.addStretch(1)
        buttons.addWidget(self.save)
        footer.addWidget(self.busy)
        footer.addWidget(self.editor_message)
        footer.addLayout(buttons)
        self.footer.hide()
        control = self.control
        self.apply.clicked.connect(self._apply)
        self.fill.clicked.connect(self._fill)
        self.from_board.clicked.connect(self._answer_from_board)
        self.take.clicked.connect(lambda: self._said(control.editor.take_position()))
        self.add.clicked.connect(lambda: self._said(control.editor.add_step()))
        self.remove.clicked.connect(lambda: self._said(control.editor.remove_step()))
        self.up.clicked.connect(lambda: self._said(control.editor.move_step(-1)))
        self.down.clicked.connect(lambda: self._said(control.editor.move_step(+1)))
        self.save.clicked.connect(self._save)
        self.keep_view.clicked.connect(self._keep_view)
        #: The board's view as a lesson saves it (set by the front end that has one).
        self.view_now: Callable[[], dict[str, Any]] | None = None
        self._rule: dict[str, Any] | None = None  # the goal/question chosen (the last good)
        self._overlays: dict[str, Any] = {}
        self._syncing = False
        self._json_problem: str | None = None  # the JSON typed that was refused
        self._json_problems: dict[str, str] = {}  # by field: overlays, rule
        self._game_name = ""  # the game whose overlays and rules the boxes offer
        self._advanced(False)
        return box

    # -- what the game declares, as choices --

    def _game_cls(self) -> type[Game]:
        return type(self.control.step.game)

    def _build_overlays(self) -> None:
        """A box per overlay of the lesson's game (rebuilt when the game changes)."""
        cls = self._game_cls()
        if cls.name == self._game_name:
            return
        self._game_name = cls.name
        while self.overlay_grid.count():
            item = self.overlay_grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None and widget is not self.no_overlays:
                widget.hide()  # (gone at once, deleted later)
                widget.deleteLater()
        self.overlay_checks, self.overlay_combos = {}, {}
        specs = teaching_for(cls).lesson_overlays
        if not specs:
            self.overlay_grid.addWidget(self.no_overlays, 0, 0)
        self.no_overlays.setVisible(not specs)  # (once in the box: not a window of its own)
        for index, spec in enumerate(specs):
            row, column = divmod(index, 2)
            if spec.choices:
                box = QWidget()
                line = QHBoxLayout(box)
                line.setContentsMargins(0, 0, 0, 0)
                line.addWidget(QLabel(spec.name))
                combo = QComboBox()
                combo.addItem("off", None)
                for choice in spec.choices:
                    combo.addItem(choice, choice)
                combo.setToolTip(spec.help)
                combo.currentIndexChanged.connect(self._overlays_picked)
                line.addWidget(combo, 1)
                self.overlay_combos[spec.name] = combo
                self.overlay_grid.addWidget(box, row, column)
            else:
                check = QCheckBox(spec.name)
                check.setToolTip(spec.help)
                check.toggled.connect(self._overlays_picked)
                self.overlay_checks[spec.name] = check
                self.overlay_grid.addWidget(check, row, column)

    def _choices(self, kind: str) -> list[lessons.RuleChoice]:
        game = self.control.step.game
        if kind in ("place", "move"):
            return lessons.goal_choices(game)
        if kind == "click-points":
            return lessons.question_choices(game)
        return []

    def _show_rule(self) -> None:
        """The rule's boxes show ``self._rule`` (and the JSON its text)."""
        kind = self.edit_kind.currentText()
        rule = self._rule
        self._syncing = True
        try:
            self.rule_label.setText(
                {"click-points": "Question", "win-within": "Who wins"}.get(kind, "Goal")
            )
            self.json_rule_label.setText(
                {"click-points": "Question JSON", "win-within": "Win JSON"}.get(kind, "Goal JSON")
            )
            for row in (self.rule_row, self.answers_row, self.edit_prompt, self.edit_hint):
                self.form.setRowVisible(row, kind != "no task")
            self.rule_pick.clear()
            choices = self._choices(kind)
            picked: lessons.RuleChoice | None = None
            if kind == "win-within":
                side = (rule or {}).get("side", self.control.step.game.to_move)
                players = tuple(self.control.step.game.players)
                picked = lessons.RuleChoice("side", "side", {"side": players})
                rule = {"side": side}
                self.rule_pick.hide()
            else:
                self.rule_pick.show()
                none = "the answers listed" if kind != "no task" else "no task"
                self.rule_pick.addItem(none, -1)
                for index, choice in enumerate(choices):
                    self.rule_pick.addItem(choice.label, index)
                    self.rule_pick.setItemData(
                        self.rule_pick.count() - 1, choice.label, Qt.ItemDataRole.ToolTipRole
                    )
                if rule is not None:
                    picked = next((c for c in choices if c.matches(rule)), None)
                    if picked is None:  # a rule the choices cannot show: as it is
                        self.rule_pick.addItem("as written (Advanced)", -2)
                        self.rule_pick.setCurrentIndex(self.rule_pick.count() - 1)
                    else:
                        self.rule_pick.setCurrentIndex(1 + choices.index(picked))
                else:
                    self.rule_pick.setCurrentIndex(0)
            self._show_params(picked, rule or {})
            self.within.setVisible(kind == "win-within")
            if kind == "win-within":
                self.within.setValue(int((self._rule or {}).get("within", 3)))
            self.edit_rule.setText(json.dumps(self._rule) if self._rule is not None else "")
        finally:
            self._syncing = False

    def _show_params(self, choice: lessons.RuleChoice | None, rule: dict[str, Any]) -> None:
        while self.rule_params.count():
            item = self.rule_params.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # (gone at once, deleted later)
                widget.deleteLater()
        self.param_combos = {}
        if choice is None:
            return
        for key, values in choice.keys.items():
            combo = QComboBox()
            combo.setToolTip(key)
            for value in values:
                combo.addItem(_value_text(value), value)
            if key in rule and rule[key] in values:
                combo.setCurrentIndex(list(values).index(rule[key]))
            combo.currentIndexChanged.connect(self._params_changed)
            self.rule_params.addWidget(combo)
            self.param_combos[key] = combo

    def _rule_from_boxes(self) -> dict[str, Any] | None:
        kind = self.edit_kind.currentText()
        if kind == "no task":
            return None
        if kind == "win-within":
            side = self.param_combos["side"].currentData() if "side" in self.param_combos else None
            return {"side": side or self.control.step.game.to_move, "within": self.within.value()}
        index = self.rule_pick.currentData()
        if index == -2:
            return self._rule  # as written: kept
        if index is None or index < 0:
            return None
        choice = self._choices(kind)[index]
        rule: dict[str, Any] = choice.rule(
            {k: c.currentData() for k, c in self.param_combos.items()}
        )
        return rule

    def _kind_changed(self, kind: str) -> None:
        if self._syncing:
            return
        if kind == "win-within":
            self._rule = {"side": self.control.step.game.to_move, "within": 3}
        elif lessons.check_rule(self.control.step.game, kind, self._rule) is not None:
            self._rule = None  # e.g. a goal does not ask a question
        self._show_rule()

    def _rule_picked(self, _index: int) -> None:
        if self._syncing:
            return
        self._rule = self._rule_from_boxes()
        self._show_rule()

    def _params_changed(self, _value: int = 0) -> None:
        if self._syncing:
            return
        self._rule = self._rule_from_boxes()
        self._syncing = True
        try:
            self.edit_rule.setText(json.dumps(self._rule) if self._rule is not None else "")
        finally:
            self._syncing = False

    def _overlays_picked(self, _value: object = None) -> None:
        if self._syncing:
            return
        values: dict[str, Any] = {n: True for n, c in self.overlay_checks.items() if c.isChecked()}
        for name, combo in self.overlay_combos.items():
            if combo.currentData() is not None:
                values[name] = combo.currentData()
        self._overlays = values
        self._syncing = True
        try:
            self.edit_overlays.setText(json.dumps(values))
        finally:
            self._syncing = False

    def _show_overlays(self) -> None:
        self._syncing = True
        try:
            self._show_overlays_boxes_only()
            self.edit_overlays.setText(json.dumps(self._overlays))
        finally:
            self._syncing = False

    # -- the Advanced JSON, kept in step with the boxes --

    def _advanced(self, on: bool) -> None:
        for widget in (
            self.edit_overlays,
            self.edit_rule,
            self.json_overlays_label,
            self.json_rule_label,
        ):
            widget.setVisible(on)

    def _overlays_typed(self, text: str) -> None:
        if self._syncing:
            return
        problem = None
        try:
            values = _json(text or "{}")
        except ValueError as exc:
            problem = f"overlays JSON: {exc}"
        else:
            try:
                self._overlays = read_overlays(values, self._game_cls(), "overlays")
            except PositionFormatError as exc:
                problem = f"overlays JSON: {exc}"
        self._json_refused(problem, "overlays")
        if problem is None:
            self._syncing = True
            try:
                self._show_overlays_boxes_only()
            finally:
                self._syncing = False

    def _show_overlays_boxes_only(self) -> None:
        for name, check in self.overlay_checks.items():
            check.setChecked(bool(self._overlays.get(name)))
        for name, combo in self.overlay_combos.items():
            combo.setCurrentIndex(max(combo.findData(self._overlays.get(name)), 0))

    def _rule_typed(self, text: str) -> None:
        if self._syncing:
            return
        kind = self.edit_kind.currentText()
        problem = None
        rule: Any = None
        if text.strip():
            try:
                rule = _json(text)
            except ValueError as exc:
                problem = str(exc)
        if problem is None:
            problem = lessons.check_rule(self.control.step.game, kind, rule)
        if problem is None and kind == "win-within" and rule is None:
            problem = 'a win-within task needs {"side": COLOUR, "within": PLIES}'
        where = self.json_rule_label.text()
        self._json_refused(f"{where}: {problem}" if problem else None, "rule")
        if problem is not None:
            return
        if kind == "win-within":
            rule = {"side": self.control.step.game.to_move, **rule}
        self._rule = rule
        self._syncing = True
        try:
            text_now = self.edit_rule.text()
            self._show_rule()
            self.edit_rule.setText(text_now)  # what the teacher typed stays as typed
        finally:
            self._syncing = False

    def _json_refused(self, problem: str | None, which: str) -> None:
        """A JSON edit refused (the choices keep the last good value), or accepted."""
        problems = dict(self._json_problems)
        if problem is None:
            problems.pop(which, None)
        else:
            problems[which] = problem
        self._json_problems = problems
        self._json_problem = next(iter(problems.values()), None)
        if problem is not None:
            self._said(f"{shorten(problem)}; the last good choice stays")
        elif not problems and self.editor_message.styleSheet() == WRONG_STYLE:
            self.editor_message.setText("")

    # -- filling the editor from the step, and the step from the editor --

    def _teacher(self, on: bool) -> None:
        self.control.teaching = on  # no progress is recorded while the teacher edits
        self.editor.setVisible(on)
        self.footer.setVisible(on)
        if on:
            self._fill_editor()

    def _fill_editor(self) -> None:
        control = self.control
        step = control.step
        raw = step.to_json()
        self._build_overlays()
        self._json_problems, self._json_problem = {}, None
        lesson = control.lesson
        self.edit_lesson_title.setText(lesson.title if lesson is not None else "")
        self.edit_title.setText(step.title)
        # a new step's stand-in text is the placeholder: typing replaces it, never mixes
        self.edit_text.setPlainText("" if step.text == STARTER_TEXT else step.text)
        self._overlays = dict(step.overlays)
        self._show_overlays()
        self.edit_highlights.setText("; ".join(step.highlights))
        task = raw.get("task")
        self._syncing = True
        try:
            self.edit_kind.setCurrentText(task["kind"] if task else "no task")
        finally:
            self._syncing = False
        task = task or {}
        self._rule = lessons.rule_of(task) if task else None
        self._show_rule()
        self.edit_prompt.setText(task.get("prompt", ""))
        self.edit_answers.setText("; ".join(task.get("answers", [])))
        self.edit_hint.setText(task.get("hint", ""))
        self._show_busy()

    def _text(self) -> str:
        """The Text box's, or a new step's stand-in while the box is left empty (a step
        has a text; one the teacher wrote and then cleared is refused, and said)."""
        text = self.edit_text.toPlainText()
        if not text.strip() and self.control.step.text == STARTER_TEXT:
            return STARTER_TEXT
        return text

    def fields(self) -> dict[str, Any]:
        """The editor's fields as a step's JSON keys; ValueError when a JSON typed under
        Advanced was refused (the choices keep the last good value)."""
        if self._json_problem is not None and self.advanced.isChecked():
            raise ValueError(f"{shorten(self._json_problem)}: fix it, or untick Advanced")
        changes: dict[str, Any] = {
            "title": self.edit_title.text(),
            "text": self._text(),
            "overlays": dict(self._overlays),
            "highlights": _split(self.edit_highlights.text()),
        }
        kind = self.edit_kind.currentText()
        if kind == "no task":
            changes["task"] = None
            return changes
        task: dict[str, Any] = {"kind": kind, "answers": _split(self.edit_answers.text())}
        if self.edit_prompt.text().strip():
            task["prompt"] = self.edit_prompt.text().strip()
        rule = self._rule
        if rule is not None:
            if kind == "win-within":
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
        except ValueError as exc:
            self._said(str(exc))
            return
        error = self.control.editor.edit_step(self.edit_lesson_title.text(), **changes)
        if error is not None:
            self._said(error)
            return
        if self.control.step.task is None:
            self._said(None)
            return
        self.control.checks.check_step()  # on a worker thread: "checking..." until it answers

    def _fill(self) -> None:
        """Fill answers from the rules: the task as the boxes say, its answers found on a
        worker thread; they come back through :meth:`filled`."""
        kind = self.edit_kind.currentText()
        if kind == "no task":
            self._said("pick a task first")
            return
        try:
            self.fields()
        except ValueError as exc:
            self._said(str(exc))
            return
        rule = self._rule or {}
        task = lessons.Task(
            kind,
            (),
            rule if kind in ("place", "move") and self._rule is not None else None,
            rule if kind == "click-points" and self._rule is not None else None,
            rule.get("side") if kind == "win-within" else None,
            rule.get("within") if kind == "win-within" else None,
        )
        self.control.checks.fill_answers(task)

    def filled(self, answers: list[str]) -> None:
        """The rules' answers came back: written in and applied."""
        self.edit_answers.setText("; ".join(answers))
        count = len(answers)
        said = f"{count} answer{'s' if count != 1 else ''} filled from the rules"
        try:
            changes = self.fields()
        except ValueError as exc:
            self._said(f"{said}; not applied: {exc}")
            return
        error = self.control.editor.edit_step(self.edit_lesson_title.text(), **changes)
        if error is not None:
            self._said(f"{said}; not applied: {error}")
        else:
            self._said(f"{said} (applied)" if count else f"{said}: none (applied)", applied=True)

    def _keep_view(self) -> None:
        if self.view_now is None:
            return
        error = self.control.editor.keep_view(self.view_now())
        self._said(error)
        if error is None:
            self.editor_message.setText("the lesson opens with this view (Save lesson... keeps it)")

    def _answer_from_board(self) -> None:
        control = self.control
        game = control.session.game
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
        try:  # the fields as they are now are what is saved (Save checks every task)
            error = control.editor.edit_step(self.edit_lesson_title.text(), **self.fields())
        except ValueError as exc:
            error = str(exc)
        if error is not None:
            self._said(f"not saved: {error}")
            return
        path = _ask_save_path(self.window(), control.checks.save_suggestion())
        if not path:
            return
        if not path.endswith(lessons.SUFFIX):
            path += lessons.SUFFIX
        error = control.checks.save(path)  # checked on a worker thread, then written
        if error is not None:
            self._said(error)

    def _show_busy(self) -> None:
        """The busy bar, and the buttons that start a check, follow the worker."""
        busy = self.control.checks.busy
        self.busy.setVisible(busy)
        for button in (self.fill, self.save):
            button.setEnabled(not busy)

    def working(self, text: str) -> None:
        """A check started on the worker thread: said, with the busy bar."""
        self.editor_message.setStyleSheet("")
        self.editor_message.setText(text)
        self._show_busy()

    def report(self, text: str | None, ok: bool) -> None:
        """A check on the worker thread ended: what it found."""
        self._show_busy()
        self.editor_message.setStyleSheet(RIGHT_STYLE if ok else WRONG_STYLE)
        self.editor_message.setText(text or "")

    def _said(self, error: str | None, applied: bool = False) -> None:
        if error is None:
            self.editor_message.setStyleSheet(RIGHT_STYLE)
            self.editor_message.setText("applied" if not applied else "applied and checked")
        else:
            ok = applied and not error.startswith("checked:")
            self.editor_message.setStyleSheet(RIGHT_STYLE if ok else WRONG_STYLE)
            self.editor_message.setText(error)


def _value_text(value: Any) -> str:
    return "nobody" if value is None else str(value)


def _ask_save_path(parent: QWidget, suggested: str) -> str:
    path, _ = QFileDialog.getSaveFileName(
        parent, "Save lesson", suggested, f"Lessons (*{lessons.SUFFIX})"
    )
    return path


#: The deepest nesting a JSON field of the editor takes (a goal or the overlays: 2)
MAX_FIELD_DEPTH = 16


def _json(text: str) -> Any:
    """The value of a JSON field; ValueError saying why not (nesting beyond any goal's is
    refused before it is parsed: a pasted 100,000-deep text raises no RecursionError)."""
    if nested_over(text, MAX_FIELD_DEPTH):
        raise ValueError(f"not read: lists or objects nested over {MAX_FIELD_DEPTH} deep")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON ({exc.msg}, column {exc.colno})") from None
