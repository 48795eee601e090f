"""Every game's board for a student's page (the ball pyramid, a stepped pyramid, a flat
grid, a hex map), drawn as the window draws it: one picture, two renderers.

The student's board on show (:mod:`viewer.lab.board`, their lab's: the game's own UI, its
turn builder and the board's modes, the lesson's marks among them) makes the frame; the
window's board code draws it into meshes (:func:`viewer.boards.meshes_only`: no plotter,
nothing rendered), which go to the page. A click is a view ray from the page's camera; the
board view's own picking finds the site it meets (:func:`pick`), and the site goes to the
student's board. Nothing here names a game or asks one for a method by name
(``tests/web/test_sites.py``).

No Qt here (``tests/viewer/test_contracts.py``; ``tests/web/test_sites.py`` checks that
serving every shipped lesson loads none)."""

from __future__ import annotations

import dataclasses
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import pyvista as pv

from pyramid_lab.i18n import M_
from pyramid_lab.model.game import Game

from ..boards import BOARD_VIEWS, meshes_only
from ..boards.meshes import copies_of
from ..games import GameUI, ui_class
from ..lab import palette
from ..lab.board import Board as LabBoard
from ..lab.frame import Frame
from ..lab.legend_entries import legend_entries
from ..lab.lesson_marks import site_of
from ..lab.outcome_words import joined, word
from ..lab.view_state import ViewState
from .replies import Camera, PartState, Spot
from .scene import Aims, Board, Drawn, GlyphLayer, SphereLayer, browser_mesh, mesh_state, unit_ray

#: The page's look of each board view's mesh or spheres (any other: "balls", the opaque
#: pieces and board): translucent ghosts, marks over the board, rims round balls, faint
#: faces, and the paths' faint copy drawn over everything (x-ray).
PAGE_LAYER = {
    "ghosts": "points",
    "piece_ghosts": "points",
    "markers": "marks",
    "marks": "marks",
    "paths": "marks",
    "pointers": "marks",
    "ghost_rims": "marks",
    "inlays": "marks",
    "rims": "rims",
    "xray": "xray",
    "walls": "faint",
    "regions": "faint",
}


class MeshLayer:
    """A part of the page's board: a mesh a board view drew (with a per-cell ``rgb``)."""

    kind = "mesh"

    def __init__(self, look: str, mesh: pv.PolyData) -> None:
        self.look = look
        self.part = mesh
        self._key = ""

    def key(self) -> str:
        """A digest of the mesh, worked out once (a part is only read once its board is
        drawn): every answer sends each part's key."""
        if self._key:
            return self._key
        mesh = self.part
        digest = hashlib.blake2b(b"mesh|", digest_size=16)
        digest.update(np.asarray(mesh.points, dtype=np.float32).tobytes())
        digest.update(np.asarray(mesh.faces).tobytes())
        digest.update(np.asarray(mesh.cell_data["rgb"], dtype=np.uint8).tobytes())
        self._key = digest.hexdigest()
        return self._key

    def mesh(self) -> pv.PolyData:
        return browser_mesh(self.part)

    def state(self) -> PartState | None:
        return mesh_state(self.mesh())


def site_board(
    board: LabBoard, view: Mapping[str, Any] | None = None, clicks: bool = True
) -> Board:
    """The student's board on show (its frame: the position, the turn being built and the
    lesson's marks, :meth:`viewer.lab.board.Board.frame`) drawn by the window's board
    code, in the page's ``view`` (levels, peel, clip). ``clicks``: whether the board takes
    a click now; where it does not (a step that asks nothing, one answered), nothing on it
    says it does (the rims of "takes a click now")."""
    frame = board.frame()
    if not clicks and CLICKABLE in frame.highlights:
        rims = {style: s for style, s in frame.highlights.items() if style != CLICKABLE}
        frame = dataclasses.replace(frame, highlights=rims)
    shown = Shown(board.ui, board.session.game, board.geometry(), frame)
    key = _picture_key(shown, view or {})
    with _BOARDS_LOCK:
        kept = _BOARDS.get(key)
        if kept is not None:
            _BOARDS.move_to_end(key)
            return kept
        drawing = _DRAWING.setdefault(key, threading.Lock())
    # One thread draws a picture that is not kept yet; the students asking for the same
    # one meanwhile wait for it rather than draw it again each (the class on one step asks
    # at once: ten drawings at once on two cores took each ten times as long).
    with drawing:
        with _BOARDS_LOCK:
            kept = _BOARDS.get(key)
        if kept is None:
            kept = _draw(shown, view or {})
            with _BOARDS_LOCK:
                _BOARDS[key] = kept
                while len(_BOARDS) > _BOARDS_KEPT:
                    _BOARDS.popitem(last=False)
        with _BOARDS_LOCK:
            if _DRAWING.get(key) is drawing:
                del _DRAWING[key]
    return kept


