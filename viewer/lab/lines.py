"""The tree of moves of the game being edited and the position shown in it (:class:`Lines`,
the session's, :class:`viewer.lab.session.Session`): the game at the node shown, who made
each move, the dice that settle a chance node, the steps back and forward along the tree,
the current line (played, then what redo would play) and the other lines beside it (kept
as a file's ``variations``), each of which the Moves dock lists, shows or deletes."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

from pyramid_lab.i18n import M_
from pyramid_lab.model.game import CHANCE, Game, Move, SaidError
from pyramid_lab.model.setup import start_copy
from pyramid_lab.model.tree import Node, lines_to_json

if TYPE_CHECKING:
    from .events import PositionChange, Signal


class Edited(Protocol):
    """The document the lines belong to (the session): its unsaved flag and its signal of
    a change of position."""

    dirty: bool

    @property
    def changed(self) -> Signal[[PositionChange]]: ...


class Lines:
    """The tree of moves, ``game`` at the node shown (``node``), in the document
    ``edited`` (the module's text). The steps (:meth:`back`, :meth:`forward`,
    :meth:`walk_to`, :meth:`settle`) tell nobody: the session tells of what they did."""

    def __init__(self, game: Game, node: Node, edited: Edited) -> None:
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
