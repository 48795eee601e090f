"""Pyramid's (the terraced race-and-capture game's) teaching companion: a run, jump or push,
the stones it removes and the captures and wins it leaves, in words. The rules are
:class:`model.terrace.Terrace`'s."""

from __future__ import annotations

from typing import Any

from pyramid_lab.i18n import M_, Message

from ..game import Move, Outcome
from ..teaching import Teaching, ending_or_win, register_teaching, repeated, reply_words
from ..words import colour as word
from ..words import joined
from . import COLOURS, STEP, Kind, Terrace, TerraceMove, field_name


@register_teaching
class TerraceTeaching(Teaching[Terrace]):
    game_name = "terrace"

    def describe_outcome(self, game: Terrace, outcome: Outcome) -> str:
        winner = Message(str(outcome.winner))
        if outcome.reason == "victory_fields":
            return M_("{winner} holds the four victory fields", winner=winner)
        if outcome.reason == "stones":
            if outcome.winner is None:
                return M_("both sides have fewer than four stones: a draw")
            return M_("{winner} wins: the other side has fewer than four stones", winner=winner)
        if outcome.reason == "repetition":
            return repeated(3)
        if outcome.reason == "no_moves":
            return M_("{colour} has no move and loses", colour=Message(game.to_move))
        raise KeyError(outcome.reason)

    def explain_move(self, game: Terrace, move: Move) -> str:
        """The run, jump or push, the stones it removes (smashed, fallen off, by Osiris)
        or none, the stones left, and the captures and wins the opponent then has."""
        resolved = game._resolve(move) if isinstance(move, TerraceMove) else None
        if resolved is None:
            return super().explain_move(game, move)
        mover, rival = game.to_move, game.other(game.to_move)
        colour, other = word(mover), word(rival)
        parts: list[str] = [_move_words(game, resolved, colour)]
        probe = game.copy()
        probe.push(resolved)
        effect = probe.last_effect()
        removed = effect.describe() if effect is not None else ""
        parts.append(removed or M_("it removes no stone"))
        parts.append(
            M_(
                "{colour} has {count} stones, {other} {other_count}",
                colour=colour,
                count=probe.stone_count(mover),
                other=other,
                other_count=probe.stone_count(rival),
            )
        )
        said = ending_or_win(
            probe,
            lambda wins: M_(
                "{colour} can then win at once with {moves}", colour=other, moves=str(wins[0])
            ),
        )
        if said:
            parts.append(said)
            return joined(parts)
        captures = []
        for reply in probe.legal_moves():
            probe.push(reply)
            hit = probe.last_effect()
            probe.pop()
            if hit is not None and any(
                c == mover for _, c in (*hit.smashed, *hit.fallen, *hit.osiris)
            ):
                captures.append(str(reply))
        parts.append(
            reply_words(
                captures,
                lambda moves: M_(
                    "{other} can then take a {colour} stone with {moves}",
                    other=other,
                    colour=colour,
                    moves=moves,
                ),
                M_(
                    "{other} can take no {colour} stone with the next move",
                    other=other,
                    colour=colour,
                ),
            )
        )
        return joined(parts)

    def summary_extras(self, game: Terrace) -> dict[str, Any]:
        return {"stones": {c: game.stone_count(c) for c in COLOURS}}


def _move_words(game: Terrace, resolved: TerraceMove, colour: str) -> str:
    """The run, jump or push of ``colour`` (a word), in a lesson's words."""
    s, t = field_name(resolved.source), field_name(resolved.target)
    if resolved.kind is Kind.JUMP:
        return M_(
            "it jumps {colour}'s stone up from {source} to {target}",
            colour=colour,
            source=s,
            target=t,
        )
    elif resolved.kind is Kind.PUSH:
        dest = STEP[resolved.target][resolved.direction]
        victim = word(COLOURS[game._cells[resolved.target]])
        if dest < 0:
            return M_(
                "it pushes the {colour} stone off the board from {source}",
                colour=victim,
                source=t,
            )
        else:
            return M_(
                "it pushes the {colour} stone from {source} to {target}",
                colour=victim,
                source=t,
                target=field_name(dest),
            )
    else:
        return M_(
            "it runs {colour}'s stone from {source} to {target}",
            colour=colour,
            source=s,
            target=t,
        )
