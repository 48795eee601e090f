"""The lesson editor's choices of what a game declares (:mod:`viewer.widgets.step_editor`):
a box per overlay of the lesson's game, and the goal, question or side a task's rule
picks with its values (a corner, a colour, plies).

Each keeps the last good value it shows (``values``, ``rule``) and tells the editor when
the teacher changed it (``changed``); what the editor shows it comes in with the boxes'
own reactions held back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from pyramid_lab.i18n import N_, _
from pyramid_lab.model import lesson as lessons
from pyramid_lab.model.teaching import teaching_for

from .names import colour_word

if TYPE_CHECKING:
    from collections.abc import Callable

    from pyramid_lab.model.game import Game
    from pyramid_lab.model.teaching import OverlaySpec

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

    def choices(self, kind: str) -> list[lessons.RuleChoice]:
        game = self._game()
        if kind in ("place", "move"):
            return lessons.goal_choices(game)
        if kind == "click-points":
            return lessons.question_choices(game)
        return []

    def kind_changed(self, kind: str) -> None:
        """The task's kind changed: a rule it cannot take is dropped (a goal asks no
        question), a win-within task starts at its side to move in 3 plies."""
        if kind == "win-within":
            self.rule = {"side": self._game().to_move, "within": 3}
        elif lessons.check_rule(self._game(), kind, self.rule) is not None:
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
                picked: lessons.RuleChoice | None = lessons.RuleChoice(
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

    def _show_pick(self, kind: str) -> lessons.RuleChoice | None:
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

    def _show_params(self, choice: lessons.RuleChoice | None, rule: Rule) -> None:
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
