"""The Lesson dock: the caption of the lesson being shown, beside the scene."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QFrame, QLabel, QScrollArea, QWidget


class LessonDock(QDockWidget):
    """The caption of the lesson being shown, beside the scene."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Lesson", parent)
        self.setObjectName("lesson-dock")
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.caption.setStyleSheet("font-size: 14px; padding: 6px")
        # A long caption scrolls instead of being cut off at the dock's bottom edge.
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.caption)
        self.setWidget(scroll)

    def show_caption(self, title: str, caption: str) -> None:
        text = html.escape(caption, quote=False).replace("\n", "<br>")
        heading = html.escape(title, quote=False)
        self.caption.setText(f"<b>{heading}</b><br><br>{text}" if title else text)
