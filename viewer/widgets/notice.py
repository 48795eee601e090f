"""A notice the user reads once and closes: a box beside the window that does not block it
(what was done with a damaged per-user file, say). Notices that come while it is open join
it, one paragraph each."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from pyramid_lab.i18n import _


class NoticeBox(QMessageBox):
    """The window's notices, in one box that does not block (closing it forgets them)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setIcon(QMessageBox.Icon.Information)
        self.setWindowTitle(_("Pyramid Lab: please note"))
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setStandardButtons(QMessageBox.StandardButton.Ok)
        self.setWindowModality(Qt.WindowModality.NonModal)
        self.texts: list[str] = []
        self.finished.connect(self.texts.clear)

    def add(self, text: str) -> None:
        """Show ``text`` (after those still shown)."""
        self.texts.append(text)
        # (a lone surrogate in a path cannot go to Qt: written as an escape)
        paragraphs = (
            html.escape(t.encode("utf-8", "backslashreplace").decode()) for t in self.texts
        )
        self.setText("".join(f"<p>{p}</p>" for p in paragraphs))
        self.show()
        self.raise_()
