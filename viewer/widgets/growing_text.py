"""A text box as tall as its wrapped lines: the whole text in sight in a narrow dock.

A one-line ``QLineEdit`` cut a lesson's hint at the dock's edge (its start scrolled out of
sight), and a fixed-height ``QPlainTextEdit`` hid a step's text behind its scroll bar.
:class:`GrowingText` wraps its text and grows with it up to ``most`` lines (then scrolls);
with ``one_line`` it is a line edit that wraps: Enter adds no line break, and it answers
``text()`` / ``setText()`` as a ``QLineEdit`` does."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QPlainTextEdit, QSizePolicy, QWidget


class GrowingText(QPlainTextEdit):
    def __init__(
        self, parent: QWidget | None = None, *, one_line: bool = False, most: int = 8
    ) -> None:
        super().__init__(parent)
        self.one_line = one_line
        self.most = most
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTabChangesFocus(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.document().documentLayout().documentSizeChanged.connect(self._grow)
        self._grow()

    # ---- a QLineEdit's words, for a one-line box -------------------------------------------

    def text(self) -> str:
        return self.toPlainText()

    def setText(self, text: str) -> None:
        self.setPlainText(text)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.one_line and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.ignore()  # (the dialog's or the form's, as in a line edit)
            return
        super().keyPressEvent(event)

    def insertFromMimeData(self, source: Any) -> None:
        if self.one_line and source.hasText():
            self.insertPlainText(" ".join(source.text().split()))  # pasted lines joined
            return
        super().insertFromMimeData(source)

    # ---- the height of its lines -----------------------------------------------------------

    def _lines(self) -> int:
        return max(1, min(self.most, round(self.document().size().height())))

    def _height(self, lines: int) -> int:
        margins = self.contentsMargins()
        frame = 2 * self.frameWidth() if self.frameShape() != QFrame.Shape.NoFrame else 0
        document = 2 * self.document().documentMargin()
        line = self.fontMetrics().lineSpacing()
        return int(lines * line + document + margins.top() + margins.bottom() + frame) + 2

    def _grow(self, *_args: Any) -> None:
        height = self._height(self._lines())
        if height != self.height() or self.minimumHeight() != height:
            self.setFixedHeight(height)

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self._height(self._lines()))

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), self._height(self._lines()))

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._grow()  # a new width: other line breaks
