"""Every game's board for a student's page (the ball pyramid, a stepped pyramid, a flat
grid, a hex map), drawn and clicked as the window does: one picture, two renderers.

The game's own UI (``viewer/games/<name>/``, found by :func:`viewer.games.ui_class`; it
imports no Qt until its docks are made) makes the frame of the position, with the step's
overlays set on it as the window's lesson sets them (Partition's corners, walls, groups,
a corner's region: the rules' own teaching words), and its turn builder takes the clicks
(a ball placed, a stone selected and its destinations marked, a destination played, a hex
chosen); the window's board code draws the frame into meshes
(:func:`viewer.boards.meshes_only`: no plotter, nothing rendered), which go to the page.
A click is a view ray from the page's camera; the board view's own picking finds the site
it meets. Nothing here names a game or asks one for a method by name
(``tests/web/test_sites.py``).

**Hidden information.** A student sits one seat: the player to move in the step's position
(none at a simultaneous node: both sides are programmed). Everything the page is sent, the
frame and its labels, the moves listed, the form, is made from the position as that seat
may see it (:meth:`model.game.Game.information_state`: another seat's secret orders lose
their targets), never from the position itself; the move chosen is played on the student's
own position and judged by the lesson.

No Qt here (``tests/viewer/test_contracts.py``; ``tests/web/test_sites.py`` checks that
serving every shipped lesson loads none)."""

from __future__ import annotations

import dataclasses
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import pyvista as pv

from model.game import Game, Move
from model.lesson import Verdict

from ..boards import BOARD_VIEWS, meshes_only
from ..games import GameUI, MoveForm, ui_class
from ..lab import palette
from ..lab.frame import Frame
from ..lab.legend_entries import legend_entries
from ..lab.lesson_marks import lesson_frame, site_of
from ..lab.view_state import ViewState
from .scene import LAYERS, Board, Drawn, unit_ray

#: The most moves a page lists as buttons; past it, a drop-down list.
MAX_BUTTONS = 24
#: The most moves a page is sent at all (a position with more offers a form or the text box).
MAX_LISTED = 200
#: The page's layer of each board view's mesh (any other: "balls", the opaque pieces and
#: board): translucent ghosts, marks over the board, rims round balls, faint faces, and
#: the paths' faint copy drawn over everything (x-ray).
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


class Seat:
    """A student's place at a site board: the game's UI, the seat they play, the position
    as that seat sees it (:attr:`view`) and the turn being built on it, and the site last
    clicked. Made anew for each position."""

    def __init__(self, game: Game, seat: int, overlays: Mapping[str, Any] | None = None) -> None:
        self.seat = seat
        self.ui: GameUI[Any] = ui_class(game)()
        self.ui.controls = "the moves listed beside the board"  # the page has no docks
        self.ui.set_overlays(overlays or {})  # the step's, as the window's lesson sets them
        self.view = game.information_state(seat) if seat >= 0 else game.copy()
        self.geometry = self.ui.geometry(self.view)
        self.turn = self.ui.turn(self.view)
        self.site: int | None = None
        if seat >= 0 and self.view.current_player() == seat:
            # The student sits at their own screen: a UI that waits for the player deciding
            # to take the screen (Rolling's hot seat, "I am red" in its Turn dock, which
            # the page has not) has them seated, so the map takes their clicks and shows
            # their own secret orders (the view holds no one else's).
            take_seat = getattr(self.ui, "take_seat", None)
            if callable(take_seat):
                take_seat()

    @property
    def flat(self) -> bool:
        return bool(BOARD_VIEWS[self.ui.board_kind].flat)

    def cell(self, site: int) -> int:
        """The cell a site is in (a square, a hex; a field is its own)."""
        cell_of = getattr(self.geometry, "cell_of", None) or getattr(
            self.geometry, "square_of", None
        )
        return int(cell_of(site)) if callable(cell_of) else int(site)

    def click(self, site: int) -> Move | str | None:
        """A click on ``site``, through the game's turn builder as in the window: the move
        it makes, why it makes none (words), or None (a selection changed)."""
        self.site = site
        return self.ui.click(self.view, self.turn, site)

    def legal(self) -> list[Move]:
        """The moves of the seat now ([] at a simultaneous node, or past the seat's turn)."""
        view = self.view
        if view.current_player() < 0 or view.current_player() != self.seat:
            return []
        moves = view.legal_moves()
        return list(moves) if len(moves) <= MAX_LISTED else []

    @property
    def lists_moves(self) -> bool:
        """The page lists the moves beside the board: not where a move is one click on an
        empty site (a ball placed), as in the window."""
        return not self.ui.heat_map

    def moves(self) -> dict[str, Any]:
        """The moves the page offers: those that involve the site last clicked (where it
        comes from, goes to or takes), else all of them, each with the game's words; and
        the form of a position whose moves are too many to list."""
        legal = self.legal()
        about = ""
        if self.site is not None and legal:
            cell = self.cell(self.site)
            cells = self._move_cells(legal)
            near = [m for m, its in zip(legal, cells, strict=True) if cell in its]
            if near:
                legal, about = near, self.ui.site_name(self.site)
        listed = [{"text": str(m), "words": self.ui.move_words(self.view, m)} for m in legal]
        form = self.ui.move_form(self.view)
        found = self.ui.move_groups(self.view, legal) if legal else None
        groups = [
            {
                "title": group.title,
                "moves": [{"text": str(m), "words": words} for m, words in group.choices],
            }
            for group in found or ()
        ]
        return {
            "moves": listed,
            "groups": groups,  # the window's Turn dock's headings: buttons under each
            "about": about,
            "buttons": len(listed) <= MAX_BUTTONS,
            "form": None if form is None else _form_json(form),
        }

    def panels(self) -> list[dict[str, Any]]:
        """What the game's docks show beside the board (Rolling's dice pool and faction
        boards), from the position as the seat sees it."""
        return [
            {"title": p.title, "html": p.html, "open": p.open} for p in self.ui.panels(self.view)
        ]

    def _move_cells(self, legal: Sequence[Move]) -> list[frozenset[int]]:
        """The cells each of ``legal`` (the seat's moves now) involves, worked out once for
        every student at the same position (a move's removals are a preview of it played:
        on Allmer's board, 33 moves, 17 ms of each stone's click)."""
        key = (
            type(self.ui).__qualname__,
            self.view.name,
            repr(self.view.position_key()),
            self.seat,
            tuple(str(m) for m in legal),
        )
        with _CELLS_LOCK:
            kept = _CELLS.get(key)
            if kept is not None:
                _CELLS.move_to_end(key)
                return kept
        found = [frozenset(self._cells(m)) for m in legal]
        with _CELLS_LOCK:
            _CELLS[key] = found
            while len(_CELLS) > _BOARDS_KEPT:
                _CELLS.popitem(last=False)
        return found

    def _cells(self, move: Move) -> set[int]:
        ui, view = self.ui, self.view
        sites: Iterable[int] = (
            *ui.move_from(view, move),
            *ui.move_sites(view, move),
            *ui.move_removes(view, move),
        )
        return {self.cell(s) for s in sites}

    def form_move(self, chosen: Sequence[str]) -> str:
        """The move's text of the form's choices (ValueError: not the form's)."""
        form = self.ui.move_form(self.view)
        if form is None:
            raise ValueError("this position has no form: click the board or type the move")
        return form.text(chosen)


