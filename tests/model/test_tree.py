"""The tree of moves: lines and variations, and their round trip through position files."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pyramid_lab.model.files import dumps, loads
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.pyraos import Pyraos
from pyramid_lab.model.tree import Node, lines_to_json, tree_of


def _shape(node: Node) -> tuple:
    """Everything a file must keep: every line, each node's selected child, the position."""
    current = [str(n.move) for n in node.path()]
    selected = {}
    lines = set()
    for n in node.root().walk():
        key = tuple(str(m.move) for m in n.path())
        if n.children:
            selected[key] = str(n.selected.move)
        else:
            lines.add(key)
    return current, selected, lines


def _explore(game, rng: random.Random, steps: int) -> Node:
    """Random play, undo and redo from the game's start, as a user of the Moves dock would."""
    node = Node()
    for _ in range(steps):
        action = rng.random()
        if action < 0.55 and game.outcome() is None:
            move = rng.choice(game.legal_moves())
            game.push(move)
            node = node.add(move)
        elif action < 0.8 and node.parent is not None:
            game.pop()
            node = node.parent
        elif node.selected is not None:
            child = rng.choice(node.children)
            game.push(child.move)
            node.select(child)
            node = child
    return node


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 60),
    which=st.sampled_from(["partition", "pyraos"]),
)
def test_every_line_and_the_position_survive_a_file(seed, steps, which):
    game = Partition(PartitionOptions(3)) if which == "partition" else Pyraos.new()
    node = _explore(game, random.Random(seed), steps)
    text = dumps(game, variations=lines_to_json(node))
    doc = loads(text)
    again = tree_of(doc.game.move_stack, doc.variations)
    assert _shape(again) == _shape(node)
    assert doc.game.position_key() == game.position_key()


def test_the_history_is_the_path_and_the_continuation_comes_first_on_redo():
    root = Node()
    a, b, c = (f"m{i}" for i in range(3))  # any hashable, printable moves will do
    node = root.add(a).add(b)
    node.parent.add(c)  # a second line after a; it is now the selected one
    assert [n.move for n in root.selected.continuation()] == [c]
    assert lines_to_json(root.selected) == [["m0", "m1"], ["m0", "m2"]]
    assert lines_to_json(root) == [["m0", "m1"], ["m0", "m2"]]  # the selected line last
    assert lines_to_json(root.selected.selected) == [["m0", "m1"]]
