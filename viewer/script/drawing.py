"""What a :class:`~viewer.script.position.Position`'s pictures take (``docs/api.md``): the
sizes, a view and a size checked into ``pyramid-lab render``'s options
(:func:`render_options`), and the diagram's arguments, as python-chess's ``chess.svg.board``
takes them, checked and drawn (:func:`diagram_svg`, :mod:`viewer.pictures.diagrams`, from
the window's own frame without VTK), and the 3D page a notebook shows (:class:`View3D`).
pyvista is imported when first used, not when this module is."""

from __future__ import annotations

import html
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pyramid_lab.i18n import _
from pyramid_lab.model.files import Lesson, write_bytes
from pyramid_lab.model.game import Game, Move, quote

from ..lab.export_plan import SIDES
from ..lab.palette import VIEWS

if TYPE_CHECKING:
    from ..pictures.render import RenderOptions

#: The size of a notebook's picture and 3D view of a position, in pixels.
PICTURE_SIZE = (640, 480)
#: The pictures' sides, in pixels, at least and at most (``render --size``'s; a picture of
#: 4096x4096 peaks at about 1.2 GB while it is drawn).
MIN_SIDE, MAX_SIDE = SIDES
#: The longer side of a position's diagram (``Position.svg``) in pixels unless told.
SVG_SIDE = 480


def _side(value: object) -> bool:
    """Whether ``value`` is a picture's side in pixels (:data:`MIN_SIDE` to :data:`MAX_SIDE`)."""
    return isinstance(value, int) and not isinstance(value, bool) and MIN_SIDE <= value <= MAX_SIDE


def render_options(lesson: Lesson | None, view: str, size: tuple[int, int]) -> RenderOptions:
    """``pyramid-lab render``'s options for ``view`` and ``size`` (ValueError naming the
    views, or the sides it takes), with ``lesson``'s caption and overlays."""
    from ..pictures.render import RenderOptions

    if not isinstance(view, str) or view not in VIEWS:
        raise ValueError(
            _("{view} is not a view; the views: {views}").format(
                view=quote(view), views=", ".join(VIEWS)
            )
        )
    if not (isinstance(size, tuple | list) and len(size) == 2 and all(map(_side, size))):
        raise ValueError(
            _("size must be (width, height) in pixels, {least} to {most} each, not {size}").format(
                least=MIN_SIDE, most=MAX_SIDE, size=quote(size)
            )
        )
    options = RenderOptions(size=(size[0], size[1]), view=view)
    return options.with_lesson(lesson)


def diagram_svg(
    game: Game,
    lesson: Lesson | None,
    title: str,
    *,
    size: int,
    orientation: str | None,
    lastmove: Move | str | None,
    arrows: Iterable[Sequence[object]],
    squares: Iterable[object],
    flipped: bool,
) -> str:
    """The diagram of ``game`` with ``lesson``'s overlays, titled ``title``, as
    :meth:`Position.svg <viewer.script.position.Position.svg>` says (its arguments checked
    first: ValueError or TypeError before anything is drawn)."""
    if not _side(size):
        raise ValueError(
            _(
                "size must be the picture's longer side in pixels, {least} to {most}, not {size}"
            ).format(least=MIN_SIDE, most=MAX_SIDE, size=quote(size))
        )
    from ..pictures.diagrams import diagram
    from . import marks

    turned = flipped is True
    if orientation is not None:
        sides = tuple(game.players[:2])
        if orientation not in sides:
            raise ValueError(
                _(
                    "orientation must be a player whose side is below: {players}, not {value}"
                ).format(players=", ".join(sides), value=quote(orientation))
            )
        turned = turned != (orientation != sides[0])
    drawn = marks.marker(game, lastmove, marks.arrows(arrows), marks.squares(squares))
    return diagram(game, lesson, side=size, title=title, marks=drawn, turned=turned).svg


class View3D:
    """The 3D view of a position in a notebook, when asked (``pos.view_3d()``): ``pyramid-lab
    export``'s web page (vtk.js inline, about 1 MB), an interactive 3D page (drag to turn,
    scroll to zoom) in a frame of its own (:meth:`_repr_html_`; a position shows its SVG
    diagram by default); ``page`` is the whole page, :meth:`save` writes it as an ``.html``
    file."""

    __slots__ = ("page", "size", "title")

    def __init__(self, page: str, size: tuple[int, int], title: str) -> None:
        self.page = page
        self.size = size
        self.title = title

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the page to ``path`` (its name ends in .html), atomically; the path
        written. ValueError for another name."""
        text = os.fspath(path)
        if not text.lower().endswith((".html", ".htm")):
            raise ValueError(_("{path}: a web page's name ends in .html").format(path=text))
        return write_bytes(text, self.page.encode("utf-8"))

    def _repr_html_(self) -> str:
        """The page in a frame of its own (the page is whole: nothing is fetched)."""
        width, height = self.size
        return (
            f'<iframe srcdoc="{html.escape(self.page, quote=True)}" width="{width}" '
            f'height="{height}" style="border:0" title="{html.escape(self.title)}"></iframe>'
        )

    def __repr__(self) -> str:
        return f"<View3D {self.title!r}, {len(self.page):,} characters>"