@dataclasses.dataclass(frozen=True)
class Shown:
    """What a board's picture is drawn from: the game's UI, the position, the board's
    geometry and the frame."""

    ui: GameUI[Any]
    game: Game
    geometry: Any
    frame: Frame

    @property
    def flat(self) -> bool:
        return bool(BOARD_VIEWS[self.ui.board_kind].flat)


#: The rims of what takes a click now (:data:`viewer.lab.legend_entries`' "clickable").
CLICKABLE = "clickable"

#: Boards drawn, by what they show (:func:`_picture_key`): the class on one step, each
#: student at the same point of it, shares one (a board is only read once drawn).
_BOARDS: OrderedDict[str, Board] = OrderedDict()
_BOARDS_KEPT = 128
_BOARDS_LOCK = threading.Lock()
#: The pictures being drawn, each with the lock its drawing holds.
_DRAWING: dict[str, threading.Lock] = {}


def _picture_key(shown: Shown, view: Mapping[str, Any]) -> str:
    """A digest of everything a board's drawing depends on: the game's UI and position
    (the legend's words), the board's geometry, the frame and the view."""
    digest = hashlib.blake2b(digest_size=20)
    frame, geometry = shown.frame, shown.geometry
    plain = dataclasses.replace(frame, piece_rgb=None)  # (numpy's repr elides a long array)
    for part in (
        type(shown.ui).__qualname__,
        shown.ui.board_kind,
        shown.game.name,
        repr(shown.game.position_key()),
        repr(plain),
        repr(sorted(view.items())),
    ):
        digest.update(part.encode("utf-8", "replace"))
        digest.update(b"|")
    digest.update(np.ascontiguousarray(geometry.centres, dtype=float).tobytes())
    if frame.piece_rgb is not None:
        digest.update(np.ascontiguousarray(frame.piece_rgb).tobytes())
    return digest.hexdigest()


def _draw(shown: Shown, view: Mapping[str, Any]) -> Board:
    """The board of ``shown`` drawn into the page's layers by the window's board code."""
    ui, game, frame = shown.ui, shown.game, shown.frame
    drawn = meshes_only(ui.board_kind, shown.geometry)
    drawn.show(frame, _view_state(view, shown.flat))
    parts: dict[str, Drawn] = {}
    for name, mesh in {**drawn.still_meshes(), **drawn.layer_meshes()}.items():
        if mesh.n_points and mesh.n_cells:
            copies = copies_of(mesh)  # copies of one shape: the page draws them as glyphs
            look = PAGE_LAYER.get(name, "balls")
            parts[name] = MeshLayer(look, mesh) if copies is None else GlyphLayer(look, copies)
    for name, spheres in drawn.layer_spheres().items():
        parts[name] = SphereLayer(PAGE_LAYER.get(name, "balls"), spheres)
    kind = BOARD_VIEWS[ui.board_kind]
    board = Board(drawn=parts, drawer=drawn, flat=shown.flat)
    board.clips = bool(kind.supports_cut_open) and not shown.flat
    board.centres = np.asarray(shown.geometry.centres, dtype=float)
    board.levels = int(getattr(drawn, "level_count", 1))
    board.labels = [(text, point, "board") for text, point in drawn.board_labels()]
    board.labels += [(text, point, "frame") for text, point in drawn.label_spots]
    board.aims = _aims(drawn.layer_meshes().get("pointers"), frame, board)
    _legend(board, ui, game, frame)
    board.spots = _spots(board, ui, frame, view)
    return board


