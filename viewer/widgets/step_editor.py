"""The lesson editor of teacher mode (:mod:`viewer.widgets.lesson_steps`): a step's fields
(title, text, overlays, highlights, task with its rule, answers, prompt and hint) read from
the step and written back as the step's JSON keys, and the buttons of the step's commands
(which the step panel carries out). One module: the editor, one concept, whatever its size.

The texts a person reads (the lesson's and the step's titles, the text, the prompt and the
hint) go in by :meth:`StepEditor._show_texts` and come out by :meth:`StepEditor._texts`:
the one place that knows them.

The choices of what a game declares (:class:`OverlayBoxes`, :class:`RuleBoxes`): a box per
overlay of the lesson's game, and the goal, question or side a task's rule picks with its
values (a corner, a colour, plies). Each keeps the last good value it shows (``values``,
``rule``) and tells the editor when the teacher changed it (``changed``); what the editor
shows it comes in with the boxes' own reactions held back.

The Advanced fields (:class:`AdvancedJson`): the overlays and the task's rule as JSON, kept
in step with the choices. A JSON typed that the rules refuse is said, and the choices keep
their last good value.

The footer (:class:`EditorFooter`): Apply, Save lesson..., the editor's message and the busy
bar while the rules check on the worker thread. The Lesson dock keeps it under its scroll
area, in sight whatever the dock's height."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from pyramid_lab.i18n import LANGUAGES, N_, _, shown
from pyramid_lab.model import lesson as lessons
from pyramid_lab.model import lesson_check
from pyramid_lab.model.files import nested_over, read_overlays
from pyramid_lab.model.game import PositionFormatError, shorten
from pyramid_lab.model.lesson import STARTER_TEXT, stand_in
from pyramid_lab.model.teaching import teaching_for

from .growing_text import GrowingText
from .names import colour_word

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from pyramid_lab.model.game import Game
    from pyramid_lab.model.lesson import Step
    from pyramid_lab.model.teaching import OverlaySpec

RIGHT_STYLE = "color: rgb(20, 120, 40); font-weight: bold"
WRONG_STYLE = "color: rgb(180, 30, 30); font-weight: bold"


class EditorFooter(QFrame):
    """Apply and Save lesson..., with what the last command said."""

    def __init__(self) -> None:
        super().__init__()
        self.setFrameShape(QFrame.Shape.StyledPanel)
        footer = QVBoxLayout(self)
        footer.setContentsMargins(4, 2, 4, 2)
        footer.setSpacing(2)
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)  # a busy bar: the rules' check runs on a worker thread
        self.busy.setMaximumHeight(10)
        self.busy.setTextVisible(False)
        self.busy.hide()
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        buttons = QHBoxLayout()
        self.apply = QPushButton(_("Apply"))
        self.apply.setToolTip(_("Use the step's fields (the rules check its task meanwhile)"))
        self.save = QPushButton(_("Save lesson..."))
        self.save.setToolTip(_("Check every task with the rules, then write the lesson file"))
        buttons.addWidget(self.apply)
        buttons.addStretch(1)
        buttons.addWidget(self.save)
        footer.addWidget(self.busy)
        footer.addWidget(self.message)
        footer.addLayout(buttons)
        self.hide()

    def said(self, error: str | None, applied: bool = False) -> None:
        """What a command answered: None (applied), or its error; ``applied``: the fields
        were applied and checked, and ``error`` is what the check said."""
        if error is None:
            self.message.setStyleSheet(RIGHT_STYLE)
            self.message.setText(_("applied") if not applied else _("applied and checked"))
        else:
            ok = applied and not error.startswith("checked:")
            self.message.setStyleSheet(RIGHT_STYLE if ok else WRONG_STYLE)
            self.message.setText(shown(error))

    def clear_refusal(self) -> None:
        """The refusal said last goes (a JSON typed was fixed)."""
        if self.message.styleSheet() == WRONG_STYLE:
            self.message.setText("")

    def working(self, text: str) -> None:
        """A check started on the worker thread: said (the busy bar is the panel's)."""
        self.message.setStyleSheet("")
        self.message.setText(text)

    def report(self, text: str | None, ok: bool) -> None:
        """A check on the worker thread ended: what it found."""
        self.message.setStyleSheet(RIGHT_STYLE if ok else WRONG_STYLE)
        self.message.setText(shown(text or ""))

    def show_busy(self, busy: bool) -> None:
        self.busy.setVisible(busy)
        self.save.setEnabled(not busy)


#: A task's rule as a step's JSON writes it (a goal, a question, or side and plies).
Rule = dict[str, Any]
#: The overlays chosen, by name (True, or the value picked).
Overlays = dict[str, Any]

#: The rule box's label by task kind (else "Goal").
RULE_LABELS = {"click-points": N_("Question"), "win-within": N_("Who wins")}


def _empty(layout: QLayout, keep: QWidget | None = None) -> None:
    """Every widget taken out of ``layout`` (gone at once, deleted later), ``keep`` kept."""
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None and widget is not keep:
            widget.hide()
            widget.deleteLater()


#: What each value of a goal or question is, as its box's tooltip (the key is the file's).
PARAM_TIPS = {
    "side": N_("the side that wins"),
    "win": N_("the colour that wins"),
    "holds": N_("the corner held"),
    "by": N_("the colour that holds it"),
    "held_by": N_("the colour that holds them"),
}


def _value_text(value: object) -> str:
    """A goal's value as the editor's box shows it: a colour a word, other values (a
    corner's name, a number) notation."""
    if value is None:
        # TRANSLATORS: a lesson goal's value: no colour (e.g. a corner held by nobody)
        return _("nobody")
    return colour_word(value) if isinstance(value, str) else str(value)


class OverlayBoxes(QWidget):
    """A box per overlay the lesson's game declares (a choice where it has values)."""

    def __init__(self, changed: Callable[[Overlays], None]) -> None:
        super().__init__()
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setVerticalSpacing(0)
        self.checks: dict[str, QCheckBox] = {}
        self.combos: dict[str, QComboBox] = {}
        self.empty = QLabel(_("none in this game"), self)
        self.empty.hide()
        #: The overlays the boxes show (the last good).
        self.values: Overlays = {}
        self._changed = changed
        self._game_name = ""  # the game whose overlays the boxes offer
        self._syncing = False

    def build(self, cls: type[Game]) -> None:
        """A box per overlay of ``cls`` (rebuilt when the game changes)."""
        if cls.name == self._game_name:
            return
        self._game_name = cls.name
        _empty(self.grid, keep=self.empty)
        self.checks, self.combos = {}, {}
        specs = teaching_for(cls).lesson_overlays
        if not specs:
            self.grid.addWidget(self.empty, 0, 0)
        self.empty.setVisible(not specs)  # (once in the box: not a window of its own)
        for index, spec in enumerate(specs):
            row, column = divmod(index, 2)
            self.grid.addWidget(self._box(spec), row, column)

    def _box(self, spec: OverlaySpec) -> QWidget:
        if not spec.choices:
            check = QCheckBox(_(spec.name))  # (a word: the game's teaching declares it)
            check.setToolTip(_(spec.help) if spec.help else "")
            check.toggled.connect(self._picked)
            self.checks[spec.name] = check
            return check
        box = QWidget()
        line = QHBoxLayout(box)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(QLabel(_(spec.name)))
        combo = QComboBox()
        # TRANSLATORS: an overlay's choice in the lesson editor: not shown
        combo.addItem(_("off"), None)
        for choice in spec.choices:
            combo.addItem(choice, choice)
        combo.setToolTip(_(spec.help) if spec.help else "")
        combo.currentIndexChanged.connect(self._picked)
        line.addWidget(combo, 1)
        self.combos[spec.name] = combo
        return box

    def show_values(self, values: Overlays) -> None:
        """The boxes show ``values`` (nothing told back)."""
        self.values = dict(values)
        self._syncing = True
        try:
            for name, check in self.checks.items():
                check.setChecked(bool(values.get(name)))
            for name, combo in self.combos.items():
                combo.setCurrentIndex(max(combo.findData(values.get(name)), 0))
        finally:
            self._syncing = False

    def _picked(self, _value: object = None) -> None:
        if self._syncing:
            return
        values: Overlays = {n: True for n, c in self.checks.items() if c.isChecked()}
        for name, combo in self.combos.items():
            if combo.currentData() is not None:
                values[name] = combo.currentData()
        self.values = values
        self._changed(values)


class RuleBoxes(QWidget):
    """The rule of a step's task as choices: the goal or question picked from what the game
    declares with its values, or the side and plies of a win-within task."""

    def __init__(self, game: Callable[[], Game], changed: Callable[[Rule | None], None]) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.label = QLabel(_("Goal"))
        self.pick = QComboBox()
        self.pick.setMinimumWidth(60)
        self.pick.currentIndexChanged.connect(self._picked)
        layout.addWidget(self.pick)
        params = QHBoxLayout()  # the values of the rule picked: a corner, a colour, plies
        self.params = QHBoxLayout()
        params.addLayout(self.params, 1)
        layout.addLayout(params)
        self.param_combos: dict[str, QComboBox] = {}
        self.within = QSpinBox()
        self.within.setRange(1, lessons.MAX_WITHIN)
        # TRANSLATORS: after a number of plies in a spin box ("3 plies"): its leading space
        self.within.setSuffix(_(" plies"))
        self.within.valueChanged.connect(self._params_changed)
        params.addWidget(self.within)
        #: The goal, question or side chosen (the last good).
        self.rule: Rule | None = None
        self.kind = "no task"
        self._game = game
        self._changed = changed
        self._syncing = False

    def choices(self, kind: str) -> list[lesson_check.RuleChoice]:
        game = self._game()
        if kind in ("place", "move"):
            return lesson_check.goal_choices(game)
        if kind == "click-points":
            return lesson_check.question_choices(game)
        return []

    def kind_changed(self, kind: str) -> None:
        """The task's kind changed: a rule it cannot take is dropped (a goal asks no
        question), a win-within task starts at its side to move in 3 plies."""
        if kind == "win-within":
            self.rule = {"side": self._game().to_move, "within": 3}
        elif lesson_check.check_rule(self._game(), kind, self.rule) is not None:
            self.rule = None
        self.show_rule(kind)

    def show_rule(self, kind: str) -> None:
        """The boxes show :attr:`rule` for a task of ``kind`` (nothing told back)."""
        self.kind = kind
        self._syncing = True
        try:
            self.label.setText(_(RULE_LABELS.get(kind, N_("Goal"))))
            self.pick.clear()
            shown = self.rule or {}
            if kind == "win-within":
                side = shown.get("side", self._game().to_move)
                players = tuple(self._game().players)
                picked: lesson_check.RuleChoice | None = lesson_check.RuleChoice(
                    "side", "side", {"side": players}
                )
                shown = {"side": side}
                self.pick.hide()
            else:
                picked = self._show_pick(kind)
            self._show_params(picked, shown)
            self.within.setVisible(kind == "win-within")
            if kind == "win-within":
                self.within.setValue(int((self.rule or {}).get("within", 3)))
        finally:
            self._syncing = False

    def _show_pick(self, kind: str) -> lesson_check.RuleChoice | None:
        """The goal or question picked among the game's choices (None: the answers listed)."""
        self.pick.show()
        self.pick.addItem(_("the answers listed") if kind != "no task" else _("no task"), -1)
        choices = self.choices(kind)
        for index, choice in enumerate(choices):
            label = _(choice.label)  # (words: the rules declare them)
            self.pick.addItem(label, index)
            self.pick.setItemData(self.pick.count() - 1, label, Qt.ItemDataRole.ToolTipRole)
        if self.rule is None:
            self.pick.setCurrentIndex(0)
            return None
        rule = self.rule
        picked = next((c for c in choices if c.matches(rule)), None)
        if picked is None:  # a rule the choices cannot show: as it is
            self.pick.addItem(_("as written (Advanced)"), -2)
            self.pick.setCurrentIndex(self.pick.count() - 1)
        else:
            self.pick.setCurrentIndex(1 + choices.index(picked))
        return picked

    def _show_params(self, choice: lesson_check.RuleChoice | None, rule: Rule) -> None:
        _empty(self.params)
        self.param_combos = {}
        if choice is None:
            return
        for key, values in choice.keys.items():
            combo = QComboBox()
            combo.setToolTip(_(PARAM_TIPS[key]) if key in PARAM_TIPS else key)
            for value in values:
                combo.addItem(_value_text(value), value)
            if key in rule and rule[key] in values:
                combo.setCurrentIndex(list(values).index(rule[key]))
            combo.currentIndexChanged.connect(self._params_changed)
            self.params.addWidget(combo)
            self.param_combos[key] = combo

    def _from_boxes(self) -> Rule | None:
        kind = self.kind
        if kind == "no task":
            return None
        if kind == "win-within":
            side = self.param_combos["side"].currentData() if "side" in self.param_combos else None
            return {"side": side or self._game().to_move, "within": self.within.value()}
        index = self.pick.currentData()
        if index == -2:
            return self.rule  # as written: kept
        if index is None or index < 0:
            return None
        choice = self.choices(kind)[index]
        rule: Rule = choice.rule({k: c.currentData() for k, c in self.param_combos.items()})
        return rule

    def _picked(self, _index: int) -> None:
        if self._syncing:
            return
        self.rule = self._from_boxes()
        self.show_rule(self.kind)
        self._changed(self.rule)

    def _params_changed(self, _value: int = 0) -> None:
        if self._syncing:
            return
        self.rule = self._from_boxes()
        self._changed(self.rule)


#: The deepest nesting a JSON field of the editor takes (a goal or the overlays: 2)
MAX_FIELD_DEPTH = 16

#: The rule's JSON label by task kind (else "Goal JSON").
RULE_JSON_LABELS = {"click-points": N_("Question JSON"), "win-within": N_("Win JSON")}


def read_field(text: str) -> object:
    """The value of a JSON field; ValueError saying why not (nesting beyond any goal's is
    refused before it is parsed: a pasted 100,000-deep text raises no RecursionError)."""
    if nested_over(text, MAX_FIELD_DEPTH):
        raise ValueError(
            _("not read: lists or objects nested over {depth} deep").format(depth=MAX_FIELD_DEPTH)
        )
    try:
        value: object = json.loads(text)
    except json.JSONDecodeError as exc:
        # TRANSLATORS: {reason} is Python's own words (English), e.g. "Expecting value"
        said = _("not JSON ({reason}, column {column})").format(reason=exc.msg, column=exc.colno)
        raise ValueError(said) from None
    return value


class AdvancedJson:
    """The overlays and the rule as JSON (shown under Advanced), two ways with the choices:
    a choice made writes its JSON, a JSON typed that the rules take sets the choices."""

    def __init__(
        self,
        overlays: OverlayBoxes,
        rules: RuleBoxes,
        footer: EditorFooter,
        *,
        kind: Callable[[], str],
        game: Callable[[], Game],
    ) -> None:
        self.overlays, self.rules, self.footer = overlays, rules, footer
        self._kind, self._game = kind, game
        self.edit_overlays = QLineEdit()
        self.edit_overlays.setToolTip(_('The overlays as JSON, e.g. {"walls": true}'))
        self.edit_overlays.textChanged.connect(self._overlays_typed)
        self.edit_rule = QLineEdit()
        self.edit_rule.setToolTip(
            _(
                'place/move: a goal, e.g. {"win": "red"}; click-points: a question; '
                'win-within: {"side": "red", "within": 3}'
            )
        )
        self.edit_rule.textChanged.connect(self._rule_typed)
        self.overlays_label = QLabel(_("Overlays JSON"))
        self.rule_label = QLabel(_("Goal JSON"))
        #: The JSON typed that was refused (the first of the fields'), or None.
        self.problem: str | None = None
        self._problems: dict[str, str] = {}  # by field: overlays, rule
        self._syncing = False

    def set_visible(self, on: bool) -> None:
        for widget in (self.edit_overlays, self.edit_rule, self.overlays_label, self.rule_label):
            widget.setVisible(on)

    def forget_problems(self) -> None:
        self._problems, self.problem = {}, None

    def show_overlays(self, values: Overlays) -> None:
        self._show(self.edit_overlays, json.dumps(values))

    def show_rule(self, kind: str, rule: Rule | None) -> None:
        self.rule_label.setText(_(RULE_JSON_LABELS.get(kind, N_("Goal JSON"))))
        self.show_rule_text(rule)

    def show_rule_text(self, rule: Rule | None) -> None:
        self._show(self.edit_rule, json.dumps(rule) if rule is not None else "")

    def _show(self, edit: QLineEdit, text: str) -> None:
        self._syncing = True
        try:
            edit.setText(text)
        finally:
            self._syncing = False

    def _overlays_typed(self, text: str) -> None:
        if self._syncing:
            return
        problem = None
        try:
            values = read_field(text or "{}")
        except ValueError as exc:
            problem = _("overlays JSON: {problem}").format(problem=exc)
        else:
            try:
                taken = read_overlays(values, type(self._game()), "overlays")
            except PositionFormatError as exc:
                problem = _("overlays JSON: {problem}").format(problem=exc)
        self._refused(problem, "overlays")
        if problem is None:
            self.overlays.show_values(taken)

    def _rule_typed(self, text: str) -> None:
        if self._syncing:
            return
        kind = self._kind()
        problem = None
        rule: Any = None
        if text.strip():
            try:
                rule = read_field(text)
            except ValueError as exc:
                problem = str(exc)
        if problem is None:
            problem = lesson_check.check_rule(self._game(), kind, rule)
        if problem is None and kind == "win-within" and rule is None:
            problem = _('a win-within task needs {"side": COLOUR, "within": PLIES}')
        where = self.rule_label.text()
        # TRANSLATORS: {field} is a JSON field's label (Goal JSON), {problem} why it is refused
        said = (
            _("{field}: {problem}").format(field=where, problem=shown(problem)) if problem else None
        )
        self._refused(said, "rule")
        if problem is not None:
            return
        if kind == "win-within":
            rule = {"side": self._game().to_move, **rule}
        self.rules.rule = rule
        self.rules.show_rule(kind)  # what the teacher typed stays as typed

    def _refused(self, problem: str | None, which: str) -> None:
        """A JSON edit refused (the choices keep the last good value), or accepted."""
        problems = dict(self._problems)
        if problem is None:
            problems.pop(which, None)
        else:
            problems[which] = problem
        self._problems = problems
        self.problem = next(iter(problems.values()), None)
        if problem is not None:
            said = _("{problem}; the last good choice stays").format(problem=shorten(problem))
            self.footer.said(said)
        elif not problems:
            self.footer.clear_refusal()


#: A step's fields as its JSON keys (title, text, overlays, highlights, task).
StepFields = dict[str, Any]


#: The words of a task's kinds (the step's JSON keeps the kind: ``place``, ``move``, ...;
#: "no task" is the box's own choice for none), the English word the kind itself.
KIND_WORDS = {
    # TRANSLATORS: the lesson editor's Task box: a step without a task
    "no task": N_("no task"),
    # TRANSLATORS: a lesson task's kind: the student places a ball (or piece)
    "place": N_("place"),
    # TRANSLATORS: a lesson task's kind: the student plays a move
    "move": N_("move"),
    # TRANSLATORS: a lesson task's kind: the student clicks points on the board
    "click-points": N_("click-points"),
    # TRANSLATORS: a lesson task's kind: the student wins within a number of plies
    "win-within": N_("win-within"),
}


def _english(text: object) -> str:
    """A text of a task's JSON in English (a string, or an object of languages)."""
    if isinstance(text, dict):
        return str(text.get(lessons.ENGLISH, ""))
    return text if isinstance(text, str) else ""


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(";") if part.strip()]


