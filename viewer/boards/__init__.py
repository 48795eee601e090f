"""Board views, one per kind of board, in one table from kind to view (as napari maps
each layer type to its visual). Game UIs name the kind; nothing here imports a game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .ball_pyramid import BallPyramidView
from .base import BoardGeometry, BoardView
from .grid import GridBoard, GridView
from .hex_map import HexCell, HexMap, HexMapView
from .stepped import SteppedBoard, SteppedView

if TYPE_CHECKING:
    import pyvista as pv

BOARD_VIEWS: dict[str, type[Any]] = {
    BallPyramidView.kind: BallPyramidView,
    GridView.kind: GridView,
    HexMapView.kind: HexMapView,
    SteppedView.kind: SteppedView,
}


def make_board_view(kind: str, plotter: pv.BasePlotter, geometry: Any) -> BoardView:
    """A view of board ``kind`` on ``geometry`` (KeyError listing the kinds)."""
    try:
        cls = BOARD_VIEWS[kind]
    except KeyError:
        raise KeyError(f"no board view {kind!r}; known: {', '.join(BOARD_VIEWS)}") from None
    view: BoardView = cls(plotter, geometry)
    return view


__all__ = [
    "BOARD_VIEWS",
    "BoardGeometry",
    "BoardView",
    "GridBoard",
    "HexCell",
    "HexMap",
    "SteppedBoard",
    "make_board_view",
]
