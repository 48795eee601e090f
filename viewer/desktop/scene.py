"""The board in 3D: the board view drawn in the window's QtInteractor (a new one for another
kind or size of board), the legend over it, the axis clip planes and the free plane, picking
with the mouse, and the flash and fade of what a move removed.

The scene draws the frame it is handed and says where the mouse is; it knows no game, no
session and no window (``viewer.desktop.app`` wires it). Renders happen on demand; once closed it
renders nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
from PySide6.QtCore import QEvent, QObject, QTimer
from pyvistaqt import QtInteractor

from ..boards import BoardView, make_board_view
from ..lab.frame import Frame, Vanish
from ..lab.view_state import ViewField, ViewState
from ..widgets.clip_planes import ClipPlanes
from ..widgets.free_plane import FreePlane
from ..widgets.legend import Legend, legend_entries
from ..widgets.pointer import PointerFilter
from ..widgets.slots import slot
from .animation import Animation

#: A framed board steps back by this zoom, up to ZOOM_STEPS times, until a corner of the
#: scene is clear of it for the legend.
ZOOM_STEP, ZOOM_STEPS = 0.9, 8
#: A board label's text (14 points) in display pixels: a character's width, a line's height.
LABEL_CHAR, LABEL_LINE = 9, 17
#: A site's cell round its centre, over half the spacing of the sites (a hex's corners).
CELL_OVER = 1.16


class Scene:
    """The board view of kind ``kind`` on ``geometry`` in ``plotter``; ``click(site)`` gets
    a click on a site of the board, the hover goes to ``view``."""

    def __init__(
        self,
        plotter: QtInteractor,
        view: ViewState,
        kind: str,
        geometry: Any,
        click: Callable[[int], None],
        show_message: Callable[[str], None],
    ) -> None:
        self.plotter = plotter
        self.view = view
        self.show_message = show_message
        self.closed = False
        self.effect = Animation(plotter, 1.0, self._effect_step)  # what a move removed
        self.free_plane = FreePlane(plotter, view, show_message)
        self.clip_planes = ClipPlanes(plotter)  # the axis planes drawn in the scene
        self.legend = Legend(plotter)  # what the overlays drawn mean, over the scene
        self.geometry = geometry
        self.board: BoardView = make_board_view(kind, plotter, geometry)
        self.click = click
        self.pointer = PointerFilter(plotter, self._on_click, self._on_hover)
        self.pointer.left.connect(lambda: view.set_hover(None))  # no stale highlight
        view.changed.connect(self._on_view_changed)
        # The camera preset last framed for the scene's size, and the camera it left: while
        # the camera is so, the board is framed again when the scene's size changes.
        self._framed: tuple[str, tuple[float, ...]] | None = None
        self._box: tuple[Any, np.ndarray] | None = None  # (geometry, its sites' corners)
        # after each render, the legend in the corner clear of the board as it was drawn
        # (the camera and the window's size are the render's)
        self._outline = b""  # the outline last placed by, rounded to pixels
        self._fitted: tuple[Any, ...] = ()  # the legend's lines the framing made room for
        plotter.renderer.AddObserver("EndEvent", lambda *_args: self._rendered())
        self._reframe_due = False
        self._resized = ResizeWatch(plotter, self._on_resize)
        self._framed_as("iso")  # (the board view framed itself on making)

    def switch_board(self, kind: str, geometry: Any) -> None:
        """Another board (kind or size): a new board view; the planes of the last go."""
        self.board.close()
        self.free_plane.clear()
        self.clip_planes.reset()
        self.board = make_board_view(kind, self.plotter, geometry)
        self.geometry = geometry
        self._framed_as("iso")  # framed for the scene's size now: again once it has its own

    def show(
        self, frame: Frame, legend_words: Mapping[tuple[str, str], str], room: int = 0
    ) -> None:
        """Draw ``frame`` as the view state asks (levels, peel, clips), with its legend
        (``room``: lines it may gain, kept free beside the board)."""
        self.board.show(frame, self.view)
        if room != self.legend.room:  # another game's: the framing makes room again
            self.legend.room = room
            self.legend.kept_height = 0
            self._fitted = ()
        self.legend.show_entries(legend_entries(frame, legend_words))
        self.clip_planes.show(self.view, self.board.geometry.centres)
        self.place_legend()

    def place_legend(self) -> None:
        """The legend in a corner clear of the board, as the camera shows it now; while
        the camera is a preset's framing (the user has not turned or zoomed it), and the
        legend's new lines find no corner clear of the board, the preset frames the board
        again, stepping back as far as a corner clear of it needs. New lines that find
        room leave the camera still (a line that a planned track adds or takes away while
        a turn is programmed moved the board each time)."""
        if not self.legend.entries or self.closed:
            return
        framed = self._framed is not None and self.reframe_wanted()
        clear = self.legend.place(self.board_outline())
        if framed and self._framed is not None and self.legend.entries != self._fitted:
            if clear:  # the new lines have room where the camera is: it stays still
                self._fitted = self.legend.entries
            else:
                self._fit_legend(self._framed[0], again=True)

    def _fit_legend(self, name: str, *, again: bool = False) -> None:
        """With the camera just framed by preset ``name`` (``again``: framed again now),
        the board steps back (up to :data:`ZOOM_STEPS` times) until a corner of the scene
        is clear of it for the legend."""
        if again:
            self.board.set_view(name)
        self._fitted = self.legend.entries
        self.legend.kept_height = 0  # its lines and the room for more, measured afresh
        camera = self.plotter.renderer.GetActiveCamera()
        for step in range(ZOOM_STEPS + 1):
            if self.legend.place(self.board_outline()) or step == ZOOM_STEPS:
                break
            camera.Zoom(ZOOM_STEP)
        self.legend.kept_height = self.legend.kept  # kept for the lines to come
        self._framed_as(name)

    def _rendered(self) -> None:
        if not self.legend.entries or self.closed:
            return
        outline = self.board_outline()
        rounded = np.rint(outline).astype(np.int64).tobytes()
        if rounded != self._outline:  # the camera or the size changed: placed again
            self._outline = rounded
            self.legend.place(outline)

    def board_outline(self) -> np.ndarray:
        """The corners of each site's cell (half the least distance between sites round
        its centre, a little more: a hex's corners stand out of that circle) on the scene,
        in the widget's pixels: what the legend keeps clear of."""
        geometry = self.board.geometry
        if self._box is None or self._box[0] is not geometry:
            # the sites, and the cells of a flat board (a hex's stack stands off its centre)
            cells = getattr(self.board, "cell_centres", None)
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
        return np.vstack([outline, self._label_boxes()])

    def _label_boxes(self) -> np.ndarray:
        """The corners of a box round each of the board's own labels (its coordinates, a
        hex's name), on the scene in the widget's pixels: a label stands beside the board,
        and the legend must not cover it either."""
        labels = self.board.board_labels()  # (each board view draws its own)
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

    def render(self) -> None:
        """Draw at the widget's next paint. pyvistaqt renders the scene in every paint (it
        cannot tell what pyvista changed), and a finished render asks for a paint: a render
        here as well drew every change twice (half the software-GL time of a move). A
        hidden widget gets no paint: it renders now."""
        if self.closed:
            return
        if self.plotter.isVisible():
            self.plotter.update()  # QWidget.update: paints coalesce
        else:
            self.plotter.render()

    def render_now(self) -> None:
        """Draw now (what reads the picture or the labels' places next needs it drawn)."""
        if not self.closed:
            self.plotter.render()

    def set_camera(self, name: str) -> None:
        """A camera preset (:data:`viewer.lab.palette.VIEWS`) framing the board; it frames it
        again when the scene's size changes, until the user turns or zooms the camera."""
        self.board.set_view(name)
        if self.legend.entries:
            self._fit_legend(name)
        else:
            self._fitted = ()
            self._framed_as(name)
        self.render()

    def _camera_state(self) -> tuple[float, ...]:
        camera = self.plotter.renderer.GetActiveCamera()
        return (
            *camera.GetPosition(),
            *camera.GetFocalPoint(),
            *camera.GetViewUp(),
            camera.GetViewAngle(),
            camera.GetParallelScale(),
            float(camera.GetParallelProjection()),
        )

    def _framed_as(self, name: str) -> None:
        self._framed = (name, self._camera_state())

    def reframe_wanted(self) -> bool:
        """Whether the camera is as the last framing left it (the user has not moved it)."""
        return self._framed is not None and self._framed[1] == self._camera_state()

    def camera_preset(self) -> str | None:
        """The camera preset last framed, while the user has not turned or zoomed it since."""
        return self._framed[0] if self._framed is not None and self.reframe_wanted() else None

    def _on_resize(self) -> None:
        """The scene's size changed: frame the board for it, once the layout settles (the
        docks of a game switch, shown or hidden, resize the scene more than once)."""
        if not self._reframe_due:
            self._reframe_due = True
            QTimer.singleShot(0, self._resized, self._reframe)  # dropped with the widget

    @slot
    def _reframe(self) -> None:
        self._reframe_due = False
        plotter = self.plotter
        if self.closed or not plotter.isVisible() or plotter.width() <= 0 or plotter.height() <= 0:
            return
        if self._framed is not None and self.reframe_wanted():
            self.set_camera(self._framed[0])

    def frame_board(self) -> None:
        """The camera frames the board (once the window has its size)."""
        if not self.closed:
            self.set_camera("iso")

    @slot
    def toggle_free_plane(self, on: bool) -> None:
        """Show pyvista's plane widget; pieces on the side its normal points to are hidden."""
        self.free_plane.toggle(on, self.board.geometry.centres)
        self.render()

    @slot
    def _on_view_changed(self, _field: ViewField) -> None:
        if self.view.free_plane is None:
            self.free_plane.clear()  # the view was reset

    @slot
    def _on_click(self, x: float, y: float) -> None:
        """A click at display pixel (x, y), VTK's y axis upwards: on a site, or nothing."""
        site = self.board.pick(x, y)
        if site is not None:
            self.click(site)

    @slot
    def _on_hover(self, x: float, y: float) -> None:
        self.view.set_hover(self.board.pick(x, y))  # the window's redraw updates the text

    # ---- what a move removed --------------------------------------------------------------

    def play(self, vanishing: Sequence[Vanish]) -> None:
        """Pieces a move removed flash and fade out before they disappear."""
        seconds = self.board.play(vanishing)
        if seconds > 0:
            self.effect.seconds = seconds
            self.effect.start()

    @slot
    def _effect_step(self, t: float) -> None:
        self.board.advance(t)  # at 1 the removed pieces are gone
        self.render()

    def stop_effect(self) -> None:
        self.effect.stop()
        self.board.advance(1.0)

    def close(self) -> None:
        """Release the VTK window: nothing renders or reacts to the mouse after it."""
        self.closed = True
        self.pointer.enabled = False
        self.effect.stop()
        self.plotter.close()
        forget_gl_context(self.plotter)


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


class ResizeWatch(QObject):
    """Calls ``resized`` when ``widget`` gets a new size."""

    def __init__(self, widget: QObject, resized: Callable[[], None]) -> None:
        super().__init__(widget)
        self._resized = resized
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self._resized()
        return False


def forget_gl_context(plotter: QtInteractor) -> None:
    """Let the closed interactor drop its GL context and surface now, while they live.

    pyvistaqt keeps the context's surface, a ``QSurface`` (not a QObject, so PySide never
    learns when it is deleted), until the context says it is going; when the whole window
    is deleted that word never comes. The stale wrapper stays in shiboken's table and is
    handed back for the next C++ object made at the same address: a dock's toggle action
    came back as a ``QSurface`` (TypeError in ``QMenu.addAction``, one CI run in many).
    pyvistaqt's own clean-up, run here, makes the context current, finalizes and forgets.
    """
    cleanup = getattr(type(plotter), "_cleanup_context", None)  # private: guard its absence
    if callable(cleanup):
        cleanup(plotter)
