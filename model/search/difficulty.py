"""How hard a puzzle is for the engine: the playouts the compiled MCTS (RAVE, as the
window's computer player) takes to settle on the key move (``scripts/make_puzzles.py``
orders its collections by it)."""

from __future__ import annotations

from functools import partial
from typing import Any

from ..game import Game, decision_view
from .compiled.agent import CompiledMCTSAgent, _Search
from .kernels import adapter_for
from .registry import Plugin

FIRST = 8  # the first checkpoint


def playouts_to_find(game: Game, key: Any, seed: int, cap: int, *, knowledge: Plugin) -> int:
    """The first checkpoint (8, 16, 32, ... playouts) from which the compiled MCTS chooses
    ``key`` at every later checkpoint up to ``cap`` (or until it proves the root); 2 * cap
    when it does not settle on it. ValueError for a game without a compiled kernel (in
    ``knowledge``, its plug-in)."""
    view = decision_view(game)
    adapter = adapter_for(view, knowledge)
    if adapter is None:
        raise ValueError(f"no compiled kernel for {game.title}")
    adapters = partial(adapter_for, knowledge=knowledge)
    search = _Search(CompiledMCTSAgent(adapters, seed=seed), adapter, view, cap)
    found: int | None = None
    checkpoint = FIRST
    while True:
        done = search.run(max(1, checkpoint - search.playouts))
        tree = search.tree
        best = max(tree.children(0), key=search._rank)
        chosen = adapter.public(view, int(tree.move[best])) == key
        found = (found or checkpoint) if chosen else None
        if done or checkpoint >= cap:
            return found if found is not None else 2 * cap
        checkpoint *= 2
