"""The protocol every board view implements, and the geometry it is built on.

A board view draws one kind of board (the ball pyramid, the stepped pyramid, ...) into a
pyvista plotter. It is handed a :class:`~viewer.lab.frame.Frame` and the
:class:`~viewer.lab.view_state.ViewState` and never imports a game: what a site means is the
game UI's business.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

import numpy as np

from ..lab.frame import Frame, Vanish
from ..lab.view_state import BoardGeometry, ViewState

if TYPE_CHECKING:
    import pyvista as pv

__all__ = ["BoardMeshes", "BoardView", "CameraViews", "Copies", "Spheres"]

#: A board's camera presets by name (over :data:`viewer.lab.palette.VIEWS`): the direction
#: the camera looks from and its up vector.
CameraViews = Mapping[str, tuple[tuple[float, float, float], tuple[float, float, float]]]


class BoardView(Protocol):
    kind: ClassVar[str]
    supports_cut_open: ClassVar[bool]  # balls straddling a clip plane can be drawn cut open
    #: A flat board (a grid, a map): levels, peeling and clip planes have nothing to show,
    #: so the View dock offers none of them.
    flat: ClassVar[bool]
    #: The piece under the mouse gets a dashed ring (the legend names it beside the rims).
    hover_ring: ClassVar[bool]
    geometry: BoardGeometry
    level_count: int  # levels the view dock's level range offers
    peel_max: int  # shells peeling can take off

    def __init__(self, plotter: pv.BasePlotter, geometry: Any) -> None: ...

    def show(self, frame: Frame, view: ViewState) -> None:
        """Draw ``frame`` under the view state's level range, peel, clips and hover."""

    def pick(self, x: float, y: float) -> int | None:
        """The shown site under display pixel (x, y), VTK's y axis upwards."""

    def behind(self, site: int) -> list[int]:
        """The sites the last pick's view ray passes through beyond ``site``, nearest
        first (points hidden behind a ball: a flat board has none)."""

    def set_view(self, name: str) -> None:
        """A camera preset of :data:`viewer.lab.palette.VIEWS`, framing the whole board."""

    def play(self, vanishing: Sequence[Vanish]) -> float:
        """Start showing pieces a move removed; returns its length in seconds (0: this
        board shows them gone at once). :meth:`advance` steps it."""

    def advance(self, t: float) -> None:
        """Step what :meth:`play` started to ``t`` in [0, 1]; at 1 it is over."""

    def display_position(self, site: int) -> tuple[float, float]:
        """Where a site appears, in display pixels (VTK's y axis, upwards)."""

    def board_labels(self) -> list[tuple[str, tuple[float, ...]]]:
        """The board's own labels (its coordinates, a hex's name), as (text, where): the
        window's legend keeps clear of them."""

    def close(self) -> None:
        """Take the board's actors out of the plotter; safe to call twice."""


@dataclass(frozen=True)
class Spheres:
    """Balls as a page draws them, as the window does, as sphere impostors (no mesh): their
    centres (n x 3, float32), radii (n, float32) and colours (n x 3, uint8)."""

    centres: np.ndarray
    radii: np.ndarray
    rgb: np.ndarray

    @classmethod
    def of(cls, centres: Any, radii: Any, rgb: Any) -> Spheres:
        where = np.asarray(centres, dtype=np.float32).reshape(-1, 3)
        size = np.broadcast_to(np.asarray(radii, dtype=np.float32), (len(where),))
        colours = np.asarray(rgb, dtype=np.float64).reshape(-1, 3).round().astype(np.uint8)
        return cls(where, np.ascontiguousarray(size), colours)

    def __len__(self) -> int:
        return len(self.centres)


@dataclass(frozen=True)
class Copies:
    """A mesh made of copies of one small shape (:func:`viewer.boards.meshes.instances`):
    the shape's points (k x 3) and triangles (t x 3), and each copy's offset (n x 3),
    scale (n) and colour (n x 3, uint8). A page draws them as vtk.js's glyphs, sent the
    shape once and the copies' offsets, scales and colours only."""

    points: np.ndarray
    triangles: np.ndarray
    offsets: np.ndarray
    scales: np.ndarray
    rgb: np.ndarray


@runtime_checkable
class BoardMeshes(Protocol):
    """A board drawn into plain meshes, no plotter (:func:`viewer.boards.meshes_only`: the
    classroom's page draws them with vtk.js)."""

    level_count: int  # levels the page's level range offers
    views: CameraViews  # the board's own camera presets ("iso": how it is first seen)
    #: the last frame's labels, as (text, the point in the scene they stand over)
    label_spots: list[tuple[str, tuple[float, ...]]]
    #: per site: drawn by the last ``show`` (and so clickable)
    shown: np.ndarray

    def show(self, frame: Frame, view: ViewState) -> None:
        """Draw ``frame`` under the view state into the meshes."""

    def layer_meshes(self) -> dict[str, pv.PolyData]:
        """The meshes the last ``show`` drew, by layer."""

    def still_meshes(self) -> dict[str, pv.PolyData]:
        """The meshes of the board itself, which no frame changes."""

    def layer_spheres(self) -> dict[str, Spheres]:
        """The balls the last ``show`` drew as spheres (no mesh), by layer."""

    def board_labels(self) -> list[tuple[str, tuple[float, ...]]]:
        """The board's own labels (its coordinates), as (text, where)."""

    def pick_ray(self, near: np.ndarray, direction: np.ndarray) -> int | None:
        """The shown site the view ray from ``near`` along unit ``direction`` meets."""

    def behind_ray(self, site: int, near: np.ndarray, direction: np.ndarray) -> list[int]:
        """The sites that ray passes through beyond ``site``, nearest first (points hidden
        behind a ball, as :meth:`BoardView.behind` finds them for the window's pick)."""

    def bounds(self) -> tuple[float, ...]:
        """(x0, x1, y0, y1, z0, z1) of the board."""


def padded_bounds(centres: np.ndarray, pad: float = 0.5) -> tuple[float, ...]:
    lo, hi = centres.min(axis=0) - pad, centres.max(axis=0) + pad
    return (lo[0], hi[0], lo[1], hi[1], lo[2], hi[2])