#: Each site's spot (the site a click there reaches), by the board's sites and view
#: (:func:`_reached`): a picture of a new position on the same board asks them again.
_REACHED: OrderedDict[str, dict[int, int]] = OrderedDict()
_REACHED_LOCK = threading.Lock()


def _reached(board: Board, view: Mapping[str, Any], gap: float) -> dict[int, int]:
    """Each site shown, and the spot a click at its centre reaches: the site a view ray
    through its centre picks (the board's own picking, from the page's first camera, the
    ray starting just before it: a point a ball hides is reached too; a hex's troop, a
    square's stack reach the hex, the square). Kept by what it depends on: the sites, the
    view and what the board shows (a Rolling board's 296 picks: 0.2 s)."""
    centres = board.centres
    shown = None if board.drawer is None else board.drawer.shown  # (per site: drawn or not)
    digest = hashlib.blake2b(digest_size=16)
    digest.update(np.ascontiguousarray(centres, dtype=float).tobytes())
    digest.update(repr(sorted(view.items())).encode())
    if shown is not None:
        digest.update(np.asarray(shown, dtype=bool).tobytes())
    key = digest.hexdigest()
    with _REACHED_LOCK:
        kept = _REACHED.get(key)
    if kept is not None:
        return kept
    eye = np.asarray(camera(board)["position"], dtype=float)
    reached: dict[int, int] = {}
    for site in range(len(centres)):
        if shown is not None and not shown[site]:
            continue  # (a ball inside the pile: no click reaches it)
        way = centres[site] - eye
        way /= np.linalg.norm(way)
        found = pick(board, centres[site] - way * 0.05 * gap, way)
        if found is not None:
            reached[site] = found
    with _REACHED_LOCK:
        _REACHED[key] = reached
        while len(_REACHED) > _BOARDS_KEPT:
            _REACHED.popitem(last=False)
    return reached


def _spots(board: Board, ui: GameUI[Any], frame: Frame, view: Mapping[str, Any]) -> list[Spot]:
    """The sites a keyboard's focus point stops at (issue 107), as a click would find them
    (:func:`_reached`), with its name, its centre and its words: what holds it (the pieces
    of the sites a click there reaches) and, on a board of stacked balls, the balls resting
    on it (what hides it)."""
    centres = board.centres
    if board.drawer is None or not len(centres):
        return []
    gaps = np.linalg.norm(centres[1:] - centres[0], axis=1) if len(centres) > 1 else np.ones(1)
    gap = float(gaps[gaps > 1e-9].min()) if (gaps > 1e-9).any() else 1.0
    held: dict[int, list[str]] = {}
    for site, found in _reached(board, view, gap).items():
        colour = frame.pieces.get(site)
        held.setdefault(found, [])
        if colour is not None and found == site:
            held[found].insert(0, colour)
        elif colour is not None:
            held[found].append(colour)
    spots: list[Spot] = []
    for site in sorted(held):
        point = [int(c) for c in ui.coords_of(site)]
        name = ui.site_name(site)  # (as the game writes it in moves: "1,0,2", "c3", "S2")
        colours = held[site]
        said = (
            M_("{point}: {pieces}", point=name, pieces=joined(dict.fromkeys(colours), " and "))
            if colours
            else M_("{point}: empty", point=name)
        )
        over = _resting_on(centres, site, gap, frame.pieces) if not board.flat else []
        if over:
            names = [ui.site_name(s) for s in over]
            said = M_("{spot}, hidden by {points}", spot=said, points=joined(names, " and "))
        at = [round(float(c), 4) for c in centres[site]]
        spots.append({"point": point, "at": at, "words": said, "held": bool(colours)})
    return spots


def _resting_on(centres: np.ndarray, site: int, gap: float, pieces: Mapping[int, str]) -> list[int]:
    """The sites holding a piece that rest on ``site`` (a ball above it that touches it,
    nearer in plan than a neighbour of its own level: what hides it from above)."""
    step = centres - centres[site]
    plan = np.linalg.norm(step[:, :2], axis=1)
    reach = np.linalg.norm(step, axis=1)
    above = (step[:, 2] > 0.05 * gap) & (reach < 1.05 * gap) & (plan < 0.9 * gap)
    return [int(s) for s in np.flatnonzero(above) if int(s) in pieces]


