"""The legend of the scene: what each overlay drawn means, with its colour.

The entries (:func:`legend_entries`, in :mod:`viewer.lab.legend_entries`, no Qt) are made
from the frame the board was handed, so they list exactly what is drawn. :class:`Legend`
shows them in a corner of the scene, over the board, and lets the mouse through to it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QWidget

from pyramid_lab.i18n import _, shown

from ..lab import palette
from ..lab.legend_entries import Entry, _rgb

__all__ = ["Legend", "swatch"]

SWATCH_W, SWATCH_H = 30, 18


# ---- the widget ------------------------------------------------------------------------------


def _canvas() -> QPixmap:
    """A transparent swatch, drawn at twice its size: sharp on high-density screens too."""
    ratio = 2.0
    pixmap = QPixmap(round(SWATCH_W * ratio), round(SWATCH_H * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    return pixmap


def swatch(entry: Entry) -> QPixmap:
    """A small picture of how the board draws ``entry``."""
    pixmap = _canvas()
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    w, h = SWATCH_W, SWATCH_H
    colours = [QColor(*c) for c in entry.colours] or [QColor(*palette.EDGE_RGB)]
    first = colours[0]
    piece = QColor(*palette.MARKER_RGB["target"])
    kind = entry.kind
    if kind == "path":  # a tube
        p.setPen(QPen(first, 6, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawLine(QPointF(4, h / 2), QPointF(w - 4, h / 2))
    elif kind == "region":  # a translucent cell
        fill = QColor(first)
        fill.setAlpha(110)
        p.setPen(QPen(first.darker(120), 1))
        p.setBrush(fill)
        p.drawRect(QRectF(w / 2 - 7, 2, 14, 14))
    elif kind == "rim":  # a ball with the rim round it
        p.setPen(QPen(first, 3.5))
        p.setBrush(piece)
        p.drawEllipse(QPointF(w / 2, h / 2), 6.5, 6.5)
    elif kind == "pointer":  # a cone pointing down at its point
        p.setPen(QPen(first.darker(140), 1))
        p.setBrush(first)
        p.drawPolygon(QPolygonF([QPointF(w / 2 - 7, 2), QPointF(w / 2 + 7, 2), QPointF(w / 2, 16)]))
    elif kind == "labels":  # text beside a point
        p.setPen(first)
        font = p.font()
        font.setBold(True)
        font.setPixelSize(11)
        p.setFont(font)
        p.drawText(QRectF(0, 0, w, h), Qt.AlignmentFlag.AlignCenter, "Aa")
    elif kind == "hover":
        _dashed_ring(p, QPointF(w / 2, h / 2), first, piece)
    elif kind == "ghost":  # a translucent piece with the cyan rim
        fill = QColor(first)
        fill.setAlphaF(palette.PIECE_GHOST_OPACITY)
        p.setPen(QPen(QColor(*_rgb(palette.PIECE_GHOST_RIM)), 2))
        p.setBrush(fill)
        p.drawEllipse(QPointF(w / 2, h / 2), 7, 7)
    elif kind in ("heat", "decoration", "piece-colours"):  # one stripe or dot per colour
        n = len(colours)
        step = (w - 2) / n
        for i, colour in enumerate(colours):
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(colour)
            if kind == "piece-colours":
                p.drawEllipse(QPointF(1 + step * (i + 0.5), h / 2), step / 2, step / 2)
            else:
                p.drawRect(QRectF(1 + step * i, 3, step + 0.5, h - 6))
    elif entry.style.startswith("landing"):  # a small ring, as the board draws a landing
        p.setPen(QPen(first, 2.5))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(QPointF(w / 2, h / 2), 5, 5)
    else:  # a marker: a small ball
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(first)
        p.drawEllipse(QPointF(w / 2, h / 2), 4.5, 4.5)
    p.end()
    return pixmap


def _dashed_ring(p: QPainter, centre: QPointF, light: QColor, piece: QColor) -> None:
    """A ball in a ring of dashes, ``light`` and near black: the hover's ring."""
    p.setBrush(piece)
    p.setPen(QPen(QColor(20, 20, 26), 3.5))
    p.drawEllipse(centre, 6.5, 6.5)
    dashes = QPen(light, 3.5, Qt.PenStyle.CustomDashLine, Qt.PenCapStyle.FlatCap)
    dashes.setDashPattern([1.2, 1.2])
    p.setPen(dashes)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(centre, 6.5, 6.5)


