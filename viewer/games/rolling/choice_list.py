"""Rolling Pyramids' Turn dock's list of choices (:class:`ChoiceList`): the one part of the
dock that scrolls, its rows a choice (what a click makes, the faction board's box it writes
in), a heading (that box) or a note; and the room it asks for."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QListWidget, QListWidgetItem

from pyramid_lab.i18n import _

CHOICE = Qt.ItemDataRole.UserRole
#: The faction board's box a row of the Turn dock belongs to (its heading's name).
BOX = Qt.ItemDataRole.UserRole + 1
#: The most rows the Turn dock's list asks room for (a draft's 37 places and headings).
MAX_CHOICE_ROWS = 48
#: The rows the list asks room for whatever it holds now: the dock column is shared out
#: when the game comes (a start area to click), and a draft's choices come later.
ASK_CHOICE_ROWS = 40
#: The least rows the list keeps: below it the dock scrolls as a whole (a short screen).
MIN_CHOICE_ROWS = 4


class ChoiceList(QListWidget):
    """The Turn dock's choices: the one part of the dock that scrolls. It asks for the
    height of its rows (up to :data:`MAX_CHOICE_ROWS`) and takes what the dock has left
    after the heading, the words and the dice pool, down to :data:`MIN_CHOICE_ROWS` rows:
    only below that (a short screen) does the dock scroll as a whole. (It was made as tall
    as all its rows, inside the dock's scrolled body: two nested scroll bars, and 2 to 8 of
    a draft's 37 choices in sight; issue 59, item 5.)"""

    def _rows(self, count: int) -> int:
        line = self.fontMetrics().lineSpacing()
        return sum(max(self.sizeHintForRow(i), line) for i in range(count))

    def _frame(self) -> int:
        return 2 * self.frameWidth() + 4

    def sizeHint(self) -> QSize:
        line = self.fontMetrics().lineSpacing()
        height = min(max(self._rows(self.count()), ASK_CHOICE_ROWS * line), MAX_CHOICE_ROWS * line)
        return QSize(super().sizeHint().width(), height + self._frame())

    def minimumSizeHint(self) -> QSize:
        line = self.fontMetrics().lineSpacing()
        return QSize(super().minimumSizeHint().width(), MIN_CHOICE_ROWS * line + self._frame())

    def add_choice(self, text: str, data: tuple[str, Any], tip: str = "", box: str = "") -> None:
        """A choice: ``data`` is what a click on it makes; ``box`` its faction board box."""
        item = QListWidgetItem(text)
        item.setData(CHOICE, data)
        if box:
            item.setData(BOX, box)
        if tip:
            item.setToolTip(tip)
        self.addItem(item)

    def add_heading(self, box: str, said: str) -> None:
        """A heading row: the faction board's box the choices below write in (``box``: its
        name, what the board marks it by; ``said``: that name in the window's words)."""
        item = QListWidgetItem(said)
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        font = item.font()
        font.setBold(True)
        item.setFont(font)
        item.setForeground(QColor(40, 40, 40))
        item.setData(BOX, box)
        tip = _(
            "the places below write the die in {box} of your faction board (a place hovered "
            "shows its box marked there)"
        )
        item.setToolTip(tip.format(box=said))
        self.addItem(item)

    def add_note(self, text: str) -> None:
        """A row of words that takes no click."""
        item = QListWidgetItem(text)
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        item.setForeground(QColor(110, 110, 110))
        self.addItem(item)
