"""The tree of moves explored from a game's start: lines and their variations.

Playing a move from an earlier position keeps the line that was there: the new move starts
a variation beside it. Each node remembers the child that was visited last, so redo and the
move list follow the line the user is on. Files save the tree under the optional key
``variations`` (see :func:`lines_to_json`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .game import Move


class Node:
    """A position reached by ``move`` from ``parent`` (the root has neither)."""

    __slots__ = ("_selected", "children", "move", "parent")

    def __init__(self, move: Move | None = None, parent: Node | None = None) -> None:
        self.move = move
        self.parent = parent
        self.children: list[Node] = []
        self._selected = 0

    @property
    def selected(self) -> Node | None:
        """The child on the line this node belongs to (the one visited last)."""
        return self.children[self._selected] if self.children else None

    def select(self, child: Node) -> None:
        self._selected = self.children.index(child)

    def child(self, move: Move) -> Node | None:
        return next((c for c in self.children if c.move == move), None)

    def add(self, move: Move) -> Node:
        """The child reached by ``move`` (made if new), selected."""
        node = self.child(move)
        if node is None:
            node = Node(move, self)
            self.children.append(node)
        self.select(node)
        return node

    def remove(self, child: Node) -> None:
        """Drop ``child`` and everything after it; the selection stays where it was."""
        selected = self.selected
        self.children.remove(child)
        child.parent = None
        if selected is not None and selected is not child:
            self.select(selected)
        else:
            self._selected = 0

    def path(self) -> list[Node]:
        """The nodes from the root's first child down to this node."""
        out: list[Node] = []
        node: Node | None = self
        while node is not None and node.parent is not None:
            out.append(node)
            node = node.parent
        out.reverse()
        return out

    def continuation(self) -> list[Node]:
        """The nodes after this one along the selected children."""
        out: list[Node] = []
        node = self.selected
        while node is not None:
            out.append(node)
            node = node.selected
        return out

    def root(self) -> Node:
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    def size(self) -> int:
        """The number of moves in the tree below this node."""
        count, stack = 0, list(self.children)
        while stack:
            node = stack.pop()
            count += 1
            stack.extend(node.children)
        return count

    def walk(self) -> Iterator[Node]:
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


def lines_to_json(current: Node) -> list[list[str]]:
    """The lines of the tree of ``current`` other than the path to it, for the optional
    ``variations`` key of a position file (the path itself is the file's ``history``).

    Each line is written whole, from the start of the game to a leaf of the tree, so the
    key is flat and easy to read by hand. The order keeps which line each position follows:
    the lines are listed depth first with the selected child last, so that inserting them
    in order with :func:`grow`, and the history after them, selects the same children.
    """
    history = current.path()
    history_leaf = history[-1] if history and not history[-1].children else None
    out: list[list[str]] = []
    stack: list[tuple[Node, int]] = [(current.root(), 0)]
    moves: list[str] = []
    while stack:
        node, depth = stack.pop()
        del moves[depth:]
        if node.move is not None:
            moves.append(str(node.move))
        if not node.children:
            if node is not history_leaf and node.parent is not None:
                out.append(list(moves))
            continue
        selected = node.selected
        ordered = [c for c in node.children if c is not selected]
        ordered += [selected] if selected is not None else []
        for child in reversed(ordered):  # popped in order: the selected one last
            stack.append((child, len(moves)))
    return out


def tree_of(history: Sequence[Move], variations: Sequence[Sequence[Move]] = ()) -> Node:
    """The tree of a file's lines (see :func:`lines_to_json`); its node after ``history``."""
    root = Node()
    for line in variations:
        grow(root, line)
    return grow(root, history)


def grow(root: Node, line: Sequence[Move]) -> Node:
    """Add ``line`` from ``root`` (its moves selected all the way); its last node."""
    node = root
    for move in line:
        node = node.add(move)
    return node
