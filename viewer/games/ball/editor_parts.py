"""Two widgets of Pyramid Ball's Program dock (:mod:`.program_dock`): the stack of its
pages (editor, cover, special moves), as tall as the page on show, and the notation box."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLineEdit, QStackedWidget, QWidget


class PageStack(QStackedWidget):
    """A stack whose height is its current page's: a covered Program dock takes the room of
    its one sentence, and the Turn dock below gets the rest. Its width is its widest page's,
    so the dock column keeps its width when a program is handed in and its editor covered."""

    def sizeHint(self) -> QSize:
        if self.currentWidget() is None:
            return super().sizeHint()
        return self._size([page.sizeHint() for page in self._pages()])

    def minimumSizeHint(self) -> QSize:
        if self.currentWidget() is None:
            return super().minimumSizeHint()
        return self._size([page.minimumSizeHint() for page in self._pages()])

    def _pages(self) -> list[QWidget]:
        return [page for i in range(self.count()) if (page := self.widget(i)) is not None]

    def _size(self, sizes: list[QSize]) -> QSize:
        """The widest page's width, the current page's height."""
        return QSize(max(s.width() for s in sizes), sizes[self.currentIndex()].height())


class NotationEdit(QLineEdit):
    """The notation box: Enter sets the typed program (the window's Return shortcut, Finish
    turn, must not take the key while the box has the focus)."""

    def event(self, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            event.accept()  # the key comes to the box as a key press
            return True
        return super().event(event)
