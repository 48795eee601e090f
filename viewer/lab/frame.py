"""What a board view is handed to draw: plain data, like python-chess's
``svg.board(board, lastmove=, arrows=, fill=)``. A game UI builds a :class:`Frame` from a
position; a board view maps each field to its visuals (one table per board) and never
calls back into a game.

Sites are the board's integer ids (a lattice point, a field). Styles are keys of
:mod:`viewer.lab.palette` (a player's colour, a marker's or a rim's meaning).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class Marker:
    """A small marker on a site: a point that takes a click, a destination by kind, the
    landing of a pushed piece."""

    site: int
    style: str


@dataclass(frozen=True)
class Pointer:
    """A cone pointing at a site from outside the board (a corner marker), or past the
    board's edge in ``direction`` (x, y) from a site (a piece falling off)."""

    site: int
    style: str
    direction: tuple[float, float] | None = None


@dataclass(frozen=True)
class Path:
    """A tube through the centres of ``sites``, in order."""

    sites: tuple[int, ...]
    style: str


@dataclass(frozen=True)
class Region:
    """Translucent cells on ``sites``."""

    sites: tuple[int, ...]
    style: str


@dataclass(frozen=True)
class Label:
    """Text beside a site (drawn on top of the scene)."""

    site: int
    text: str


@dataclass(frozen=True)
class Vanish:
    """A piece a move removed, shown leaving before it is gone: ``how`` is "sink" (into
    its site), "fall" (off the edge in ``direction``) or "rise" (lifted off the board)."""

    site: int
    style: str
    how: str
    direction: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class Slide:
    """The piece on ``site`` drawn on its way there from ``origin``: ``t`` is 0 at the
    origin and 1 at the site (a move's slide, a push's shove, stepped by the game UI's
    animation). A board that cannot move pieces draws it on its site."""

    site: int
    origin: int
    t: float


@dataclass(frozen=True)
class Frame:
    """One picture of a position.

    - ``pieces``: site -> style (a colour name);
    - ``piece_rgb``: per site, an RGB that replaces the style's colour (group colours);
    - ``markers``: markers on sites, by style;
    - ``highlights``: rim style -> the sites outlined in it ("clickable", "group", ...);
    - ``pointers``, ``paths``, ``regions``, ``labels``: as their classes say;
    - ``ghosts``: site -> style: a translucent piece of that style where a move would put
      one (the engine's hint, a puzzle's cook), drawn over empty sites;
    - ``heat``: site -> a value from 0 to 1, drawn as a colour scale on the sites (the
      Analysis dock's heat map: each move's place between the worst move shown, 0, and
      the best, 1); ``heat_scale``: the win rates of those two, (worst, best), for the
      legend's colour bar;
    - ``decorations``: named parts of the board to show (each board lists its own, e.g.
      the ball pyramid's "walls", the stepped board's "inlays-won");
    - ``slides``: pieces of ``pieces`` drawn part of the way from where they came from;
    - ``legend_words``: (kind, style) -> what a layer's overlay means here, over the game
      UI's words (a lesson's wrong answer says what its path is).
    """

    pieces: Mapping[int, str] = field(default_factory=dict)
    piece_rgb: np.ndarray | None = None
    markers: tuple[Marker, ...] = ()
    highlights: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    pointers: tuple[Pointer, ...] = ()
    paths: tuple[Path, ...] = ()
    regions: tuple[Region, ...] = ()
    labels: tuple[Label, ...] = ()
    ghosts: Mapping[int, str] = field(default_factory=dict)
    heat: Mapping[int, float] = field(default_factory=dict)
    heat_scale: tuple[float, float] | None = None
    decorations: frozenset[str] = frozenset()
    slides: tuple[Slide, ...] = ()
    legend_words: Mapping[tuple[str, str], str] = field(default_factory=dict)
