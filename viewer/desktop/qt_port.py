"""The lab's port in Qt (:class:`viewer.lab.port.Port`): the window's one way of asking the
user things. Choose a file (the Open and Save dialogs), ask yes / no / cancel (the
unsaved-changes question), ask a number, show a message (a box the user closes); and the
window's side of the lab's bulletin (:mod:`viewer.lab.bulletin`), which it observes: the
status line, the prompt over the scene and the thinking bar with its Stop button. For the
window's controllers: the parent of their dialogs and a notice read once. The notice
(:class:`NoticeBox`) is a box beside the window that does not block it (what was done with
a damaged per-user file, say); notices that come while it is open join it, one paragraph
each."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Literal

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QStatusBar,
    QWidget,
)

from pyramid_lab.i18n import _, shown
from pyramid_lab.model.files import SUFFIX
from pyramid_lab.model.lesson import SUFFIX as LESSON_SUFFIX

from ..lab.bulletin import Bulletin, BulletinField
from ..widgets import unsaved
from ..widgets.engine_row import ProgressBar
from ..widgets.prompt_bar import PromptBar
from ..widgets.slots import guarded


class QtPort:
    """The port of ``window`` (a QMainWindow with its status bar set), and the bulletin
    drawn in its status bar and ``prompt_bar``."""

    def __init__(self, window: QMainWindow, prompt_bar: PromptBar, bulletin: Bulletin) -> None:
        self.parent = window  # the parent of the controllers' widgets and dialogs
        self.prompt_bar = prompt_bar
        self.bulletin = bulletin
        self.closed = False  # the window closed: a notice waiting is not shown
        self._notice: NoticeBox | None = None  # notices to read once (NoticeBox)
        self.bar = ProgressBar(window)
        self.bar.setRange(0, 100)
        self.bar.setMaximumWidth(140)
        self.bar.setTextVisible(False)
        self.stop_button = QPushButton(_("Stop"), window)  # the engine binds it (desktop.engine)
        self.stop_button.setToolTip(_("Stop the engine thinking (the computer waits for you)"))
        self.box = QWidget(window)  # shown only while thinking, with no separator left over
        layout = QHBoxLayout(self.box)
        layout.setContentsMargins(6, 0, 0, 0)
        layout.addWidget(self.bar)
        layout.addWidget(self.stop_button)
        # (QStatusBar's own: the window's bar would put a separator before it, left over
        # while the box is hidden)
        QStatusBar.addPermanentWidget(window.statusBar(), self.box)
        self.box.setVisible(False)
        bulletin.changed.connect(self._draw)

    # ---- the lab's port ------------------------------------------------------------------

    def choose_file(self, purpose: Literal["open", "save"], start: Path) -> str | None:
        if purpose == "open":
            kinds = _("Positions and lessons ({patterns})").format(
                patterns=f"*{SUFFIX} *{LESSON_SUFFIX}"
            )
            every = _("All files (*)")
            path, _filter = QFileDialog.getOpenFileName(
                self.parent, _("Open position"), str(start), f"{kinds};;{every}"
            )
        else:
            kinds = _("Positions ({patterns})").format(patterns=f"*{SUFFIX}")
            path, _filter = QFileDialog.getSaveFileName(
                self.parent, _("Save position"), str(start), kinds
            )
        return path or None

    def ask(self, question: str, detail: str, *, can_save: bool = True) -> str:
        said = shown(question), shown(detail)  # (the lab's words, in the window's language)
        return unsaved.ask_unsaved(self.parent, *said, can_save=can_save)

    def confirm(self, title: str, question: str, detail: str, go: str) -> bool:
        return unsaved.ask_go_on(  # (the lab's words, in the window's language)
            self.parent, shown(title), shown(question), shown(detail), shown(go)
        )

    def ask_number(self, title: str, text: str, value: int, low: int, high: int) -> int | None:
        chosen, ok = QInputDialog.getInt(self.parent, shown(title), shown(text), value, low, high)
        return chosen if ok else None

    def show_message(self, title: str, text: str) -> None:
        """A message box the user closes (the status bar says it too)."""
        self.bulletin.say(text)
        QMessageBox.warning(self.parent, shown(title), shown(text))  # (in its language)

    # ---- the bulletin, drawn -------------------------------------------------------------

    def _draw(self, field: BulletinField) -> None:
        bulletin = self.bulletin
        if field == "status":  # a line in the status bar (it goes after a few seconds)
            self.parent.statusBar().showMessage(bulletin.status, 8000)
        elif field == "prompt":  # what to do next, or who is thinking
            self.prompt_bar.setText(bulletin.prompt)
        else:
            self._show_progress(bulletin.progress, bulletin.progress_text)

    def _show_progress(self, fraction: float | None, text: str) -> None:
        """The thinking bar: shown from 0 while a search runs, gone (None) when it ends."""
        if fraction is None:
            self.box.setVisible(False)
            return
        if not self.box.isVisible() and fraction == 0.0:
            self.box.setVisible(True)
        self.bar.setValue(round(max(0.0, min(1.0, fraction)) * 100))
        if text:
            self.bar.setToolTip(shown(text))

    def current_message(self) -> str:
        """The status bar's line now ('' when none)."""
        return self.parent.statusBar().currentMessage()

    # ---- the window's own ------------------------------------------------------------------

    def tell(self, text: str) -> None:
        """A notice to read once: in a box that does not block (shown once the window is
        up, so that a file read while it is built is told over it) and in the status bar."""

        def show() -> None:
            if self.closed:
                return
            if self._notice is None:
                self._notice = NoticeBox(self.parent)
            self._notice.add(shown(text))
            self.parent.statusBar().showMessage(text, 30000)

        QTimer.singleShot(0, lambda: guarded(show, self.bulletin.say, "tell"))


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
