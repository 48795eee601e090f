"""Light pictures of a position: a 2D SVG diagram of any game, drawn without VTK from the
very :class:`~viewer.lab.frame.Frame` the window and the classroom draw (the game UI's
picture of the position, a lesson's overlays and highlights in it) on the board's own
geometry, in the window's colours (:mod:`viewer.lab.palette`). A notebook shows it
(``Position.svg()``), a browser opens it, a README holds it; a shipped position's is a
few KB.

One table from board kind to its drawing (as the window's ``viewer.boards`` has one to
its views): the ball pyramid's levels side by side (:mod:`.pyramid`), a flat grid
(:mod:`.grid`), the stepped board (:mod:`.stepped`), a hex map (:mod:`.hexes`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pyramid_lab.i18n import _, shown
from pyramid_lab.model.files import Lesson
from pyramid_lab.model.game import Game

from ...lab.frame import Frame
from .canvas import RGB, Canvas, Drawn
from .grid import draw_grid
from .hexes import draw_hexes
from .marks import piece_colour
from .pyramid import draw_pyramid
from .stepped import draw_stepped

#: The picture's longer side in pixels unless told.
SIDE = 480

#: Board kind (a game UI's ``board_kind``) -> its drawing of a frame on its geometry.
DRAWINGS: Mapping[str, Callable[[Canvas, Any, Frame], Drawn]] = {
    "ball-pyramid": draw_pyramid,
    "grid": draw_grid,
    "stepped": draw_stepped,
    "hex-map": draw_hexes,
}


@dataclass(frozen=True)
class Diagram:
    """A position's diagram: ``svg`` the picture (a whole SVG document), ``box`` what it
    shows (x, y, width, height in board units), ``side`` its longer side in pixels, and
    ``spots``: where each piece shows its colour (site -> x, y in board units) with that
    colour in ``colours``."""

    svg: str
    box: tuple[float, float, float, float]
    side: int
    spots: Mapping[int, tuple[float, float]]
    colours: Mapping[int, RGB]

    @property
    def size(self) -> tuple[int, int]:
        """The picture's width and height in pixels."""
        _, _, w, h = self.box
        scale = self.side / max(w, h)
        return round(w * scale), round(h * scale)

    def pixel(self, site: int) -> tuple[float, float]:
        """Where the piece on ``site`` is drawn, in the picture's pixels from its top left."""
        x0, y0, w, h = self.box
        x, y = self.spots[site]
        scale = self.side / max(w, h)
        return (x - x0) * scale, (y - y0) * scale


def diagram(
    game: Game,
    lesson: Lesson | None = None,
    *,
    side: int = SIDE,
    title: str = "",
    marks: Callable[[Any, Frame], Frame] | None = None,
    turned: bool = False,
) -> Diagram:
    """The diagram of ``game``'s position as the window shows it (``lesson``: a lesson
    step's overlays and highlights, as ``render`` draws them), ``side`` pixels on its
    longer side, ``title`` its tooltip (default: the game's title and who is to move).
    ``marks``: the game UI and the frame -> the frame with a script's own marks (a last
    move, arrows, points: ``Position.svg``); ``turned``: the board turned half round (the
    words kept upright). ValueError for an overlay the game has not."""
    from ...games import ui_class
    from ...lab.lesson_marks import lesson_frame

    ui = ui_class(game)()
    if lesson is not None:
        ui.set_overlays(lesson.overlays)
    frame = ui.frame(game, ui.turn(game))
    if lesson is not None and lesson.highlights:
        frame = lesson_frame(frame, ui, highlights=lesson.highlights)
    if marks is not None:
        frame = marks(ui, frame)
    canvas = Canvas()
    box, spots = DRAWINGS[ui.board_kind](canvas, ui.geometry(game), frame)
    if turned:
        x0, y0, w, h = box
        spots = {site: (2 * x0 + w - x, 2 * y0 + h - y) for site, (x, y) in spots.items()}
    words = title or (lesson.caption if lesson is not None and lesson.caption else "")
    words = words or _("{title}: {status}").format(title=game.title, status=shown(ui.status(game)))
    colours = {site: piece_colour(frame, site) for site in spots}
    return Diagram(canvas.svg(box, side, words, turned=turned), box, side, spots, colours)


__all__ = ["DRAWINGS", "SIDE", "Diagram", "diagram"]
