"""The game being edited: the position, undo / redo, the move list, and its file.

Qt-free: the window, the scene and the tests observe ``changed`` (a reason string) and
``message`` (text for the status bar). Every change goes through here, so undo covers all
of them and a failed action leaves everything as it was.
"""

from __future__ import annotations

from pathlib import Path

from model.files import Lesson, PositionDocument, read, write
from model.game import Game, Move

from .events import Signal


class Session:
    def __init__(
        self,
        game: Game,
        *,
        path: str | Path | None = None,
        puzzle: dict[str, str] | None = None,
        lesson: Lesson | None = None,
    ) -> None:
        self.changed = Signal()  # reason: "move", "undo", "redo", "goto", "load", "new"
        self.message = Signal()  # text for the status bar
        self._game = game
        self._redo: list[Move] = []
        self._replaced: list[tuple[Game, list[Move]]] = []  # earlier games, for undo
        self.path = Path(path) if path else None
        self.puzzle = dict(puzzle or {})
        self.lesson = lesson  # the lesson the file teaches: caption and overlays
        self.dirty = False

    @classmethod
    def from_document(cls, doc: PositionDocument, path: str | Path | None = None) -> Session:
        return cls(doc.game, path=path, puzzle=doc.puzzle, lesson=doc.lesson)

    @property
    def game(self) -> Game:
        return self._game

    # ---- moves ------------------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Play ``move`` (IllegalMoveError leaves everything unchanged); clears redo."""
        self._game.push(move)
        self._redo.clear()
        self.dirty = True
        self.changed.emit("move")

    @property
    def can_undo(self) -> bool:
        return bool(self._game.move_stack) or bool(self._replaced)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> Move | None:
        if not self.can_undo:
            self.message.emit("nothing to undo")
            return None
        if not self._game.move_stack:  # undo a set-up: back to the game it replaced
            self._game, self._redo = self._replaced.pop()
            self.dirty = True
            self.changed.emit("load")
            return None
        move = self._game.pop()
        self._redo.append(move)
        self.changed.emit("undo")
        return move

    def redo(self) -> Move | None:
        if not self.can_redo:
            self.message.emit("nothing to redo")
            return None
        move = self._redo.pop()
        self._game.push(move)
        self.changed.emit("redo")
        return move

    @property
    def ply(self) -> int:
        return len(self._game.move_stack)

    def history(self) -> list[Move]:
        """Every move of the line: those played, then those that can be redone."""
        return list(self._game.move_stack) + list(reversed(self._redo))

    def line(self) -> list[tuple[str, Move]]:
        """Every move of the line (see :meth:`history`) with the player who made it ('' at
        a simultaneous or chance node)."""
        game = self._game.copy()
        while game.move_stack:
            game.pop()
        out = []
        for move in self.history():
            player = game.current_player()
            out.append((game.players[player] if player >= 0 else "", move))
            game.push(move)
        return out

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the line (0: its start)."""
        ply = max(0, min(ply, len(self.history())))
        while self.ply > ply:
            self._redo.append(self._game.pop())
        while self.ply < ply:
            self._game.push(self._redo.pop())
        self.changed.emit("goto")

    # ---- files ------------------------------------------------------------------------

    def open(self, path: str | Path) -> None:
        """Load a file; PositionFormatError leaves the current position as it was."""
        doc = read(path)
        self._game = doc.game
        self._redo.clear()
        self._replaced.clear()
        self.path = Path(path)
        self.puzzle = dict(doc.puzzle)
        self.lesson = doc.lesson
        self.dirty = False
        self.changed.emit("load")

    def replace_game(self, game: Game) -> None:
        """A new game (File > New): the file name and puzzle texts go with the old one."""
        self._game = game
        self._redo.clear()
        self._replaced.clear()
        self.path = None
        self.puzzle = {}
        self.lesson = None
        self.dirty = False
        self.changed.emit("new")

    def apply_setup(self, game: Game) -> None:
        """A position from set-up mode replaces the game; undo brings the old one back."""
        self._replaced.append((self._game, self._redo))
        self._game = game
        self._redo = []
        self.dirty = True
        self.changed.emit("load")

    def save(self, path: str | Path | None = None) -> Path:
        """Save atomically to ``path`` (or the file it came from)."""
        target = Path(path) if path else self.path
        if target is None:
            raise ValueError("no file name to save to")
        write(target, self._game, self.puzzle, self.lesson)
        self.path = target
        self.dirty = False
        self.message.emit(f"saved {target}")
        return target
