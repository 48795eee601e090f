"""The scene's camera framing and the legend's room (:mod:`viewer.desktop.scene`): a camera
preset frames the board, stepping back until a corner of the scene is clear of it for the
legend; while the camera stays as the preset left it (the user has not turned or zoomed
it), the scene may frame the board again (a new size, new legend lines); after each
render the legend goes to the corner clear of the board as drawn. Where the board stands
on the scene (:class:`BoardOutline`): the corners of each site's cell and of each of the
board's own labels, in the widget's pixels, which the legend keeps clear of."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from pyvistaqt import QtInteractor

from ..boards import BoardView
from ..lab.legend_entries import Entry
from ..lab.view_state import BoardGeometry
from ..widgets.legend import Legend

#: A framed board steps back by this zoom, up to ZOOM_STEPS times, until a corner of the
#: scene is clear of it for the legend.
ZOOM_STEP, ZOOM_STEPS = 0.9, 8
#: Before each step back, the board may slide on the scene, to one of SLIDES x SLIDES
#: places that keep it whole on the scene (the nearest that leaves a corner clear).
SLIDES = 13


class Framing:
    """The camera preset last framed for ``plotter``'s board (``board()``: the board view
    now) and the legend placed clear of the board."""

    def __init__(
        self, plotter: QtInteractor, legend: Legend, board: Callable[[], BoardView]
    ) -> None:
        self.plotter, self.legend, self._board = plotter, legend, board
        self.outline = BoardOutline(plotter)
        # The camera preset last framed for the scene's size, and the camera it left: while
        # the camera is so, the board is framed again when the scene's size changes.
        self.framed: tuple[str, tuple[float, ...]] | None = None
        # after each render, the legend in the corner clear of the board as it was drawn
        # (the camera and the window's size are the render's)
        self._outline = b""  # the outline last placed by, rounded to pixels
        self.fitted: tuple[Entry, ...] = ()  # the legend's lines the framing made room for
        # how far the last fit moved the board (zoom steps, one more where it slid it
        # too), for lines how tall: a legend grown shorter gets the board back at its size
        # (a hint's seven lines left it at half its size for the rest of the game), but
        # only with the next position on show (``fresh``, :meth:`new_position`): within
        # one position the board stays put (a hint's wait between the selection's lines
        # and the answer's moved it back and forth three times in two seconds)
        self.stepped, self._fitted_height = 0, 0
        self.fresh = False
        # what the last framing by a preset was for (the scene's size, the legend's lines):
        # the same framing again would leave the camera as it is
        self._framed_for: tuple[object, ...] | None = None

    def state(self) -> tuple[float, ...]:
        """The camera now: position, focal point, view up, angle, scale, projection."""
        camera = self.plotter.renderer.GetActiveCamera()
        return (
            *camera.GetPosition(),
            *camera.GetFocalPoint(),
            *camera.GetViewUp(),
            camera.GetViewAngle(),
            camera.GetParallelScale(),
            float(camera.GetParallelProjection()),
        )

    def framed_as(self, name: str) -> None:
        self.framed = (name, self.state())
        self._framed_for = None  # (framed by the board view: for a size not known here)

    def _framing_for(self) -> tuple[object, ...]:
        plotter = self.plotter
        size = (*plotter.renderer.GetSize(), plotter.width(), plotter.height())
        return (size, self.legend.entries, self.legend.room)

    def framed_for_now(self) -> bool:
        """Whether the camera is as a preset's framing left it for the scene's size and the
        legend's lines as they are now (framing it again would change nothing)."""
        return self.wanted() and self._framed_for == self._framing_for()

    def wanted(self) -> bool:
        """Whether the camera is as the last framing left it (the user has not moved it)."""
        return self.framed is not None and self.framed[1] == self.state()

    def preset(self) -> str | None:
        """The camera preset last framed, while the user has not turned or zoomed it since."""
        return self.framed[0] if self.framed is not None and self.wanted() else None

    def frame(self, name: str) -> None:
        """Camera preset ``name`` frames the board, with room for the legend's lines."""
        self._board().set_view(name)
        if self.legend.entries:
            self._fit_legend(name)
        else:
            self.fitted, self.stepped = (), 0
            self.framed_as(name)
            self._framed_for = self._framing_for()

    def new_position(self) -> None:
        """Another position is on show (a move, undo or redo, a game, a file, a lesson's
        step): the next legend placed may frame the board again at a larger size where
        it had stepped back (or slid) for taller lines."""
        self.fresh = True

    def place_legend(self) -> None:
        """The legend in a corner clear of the board, as the camera shows it now; while
        the camera is a preset's framing (the user has not turned or zoomed it), and the
        legend's new lines find no corner clear of the board, the preset frames the board
        again, stepping back as far as a corner clear of it needs. New lines that find
        room leave the camera still (a line that a planned track adds or takes away while
        a turn is programmed moved the board each time), unless the board stepped back for
        taller lines than these and another position is on show (:meth:`new_position`):
        then it is framed again, as near as these lines allow (a legend gone, or shorter,
        gives the board its size back with the next position, not within this one)."""
        fresh, self.fresh = self.fresh, False
        framed = self.framed is not None and self.wanted()
        if not self.legend.entries:
            if fresh and framed and self.framed is not None and self.stepped:
                self.frame(self.framed[0])  # no legend: the preset's own framing
            return
        clear = self.legend.place(self.outline.of(self._board()))
        if not framed or self.framed is None:
            return
        shorter = fresh and self.stepped and self.legend.height() < self._fitted_height
        if self.legend.entries != self.fitted or shorter:
            if clear and not shorter:  # the new lines have room where the camera is: still
                self.fitted = self.legend.entries
            else:
                self._fit_legend(self.framed[0], again=True)

    def _fit_legend(self, name: str, *, again: bool = False) -> None:
        """With the camera just framed by preset ``name`` (``again``: framed again now),
        the board steps back (up to :data:`ZOOM_STEPS` times) until a corner of the scene
        is clear of it for the legend."""
        board = self._board()
        if again:
            board.set_view(name)
        self.fitted = self.legend.entries
        self.legend.kept_height = 0  # its lines and the room for more, measured afresh
        camera = self.plotter.renderer.GetActiveCamera()
        for step in range(ZOOM_STEPS + 1):
            self.stepped = step
            if self.legend.place(self.outline.of(board)) or step == ZOOM_STEPS:
                break
            if self._slide(board):  # slid away from the legend's corner: no smaller
                self.stepped = step + 1
                break
            camera.Zoom(ZOOM_STEP)
        self._fitted_height = self.legend.height()
        self.legend.kept_height = self.legend.kept  # kept for the lines to come
        self.framed_as(name)
        self._framed_for = self._framing_for()

    def _slide(self, board: BoardView) -> bool:
        """The board slid on the scene (the camera panned) as little as a corner clear of
        it for the legend needs, the whole board kept on the scene (a 2-player map's
        stacks grown tall in round 6 found no room but at the map's smallest size, a
        third of the scene, with room to spare on its other side): whether it found one."""
        hull = self.legend.avoid
        if hull is None or len(hull) < 3:
            return False
        xs, ys = np.array(hull).T
        margin = self.legend.MARGIN
        width, height = self.plotter.width(), self.plotter.height()
        lows = (margin - xs.min(), margin - ys.min())
        highs = (width - margin - xs.max(), height - margin - ys.max())
        if lows[0] > highs[0] or lows[1] > highs[1]:  # the board fills the scene one way
            return False
        grid = [np.linspace(low, high, SLIDES) for low, high in zip(lows, highs, strict=True)]
        shifts = sorted(((x, y) for x in grid[0] for y in grid[1]), key=lambda s: np.hypot(*s))
        camera = self.plotter.renderer.GetActiveCamera()
        kept = (camera.GetPosition(), camera.GetFocalPoint())
        for dx, dy in shifts:
            if not self.legend.clear_of([(x + dx, y + dy) for x, y in hull]):
                continue
            self._pan(dx, dy)  # (the scene's perspective: the outline as drawn decides)
            if self.legend.place(self.outline.of(board)):
                return True
            camera.SetPosition(*kept[0])
            camera.SetFocalPoint(*kept[1])
        self.legend.place(self.outline.of(board))
        return False

    def _pan(self, dx: float, dy: float) -> None:
        """The camera panned so that what stands at its focal point moves ``dx``, ``dy``
        pixels on the scene (right, down)."""
        camera = self.plotter.renderer.GetActiveCamera()
        focal, position = np.array(camera.GetFocalPoint()), np.array(camera.GetPosition())
        ahead = focal - position
        distance = float(np.linalg.norm(ahead))
        right = np.cross(ahead, camera.GetViewUp())
        right /= np.linalg.norm(right)
        up = np.cross(right, ahead / distance)
        if camera.GetParallelProjection():
            seen = 2 * camera.GetParallelScale()
        else:
            seen = 2 * distance * np.tan(np.radians(camera.GetViewAngle()) / 2)
        move = (up * dy - right * dx) * seen / max(1, self.plotter.height())
        camera.SetFocalPoint(*(focal + move))
        camera.SetPosition(*(position + move))

    def rendered(self) -> bool:
        """After a render: the legend placed again where the camera or the size changed;
        whether it was (the picture just made then shows it where it was)."""
        if not self.legend.entries:
            return False
        outline = self.outline.of(self._board())
        rounded = np.rint(outline).astype(np.int64).tobytes()
        if rounded == self._outline:
            return False
        self._outline = rounded  # the camera or the size changed: placed again
        self.legend.place(outline)
        return True


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
