"""The board in words (issue 107 item 3, the window's part): the position as text for a
screen reader, each piece by its point as the board's hover says it (what holds it, its
group, its walls), an empty board said empty; a read-only text reached by Tab, in a dock
View > The board in words shows."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QPlainTextEdit, QWidget

from pyramid_lab.i18n import _


class BoardWordsDock(QDockWidget):
    """The board in words: :meth:`show_lines` the pieces said, one a line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("The board in words"), parent)
        self.setObjectName("board-words-dock")
        self.text = QPlainTextEdit(self)
        self.text.setReadOnly(True)
        self.text.setTextInteractionFlags(  # (read line by line by keys, as a page's text)
            Qt.TextInteractionFlag.TextSelectableByKeyboard
            | Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.text.setTabChangesFocus(True)  # (Tab goes on to the next dock)
        self.text.setAccessibleName(_("The board in words"))
        self.text.setAccessibleDescription(_("Each piece on the board by its point"))
        self.setWidget(self.text)

    def show_lines(self, lines: Sequence[str]) -> None:
        """The board's pieces said, one a line (none: the board is said to be empty)."""
        said = "\n".join(lines) or _("No piece is on the board yet")
        if said != self.text.toPlainText():  # (a reader's place kept while nothing changed)
            self.text.setPlainText(said)
