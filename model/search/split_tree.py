"""The split solve's tree (:mod:`.split`): the root's tree expanded to a frontier of work
units merged under the board's symmetries, the units' values combined up to the root by
AND/OR (negamax), and the choice of the next unit to search by proof and disproof numbers,
as df-pn chooses its next node. Plain data: no Dask, no search."""

from __future__ import annotations

import hashlib
from collections.abc import Hashable
from dataclasses import dataclass, field

from ..game import Game
from .symmetry import Key

#: The frontier's depth by default: the fewest plies (up to :data:`MAX_AUTO_PLIES`) that
#: give this many units (a frontier that depends on the position alone, not on the number
#: of workers, so that a checkpoint serves any cluster).
MIN_UNITS = 4
MAX_AUTO_PLIES = 4


@dataclass(eq=False)
class Node:
    """A position of the expanded tree, merged under the symmetries at its depth."""

    id: str
    depth: int
    game: Game
    children: list[Node] = field(default_factory=list)
    parents: list[Node] = field(default_factory=list)
    #: "win" / "loss" / "draw" for its side to move once settled, "unknown" once nothing
    #: more will come (a unit left unknown), None while open.
    value: str | None = None
    plies: int | None = None


def stable(key: Hashable) -> str:
    """A text of ``key`` equal in every process and run (sets sorted: the order of a set of
    strings changes with the interpreter's hash seed)."""
    if isinstance(key, (frozenset, set)):
        return "{" + ",".join(sorted(stable(k) for k in key)) + "}"
    if isinstance(key, tuple | list):
        return "(" + ",".join(stable(k) for k in key) + ")"
    return repr(key)


def _node_id(game: Game, depth: int, key: Key) -> str:
    digest = hashlib.sha256(stable(key(game)).encode()).hexdigest()[:20]
    return f"d{depth}-{digest}"


def _terminal(game: Game) -> str | None:
    outcome = game.outcome()
    if outcome is None:
        return None
    mine = outcome.value_for(game.to_move)
    return "win" if mine > 0 else "loss" if mine < 0 else "draw"


@dataclass
class Tree:
    root: Node
    root_moves: list[tuple[str, Node]]
    units: list[Node]  # the frontier's running positions, in the tree's order
    plies: int


def expand(game: Game, plies: int | None = None, *, key: Key) -> Tree:
    """The tree of ``game`` to ``plies`` (None: the default, see the module), merged under
    the symmetries ply by ply (``key``: the game's symmetry key, its plug-in's), finished
    positions settled by the rules."""
    root = Node(_node_id(game, 0, key), 0, game.copy())
    root.value = _terminal(game)
    root.plies = 0 if root.value is not None else None
    level = [root] if root.value is None else []
    root_moves: list[tuple[str, Node]] = []
    depth = 0
    limit = MAX_AUTO_PLIES if plies is None else plies
    while level and depth < limit:
        depth += 1
        seen: dict[str, Node] = {}
        for node in level:
            for move in node.game.legal_moves():
                child = node.game.copy()
                child.push(move)
                cid = _node_id(child, depth, key)
                known = seen.get(cid)
                if known is None:
                    known = seen[cid] = Node(cid, depth, child)
                    known.value = _terminal(child)
                    known.plies = 0 if known.value is not None else None
                if node is root:
                    root_moves.append((str(move), known))
                if known not in node.children:
                    node.children.append(known)
                    known.parents.append(node)
        level = [n for n in seen.values() if n.value is None]
        if plies is None and len(level) >= MIN_UNITS:
            break
    return Tree(root, root_moves, level, depth)


def combine(node: Node) -> bool:
    """Settle ``node`` from its children where they decide it (negamax); True when it
    changed."""
    if node.value is not None or not node.children:
        return False
    values = [c.value for c in node.children]
    losses = [c for c in node.children if c.value == "loss"]
    if losses:
        known = [c.plies for c in losses if c.plies is not None]
        node.value, node.plies = "win", (1 + min(known)) if known else None
        return True
    if any(v is None for v in values):
        return False
    if all(v == "win" for v in values):
        lengths = [c.plies for c in node.children]
        node.value = "loss"
        node.plies = None if None in lengths else 1 + max(p for p in lengths if p is not None)
    elif "unknown" in values:
        node.value = "unknown"
    else:
        node.value, node.plies = "draw", None
    return True


