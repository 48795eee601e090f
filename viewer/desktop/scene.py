"""The board in 3D: the board view drawn in the window's QtInteractor (a new one for another
kind or size of board), the legend over it, the axis clip planes (:class:`ClipPlanes`: a
faint square on each enabled plane, spanning the board, with an outline, so a user sees
where the cut is) and the free plane (:class:`FreePlane`: pyvista's plane widget, dragged
by the user; pieces on the side its normal points to are hidden), picking with the mouse
(:class:`PointerFilter`: clicks told from camera drags, and hovering), and the flash and
fade of what a move removed.

The scene draws the frame it is handed and says where the mouse is; it knows no game, no
session and no window (``viewer.desktop.app`` wires it). Renders happen on demand; once closed it
renders nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import pyvista as pv
from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer, Signal
from pyvistaqt import QtInteractor

from ..boards import BoardView, make_board_view
from ..boards.base import padded_bounds
from ..boards.meshes import add_still_mesh, remove_actor
from ..lab import palette
from ..lab.frame import Frame, Vanish
from ..lab.legend_entries import legend_entries, with_hover
from ..lab.view_state import ViewField, ViewState
from ..widgets.legend import Legend
from ..widgets.slots import guarded, slot
from .animation import Animation
from .board_focus import BoardFocus
from .board_keys import BoardKeys
from .framing import Framing
from .scene_widget import SceneWidget


class Scene:
    """The board view of kind ``kind`` on ``geometry`` in ``plotter``; ``click(site)`` gets
    a click on a site of the board, the hover goes to ``view``; ``focus`` and ``keys``: the
    keyboard's point on the board and the keys that move it."""

    def __init__(
        self,
        plotter: SceneWidget,
        view: ViewState,
        kind: str,
        geometry: Any,
        click: Callable[[int], None],
        show_message: Callable[[str], None],
        focus: BoardFocus | None = None,
        keys: BoardKeys | None = None,
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
        #: The camera's framing by preset, and the legend's place clear of the board.
        self.framing = Framing(plotter, self.legend, lambda: self.board)
        plotter.renderer.AddObserver("EndEvent", lambda *_args: self._rendered())
        self._reframe_due = False
        self._resized = ResizeWatch(plotter, self._on_resize)
        self.framing.framed_as("iso")  # (the board view framed itself on making)
        #: the keyboard's point and the keys that move it (viewer.desktop.binding's)
        self.focus, self.keys = focus, keys

    def switch_board(self, kind: str, geometry: Any) -> None:
        """Another board (kind or size): a new board view; the planes of the last go."""
        self.board.close()
        self.free_plane.clear()
        self.clip_planes.reset()
        self.board = make_board_view(kind, self.plotter, geometry)
        self.geometry = geometry
        self.framing.framed_as("iso")  # framed for the scene's size now: again once it has its own

    def show(
        self, frame: Frame, legend_words: Mapping[tuple[str, str], str], room: int = 0
    ) -> None:
        """Draw ``frame`` as the view state asks (levels, peel, clips), with its legend
        (``room``: lines it may gain, kept free beside the board)."""
        self.board.show(frame, self.view)
        if room != self.legend.room:  # another game's: the framing makes room again
            self.legend.room = room
            self.legend.kept_height = 0
            self.framing.fitted = ()
        entries = legend_entries(frame, legend_words)
        self.legend.show_entries(with_hover(entries) if self.board.hover_ring else entries)
        self.clip_planes.show(self.view, self.board.geometry.centres)
        if not self.closed:
            self.framing.place_legend()

    def _rendered(self) -> None:
        if not self.closed and self.framing.rendered():
            self.plotter.redraw_due()  # (the legend moved after the picture was made)

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
        self.framing.frame(name)
        self.render()

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
        framed = self.framing.framed
        if framed is not None and self.framing.wanted() and not self.framing.framed_for_now():
            self.set_camera(framed[0])  # (not where it was framed for this size: the same)

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

    def aim(self, site: int) -> None:
        """The view's ray through ``site`` as a click there casts it (what the board view
        finds behind the site follows it): the keyboard's press of its point."""
        x, y = self.board.display_position(site)
        self.board.pick(x, y)

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


PLANE_OPACITY = 0.16
PAD = 0.7  # the square reaches this far beyond the outer pieces' centres


def plane_quads(view: ViewState, centres: np.ndarray) -> pv.PolyData:
    """One quad per enabled axis clip plane, across the box of ``centres`` (padded)."""
    lo, hi = centres.min(axis=0) - PAD, centres.max(axis=0) + PAD
    quads = []
    for clip in view.clips:
        if not clip.enabled:
            continue
        a = clip.axis
        u, v = [d for d in range(3) if d != a]
        corners = []
        for cu, cv in ((lo[u], lo[v]), (hi[u], lo[v]), (hi[u], hi[v]), (lo[u], hi[v])):
            p = np.zeros(3)
            p[a], p[u], p[v] = clip.value, cu, cv
            corners.append(p)
        quads.append(pv.PolyData(np.array(corners), faces=[4, 0, 1, 2, 3]))
    return pv.merge(quads) if quads else pv.PolyData()


class ClipPlanes:
    """The planes' actors in ``plotter``: a translucent fill and an outline, redrawn only
    when the planes or the board change."""

    def __init__(self, plotter: pv.BasePlotter) -> None:
        self.plotter = plotter
        self._key: tuple[Any, ...] | None = None
        self._actors: list[Any] = []

    def show(self, view: ViewState, centres: np.ndarray) -> None:
        key = (tuple(view.clips), centres.shape, float(centres.sum()))
        if key == self._key:
            return
        self._key = key
        self.clear()
        mesh = plane_quads(view, centres)
        if mesh.n_points == 0:
            return
        rgb = palette.CLIP_PLANE_RGB
        fill = add_still_mesh(self.plotter, mesh, color=rgb, opacity=PLANE_OPACITY)
        fill.GetProperty().BackfaceCullingOff()
        edges = add_still_mesh(self.plotter, mesh.extract_feature_edges(), color=rgb, line_width=2)
        self._actors = [fill, edges]

    def clear(self) -> None:
        for actor in self._actors:
            remove_actor(self.plotter, actor)
        self._actors = []

    def reset(self) -> None:
        """The board changed: draw again at the next show."""
        self.clear()
        self._key = None


NORMAL = (-1.0, -1.0, 0.0)  # towards the default camera: the cut face shows


class FreePlane:
    """pyvista's plane widget in the scene, dragged by the user; pieces on the side its
    normal points to are hidden (through the view state)."""

    def __init__(
        self, plotter: pv.BasePlotter, view: ViewState, report: Callable[[str], None]
    ) -> None:
        self.plotter = plotter
        self.view = view
        self.report = report
        self.widget: Any = None

    def toggle(self, on: bool, centres: np.ndarray) -> None:
        if on and self.widget is None:
            centre = tuple(centres.mean(axis=0))
            # (through the widgets part: the plotter's own forwarder reads, to a type
            # checker, as an unbound method; see viewer/boards/meshes.py)
            self.widget = self.plotter.widgets.add_plane_widget(
                self._on_moved,
                normal=(1.0, 1.0, 0.0),
                origin=centre,
                bounds=padded_bounds(centres),
                implicit=True,
                outline_translation=False,
                interaction_event="end",
                pass_widget=False,
            )
            self.view.set_free_plane(NORMAL, centre)
        elif not on and self.widget is not None:
            self.clear()
            self.view.set_free_plane(None)

    def clear(self) -> None:
        """Take the widget out of the scene (the view state is left as it is)."""
        if self.widget is not None:
            self.plotter.widgets.clear_plane_widgets()
            self.widget = None

    def _on_moved(self, normal: Any, origin: Any) -> None:
        guarded(
            lambda: self.view.set_free_plane(tuple(normal), tuple(origin)),
            self.report,
            "plane widget",
        )


CLICK_SLOP = 4  # pixels a press may move and still count as a click, not a drag


class PointerFilter(QObject):
    """Calls ``click(x, y)`` for a left click and ``hover(x, y)`` for a move with no button,
    in VTK display pixels (y upwards, device pixels); ``left`` fires when the pointer
    leaves the widget. Qt sees every press and release (VTK does not), so the filter
    decides here and passes every event on to VTK, which turns the camera."""

    left = Signal()

    def __init__(
        self,
        widget: Any,
        click: Callable[[float, float], None],
        hover: Callable[[float, float], None],
    ) -> None:
        super().__init__(widget)
        self.widget = widget
        self.click = click
        self.hover = hover
        self.enabled = True
        self._press: QPoint | None = None
        widget.installEventFilter(self)

    def to_display(self, pos: QPoint) -> tuple[float, float]:
        """Qt widget coordinates to VTK display pixels (y upwards, device pixels)."""
        ratio = self.widget.devicePixelRatioF()
        return pos.x() * ratio, (self.widget.height() - pos.y() - 1) * ratio

    def eventFilter(self, watched: Any, event: Any) -> bool:
        if watched is self.widget and self.enabled:
            kind = event.type()
            left = Qt.MouseButton.LeftButton
            if kind == QEvent.Type.MouseButtonPress and event.button() == left:
                self._press = event.position().toPoint()
            elif kind == QEvent.Type.MouseButtonRelease and event.button() == left:
                pos = event.position().toPoint()
                press, self._press = self._press, None
                if press is not None and (pos - press).manhattanLength() <= CLICK_SLOP:
                    self.click(*self.to_display(pos))  # else a drag turned the camera
            elif kind == QEvent.Type.MouseMove and event.buttons() == Qt.MouseButton.NoButton:
                self.hover(*self.to_display(event.position().toPoint()))
            elif kind == QEvent.Type.Leave:
                self.left.emit()
        return False  # VTK gets every event too
