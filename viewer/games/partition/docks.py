"""The Corners dock of Pyramid Partition: the five corners with holder, holding group size
and anchor walls, updated move by move; the overlay toggles; which corner's partition to
show; "Fill at random" with its seed; and the win, announced once a player holds three."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pyramid_lab.i18n import N_, _
from pyramid_lab.model.lattice import CORNERS

from ...lab.palette import PIECE_RGB
from ...widgets.keys import pass_history_keys
from ...widgets.names import colour_word
from ...widgets.setup_dock import tipped_button
from ...widgets.tables import row_table
from .teaching import Overlays, TeachingView

COLUMNS = (N_("Corner"), N_("Holder"), N_("Group"), N_("Anchors"))


class CornerDock(QDockWidget):
    def __init__(self, overlays: Overlays, parent: QWidget | None = None) -> None:
        super().__init__(_("Corners"), parent)
        self.setObjectName("corner-dock")
        self.overlays = overlays
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.addLayout(self._toggles())
        self.table = row_table(len(CORNERS), tuple(_(c) for c in COLUMNS), stretch=True)
        self.table.setAccessibleName(_("Corners"))
        walls = self.table.horizontalHeaderItem(3)
        if walls is not None:
            walls.setToolTip(_("The far walls the anchor balls stand on"))
        self.table.setToolTip(
            _(
                "Click a corner to shade its isolated region (or see its escape paths); "
                "click it again to clear"
            )
        )
        for row, corner in enumerate(CORNERS):
            self.table.setItem(row, 0, QTableWidgetItem(corner.value))
        # All five rows always show: the dock is never squeezed into a scrolled sliver
        # (it came back that way after a switch of games, beside a tall Moves dock).
        off = Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        self.table.setVerticalScrollBarPolicy(off)
        self.table.setHorizontalScrollBarPolicy(off)
        rows = sum(self.table.rowHeight(r) for r in range(len(CORNERS)))
        header = self.table.horizontalHeader().sizeHint().height()
        self.table.setFixedHeight(rows + header + 2 * self.table.frameWidth())
        layout.addWidget(self.table)
        self.explain = QLabel()
        self.explain.setWordWrap(True)
        layout.addWidget(self.explain)
        self.winner = QLabel()
        self.winner.setStyleSheet("font-weight: bold; font-size: 14px")
        layout.addWidget(self.winner)
        fill = QHBoxLayout()
        self.fill = tipped_button(
            _("Fill at random"),
            _(
                "Fill every empty point, alternating colours: a full pyramid always has "
                "exactly one winner (undo brings the position back)"
            ),
        )
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setPrefix(_("seed "))
        self.seed.setAccessibleName(_("Seed of Fill at random"))
        pass_history_keys(self.seed)  # Ctrl+Z after a fill undoes it, even typed in here
        fill.addWidget(self.fill)
        fill.addWidget(self.seed)
        layout.addLayout(fill)
        layout.addStretch(1)
        self.setWidget(body)
        self.walls.toggled.connect(lambda on: overlays.set(walls=on))
        self.corners.toggled.connect(lambda on: overlays.set(corners=on))
        self.groups.toggled.connect(lambda on: overlays.set(group_colours=on))
        self.table.cellClicked.connect(self._on_row_clicked)
        overlays.changed.connect(self._on_overlays_changed)
        self._teaching: TeachingView | None = None

    def _toggles(self) -> QHBoxLayout:
        """The overlays' boxes: the walls, the corners, the groups' colours."""
        toggles = QHBoxLayout()
        self.walls = QCheckBox(_("Walls"))
        self.corners = QCheckBox(_("Corners"))
        self.groups = QCheckBox(_("Group colours"))
        self.walls.setToolTip(_("The five walls as faint faces with their names"))
        self.corners.setToolTip(_("The five corner points, coloured by who holds them"))
        self.groups.setToolTip(
            _("Each group in its own shade of its player's colour (reds for red, blues for blue)")
        )
        for box in (self.walls, self.corners, self.groups):
            toggles.addWidget(box)
        return toggles

    def _on_row_clicked(self, row: int, _column: int) -> None:
        corner = CORNERS[row]
        self.overlays.set(region=None if self.overlays.region is corner else corner)

    def _on_overlays_changed(self, _field: str) -> None:
        for box, on in (
            (self.walls, self.overlays.walls),
            (self.corners, self.overlays.corners),
            (self.groups, self.overlays.group_colours),
        ):
            with QSignalBlocker(box):
                box.setChecked(on)
        with QSignalBlocker(self.table):
            region = self.overlays.region
            if region is None:
                self.table.clearSelection()
            else:
                self.table.selectRow(CORNERS.index(region))
        self._update_explanation()

    def refresh(self, teaching: TeachingView | None) -> None:
        """Show the corners of the position ``teaching`` describes (None: not Partition)."""
        self._teaching = teaching
        if teaching is None:
            return
        for row, info in enumerate(teaching.rows()):
            values = (
                colour_word(info.holder) if info.holder else "-",
                str(info.group_size) if info.holder else "",
                ", ".join(_(wall) for wall in info.anchor_walls),  # (words: WALL_WORDS)
            )
            for column, value in enumerate(values, start=1):
                item = QTableWidgetItem(value)
                if column == 1 and info.holder:
                    item.setForeground(QColor(*PIECE_RGB[info.holder]))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, column, item)
        self.winner.setText(teaching.winner_text())
        self._on_overlays_changed("refresh")

    def _update_explanation(self) -> None:
        region = self.overlays.region
        if self._teaching is None or region is None:
            self.explain.setText(_("Click a corner to see its partition."))
        else:
            self.explain.setText(self._teaching.explain(region))