def _form_json(form: MoveForm) -> dict[str, Any]:
    groups: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for index, part in enumerate(form.parts):
        rows = groups.setdefault(part.group, {})
        rows.setdefault(part.row, []).append(
            {"index": index, "label": part.label, "choices": list(part.choices)}
        )
    return {
        "groups": [
            {
                "title": group,
                "rows": [{"title": row, "parts": parts} for row, parts in rows.items()],
            }
            for group, rows in groups.items()
        ],
        "defaults": [part.choices[0] for part in form.parts],
    }


class MeshLayer:
    """A layer of the page's board made of meshes a board view drew (each with a per-cell
    ``rgb``)."""

    def __init__(self) -> None:
        self.parts: list[pv.PolyData] = []
        self._key = ""

    def key(self) -> str:
        """A digest of the layer's meshes, worked out once (a layer is only read once its
        board is drawn): every answer sends each layer's key."""
        if self._key:
            return self._key
        digest = hashlib.blake2b(digest_size=16)
        for mesh in self.parts:
            digest.update(np.asarray(mesh.points, dtype=np.float32).tobytes())
            digest.update(np.asarray(mesh.faces).tobytes())
            digest.update(np.asarray(mesh.cell_data["rgb"], dtype=np.uint8).tobytes())
            digest.update(b"|")
        self._key = digest.hexdigest()
        return self._key

    def mesh(self) -> pv.PolyData | None:
        parts = [p for p in self.parts if p.n_points and p.n_cells]
        if not parts:  # (the board sends a speck instead)
            return None
        merged = parts[0] if len(parts) == 1 else pv.merge(parts, merge_points=False)
        return browser_mesh(merged)


def browser_mesh(mesh: pv.PolyData) -> pv.PolyData:
    """``mesh`` (per-cell ``rgb``) with normals, its points split where faces meet at an
    edge (a column's top and its sides), so that each point has one colour: per-point
    ``rgb``, as the page's mapper takes it."""
    rgb = np.asarray(mesh.cell_data["rgb"], dtype=np.uint8)
    plain = pv.PolyData(mesh.points, mesh.faces)
    plain.cell_data["cell"] = np.arange(plain.n_cells)
    split = plain.compute_normals(
        cell_normals=False,
        point_normals=True,
        split_vertices=True,
        feature_angle=40.0,
        consistent_normals=False,
        auto_orient_normals=False,
    )
    cells = np.asarray(split.cell_data["cell"])
    faces = np.asarray(split.faces)
    point_rgb = np.zeros((split.n_points, 3), dtype=np.uint8)
    if len(faces) == 4 * len(cells) and (faces[0::4] == 3).all():  # triangles: at once
        point_rgb[faces.reshape(-1, 4)[:, 1:]] = rgb[cells][:, None, :]
    else:
        i = cell = 0
        while i < len(faces):  # each cell's colour on its points
            n = int(faces[i])
            point_rgb[faces[i + 1 : i + 1 + n]] = rgb[cells[cell]]
            i += n + 1
            cell += 1
    out = pv.PolyData(split.points, faces)
    out.point_data["Normals"] = np.asarray(split.point_data["Normals"])
    out.point_data["rgb"] = point_rgb
    return out


