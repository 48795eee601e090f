"""The Review dock's widgets: Review and Stop, the thinking time a position, a progress bar,
the win-rate graph over the moves (a click on it picks a position), each move's verdict in
a table, and _("Make a puzzle of this"). :mod:`viewer.desktop.review` drives it; the dock only shows
what it is handed. :func:`graph_image` draws the graph for an export."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSignalBlocker, QSize, Qt, Signal
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pyramid_lab.i18n import N_, _, shown
from pyramid_lab.model.review import GameReview

from .engine_row import progress, seconds_box, start_stop
from .keys import pass_history_keys
from .later_dock import LaterDock, Part
from .names import colour_word
from .tables import row_table

COLUMNS = ("#", N_("side"), N_("move"), N_("verdict"), N_("better"))
DEFAULT_SECONDS = 2.0
#: A verdict's colour: the graph's marks and the table's verdict column.
VERDICT_COLOURS = {
    "best": "#2e7d32",
    "good": "#7cb342",
    "inaccuracy": "#f9a825",
    "mistake": "#e65100",
    "missed win": "#c62828",
}
#: A verdict in words (the review's own names are the file's)
VERDICT_WORDS = {
    "best": N_("best"),
    "good": N_("good"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "missed win": N_("missed win"),
}
MARKED = ("inaccuracy", "mistake", "missed win")  # drawn as dots on the graph


def graph_values(review: GameReview) -> list[float | None]:
    """The graph's points: the review's values, each estimated one (not the game's proven
    value, :attr:`GameReview.exact`) drawn as the mean of itself and its estimated
    neighbours, so that two short searches' noise does not zigzag the line; proven points
    stay where they are."""
    values = list(review.values)
    exact = list(review.exact) + [False] * (len(values) - len(review.exact))
    if not review.exact:  # a review saved before issue 45: nothing known, drawn as it is
        return values
    out: list[float | None] = []
    for i, value in enumerate(values):
        if value is None or exact[i]:
            out.append(value)
            continue
        near = [
            v
            for j in (i - 1, i, i + 1)
            if 0 <= j < len(values) and not exact[j] and (v := values[j]) is not None
        ]
        out.append(sum(near) / len(near))
    return out


def paint_graph(
    painter: QPainter,
    rect: QRectF,
    review: GameReview | None,
    first: str,
    current: int | None = None,
) -> None:
    """The win-rate graph in ``rect``: the first player's chance at each position of the
    reviewed line (0 at the foot, 1 at the top, 50% dashed), the flawed moves as dots in
    their verdict's colour, the position shown (``current``, a ply) as a vertical line."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillRect(rect, QColor("#fbfbf8"))
    painter.setPen(QPen(QColor("#bbbbbb"), 1))
    painter.drawRect(rect.adjusted(0, 0, -1, -1))
    inner = rect.adjusted(6, 14, -6, -6)
    painter.setPen(QColor("#555555"))
    font = painter.font()
    font.setPointSizeF(7.5)
    painter.setFont(font)
    if review is None or len(review.values) < 2:
        painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, _("Review the game to see its graph"))
        painter.restore()
        return
    graph = _Graph(inner, len(review.values))
    _paint_axes(painter, rect, graph, first)
    values = graph_values(review)
    exact = list(review.exact) + [False] * (len(values) - len(review.exact))
    _paint_curve(painter, graph, values, exact)
    if current is not None and 0 <= current < len(values):
        x = inner.left() + current * graph.step
        painter.setPen(QPen(QColor("#333333"), 1))
        painter.drawLine(QPointF(x, inner.top()), QPointF(x, inner.bottom()))
    for move in review.moves:
        value = values[move.ply] if move.ply < len(values) else None
        if move.verdict not in MARKED or value is None:
            continue
        painter.setPen(QPen(QColor("#ffffff"), 1))
        painter.setBrush(QColor(VERDICT_COLOURS[move.verdict]))
        radius = 5.0 if move.verdict == "missed win" else 4.0
        painter.drawEllipse(graph.point(move.ply, value), radius, radius)
    painter.restore()


class _Graph:
    """Where the graph's plies and values fall in its ``inner`` rectangle."""

    def __init__(self, inner: QRectF, positions: int) -> None:
        self.inner = inner
        self.half = inner.top() + inner.height() / 2
        self.step = inner.width() / (positions - 1)
        self.positions = positions

    def point(self, ply: int, value: float) -> QPointF:
        inner = self.inner
        return QPointF(inner.left() + ply * self.step, inner.bottom() - value * inner.height())


