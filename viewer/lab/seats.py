"""Who plays each seat: a human, or the computer at a level of its own; and whether the
computer waits (paused by Stop or Undo until a move is made on the board, or a new choice
of players). Qt-free: the lab and the window's engine (viewer.desktop.engine) both keep theirs
here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pyramid_lab.model import search
from pyramid_lab.model.game import SIMULTANEOUS, Game


class Seats:
    def __init__(self) -> None:
        self.computer: dict[str, str] = {}  # colour -> level, for the colours it plays
        self.paused = False  # Stop or Undo: the computer waits for a move on the board

    def set(self, game: Game, colour: str, level: str | None) -> bool:
        """``colour`` is played by the computer at ``level``, or by a human (None); False
        when that was so already. A bad colour or level is a ValueError saying why."""
        if colour not in game.players:
            raise ValueError(f"{game.name} has no player {colour!r} (it has {game.players})")
        levels = search.levels_for(game)
        if level is not None and level not in levels:
            raise ValueError(f"unknown level {level!r} (here: {', '.join(levels)})")
        if self.computer.get(colour) == level:
            return False
        if level is None:
            self.computer.pop(colour, None)
        else:
            self.computer[colour] = level
            self.paused = False
        return True

    def choose(self, computer: Mapping[str, str]) -> None:
        """A new game's choice: the computer plays these colours (colour -> level)."""
        known = search.computer.all_levels()
        for level in computer.values():
            if level not in known:
                raise ValueError(f"unknown level {level!r}")
        self.computer = dict(computer)
        self.paused = False

    def keep(self, game: Game, players: Sequence[str]) -> None:
        """Another game came (``players``: its colours): colours it lacks, and levels it
        does not offer, go."""
        levels = search.levels_for(game)
        self.computer = {c: lv for c, lv in self.computer.items() if c in players and lv in levels}

    def playing(self, game: Game) -> dict[str, str]:
        """colour -> level of the colours the computer plays now: none while it is paused
        at a simultaneous node (the humans make its parts of this turn)."""
        if self.paused and game.current_player() == SIMULTANEOUS:
            return {}
        return dict(self.computer)

    def plays_all(self, game: Game) -> bool:
        return all(c in self.computer for c in game.players)

    def sides(self, game: Game, waiting: Sequence[int]) -> tuple[int, ...]:
        """The sides the computer should move for now: the side to move, or at a
        simultaneous node each of its sides among ``waiting`` (whose parts are still due)."""
        player = game.current_player()
        if player >= 0:
            return (player,) if game.players[player] in self.computer else ()
        if player == SIMULTANEOUS:
            return tuple(s for s in waiting if game.players[s] in self.computer)
        return ()
