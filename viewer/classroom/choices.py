"""What a student's page lists beside the board: the moves of the position (those that
involve the site last clicked first), each in the game's words and under the window's
Turn dock's headings, the form of a position whose moves are too many to list (Pyramid
Ball's programs), and the game's panels (Rolling's dice pool and faction boards).

**Hidden information.** A student sits one seat: the player to move in the step's position
(none at a simultaneous node: both sides are programmed). All of it is made from the
position as that seat may see it (:meth:`model.game.Game.information_state`: another seat's
secret orders lose their targets), never from the position itself; the board's own frame
shows the seat's secrets only (the game UI's: the student is seated, as a hot seat's
player who took the screen).

The game's UI is the board's (:mod:`viewer.lab.board`): nothing here names a game or clicks
one. No Qt here."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pyramid_lab.i18n import M_, N_
from pyramid_lab.model.game import Game, Move

from ..lab.board import Board as LabBoard
from ..lab.board import FrontWords
from ..lab.game_ui import GameUI
from ..lab.game_words import MoveForm
from ..lab.view_state import BoardGeometry
from .replies import Form, FormPart, MoveGroup, Moves, MoveShown, Panel

#: What a game's words call the controls beside the board, in the page (the window says
#: "the Turn dock").
PAGE_CONTROLS = M_("the moves listed beside the board")


def page_reach(level: int, front: int) -> str:
    """The page's way to a point of ``level`` hidden behind balls whose lowest is of level
    ``front`` (:attr:`viewer.lab.board.FrontWords.reach`; the window's: its View dock's
    levels and camera): the levels above the point hidden (the slider Levels shown) where
    every ball in front is one of them; else that and the board seen from above, turned by
    a drag (no ball of the point's level or below hides it there: a point inside the
    pyramid is hidden from every side while the levels above it show)."""
    if level < front:
        return M_("set Levels shown (under the board) to {levels}", levels=level + 1)
    return M_(
        "set Levels shown (under the board) to {levels} and look from above "
        "(drag the board to turn it)",
        levels=level + 1,
    )


#: The page's words for its ways, handed to the student's board as it is made.
#: (The page builds no whole-game table: where the book ends, its words name the command.)
PAGE_WORDS = FrontWords(PAGE_CONTROLS, page_reach, build_table="")


#: The most moves a page lists as buttons; past it, a drop-down list.
MAX_BUTTONS = 24
#: The most moves a page is sent at all (a position with more offers a form or the text box).
MAX_LISTED = 200


def seat_view(game: Game, seat: int) -> Game:
    """``game`` as seat ``seat`` may see it (-1: every seat is the student's, a copy)."""
    return game.information_state(seat) if seat >= 0 else game.copy()


@dataclass
class Choices:
    """The page's lists of the position on the board, as the student's seat sees it."""

    ui: GameUI[Any]
    view: Game
    seat: int
    geometry: BoardGeometry
    #: The site last clicked at this position (its moves are listed first), or None.
    site: int | None = None

    @classmethod
    def of(cls, board: LabBoard, seat: int, site: int | None = None) -> Choices:
        return cls(board.ui, seat_view(board.session.game, seat), seat, board.geometry(), site)

    @property
    def lists_moves(self) -> bool:
        """The page lists the moves beside the board: not where a move is one click on an
        empty site (a ball placed), as in the window."""
        return not self.ui.heat_map

    def cell(self, site: int) -> int:
        """The cell a site is in (a square, a hex; a field is its own)."""
        return self.ui.cell_of(site)

    def legal(self) -> list[Move]:
        """The moves of the seat now ([] at a simultaneous node, or past the seat's turn)."""
        view = self.view
        if view.current_player() < 0 or view.current_player() != self.seat:
            return []
        moves = view.legal_moves()
        return list(moves) if len(moves) <= MAX_LISTED else []

    def moves(self) -> Moves:
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
        listed: list[MoveShown] = [
            {"text": str(m), "words": self.ui.move_words(self.view, m)} for m in legal
        ]
        form = self.ui.move_form(self.view)
        found = self.ui.move_groups(self.view, legal) if legal else None
        groups: list[MoveGroup] = [
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

    def panels(self) -> list[Panel]:
        """What the game's docks show beside the board (Rolling's dice pool and faction
        boards), from the position as the seat sees it."""
        return [
            {"title": p.title, "html": p.html, "open": p.open} for p in self.ui.panels(self.view)
        ]

    def form_move(self, chosen: Sequence[str]) -> str:
        """The move's text of the form's choices (ValueError: not the form's)."""
        form = self.ui.move_form(self.view)
        if form is None:
            raise ValueError(N_("this position has no form: click the board or type the move"))
        return form.text(chosen)

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
            while len(_CELLS) > _CELLS_KEPT:
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


#: The cells each move of a position involves (:meth:`Choices._move_cells`), by the position.
_CELLS: OrderedDict[tuple[Any, ...], list[frozenset[int]]] = OrderedDict()
_CELLS_KEPT = 128
_CELLS_LOCK = threading.Lock()


def _form_json(form: MoveForm) -> Form:
    groups: dict[str, dict[str, list[FormPart]]] = {}
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
        "key": form.key,
    }
