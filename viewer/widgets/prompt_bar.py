"""The turn's prompt in a place of its own: a line over the scene that says what to do
next. It used to share the status bar's left part and gave way to every message for 8 s
(Pyraos' "square completed: click up to two of your free spheres..." hidden behind
"black played 2,3,0"); messages now never cover it."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class PromptBar(QLabel):
    """One or two lines of plain text; hidden while there is nothing to prompt."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("prompt")
        self.setAccessibleName("What to do next")
        self.setWordWrap(True)
        self.setTextFormat(self.textFormat().PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Maximum)
        self.setStyleSheet(
            "QLabel#prompt { background: #fbf6e3; color: #222; padding: 4px 10px;"
            " border-bottom: 1px solid #d8cfae; font-weight: 600; }"
        )
        self.hide()

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setToolTip(text)
        self.setVisible(bool(text))