def _aims(cones: pv.PolyData | None, frame: Frame, board: Board) -> Aims:
    """The frame's cones and labels, each with the site it stands for (a label's: the
    site of that name nearest its spot)."""
    labels: list[tuple[int, tuple[float, ...]]] = []
    for text, spot in (label[:2] for label in board.labels if label[2] == "frame"):
        named = [label.site for label in frame.labels if label.text == text]
        if named:
            near = np.linalg.norm(board.centres[named] - np.asarray(spot), axis=1)
            labels.append((named[int(np.argmin(near))], spot))
    pointed = [p.site for p in frame.pointers]
    return Aims.of(cones, pointed, labels, board.centres)


def _view_state(view: Mapping[str, Any], flat: bool) -> ViewState:
    state = ViewState()
    if not flat:
        state.set_levels(0, int(view.get("top", 99)))
        state.set_peel(int(view.get("peel", 0)))
        clip = view.get("clip")
        if clip is not None:  # across the base: the points with x up to ``clip`` stay
            state.set_clip(0, enabled=True, value=float(clip), keep_below=True)
    return state


def _legend(board: Board, ui: GameUI[Any], game: Game, frame: Frame) -> None:
    """The pieces by colour, then what the frame's overlays mean: the window's legend
    lines (:func:`~viewer.lab.legend_entries.legend_entries`), each with its kind."""
    for colour in dict.fromkeys(frame.pieces.values()):
        said = M_("{side}'s {pieces}", side=word(colour), pieces=word(ui.piece_word))
        board.say(palette.piece_rgb(colour), said, "pieces")
    for entry in legend_entries(frame, ui.legend_words(game, frame)):
        board.say(entry.colours[0] if entry.colours else None, entry.text, entry.kind)


def on_board(game: Game, point: Sequence[int]) -> bool:
    """Whether ``point`` (a position file's coordinates) is a site of ``game``'s board, as
    its UI reads it."""
    ui = ui_class(game)()
    ui.geometry(game)
    site = site_of(ui, point)
    if site is None:
        return False
    try:
        return tuple(ui.coords_of(site)) == tuple(point)
    except (KeyError, ValueError, IndexError):
        return False


def pick(board: Board, origin: Sequence[float], direction: Sequence[float]) -> int | None:
    """The site the view ray from ``origin`` along ``direction`` meets (the board view's
    own picking), else the site of a cone or label it meets (a corner's marker or name:
    the student aimed at that corner), or None."""
    ray = unit_ray(origin, direction)
    if ray is None or board.drawer is None:
        return None
    site = board.drawer.pick_ray(*ray)
    if site is None and board.aims is not None:  # a corner's cone or name: its site
        site = board.aims.aimed(*ray)
    return None if site is None else int(site)


def behind(
    board: Board, origin: Sequence[float], direction: Sequence[float]
) -> Callable[[int], list[int]]:
    """The sites the same view ray passes through beyond a site, nearest first (points a
    ball hides: the board's advice offers the point on a second click, as the window's)."""
    ray = unit_ray(origin, direction)
    drawer = board.drawer

    def beyond(site: int) -> list[int]:
        if ray is None or drawer is None or drawer.pick_ray(*ray) != site:
            return []  # (a site aimed at by its cone or name: the ray passes by its ball)
        return list(drawer.behind_ray(site, *ray))

    return beyond


def camera(board: Board) -> Camera:
    """The page's camera: the window's "iso" view of the board, from far enough."""
    drawer = board.drawer
    assert drawer is not None
    x0, x1, y0, y1, z0, z1 = drawer.bounds()
    middle = np.array([(x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2])
    views = getattr(drawer, "views", {})
    direction, up = views.get("iso", palette.VIEWS["iso"])
    way = np.asarray(direction, dtype=float)
    way /= np.linalg.norm(way)
    reach = float(np.linalg.norm([x1 - x0, y1 - y0, z1 - z0])) * 1.3
    return {
        "focalPoint": [float(c) for c in middle],
        "position": [float(c) for c in middle + way * reach],
        "viewUp": [float(c) for c in up],
    }
