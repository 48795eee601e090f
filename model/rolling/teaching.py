"""Rolling Pyramids' teaching companion: a draft pick or a deployment in words, the fights,
the round, the spaces and units of each side, and ``analyze``'s summary. The rules are
:class:`model.rolling.RollingPyramids`'s."""

from __future__ import annotations

from typing import Any

from pyramid_lab.i18n import M_, N_, Message, Mn_

from ..game import Move, Outcome
from ..teaching import Teaching, game_ends, register_teaching
from ..words import colour as word
from ..words import joined
from . import RollingPyramids
from .maps import faction_word
from .moves import Deploy, Take
from .state import PHARAOH_COLOUR

#: A phase by its name in ``analyze --text``'s "round 3 of 15, draft phase".
PHASE_NAMES = {
    "roll": N_("roll"),
    "draft": N_("draft"),
    "develop": N_("develop"),
    "deploy": N_("deploy"),
    "conquest": N_("conquest"),
    "soldiers": N_("soldiers"),
    "cleanup": N_("cleanup"),
    "over": N_("over"),
}


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
        mover = game.to_move
        colour = word(mover)
        if isinstance(move, Take):
            parts = [_take_words(move, colour)]
        elif isinstance(move, Deploy):
            parts = [self._deploy_words(game, move, p, mover)]
        else:
            return super().explain_move(game, move)
        after = game.copy()
        after.push(move)
        effect = after.last_effect()
        if effect is not None:
            parts.append(M_("then the fights: {fights}", fights=effect.describe()))
        if after.is_over():
            parts.append(game_ends(after))
        elif after.phase == s.phase and after.to_move != mover:
            nxt = word(after.to_move)
            if after.phase == "draft":
                parts.append(M_("{colour} picks next", colour=nxt))
            elif after.phase == "deploy":
                parts.append(M_("{colour} deploys next", colour=nxt))
            else:
                parts.append(M_("{colour} moves next", colour=nxt))
        elif after.phase != s.phase:
            parts.append(
                M_(
                    "the {phase} phase ends; the {next_phase} phase begins",
                    phase=s.phase,
                    next_phase=after.phase,
                )
            )
        return joined(parts)

    def _deploy_words(self, game: RollingPyramids, move: Deploy, p: int, mover: str) -> str:
        s = game._s
        colour = word(mover)
        unit = next((u for u in game._units(s, p) if u.name == move.unit), None)
        cell = game.map.cell(move.cell)
        holder = game.colour_of(s.owner[cell])
        if unit is not None:
            sent = M_(
                "it sends {unit} ({troops}) to space {space}",
                unit=move.unit,
                troops=str(unit.troops),
                space=move.cell,
            )
        else:
            sent = M_("it sends {unit} to space {space}", unit=move.unit, space=move.cell)
        if holder == mover:
            said = M_(
                "{sent}, {colour}'s own: it reinforces it and attacks nobody",
                sent=sent,
                colour=colour,
            )
        elif holder is None:
            said = M_("{sent}, an empty space: it takes it if no one else comes", sent=sent)
        else:
            said = M_(
                "{sent}, held by {holder} with {troops}: an attack",
                sent=sent,
                holder=word(holder),
                troops=str(s.troops[cell]),
            )
        before = list(s.owner)
        rams = [d for d in s.devices if d.kind == "ram" and d.player == p]
        if rams:
            if holder not in (None, mover) and game._device_across(s, "ram", p, cell, p, before):
                said = M_("{said}; {colour}'s ram halves the defenders", said=said, colour=colour)
            else:
                spaces = ", ".join(f"{game.cell_name(d.other)}" for d in rams if d.other >= 0)
                if spaces:
                    said = M_(
                        "{said}; {colour}'s ram helps only an attack across its border "
                        "(into {spaces})",
                        said=said,
                        colour=colour,
                        spaces=spaces,
                    )
                else:
                    said = M_(
                        "{said}; {colour}'s ram helps only an attack across its border "
                        "(into its own border)",
                        said=said,
                        colour=colour,
                    )
        return said

    def explain(self, game: RollingPyramids) -> list[str]:
        """The round and phase, the points, each faction's spaces and units, the last
        fights (Messages; a space's name and a unit's are notation, a faction's its word)."""
        s = game._s
        lines: list[str] = []
        if s.phase not in ("start", "solo_start"):
            phase = M_(PHASE_NAMES[s.phase]) if s.phase in PHASE_NAMES else s.phase
            lines.append(
                M_(
                    "round {round} of {rounds}, {phase} phase",
                    round=s.round,
                    rounds=game._options.rounds,
                    phase=phase,
                )
            )
        if not game._options.solo:
            scores = (
                M_("{colour} {points}", colour=word(c), points=v) for c, v in game.scores().items()
            )
            lines.append(M_("points: {scores}", scores=joined(scores, ", ")))
        for p, colour in enumerate(game.players):
            spaces = [game.cell_name(c) for c in game._holdable if s.owner[c] == p]
            units = ", ".join(f"{u.name} {u.troops}" for u in game._units(s, p)) or M_("none")
            lines.append(
                Mn_(
                    "{colour} ({faction}): {count} space ({spaces}); units to deploy: {units}",
                    "{colour} ({faction}): {count} spaces ({spaces}); units to deploy: {units}",
                    len(spaces),
                    colour=word(colour),
                    faction=faction_word(game.factions[p]),
                    count=len(spaces),
                    spaces=", ".join(spaces) or "-",
                    units=units,
                )
            )
        if s.fights:
            after = s.phase in ("conquest", "soldiers", "cleanup", "over")
            lines.append(M_("round {round}'s fights:", round=s.round if after else s.round - 1))
            lines += [M_("  {line}", line=line) for line in s.fights]
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
    """What writing a draft pick's number in its box does, in a player's words (``colour``
    the mover's, a word)."""
    # TRANSLATORS: a die named by its colour and sides: "the white d6"
    die = M_("the {colour} d{sides}", colour=word(move.colour), sides=str(move.sides))
    number = move.written if move.written is not None else move.value
    slot = move.slot
    if slot == "none":
        return M_(
            "it takes {die} ({value}), which no box of {colour}'s can take: it is lost",
            die=die,
            value=move.value,
            colour=colour,
        )
    if slot == "hero":
        return M_(
            "it writes {number} ({die}) as a hero for {colour}: a hero fights this round",
            number=number,
            die=die,
            colour=colour,
        )
    if slot.startswith("dev"):
        pair, shape = slot[3:].split(".", 1)
        return M_(
            "it writes {number} ({die}) in {colour}'s develop pair {pair} ({shape} box): "
            "no unit this round; a full pair buys an upgrade",
            number=number,
            die=die,
            colour=colour,
            pair=pair,
            shape=shape,
        )
    if slot.startswith("f"):
        return M_(
            "it crosses off footman space {slot} with {die} ({value}): footmen, not a hero",
            slot=slot,
            die=die,
            value=move.value,
        )
    return M_(
        "it writes {number} ({die}) in {colour}'s army line {line}, box {box}: "
        "the line becomes a unit once its three boxes are written, not a hero",
        number=number,
        die=die,
        colour=colour,
        line=slot[0],
        box=slot[1:],
    )
