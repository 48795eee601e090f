"""The keyboard's point on the board (issue 107 item 2): a point a hand without a mouse moves
along the board's lattice and plays or picks with the board's own click verb
(:meth:`viewer.lab.board.Board.click`), as a mouse click on it would. Qt-free: the window's
scene turns keys into :data:`Step` names, a page may do the same.

The steps, on the board's own axes (the camera turned does not turn them):

- ``left`` / ``right``: along the board's x axis, ``up`` / ``down``: along its y axis, to
  the nearest point that way on the same level (a board whose points all stand apart seen
  from above, a grid or the stepped pyramid, is one level);
- ``level_up`` / ``level_down``: the point of the next level up or down nearest above or
  below it (a ball pyramid's levels, the counters stacked on a hex);
- ``home``: the corner of the lowest level; ``end``: the top (the highest level's corner).

The point is drawn where the mouse's hover is (the view state's ``hover``: a dashed ring or
a lit field) and named in words: the point, what holds it (the board's hover text) and
what hides it (the levels shown, the peel, a clip plane, the balls above it)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Literal

import numpy as np

from pyramid_lab.i18n import M_, Mn_, format_list

from ..lab.view_state import AXES, BoardGeometry, ViewState

#: A step of the keyboard's point (the module's text).
Step = Literal["left", "right", "up", "down", "level_up", "level_down", "home", "end"]
STEPS: tuple[Step, ...] = ("left", "right", "up", "down", "level_up", "level_down", "home", "end")

_DIRECTIONS = {"left": (-1.0, 0.0), "right": (1.0, 0.0), "up": (0.0, 1.0), "down": (0.0, -1.0)}
#: Points nearer than this seen from above stand one over the other (a lattice's spacing is 1:
#: a ball rests on the four below at 0.71).
_OVER = 0.8


def layers(geometry: BoardGeometry) -> np.ndarray:
    """Per site, its layer for the arrow keys (0 the lowest): one layer where every site
    stands apart seen from above (a grid, the stepped pyramid); else by level and height
    (a pyramid's levels, a hex's stacked counters)."""
    centres = np.asarray(geometry.centres, dtype=float)
    xy = np.round(centres[:, :2], 3)
    if len({tuple(p) for p in xy}) == len(xy):
        return np.zeros(len(xy), dtype=np.int64)
    keys = np.column_stack([np.asarray(geometry.levels, dtype=float), np.round(centres[:, 2], 3)])
    _unique, inverse = np.unique(keys, axis=0, return_inverse=True)
    return np.asarray(inverse, dtype=np.int64).reshape(-1)


def corner(geometry: BoardGeometry, top: bool = False) -> int:
    """The corner of the lowest layer (x and y least), or with ``top`` the highest layer's."""
    layer = layers(geometry)
    centres = np.asarray(geometry.centres, dtype=float)
    ids = np.flatnonzero(layer == (layer.max() if top else layer.min()))
    order = np.lexsort((centres[ids, 0], centres[ids, 1], centres[ids, 0] + centres[ids, 1]))
    return int(ids[order[0]])


def stepped(geometry: BoardGeometry, site: int | None, step: Step) -> int:
    """The point ``step`` leads to from ``site`` (None: the keyboard has no point yet: the
    corner); ``site`` itself where nothing lies that way (the board's edge)."""
    if step == "end":
        return corner(geometry, top=True)
    if site is None or not 0 <= site < geometry.count or step == "home":
        return corner(geometry)
    layer = layers(geometry)
    centres = np.asarray(geometry.centres, dtype=float)
    here = centres[site, :2]
    if step in ("level_up", "level_down"):
        want = layer[site] + (1 if step == "level_up" else -1)
        ids = np.flatnonzero(layer == want)
        if not len(ids):
            return site
        far = np.linalg.norm(centres[ids, :2] - here, axis=1)
        return int(ids[np.argmin(far)])
    ids = np.flatnonzero(layer == layer[site])
    d = centres[ids, :2] - here
    u = np.array(_DIRECTIONS[step])
    along = d @ u
    across = np.abs(d[:, 0] * u[1] - d[:, 1] * u[0])
    ahead = (along > 0.25) & (across <= along)
    if not ahead.any():
        return site
    score = np.where(ahead, along + 2 * across, np.inf)
    return int(ids[np.argmin(score)])


