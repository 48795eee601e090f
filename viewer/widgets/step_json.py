"""The lesson editor's Advanced fields (:mod:`viewer.widgets.step_editor`): the overlays and
the task's rule as JSON, kept in step with the choices. A JSON typed that the rules refuse
is said, and the choices keep their last good value."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QLabel, QLineEdit

from pyramid_lab.i18n import N_, _, shown
from pyramid_lab.model import lesson as lessons
from pyramid_lab.model.files import nested_over, read_overlays
from pyramid_lab.model.game import PositionFormatError, shorten

if TYPE_CHECKING:
    from collections.abc import Callable

    from pyramid_lab.model.game import Game

    from .step_choices import OverlayBoxes, Overlays, Rule, RuleBoxes
    from .step_footer import EditorFooter

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
            problem = lessons.check_rule(self._game(), kind, rule)
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
