"""The Set-up dock: brush (a player's colour or erase), side to move, study flag, and the
buttons that leave set-up mode through validation or without a change."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QWidget,
)

from pyramid_lab.i18n import _

from ..lab.setup_editor import SetupEditor
from .dock_fit import ScrolledBody
from .later_dock import LaterDock, Part
from .names import colour_word


class WrappedLabel(QLabel):
    """A word-wrapped label that asks for the height its whole text needs at its width
    (a QLabel in a dock's form is otherwise squeezed to a line or two and cut off)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)

    def setText(self, text: str) -> None:
        super().setText(text)
        self._fit()

    def clear(self) -> None:
        super().clear()
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        needed = 0
        if self.text():
            self.setMinimumHeight(0)  # heightForWidth respects the minimum: never shrinking
            needed = self.heightForWidth(max(self.width(), 120))
        if needed != self.minimumHeight():
            self.setMinimumHeight(max(needed, 0))


def rich_label(layout: QBoxLayout) -> WrappedLabel:
    """A word-wrapped label of rich text, added to ``layout``."""
    label = WrappedLabel()
    label.setTextFormat(Qt.TextFormat.RichText)
    layout.addWidget(label)
    return label


def tipped_button(text: str, tip: str) -> QPushButton:
    """A push button saying ``text``, with ``tip`` as its tooltip."""
    button = QPushButton(text)
    button.setToolTip(tip)
    return button


def left_row(*widgets: QWidget) -> QHBoxLayout:
    """``widgets`` in a row, left-aligned (a stretch after them)."""
    row = QHBoxLayout()
    for widget in widgets:
        row.addWidget(widget)
    row.addStretch(1)
    return row


def button_row(layout: QBoxLayout, *buttons: QPushButton) -> None:
    """``buttons`` in a row, left-aligned, added to ``layout``."""
    layout.addLayout(left_row(*buttons))


def scrolled_body(dock: QDockWidget, body: QWidget) -> None:
    """``body`` as ``dock``'s widget, scrolled only down (a narrow dock wraps its labels
    rather than scrolling sideways), the dock never narrower than the body's least width:
    no button or line of it cut at the dock's edge (:class:`~.dock_fit.ScrolledBody`)."""
    dock.setWidget(ScrolledBody(body, dock))


class SetupDock(LaterDock):
    """Set-up mode's dock (its widgets made at its first use: the mode's first entry)."""

    brushes = Part[QButtonGroup]()
    brush_buttons = Part[list[QRadioButton]]()
    to_move = Part[QComboBox]()
    study = Part[QCheckBox]()
    clear = Part[QPushButton]()
    apply = Part[QPushButton]()
    cancel = Part[QPushButton]()
    error = Part[WrappedLabel]()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Set-up"), "setup-dock", parent)
        # It lives as long as set-up mode: Apply or Cancel closes it, not a close button
        # (closed, the mode would go on with no way to leave it but Ctrl+E).
        self.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.editor: SetupEditor | None = None

    def make_body(self) -> QWidget:
        body = QWidget(self)
        form = QFormLayout(body)
        self.brushes = QButtonGroup(self)
        row = QHBoxLayout()
        self.brush_buttons = []
        for index in range(5):  # up to four players' colours, then erase
            button = QRadioButton()
            button.setVisible(False)  # (nameless until a set-up names its brushes: bind)
            self.brushes.addButton(button, index)
            self.brush_buttons.append(button)
            row.addWidget(button)
        form.addRow(_("Brush"), row)
        self.to_move = QComboBox()
        form.addRow(_("To move"), self.to_move)
        self.study = QCheckBox(_("Study: any colouring, not only positions play can reach"))
        form.addRow(self.study)
        self.clear = QPushButton(_("Clear board"))
        self.apply = QPushButton(_("Apply"))
        self.cancel = QPushButton(_("Cancel"))
        buttons = QHBoxLayout()
        for push in (self.clear, self.apply, self.cancel):
            buttons.addWidget(push)
        form.addRow(buttons)
        self.error = WrappedLabel()
        self.error.setStyleSheet("color: #b00020")
        form.addRow(self.error)
        self.brushes.idToggled.connect(self._on_brush_changed)
        self.to_move.currentIndexChanged.connect(self._on_to_move_changed)
        self.study.toggled.connect(self._on_study_changed)
        return body

    def enter(self, editor: SetupEditor) -> None:
        """Set-up mode begins with ``editor``."""
        self.bind(editor)
        self.show()

    def leave(self) -> None:
        """Set-up mode ends."""
        self.bind(None)
        self.hide()

    def bind(self, editor: SetupEditor | None) -> None:
        self.editor = editor
        if editor is None and not self.is_made:
            return  # (nothing shown to clear)
        self.error.clear()
        if editor is None:
            return
        names = [*(colour_word(c) for c in editor.players), _("erase")]
        for index, button in enumerate(self.brush_buttons):
            button.setVisible(index < len(names))
            button.setText(names[index] if index < len(names) else "")
        self.brush_buttons[0].setChecked(True)
        self.to_move.blockSignals(True)
        self.to_move.clear()
        for colour in editor.players:  # each colour in words, the colour its data
            self.to_move.addItem(colour_word(colour), colour)
        self.to_move.setCurrentIndex(self.to_move.findData(editor.to_move))
        self.to_move.blockSignals(False)
        self.study.blockSignals(True)
        self.study.setChecked(editor.study)
        self.study.blockSignals(False)

    def _on_brush_changed(self, index: int, checked: bool) -> None:
        if checked and self.editor is not None:
            players = self.editor.players
            self.editor.brush = players[index] if index < len(players) else None

    def _on_to_move_changed(self, index: int) -> None:
        colour = self.to_move.itemData(index)
        if self.editor is not None and isinstance(colour, str) and colour:
            self.editor.to_move = colour

    def _on_study_changed(self, on: bool) -> None:
        if self.editor is not None:
            self.editor.study = on
