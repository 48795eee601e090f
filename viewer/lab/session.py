"""The game being edited: the position, undo / redo, the tree of moves, and its file.

Nothing played is lost: a move from an earlier position starts a new line beside the one
that was there (``model.tree``), and undo / redo walk the current line. Files keep the
other lines under ``variations``.

Qt-free: the window, the scene and the tests observe ``changed`` (a reason string) and
``message`` (text for the status bar). Every change goes through here, so undo covers all
of them and a failed action leaves everything as it was.

Chance nodes (a game's dice) are the session's to settle: after a move, a new game, a file
or a redo that ends at one, it plays the line's recorded outcome or rolls one with its own
generator (``dice``: seeded by tests), so the rolls are moves of the line and a file
replays them exactly. Undo goes back over them to the last decision a player made.
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pyramid_lab.model.content import is_shipped
from pyramid_lab.model.files import Fingerprint, Lesson, PositionDocument, to_json, write
from pyramid_lab.model.game import CHANCE, Game, Move
from pyramid_lab.model.puzzle import PuzzleTexts, PuzzleValue
from pyramid_lab.model.review import GameReview
from pyramid_lab.model.setup import start_copy
from pyramid_lab.model.tree import Node, lines_to_json, tree_of

from .events import Signal

#: Why the position changed, as ``Session.changed`` says it: a move, undo, redo, goto (a
#: node of the tree), load, new, lines (a line deleted), saved (the same position, now in a
#: file), puzzle (the puzzle texts edited), review (a review of the line made: saved with
#: the file).
PositionChange = Literal[
    "move", "undo", "redo", "goto", "load", "new", "lines", "saved", "puzzle", "review"
]
#: The changes after which the position on the board is the same one.
KEEPS_POSITION: tuple[PositionChange, ...] = ("saved", "puzzle", "lines", "review")

EXAMPLES_DIR = Path(__file__).resolve().parents[2] / "examples"


def shipped(path: Path | None) -> bool:
    """A lesson, puzzle or example that comes with Pyramid Lab: Save never writes over it,
    and exports go elsewhere."""
    if path is None:
        return False
    if is_shipped(path):
        return True
    try:
        path.resolve().relative_to(EXAMPLES_DIR.resolve())
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class Snapshot:
    """The tree of moves and the unsaved flag at one moment (see :meth:`Session.snapshot`)."""

    node: Node  # the position shown
    nodes: frozenset[Node]  # every node of the tree
    selected: tuple[tuple[Node, Node], ...]  # each node's selected child
    dirty: bool
    undone: tuple[tuple[Game, Node, Node], ...]  # set-ups undone, for redo


class Session:
    def __init__(
        self,
        game: Game,
        *,
        path: str | Path | None = None,
        puzzle: Mapping[str, PuzzleValue] | None = None,
        lesson: Lesson | None = None,
        variations: list[list[Move]] | None = None,
        review: GameReview | None = None,
    ) -> None:
        self.changed: Signal[[PositionChange]] = Signal()
        self.message: Signal[[str]] = Signal()  # text for the status bar
        self._game = game
        self._node = tree_of(game.move_stack, variations or [])
        # Who made each node's move ('' at a chance or simultaneous node), noted as it is
        # played: :meth:`line` then replays nothing (a long game's Moves dock did, a move).
        self._movers: dict[Node, str] = {}
        self._replaced: list[tuple[Game, Node]] = []  # earlier games, for undo
        # Set-ups undone, for redo: the set-up's game and node, and the node undo went to.
        self._undone: list[tuple[Game, Node, Node]] = []
        self.path = Path(path) if path else None
        #: the puzzle's texts, as the model reads and writes them (JSON: ``check_puzzle``)
        self.puzzle: PuzzleTexts = dict(puzzle or {})
        self._puzzle_read = dict(self.puzzle)  # the puzzle texts as the file had them
        self.lesson = lesson  # the lesson the file teaches: caption and overlays
        self.review = review  # the review of a line from the start (model.review), if any
        self.read_as: Fingerprint | None = None  # ``path`` as it was read or last saved
        self.dirty = False
        self.dice = random.Random()  # rolls at chance nodes (tests seed it)
        self._settle()

    @classmethod
    def from_document(cls, doc: PositionDocument, path: str | Path | None = None) -> Session:
        return cls(
            doc.game,
            path=path,
            puzzle=doc.puzzle,
            lesson=doc.lesson,
            variations=doc.variations,
            review=doc.review,
        )

    @property
    def game(self) -> Game:
        return self._game

    @property
    def node(self) -> Node:
        """The node of the position shown, in the tree of moves."""
        return self._node

    # ---- moves ------------------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Play ``move`` (IllegalMoveError leaves everything unchanged). From an earlier
        position of the line, a new move starts a variation: the old line is kept."""
        mover = self._mover()
        self._game.push(move)
        self._undone.clear()
        before = self._node
        branched = bool(before.children) and before.child(move) is None
        self._node = before.add(move)
        self._movers[self._node] = mover
        self.dirty = True
        self._settle()
        if branched:
            self.message.emit(
                f"a new line from move {self.ply}; the other line is kept in the Moves dock"
            )
        self.changed.emit("move")

    def _settle(self) -> int:
        """At a chance node: the line's recorded outcomes, then rolls of ``dice`` (each
        outcome by its probability), until a player decides or the game ends. The number
        of new rolls (a new game's or file's first rolls leave it unchanged: unsaved only
        once a player decides)."""
        game = self._game
        rolled = 0
        while game.current_player() == CHANCE:
            child = self._node.selected
            if child is not None:
                self._forward(child)
                continue
            outcomes = game.chance_outcomes()
            moves = [m for m, _ in outcomes]
            move = self.dice.choices(moves, weights=[w for _, w in outcomes])[0]
            game.push(move)
            self._node = self._node.add(move)
            self._movers[self._node] = ""  # the dice
            rolled += 1
        return rolled

    def roll(self) -> None:
        """At a chance node (the Moves dock went back to one): roll on."""
        if self._game.current_player() == CHANCE:
            self.dirty = self._settle() > 0 or self.dirty
            self.changed.emit("move")

    @property
    def can_undo(self) -> bool:
        return bool(self._game.move_stack) or bool(self._replaced)

    @property
    def can_redo(self) -> bool:
        return self._node.selected is not None or self._can_reapply()

    def _can_reapply(self) -> bool:
        return bool(self._undone) and self._undone[-1][2] is self._node

    def undo(self) -> Move | None:
        if not self.can_undo:
            self.message.emit("nothing to undo")
            return None
        if not self._game.move_stack:  # undo a set-up: back to the game it replaced
            setup = (self._game, self._node)
            self._game, self._node = self._replaced.pop()
            self._undone.append((*setup, self._node))
            self.dirty = True
            self.changed.emit("load")
            return None
        move = self._back()  # the parent still selects the node undone: redo goes back
        while self._game.current_player() == CHANCE and self._game.move_stack:
            move = self._back()  # the dice rolled went with the decision before them
        self.changed.emit("undo")
        self.message.emit(f"undone: {self._where()}")  # the last message told of a later one
        return move

    def _where(self) -> str:
        """The position shown, in words that name no move (a move may be secret)."""
        ply = len(self._game.move_stack)
        return f"the position after move {ply}" if ply else "the start of the game"

    def redo(self) -> Move | None:
        child = self._node.selected
        if child is None and self._can_reapply():  # redo a set-up
            self._replaced.append((self._game, self._node))
            self._game, self._node, _ = self._undone.pop()
            self.dirty = True
            self.changed.emit("load")
            return None
        if child is None:
            self.message.emit("nothing to redo")
            return None
        move = self._forward(child)
        if self._settle():
            self.dirty = True
        self.changed.emit("redo")
        self.message.emit(f"redone: {self._where()}")
        return move

    @property
    def ply(self) -> int:
        return len(self._game.move_stack)

    def line_nodes(self) -> list[Node]:
        """The nodes of the current line: those played, then those redo would play."""
        return self._node.path() + self._node.continuation()

    def history(self) -> list[Move]:
        """Every move of the current line (see :meth:`line_nodes`)."""
        return [n.move for n in self.line_nodes() if n.move is not None]

    def line(self) -> list[tuple[str, Move]]:
        """Every move of the current line with the player who made it ('' at a
        simultaneous or chance node): noted as each was played, the others (a file's line
        before it was walked, redo's) by a replay from the start, once."""
        played = [(n, n.move) for n in self.line_nodes() if n.move is not None]
        movers = self._movers
        if any(n not in movers for n, _move in played):
            if len(movers) > 4 * len(played) + 1000:  # lines dropped since: let them go
                movers.clear()
            game = start_copy(self._game)
            for node, move in played:
                player = game.current_player()
                movers[node] = game.players[player] if player >= 0 else ""
                game.push(move)
        return [(movers[n], move) for n, move in played]

    def _mover(self) -> str:
        """The player to move now ('' at a simultaneous or chance node)."""
        player = self._game.current_player()
        return self._game.players[player] if player >= 0 else ""

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the current line (0: its start)."""
        ply = max(0, min(ply, len(self.history())))
        while self.ply > ply:
            self._back()
        while self.ply < ply:
            child = self._node.selected
            assert child is not None
            self._forward(child)
        self.changed.emit("goto")

    def goto_node(self, node: Node) -> None:
        """Show the position of ``node`` (a node of this game's tree); its line becomes
        the current line."""
        if node.root() is not self._node.root():
            raise ValueError("that move belongs to another game")
        self._walk_to(node)
        self.changed.emit("goto")

    def snapshot(self) -> Snapshot:
        """The tree and the unsaved flag now, for :meth:`restore` (Solve mode plays its
        attempts on the game and takes them back afterwards)."""
        root = self._node.root()
        nodes = frozenset(root.walk())
        selected = tuple((n, n.selected) for n in nodes if n.selected is not None)
        return Snapshot(self._node, nodes, selected, self.dirty, tuple(self._undone))

    def restore(self, snapshot: Snapshot, node: Node | None = None, *, move: bool = True) -> int:
        """Drop every move added since ``snapshot`` (none of them may be on the path to
        the position shown, unless ``move``), give each node its selected line back, reset
        the unsaved flag, and show ``node`` (an old node; the snapshot's by default) when
        ``move``. The number of moves dropped; ValueError if the game was replaced."""
        if snapshot.node.root() is not self._node.root():
            raise ValueError("the game was replaced since")
        target = snapshot.node if node is None else node
        if target not in snapshot.nodes:
            raise ValueError("that position was not in the game then")
        if move:
            self._walk_to(target)
        elif any(n not in snapshot.nodes for n in self._node.path()):
            raise ValueError("the position shown was added since: restore with move")
        dropped = 0
        for parent in snapshot.nodes:
            for child in [c for c in parent.children if c not in snapshot.nodes]:
                dropped += 1 + child.size()
                parent.remove(child)
        for parent, child in snapshot.selected:
            if child in parent.children:
                parent.select(child)
        self._reselect_path()
        self._undone[:] = snapshot.undone
        self.dirty = snapshot.dirty
        self.changed.emit("goto")
        return dropped

    def _reselect_path(self) -> None:
        """Each node on the path to the position shown selects the next one."""
        node = self._node
        while node.parent is not None:
            node.parent.select(node)
            node = node.parent

    def _walk_to(self, node: Node) -> None:
        """Show ``node`` (of this game's tree) without telling anyone."""
        target = node.path()
        ours = self._node.path()
        common = 0
        while common < min(len(target), len(ours)) and target[common] is ours[common]:
            common += 1
        while self.ply > common:
            self._back()
        for step in target[common:]:
            self._forward(step)

    def _back(self) -> Move:
        parent = self._node.parent
        assert parent is not None
        move = self._game.pop()
        self._node = parent
        return move

    def _forward(self, child: Node) -> Move:
        """Play the move of ``child`` (a child of the current node) and select it."""
        assert child.move is not None
        mover = self._mover()
        self._game.push(child.move)
        self._movers[child] = mover
        self._node.select(child)
        self._node = child
        return child.move

    def alternatives(self, node: Node) -> list[Node]:
        """The other moves tried from the position before ``node``."""
        parent = node.parent
        return [c for c in parent.children if c is not node] if parent is not None else []

    def delete_line(self, node: Node) -> int:
        """Remove ``node`` and everything after it (not on the path to the position shown);
        the number of moves removed."""
        if node in self._node.path() or node.parent is None:
            raise ValueError("the position shown is on this line: go to another line first")
        count = 1 + node.size()
        node.parent.remove(node)
        self.dirty = True
        self.changed.emit("lines")
        return count

    def variations(self) -> list[list[str]]:
        """The lines other than the path to the position shown, as files save them."""
        return lines_to_json(self._node)

    # ---- files ------------------------------------------------------------------------

    def load(self, doc: PositionDocument, path: str | Path | None, *, dirty: bool = False) -> None:
        """Show a document read from ``path`` (``dirty``: it has changes not in that file,
        as a recovered autosave has). Files are read and opened by ``viewer.lab.documents``."""
        self._game = doc.game
        self._node = tree_of(doc.game.move_stack, doc.variations)
        self._replaced.clear()
        self._undone.clear()
        self.path = Path(path) if path else None
        self.puzzle = dict(doc.puzzle)
        self._puzzle_read = dict(doc.puzzle)
        self.lesson = doc.lesson
        self.review = doc.review
        self.read_as = doc.fingerprint if path else None
        self.dirty = dirty
        self._settle()
        self.changed.emit("load")

    def replace_game(self, game: Game) -> None:
        """A new game (File > New): the file name and puzzle texts go with the old one."""
        self._game = game
        self._node = tree_of(game.move_stack)
        self._replaced.clear()
        self._undone.clear()
        self.path = None
        self.puzzle = {}
        self.lesson = None
        self.review = None
        self.read_as = None
        self.dirty = False
        self._settle()
        self.changed.emit("new")

    def apply_setup(self, game: Game) -> bool:
        """A position from set-up mode replaces the game; undo brings the old one back.
        Made from an example that came with Pyramid Lab, it is a new, untitled document:
        the example's name and its puzzle texts (its notes) stay with the example, what
        was typed since it was opened is kept (True then)."""
        self._replaced.append((self._game, self._node))
        self._undone.clear()
        self._game = game
        self._node = tree_of(game.move_stack)
        self.review = None  # (undo does not bring it back: Review the game again)
        self.dirty = True
        untitled = shipped(self.path)
        if untitled:
            read = self._puzzle_read
            self.path, self.read_as = None, None
            self.puzzle = {k: v for k, v in self.puzzle.items() if read.get(k) != v}
            self._puzzle_read = {}
        self.changed.emit("load")
        return untitled

    def set_puzzle(self, puzzle: Mapping[str, PuzzleValue]) -> None:
        """New puzzle texts (checked by the caller: ``model.puzzle.check_puzzle``): the
        document has unsaved changes. The dict keeps its identity (a new file's is new)."""
        if puzzle == self.puzzle:
            return
        self.puzzle.clear()
        self.puzzle.update(puzzle)
        self.dirty = True
        self.changed.emit("puzzle")

    def set_review(self, review: GameReview) -> None:
        """A review of the current line (``model.search.review``): saved with the file."""
        self.review = review
        self.dirty = True
        self.changed.emit("review")

    def saved_review(self) -> GameReview | None:
        """The review a save writes: the one held, while it judges the current line's
        first moves (a line changed under it drops it)."""
        review = self.review
        return review if review is not None and review.covers(self.history()) else None

    def document(self) -> dict[str, object]:
        """Everything a save writes, as the JSON document of a position file."""
        return to_json(self._game, self.puzzle, self.lesson, self.variations(), self.saved_review())

    def save(self, path: str | Path | None = None) -> Path:
        """Save atomically to ``path`` (or the file it came from), every line included, and
        return the path written. The file it came from is replaced only if it is still as
        it was read: changed meanwhile, the save goes beside it (``NAME (2).pyr.json``,
        returned); read-only, ReadOnlyError (model.files.save_bytes)."""
        target = Path(path) if path else self.path
        if target is None:
            raise ValueError("no file name to save to")
        same = self.path is not None and _same_file(target, self.path)
        written, self.read_as = write(
            target,
            self._game,
            self.puzzle,
            self.lesson,
            self.variations(),
            self.saved_review(),
            read=self.read_as if same else None,
            beside=True,
        )
        if not _same_file(written, target):  # it changed meanwhile: a copy beside it (said
            target = written  # by viewer.lab.documents, which sees the path returned)
        self.path = target
        self.dirty = False
        self.message.emit(f"saved {target}")
        self.changed.emit("saved")
        return target


def _same_file(one: Path, other: Path) -> bool:
    try:
        return os.path.realpath(one) == os.path.realpath(other)
    except (OSError, ValueError):
        return False
