"""Rolling Pyramids in the window: the hex map in 3D (hexes as low prisms with their
numbers, white pyramids sized by their points, black pyramids for factories, each force a
stack of counters in its colour with its number; held hexes tinted in the holder's colour,
devices on borders as tubes), and three docks (``docks.py``): **Turn** (the dice pool to
draft from, then the choices of the decision at hand, each with what it writes), **Faction
boards** (one tab per player: written numbers, crossed-off spaces, upgrades, points) and
**Fights** (every round's fights with their arithmetic).

Decisions: draft in the Turn dock (a die, then where its number goes); develop, conquest
and the solo soldiers in the Turn dock (Finish turn is ``done``); a starting area, a
deployment's target and a device's place by clicking the map (the unit or device is chosen
in the Turn dock; its places are marked). The dice are rolled by the session (chance nodes).

Hidden deployment: while units are being deployed, the map shows only the orders of the
human player deciding (or of the one human against computers); the others' are hidden
until the fights, and the status bar says "red sent a unit" without the target.

Computer players are the game's own (random, greedy, planner: its search plug-in's levels),
deciding from the information state of the seat they play (and Hint, from the player's).

:class:`RollingUI` answers every hook a host asks of the game in one class, one concept over
600 lines as :class:`~viewer.lab.game_ui.GameUI` is: the map's sites over ``sites.py``'s hex
map, its words over ``words.py``'s sentences, the turn and the docks' wiring. Its parts,
each a concern, are who decides (``seats.py``: the hot seat's hand-over) and the map's
picture (``map_frame.py``); the Qt docks are made in ``docks.py`` when the window asks for
them.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from pyramid_lab.i18n import M_, N_
from pyramid_lab.model.game import CHANCE, Game, Move
from pyramid_lab.model.rolling import (
    ALL,
    COLOURS,
    DONE,
    PHARAOH_COLOUR,
    Deploy,
    Place,
    RollingPyramids,
    Soldiers,
    StartArea,
    Take,
)
from pyramid_lab.model.teaching import describe_result
from pyramid_lab.model.words import colour as colour_word

from ...boards.geometries import HexMap
from ...lab.frame import Frame, Marker
from ...lab.game_ui import GameUI, Host
from ...lab.game_words import ChoiceGroup, Panel
from ...lab.outcome_words import joined, word
from ...lab.turn_builder import STEPPED, Declined, Ready, TurnAnswer
from ...lab.view_state import BoardGeometry
from ...widgets.slots import slot
from .. import register_ui
from .map_frame import clickable, map_frame
from .panels import pool_html, sheet_html
from .seats import Seats
from .sites import LAYERS, TROOPS_A_COUNTER, factory_words, hex_map, stack_height
from .words import (
    DONE_WORDS,
    PHARAOH_TROOPS,
    PHASE_WORDS,
    WHITE_PYRAMIDS,
    crossed_number,
    initials_shown,
    move_listed,
    move_words,
    phase_word,
    take_words,
    white_pyramid_words,
    white_pyramids_legend,
)

if TYPE_CHECKING:  # Qt: imported where the docks are made (the classroom has no Qt)
    from PySide6.QtWidgets import QDockWidget

    from .docks import RollingDocks

ASK = {
    "start": N_("click a free starting area on the map (marked)"),
    "draft": N_("take a die from the pool in {controls}, then choose where to write it"),
    "develop": N_("choose an upgrade in {controls}, or Finish turn (Enter) to keep the pairs"),
    "deploy": N_("choose a unit in {controls}, then click a marked space to send it"),
    "conquest": N_("cross off a triangle in {controls}, or Finish turn (Enter) to stop"),
    "soldiers": N_(
        "the new soldiers stay or join the reserve: all stay with one click, or choose "
        "space by space in {controls}"
    ),
    "cleanup": N_("place a device (choose it in {controls}, click the map), or Finish turn"),
}

#: Hot seat, the secret deployment: the map waits for the player deciding to take the seat.
HAND_OVER = N_(
    "hand over to {player}: the others look away, {player} clicks 'I am {player}' in the Turn dock"
)


#: The second click of a ram or spikes: its border's other space, by the rules' name for it
#: (whole sentences, the device a word of each; English as before: "the spikes faces").
FACES = {
    "ram": N_("click the neighbour the ram faces (Esc: another start)"),
    "spikes": N_("click the neighbour the spikes faces (Esc: another start)"),
}


def hand_over(player: str) -> str:
    """The hot seat's words: hand over to ``player`` (a Message)."""
    return M_(HAND_OVER, player=colour_word(player))


