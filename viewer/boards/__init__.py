"""Board views, one per kind of board, in one table from kind to view (as napari maps
each layer type to its visual). Game UIs name the kind; nothing here imports a game.
A view's module is imported when its kind is first asked for (a window opens one board;
the others' meshes and their imports wait until a game needs them)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ..lab.view_state import BoardGeometry
from .base import BoardMeshes, BoardView

if TYPE_CHECKING:
    import pyvista as pv

    from .geometries import GridBoard, HexCell, HexMap, SteppedBoard


class _BoardViews(Mapping[str, type[Any]]):
    """Board kind -> its view class, each module imported on first use (KeyError listing
    the kinds for one no view draws)."""

    def __init__(self, places: dict[str, tuple[str, str]]) -> None:
        self._places = places  # kind -> (module in this package, class)

    def __getitem__(self, kind: str) -> type[Any]:
        if kind not in self._places:
            raise KeyError(f"no board view {kind!r}; known: {', '.join(self._places)}")
        module, name = self._places[kind]
        cls: type[Any] = getattr(importlib.import_module(f"{__name__}.{module}"), name)
        return cls

    def __iter__(self) -> Iterator[str]:
        return iter(self._places)

    def __len__(self) -> int:
        return len(self._places)


BOARD_VIEWS: Mapping[str, type[Any]] = _BoardViews(
    {
        "ball-pyramid": ("ball_pyramid", "BallPyramidView"),
        "grid": ("grid", "GridView"),
        "hex-map": ("hex_map", "HexMapView"),
        "stepped": ("stepped", "SteppedView"),
    }
)

#: The boards' geometries (:mod:`.geometries`: no Qt, VTK or pyvista), imported when first
#: named.
_GEOMETRIES = {name: "geometries" for name in ("GridBoard", "HexCell", "HexMap", "SteppedBoard")}

#: The boards drawn into plain meshes by a class of their own (module, class); every other
#: kind by its view's ``meshes_only``. Imported when first asked for, as the views are.
_MESH_MAKERS = {"ball-pyramid": ("ball_meshes", "BallPyramidMeshes")}


def meshes_only(kind: str, geometry: Any) -> BoardMeshes:
    """Board ``kind`` on ``geometry`` drawn into meshes, no plotter (the classroom's page
    draws them with vtk.js; the window's own board code, made plotter-free): a
    :class:`~viewer.boards.base.BoardMeshes` (KeyError listing the kinds)."""
    if kind in _MESH_MAKERS:
        module, name = _MESH_MAKERS[kind]
        make = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    else:
        make = BOARD_VIEWS[kind].meshes_only
    drawn: BoardMeshes = make(geometry)
    return drawn


def __getattr__(name: str) -> Any:
    if name in _GEOMETRIES:
        return getattr(importlib.import_module(f"{__name__}.{_GEOMETRIES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def make_board_view(kind: str, plotter: pv.BasePlotter, geometry: Any) -> BoardView:
    """A view of board ``kind`` on ``geometry`` (KeyError listing the kinds)."""
    view: BoardView = BOARD_VIEWS[kind](plotter, geometry)
    return view


__all__ = [
    "BOARD_VIEWS",
    "BoardGeometry",
    "BoardMeshes",
    "BoardView",
    "GridBoard",
    "HexCell",
    "HexMap",
    "SteppedBoard",
    "make_board_view",
    "meshes_only",
]