def site_board(
    seat: Seat,
    *,
    highlights: Iterable[tuple[int, ...]] = (),
    picked: Iterable[tuple[int, ...]] = (),
    verdict: Verdict | None = None,
    view: Mapping[str, Any] | None = None,
) -> Board:
    """The board of the seat's position as the window draws it, with the turn being built
    (the site last clicked) and the lesson's marks as the window's lesson layer draws them
    (:func:`~viewer.lab.lesson_marks.lesson_frame`: the step's highlights, the points picked,
    a wrong answer's path)."""
    ui, game = seat.ui, seat.view
    frame = lesson_frame(
        ui.frame(game, seat.turn), ui, highlights=highlights, picked=picked, verdict=verdict
    )
    key = _picture_key(seat, frame, view or {})
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
            kept = _draw(seat, frame, view or {})
            with _BOARDS_LOCK:
                _BOARDS[key] = kept
                while len(_BOARDS) > _BOARDS_KEPT:
                    _BOARDS.popitem(last=False)
        with _BOARDS_LOCK:
            if _DRAWING.get(key) is drawing:
                del _DRAWING[key]
    return kept


#: Boards drawn, by what they show (:func:`_picture_key`): the class on one step, each
#: student at the same point of it, shares one (a board is only read once drawn).
_BOARDS: OrderedDict[str, Board] = OrderedDict()
_BOARDS_KEPT = 128
_BOARDS_LOCK = threading.Lock()
#: The cells each move of a position involves (:meth:`Seat._move_cells`), by the position.
_CELLS: OrderedDict[tuple[Any, ...], list[frozenset[int]]] = OrderedDict()
_CELLS_LOCK = threading.Lock()
#: The pictures being drawn, each with the lock its drawing holds.
_DRAWING: dict[str, threading.Lock] = {}


def _picture_key(seat: Seat, frame: Frame, view: Mapping[str, Any]) -> str:
    """A digest of everything a board's drawing depends on: the game's UI and position
    (the legend's words), the board's geometry, the frame and the view."""
    digest = hashlib.blake2b(digest_size=20)
    geometry = seat.geometry
    plain = dataclasses.replace(frame, piece_rgb=None)  # (numpy's repr elides a long array)
    for part in (
        type(seat.ui).__qualname__,
        seat.ui.board_kind,
        seat.view.name,
        repr(seat.view.position_key()),
        repr(plain),
        repr(sorted(view.items())),
    ):
        digest.update(part.encode("utf-8", "replace"))
        digest.update(b"|")
    digest.update(np.ascontiguousarray(geometry.centres, dtype=float).tobytes())
    if frame.piece_rgb is not None:
        digest.update(np.ascontiguousarray(frame.piece_rgb).tobytes())
    return digest.hexdigest()


def _draw(seat: Seat, frame: Frame, view: Mapping[str, Any]) -> Board:
    """The board of ``frame`` drawn into the page's layers by the window's board code."""
    ui, game = seat.ui, seat.view
    drawn = meshes_only(ui.board_kind, seat.geometry)
    drawn.show(frame, _view_state(view, seat.flat))
    layers = {name: MeshLayer() for name in LAYERS}
    kind = BOARD_VIEWS[ui.board_kind]
    board = Board(drawn=dict[str, Drawn](layers), drawer=drawn, flat=seat.flat)
    board.clips = bool(kind.supports_cut_open) and not seat.flat
    board.centres = np.asarray(seat.geometry.centres, dtype=float)
    board.levels = int(getattr(drawn, "level_count", 1))
    meshes = {**drawn.still_meshes(), **drawn.layer_meshes()}
    for name, mesh in meshes.items():
        layers[PAGE_LAYER.get(name, "balls")].parts.append(mesh)
    board.labels = [(text, point, "board") for text, point in drawn.board_labels()]
    board.labels += [(text, point, "frame") for text, point in drawn.label_spots]
    _legend(board, ui, game, frame)
    return board


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
    lines (:func:`~viewer.widgets.legend_entries.legend_entries`), each with its kind."""
    for colour in dict.fromkeys(frame.pieces.values()):
        board.say(palette.piece_rgb(colour), f"{colour}'s {ui.piece_word}", "pieces")
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
    own picking), or None."""
    ray = unit_ray(origin, direction)
    if ray is None or board.drawer is None:
        return None
    site = board.drawer.pick_ray(*ray)
    return None if site is None else int(site)


def camera(board: Board) -> dict[str, Any]:
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
