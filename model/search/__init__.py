"""Search over any game of the protocol: perft, the iterative-deepening solver, and (in
their own modules) the playing agents and the prover."""

from .agents import AlphaBetaAgent, MCTSAgent, RandomAgent
from .choice import Agent, Choice, Limits, MoveStat
from .levels import LEVELS, agent_for
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
    "LEVELS",
    "LOSS",
    "UNKNOWN",
    "WIN",
    "Agent",
    "AlphaBetaAgent",
    "Choice",
    "Limits",
    "MCTSAgent",
    "MoveStat",
    "Progress",
    "Proof",
    "Prover",
    "RandomAgent",
    "SearchStopped",
    "SolveResult",
    "Solver",
    "agent_for",
    "best_defence",
    "first_moves",
    "perft",
    "prove",
    "solve",
]
