"""Pyraos's teaching companion: a placement or a raise, the square it completes and the spheres
taken back, the reserves, and what the opponent can then do, in words. The rules are
:class:`model.pyraos.Pyraos`'s."""

from __future__ import annotations

from typing import Any

from ..game import Move, Outcome
from ..teaching import Teaching, ending_or_win, register_teaching, reply_words
from . import COLOURS, LATTICE, LEVEL, Pyraos, PyraosMove, bits
from .board import completes_square
from .moves import point_order


@register_teaching
class PyraosTeaching(Teaching[Pyraos]):
    game_name = "pyraos"

    def describe_outcome(self, game: Pyraos, outcome: Outcome) -> str:
        if outcome.reason == "top":
            return f"{outcome.winner} wins: placed the top"
        if outcome.reason == "repetition":
            n = game.options.repetition
            times = {3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")
            return f"the same position came a {times} time: a draw"
        return f"{game.to_move} has no move and loses"

    def explain_move(self, game: Pyraos, move: Move) -> str:
        """A placement (from the reserve) or a raise (free), the square it completes or
        not and the spheres taken back, the reserves after it, and what the opponent can
        then do: place the top, complete a square."""
        if not isinstance(move, PyraosMove) or move.is_pass:
            return super().explain_move(game, move)
        s, t, removed = game.to_raw(move)
        me, pt = game._turn, LATTICE.point
        colour, other = COLOURS[me], COLOURS[1 - me]
        if s < 0:
            parts = [f"it places a {colour} sphere from the reserve on {pt(t)}"]
        else:
            parts = [f"it raises {colour}'s sphere from {pt(s)} to {pt(t)}, costing no sphere"]
        if game._options.variant != "children":
            own = (game._masks[me] & ~(1 << s) if s >= 0 else game._masks[me]) | 1 << t
            if completes_square(own, t):
                back = ", ".join(str(pt(p)) for p in bits(removed))
                parts.append(
                    f"it completes a {colour} square on level {LEVEL[t]}"
                    + (f" and takes back {back}" if back else " and takes no sphere back")
                )
            else:
                parts.append("it completes no square, so no sphere comes back")
        after = game.copy()
        after.push(move)
        mine, theirs = after.reserve(colour), after.reserve(other)
        parts.append(f"{colour} has {mine} spheres in reserve, {other} {theirs}")
        said = ending_or_win(after, lambda _: f"{other} can then place the top and win")
        if said:
            parts.append(said)
        elif game._options.variant != "children":
            mine = after._masks[1 - me]
            squares = sorted(
                {
                    t2
                    for s2, t2, _ in after.raw_moves()
                    if t2 >= 0
                    and completes_square((mine & ~(1 << s2) if s2 >= 0 else mine) | 1 << t2, t2)
                },
                key=lambda p: point_order(pt(p)),
            )
            parts.append(
                reply_words(
                    [str(pt(p)) for p in squares],
                    f"{other} can then complete a square on",
                    f"{other} cannot complete a square with the next move",
                    more="",
                )
            )
        return "; ".join(parts)

    def summary_extras(self, game: Pyraos) -> dict[str, Any]:
        return {"reserves": {c: game.reserve(c) for c in COLOURS}}
