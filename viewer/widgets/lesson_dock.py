"""The Lesson dock: the caption of the lesson being shown, beside the scene."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QWidget


class LessonDock(QDockWidget):
    """The caption of the lesson being shown, beside the scene."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Lesson", parent)
        self.setObjectName("lesson-dock")
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.caption.setStyleSheet("font-size: 14px; padding: 6px")
        self.setWidget(self.caption)

    def show_caption(self, title: str, caption: str) -> None:
        text = html.escape(caption, quote=False).replace("\n", "<br>")
        heading = html.escape(title, quote=False)
        self.caption.setText(f"<b>{heading}</b><br><br>{text}" if title else text)