def hidden_by(
    geometry: BoardGeometry, view: ViewState, site: int, occupied: Collection[int]
) -> list[str]:
    """What hides ``site`` from the eye, in words: the levels shown, the peel, a clip plane,
    the free plane, and the pieces standing over it (``occupied``: the sites holding one)."""
    said: list[str] = []
    level = int(geometry.levels[site])
    lo, hi = view.levels
    if not lo <= level <= hi:
        said.append(
            M_("the levels shown ({low} to {high})", low=lo, high=min(hi, level_top(geometry)))
        )
    if view.peel and int(np.min(geometry.wall_distance[site])) < view.peel:
        said.append(M_("the peel"))
    centre = np.asarray(geometry.centres, dtype=float)[site]
    for clip in view.clips:
        if clip.enabled and not clip.keeps(centre[None, :])[0]:
            said.append(M_("the {axis} clip plane", axis=AXES[clip.axis]))
    if view.free_plane is not None:
        normal, origin = (np.asarray(v, dtype=float) for v in view.free_plane)
        if (centre - origin) @ normal > 1e-6:
            said.append(M_("the free plane"))
    over = covering(geometry, site, occupied)
    if over:
        said.append(
            Mn_("{count} piece over it", "{count} pieces over it", len(over), count=len(over))
        )
    return said


def level_top(geometry: BoardGeometry) -> int:
    """The board's highest level."""
    return int(np.max(geometry.levels)) if geometry.count else 0


def covering(geometry: BoardGeometry, site: int, occupied: Collection[int]) -> list[int]:
    """The occupied sites that stand over ``site`` (higher, within a ball's width seen from
    above)."""
    centres = np.asarray(geometry.centres, dtype=float)
    ids = np.array(sorted(s for s in occupied if s != site and 0 <= s < geometry.count), dtype=int)
    if not len(ids):
        return []
    higher = centres[ids, 2] > centres[site, 2] + 1e-6
    near = np.linalg.norm(centres[ids, :2] - centres[site, :2], axis=1) < _OVER
    return [int(s) for s in ids[higher & near]]


def named(described: str, hidden: list[str]) -> str:
    """The keyboard's point said: the board's words on it and what hides it."""
    if not hidden:
        return M_("Keyboard point: {point}", point=described)
    return M_(
        "Keyboard point: {point}; hidden by {what}", point=described, what=format_list(hidden)
    )


class BoardFocus:
    """The keyboard's point on a board: ``geometry()`` the board's now, ``view`` the view
    state it is drawn under (its ``hover``), ``describe(site)`` the board's hover words,
    ``occupied()`` the sites holding a piece, ``say`` where its words go."""

    def __init__(
        self,
        geometry: Callable[[], BoardGeometry],
        view: ViewState,
        describe: Callable[[int], str],
        occupied: Callable[[], Collection[int]],
        say: Callable[[str], None],
    ) -> None:
        self._geometry = geometry
        self.view = view
        self._describe = describe
        self._occupied = occupied
        self._say = say
        self.site: int | None = None

    def point(self) -> int | None:
        """The keyboard's point on the board now (None: none yet, or not of this board)."""
        site = self.site
        if site is None or not 0 <= site < self._geometry().count:
            return None
        return site

    def move(self, step: Step) -> int:
        """Move the point one ``step``; it is drawn and said. The point."""
        hover, count = self.view.hover, self._geometry().count
        start = hover if hover is not None and 0 <= hover < count else self.point()
        site = stepped(self._geometry(), start, step)  # (on from the mouse's point, if any)
        self.site = site
        self.view.set_hover(site)
        self._say(self.words())
        return site

    def words(self) -> str:
        """The point said (empty: no point)."""
        site = self.point()
        if site is None:
            return ""
        hidden = hidden_by(self._geometry(), self.view, site, self._occupied())
        return named(self._describe(site), hidden)

    def forget(self) -> None:
        """Another board: no point until a key moves one."""
        self.site = None
