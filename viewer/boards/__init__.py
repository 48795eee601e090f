"""Board views, one per kind of board, in one table from kind to view (as napari maps
each layer type to its visual). Game UIs name the kind; nothing here imports a game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .ball_meshes import BallPyramidMeshes
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

#: Each kind of board drawn into plain meshes, with no plotter (the classroom's page draws
#: them with vtk.js): the window's own board code, made plotter-free (``meshes_only``).
MESH_VIEWS: dict[str, Any] = {
    BallPyramidView.kind: BallPyramidMeshes,
    GridView.kind: GridView.meshes_only,
    HexMapView.kind: HexMapView.meshes_only,
    SteppedView.kind: SteppedView.meshes_only,
}


def meshes_only(kind: str, geometry: Any) -> Any:
    """Board ``kind`` on ``geometry`` drawn into meshes, no plotter: ``show(frame, view)``,
    ``layer_meshes()``, ``still_meshes()``, ``board_labels()``, ``label_spots``,
    ``pick_ray(near, direction)``, ``bounds()`` (KeyError listing the kinds)."""
    try:
        make = MESH_VIEWS[kind]
    except KeyError:
        raise KeyError(f"no board view {kind!r}; known: {', '.join(MESH_VIEWS)}") from None
    return make(geometry)


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
    "MESH_VIEWS",
    "BoardGeometry",
    "BoardView",
    "GridBoard",
    "HexCell",
    "HexMap",
    "SteppedBoard",
    "make_board_view",
    "meshes_only",
]
