"""The lesson editor of teacher mode (:mod:`viewer.widgets.lesson_steps`): a step's fields
(title, text, overlays, highlights, task with its rule, answers, prompt and hint) read from
the step and written back as the step's JSON keys, and the buttons of the step's commands
(which the step panel carries out).

The texts a person reads (the lesson's and the step's titles, the text, the prompt and the
hint) go in by :meth:`StepEditor._show_texts` and come out by :meth:`StepEditor._texts`:
the one place that knows them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from pyramid_lab.i18n import N_, _
from pyramid_lab.model import lesson as lessons
from pyramid_lab.model.game import shorten
from pyramid_lab.model.lesson import STARTER_TEXT, stand_in

from .growing_text import GrowingText
from .step_choices import OverlayBoxes, RuleBoxes
from .step_json import AdvancedJson

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from pyramid_lab.model.lesson import Step

    from .step_choices import Overlays, Rule
    from .step_footer import EditorFooter

#: A step's fields as its JSON keys (title, text, overlays, highlights, task).
StepFields = dict[str, Any]


#: The languages a lesson's texts are edited in, each by its own name (as View > Language
#: lists them, ``viewer.desktop.language.LANGUAGES``).
TEXT_LANGUAGES: tuple[tuple[str, str], ...] = (
    ("en", "English"),
    ("de", "Deutsch"),
    ("fr", "Français"),
    ("es", "Español"),
    ("sv", "Svenska"),
)


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
        for code, name in TEXT_LANGUAGES:
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
        self.rule_boxes.rule = lessons.rule_of(task) if task else None
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
