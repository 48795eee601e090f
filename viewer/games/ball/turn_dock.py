"""Pyramid Ball's Turn dock: whose program is awaited, the sheet's one-minute timer, and
the last turn's rows (buttons, and the keys [ and ]) with each pyramid's line of the row:
what it was told, what happened and why; the codes of the lines spelled out under them."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pyramid_lab.i18n import N_, _

from ...widgets.dock_fit import ScrolledBody

#: What the replay's pyramid codes mean, under the Turn dock's lines.
CODES_LEGEND = N_(
    "Codes: O offence, D defence; L Large, M Medium, S Small (OL: the Large pyramid of the "
    "side on offence). Programs: rows split by /, each row's entries Large,Medium,Small; "
    "F forward, B back, L left, R right, S stand; >L, >M, >S: stand and pass the ball to "
    "that pyramid; a fourth row is the Dash, a leading ! the Blitz; | parts red's program "
    "from blue's."
)
_CODE = re.compile(r"\b([OD])([LMS])\b")
#: a pyramid's code in words: the side and the size (OL: offence's Large)
_SPELLED = {
    ("O", "L"): N_("offence's Large"),
    ("O", "M"): N_("offence's Medium"),
    ("O", "S"): N_("offence's Small"),
    ("D", "L"): N_("defence's Large"),
    ("D", "M"): N_("defence's Medium"),
    ("D", "S"): N_("defence's Small"),
}


def spelled(line: str) -> str:
    """``line`` with its pyramid codes in words (OL: offence's Large)."""
    return _CODE.sub(lambda m: _(_SPELLED[(m.group(1), m.group(2))]), line)


class TurnDock(QDockWidget):
    """Whose program is awaited, the one-minute timer, and the rows of the last turn."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Turn"), parent)
        self.setObjectName("ball-turn-dock")
        body = QWidget(self)
        layout = QVBoxLayout(body)
        self.state = QLabel(body)
        self.state.setWordWrap(True)
        layout.addWidget(self.state)
        timer_row = QHBoxLayout()
        self.timer = QCheckBox(_("One-minute timer"), body)
        self.timer.setToolTip(
            _("the sheet's timer: a program is handed in as it stands when its minute is up")
        )
        timer_row.addWidget(self.timer)
        self.clock = QLabel(body)
        timer_row.addWidget(self.clock, 1)
        layout.addLayout(timer_row)
        steps = QHBoxLayout()
        self.first = QPushButton("|<", body)
        self.back = QPushButton(_("< Row"), body)
        self.forward = QPushButton(_("Row >"), body)
        self.last = QPushButton(">|", body)
        self.first.setToolTip(_("before the last turn's first row"))
        self.back.setToolTip(_("the row before ([)"))
        self.forward.setToolTip(_("the next row (])"))
        self.last.setToolTip(_("the position now"))
        for button in (self.first, self.back, self.forward, self.last):
            steps.addWidget(button)
        layout.addLayout(steps)
        self.row_title = QLabel(body)
        layout.addWidget(self.row_title)
        self.lines = QListWidget(body)
        self.lines.setAccessibleName(_("The row's account"))
        self.lines.setWordWrap(True)
        # a row's lines (every pyramid, the pass, events) where the column has room, at
        # least four: the account a player reads after a turn, first (in view unscrolled)
        self.lines.setMinimumHeight(4 * self.lines.fontMetrics().lineSpacing() + 12)
        layout.addWidget(self.lines, 1)
        # the replay's codes spelled out under them (each line's tooltip says it too)
        self.codes = QLabel(_(CODES_LEGEND), body)
        self.codes.setWordWrap(True)
        self.codes.setStyleSheet("color: #555;")
        layout.addWidget(self.codes)
        self.setWidget(ScrolledBody(body))  # all of it where there is room, else scrolled
        self.back_key = QShortcut(QKeySequence("["), body)
        self.forward_key = QShortcut(QKeySequence("]"), body)
        for key in (self.back_key, self.forward_key):
            key.setContext(Qt.ShortcutContext.WindowShortcut)

    def rows_shown(self) -> None:
        """The rows changed: :meth:`claim_room` once they are laid out."""
        QTimer.singleShot(0, self, self.claim_room)

    def claim_room(self) -> None:
        """The room the body asks (its rows and the codes whole), taken from the column's
        other docks down to their least: after a turn the covered Program docks kept the
        room their editors had had, and the rows list was squeezed to 4 of its 8 rows,
        the codes cut at the window's bottom. Called once the rows are laid out."""
        window = self.parentWidget()
        if not isinstance(window, QMainWindow) or not self.isVisible() or self.isFloating():
            return
        scroll = self.widget()
        if scroll is None:
            return
        need = scroll.sizeHint().height() + self.height() - scroll.height()
        if self.height() < need:
            window.resizeDocks([self], [need], Qt.Orientation.Vertical)