class Legend(QFrame):
    """The legend over a corner of the scene: a swatch and a line per entry; hidden while
    there is nothing to explain. Clicks and hovers go through to the scene below."""

    MARGIN = 8

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("scene-legend")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self.setStyleSheet(
            "#scene-legend { background: rgba(255, 255, 255, 225);"
            " border: 1px solid rgb(190, 190, 190); border-radius: 4px }"
            " QLabel { color: rgb(40, 40, 40); font-size: 12px }"
        )
        self.setMaximumWidth(330)
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(8, 6, 8, 6)
        self._grid.setHorizontalSpacing(8)
        self._grid.setVerticalSpacing(3)
        self.entries: tuple[Entry, ...] = ()
        #: Lines the legend may gain (a game's, during a turn): their room is kept clear
        #: of the board too, so they come without the board framed again.
        self.room = 0
        #: The height kept clear for it since the board was framed (0: its lines and
        #: ``room`` now): lines that come within it find the corner they had.
        self.kept_height = 0
        self.kept = 0  # the height the last placing kept clear
        #: The board's outline on the scene, in the widget's pixels (None: not known).
        self.avoid: list[tuple[float, float]] | None = None
        #: What the last placing was asked and answered: placed again only when it changes
        #: (a redraw of an unchanged scene measures and moves nothing).
        self._placed: tuple[object, bool] | None = None
        self._box = (0, 0)  # the last placing's width and the height it kept clear
        parent.installEventFilter(self)  # follow the scene's size
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize and self.entries:
            self.place()
        return False

    def show_entries(self, entries: tuple[Entry, ...]) -> None:
        """Show these entries (nothing is rebuilt while they stay the same)."""
        if entries == self.entries:
            return
        self.entries = entries
        self.hide()  # new lines of a shown widget show only later: show them all together
        while self._grid.count():
            item = self._grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # gone at once; deleted when the event loop next runs
                widget.deleteLater()
        if not entries:
            return
        heading = _("On the board")
        title = QLabel(f"<b>{heading}</b>")
        self._grid.addWidget(title, 0, 0, 1, 2)
        for row, entry in enumerate(entries, start=1):
            picture = QLabel()
            picture.setPixmap(swatch(entry))
            picture.setAlignment(Qt.AlignmentFlag.AlignTop)
            words = QLabel(shown(entry.text))  # (the lab's words, in the window's language)
            words.setWordWrap(True)
            words.setObjectName(f"legend-{entry.kind}-{entry.style}")
            self._grid.addWidget(picture, row, 0)
            self._grid.addWidget(words, row, 1)
        self._grid.setColumnStretch(1, 1)
        self.show()
        self.raise_()
        self.place()

    def texts(self) -> list[str]:
        """The legend's lines, in order."""
        return [e.text for e in self.entries]

    def place(self, avoid: Sequence[tuple[float, float]] | np.ndarray | None = None) -> bool:
        """Stand in a corner of the scene, as tall as the lines need: the top left one,
        else the first of the others (top right, bottom left, bottom right) clear of
        ``avoid``, the board's outline on the scene (its corners in the widget's pixels:
        the legend never covers a playable square where a corner has room; the last
        outline given is kept for the next placing). False where no corner is clear."""
        if avoid is not None:
            self.avoid = _hull(avoid)
        parent = self.parentWidget()
        if parent is None:
            return True
        size = (parent.width(), parent.height(), self.maximumWidth(), self.room, self.kept_height)
        asked = (self.avoid, size, self.entries)
        if self._placed is not None and self._placed[0] == asked and self.isVisible():
            return self._placed[1]
        clear = self._place(parent)
        self._placed = (asked, clear)
        return clear

    def _place(self, parent: QWidget) -> bool:
        width = min(self.maximumWidth(), max(230, parent.width() * 3 // 10))
        width = max(0, min(width, parent.width() - 2 * self.MARGIN))
        layout = self._grid
        layout.invalidate()  # the lines just changed: measure them afresh
        if layout.hasHeightForWidth():
            height = layout.totalHeightForWidth(width)
        else:
            height = layout.totalSizeHint().height()
        room = max(0, parent.height() - 2 * self.MARGIN)
        height = min(height, room)
        more = self.room * (self.fontMetrics().lineSpacing() + 6)
        kept = min(room, max(height, self.kept_height or height + more))
        self.kept = kept
        bottom = parent.height() - self.MARGIN - kept  # (the lines to come kept clear above)
        self._box = (width, kept)
        x, y, clear = self._corner(self.avoid)
        if y == bottom:  # in a bottom corner: the lines to come push it up
            y += kept - height
        self.setGeometry(x, y, width, height)
        return clear

    def clear_of(self, hull: Sequence[tuple[float, float]]) -> bool:
        """Whether a corner of the scene is clear of ``hull`` (a board's outline, convex,
        in the widget's pixels) for the legend as the last placing measured it: where a
        board slid on the scene would leave it room (nothing is measured or moved)."""
        return self._corner(list(hull))[2]

    def _corner(self, hull: list[tuple[float, float]] | None) -> tuple[int, int, bool]:
        """The legend's corner (its top left) clear of ``hull``, the first of the top
        left, top right, bottom left, bottom right: (x, y, True); the top left, False,
        where none is clear."""
        parent = self.parentWidget()
        width, kept = self._box
        margin = self.MARGIN
        right = (parent.width() if parent is not None else width) - margin - width
        bottom = (parent.height() if parent is not None else kept) - margin - kept
        corners = [(margin, margin), (right, margin), (margin, bottom), (right, bottom)]
        if hull is None or len(hull) < 3:
            return margin, margin, True
        outline = QPolygonF([QPointF(px, py) for px, py in hull])
        for cx, cy in corners:
            if not outline.intersects(QPolygonF(QRectF(cx - 2, cy - 2, width + 4, kept + 4))):
                return cx, cy, True
        return margin, margin, False


def _hull(points: Sequence[tuple[float, float]] | np.ndarray) -> list[tuple[float, float]]:
    """The convex hull of ``points``, counter-clockwise (Andrew's monotone chain), from
    its lowest-leftmost point. The points strictly inside the polygon of the extreme
    points (least and most x, y, x + y and x - y) are dropped first, at numpy's speed: no
    such point is a corner of the hull, and a board's outline has thousands of points
    (each cell's corners), a few dozen of them outside."""
    array = np.asarray(points, dtype=float).reshape(-1, 2)
    if not len(array):
        return []
    if len(array) > 8:
        array = array[~_inside_the_extremes(array)]
    array = np.unique(array, axis=0)  # sorted by x, then y: the chain's order
    return _chain([(float(x), float(y)) for x, y in array.tolist()])


def _chain(ordered: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Andrew's monotone chain over distinct points sorted by x, then y: their convex
    hull, counter-clockwise from the first."""
    if len(ordered) < 3:
        return ordered

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    upper: list[tuple[float, float]] = []
    for point in ordered:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], point) <= 0:
            lower.pop()
        lower.append(point)
    for point in reversed(ordered):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], point) <= 0:
            upper.pop()
        upper.append(point)
    return lower[:-1] + upper[:-1]


def _inside_the_extremes(array: np.ndarray) -> np.ndarray:
    """Which of ``array``'s points lie strictly inside the convex polygon of its extreme
    points in eight directions (none where that polygon is flat)."""
    x, y = array[:, 0], array[:, 1]
    extremes = np.unique(
        array[[f(v) for v in (x, y, x + y, x - y) for f in (np.argmin, np.argmax)]], axis=0
    )
    inside = np.zeros(len(array), dtype=bool)
    if len(extremes) < 3:
        return inside
    centre = extremes.mean(axis=0)
    angles = np.arctan2(extremes[:, 1] - centre[1], extremes[:, 0] - centre[0])
    polygon = extremes[np.argsort(angles)]  # counter-clockwise: each is a corner of the hull
    inside[:] = True
    for a, b in zip(polygon, np.roll(polygon, -1, axis=0), strict=True):
        edge = b - a
        inside &= edge[0] * (y - a[1]) - edge[1] * (x - a[0]) > 1e-9 * max(1.0, abs(edge).max())
    return inside
