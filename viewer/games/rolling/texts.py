"""Rolling Pyramids' UI in its words, without Qt (:class:`RollingWords`, a part of
:class:`RollingUI`): the status line, a decision played, the legend, the choices listed for
a host without the Turn dock (the classroom's page) and its docks' panels: each sentence a
message of the catalog made language-free (:func:`pyramid_lab.i18n.M_`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pyramid_lab.i18n import M_, N_
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
from ...lab.game_ui import GameUI
from ...lab.game_words import ChoiceGroup, Panel
from ...lab.outcome_words import joined, word
from ...lab.turn_builder import Turn
from .listed import move_listed
from .panels import pool_html, sheet_html
from .words import crossed_number, move_words, take_words, white_pyramids_legend

PHASE_WORDS = {
    "start": N_("choosing starting areas"),
    "solo_start": N_("rolling for the starting area"),
    "roll": N_("rolling the dice"),
    "draft": N_("draft"),
    "develop": N_("develop"),
    "deploy": N_("deploy (secret)"),
    "conquest": N_("conquests"),
    "soldiers": N_("new soldiers"),
    "cleanup": N_("cleanup"),
    "over": N_("over"),
}
#: The map's white pyramids, drawn with it: a decoration only so the legend explains the
#: "1/2" under a space's number (the hex map draws no decoration).
WHITE_PYRAMIDS = "white-pyramids"
WHITE_PYRAMID_DECORATION = frozenset({WHITE_PYRAMIDS})
#: The Pharaoh's stacks (solo), drawn as pieces: a decoration only so the legend names them.
PHARAOH_TROOPS = palette.PIECES_OF + PHARAOH_COLOUR

#: A side's initial, on a starting area it holds with no stack on it (its second cue beside
#: the tint: a word as narrow as a stack's number, the legend saying whose it is).
INITIALS = {
    # TRANSLATORS: red's initial on a starting area it holds (1-2 letters, each side's own)
    "red": N_("R"),
    # TRANSLATORS: blue's initial on a starting area it holds (1-2 letters, each side's own)
    "blue": N_("B"),
    # TRANSLATORS: green's initial on a starting area it holds (1-2 letters, each side's own)
    "green": N_("G"),
    # TRANSLATORS: yellow's initial on a starting area it holds (1-2 letters, each side's own)
    "yellow": N_("Y"),
}

DONE_WORDS = {
    "develop": N_("done developing (the unspent pairs are kept)"),
    "conquest": N_("done crossing off triangles"),
    "cleanup": N_("done placing devices"),
}


def phase_word(game: RollingPyramids) -> str:
    """The phase of ``game`` in words (marked for the catalog: translated where shown)."""
    if game.options.solo and game.phase == "deploy":
        return N_("deploy")  # (nobody to keep it secret from)
    return PHASE_WORDS.get(game.phase, game.phase)


class RollingWords(GameUI[Turn]):
    """Rolling Pyramids' UI's words."""

    def status(self, game: Game) -> str:
        assert isinstance(game, RollingPyramids)
        points = joined(
            M_("{side} {points}", side=word(c), points=v) for c, v in game.scores().items()
        )
        if game.is_over():
            if game.options.solo:
                return describe_result(game)
            return M_("{result}: {points}", result=word(describe_result(game)), points=points)
        rounds = game.options.rounds
        phase = word(phase_word(game))
        where: str
        if game.round < 1:  # the starting areas are chosen before round 1
            where = M_("before round 1 of {rounds}: {phase}", rounds=rounds, phase=phase)
        else:
            where = M_(
                "round {round} of {rounds}, {phase}", round=game.round, rounds=rounds, phase=phase
            )
        if game.options.solo:
            return M_("{where}; Hyskosian revolution (solo)", where=where)
        return M_("{where}; points {points}", where=where, points=points)

    def move_listed(self, move: Move) -> str:
        return move_listed(move)

    def move_words(self, game: Game, move: Move) -> str:
        assert isinstance(game, RollingPyramids)
        words = move_words(move, crossed_number(game, game.current_player(), move))
        return "" if words == str(move) else word(words)  # (written once: the notation says it)

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
                    groups.setdefault(die, []).append((move, word(take_words(move, own))))
                elif move == DONE:
                    groups.setdefault(M_("Done"), []).append((move, M_("done")))
            return [ChoiceGroup(title, tuple(choices)) for title, choices in groups.items()]
        if game.phase not in ("deploy", "cleanup") and moves:
            p = game.current_player()
            choices = tuple((m, word(move_words(m, crossed_number(game, p, m)))) for m in moves)
            title = M_(
                "{side}'s decision: {phase}",
                side=word(game.to_move),
                phase=word(PHASE_WORDS.get(game.phase, game.phase)),
            )
            return [ChoiceGroup(title, choices)]
        return None

    def panels(self, game: Game) -> list[Panel]:
        """The dice pool in the draft, and every faction board (the mover's unfolded), as
        the Turn and Faction boards docks show them."""
        assert isinstance(game, RollingPyramids)
        found = []
        if game.state.dice and game.phase == "draft":
            found.append(Panel(M_("The dice pool"), pool_html(game)))
        mover = game.current_player()
        for p, colour in enumerate(game.players):
            title = M_("{side}'s faction board", side=word(colour))
            found.append(Panel(title, sheet_html(game, p), p == mover))
        return found

    def played(self, game: Game, mover: str, move: Move) -> str:
        assert isinstance(game, RollingPyramids)
        who = word(mover)
        text: str
        if isinstance(move, Deploy) and game.options.solo:
            text = M_("{mover} sent {unit} to {cell}", mover=who, unit=move.unit, cell=move.cell)
        elif isinstance(move, Deploy):
            text = M_(
                "{mover} sent {unit} (where is secret until the fights)", mover=who, unit=move.unit
            )
        elif isinstance(move, Take):
            die = f"{move.colour} d{move.sides} {move.value}"  # (the die: notation)
            text = M_(
                "{mover} took {die}: {what}",
                mover=who,
                die=die,
                what=word(take_words(move, move.colour == mover)),
            )
        elif isinstance(move, Place):
            text = M_("{mover} placed {what}", mover=who, what=word(move_words(move)))
        elif move == DONE:
            done = DONE_WORDS.get(self._phase_of_last(game, move), N_("done"))
            text = M_("{mover}: {what}", mover=who, what=word(done))
        else:
            seat = game.players.index(mover) if mover in game.players else -1
            crossed = crossed_number(game, seat, move)
            text = M_("{mover}: {what}", mover=who, what=word(move_words(move, crossed)))
        effect = game.last_effect()
        if effect is not None and effect.lines:
            if self._phase_of_last(game, move) == "conquest":  # solo: the Pharaoh's walk
                text = M_("{said}; then {walk}", said=text, walk=word(effect.describe()))
            else:
                fights = word(effect.describe())
                text = M_("{said}; the fights: {fights}", said=text, fights=fights)
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
            ("marker", "target"): M_("a place you may choose"),
            ("rim", "clickable"): M_("a space you may choose now"),
        }
        if isinstance(game, RollingPyramids) and game.phase == "soldiers":
            # nothing to click on the map: the Turn dock asks space by space
            words[("rim", "selected")] = M_("new soldiers asked now: stay or reserve (Turn dock)")
            words[("rim", "clickable")] = M_("new soldiers asked later, in number order")
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
            words[("decoration", WHITE_PYRAMIDS)] = word(
                white_pyramids_legend(
                    game.options.rounds, game.options.last_round, game.options.solo
                )
            )
        solo = isinstance(game, RollingPyramids) and game.options.solo
        words[("decoration", PHARAOH_TROOPS)] = (
            M_("the Pharaoh's troops: take 1 and S1 to S4") if solo else M_("the Pharaoh's troops")
        )
        # the numbers on the map's stacks (not the generic "names")
        words[("labels", "")] = M_("troops (2*: two heroes)")
        shown = _initials_shown(game, frame)
        for colour in (*COLOURS, PHARAOH_COLOUR):
            side = word(colour)
            words[("region", colour)] = (
                # (a starting area held with no stack on it shows its holder's initial)
                M_(
                    "held by {side} ({initial} on a starting area)",
                    side=side,
                    initial=shown[colour],
                )
                if colour in shown
                else M_("held by {side}", side=side)
            )
            rams = devices.get(("path", colour))
            words[("path", colour)] = (
                # (one line: "ram 3-2" names its border; a long line stepped the map back)
                M_("{side}'s {devices}", side=side, devices=", ".join(rams))
                if rams
                else M_("{side}'s ram or spikes on a border", side=side)
            )
            umbrellas = devices.get(("pointer", colour))
            words[("pointer", colour)] = (
                M_("{side}'s umbrella on {spaces}", side=side, spaces=", ".join(umbrellas))
                if umbrellas
                else M_("{side}'s umbrella", side=side)
            )
            words[("ghost", colour)] = (
                M_("{side}'s orders this round", side=side)
                if solo
                else M_("{side}'s secret orders (only you see them)", side=side)
            )
        return words


def _initials_shown(game: Game, frame: Frame) -> dict[str, str]:
    """The initials the map shows on starting areas (:data:`INITIALS`), by side."""
    if not isinstance(game, RollingPyramids):
        return {}
    on_map = {label.text for label in frame.labels}
    return {c: word(INITIALS[c]) for c in game.players if c in INITIALS and INITIALS[c] in on_map}
