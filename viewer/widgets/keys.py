"""Keys the window's history needs, kept from the widgets that would eat them.

A spin box (its line edit) takes Ctrl+Z / Ctrl+Shift+Z as a ShortcutOverride for its own
text undo, so with the focus left in one (the seed box after Fill at random, a level
box) the window's Undo and Redo never fired. :func:`pass_history_keys` lets those keys
through to the window's shortcuts."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox, QWidget

HISTORY_KEYS = (
    QKeySequence.StandardKey.Undo,
    QKeySequence.StandardKey.Redo,
)
HISTORY_SEQUENCES = ("Ctrl+Z", "Ctrl+Shift+Z", "Ctrl+Y")


class _PassHistoryKeys(QObject):
    def eventFilter(self, watched: Any, event: Any) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and is_history_key(event):
            event.ignore()  # not overridden: the window's shortcut takes the key
            return True
        return False


def is_history_key(event: Any) -> bool:
    if any(event.matches(key) for key in HISTORY_KEYS):
        return True
    pressed = QKeySequence(event.keyCombination()).toString()
    return pressed in HISTORY_SEQUENCES


def pass_history_keys(*widgets: QWidget) -> None:
    """Undo / redo keys pressed in these widgets (spin boxes: their line edits too) go to
    the window's Undo / Redo."""
    for widget in widgets:
        keeper = _PassHistoryKeys(widget)
        widget.installEventFilter(keeper)
        if isinstance(widget, QAbstractSpinBox):
            widget.lineEdit().installEventFilter(keeper)
