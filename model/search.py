"""Search over any game of the protocol: move-path counting (perft) for now."""

from __future__ import annotations

from .game import Game


def perft(game: Game, depth: int) -> int:
    """The number of move sequences of length ``depth`` from the position (a finished game
    has no moves). The position is left as it was."""
    if depth < 0:
        raise ValueError(f"depth must be 0 or more, not {depth}")
    if depth == 0:
        return 1
    if depth == 1:
        return 0 if game.is_over() else game.legal_move_count()
    total = 0
    for move in game.legal_moves():
        game.push(move)
        try:
            total += perft(game, depth - 1)
        finally:
            game.pop()
    return total
