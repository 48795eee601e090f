"""Search over any game of the protocol: perft, the iterative-deepening solver, and (in
their own modules) the playing agents and the prover."""

from .prover import Proof, Prover, best_defence, first_moves, prove
from .solver import (
    DRAW,
    LOSS,
    UNKNOWN,
    WIN,
    Progress,
    SearchStopped,
    Solver,
    SolveResult,
    perft,
    solve,
)

__all__ = [
    "DRAW",
    "LOSS",
    "UNKNOWN",
    "WIN",
    "Progress",
    "Proof",
    "Prover",
    "SearchStopped",
    "SolveResult",
    "Solver",
    "best_defence",
    "first_moves",
    "perft",
    "prove",
    "solve",
]
