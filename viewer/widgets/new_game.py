"""The New game dialog: every registered game, each with a form built from its rule
options (``Game.option_specs``) and a Players group (Human or Computer at a level for each
of the game's players, ``Game.players``; the levels are the game's own players' where it
has them, ``model.search.levels_for``), so no game is named here. A game whose player count
is an option shows the players of the options chosen (``Game.players_for``). The options'
words are said in the window's language (:func:`said`); a choice's box holds its value
(``OptionSpec.choices``: what a file keeps) as its data."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from pyramid_lab.i18n import _, format_list
from pyramid_lab.model import search
from pyramid_lab.model.game import Game, OptionSpec, PositionFormatError, game_class, game_names

from ..lab.level_names import level_name
from .names import colour_name


def player_choices(
    levels: tuple[str, ...] = search.computer.LEVELS,
) -> tuple[tuple[str, str | None], ...]:
    """Human, then Computer at each of ``levels`` (a game's :func:`levels_for`)."""
    return ((choice_text(None), None), *((choice_text(level), level) for level in levels))


def choice_text(level: str | None) -> str:
    """The text of a choice: Human, or Computer (<level>), the level's name the
    catalog's (:func:`~viewer.lab.level_names.level_name`: one name everywhere)."""
    if level is None:
        return _("Human")
    return _("Computer ({level})").format(level=level_name(level))


def said(spec: OptionSpec) -> OptionSpec:
    """``spec`` with its words in the window's language (the catalog's: the rules mark
    them ``N_``): its label, help, choices' help and choices' words; its name and values
    (what a file keeps) as they are."""
    return replace(
        spec,
        label=_(spec.label),
        help=_(spec.help) if spec.help else "",  # (gettext's "" is the catalog's header)
        choice_help=tuple(_(text) for text in spec.choice_help),
        choice_words=tuple(_(word) for word in spec.words()),
    )


def option_widget(spec: OptionSpec) -> QWidget:
    """A widget for one option (``spec`` :func:`said`), showing its default; a choice's
    item holds the choice's value as its data."""
    if isinstance(spec.default, bool):
        box = QCheckBox(spec.label)
        box.setChecked(spec.default)
        widget: QWidget = box
    elif isinstance(spec.default, int):
        spin = QSpinBox()
        spin.setRange(spec.minimum if spec.minimum is not None else 0, spec.maximum or 10**6)
        spin.setValue(spec.default)
        widget = spin
        if spec.maximum is not None:  # the cap is said, not silently applied
            text = _("{help} ({least} to {most})")
            widget.setToolTip(
                text.format(help=spec.help, least=spin.minimum(), most=spin.maximum())
            )
            return widget
    else:
        combo = QComboBox()
        for value, word in zip(spec.choices, spec.words(), strict=True):
            combo.addItem(word, value)
        combo.setCurrentIndex(combo.findData(spec.default))
        widget = combo
    widget.setToolTip(spec.help)
    return widget


def choice_note(combo: QComboBox, spec: OptionSpec) -> QLabel:
    """A small label under ``combo`` that says what its choice means (the spec's
    ``choice_help``), following the choice."""
    note = QLabel()
    note.setWordWrap(True)
    note.setStyleSheet("color: #555")
    helps = dict(zip(spec.choices, spec.choice_help, strict=True))

    def follow(_index: int = 0) -> None:
        if combo.isEnabled():  # (greyed out, the note says why: :func:`unused_note`)
            note.setText(helps.get(combo.currentData(), ""))

    combo.currentIndexChanged.connect(follow)
    follow()
    return note


def unused_note(note: QLabel, combo: QComboBox, spec: OptionSpec, why: str) -> None:
    """The note under an option's choice: what the choice means, or, where the option is
    not used under the others (``why``), that reason instead (a choice's meaning under
    an option that does not apply read as if it did)."""
    if why:
        note.setText(why)
        return
    helps = dict(zip(spec.choices, spec.choice_help, strict=True))
    note.setText(helps.get(combo.currentData(), ""))


def set_widget_value(widget: QWidget, value: Any) -> None:
    """Show ``value`` in an option widget; a value it cannot show leaves it as it was."""
    if isinstance(widget, QCheckBox) and isinstance(value, bool):
        widget.setChecked(value)
    elif isinstance(widget, QSpinBox) and isinstance(value, int) and not isinstance(value, bool):
        if widget.minimum() <= value <= widget.maximum():
            widget.setValue(value)
    elif isinstance(widget, QComboBox) and isinstance(value, str):
        index = widget.findData(value)
        if index >= 0:
            widget.setCurrentIndex(index)


def _on_change(widget: QWidget, call: Any) -> None:
    """Call ``call`` whenever an option widget's value changes."""
    if isinstance(widget, QCheckBox):
        widget.toggled.connect(call)
    elif isinstance(widget, QSpinBox):
        widget.valueChanged.connect(call)
    elif isinstance(widget, QComboBox):
        widget.currentIndexChanged.connect(call)


def widget_value(widget: QWidget) -> Any:
    """The value an option widget shows (a choice's value, not its word)."""
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    if isinstance(widget, QSpinBox):
        return widget.value()
    assert isinstance(widget, QComboBox)
    return widget.currentData()


def widget_word(widget: QWidget) -> str:
    """What an option widget shows, as a person reads it (a choice's word)."""
    return widget.currentText() if isinstance(widget, QComboBox) else str(widget_value(widget))


def player_widget(level: str | None, levels: tuple[str, ...] = search.computer.LEVELS) -> QComboBox:
    """A combo of :func:`player_choices` showing ``level`` (None, or a level the game does
    not have: Human)."""
    combo = QComboBox()
    choices = player_choices(levels)
    for text, choice in choices:
        combo.addItem(text, choice)
    known = [lv for _, lv in choices]
    combo.setCurrentIndex(known.index(level) if level in known else 0)
    names = format_list(level_name(level) for level in levels)
    combo.setToolTip(_("who plays this side: you, or the computer ({levels})").format(levels=names))
    return combo


class NewGameDialog(QDialog):
    """``players``: per game name, the colours the computer played last time (colour ->
    level); the others start as Human. ``rules``: per game name, option values to show
    instead of the defaults (those of the game on show)."""

    def __init__(
        self,
        parent: QWidget | None = None,
        current: str | None = None,
        players: Mapping[str, Mapping[str, str]] | None = None,
        rules: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New game"))
        self.setMinimumWidth(340)
        layout = QVBoxLayout(self)
        top = QFormLayout()
        self.game = QComboBox()
        self.pages = QStackedWidget()
        self.fields: dict[str, dict[str, QWidget]] = {}
        #: (game, option): the note under a choice that says what it means
        self.notes: dict[tuple[str, str], QLabel] = {}
        #: Each game's Rules form (an option of a player count not chosen is hidden there)
        self.rule_forms: dict[str, QFormLayout] = {}
        self.sides: dict[str, dict[str, QComboBox]] = {}  # game -> colour -> its combo
        self.side_forms: dict[str, QFormLayout] = {}
        for name in game_names():
            self.game.addItem(game_class(name).title, name)
            self.pages.addWidget(
                self._page(name, (rules or {}).get(name, {}), (players or {}).get(name, {}))
            )
        top.addRow(_("Game"), self.game)
        layout.addLayout(top)
        layout.addWidget(self.pages)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.game.currentIndexChanged.connect(self.pages.setCurrentIndex)
        if current is not None and current in self.fields:
            self.game.setCurrentIndex(list(self.fields).index(current))

    def _page(self, name: str, given: Mapping[str, Any], chosen: Mapping[str, str]) -> QWidget:
        """Game ``name``'s page: its rules (``given``: values shown instead of the
        defaults) and who plays each colour (``chosen``: colour -> the computer's level)."""
        cls = game_class(name)
        page = QWidget()
        page_layout = QVBoxLayout(page)
        page_layout.setContentsMargins(0, 0, 0, 0)
        page_layout.addWidget(self._rules_box(name, cls, given))
        group = QGroupBox(_("Who plays"))  # (a game's Rules may have a "Players" count)
        sides = QFormLayout(group)
        self.sides[name] = {}
        self.side_forms[name] = sides
        for colour in cls.players:
            combo = player_widget(chosen.get(colour), search.levels_for(cls))
            self.sides[name][colour] = combo
            sides.addRow(colour_name(colour), combo)
        page_layout.addWidget(group)
        self._follow_options(name)
        page_layout.addStretch(1)
        return page

    def _rules_box(self, name: str, cls: type[Game], given: Mapping[str, Any]) -> QGroupBox:
        """A widget per option of game ``name`` (its note under a choice that has one)."""
        options = QGroupBox(_("Rules"))
        form = QFormLayout(options)
        self.rule_forms[name] = form
        widgets = {}
        for spec in map(said, cls.option_specs):
            widget = option_widget(spec)
            if spec.name in given:  # the rules of the game on show, not the defaults
                set_widget_value(widget, given[spec.name])
            widgets[spec.name] = widget
            _on_change(widget, lambda _v=None, n=name: self._follow_options(n))
            form.addRow("" if isinstance(widget, QCheckBox) else spec.label, widget)
            if spec.choice_help and isinstance(widget, QComboBox):
                note = choice_note(widget, spec)
                self.notes[(name, spec.name)] = note
                form.addRow("", note)
        if not cls.option_specs:
            form.addRow(QLabel(_("This game has no options.")))
        self.fields[name] = widgets
        return options

    def choose(self, name: str) -> None:
        """Select the game registered as ``name``."""
        self.game.setCurrentIndex(list(self.fields).index(name))

    def widget(self, option: str) -> QWidget:
        """The chosen game's widget for ``option``."""
        return self.fields[self.game.currentData()][option]

    def side(self, colour: str) -> QComboBox:
        """The chosen game's Human / Computer combo for ``colour``."""
        return self.sides[self.game.currentData()][colour]

    def set_player(self, colour: str, level: str | None) -> None:
        """Choose who plays ``colour`` in the chosen game (None: a human)."""
        combo = self.side(colour)
        combo.setCurrentIndex(combo.findData(level) if level is not None else 0)

    def computer_players(self) -> dict[str, str]:
        """The chosen game's colours the computer plays, colour -> level (of the colours
        the options chosen have)."""
        name = self.game.currentData()
        playing = self._players(name)
        combos = self.sides[name]
        return {
            c: box.currentData() for c, box in combos.items() if box.currentData() and c in playing
        }

    def _players(self, name: str) -> tuple[str, ...]:
        """The players of game ``name`` with the options now chosen."""
        cls = game_class(name)
        values = {key: widget_value(w) for key, w in self.fields[name].items()}
        try:
            return cls.players_for(cls.parse_options(values))
        except PositionFormatError:
            return cls.players

    def _follow_options(self, name: str) -> None:
        """After an option of game ``name`` changed: the options that do not apply under
        the others are greyed out (their tooltips say why), and the Who plays rows follow
        the number of players."""
        widgets = self.fields.get(name, {})
        specs = tuple(map(said, game_class(name).option_specs))
        labels = {spec.name: spec.label for spec in specs}
        for spec in specs:
            conditions = [(o, v) for o, v in spec.conditions() if o in widgets]
            if not conditions:
                continue
            off = [o for o, values in conditions if str(widget_value(widgets[o])) not in values]
            widget = widgets[spec.name]
            # An option of another count of players is hidden, as that count's seats are
            # (the Pharaoh's strength greyed in a game of two read as if it applied)
            seats = bool(off) and all(o == "players" for o in off)
            self._show_row(name, spec.name, widget, not seats)
            widget.setEnabled(not off)
            why = "".join(
                _("Not used when {option} is {value}.").format(
                    option=labels[o], value=widget_word(widgets[o])
                )
                for o in off[:1]
            )
            # TRANSLATORS: an option's tooltip, then why it does not apply now
            unused = _("{help} ({why})").format(help=spec.help, why=why)
            widget.setToolTip(unused if why else spec.help)
            note = self.notes.get((name, spec.name))
            if note is not None and isinstance(widget, QComboBox):
                unused_note(note, widget, spec, why)
        self._follow_players(name)

    def _show_row(self, name: str, option: str, widget: QWidget, shown: bool) -> None:
        """Show or hide the row of game ``name``'s ``option`` (and its note's row)."""
        form = self.rule_forms.get(name)
        if form is None:
            return
        form.setRowVisible(widget, shown)
        note = self.notes.get((name, option))
        if note is not None:
            form.setRowVisible(note, shown)

    def _follow_players(self, name: str) -> None:
        """Show the Players rows of the colours the options chosen have."""
        form = self.side_forms.get(name)
        if form is None:
            return
        playing = self._players(name)
        for colour, combo in self.sides[name].items():
            form.setRowVisible(combo, colour in playing)

    def new_game(self) -> Game:
        """The chosen game's start with the chosen options (PositionFormatError if the
        rules refuse them)."""
        name = self.game.currentData()
        values = {key: widget_value(w) for key, w in self.fields[name].items()}
        cls = game_class(name)
        return cls.new(cls.parse_options(values))
