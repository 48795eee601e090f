"""Rolling Pyramids' teaching companion: a draft pick or a deployment in words, the fights,
the round, the spaces and units of each side, and ``analyze``'s summary. The rules are
:class:`model.rolling.RollingPyramids`'s."""

from __future__ import annotations

from typing import Any

from pyramid_lab.i18n import M_, Message, Mn_

from ..game import Move, Outcome
from ..teaching import Teaching, describe_result, register_teaching
from . import RollingPyramids
from .moves import Deploy, Take
from .state import PHARAOH_COLOUR


@register_teaching
class RollingPyramidsTeaching(Teaching[RollingPyramids]):
    game_name = "rolling"

    def describe_outcome(self, game: RollingPyramids, outcome: Outcome) -> str:
        s, players = game.state, game.players
        if game.options.solo:
            player = Message(players[0])
            if s.won:
                return M_(
                    "{player} wins the revolution in round {round}", player=player, round=s.round
                )
            # TRANSLATORS: the English says "rounds" even for 1 (it never ends in round 1)
            return Mn_(
                "the Pharaoh holds Hyskos after {count} rounds: {player} loses",
                "the Pharaoh holds Hyskos after {count} rounds: {player} loses",
                s.round,
                count=s.round,
                player=player,
            )
        best = max(s.scores)
        top = [c for c, v in zip(players, s.scores, strict=True) if v == best]
        table = "-".join(str(v) for v in sorted(s.scores, reverse=True))
        if len(top) == 1:
            return M_("{winner} wins {table}", winner=Message(top[0]), table=table)
        together: Message = Message(top[0])
        for colour in top[1:]:
            together = M_("{first} and {second}", first=together, second=Message(colour))
        return M_("{winners} share the win ({table})", winners=together, table=table)

    def explain_move(self, game: RollingPyramids, move: Move) -> str:
        """A draft pick: the box the number goes in and what that box does; a deploy: the
        unit, the space's holder (an attack, a reinforcement or an empty space) and the
        ram that helps or not; then who moves next. The fights of the deploy phase or the
        whole phase's end, when the move ends it, come from the resolution."""
        s, p = game._s, game._s.turn
        colour = game.to_move
        if isinstance(move, Take):
            parts = [_take_words(move, colour)]
        elif isinstance(move, Deploy):
            parts = [self._deploy_words(game, move, p, colour)]
        else:
            return super().explain_move(game, move)
        after = game.copy()
        after.push(move)
        effect = after.last_effect()
        if effect is not None:
            parts.append(f"then the fights: {effect.describe()}")
        if after.is_over():
            parts.append(f"the game ends: {describe_result(after)}")
        elif after.phase == s.phase and after.to_move != colour:
            verb = {"draft": "picks", "deploy": "deploys"}.get(after.phase, "moves")
            parts.append(f"{after.to_move} {verb} next")
        elif after.phase != s.phase:
            parts.append(f"the {s.phase} phase ends; the {after.phase} phase begins")
        return "; ".join(parts)

    def _deploy_words(self, game: RollingPyramids, move: Deploy, p: int, colour: str) -> str:
        s = game._s
        unit = next((u for u in game._units(s, p) if u.name == move.unit), None)
        troops = f" ({unit.troops})" if unit is not None else ""
        cell = game.map.cell(move.cell)
        holder = game.colour_of(s.owner[cell])
        said = f"it sends {move.unit}{troops} to space {move.cell}"
        if holder == colour:
            said += f", {colour}'s own: it reinforces it and attacks nobody"
        elif holder is None:
            said += ", an empty space: it takes it if no one else comes"
        else:
            said += f", held by {holder} with {s.troops[cell]}: an attack"
        before = list(s.owner)
        rams = [d for d in s.devices if d.kind == "ram" and d.player == p]
        if rams:
            if holder not in (None, colour) and game._device_across(s, "ram", p, cell, p, before):
                said += f"; {colour}'s ram halves the defenders"
            else:
                spaces = (
                    ", ".join(f"{game.cell_name(d.other)}" for d in rams if d.other >= 0)
                    or "its own border"
                )
                said += f"; {colour}'s ram helps only an attack across its border (into {spaces})"
        return said

    def explain(self, game: RollingPyramids) -> list[str]:
        s = game._s
        lines = []
        if s.phase not in ("start", "solo_start"):
            lines.append(f"round {s.round} of {game._options.rounds}, {s.phase} phase")
        if not game._options.solo:
            lines.append("points: " + ", ".join(f"{c} {v}" for c, v in game.scores().items()))
        for p, colour in enumerate(game.players):
            spaces = [game.cell_name(c) for c in game._holdable if s.owner[c] == p]
            units = ", ".join(f"{u.name} {u.troops}" for u in game._units(s, p)) or "none"
            lines.append(
                f"{colour} ({game.factions[p].name}): {len(spaces)} spaces "
                f"({', '.join(spaces) or '-'}); units to deploy: {units}"
            )
        if s.fights:
            after = s.phase in ("conquest", "soldiers", "cleanup", "over")
            lines.append(f"round {s.round if after else s.round - 1}'s fights:")
            lines += [f"  {line}" for line in s.fights]
        return lines

    def summary(self, game: RollingPyramids) -> dict[str, Any]:
        """``analyze``'s object; a lost solo game names the Pharaoh as the winner (the
        protocol's result for one player who lost would read "draw")."""
        report = super().summary(game)
        outcome = game.outcome()
        if outcome is not None and game._options.solo and not game._s.won:
            report["winner"] = PHARAOH_COLOUR
        return report

    def summary_extras(self, game: RollingPyramids) -> dict[str, Any]:
        s = game._s
        extras: dict[str, Any] = {
            "round": s.round,
            "phase": s.phase,
            "spaces": {
                c: sum(1 for x in game._holdable if s.owner[x] == p)
                for p, c in enumerate(game.players)
            },
        }
        if game._options.solo:
            cells = [game.map.sacred, *game.map.starts]
            extras["objectives_held"] = sum(1 for c in cells if s.owner[c] == 0)
        else:
            extras["scores"] = game.scores()
        return extras


def _take_words(move: Take, colour: str) -> str:
    """What writing a draft pick's number in its box does, in a player's words."""
    die = f"the {move.colour} d{move.sides}"
    number = move.written if move.written is not None else move.value
    slot = move.slot
    if slot == "none":
        return f"it takes {die} ({move.value}), which no box of {colour}'s can take: it is lost"
    if slot == "hero":
        return f"it writes {number} ({die}) as a hero for {colour}: a hero fights this round"
    if slot.startswith("dev"):
        pair, shape = slot[3:].split(".", 1)
        return (
            f"it writes {number} ({die}) in {colour}'s develop pair {pair} ({shape} box): "
            "no unit this round; a full pair buys an upgrade"
        )
    if slot.startswith("f"):
        return f"it crosses off footman space {slot} with {die} ({move.value}): footmen, not a hero"
    return (
        f"it writes {number} ({die}) in {colour}'s army line {slot[0]}, box {slot[1:]}: "
        "the line becomes a unit once its three boxes are written, not a hero"
    )
