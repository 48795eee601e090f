"""The scene's camera framing and the legend's room (:mod:`viewer.desktop.scene`): a camera
preset frames the board, stepping back until a corner of the scene is clear of it for the
legend; while the camera stays as the preset left it (the user has not turned or zoomed
it), the scene may frame the board again (a new size, new legend lines); after each
render the legend goes to the corner clear of the board as drawn."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from pyvistaqt import QtInteractor

from ..boards import BoardView
from ..lab.legend_entries import Entry
from ..widgets.legend import Legend
from .outline import BoardOutline

#: A framed board steps back by this zoom, up to ZOOM_STEPS times, until a corner of the
#: scene is clear of it for the legend.
ZOOM_STEP, ZOOM_STEPS = 0.9, 8


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
        # how far the last fit stepped the board back (zoom steps), for lines how tall: a
        # legend that grows shorter again gets the board back at its size (a hint's seven
        # lines left it at half its size for the rest of the game)
        self.stepped, self._fitted_height = 0, 0

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

    def place_legend(self) -> None:
        """The legend in a corner clear of the board, as the camera shows it now; while
        the camera is a preset's framing (the user has not turned or zoomed it), and the
        legend's new lines find no corner clear of the board, the preset frames the board
        again, stepping back as far as a corner clear of it needs. New lines that find
        room leave the camera still (a line that a planned track adds or takes away while
        a turn is programmed moved the board each time), unless the board stepped back for
        taller lines than these: then it is framed again, as near as these lines allow (a
        legend gone, or shorter, gives the board its size back)."""
        framed = self.framed is not None and self.wanted()
        if not self.legend.entries:
            if framed and self.framed is not None and self.stepped:
                self.frame(self.framed[0])  # no legend: the preset's own framing
            return
        clear = self.legend.place(self.outline.of(self._board()))
        if framed and self.framed is not None and self.legend.entries != self.fitted:
            shorter = self.stepped and self.legend.height() < self._fitted_height
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
            camera.Zoom(ZOOM_STEP)
        self._fitted_height = self.legend.height()
        self.legend.kept_height = self.legend.kept  # kept for the lines to come
        self.framed_as(name)

    def rendered(self) -> None:
        """After a render: the legend placed again where the camera or the size changed."""
        if not self.legend.entries:
            return
        outline = self.outline.of(self._board())
        rounded = np.rint(outline).astype(np.int64).tobytes()
        if rounded != self._outline:  # the camera or the size changed: placed again
            self._outline = rounded
            self.legend.place(outline)
