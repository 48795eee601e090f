"""What a dock does not show whole (tests/viewer/test_dock_fit.py)."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QDockWidget,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QTableWidget,
    QWidget,
)

#: The least rows a dock's list or table shows (docked alone on its side).
LEAST_ROWS = 8


def _in_item_view(widget: QWidget, dock: QDockWidget) -> bool:
    parent = widget.parentWidget()
    while parent is not None and parent is not dock:
        if isinstance(parent, QAbstractItemView):
            return True
        parent = parent.parentWidget()
    return False


def _name(widget: QWidget) -> str:
    text = getattr(widget, "text", None)
    said = text() if callable(text) else ""
    return f"{type(widget).__name__} {said[:50]!r}"


def cut_texts(dock: QDockWidget) -> list[str]:
    """Each text ``dock`` cuts: a label, button or check box narrower than its text, or
    reaching past the dock's right edge (a scroll area's body wider than its viewport), a
    wrapped label shorter than its lines, a list row elided without its whole text in its
    tooltip, a list or table showing fewer than :data:`LEAST_ROWS` rows of those it has."""
    found: list[str] = []
    right = dock.width()
    for widget in dock.findChildren(QWidget):
        if not widget.isVisibleTo(dock) or _in_item_view(widget, dock):
            continue
        if isinstance(widget, QLabel | QAbstractButton):
            left = widget.mapTo(dock, QPoint(0, 0)).x()
            if left + widget.width() > right + 1:
                found.append(f"{_name(widget)} reaches past the dock's edge")
                continue
        if isinstance(widget, QLabel) and widget.text():
            if widget.wordWrap():
                need = widget.heightForWidth(widget.width())
                if need > widget.height() + 1:
                    found.append(f"{_name(widget)} shows {widget.height()} of {need} pixels")
            elif widget.sizeHint().width() > widget.width() + 1:
                found.append(
                    f"{_name(widget)} is {widget.width()} wide for {widget.sizeHint().width()}"
                )
        elif isinstance(widget, QAbstractButton) and widget.text():
            if widget.sizeHint().width() > widget.width() + 1:
                found.append(
                    f"{_name(widget)} is {widget.width()} wide for {widget.sizeHint().width()}"
                )
        elif isinstance(widget, QListWidget | QTableWidget):
            found += _rows_cut(widget)
        elif isinstance(widget, QLineEdit) and widget.text():
            room = widget.contentsRect().width() - 8  # (the frame's and the text's margins)
            if widget.fontMetrics().horizontalAdvance(widget.text()) > room:
                found.append(f"{_name(widget)} is cut: {widget.width()} wide")
        elif isinstance(widget, QPlainTextEdit) and widget.toPlainText():
            bar = widget.verticalScrollBar()
            if bar.maximum() > bar.minimum():
                found.append(f"{type(widget).__name__} {widget.toPlainText()[:40]!r} scrolls")
    return found


def _rows_cut(view: QListWidget | QTableWidget) -> list[str]:
    found = []
    rows = view.count() if isinstance(view, QListWidget) else view.rowCount()
    if rows:
        height = view.sizeHintForRow(0) or 1
        shown = view.viewport().height() // height
        if shown < min(rows, LEAST_ROWS):
            found.append(f"{type(view).__name__} shows {shown} of {rows} rows")
    if isinstance(view, QListWidget):
        width = view.viewport().width()
        metrics = view.fontMetrics()
        for row in range(view.count()):
            item = view.item(row)
            text = item.text().strip()
            if metrics.horizontalAdvance(text) + 8 > width and text not in item.toolTip():
                found.append(f"row {text[:40]!r} is elided without its whole text on hover")
                break
    return found
