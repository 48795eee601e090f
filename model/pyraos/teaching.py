"""Pyraos's teaching companion: a placement or a raise, the square it completes and the spheres
taken back, the reserves, and what the opponent can then do, in words. The rules are
:class:`model.pyraos.Pyraos`'s."""

from __future__ import annotations

from typing import Any

from pyramid_lab.i18n import M_, Message

from ..game import Move, Outcome
from ..teaching import Teaching, ending_or_win, register_teaching, repeated, reply_words
from ..words import colour as word
from ..words import joined
from . import COLOURS, LATTICE, LEVEL, Pyraos, PyraosMove, bits
from .board import completes_square
from .moves import point_order


@register_teaching
class PyraosTeaching(Teaching[Pyraos]):
    game_name = "pyraos"

    def describe_outcome(self, game: Pyraos, outcome: Outcome) -> str:
        if outcome.reason == "top":
            return M_("{winner} wins: placed the top", winner=Message(str(outcome.winner)))
        if outcome.reason == "repetition":
            return repeated(game.options.repetition)
        return M_("{colour} has no move and loses", colour=Message(game.to_move))

    def explain_move(self, game: Pyraos, move: Move) -> str:
        """A placement (from the reserve) or a raise (free), the square it completes or
        not and the spheres taken back, the reserves after it, and what the opponent can
        then do: place the top, complete a square."""
        if not isinstance(move, PyraosMove) or move.is_pass:
            return super().explain_move(game, move)
        s, t, removed = game.to_raw(move)
        me, pt = game._turn, LATTICE.point
        colour, other = word(COLOURS[me]), word(COLOURS[1 - me])
        parts = _made_words(game, s, t, removed, colour)
        after = game.copy()
        after.push(move)
        mine, theirs = after.reserve(COLOURS[me]), after.reserve(COLOURS[1 - me])
        parts.append(
            M_(
                "{colour} has {count} spheres in reserve, {other} {other_count}",
                colour=colour,
                count=mine,
                other=other,
                other_count=theirs,
            )
        )
        said = ending_or_win(
            after, lambda _: M_("{colour} can then place the top and win", colour=other)
        )
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
                    lambda points: M_(
                        "{colour} can then complete a square on {points}",
                        colour=other,
                        points=points,
                    ),
                    M_("{colour} cannot complete a square with the next move", colour=other),
                    more="",
                )
            )
        return joined(parts)

    def summary_extras(self, game: Pyraos) -> dict[str, Any]:
        return {"reserves": {c: game.reserve(c) for c in COLOURS}}


def _made_words(game: Pyraos, s: int, t: int, removed: int, colour: str) -> list[str]:
    """A placement or a raise from ``s`` (-1: the reserve) to ``t`` by ``colour`` (a
    word), and the square it completes or not, in a lesson's words."""
    me, pt = game._turn, LATTICE.point
    parts: list[str]
    if s < 0:
        parts = [
            M_(
                "it places a {colour} sphere from the reserve on {point}",
                colour=colour,
                point=str(pt(t)),
            )
        ]
    else:
        parts = [
            M_(
                "it raises {colour}'s sphere from {source} to {target}, costing no sphere",
                colour=colour,
                source=str(pt(s)),
                target=str(pt(t)),
            )
        ]
    if game._options.variant != "children":
        own = (game._masks[me] & ~(1 << s) if s >= 0 else game._masks[me]) | 1 << t
        if completes_square(own, t):
            back = ", ".join(str(pt(p)) for p in bits(removed))
            if back:
                parts.append(
                    M_(
                        "it completes a {colour} square on level {level} and takes back {points}",
                        colour=colour,
                        level=LEVEL[t],
                        points=back,
                    )
                )
            else:
                parts.append(
                    M_(
                        "it completes a {colour} square on level {level} and takes no sphere back",
                        colour=colour,
                        level=LEVEL[t],
                    )
                )
        else:
            parts.append(M_("it completes no square, so no sphere comes back"))
    return parts
