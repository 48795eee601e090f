"""The pictures of a :class:`~viewer.script.position.Position` (``docs/api.md``):
:meth:`~PositionDrawing.render` is ``pyramid-lab render``
(:func:`viewer.pictures.render.render_game`), :meth:`~PositionDrawing.export` ``pyramid-lab
export``; a notebook shows
:meth:`~PositionDrawing.svg`, the position's diagram (:mod:`viewer.pictures.diagrams`, drawn
from the window's own frame without VTK), and :meth:`~PositionDrawing.view_3d` ``pyramid-lab
export``'s web page. pyvista is imported when first used, not when this module is."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pyramid_lab.i18n import _, current
from pyramid_lab.model.files import Lesson
from pyramid_lab.model.game import Game, Move, quote
from pyramid_lab.model.puzzle import puzzle_text

from ..lab.export_plan import SIDES
from ..lab.palette import VIEWS

if TYPE_CHECKING:
    from ..pictures.render import RenderOptions
    from .view3d import View3D

#: The size of a notebook's picture and 3D view of a position, in pixels.
PICTURE_SIZE = (640, 480)
#: The pictures' sides, in pixels, at least and at most (``render --size``'s; a picture of
#: 4096x4096 peaks at about 1.2 GB while it is drawn).
MIN_SIDE, MAX_SIDE = SIDES
#: The longer side of a position's diagram (:meth:`PositionDrawing.svg`) in pixels unless told.
SVG_SIDE = 480


def _side(value: object) -> bool:
    """Whether ``value`` is a picture's side in pixels (:data:`MIN_SIDE` to :data:`MAX_SIDE`)."""
    return isinstance(value, int) and not isinstance(value, bool) and MIN_SIDE <= value <= MAX_SIDE