class RollingTurn:
    """The decision being made: the die, unit or device chosen in the Turn dock and the
    first hex of a device's border."""

    def __init__(self, ui: RollingUI, game: RollingPyramids) -> None:
        self.ui = ui
        self.game = game
        self.die: int | None = None  # index into the state's dice
        self.unit: str | None = None
        self.device: str | None = None
        self.first: int | None = None  # a ram's or spikes' own hex (cell index)
        self.chosen: Move | None = None  # a choice made in the Turn dock
        moves = game.legal_moves() if game.current_player() >= 0 else []
        units = [m.unit for m in moves if isinstance(m, Deploy)]
        self.unit = units[0] if units else None
        devices = [m.device for m in moves if isinstance(m, Place)]
        self.device = devices[0] if devices else None

    @property
    def building(self) -> bool:
        return self.die is not None or self.first is not None

    @property
    def can_finish(self) -> bool:
        game = self.game
        if game.current_player() == CHANCE:
            return True
        return self.chosen is not None or DONE in self._moves()

    def _moves(self) -> list[Move]:
        return self.game.legal_moves() if self.game.current_player() >= 0 else []

    def pieces(self) -> Mapping[int, str]:
        return self.ui.sites(self.game)

    def click(self, site: int) -> TurnAnswer:
        game = self.game
        node = game.current_player()
        if node == CHANCE:
            return Declined(M_("the dice are rolled next: Finish turn (Enter) rolls them"))
        if node < 0:
            return Declined(M_("the game is over: {result}", result=describe_result(game)))
        if not self.ui.seats.human_to_move(game):
            return Declined(
                M_(
                    "{player} is played by the computer: wait for its move",
                    player=colour_word(game.to_move),
                )
            )
        cell = self.ui.cell_of(site)
        name = game.cell_name(cell)
        phase = game.phase
        moves = self._moves()
        if phase == "start":
            move: Move = StartArea(name)
            if move in moves:
                return Ready(move)
            return Declined(
                M_("{space} is not a free starting area: click one of the marked ones", space=name)
            )
        if phase == "deploy":
            seat = self.ui.seats.hand_over(game)
            if seat is not None:
                return Declined(hand_over(seat))
            if self.unit is None:
                return Declined(M_("no unit left to deploy"))
            move = Deploy(self.unit, name)
            if move in moves:
                return Ready(move)
            said = M_("{unit} cannot go to {space}", unit=self.unit, space=name)
            return Declined(game.why_illegal(move) or said)
        if phase == "cleanup":
            return self._place(cell, moves)
        return Declined(self._ask(phase, M_("nothing to click on the map now")))

    def _place(self, cell: int, moves: list[Move]) -> TurnAnswer:
        game = self.game
        name = game.cell_name(cell)
        if self.device is None:
            return Declined(M_("no device left to place: Finish turn (Enter) ends the cleanup"))
        places = [m for m in moves if isinstance(m, Place) and m.device == self.device]
        if self.device == "umbrella":
            move = Place("umbrella", name)
            if move in places:
                return Ready(move)
            return Declined(M_("an umbrella goes on a space you hold, not on {space}", space=name))
        if self.first is None:
            if any(m.cell == name for m in places):
                self.first = cell
                return STEPPED
            return Declined(
                M_(
                    "a {device} starts from a space you hold next to another: not {space}",
                    device=self.device,
                    space=name,
                )
            )
        move = Place(self.device, game.cell_name(self.first), name)
        if move in places:
            self.first = None
            return Ready(move)
        first = game.cell_name(self.first)
        return Declined(
            M_(
                "no {device} from {first} to {space}: click a marked neighbour, or Cancel",
                device=self.device,
                first=first,
                space=name,
            )
        )

    def finish(self) -> TurnAnswer:
        game = self.game
        if game.current_player() == CHANCE:  # the Moves dock went back to a roll
            outcomes = game.chance_outcomes()
            return Ready(random.choices([m for m, _ in outcomes], [w for _, w in outcomes])[0])
        if self.chosen is not None:
            move, self.chosen = self.chosen, None
            return Ready(move)
        seat = self.ui.seats.hand_over(game)
        if seat is not None:
            return Declined(hand_over(seat))
        if DONE in self._moves():
            return Ready(DONE)
        if game.current_player() < 0:
            return Declined("over")
        return Declined(self._ask(game.phase, M_("nothing to finish")))

    def cancel(self) -> None:
        """The decision half made goes (Undo, Cancel turn): the Turn dock follows, its die
        let go and its places gone (it kept them, and a click wrote the die anyway)."""
        self.die = None
        self.first = None
        self.chosen = None
        if self.ui.current_turn is self:
            self.ui.turn_changed()

    def prompt(self) -> str:
        game = self.game
        node = game.current_player()
        if node == CHANCE:
            return M_("the dice are rolled next: Finish turn (Enter)")
        if node < 0:
            return ""
        if not self.ui.seats.human_to_move(game):
            return M_("{player} (computer) is deciding", player=colour_word(game.to_move))
        seat = self.ui.seats.hand_over(game)
        if seat is not None:
            return hand_over(seat)
        return M_("{player}: {ask}", player=colour_word(game.to_move), ask=self.ask())

    def ask(self) -> str:
        """What the human deciding does next, without their name (the Turn dock's
        heading names them): a Message ('' where nothing is asked)."""
        game = self.game
        if game.phase == "deploy" and self.unit is not None:
            if game.options.solo:  # nobody to hide it from
                return M_("click a marked space to send {unit}", unit=self.unit)
            return M_("click a marked space to send {unit} (secret)", unit=self.unit)
        if game.phase == "cleanup" and self.first is not None:
            device = str(self.device)
            if device in FACES:
                return M_(FACES[device])
            return M_("click the neighbour the {device} faces (Esc: another start)", device=device)
        if game.phase == "conquest" and game.current_player() >= 0:
            left = game.state.sheets[game.current_player()].conquests
            return M_(
                "cross off a triangle in {controls} (still to cross: {count}, one a space "
                "taken), or Finish turn (Enter) to stop",
                controls=self.ui.controls,
                count=left,
            )
        if game.phase == "draft" and self.die is not None:
            return M_("choose where to write the die in {controls}", controls=self.ui.controls)
        return self._ask(game.phase, "")

    def _ask(self, phase: str, otherwise: str) -> str:
        """What ``phase`` asks of the player deciding, naming the host's controls."""
        asked = ASK.get(phase)
        return M_(asked, controls=self.ui.controls) if asked is not None else otherwise


