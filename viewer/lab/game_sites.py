"""Where a game UI's pieces stand (:class:`BoardSites`: the board's geometry, sites and
their names) and how the engine's hint is drawn on them (:class:`HintDrawing`): parts of
:class:`viewer.lab.game_ui.GameUI`, each a group of hooks a game overrides."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Generic

from pyramid_lab.i18n import M_
from pyramid_lab.model.game import Game, Move

from .frame import Frame, Marker
from .outcome_words import word
from .turn_builder import Turn
from .view_state import BoardGeometry


class BoardSites(Generic[Turn]):
    """The board a game UI draws and its sites: a site is an int the board view knows;
    coordinates are a piece's in position files."""

    def geometry(self, game: Game) -> BoardGeometry:
        """The geometry the board view is built on (the same object for the same board,
        so the view is kept)."""
        raise NotImplementedError

    def sites(self, game: Game) -> dict[int, str]:
        """The pieces on the board: site -> colour."""
        site_of = self.site_of
        return {site_of(coords): colour for coords, colour in game.pieces()}

    def site_of(self, coords: tuple[int, ...]) -> int:
        """The site of a piece's coordinates in position files."""
        raise NotImplementedError

    def coords_of(self, site: int) -> tuple[int, ...]:
        """A site's coordinates in position files."""
        raise NotImplementedError

    def site_name(self, site: int) -> str:
        """A site as the game writes it in moves ("1,0,2", "c3")."""
        return ",".join(map(str, self.coords_of(site)))

    def cell_of(self, site: int) -> int:
        """The cell a site is in (a square, a hex: its pieces' sites share it); a site is
        its own by default (a ball, a field)."""
        return site

    def corner_site(self, game: Game, name: str) -> int | None:
        """The site of the corner called ``name`` (Partition's "SW", "AP": Practice's
        first hint points at it); None where the board has no such corner (by default)."""
        return None

    def setup_frame(self, pieces: Mapping[int, str], geometry: BoardGeometry) -> Frame:
        """Set-up mode: every site takes a click; empty ones show a marker."""
        return Frame(
            pieces=dict(pieces),
            markers=tuple(Marker(s, "setup") for s in range(geometry.count) if s not in pieces),
        )

    def describe(self, game: Game, turn: Turn, site: int, shown: Mapping[int, str]) -> str:
        """Hover text of a site, as the scene shows it."""
        colour = shown.get(site)
        if colour:
            return M_("{site}, {colour}", site=self.site_name(site), colour=word(colour))
        return M_("{site}, empty", site=self.site_name(site))


class HintDrawing(Generic[Turn]):
    """The engine's hinted move drawn on the board: where it puts, lifts and removes."""

    def move_sites(self, game: Game, move: Move) -> tuple[int, ...]:
        """The sites a legal ``move`` of ``game`` puts a piece of the mover on (a hint
        draws a ghost piece there); none by default."""
        return ()

    def move_from(self, game: Game, move: Move) -> tuple[int, ...]:
        """The sites a legal ``move`` takes the mover's piece from to put it elsewhere (a
        lift, a step; a hint rims them "selected"); none by default."""
        return ()

    def move_removes(self, game: Game, move: Move) -> tuple[int, ...]:
        """The pieces a legal ``move`` takes off the board (removals, captures; a hint
        rims them "remove"); none by default."""
        return ()

    def hint_frame(self, game: Game, move: Move, frame: Frame) -> Frame:
        """``frame`` with the engine's hinted ``move`` drawn: a ghost piece of the mover's
        colour where it puts one (:meth:`move_sites`), the "selected" rim on where it comes
        from (:meth:`move_from`: a lift, a step) and the "remove" rim on the pieces it takes
        off the board (:meth:`move_removes`)."""
        mover = game.to_move
        ghosts = {**frame.ghosts, **dict.fromkeys(self.move_sites(game, move), mover)}
        highlights = dict(frame.highlights)
        for style, sites in (
            ("selected", self.move_from(game, move)),
            ("remove", self.move_removes(game, move)),
        ):
            if sites:
                highlights[style] = tuple(highlights.get(style, ())) + tuple(sites)
        return dataclasses.replace(frame, ghosts=ghosts, highlights=highlights)

    def hinted_move(self, game: Game, move: Move, words: str = "") -> None:
        """The engine's hint for ``game`` came (it is drawn by :meth:`hint_frame`);
        ``words``: the status bar's sentence on it (a dock may show it whole)."""

    def hint_refusal(self, game: Game) -> str:
        """Why no hint may be given now ('' when one may): a hot seat's screen not yet
        handed to the player deciding, say (the hint would show whoever sits there)."""
        return ""

    def hint_side(self, game: Game, turn: Turn) -> int | None:
        """The side a hint is for at a simultaneous node (the side whose part is being
        made on screen), or None."""
        return None
