"""Rolling Pyramids' UI in its words, without Qt (:class:`RollingWords`, a part of
:class:`RollingUI`): the status line, a decision played, the legend, the choices listed for
a host without the Turn dock (the classroom's page) and its docks' panels."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pyramid_lab.model.game import Game, Move
from pyramid_lab.model.rolling import (
    COLOURS,
    DONE,
    PHARAOH_COLOUR,
    Deploy,
    Place,
    RollingPyramids,
    Take,
)
from pyramid_lab.model.teaching import describe_result

from ...lab import palette
from ...lab.frame import Frame
from ...lab.game_words import ChoiceGroup, GameWords, Panel
from ...lab.turn_builder import Turn
from .panels import pool_html, sheet_html
from .words import move_words, take_words, white_pyramids_legend

PHASE_WORDS = {
    "start": "choosing starting areas",
    "solo_start": "rolling for the starting area",
    "roll": "rolling the dice",
    "draft": "draft",
    "develop": "develop",
    "deploy": "deploy (secret)",
    "conquest": "conquests",
    "soldiers": "new soldiers",
    "cleanup": "cleanup",
    "over": "over",
}
#: The map's white pyramids, drawn with it: a decoration only so the legend explains the
#: "1/2" under a space's number (the hex map draws no decoration).
WHITE_PYRAMIDS = "white-pyramids"
WHITE_PYRAMID_DECORATION = frozenset({WHITE_PYRAMIDS})
#: The Pharaoh's stacks (solo), drawn as pieces: a decoration only so the legend names them.
PHARAOH_TROOPS = palette.PIECES_OF + PHARAOH_COLOUR

DONE_WORDS = {
    "develop": "done developing (the unspent pairs are kept)",
    "conquest": "done crossing off triangles",
    "cleanup": "done placing devices",
}


class RollingWords(GameWords[Turn]):
    """Rolling Pyramids' UI's words."""

    def status(self, game: Game) -> str:
        assert isinstance(game, RollingPyramids)
        points = ", ".join(f"{c} {v}" for c, v in game.scores().items())
        if game.is_over():
            if game.options.solo:
                return describe_result(game)
            return f"{describe_result(game)}: {points}"
        rounds = game.options.rounds
        phase = PHASE_WORDS.get(game.phase, game.phase)
        if game.round < 1:  # the starting areas are chosen before round 1
            where = f"before round 1 of {rounds}: {phase}"
        else:
            where = f"round {game.round} of {rounds}, {phase}"
        if game.options.solo:
            return f"{where}; Hyskosian revolution (solo)"
        return f"{where}; points {points}"

    def move_words(self, game: Game, move: Move) -> str:
        words = move_words(move)
        return "" if words == str(move) else words  # (written once: the notation says it)

    def move_groups(self, game: Game, moves: Sequence[Move]) -> list[ChoiceGroup] | None:
        """The draft's takes by die, each choice in the Turn dock's words (the faction
        board's slot, the number written); another phase's decisions (not a
        deployment's or a cleanup's, made on the map) under one heading."""
        assert isinstance(game, RollingPyramids)
        if game.phase == "draft":
            groups: dict[str, list[tuple[Move, str]]] = {}
            for move in moves:
                if isinstance(move, Take):
                    die = f"{move.colour} d{move.sides} = {move.value}"
                    own = move.colour == game.to_move
                    groups.setdefault(die, []).append((move, take_words(move, own)))
                elif move == DONE:
                    groups.setdefault("Done", []).append((move, "done"))
            return [ChoiceGroup(title, tuple(choices)) for title, choices in groups.items()]
        if game.phase not in ("deploy", "cleanup") and moves:
            choices = tuple((m, move_words(m)) for m in moves)
            return [ChoiceGroup(f"{game.to_move}'s decision: {game.phase}", choices)]
        return None

    def panels(self, game: Game) -> list[Panel]:
        """The dice pool in the draft, and every faction board (the mover's unfolded), as
        the Turn and Faction boards docks show them."""
        assert isinstance(game, RollingPyramids)
        found = []
        if game.state.dice and game.phase == "draft":
            found.append(Panel("The dice pool", pool_html(game)))
        mover = game.current_player()
        for p, colour in enumerate(game.players):
            found.append(Panel(f"{colour}'s faction board", sheet_html(game, p), p == mover))
        return found

    def played(self, game: Game, mover: str, move: Move) -> str:
        assert isinstance(game, RollingPyramids)
        if isinstance(move, Deploy) and game.options.solo:
            text = f"{mover} sent {move.unit} to {move.cell}"
        elif isinstance(move, Deploy):
            text = f"{mover} sent {move.unit} (where is secret until the fights)"
        elif isinstance(move, Take):
            text = f"{mover} took {move.colour} d{move.sides} {move.value}: " + take_words(
                move, move.colour == mover
            )
        elif isinstance(move, Place):
            text = f"{mover} placed {move_words(move)}"
        elif move == DONE:
            text = f"{mover}: {DONE_WORDS.get(self._phase_of_last(game, move), 'done')}"
        else:
            text = f"{mover}: {move_words(move)}"
        effect = game.last_effect()
        if effect is not None and effect.lines:
            text += f"; the fights: {effect.describe()}"
        return text

    @staticmethod
    def _phase_of_last(game: RollingPyramids, move: Move) -> str:
        """The phase ``move``, the last decision of ``game``'s line, was made in (the
        dice rolled after it are taken back on a copy)."""
        before = game.copy()
        while before.move_stack:
            if before.pop() == move:
                return before.phase
        return ""

    def legend_words(self, game: Game, frame: Frame) -> Mapping[tuple[str, str], str]:
        words: dict[tuple[str, str], str] = {
            ("marker", "target"): "a place you may choose",
            ("rim", "clickable"): "a space you may choose now",
        }
        if isinstance(game, RollingPyramids) and game.phase == "soldiers":
            # nothing to click on the map: the Turn dock asks space by space
            words[("rim", "selected")] = "new soldiers asked now: stay or reserve (Turn dock)"
            words[("rim", "clickable")] = "new soldiers asked later, in number order"
        devices: dict[tuple[str, str], list[str]] = {}
        if isinstance(game, RollingPyramids):
            for device in game.state.devices:
                colour = game.players[device.player]
                if device.other >= 0:
                    where = f"{device.kind} {game.cell_name(device.cell)}-"
                    where += game.cell_name(device.other)
                    devices.setdefault(("path", colour), []).append(where)
                else:
                    where = game.cell_name(device.cell)
                    devices.setdefault(("pointer", colour), []).append(where)
        if isinstance(game, RollingPyramids):
            words[("decoration", WHITE_PYRAMIDS)] = white_pyramids_legend(
                game.options.rounds, game.options.last_round, game.options.solo
            )
        solo = isinstance(game, RollingPyramids) and game.options.solo
        words[("decoration", PHARAOH_TROOPS)] = "the Pharaoh's troops" + (
            ": take space 1 and S1 to S4 from them" if solo else ""
        )
        for colour in (*COLOURS, PHARAOH_COLOUR):
            words[("region", colour)] = f"held by {colour}"
            rams = devices.get(("path", colour))
            words[("path", colour)] = (
                f"{colour}'s {', '.join(rams)} (on a border)"
                if rams
                else f"{colour}'s ram or spikes on a border"
            )
            umbrellas = devices.get(("pointer", colour))
            words[("pointer", colour)] = f"{colour}'s umbrella" + (
                f" on {', '.join(umbrellas)}" if umbrellas else ""
            )
            words[("ghost", colour)] = f"{colour}'s secret orders (only you see them)"
        return words
