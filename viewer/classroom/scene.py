"""What a student's board goes to the page as: its layers' meshes as vtk.js's polydata
(trame-vtk's ``vtk-mesh`` state: points, polys and per-point colours as base64 typed
arrays), each built once for every page that shows the same layer, and the board's legend,
labels and levels. The browser draws them itself: the server never renders.

Every board, the ball pyramid too, is drawn by the window's own board code into meshes
(:mod:`.sites`: the game UI's frame, the board view's ``meshes_only``); nothing here reads
a game. No Qt here (``tests/viewer/test_contracts.py``)."""

from __future__ import annotations

import base64
import math
import threading
import warnings
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import pyvista as pv

#: The page's layers, each drawn with its own look (``www/student.html``): opaque pieces,
#: translucent ghosts, opaque marks, rims (the near half culled: an outline round a ball),
#: faint faces (walls, regions) and the x-ray (faint, over everything: a path through balls).
LAYERS = ("balls", "points", "marks", "rims", "faint", "xray")


def _b64(array: np.ndarray, dtype: str) -> dict[str, str]:
    data = np.ascontiguousarray(array, dtype=dtype)
    return {"bvals": base64.b64encode(data.tobytes()).decode("ascii"), "dtype": dtype}


def mesh_state(mesh: pv.PolyData | None) -> dict[str, Any] | None:
    """``mesh`` as the state of trame-vtk's ``vtk-mesh`` (its points, triangles, normals and
    ``rgb`` colours; None: nothing to draw)."""
    if mesh is None or mesh.n_points == 0:
        return None
    faces = np.asarray(mesh.faces if isinstance(mesh, pv.PolyData) else [], dtype=np.int64)
    polys_type = "uint16" if mesh.n_points < 65536 else "uint32"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        normals = mesh.point_data.get("Normals")
    arrays: list[dict[str, Any]] = [
        {
            "name": "rgb",
            "type": "Uint8Array",
            "numberOfComponents": 3,
            "values": _b64(np.asarray(mesh.point_data["rgb"]), "uint8"),
        }
    ]
    if normals is not None:
        arrays.append(
            {
                "name": "Normals",
                "type": "Float32Array",
                "numberOfComponents": 3,
                "registration": "setNormals",
                "values": _b64(np.asarray(normals), "float32"),
            }
        )
    return {
        "mesh": {
            "points": _b64(np.asarray(mesh.points), "float32"),
            "polys": _b64(faces, polys_type),
        },
        "pointArrays": arrays,
    }


#: Layers' mesh states by their key, the latest kept (a class works on a few steps at once).
_STATES: OrderedDict[str, dict[str, Any] | None] = OrderedDict()
_STATES_KEPT = 256
_STATES_LOCK = threading.Lock()


def layer_state(key: str, layer: Drawn) -> dict[str, Any] | None:
    """``layer``'s mesh state (:func:`mesh_state`), built once for every page that shows
    the same layer."""
    with _STATES_LOCK:
        if key in _STATES:
            _STATES.move_to_end(key)
            return _STATES[key]
    state = mesh_state(layer.mesh())
    with _STATES_LOCK:
        _STATES[key] = state
        while len(_STATES) > _STATES_KEPT:
            _STATES.popitem(last=False)
    return state


def hex_of(rgb: Sequence[int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*tuple(int(c) for c in rgb[:3]))


class Drawn(Protocol):
    """A layer of the page's board: a key (equal layers share one mesh state) and its mesh
    (:class:`~viewer.classroom.sites.MeshLayer`)."""

    def key(self) -> str: ...

    def mesh(self) -> pv.PolyData | None: ...


@dataclass
class Board:
    """What a student's board shows (made by :func:`.sites.site_board`), sent by
    :meth:`state`: its layers by :data:`LAYERS` name, the board view that drew them (it
    picks), the legend as (colour, words, kind: "pieces" or the window's legend entry's
    kind), the number of levels, whether it is flat (one level: no levels, peel or clip)
    and whether a clip plane cuts it, and its names and the frame's labels, each as (text,
    the point it stands over, "board" or "frame")."""

    drawn: dict[str, Drawn] = field(default_factory=dict)
    drawer: Any = None
    legend: list[tuple[str, str, str]] = field(default_factory=list)
    centres: np.ndarray = field(default_factory=lambda: np.zeros((0, 3)))
    levels: int = 0
    flat: bool = False
    clips: bool = False
    labels: list[tuple[str, tuple[float, ...], str]] = field(default_factory=list)
    speck: dict[str, Any] | None = None

    def layers(self) -> dict[str, Drawn]:
        return self.drawn

    def state(self, known: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The board for the page: each layer's mesh state, but for a layer whose key is
        in ``known`` (the page has it: only its key is sent); the keys; the legend."""
        known = known or {}
        keys = {name: layer.key() for name, layer in self.layers().items()}
        found: dict[str, Any] = {
            name: layer_state(keys[name], layer) or self._speck()
            for name, layer in self.layers().items()
            if known.get(name) != keys[name]
        }
        found["keys"] = keys
        found["legend"] = [{"colour": c, "words": w, "kind": k} for c, w, k in self.legend]
        found["levels"] = self.levels
        found["flat"] = self.flat
        found["clips"] = self.clips
        found["labels"] = [
            {"text": text, "at": [round(float(c), 3) for c in at], "kind": kind}
            for text, at, kind in self.labels
        ]
        return found

    def _speck(self) -> dict[str, Any] | None:
        """An empty layer as one triangle of no size in the board's middle: vtk.js fails
        on a mesh that goes from drawn to none."""
        if self.speck is None:  # (made once: a board is only read once made)
            middle = self.centres.mean(axis=0) if len(self.centres) else np.zeros(3)
            speck = pv.PolyData(np.array([middle] * 3, dtype=float), np.array([3, 0, 1, 2]))
            speck.point_data["Normals"] = np.tile([0.0, 0.0, 1.0], (3, 1))
            speck["rgb"] = np.zeros((3, 3), dtype=np.uint8)
            self.speck = mesh_state(speck)
        return self.speck

    def say(self, rgb: Sequence[int] | None, words: str, kind: str) -> None:
        """A line of the legend (``rgb`` None: one with no swatch)."""
        entry = ("" if rgb is None else hex_of(rgb), words, kind)
        if entry not in self.legend:
            self.legend.append(entry)


def unit_ray(
    origin: Sequence[float], direction: Sequence[float]
) -> tuple[np.ndarray, np.ndarray] | None:
    """A page's view ray as its start and its direction of length 1; None for one that is
    not three finite numbers each, or goes nowhere."""
    start = np.asarray(origin, dtype=float)
    way = np.asarray(direction, dtype=float)
    if start.shape != (3,) or way.shape != (3,) or not np.all(np.isfinite([*start, *way])):
        return None
    length = float(np.linalg.norm(way))
    if not 0.0 < length < math.inf:
        return None
    return start, way / length