class PositionDrawing:
    """A position drawn: a picture, a web page, an animation, a diagram, a notebook's
    views; :class:`Position` is made of these and its other doors."""

    __slots__ = ()

    _game: Game
    _puzzle: dict[str, Any]
    _lesson: Lesson | None

    #: Whether a notebook shows a position's 3D web page beside its diagram (1 MB a cell).
    notebook_3d: ClassVar[bool] = False

    def render(
        self,
        path: str | os.PathLike[str],
        *,
        view: str = "iso",
        size: tuple[int, int] = (1024, 768),
    ) -> Path:
        """Draw the position to the picture file ``path`` (.png, .jpg, .bmp, .tif: by its
        extension) as ``pyramid-lab render FILE -o PATH --view VIEW --size WxH`` draws it,
        off-screen, a file's lesson (caption, overlays) included. ``view``: iso, top, front
        or side. Returns the path written; the file is replaced atomically. ValueError for
        a view, a size or a file name it cannot take."""
        from ..pictures.render import render_game

        return render_game(self._game, os.fspath(path), self._render_options(view, size))

    def picture(self, *, view: str = "iso", size: tuple[int, int] = PICTURE_SIZE) -> bytes:
        """The PNG picture :meth:`render` would write, as bytes."""
        from ..pictures.export import picture_bytes

        return picture_bytes(self._game, ".png", self._render_options(view, size))

    def web_page(self, *, title: str | None = None, size: tuple[int, int] = PICTURE_SIZE) -> str:
        """``pyramid-lab export``'s interactive 3D web page of the position (.html): one
        self-contained page (vtk.js inline; drag to turn, scroll to zoom) titled ``title``
        (default: the puzzle's title, else the game's)."""
        from ..pictures.export_options import ExportOptions
        from ..pictures.web_page import web_page

        name = (
            title
            if title is not None
            else (puzzle_text(self._puzzle, "title", current()) or self._game.title)
        )
        options = ExportOptions(render=self._render_options("iso", size), title=name)
        return web_page(self._game, options)

    def export(
        self,
        path: str | os.PathLike[str],
        *,
        motion: str | None = None,
        view: str = "iso",
        size: tuple[int, int] = (1024, 768),
    ) -> Path:
        """``pyramid-lab export FILE -o PATH`` (the same function): by ``path``'s extension
        a picture, the 3D web page (.html), or an animation (.gif, .mp4) with ``motion``
        "turntable" (the board turning) or "replay" (the moves from the start). Returns
        the path written, replaced atomically; ValueError for what it cannot export."""
        from ..pictures.export import export_game
        from ..pictures.export_options import ExportOptions

        title = puzzle_text(self._puzzle, "title", current()) or self._game.title
        options = ExportOptions(self._render_options(view, size), motion=motion, title=title)
        return export_game(self._game, os.fspath(path), options)

    def _render_options(self, view: str, size: tuple[int, int]) -> RenderOptions:
        from ..pictures.render import RenderOptions

        if not isinstance(view, str) or view not in VIEWS:
            raise ValueError(
                _("{view} is not a view; the views: {views}").format(
                    view=quote(view), views=", ".join(VIEWS)
                )
            )
        if not (isinstance(size, tuple | list) and len(size) == 2 and all(map(_side, size))):
            raise ValueError(
                _(
                    "size must be (width, height) in pixels, {least} to {most} each, not {size}"
                ).format(least=MIN_SIDE, most=MAX_SIDE, size=quote(size))
            )
        options = RenderOptions(size=(size[0], size[1]), view=view)
        return options.with_lesson(self._lesson)

    def svg(
        self,
        *,
        size: int = SVG_SIDE,
        orientation: str | None = None,
        lastmove: Move | str | None = None,
        arrows: Iterable[Sequence[object]] = (),
        squares: Iterable[object] = (),
        flipped: bool = False,
    ) -> str:
        """The position's diagram as an SVG document: every game drawn flat without VTK,
        in the window's colours, from the frame the window draws (the pyramid's levels
        side by side, each point shown; the terraced board, Ball's field and Rolling's
        map from above), a file's lesson overlays and highlights included. ``size``: its
        longer side in pixels (it is drawn in vectors: crisp at any zoom).

        As python-chess's ``chess.svg.board`` takes them: ``orientation``, the player
        whose side is below (the first player's unless told; the second's turns the board
        half round, as ``flipped=True`` does); ``lastmove``, a move (or its text) whose
        points are rimmed (the last move of :attr:`history`, or a legal move here);
        ``arrows``, each ``(tail, head)`` or ``(tail, head, colour)`` of points (colour:
        green, red, blue or yellow) drawn as a line with a dot at its head; ``squares``,
        points marked as a lesson marks them. A point is written as position files write
        it, ``(1, 1, 0)`` or ``"1,1,0"``. ValueError or TypeError for what it cannot take,
        before anything is drawn."""
        if not _side(size):
            raise ValueError(
                _(
                    "size must be the picture's longer side in pixels, {least} to {most}, not "
                    "{size}"
                ).format(least=MIN_SIDE, most=MAX_SIDE, size=quote(size))
            )
        from ..pictures.diagrams import diagram
        from . import marks

        turned = flipped is True
        if orientation is not None:
            sides = tuple(self._game.players[:2])
            if orientation not in sides:
                raise ValueError(
                    _(
                        "orientation must be a player whose side is below: {players}, not {value}"
                    ).format(players=", ".join(sides), value=quote(orientation))
                )
            turned = turned != (orientation != sides[0])
        drawn = marks.marker(self._game, lastmove, marks.arrows(arrows), marks.squares(squares))
        title = puzzle_text(self._puzzle, "title", current())
        return diagram(
            self._game, self._lesson, side=size, title=title, marks=drawn, turned=turned
        ).svg

    def view_3d(self, *, size: tuple[int, int] = PICTURE_SIZE) -> View3D:
        """The 3D view of the position for a notebook (a :class:`View3D`: shown as
        :meth:`web_page`'s page in a frame of its own, about 1 MB; ``.save(path)`` writes
        the page). ImportError where the page cannot be made here (trame-vtk missing)."""
        from .view3d import View3D

        page = self.web_page(size=size)
        return View3D(
            page,
            (size[0], size[1]),
            (puzzle_text(self._puzzle, "title", current()) or self._game.title),
        )

    def _repr_svg_(self) -> str:
        """The notebook's picture of the position: its diagram (:meth:`svg`)."""
        return self.svg()

    def _repr_html_(self) -> str | None:
        """Where :attr:`notebook_3d` is on, the 3D view (:meth:`view_3d`) in the
        notebook; else None (the notebook shows the diagram), as where the page cannot be
        made here (trame-vtk missing)."""
        if not self.notebook_3d:
            return None
        try:
            return self.view_3d()._repr_html_()
        except ImportError:
            return None