def _paint_axes(painter: QPainter, rect: QRectF, graph: _Graph, first: str) -> None:
    """The graph's words at its top, the 50% line, and the move numbers along its foot."""
    inner = graph.inner
    wins = _("{side} wins").format(side=colour_word(first))
    painter.drawText(rect.adjusted(6, 1, -6, 0), Qt.AlignmentFlag.AlignLeft, wins)
    painter.drawText(
        rect.adjusted(6, 1, -6, 0), Qt.AlignmentFlag.AlignRight, _("a dot: a flawed move")
    )
    painter.setPen(QPen(QColor("#999999"), 1, Qt.PenStyle.DashLine))
    painter.drawLine(QPointF(inner.left(), graph.half), QPointF(inner.right(), graph.half))
    painter.setPen(QColor("#888888"))
    every = 5 if graph.positions <= 60 else 10
    for ply in range(every, graph.positions, every):
        x = inner.left() + ply * graph.step
        painter.drawLine(QPointF(x, inner.bottom() - 3), QPointF(x, inner.bottom()))
        painter.drawText(
            QRectF(x - 15, inner.bottom() - 15, 30, 12), Qt.AlignmentFlag.AlignCenter, str(ply)
        )


def _paint_curve(
    painter: QPainter, graph: _Graph, values: list[float | None], exact: list[bool]
) -> None:
    """The area under the values, and their line: proven stretches (both ends the game's
    value) solid and thick, estimated ones dashed and thin, told apart at a glance."""
    area = QPainterPath()
    started = False
    for ply, value in enumerate(values):
        if value is None:
            continue
        p = graph.point(ply, value)
        if not started:
            area.moveTo(QPointF(p.x(), graph.half))
            started = True
        area.lineTo(p)
    if not started:
        return
    last = next(i for i in range(len(values) - 1, -1, -1) if values[i] is not None)
    area.lineTo(QPointF(graph.inner.left() + last * graph.step, graph.half))
    area.closeSubpath()
    painter.fillPath(area, QColor(90, 120, 200, 60))
    proven_pen = QPen(QColor("#1d3a7a"), 2.5)
    estimate_pen = QPen(QColor("#5a78b8"), 1.5, Qt.PenStyle.DashLine)
    previous: int | None = None
    for ply, value in enumerate(values):
        if value is None:
            continue
        if previous is not None:
            before = values[previous]
            assert before is not None
            painter.setPen(proven_pen if exact[previous] and exact[ply] else estimate_pen)
            painter.drawLine(graph.point(previous, before), graph.point(ply, value))
        previous = ply


def graph_image(
    review: GameReview, first: str, width: int = 640, height: int = 200, current: int | None = None
) -> QImage:
    """The win-rate graph as an image (the export's PNG)."""
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    try:
        paint_graph(painter, QRectF(0, 0, width, height), review, first, current)
    finally:
        painter.end()
    return image


class WinRateGraph(QWidget):
    """The win-rate graph; ``picked(ply)`` when clicked (the position after ``ply`` moves)."""

    picked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.review: GameReview | None = None
        self.first = ""
        self.current: int | None = None
        self.setMinimumHeight(130)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(_("The first player's chance at each position; click to go there"))

    def sizeHint(self) -> QSize:
        return QSize(300, 150)

    def show_review(self, review: GameReview | None, first: str, current: int | None) -> None:
        self.review, self.first, self.current = review, first, current
        self.update()

    def ply_at(self, x: float) -> int | None:
        """The ply whose position is nearest ``x`` (None without a graph)."""
        if self.review is None or len(self.review.values) < 2:
            return None
        inner = QRectF(self.rect()).adjusted(6, 14, -6, -6)
        count = len(self.review.values) - 1
        ply = round((x - inner.left()) / inner.width() * count)
        return max(0, min(count, ply))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            paint_graph(painter, QRectF(self.rect()), self.review, self.first, self.current)
        finally:
            painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        ply = self.ply_at(event.position().x())
        if ply is not None:
            self.picked.emit(ply)


