"""Where the board stands on the scene (:mod:`viewer.desktop.framing`): the corners of each
site's cell and of each of the board's own labels, in the widget's pixels, which the legend
keeps clear of."""

from __future__ import annotations

import numpy as np
from pyvistaqt import QtInteractor

from ..boards import BoardView
from ..lab.view_state import BoardGeometry

#: A board label's text (14 points) in display pixels: a character's width, a line's height.
LABEL_CHAR, LABEL_LINE = 9, 17
#: A site's cell round its centre, over half the spacing of the sites (a hex's corners).
CELL_OVER = 1.16


class BoardOutline:
    """The board's outline on ``plotter``'s scene (its sites' corners kept per geometry)."""

    def __init__(self, plotter: QtInteractor) -> None:
        self.plotter = plotter
        self._box: tuple[BoardGeometry, np.ndarray] | None = None  # (geometry, its corners)

    def of(self, board: BoardView) -> np.ndarray:
        """The corners of each site's cell (half the least distance between sites round
        its centre, a little more: a hex's corners stand out of that circle) on the scene,
        in the widget's pixels: what the legend keeps clear of."""
        geometry = board.geometry
        if self._box is None or self._box[0] is not geometry:
            # the sites, and the cells of a flat board (a hex's stack stands off its centre)
            cells = getattr(board, "cell_centres", None)
            sites = np.asarray(geometry.centres, dtype=float)
            if cells is None:  # a pyramid: each ball's box, half the balls' spacing
                corners = site_corners(sites, spacing(sites))
            else:  # a flat board: each cell's box, half the cells' spacing, the stacks too
                where = np.vstack([sites, cells])
                corners = site_corners(where, spacing(np.asarray(cells, dtype=float)))
            self._box = (geometry, corners)
        outline = self._on_screen(self._box[1])
        if not len(outline):
            return outline
        return np.vstack([outline, self._label_boxes(board)])

    def _label_boxes(self, board: BoardView) -> np.ndarray:
        """The corners of a box round each of the board's own labels (its coordinates, a
        hex's name), on the scene in the widget's pixels: a label stands beside the board,
        and the legend must not cover it either."""
        labels = board.board_labels()  # (each board view draws its own)
        if not labels:
            return np.zeros((0, 2))
        at = self._on_screen(np.array([point for _, point in labels], dtype=float))
        if len(at) != len(labels):
            return np.zeros((0, 2))
        ratio = self.plotter.devicePixelRatioF() or 1.0
        lines = [text.split("\n") for text, _ in labels]
        half = (
            np.array(
                [(max(map(len, rows)) * LABEL_CHAR + 4, len(rows) * LABEL_LINE) for rows in lines],
                dtype=float,
            )
            / ratio
        )  # the text's extent either way round its point (its placing unknown)
        signs = np.array([(-1, -1), (-1, 1), (1, -1), (1, 1)], dtype=float)
        return (at[:, None, :] + signs[None] * half[:, None, :]).reshape(-1, 2)

    def _on_screen(self, corners: np.ndarray) -> np.ndarray:
        """World points on the scene, in the widget's pixels (none before it has a size)."""
        renderer = self.plotter.renderer
        width, height = renderer.GetSize()
        if width <= 0 or height <= 0 or not len(corners):
            return np.zeros((0, 2))
        matrix = renderer.GetActiveCamera().GetCompositeProjectionTransformMatrix(
            renderer.GetTiledAspectRatio(), -1, 1
        )
        m = np.array([[matrix.GetElement(i, j) for j in range(4)] for i in range(4)])
        clip = np.c_[corners, np.ones(len(corners))] @ m.T
        w = clip[:, 3:4]
        w[np.abs(w) < 1e-12] = 1e-12
        ndc = clip[:, :2] / w
        ratio = self.plotter.devicePixelRatioF() or 1.0
        xs = (ndc[:, 0] + 1) / 2 * width / ratio
        ys = self.plotter.height() - (ndc[:, 1] + 1) / 2 * height / ratio
        return np.column_stack([xs, ys])


def spacing(points: np.ndarray) -> float:
    """The least distance between two of ``points`` that stand apart on the board (not one
    over the other, as a stack's counters do); 1 when there are none."""
    points = np.unique(points, axis=0)
    sample = points[: min(len(points), 400)]  # (enough to find the board's spacing)
    gaps = np.linalg.norm(sample[:, None, :] - points[None, :, :], axis=2)
    flat = np.linalg.norm(sample[:, None, :2] - points[None, :, :2], axis=2)
    gaps[flat < 1e-6] = np.inf  # the same column: a stack
    least = float(gaps.min()) if gaps.size else np.inf
    return least if np.isfinite(least) else 1.0


def site_corners(centres: np.ndarray, step: float) -> np.ndarray:
    """The corners of a box round each of ``centres``, its half-width a little over half
    ``step`` (the spacing of the board's sites: a hex's corners stand out of that circle)."""
    points = np.unique(np.asarray(centres, dtype=float), axis=0)
    half = step / 2 * CELL_OVER
    signs = np.array([(x, y, z) for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], float)
    return (points[:, None, :] + half * signs[None, :, :]).reshape(-1, 3)
