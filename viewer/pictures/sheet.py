"""An export's print sheet of floor plans (:mod:`viewer.pictures.export`, ``.pdf``, drawn
with Qt's QPdfWriter): one small 2D diagram per level of the board, the pieces as coloured
discs with their coordinates; as many A4 pages as the levels need. Levels and positions
come from the board geometry (``centres``, ``levels``), pieces from the game UI's frame."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from pyramid_lab.i18n import _, ngettext, shown
from pyramid_lab.model.game import Game
from pyramid_lab.model.words import colour

from ..lab import palette
from ..lab.option_words import options_words

if TYPE_CHECKING:
    from ..lab.frame import Frame
    from .render import ExportOptions

PAGE_MARGIN = 40.0  # points (1/72 inch) round an A4 page
CELL_GAP = 14.0


@dataclass
class LevelPlan:
    """One level of the board as the sheet draws it: its sites and where they lie."""

    level: int
    sites: np.ndarray  # site ids
    xy: np.ndarray  # (n, 2) plan positions (board units)


def level_plans(geometry: Any, levels: tuple[int, int] | None = None) -> list[LevelPlan]:
    """The board's levels from its geometry (``centres``, ``levels``), lowest first, those
    in ``levels`` (lo, hi) only when given."""
    all_levels = np.asarray(geometry.levels)
    centres = np.asarray(geometry.centres, dtype=float)
    plans = []
    for level in sorted({int(v) for v in all_levels}):
        if levels is not None and not levels[0] <= level <= levels[1]:
            continue
        sites = np.flatnonzero(all_levels == level)
        plans.append(LevelPlan(level, sites, centres[sites, :2]))
    return plans


def _spacing(plans: list[LevelPlan]) -> float:
    """The distance between neighbouring sites (1 on every board so far)."""
    steps = []
    for plan in plans:
        for axis in (0, 1):
            values = np.unique(np.round(plan.xy[:, axis], 6))
            if len(values) > 1:
                steps.append(float(np.diff(values).min()))
    return min(steps) if steps else 1.0


def _cell_name(names: list[str]) -> str:
    """What the names of the sites sharing one spot have in common ("d4 large", "d4
    small" -> "d4"), else the first name."""
    words = [name.split() for name in names]
    common = []
    for column in zip(*words, strict=False):
        if len(set(column)) > 1:
            break
        common.append(column[0])
    return " ".join(common) or names[0]


def floor_plan_sheet(game: Game, options: ExportOptions, *, frame: Frame | None = None) -> bytes:
    """A PDF of floor plans for print: one diagram per level of the board (seen from
    above, the pieces as coloured discs with their coordinates), with the title, the
    game and the side to move; as many A4 pages as the levels need."""
    from ..games import ui_class

    ui = ui_class(game)()
    ui.set_overlays(options.render.overlays)
    geometry = ui.geometry(game)
    if frame is None:
        frame = ui.frame(game, ui.turn(game))
    plans = level_plans(geometry, options.render.levels)
    if not plans:
        raise ValueError("no level of the board is in the level range")
    colours: dict[int, tuple[int, int, int]] = {}
    for site, style in frame.pieces.items():
        rgb = palette.piece_rgb(style) if frame.piece_rgb is None else frame.piece_rgb[site]
        colours[int(site)] = (int(rgb[0]), int(rgb[1]), int(rgb[2]))
    sheet = _Sheet(
        title=options.title or game.title,
        lines=[_game_line(game), _status_line(game, ui.status(game))],
        legend=[
            (
                colour,
                palette.piece_rgb(colour),
                sum(1 for s in frame.pieces.values() if s == colour),
            )
            for colour in game.players
        ],
        colours=colours,
        pieces=frame.pieces,
        site_name=ui.site_name,
    )
    return sheet.draw(plans)


def _game_line(game: Game) -> str:
    """The game and its options in words: "Pyramid Partition (Base size: 5, Version:
    floating)", in the language spoken."""
    options = shown(options_words(game))
    return (
        _("{title} ({options})").format(title=game.title, options=options)
        if options
        else game.title
    )


def _status_line(game: Game, status: str) -> str:
    """Who is to move or how the game ended (``status``, said), and after how many moves."""
    said = shown(status)
    said = said[:1].upper() + said[1:]
    count = len(game.move_stack)
    if not count:
        return said
    return ngettext("{status}, after {count} move", "{status}, after {count} moves", count).format(
        status=said, count=count
    )


#: An A4 page in points, and the heights of its parts.
PAGE_W, PAGE_H = 595.0, 842.0
HEADER_H, FOOTER_H, HEADING_H = 86.0, 20.0, 30.0


@dataclass(frozen=True)
class _Grid:
    """Where the levels go: cells ``cell_w`` by ``cell_h`` points, ``columns`` a row and
    ``per_page`` a page; the board drawn at ``scale`` points a step of ``spacing`` board
    units, each place a disc of ``radius``."""

    width: float
    columns: int
    cell_w: float
    cell_h: float
    per_page: int
    spacing: float
    scale: float
    radius: float


def _grid(plans: list[LevelPlan]) -> _Grid:
    width = PAGE_W - 2 * PAGE_MARGIN
    columns = 1 if len(plans) == 1 else 2 if len(plans) <= 4 else 3
    cell_w = (width - (columns - 1) * CELL_GAP) / columns
    cell_h = cell_w + HEADING_H
    rows = max(
        1,
        int((PAGE_H - 2 * PAGE_MARGIN - HEADER_H - FOOTER_H + CELL_GAP) // (cell_h + CELL_GAP)),
    )
    spacing = _spacing(plans)
    extent = (
        max(float(np.ptp(plan.xy, axis=0).max()) if len(plan.xy) > 1 else 0.0 for plan in plans)
        / spacing
    )
    scale = min(cell_w - 8, cell_h - HEADING_H - 8) / (extent + 1.0)  # points per step
    return _Grid(width, columns, cell_w, cell_h, rows * columns, spacing, scale, 0.44 * scale)


@dataclass
class _Sheet:
    title: str
    lines: list[str]
    legend: list[tuple[str, tuple[int, int, int], int]]
    colours: dict[int, tuple[int, int, int]]  # each piece's, by site
    pieces: Mapping[int, str]  # site -> colour name
    site_name: Callable[[int], str]

    def draw(self, plans: list[LevelPlan]) -> bytes:
        from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF
        from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter

        gui_application()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        writer = QPdfWriter(buffer)
        writer.setResolution(72)  # painter units are points
        writer.setPageLayout(
            QPageLayout(
                QPageSize(QPageSize.PageSizeId.A4),
                QPageLayout.Orientation.Portrait,
                QMarginsF(0, 0, 0, 0),
            )
        )
        writer.setTitle(self.title)
        writer.setCreator("Pyramid Lab")
        grid = _grid(plans)
        pages = [plans[i : i + grid.per_page] for i in range(0, len(plans), grid.per_page)]
        painter = QPainter()
        if not painter.begin(writer):
            raise OSError("Qt could not start the PDF")
        try:
            for number, page in enumerate(pages):
                if number:
                    writer.newPage()
                self._page(painter, grid, page, number, len(pages))
        finally:
            painter.end()
        buffer.close()
        return bytes(data.data())

    def _page(
        self, painter: Any, grid: _Grid, page: list[LevelPlan], number: int, pages: int
    ) -> None:
        from PySide6.QtCore import QPointF, QRectF
        from PySide6.QtGui import QColor, QFont

        self._header(painter, number, pages, grid.width)
        top = PAGE_MARGIN + HEADER_H
        for index, plan in enumerate(page):
            row, column = divmod(index, grid.columns)
            cell = QRectF(
                PAGE_MARGIN + column * (grid.cell_w + CELL_GAP),
                top + row * (grid.cell_h + CELL_GAP),
                grid.cell_w,
                grid.cell_h,
            )
            self._level(painter, cell, plan, grid)
        painter.setPen(QColor(120, 120, 120))
        painter.setFont(_font(QFont, 7))
        painter.drawText(
            QPointF(PAGE_MARGIN, PAGE_H - PAGE_MARGIN + 4),
            _("Pyramid Lab - floor plans, seen from above - page {number} of {pages}").format(
                number=number + 1, pages=pages
            ),
        )

    def _header(self, painter: Any, number: int, pages: int, width: float) -> None:
        from PySide6.QtCore import QPointF, QRectF, Qt
        from PySide6.QtGui import QColor, QFont, QPen

        y = PAGE_MARGIN
        painter.setPen(QColor(20, 20, 20))
        painter.setFont(_font(QFont, 16, bold=True))
        title = self.title if not number else _("{title} (continued)").format(title=self.title)
        painter.drawText(QRectF(PAGE_MARGIN, y, width, 22), Qt.AlignmentFlag.AlignLeft, title)
        y += 24
        painter.setFont(_font(QFont, 10))
        for line in self.lines:
            painter.drawText(QRectF(PAGE_MARGIN, y, width, 14), Qt.AlignmentFlag.AlignLeft, line)
            y += 15
        x = PAGE_MARGIN
        for name, rgb, count in self.legend:
            painter.setPen(QPen(QColor(60, 60, 60), 0.6))
            painter.setBrush(QColor(*rgb))
            painter.drawEllipse(QPointF(x + 5, y + 7), 5, 5)
            painter.setPen(QColor(20, 20, 20))
            text = _("{colour}: {count}").format(colour=shown(colour(name)), count=count)
            painter.drawText(QPointF(x + 14, y + 11), text)
            x += 24 + painter.fontMetrics().horizontalAdvance(text)
        painter.setPen(QPen(QColor(180, 180, 180), 0.5))
        painter.drawLine(QPointF(PAGE_MARGIN, y + 20), QPointF(PAGE_MARGIN + width, y + 20))

    def _level(self, painter: Any, cell: Any, plan: LevelPlan, grid: _Grid) -> None:
        """One level's cell: its heading, then each place as a disc, its pieces nested."""
        from PySide6.QtCore import QPointF, QRectF, Qt
        from PySide6.QtGui import QColor, QFont, QPen

        counts: dict[str, int] = {}
        for site in (int(s) for s in plan.sites if int(s) in self.colours):
            counts[self.pieces[site]] = counts.get(self.pieces[site], 0) + 1
        painter.setPen(QColor(20, 20, 20))
        painter.setFont(_font(QFont, 11, bold=True))
        painter.drawText(
            QRectF(cell.left(), cell.top(), cell.width(), 15),
            Qt.AlignmentFlag.AlignLeft,
            _("Level {level}").format(level=plan.level),
        )
        painter.setFont(_font(QFont, 8))
        spots = _spots(plan, grid.spacing)
        what = ", ".join(
            _("{count} {colour}").format(count=n, colour=shown(colour(c)))
            for c, n in sorted(counts.items())
        )
        painter.drawText(
            QRectF(cell.left(), cell.top() + 15, cell.width(), 12),
            Qt.AlignmentFlag.AlignLeft,
            ngettext("{count} place: {pieces}", "{count} places: {pieces}", len(spots)).format(
                count=len(spots), pieces=what or _("no pieces")
            ),
        )
        area = QRectF(cell.left(), cell.top() + HEADING_H, cell.width(), cell.height() - HEADING_H)
        painter.setPen(QPen(QColor(215, 215, 215), 0.5))
        painter.setBrush(QColor(250, 250, 248))
        painter.drawRect(area)
        middle = (plan.xy.min(axis=0) + plan.xy.max(axis=0)) / 2 / grid.spacing
        for (x, y), sites in spots.items():
            centre = QPointF(
                area.center().x() + (x - middle[0]) * grid.scale,
                area.center().y() - (y - middle[1]) * grid.scale,  # the plan's y axis points up
            )
            self._spot(painter, centre, sites, grid.radius)

    def _spot(self, painter: Any, centre: Any, sites: list[int], radius: float) -> None:
        """One place: an empty disc, the pieces on it nested, and its name if it fits."""
        from PySide6.QtCore import QRectF, Qt
        from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPen

        painter.setPen(QPen(QColor(170, 170, 170), 0.6))
        painter.setBrush(QColor(255, 255, 255))
        painter.drawEllipse(centre, radius, radius)
        top_rgb = None
        # Sites sharing a spot (pieces of several sizes on one square) nest, biggest
        # (first) outermost.
        for rank, site in enumerate(sites):
            rgb = self.colours.get(site)
            if rgb is None:
                continue
            r = radius * (1.0 - 0.5 * rank / max(1, len(sites) - 1))
            painter.setPen(QPen(QColor(40, 40, 40), 0.7))
            painter.setBrush(QColor(*rgb))
            painter.drawEllipse(centre, r, r)
            top_rgb = rgb
        name = _cell_name([self.site_name(s) for s in sites])
        size = _fitting_size(QFont, QFontMetricsF, name, 1.75 * radius, 0.7 * radius)
        if size is None:
            return
        if top_rgb is None:
            painter.setPen(QColor(150, 150, 150))
        else:
            light = 0.299 * top_rgb[0] + 0.587 * top_rgb[1] + 0.114 * top_rgb[2]
            painter.setPen(QColor(20, 20, 20) if light > 150 else QColor(255, 255, 255))
        painter.setFont(_font(QFont, size, bold=top_rgb is not None))
        box = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, name)


def _spots(plan: LevelPlan, spacing: float) -> dict[tuple[float, float], list[int]]:
    """The level's sites by plan position (in steps); sites sharing a spot in id order."""
    spots: dict[tuple[float, float], list[int]] = {}
    for site, (x, y) in zip(plan.sites, plan.xy, strict=True):
        key = (round(float(x) / spacing, 4), round(float(y) / spacing, 4))
        spots.setdefault(key, []).append(int(site))
    return spots


#: The sheet's typeface: the first of these the machine has (each has a bold face; a
#: font without one gets a synthetic bold, drawn twice).
SHEET_FONTS = ["Helvetica", "Arial", "Nimbus Sans", "Liberation Sans", "DejaVu Sans"]


def _font(font_class: Any, size: float, *, bold: bool = False) -> Any:
    font = font_class()
    font.setFamilies(SHEET_FONTS)
    font.setStyleHint(font_class.StyleHint.SansSerif)
    font.setPointSizeF(size)
    font.setBold(bold)
    return font


MIN_LABEL_POINTS = 3.0


def _fitting_size(
    font_class: Any, metrics_class: Any, text: str, width: float, largest: float
) -> float | None:
    """The largest font size (at most ``largest`` points) whose ``text`` fits ``width``;
    None when even the smallest legible one does not."""
    size = min(largest, 9.0)
    while size >= MIN_LABEL_POINTS:
        if metrics_class(_font(font_class, size, bold=True)).horizontalAdvance(text) <= width:
            return size
        size *= 0.85
    return None


def gui_application() -> Any:
    """Qt's application object, which fonts need; made for the command line when there is
    none (on the offscreen platform when there is no display)."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QApplication(["pyramid-lab"])
    return app