class StepEditor(QFrame):
    """The step's editor (scrolled with the step); its footer (Apply, Save, the message,
    the busy bar) is ``footer``, which the dock keeps in sight."""

    def __init__(self, step: Callable[[], Step], footer: EditorFooter) -> None:
        super().__init__()
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._step = step
        self.form = QFormLayout(self)
        self.form.setContentsMargins(4, 4, 4, 4)
        self.form.setVerticalSpacing(3)
        self.overlays = OverlayBoxes(self._overlays_picked)
        self.rule_boxes = RuleBoxes(lambda: step().game, self._rule_picked)
        self.as_json = AdvancedJson(
            self.overlays,
            self.rule_boxes,
            footer,
            kind=self.edit_kind_text,
            game=lambda: step().game,
        )
        self._syncing = False
        self._lesson_title = ""
        self._title_words: dict[str, str] = {}
        #: Called with the language picked for the texts (the step panel tells the lab's
        #: editor, which puts what is typed in that language).
        self.language_picked: Callable[[str], None] = lambda _language: None
        self._add_fields()
        self._add_buttons()
        self.as_json.set_visible(False)

    def _add_fields(self) -> None:
        self.edit_language = QComboBox()  # the language the texts below are edited in
        for code, name in LANGUAGES:
            self.edit_language.addItem(name, code)
        self.edit_language.setToolTip(
            _("The language of the texts below; a text left empty is shown in English")
        )
        self.edit_language.currentIndexChanged.connect(self._language_changed)
        self.edit_lesson_title = QLineEdit()
        self.edit_lesson_title.setToolTip(_("The lesson's own title (the Lessons menu shows it)"))
        self.edit_title = QLineEdit()
        self.edit_title.setToolTip(_("The step's title"))
        self.edit_text = GrowingText(most=8)  # the step's whole text in sight, wrapped
        self.edit_text.setPlaceholderText(STARTER_TEXT)
        self.edit_highlights = QLineEdit()
        self.edit_highlights.setToolTip(_("Points to highlight, separated by ';' (e.g. SW; 1,0,0)"))
        self.edit_kind = QComboBox()
        for kind in ("no task", *lessons.KINDS):  # (each holds its kind: the file's)
            self.edit_kind.addItem(_(KIND_WORDS.get(kind, kind)), kind)
        self.edit_kind.currentIndexChanged.connect(self._kind_changed)
        self.edit_answers = QLineEdit()
        self.edit_answers.setToolTip(_("The author's answers, separated by ';'"))
        self.fill = QPushButton(_("Fill from rules"))
        self.fill.setToolTip(
            _(
                "The answers the rules give (the moves that meet the goal, the points that "
                "answer the question, the first moves that win): filled in and applied"
            )
        )
        self.answers_row = QWidget()
        answers = QHBoxLayout(self.answers_row)
        answers.setContentsMargins(0, 0, 0, 0)
        answers.addWidget(self.edit_answers, 1)
        answers.addWidget(self.fill)
        self.edit_prompt = GrowingText(one_line=True, most=4)  # wrapped, not cut at the edge
        self.edit_hint = GrowingText(one_line=True, most=4)
        self.advanced = QCheckBox(_("Advanced: overlays and goal as JSON"))
        self.advanced.toggled.connect(self.as_json.set_visible)
        rows: tuple[tuple[str | QLabel, QWidget], ...] = (
            (_("Texts in"), self.edit_language),
            (_("Lesson title"), self.edit_lesson_title),
            (_("Step title"), self.edit_title),
            (_("Text"), self.edit_text),
            (_("Overlays"), self.overlays),
            (_("Highlights"), self.edit_highlights),
            (_("Task"), self.edit_kind),
            (self.rule_boxes.label, self.rule_boxes),
            (_("Answers"), self.answers_row),
            (_("Prompt"), self.edit_prompt),
            (_("Hint"), self.edit_hint),
        )
        for label, widget in rows:
            self.form.addRow(label, widget)
        self.form.addRow(self.advanced)
        self.form.addRow(self.as_json.overlays_label, self.as_json.edit_overlays)
        self.form.addRow(self.as_json.rule_label, self.as_json.edit_rule)

    def _add_buttons(self) -> None:
        row1, row2 = QHBoxLayout(), QHBoxLayout()
        self.from_board = QPushButton(_("Answer from board"))
        self.from_board.setToolTip(_("The last move played, or the points clicked, as the answer"))
        self.take = QPushButton(_("Take position"))
        self.take.setToolTip(_("The board's position (set-up mode, moves) becomes this step's"))
        self.add = QPushButton(_("Add step"))
        # TRANSLATORS: the lesson editor's button that removes the step shown
        self.remove = QPushButton(_("Remove"))
        # TRANSLATORS: the lesson editor's button that moves the step one earlier
        self.up = QPushButton(_("Up"))
        # TRANSLATORS: the lesson editor's button that moves the step one later
        self.down = QPushButton(_("Down"))
        for button in (self.from_board, self.take):
            row1.addWidget(button)
        for button in (self.add, self.remove, self.up, self.down):
            row2.addWidget(button)
        self.form.addRow(row1)
        self.form.addRow(row2)
        self.keep_view = QPushButton(_("Open the lesson with this view"))
        self.keep_view.setToolTip(
            _(
                "The lesson opens with the board's levels, peel, clip planes and camera "
                "preset as they are now (else every level, nothing peeled or clipped)"
            )
        )
        self.keep_view.hide()  # (shown where the front end says what the view is)
        self.form.addRow(self.keep_view)

    def edit_kind_text(self) -> str:
        """The task's kind chosen ("no task" for none): the kind, not its word."""
        return str(self.edit_kind.currentData())

    # -- the choices and their JSON, in step --

    def _kind_changed(self, _index: int = 0) -> None:
        if self._syncing:
            return
        self.rule_boxes.kind_changed(self.edit_kind_text())
        self._show_rule()

    def _show_rule(self) -> None:
        """The rule's boxes, its JSON and the task's rows show the rule chosen."""
        kind = self.edit_kind_text()
        for row in (self.rule_boxes, self.answers_row, self.edit_prompt, self.edit_hint):
            self.form.setRowVisible(row, kind != "no task")
        self.rule_boxes.show_rule(kind)
        self.as_json.show_rule(kind, self.rule_boxes.rule)

    def _rule_picked(self, rule: Rule | None) -> None:
        self.as_json.show_rule_text(rule)

    def _overlays_picked(self, values: Overlays) -> None:
        self.as_json.show_overlays(values)

    # -- the editor from the step, and the step from the editor --

    @property
    def language(self) -> str:
        """The language the texts are edited in (en, de, ...)."""
        return str(self.edit_language.currentData())

    def _language_changed(self) -> None:
        self._show_texts(self._step(), self._lesson_title, self._step_task())
        self.language_picked(self.language)

    def _step_task(self) -> dict[str, Any]:
        return self._step().to_json().get("task") or {}

    def show_step(
        self, step: Step, lesson_title: str, title_words: Mapping[str, str] | None = None
    ) -> None:
        """The fields show ``step`` of the lesson titled ``lesson_title`` (in English;
        ``title_words``: in the other languages)."""
        self._lesson_title, self._title_words = lesson_title, dict(title_words or {})
        task = step.to_json().get("task")
        self.overlays.build(type(step.game))
        self.as_json.forget_problems()
        self.overlays.show_values(step.overlays)
        self.as_json.show_overlays(self.overlays.values)
        self.edit_highlights.setText("; ".join(step.highlights))
        self._syncing = True
        try:
            shown = self.edit_kind.findData(task["kind"] if task else "no task")
            self.edit_kind.setCurrentIndex(max(shown, 0))
        finally:
            self._syncing = False
        task = task or {}
        self.rule_boxes.rule = lesson_check.rule_of(task) if task else None
        self._show_rule()
        self.edit_answers.setText("; ".join(task.get("answers", [])))
        self._show_texts(step, lesson_title, task)

    def _show_texts(self, step: Step, lesson_title: str, task: dict[str, Any]) -> None:
        language = self.language
        if language != lessons.ENGLISH:  # that language's own, English as the placeholder
            words = step.task.words if step.task is not None else {}
            shown = (
                (self.edit_lesson_title, self._title_words, lesson_title),
                (self.edit_title, step.words.get("title", {}), step.title),
                (self.edit_text, step.words.get("text", {}), step.text),
                (self.edit_prompt, words.get("prompt", {}), _english(task.get("prompt"))),
                (self.edit_hint, words.get("hint", {}), _english(task.get("hint"))),
            )
            for box, texts, english in shown:
                box.setText(texts.get(language, ""))
                box.setPlaceholderText(english)
            starter = stand_in(STARTER_TEXT, language)  # a new step's, in this language
            if step.words.get("text", {}).get(language) == starter:
                self.edit_text.setPlainText("")
                self.edit_text.setPlaceholderText(starter)
            return
        for box in (self.edit_lesson_title, self.edit_title, self.edit_prompt, self.edit_hint):
            box.setPlaceholderText("")
        self.edit_text.setPlaceholderText(STARTER_TEXT)
        self.edit_lesson_title.setText(lesson_title)
        self.edit_title.setText(step.title)
        # a new step's stand-in text is the placeholder: typing replaces it, never mixes
        self.edit_text.setPlainText("" if step.text == STARTER_TEXT else step.text)
        self.edit_prompt.setText(_english(task.get("prompt")))
        self.edit_hint.setText(_english(task.get("hint")))

    def _texts(self) -> tuple[StepFields, dict[str, str]]:
        """The step's texts (title, text) and its task's (prompt, hint: those written)."""
        text = self.edit_text.toPlainText()
        # a new step's stand-in while the box is left empty (a step has a text; one the
        # teacher wrote and then cleared is refused, and said)
        english = self.language == lessons.ENGLISH
        if english and not text.strip() and self._step().text == STARTER_TEXT:
            text = STARTER_TEXT
        starter = stand_in(STARTER_TEXT, self.language)  # (the same in another language)
        own = self._step().words.get("text", {}).get(self.language)
        if not english and not text.strip() and own == starter:
            text = starter
        task = {
            key: box.text().strip()
            for key, box in (("prompt", self.edit_prompt), ("hint", self.edit_hint))
            if box.text().strip()
        }
        return {"title": self.edit_title.text(), "text": text}, task

    def fields(self) -> StepFields:
        """The editor's fields as a step's JSON keys; ValueError when a JSON typed under
        Advanced was refused (the choices keep the last good value)."""
        problem = self.as_json.problem
        if problem is not None and self.advanced.isChecked():
            raise ValueError(
                _("{problem}: fix it, or untick Advanced").format(problem=shorten(problem))
            )
        texts, task_texts = self._texts()
        changes: StepFields = {
            **texts,
            "overlays": dict(self.overlays.values),
            "highlights": _split(self.edit_highlights.text()),
        }
        kind = self.edit_kind_text()
        if kind == "no task":
            changes["task"] = None
            return changes
        task: dict[str, Any] = {"kind": kind, "answers": _split(self.edit_answers.text())}
        if "prompt" in task_texts:
            task["prompt"] = task_texts["prompt"]
        rule = self.rule_boxes.rule
        if rule is not None:
            if kind == "win-within":
                task.update({k: v for k, v in rule.items() if v is not None})
            else:
                task["question" if kind == "click-points" else "goal"] = rule
        if "hint" in task_texts:
            task["hint"] = task_texts["hint"]
        changes["task"] = task
        return changes

    def asked_task(self) -> lessons.Task:
        """The task as the boxes say, without answers (the rules find them); ValueError
        when there is none or the fields are refused."""
        kind = self.edit_kind_text()
        if kind == "no task":
            raise ValueError(_("pick a task first"))
        self.fields()
        chosen = self.rule_boxes.rule
        rule = chosen or {}
        return lessons.Task(
            kind,
            (),
            rule if kind in ("place", "move") and chosen is not None else None,
            rule if kind == "click-points" and chosen is not None else None,
            rule.get("side") if kind == "win-within" else None,
            rule.get("within") if kind == "win-within" else None,
        )