@register_ui
class RollingUI(GameUI[RollingTurn]):
    game_name = "rolling"
    board_kind = "hex-map"
    piece_word = "troops"
    legend_room = 3  # a deployment's "secret orders" line (it may wrap) and "troops" (its label)
    _codes: Mapping[int, int] = {}  # a space's code -> its cell (the map shown)
    _cells: tuple[int, ...] = ()  # a cell -> its space's code

    def __init__(self, host: Host | None = None) -> None:
        super().__init__(host)
        self._maps: dict[str, HexMap] = {}  # the hex maps made, by the game map's id
        self.seats = Seats(host)
        self._turn: RollingTurn | None = None
        self._game: RollingPyramids | None = None
        self._docks: RollingDocks | None = None

    # ---- the map's sites ----------------------------------------------------------------

    def geometry(self, game: Game) -> HexMap:
        assert isinstance(game, RollingPyramids)
        board = self._maps.get(game.map.id)
        if board is None:
            board = self._maps[game.map.id] = hex_map(game.map)
        self._codes = {cell.code: cell.index for cell in game.map.cells}
        self._cells = tuple(cell.code for cell in game.map.cells)
        return board

    def cell_of(self, site: int) -> int:
        return site // LAYERS

    def site_of(self, coords: tuple[int, ...]) -> int:
        code, plain, heroes = coords
        if code not in self._codes:
            raise ValueError(f"no space {code}")
        height = stack_height(plain + heroes)
        return self._codes[code] * LAYERS + max(0, height - 1)

    def coords_of(self, site: int) -> tuple[int, ...]:
        code = self._cells[self.cell_of(site)]
        if code < 0:  # a starting area: chosen, no troops
            return (code, 0, 0)
        return (code, 1 + TROOPS_A_COUNTER * (site % LAYERS), 0)

    def site_name(self, site: int) -> str:
        code = self._cells[self.cell_of(site)]
        return f"S{-code}" if code < 0 else str(code)

    def sites(self, game: Game) -> dict[int, str]:
        self.geometry(game)
        return {self.site_of(coords): colour for coords, colour in game.pieces()}

    def setup_frame(self, pieces: Mapping[int, str], geometry: BoardGeometry) -> Frame:
        """Set-up mode paints a garrison of 1 (a click on a stack's top takes it off)."""
        stacks = {}
        for site, colour in pieces.items():
            cell, layer = divmod(site, LAYERS)
            stacks.update({cell * LAYERS + k: colour for k in range(layer + 1)})
        cells = range(geometry.count // LAYERS)
        free = [c for c in cells if not any(s // LAYERS == c for s in pieces)]
        return Frame(pieces=stacks, markers=tuple(Marker(c * LAYERS, "setup") for c in free))

    def describe(self, game: Game, turn: RollingTurn, site: int, shown: Mapping[int, str]) -> str:
        """A space's hover: its number, what its pyramid gives, who holds it (a Message)."""
        assert isinstance(game, RollingPyramids)
        cell = game.map.cells[self.cell_of(site)]
        text: str
        if cell.start is not None:
            text = M_("starting area {area}", area=str(cell.start))
        else:
            text = M_("space {space}", space=str(cell.number))
            if cell.white:
                rounds, last = game.options.rounds, game.options.last_round
                solo = game.options.solo
                what = white_pyramid_words(cell.top, cell.bottom, rounds, last, solo)
                text = M_("{space}, {pyramid}", space=text, pyramid=what)
            elif cell.factory:
                text = M_("{space}, {pyramid}", space=text, pyramid=factory_words(cell.factory))
        holder = game.colour_of(game.state.owner[cell.index])
        if holder is None:
            return text
        # (the Pharaoh by that name, not "pharaoh")
        who = M_("the Pharaoh") if holder == PHARAOH_COLOUR else colour_word(holder)
        troops = game.state.troops[cell.index]
        if troops:
            return M_(
                "{space}; held by {holder} with {troops}",
                space=text,
                holder=who,
                troops=str(troops),
            )
        return M_("{space}; held by {holder}", space=text, holder=who)

    # ---- words --------------------------------------------------------------------------

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
        for p, side in enumerate(game.players):
            title = M_("{side}'s faction board", side=word(side))
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
        shown = initials_shown(game, frame)
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

    # ---- who decides --------------------------------------------------------------------

    def hint_refusal(self, game: Game) -> str:
        return self.seats.hint_refusal(game)

    def hidden_moves(self, game: Game, line: Sequence[tuple[str, Move]]) -> dict[int, str]:
        assert isinstance(game, RollingPyramids)
        return self.seats.hidden_moves(game, line)

    @slot
    def take_seat(self) -> None:
        """The Turn dock's "I am <colour>": the deciding human's orders are shown."""
        game = self._game
        if game is None or self.seats.hand_over(game) is None:
            return
        self.seats.seated = game.to_move
        self._refresh()
        if self.host is not None:
            self.host.secrets_changed()
            said = M_(
                "{player}: your orders are shown; the others' stay hidden",
                player=colour_word(game.to_move),
            )
            self.show_message(said)

    # ---- a position ---------------------------------------------------------------------

    def turn(self, game: Game) -> RollingTurn:
        assert isinstance(game, RollingPyramids)
        self.geometry(game)
        self._turn = RollingTurn(self, game)
        self._game = game
        return self._turn

    @property
    def current_turn(self) -> RollingTurn | None:
        """The turn being built on the position shown (None before the first)."""
        return self._turn

    def turn_changed(self) -> None:
        """The turn changed outside the Turn dock (Undo, Cancel turn): the dock follows."""
        self._refresh()

    def play(self, move: Move) -> None:
        """A choice made in the Turn dock: the window plays it as Finish turn would. A
        take of a die other than the turn's (a dock behind the turn) writes nothing: the
        dock is drawn again from the turn."""
        turn = self._turn
        if turn is None or self.host is None:
            return
        if isinstance(move, Take) and move.die != turn.die:
            self._refresh()
            return
        turn.chosen = move
        self.host.finish_turn()

    def choose(
        self, *, die: int | None = None, unit: str | None = None, device: str | None = None
    ) -> None:
        """The Turn dock chose a die, a unit or a device: the map follows."""
        turn = self._turn
        if turn is None:
            return
        if die is not None:
            turn.die = die
        if unit is not None:
            turn.unit = unit
        if device is not None:
            turn.device = device
        turn.first = None
        self._refresh()
        if self.host is not None:
            self.host.redraw()

    def frame(self, game: Game, turn: RollingTurn) -> Frame:
        assert isinstance(game, RollingPyramids)
        board = self.geometry(game)
        seats = self.seats
        asks = seats.human_to_move(game) and not self.setup_active() and not seats.hand_over(game)
        choices = clickable(game, board, turn.unit, turn.device, turn.first) if asks else ((), {})
        return map_frame(game, board, seats.visible_orders(game), choices)

    def setup_active(self) -> bool:
        """Set-up mode is on (the map takes no decision's click)."""
        return self.host is not None and self.host.setup_active()

    def hint_frame(self, game: Game, move: Move, frame: Frame) -> Frame:
        """The hinted decision: its hex rimmed "selected" on the map (a deployment, a
        starting area, a device); the status bar says the rest."""
        assert isinstance(game, RollingPyramids)
        name = None
        if isinstance(move, Deploy | StartArea | Place):
            name = move.cell
        if name is None:
            return frame
        site = self.geometry(game).site(game.map.cell(name))
        highlights = dict(frame.highlights)
        highlights["selected"] = (*highlights.get("selected", ()), site)
        return dataclasses.replace(frame, highlights=highlights)

    # ---- docks --------------------------------------------------------------------------

    def docks(self) -> list[QDockWidget]:
        if self._docks is None:
            from .docks import RollingDocks  # Qt widgets: made once per UI

            self._docks = RollingDocks(self)
        return self._docks.all()

    def dock_tabs(self) -> list[tuple[QDockWidget, ...]]:
        """The faction boards and the fights share a place (the Turn dock needs room)."""
        if self._docks is None:
            return []
        return [(self._docks.sheets, self._docks.fights)]

    def moot(self, game: Game) -> Move | None:
        """Solo, the last round: where the new soldiers go changes nothing (the game ends
        with the round, its outcome decided): all stay, made for the player (the same move
        a player makes, so saved games replay as before)."""
        assert isinstance(game, RollingPyramids)
        last = game.round >= game.options.rounds
        if game.options.solo and game.phase == "soldiers" and last:
            return Soldiers(ALL, True)
        return None

    def position_changed(self, game: Game, reason: str) -> None:
        assert isinstance(game, RollingPyramids)
        if reason != "move" or game.current_player() < 0 or game.to_move != self.seats.seated:
            self.seats.seated = None  # the seat may have changed hands: "I am ..." again
        self._game = game
        self._refresh()

    def players_changed(self) -> None:
        self._refresh()

    def _refresh(self) -> None:
        if self._docks is not None and self._game is not None and self._turn is not None:
            self._docks.refresh(self._game, self._turn)

    def close(self) -> None:
        if self._docks is not None:
            for dock in self._docks.all():  # deleted later: the window still removes
                dock.close()  # their View menu entries
                dock.deleteLater()
            self._docks = None

    # ---- helpers for the docks ----------------------------------------------------------

    def show_message(self, text: str) -> None:
        if self.host is not None:
            self.host.show_message(text)

    def show_box(self, box: str | None) -> None:
        """A choice of the Turn dock hovered: its box marked on the mover's faction board
        (None: none marked)."""
        if self._docks is not None and self._game is not None:
            self._docks.sheets.refresh(self._game, box)