def settle(unit: Node, value: str, plies: int | None) -> None:
    """A unit's value, carried up to every ancestor it decides."""
    unit.value, unit.plies = value, plies
    stack = list(unit.parents)
    while stack:
        node = stack.pop()
        if combine(node):
            stack.extend(node.parents)


def needed_nodes(tree: Tree) -> set[str]:
    """The open nodes reachable from the root through open nodes: the units whose value
    may still change the root's."""
    seen: set[str] = set()
    stack = [tree.root] if tree.root.value is None else []
    while stack:
        node = stack.pop()
        if node.id in seen:
            continue
        seen.add(node.id)
        stack.extend(c for c in node.children if c.value is None)
    return seen


#: A number past every proof or disproof number of the tree (its sums are capped here), as
#: the compiled df-pn has it for a proven or disproven question.
INF = 1 << 62


def tree_numbers(tree: Tree, known: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
    """Proof and disproof numbers of "its side to move wins" for every node of the tree,
    combined as df-pn combines them (negamax): a settled node's from its value, a unit's as
    its last slice left them in ``known`` (1, 1 before its first), an inner node's from its
    children (proof: the least disproof of a child, whose loss would be the node's win;
    disproof: the children's proofs summed)."""
    out: dict[str, tuple[int, int]] = {}

    def visit(node: Node) -> tuple[int, int]:
        if node.id in out:
            return out[node.id]
        if node.value == "win":
            numbers = (0, INF)
        elif node.value == "loss":
            numbers = (INF, 0)
        elif node.value is not None:  # a draw or left unknown: neither to prove
            numbers = (INF, INF)
        elif not node.children:
            numbers = known.get(node.id, (1, 1))
        else:
            below = [visit(c) for c in node.children]
            numbers = (min(d for _, d in below), min(INF, sum(p for p, _ in below)))
        out[node.id] = numbers
        return numbers

    visit(tree.root)
    return out


def pick_unit(tree: Tree, known: dict[str, tuple[int, int]], busy: set[str]) -> str | None:
    """The unit to search next: the most-proving one, as df-pn picks its next node (from
    the root down, each time the child of least disproof number: the one whose loss would
    settle its parent soonest), passing over units running (``busy``) or settled; ties in
    the tree's order, so that every unit has its first slice first. None when every needed
    unit is running."""
    numbers = tree_numbers(tree, known)
    units = {u.id for u in tree.units}
    seen: set[str] = set()

    def descend(node: Node) -> str | None:
        if node.id in seen or node.value is not None:
            return None
        seen.add(node.id)
        if node.id in units:
            return None if node.id in busy else node.id
        ranked = sorted(enumerate(node.children), key=lambda ic: (numbers[ic[1].id][1], ic[0]))
        for _, child in ranked:
            found = descend(child)
            if found is not None:
                return found
        return None

    return descend(tree.root)


def first_moves_of(tree: Tree) -> tuple[tuple[str, str, int | None], ...]:
    """Each first move with its value for the root's side to move (as settled)."""
    flip = {"win": "loss", "loss": "win", "draw": "draw"}
    rows = []
    for move, child in tree.root_moves:
        value = flip.get(child.value or "", "unknown")
        plies = None if child.plies is None or value == "unknown" else child.plies + 1
        rows.append((move, value, plies))
    rank = {"win": 0, "draw": 1, "unknown": 2, "loss": 3}

    def order(row: tuple[str, str, int | None]) -> tuple[int, int]:
        _, value, plies = row
        length = plies if plies is not None else 10**6
        return rank[value], (length if value != "loss" else -length)

    return tuple(sorted(rows, key=order))


def best_move_of(firsts: tuple[tuple[str, str, int | None], ...], value: str) -> str | None:
    """The best first move of ``value`` (win, loss or draw) for the root's side to move, of
    :func:`first_moves_of`'s rows; None when the value is unknown or no move has it."""
    if value == "unknown":
        return None
    return next((move for move, known, _ in firsts if known == value), None)
