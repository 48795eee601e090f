"""What the prover answers (:class:`Proof`: proven, disproven or unknown, the shortest
win, its first move, a principal line, the winning first moves) and a budget of nodes to
stop it by (:func:`node_budget`), so that what is found does not depend on the clock.
:mod:`model.search.prover` searches, and names :class:`Proof` too."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..game import Move


@dataclass(frozen=True, slots=True)
class Proof:
    """What the prover found about "``side`` wins within ``within`` plies".

    ``result`` is "proven", "disproven" or "unknown" (stopped first). When proven,
    ``plies`` is the length of the shortest win (the bound when ``shortest`` was off) and
    ``winning_move`` a first move of it (None when the side is not to move); ``line`` is a
    principal line, the winner's quickest moves against the longest resistance;
    ``first_moves`` every winning first move with the length of its shortest win, shortest
    first (asked for with ``first_moves=True`` when the side is to move: cooks).
    """

    result: str
    side: str
    within: int
    plies: int | None
    winning_move: Move | None
    nodes: int
    seconds: float
    stopped: str | None = None  # "time limit" or "interrupted" when result is "unknown"
    line: tuple[str, ...] = field(default=())
    first_moves: tuple[tuple[Move, int], ...] = field(default=())

    @property
    def proven(self) -> bool:
        return self.result == "proven"

    def to_json(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "side": self.side,
            "within": self.within,
            "plies": self.plies,
            "winning_move": None if self.winning_move is None else str(self.winning_move),
            "line": list(self.line),
            "first_moves": [[str(m), plies] for m, plies in self.first_moves],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
            "stopped": self.stopped,
        }


def node_budget(nodes: int) -> Callable[[], bool]:
    """A stop callable for the prover that ends the search after about ``nodes`` nodes (the
    prover asks every 256 nodes), so that what is found does not depend on the clock."""
    calls = [0]

    def stop() -> bool:
        calls[0] += 1
        return calls[0] * 256 > nodes

    return stop
