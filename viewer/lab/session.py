"""The game being edited: the position, undo / redo, the tree of moves, and its file.

Nothing played is lost: a move from an earlier position starts a new line beside the one
that was there (``model.tree``; the session's :class:`Lines`, which the
Moves dock lists, shows and deletes), and undo / redo walk the current line. Files keep
the other lines under ``variations``.

Qt-free: the window, the scene and the tests observe ``changed`` (a reason string) and
``message`` (text for the status bar). Every change goes through here, so undo covers all
of them and a failed action leaves everything as it was.

Chance nodes (a game's dice) are the session's to settle: after a move, a new game, a file
or a redo that ends at one, it plays the line's recorded outcome or rolls one with its own
generator (``lines.dice``: seeded by tests), so the rolls are moves of the line and a file
replays them exactly. Undo goes back over them to the last decision a player made.
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pyramid_lab.i18n import M_
from pyramid_lab.model.content import is_shipped
from pyramid_lab.model.files import Fingerprint, Lesson, PositionDocument, to_json, write
from pyramid_lab.model.game import CHANCE, Game, Move, SaidError
from pyramid_lab.model.puzzle import PuzzleTexts, PuzzleValue
from pyramid_lab.model.review import GameReview
from pyramid_lab.model.setup import start_copy
from pyramid_lab.model.tree import Node, lines_to_json, tree_of

from .events import PositionChange, Signal

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
        read_as: Fingerprint | None = None,
    ) -> None:
        self.changed: Signal[[PositionChange]] = Signal()
        self.message: Signal[[str]] = Signal()  # text for the status bar
        self.dirty = False
        #: The tree of moves and the position shown in it (:class:`Lines`)
        self.lines = Lines(game, tree_of(game.move_stack, variations or []), self)
        self._replaced: list[tuple[Game, Node]] = []  # earlier games, for undo
        # Set-ups undone, for redo: the set-up's game and node, and the node undo went to.
        self._undone: list[tuple[Game, Node, Node]] = []
        self.path = Path(path) if path else None
        #: the puzzle's texts, as the model reads and writes them (JSON: ``check_puzzle``)
        self.puzzle: PuzzleTexts = dict(puzzle or {})
        self._puzzle_read = dict(self.puzzle)  # the puzzle texts as the file had them
        self.lesson = lesson  # the lesson the file teaches: caption and overlays
        self.review = review  # the review of a line from the start (model.review), if any
        #: ``path`` as it was read or last saved (a save replaces it only if it is still so)
        self.read_as = read_as if path else None
        self.lines.settle()

    @classmethod
    def from_document(cls, doc: PositionDocument, path: str | Path | None = None) -> Session:
        """A session on ``doc`` as read from ``path`` (its fingerprint kept: a save replaces
        the file only if it is still as it was read, as after File > Open)."""
        return cls(
            doc.game,
            path=path,
            puzzle=doc.puzzle,
            lesson=doc.lesson,
            variations=doc.variations,
            review=doc.review,
            read_as=doc.fingerprint,
        )

    @property
    def game(self) -> Game:
        return self.lines.game

    @property
    def node(self) -> Node:
        """The node of the position shown, in the tree of moves."""
        return self.lines.node

    # ---- moves ------------------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Play ``move`` (IllegalMoveError leaves everything unchanged). From an earlier
        position of the line, a new move starts a variation: the old line is kept."""
        branched = self.lines.push(move)
        self._undone.clear()
        self.dirty = True
        self.lines.settle()
        if branched:
            self.message.emit(
                M_(
                    "a new line from move {ply}; the other line is kept in the Moves dock",
                    ply=self.ply,
                )
            )
        self.changed.emit("move")

    @property
    def can_undo(self) -> bool:
        return bool(self.game.move_stack) or bool(self._replaced)

    @property
    def can_redo(self) -> bool:
        """A move to play again, or a set-up undone at the position shown."""
        reapply = bool(self._undone) and self._undone[-1][2] is self.node
        return self.node.selected is not None or reapply

    def undo(self) -> Move | None:
        if not self.can_undo:
            self.message.emit(M_("nothing to undo"))
            return None
        lines = self.lines
        if not lines.game.move_stack:  # undo a set-up: back to the game it replaced
            setup = (lines.game, lines.node)
            lines.game, lines.node = self._replaced.pop()
            self._undone.append((*setup, lines.node))
            self.dirty = True
            self.changed.emit("load")
            return None
        move = lines.back()  # the parent still selects the node undone: redo goes back
        while lines.game.current_player() == CHANCE and lines.game.move_stack:
            move = lines.back()  # the dice rolled went with the decision before them
        self.changed.emit("undo")
        self.message.emit(
            M_("undone: {position}", position=_where(lines.game))
        )  # the last message told of a later one
        return move

    def redo(self) -> Move | None:
        lines = self.lines
        child = lines.node.selected
        if child is None and self.can_redo:  # redo a set-up
            self._replaced.append((lines.game, lines.node))
            lines.game, lines.node, _ = self._undone.pop()
            self.dirty = True
            self.changed.emit("load")
            return None
        if child is None:
            self.message.emit(M_("nothing to redo"))
            return None
        move = lines.forward(child)
        if lines.settle():
            self.dirty = True
        self.changed.emit("redo")
        self.message.emit(M_("redone: {position}", position=_where(lines.game)))
        return move

    @property
    def ply(self) -> int:
        return len(self.game.move_stack)

    def history(self) -> list[Move]:
        """Every move of the current line (see :meth:`Lines.line_nodes`)."""
        return [n.move for n in self.lines.line_nodes() if n.move is not None]

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the current line (0: its start)."""
        ply = max(0, min(ply, len(self.history())))
        lines = self.lines
        while self.ply > ply:
            lines.back()
        while self.ply < ply:
            child = lines.node.selected
            assert child is not None
            lines.forward(child)
        self.changed.emit("goto")

    def snapshot(self) -> Snapshot:
        """The tree and the unsaved flag now, for :meth:`restore` (Solve mode plays its
        attempts on the game and takes them back afterwards)."""
        root = self.node.root()
        nodes = frozenset(root.walk())
        selected = tuple((n, n.selected) for n in nodes if n.selected is not None)
        return Snapshot(self.node, nodes, selected, self.dirty, tuple(self._undone))

    def restore(self, snapshot: Snapshot, node: Node | None = None, *, move: bool = True) -> int:
        """Drop every move added since ``snapshot`` (none of them may be on the path to
        the position shown, unless ``move``), give each node its selected line back, reset
        the unsaved flag, and show ``node`` (an old node; the snapshot's by default) when
        ``move``. The number of moves dropped; ValueError if the game was replaced."""
        if snapshot.node.root() is not self.node.root():
            raise SaidError(M_("the game was replaced since"))
        target = snapshot.node if node is None else node
        if target not in snapshot.nodes:
            raise SaidError(M_("that position was not in the game then"))
        if move:
            self.lines.walk_to(target)
        elif any(n not in snapshot.nodes for n in self.node.path()):
            raise SaidError(M_("the position shown was added since: restore with move"))
        dropped = 0
        for parent in snapshot.nodes:
            for child in [c for c in parent.children if c not in snapshot.nodes]:
                dropped += 1 + child.size()
                parent.remove(child)
        for parent, child in snapshot.selected:
            if child in parent.children:
                parent.select(child)
        self.lines.reselect_path()
        self._undone[:] = snapshot.undone
        self.dirty = snapshot.dirty
        self.changed.emit("goto")
        return dropped

    # ---- files ------------------------------------------------------------------------

    def load(self, doc: PositionDocument, path: str | Path | None, *, dirty: bool = False) -> None:
        """Show a document read from ``path`` (``dirty``: it has changes not in that file,
        as a recovered autosave has). Files are read and opened by ``viewer.lab.documents``."""
        self.lines.game = doc.game
        self.lines.node = tree_of(doc.game.move_stack, doc.variations)
        self._replaced.clear()
        self._undone.clear()
        self.path = Path(path) if path else None
        self.puzzle = dict(doc.puzzle)
        self._puzzle_read = dict(doc.puzzle)
        self.lesson = doc.lesson
        self.review = doc.review
        self.read_as = doc.fingerprint if path else None
        self.dirty = dirty
        self.lines.settle()
        self.changed.emit("load")

    def replace_game(self, game: Game) -> None:
        """A new game (File > New): the file name and puzzle texts go with the old one."""
        self.lines.game = game
        self.lines.node = tree_of(game.move_stack)
        self._replaced.clear()
        self._undone.clear()
        self.path = None
        self.puzzle = {}
        self.lesson = None
        self.review = None
        self.read_as = None
        self.dirty = False
        self.lines.settle()
        self.changed.emit("new")

    def apply_setup(self, game: Game) -> bool:
        """A position from set-up mode replaces the game; undo brings the old one back.
        Made from an example that came with Pyramid Lab, it is a new, untitled document:
        the example's name and its puzzle texts (its notes) stay with the example, what
        was typed since it was opened is kept (True then)."""
        self._replaced.append((self.lines.game, self.lines.node))
        self._undone.clear()
        self.lines.game = game
        self.lines.node = tree_of(game.move_stack)
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

    def save(self, path: str | Path | None = None) -> Path:
        """Save atomically to ``path`` (or the file it came from), every line included, and
        return the path written. The file it came from is replaced only if it is still as
        it was read: changed meanwhile, the save goes beside it (``NAME (2).pyr.json``,
        returned); read-only, ReadOnlyError (model.files.save_bytes)."""
        target = Path(path) if path else self.path
        if target is None:
            raise SaidError(M_("no file name to save to"))
        same = self.path is not None and _same_file(target, self.path)
        written, self.read_as = write(
            target,
            self.game,
            self.puzzle,
            self.lesson,
            self.lines.variations(),
            saved_review(self),
            read=self.read_as if same else None,
            beside=True,
        )
        if not _same_file(written, target):  # it changed meanwhile: a copy beside it (said
            target = written  # by viewer.lab.documents, which sees the path returned)
        self.path = target
        self.dirty = False
        self.message.emit(M_("saved {path}", path=str(target)))
        self.changed.emit("saved")
        return target


def saved_review(session: Session) -> GameReview | None:
    """The review a save of ``session`` writes: the one it holds, while it judges the
    current line's first moves (a line changed under it drops it)."""
    review = session.review
    return review if review is not None and review.covers(session.history()) else None


def document(session: Session) -> dict[str, object]:
    """Everything a save of ``session`` writes, as the JSON document of a position file."""
    return to_json(
        session.game,
        session.puzzle,
        session.lesson,
        session.lines.variations(),
        saved_review(session),
    )


def _where(game: Game) -> str:
    """The position shown, in words that name no move (a move may be secret)."""
    ply = len(game.move_stack)
    return M_("the position after move {ply}", ply=ply) if ply else M_("the start of the game")


def _same_file(one: Path, other: Path) -> bool:
    try:
        return os.path.realpath(one) == os.path.realpath(other)
    except (OSError, ValueError):
        return False


class Lines:
    """The tree of moves of the game being edited and the position shown in it: ``game``
    at the node shown (``node``), in the session ``edited``: who made each move, the dice
    that settle a chance node, the steps back and forward along the tree, the current line
    (played, then what redo would play) and the other lines beside it (kept as a file's
    ``variations``), each of which the Moves dock lists, shows or deletes. The steps
    (:meth:`back`, :meth:`forward`, :meth:`walk_to`, :meth:`settle`) tell nobody: the
    session tells of what they did."""

    def __init__(self, game: Game, node: Node, edited: Session) -> None:
        self.game = game
        self.node = node
        self._edited = edited
        # Who made each node's move ('' at a chance or simultaneous node), noted as it is
        # played: :meth:`line` then replays nothing (a long game's Moves dock did, a move).
        self.movers: dict[Node, str] = {}
        self.dice = random.Random()  # rolls at chance nodes (tests seed it)

    def mover(self) -> str:
        """The player to move now ('' at a simultaneous or chance node)."""
        player = self.game.current_player()
        return self.game.players[player] if player >= 0 else ""

    def push(self, move: Move) -> bool:
        """Play ``move`` from the node shown (IllegalMoveError leaves everything as it
        was): a new node, or the child that made it already. True when it starts a new line
        beside the one that was there."""
        mover = self.mover()
        self.game.push(move)
        before = self.node
        branched = bool(before.children) and before.child(move) is None
        self.node = before.add(move)
        self.movers[self.node] = mover
        return branched

    def back(self) -> Move:
        """One move back (the parent still selects the node left: redo goes forward)."""
        parent = self.node.parent
        assert parent is not None
        move = self.game.pop()
        self.node = parent
        return move

    def forward(self, child: Node) -> Move:
        """Play the move of ``child`` (a child of the node shown) and select it."""
        assert child.move is not None
        mover = self.mover()
        self.game.push(child.move)
        self.movers[child] = mover
        self.node.select(child)
        self.node = child
        return child.move

    def walk_to(self, node: Node) -> None:
        """Show ``node`` (of this game's tree) without telling anyone."""
        target = node.path()
        ours = self.node.path()
        common = 0
        while common < min(len(target), len(ours)) and target[common] is ours[common]:
            common += 1
        while len(self.game.move_stack) > common:
            self.back()
        for step in target[common:]:
            self.forward(step)

    def reselect_path(self) -> None:
        """Each node on the path to the position shown selects the next one."""
        node = self.node
        while node.parent is not None:
            node.parent.select(node)
            node = node.parent

    def settle(self) -> int:
        """At a chance node: the line's recorded outcomes, then rolls of ``dice`` (each
        outcome by its probability), until a player decides or the game ends. The number
        of new rolls (a new game's or file's first rolls leave it unchanged: unsaved only
        once a player decides)."""
        game = self.game
        rolled = 0
        while game.current_player() == CHANCE:
            child = self.node.selected
            if child is not None:
                self.forward(child)
                continue
            outcomes = game.chance_outcomes()
            moves = [m for m, _ in outcomes]
            move = self.dice.choices(moves, weights=[w for _, w in outcomes])[0]
            game.push(move)
            self.node = self.node.add(move)
            self.movers[self.node] = ""  # the dice
            rolled += 1
        return rolled

    def line_nodes(self) -> list[Node]:
        """The nodes of the current line: those played, then those redo would play."""
        return self.node.path() + self.node.continuation()

    def line(self) -> list[tuple[str, Move]]:
        """Every move of the current line with the player who made it ('' at a
        simultaneous or chance node): noted as each was played, the others (a file's line
        before it was walked, redo's) by a replay from the start, once."""
        played = [(n, n.move) for n in self.line_nodes() if n.move is not None]
        movers = self.movers
        if any(n not in movers for n, _move in played):
            if len(movers) > 4 * len(played) + 1000:  # lines dropped since: let them go
                movers.clear()
            game = start_copy(self.game)
            for node, move in played:
                player = game.current_player()
                movers[node] = game.players[player] if player >= 0 else ""
                game.push(move)
        return [(movers[n], move) for n, move in played]

    def goto_node(self, node: Node) -> None:
        """Show the position of ``node`` (a node of this game's tree); its line becomes
        the current line."""
        if node.root() is not self.node.root():
            raise SaidError(M_("that move belongs to another game"))
        self.walk_to(node)
        self._edited.changed.emit("goto")

    def alternatives(self, node: Node) -> list[Node]:
        """The other moves tried from the position before ``node``."""
        parent = node.parent
        return [c for c in parent.children if c is not node] if parent is not None else []

    def delete_line(self, node: Node) -> int:
        """Remove ``node`` and everything after it (not on the path to the position shown);
        the number of moves removed."""
        if node in self.node.path() or node.parent is None:
            raise SaidError(M_("the position shown is on this line: go to another line first"))
        count = 1 + node.size()
        node.parent.remove(node)
        self._edited.dirty = True
        self._edited.changed.emit("lines")
        return count

    def variations(self) -> list[list[str]]:
        """The lines other than the path to the position shown, as files save them."""
        return lines_to_json(self.node)
