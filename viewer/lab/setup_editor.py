"""Set-up mode (Qt-free): paint pieces of any player's colour or erase them, choose the
side to move, then leave through the rules' own validation. Every edit can be undone.
What a game keeps beyond its pieces (its files' ``state``: scores, the special moves held,
the ball) is kept as it was, and so is what a piece left as it was says beyond its site
and colour (a Rolling Pyramids garrison's troops and heroes): only painted pieces take the
board's coordinates. Leaving with nothing changed (:attr:`SetupEditor.changed`) is no new
position."""

from __future__ import annotations

import re

from pyramid_lab.i18n import M_
from pyramid_lab.model.errors import study_hint_as
from pyramid_lab.model.game import Game, PositionFormatError
from pyramid_lab.model.setup import file_state, from_setup_state
from pyramid_lab.model.words import colour as side_word

from .game_ui import UI

ERASE = None


class SetupEditor:
    def __init__(self, game: Game, ui: UI) -> None:
        self.game_class = type(game)
        self.options = game.options
        self.ui = ui
        self.players = game.players
        self.pieces: dict[int, str] = ui.sites(game)
        # the file's piece on each site as the position has it (site -> coords, colour)
        self._given: dict[int, tuple[tuple[int, ...], str]] = {}
        for coords, colour in game.pieces():
            self._given[ui.site_of(tuple(coords))] = (tuple(coords), colour)
        self._pieces_before = dict(self.pieces)
        self.to_move = game.to_move
        self.study = game.study
        self._before = (game.to_move, game.study)
        self.state = file_state(game)  # kept through the set-up (None: the game has none)
        self.brush: str | None = game.players[0]
        self._undo: list[tuple[int, str | None]] = []
        self._redo: list[tuple[int, str | None]] = []

    def click(self, pid: int) -> None:
        """Paint the brush's colour on ``pid``; a ball already of that colour is erased."""
        current = self.pieces.get(pid)
        new = ERASE if current == self.brush else self.brush
        if new != current:
            self._set(pid, new, self._undo)
            self._redo.clear()

    def _set(self, pid: int, colour: str | None, log: list[tuple[int, str | None]]) -> None:
        log.append((pid, self.pieces.get(pid)))
        if colour is None:
            self.pieces.pop(pid, None)
        else:
            self.pieces[pid] = colour

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> None:
        if self._undo:
            pid, colour = self._undo.pop()
            self._set(pid, colour, self._redo)

    def redo(self) -> None:
        if self._redo:
            pid, colour = self._redo.pop()
            self._set(pid, colour, self._undo)

    def clear(self) -> None:
        for pid in list(self.pieces):
            self._set(pid, ERASE, self._undo)
        self._redo.clear()

    @property
    def changed(self) -> bool:
        """Something differs from the position set-up mode began at: a piece, the side to
        move or the Study box."""
        return self.pieces != self._pieces_before or (self.to_move, self.study) != self._before

    def _coords(self, site: int, colour: str) -> tuple[int, ...]:
        """A piece's coordinates in files: the position's own where the piece is as it was
        (a board site may say less of it), else the board's."""
        given = self._given.get(site)
        if given is not None and given[1] == colour:
            return given[0]
        return self.ui.coords_of(site)

    def build(self) -> Game:
        """The set-up position, validated by the game's rules (PositionFormatError)."""
        sites = sorted(self.pieces.items())
        pieces = [(self._coords(site, colour), colour) for site, colour in sites]
        try:
            if self.state is not None:
                return from_setup_state(
                    self.game_class,
                    self.options,
                    self.to_move,
                    pieces,
                    self.state,
                    study=self.study,
                )
            return self.game_class.from_setup(self.options, self.to_move, pieces, study=self.study)
        except PositionFormatError as exc:
            # "pieces[2]" and "study" are the file's words: say which piece on the board is
            # meant, and the dock's Study box
            reason = _in_dock(exc.reason)
            where = exc.key
            found = re.fullmatch(r"pieces\[(\d+)\]", exc.key)
            if found and int(found.group(1)) < len(sites):
                site, colour = sites[int(found.group(1))]
                where = M_(
                    "the {colour} piece on {site}",
                    colour=side_word(colour),
                    site=self.ui.site_name(site),
                )
            if (where, reason) == (exc.key, exc.reason):
                raise
            raise PositionFormatError(where, reason) from None


def _in_dock(reason: str) -> str:
    """A set-up's refusal as the Set-up dock says it: its way round a position play cannot
    reach is the dock's Study box, not a file's key (a Message stays one, said where it is
    read: issue 108)."""
    return study_hint_as(reason, M_('tick "Study" above'))