class ReviewDock(LaterDock):
    """The review of the game on the board (starts hidden; Analysis > Review game; its
    widgets made at its first use)."""

    review = Part[QPushButton]()
    stop = Part[QPushButton]()
    seconds = Part[QDoubleSpinBox]()
    bar = Part[QProgressBar]()
    activity = Part[QLabel]()
    graph = Part[WinRateGraph]()
    summary = Part[QLabel]()
    table = Part[QTableWidget]()
    detail = Part[QLabel]()
    make_puzzle = Part[QPushButton]()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Review"), "review-dock", parent)

    def make_body(self) -> QWidget:
        body = QWidget(self)
        layout = QVBoxLayout(body)
        row = QHBoxLayout()
        self.review, self.stop = start_stop(
            _("Review game"),
            _("Judge every move of the game's line, from its start"),
            _("Stop the review: the moves judged so far are shown"),
        )
        self.stop.setEnabled(False)
        self.seconds = seconds_box(
            0.2, 60.0, DEFAULT_SECONDS, _("How long the engine thinks on each position")
        )
        self.seconds.setAccessibleName(_("Seconds to think"))
        for widget in (self.review, self.stop, self.seconds):
            row.addWidget(widget)
        row.addStretch(1)  # the buttons and the box keep their size in a wide dock
        layout.addLayout(row)
        self.bar, self.activity = progress()
        self.bar.hide()  # while a review runs
        layout.addWidget(self.bar)
        layout.addWidget(self.activity)
        self.graph = WinRateGraph()
        layout.addWidget(self.graph)
        self.summary = QLabel(_("Review the game: each move is judged, the proof search first."))
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.table = row_table(0, tuple(_(column) for column in COLUMNS))
        self.table.setAccessibleName(_("The moves reviewed"))
        pass_history_keys(self.table)
        layout.addWidget(self.table, 1)
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        layout.addWidget(self.detail)
        self.make_puzzle = QPushButton(_("Make a puzzle of this"))
        self.make_puzzle.setToolTip(
            _(
                "A missed win or a mistake a unique move refutes: the position becomes a "
                "puzzle, verified (unique key move, no cooks) before it is kept"
            )
        )
        self.make_puzzle.setEnabled(False)
        layout.addWidget(self.make_puzzle)
        return body

    def set_thinking(self, on: bool) -> None:
        self.review.setEnabled(not on)
        self.stop.setEnabled(on)
        self.seconds.setEnabled(not on)
        self.bar.setVisible(on)
        if not on:
            self.bar.setValue(0)

    def set_progress(self, fraction: float, text: str) -> None:
        self.bar.setValue(round(max(0.0, min(1.0, fraction)) * 100))
        self.activity.setText(shown(text))  # (the lab's words, in the window's language)

    def show_review(
        self, review: GameReview | None, first: str, current: int | None, summary: str = ""
    ) -> None:
        """The review's graph, ``summary`` (its words, as the window says them) and table
        (None: empty)."""
        self.graph.show_review(review, first, current)
        blocker = QSignalBlocker(self.table)
        self.table.setRowCount(0)
        if review is None:
            del blocker
            return
        said = shown(summary)  # (the lab's words, in the window's language)
        self.summary.setText(
            _("{summary} (stopped)").format(summary=said) if review.stopped else said
        )
        self.table.setRowCount(len(review.moves))
        for row, move in enumerate(review.moves):
            verdict = (
                _(VERDICT_WORDS[move.verdict]) if move.verdict in VERDICT_WORDS else move.verdict
            )
            cells = (str(move.ply), colour_word(move.side), move.move, verdict, move.better or "")
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == 3:
                    item.setForeground(QColor(VERDICT_COLOURS.get(move.verdict, "#000000")))
                self.table.setItem(row, column, item)
        del blocker

    def select_ply(self, ply: int | None) -> None:
        """Select the row of the move numbered ``ply`` (quietly)."""
        blocker = QSignalBlocker(self.table)
        if ply is None or not 1 <= ply <= self.table.rowCount():
            self.table.clearSelection()
        else:
            self.table.selectRow(ply - 1)
            item = self.table.item(ply - 1, 0)
            if item is not None:
                self.table.scrollToItem(item)
        del blocker

    def show_current(self, current: int | None) -> None:
        self.graph.current = current
        self.graph.update()

    def clear(self, text: str) -> None:
        self.show_review(None, "", None)
        self.summary.setText(text)
        self.detail.setText("")
        self.make_puzzle.setEnabled(False)
