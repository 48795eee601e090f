"""The lesson editor's footer (:mod:`viewer.widgets.lesson_steps`): Apply, Save lesson...,
the editor's message and the busy bar while the rules check on the worker thread. The
Lesson dock keeps it under its scroll area, in sight whatever the dock's height."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QProgressBar, QPushButton, QVBoxLayout

from pyramid_lab.i18n import _, shown

RIGHT_STYLE = "color: rgb(20, 120, 40); font-weight: bold"
WRONG_STYLE = "color: rgb(180, 30, 30); font-weight: bold"


class EditorFooter(QFrame):
    """Apply and Save lesson..., with what the last command said."""

    def __init__(self) -> None:
        super().__init__()
        self.setFrameShape(QFrame.Shape.StyledPanel)
        footer = QVBoxLayout(self)
        footer.setContentsMargins(4, 2, 4, 2)
        footer.setSpacing(2)
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)  # a busy bar: the rules' check runs on a worker thread
        self.busy.setMaximumHeight(10)
        self.busy.setTextVisible(False)
        self.busy.hide()
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        buttons = QHBoxLayout()
        self.apply = QPushButton(_("Apply"))
        self.apply.setToolTip(_("Use the step's fields (the rules check its task meanwhile)"))
        self.save = QPushButton(_("Save lesson..."))
        self.save.setToolTip(_("Check every task with the rules, then write the lesson file"))
        buttons.addWidget(self.apply)
        buttons.addStretch(1)
        buttons.addWidget(self.save)
        footer.addWidget(self.busy)
        footer.addWidget(self.message)
        footer.addLayout(buttons)
        self.hide()

    def said(self, error: str | None, applied: bool = False) -> None:
        """What a command answered: None (applied), or its error; ``applied``: the fields
        were applied and checked, and ``error`` is what the check said."""
        if error is None:
            self.message.setStyleSheet(RIGHT_STYLE)
            self.message.setText(_("applied") if not applied else _("applied and checked"))
        else:
            ok = applied and not error.startswith("checked:")
            self.message.setStyleSheet(RIGHT_STYLE if ok else WRONG_STYLE)
            self.message.setText(shown(error))

    def clear_refusal(self) -> None:
        """The refusal said last goes (a JSON typed was fixed)."""
        if self.message.styleSheet() == WRONG_STYLE:
            self.message.setText("")

    def working(self, text: str) -> None:
        """A check started on the worker thread: said (the busy bar is the panel's)."""
        self.message.setStyleSheet("")
        self.message.setText(text)

    def report(self, text: str | None, ok: bool) -> None:
        """A check on the worker thread ended: what it found."""
        self.message.setStyleSheet(RIGHT_STYLE if ok else WRONG_STYLE)
        self.message.setText(shown(text or ""))

    def show_busy(self, busy: bool) -> None:
        self.busy.setVisible(busy)
        self.save.setEnabled(not busy)
