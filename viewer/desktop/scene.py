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

from PySide6.QtCore import QEvent, QObject, QTimer
from pyvistaqt import QtInteractor

from ..boards import BoardView, make_board_view
from ..lab.frame import Frame, Vanish
from ..lab.legend_entries import with_hover
from ..lab.view_state import ViewField, ViewState
from ..widgets.clip_planes import ClipPlanes
from ..widgets.free_plane import FreePlane
from ..widgets.legend import Legend, legend_entries
from ..widgets.pointer import PointerFilter
from ..widgets.slots import slot
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

    def camera_preset(self) -> str | None:
        """The camera preset last framed, while the user has not turned or zoomed it since."""
        return self.framing.preset()

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
