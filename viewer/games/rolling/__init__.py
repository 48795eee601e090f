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

Sites are the hex map's ``cell * LAYERS + layer``: a force is a stack of counters, one
site per counter (``stack_height``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pyramid_lab.model.game import CHANCE, Game, Move
from pyramid_lab.model.rolling import (
    COLOURS,
    DONE,
    PHARAOH_COLOUR,
    Deploy,
    Place,
    RollingPyramids,
    StartArea,
    Take,
)
from pyramid_lab.model.rolling.rules import RollingMap
from pyramid_lab.model.teaching import describe_result

from ...boards.geometries import HexCell, HexMap
from ...lab import palette
from ...lab.frame import Frame, Label, Marker, Path, Pointer, Region
from ...lab.game_ui import GameUI, Host
from ...lab.game_words import ChoiceGroup, Panel
from ...lab.turn_builder import STEPPED, Declined, Ready, TurnAnswer
from ...widgets.slots import slot
from .. import register_ui
from .panels import pool_html, sheet_html
from .words import (
    move_words,
    slot_words,
    take_words,
    white_pyramid_words,
    white_pyramids_legend,
)

if TYPE_CHECKING:  # Qt: imported where the docks are made (the classroom has no Qt)
    from PySide6.QtWidgets import QDockWidget

    from .docks import RollingDocks

LAYERS = 8
TROOPS_A_COUNTER = 3
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
ASK = {
    "start": "click a free starting area on the map (marked)",
    "draft": "take a die from the pool in {controls}, then choose where to write it",
    "develop": "choose an upgrade in {controls}, or Finish turn (Enter) to keep the pairs",
    "deploy": "choose a unit in {controls}, then click a marked space to send it",
    "conquest": "cross off a triangle in {controls}, or Finish turn (Enter) to stop",
    "soldiers": "the new soldiers stay or join the reserve: all stay with one click, or choose "
    "space by space in {controls}",
    "cleanup": "place a device (choose it in {controls}, click the map), or Finish turn",
}

#: Hot seat, the secret deployment: the map waits for the player deciding to take the seat.
HAND_OVER = "hand over to {0}: the others look away, {0} clicks 'I am {0}' in the Turn dock"


def stack_height(strength: int) -> int:
    """Counters drawn for a force of ``strength`` (one per 3 units, at most LAYERS)."""
    if strength <= 0:
        return 0
    return min(LAYERS, 1 + (strength - 1) // TROOPS_A_COUNTER)


#: A factory's section as the map writes it under the hex's name: short, so that it stays
#: clear of the stack beside it ("footmen" ran into the stack); the hover says it whole.
#: The map's white pyramids, drawn with it: a decoration only so the legend explains the
#: "1/2" under a space's number (the hex map draws no decoration).
WHITE_PYRAMIDS = "white-pyramids"
WHITE_PYRAMID_DECORATION = frozenset({WHITE_PYRAMIDS})
#: The Pharaoh's stacks (solo), drawn as pieces: a decoration only so the legend names them.
PHARAOH_TROOPS = palette.PIECES_OF + PHARAOH_COLOUR
_NONE: frozenset[str] = frozenset()
SECTION_ON_MAP = {"heroes": "hero", "develop": "dev.", "armies": "army", "footmen": "foot"}


def hex_map(board: RollingMap) -> HexMap:
    cells = [
        HexCell(
            q=cell.hex[0],
            r=cell.hex[1],
            name=cell.name,
            pyramid="white" if cell.white else ("black" if cell.factory else ""),
            top=cell.top,
            bottom=cell.bottom,
            caption=SECTION_ON_MAP.get(cell.factory, cell.factory) if cell.factory else "",
            start=cell.start is not None,
        )
        for cell in board.cells
    ]
    return HexMap(cells, layers=LAYERS)


DONE_WORDS = {
    "develop": "done developing (the unspent pairs are kept)",
    "conquest": "done crossing off triangles",
    "cleanup": "done placing devices",
}


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
            return Declined("the dice are rolled next: Finish turn (Enter) rolls them")
        if node < 0:
            return Declined(f"the game is over: {describe_result(game)}")
        if not self.ui.human_to_move(game):
            return Declined(f"{game.to_move} is played by the computer: wait for its move")
        cell = self.ui.cell_of(site)
        name = game.cell_name(cell)
        phase = game.phase
        moves = self._moves()
        if phase == "start":
            move: Move = StartArea(name)
            if move in moves:
                return Ready(move)
            return Declined(f"{name} is not a free starting area: click one of the marked ones")
        if phase == "deploy":
            seat = self.ui.hand_over(game)
            if seat is not None:
                return Declined(HAND_OVER.format(seat))
            if self.unit is None:
                return Declined("no unit left to deploy")
            move = Deploy(self.unit, name)
            if move in moves:
                return Ready(move)
            return Declined(game.why_illegal(move) or f"{self.unit} cannot go to {name}")
        if phase == "cleanup":
            return self._place(cell, moves)
        return Declined(self._ask(phase, "nothing to click on the map now"))

    def _place(self, cell: int, moves: list[Move]) -> TurnAnswer:
        game = self.game
        name = game.cell_name(cell)
        if self.device is None:
            return Declined("no device left to place: Finish turn (Enter) ends the cleanup")
        places = [m for m in moves if isinstance(m, Place) and m.device == self.device]
        if self.device == "umbrella":
            move = Place("umbrella", name)
            if move in places:
                return Ready(move)
            return Declined(f"an umbrella goes on a space you hold, not on {name}")
        if self.first is None:
            if any(m.cell == name for m in places):
                self.first = cell
                return STEPPED
            return Declined(
                f"a {self.device} starts from a space you hold next to another: not {name}"
            )
        move = Place(self.device, game.cell_name(self.first), name)
        if move in places:
            self.first = None
            return Ready(move)
        first = game.cell_name(self.first)
        return Declined(
            f"no {self.device} from {first} to {name}: click a marked neighbour, or Cancel"
        )

    def finish(self) -> TurnAnswer:
        game = self.game
        if game.current_player() == CHANCE:  # the Moves dock went back to a roll
            outcomes = game.chance_outcomes()
            return Ready(random.choices([m for m, _ in outcomes], [w for _, w in outcomes])[0])
        if self.chosen is not None:
            move, self.chosen = self.chosen, None
            return Ready(move)
        seat = self.ui.hand_over(game)
        if seat is not None:
            return Declined(HAND_OVER.format(seat))
        if DONE in self._moves():
            return Ready(DONE)
        if game.current_player() < 0:
            return Declined("over")
        return Declined(self._ask(game.phase, "nothing to finish"))

    def cancel(self) -> None:
        self.die = None
        self.first = None
        self.chosen = None

    def prompt(self) -> str:
        game = self.game
        node = game.current_player()
        if node == CHANCE:
            return "the dice are rolled next: Finish turn (Enter)"
        if node < 0:
            return ""
        if not self.ui.human_to_move(game):
            return f"{game.to_move} (computer) is deciding"
        seat = self.ui.hand_over(game)
        if seat is not None:
            return HAND_OVER.format(seat)
        return f"{game.to_move}: {self.ask()}"

    def ask(self) -> str:
        """What the human deciding does next, without their name (the Turn dock's
        heading names them)."""
        game = self.game
        if game.phase == "deploy" and self.unit is not None:
            secret = "" if game.options.solo else " (secret)"  # nobody to hide it from
            return f"click a marked space to send {self.unit}{secret}"
        if game.phase == "cleanup" and self.first is not None:
            return f"click the neighbour the {self.device} faces (Esc: another start)"
        if game.phase == "draft" and self.die is not None:
            return f"choose where to write the die in {self.ui.controls}"
        return self._ask(game.phase, "")

    def _ask(self, phase: str, otherwise: str) -> str:
        """What ``phase`` asks of the player deciding, naming the host's controls."""
        return ASK.get(phase, otherwise).format(controls=self.ui.controls)


@register_ui
class RollingUI(GameUI[RollingTurn]):
    game_name = "rolling"
    board_kind = "hex-map"
    piece_word = "troops"
    legend_room = 2  # a deployment's "secret orders" line (it may wrap) comes with the first

    def __init__(self, host: Host | None = None) -> None:
        super().__init__(host)
        self._maps: dict[str, HexMap] = {}
        self._turn: RollingTurn | None = None
        self._game: RollingPyramids | None = None
        self._docks: RollingDocks | None = None
        self._seated: str | None = None  # hot seat: who said "I am ..." for the secret part

    # ---- the board ----------------------------------------------------------------------

    def geometry(self, game: Game) -> HexMap:
        assert isinstance(game, RollingPyramids)
        board = self._maps.get(game.map.id)
        if board is None:
            board = self._maps[game.map.id] = hex_map(game.map)
        self._board = board
        self._codes = {cell.code: cell.index for cell in game.map.cells}
        self._cells = tuple(cell.code for cell in game.map.cells)
        return board

    def cell_of(self, site: int) -> int:
        return site // LAYERS

    def site_of(self, coords: tuple[int, ...]) -> int:
        code, plain, heroes = coords
        if code not in getattr(self, "_codes", {}):
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

    def setup_frame(self, pieces: Mapping[int, str], geometry: Any) -> Frame:
        """Set-up mode paints a garrison of 1 (a click on a stack's top takes it off)."""
        stacks = {}
        for site, colour in pieces.items():
            cell, layer = divmod(site, LAYERS)
            stacks.update({cell * LAYERS + k: colour for k in range(layer + 1)})
        free = [c for c in range(len(geometry.cells)) if not any(s // LAYERS == c for s in pieces)]
        return Frame(pieces=stacks, markers=tuple(Marker(c * LAYERS, "setup") for c in free))

    # ---- who decides --------------------------------------------------------------------

    def computer(self) -> dict[str, str]:
        if self.host is None:
            return {}
        return dict(self.host.computer_players())

    def human_to_move(self, game: Game) -> bool:
        return game.current_player() >= 0 and game.to_move not in self.computer()

    def humans(self, game: Game) -> list[str]:
        """The colours people play, in turn order."""
        computer = self.computer()
        return [c for c in game.players if c not in computer]

    def viewer(self, game: RollingPyramids) -> str | None:
        """Whose secret orders the board shows: the human deciding, else the one human
        playing against computers; None: nobody's (several humans, a computer deciding),
        or "*" when the computer plays every seat (nothing to hide)."""
        humans = self.humans(game)
        if not humans:
            return "*"
        if game.current_player() >= 0 and game.to_move in humans:
            return None if self.hand_over(game) else game.to_move
        return humans[0] if len(humans) == 1 else None

    def hand_over(self, game: RollingPyramids) -> str | None:
        """Hot seat (two humans or more) in the secret deployment: the human deciding,
        until they say "I am <colour>" (:meth:`take_seat`); meanwhile no orders are drawn
        and the map takes no click. A move by anyone else, undo, redo or a file asks again:
        whoever sits at the screen then may not be the one deciding. None otherwise."""
        if game.phase != "deploy" or game.current_player() < 0 or game.is_over():
            return None
        humans = self.humans(game)
        if len(humans) < 2 or game.to_move not in humans or self._seated == game.to_move:
            return None
        return game.to_move

    def hint_refusal(self, game: Game) -> str:
        """Hot seat: no hint before the deciding human has taken the screen."""
        seat = self.hand_over(game) if isinstance(game, RollingPyramids) else None
        if seat is None:
            return ""
        return f'no hint yet: the screen goes to {seat} first ("I am {seat}" in the Turn dock)'

    @slot
    def take_seat(self) -> None:
        """The Turn dock's "I am <colour>": the deciding human's orders are shown."""
        game = self._game
        if game is None or self.hand_over(game) is None:
            return
        self._seated = game.to_move
        self._refresh()
        if self.host is not None:
            self.host.secrets_changed()
            self.show_message(f"{game.to_move}: your orders are shown; the others' stay hidden")

    # ---- a position ---------------------------------------------------------------------

    def turn(self, game: Game) -> RollingTurn:
        assert isinstance(game, RollingPyramids)
        self.geometry(game)
        self._turn = RollingTurn(self, game)
        self._game = game
        return self._turn

    def play(self, move: Move) -> None:
        """A choice made in the Turn dock: the window plays it as Finish turn would."""
        if self._turn is None or self.host is None:
            return
        self._turn.chosen = move
        self.host.finish_turn()

    def choose(self, **what: Any) -> None:
        """The Turn dock chose a die, a unit or a device: the map follows."""
        turn = self._turn
        if turn is None:
            return
        for key, value in what.items():
            setattr(turn, key, value)
        turn.first = None
        self._refresh()
        if self.host is not None:
            self.host.redraw()

    def visible_orders(self, game: RollingPyramids) -> list[Any]:
        """The deployments the map draws: the viewer's, while they wait for the fights
        (after them the map shows what they did; the state keeps them until cleanup)."""
        if game.phase != "deploy":
            return []
        who = self.viewer(game)
        if who == "*":
            return list(game.state.orders)
        return [o for o in game.state.orders if game.players[o.player] == who]

    def hidden_moves(self, game: Game, line: Sequence[tuple[str, Move]]) -> dict[int, str]:
        """Deployments the players at the board may not read in the Moves dock: those of
        the deploy phase the position shown is in (its fights are still to come) and every
        one after the position shown (the line redo would play), except the viewer's own
        (see :meth:`viewer`); the unit sent is no secret, its target is. Earlier ones were
        fought: the map shows what they did."""
        assert isinstance(game, RollingPyramids)
        who = self.viewer(game)
        if who == "*":
            return {}
        shown = min(len(game.move_stack), len(line))
        first = shown
        if game.phase == "deploy":  # the phase is deployments only: back to its start
            while first > 0 and isinstance(line[first - 1][1], Deploy):
                first -= 1
        hidden = {}
        for index in range(first, len(line)):
            mover, move = line[index]
            if isinstance(move, Deploy) and mover != who:
                hidden[index] = f"{mover}: deploys {move.unit} (hidden)"
        return hidden

    def frame(self, game: Game, turn: RollingTurn) -> Frame:
        assert isinstance(game, RollingPyramids)
        board = self.geometry(game)
        s = game.state
        pieces: dict[int, str] = {}
        labels: list[Label] = []
        held: dict[str, list[int]] = {}
        heights = {}
        for cell in game.map.cells:
            i = cell.index
            owner = game.colour_of(s.owner[i])
            if owner is not None and owner != PHARAOH_COLOUR:  # the Pharaoh's: their stacks
                held.setdefault(owner, []).append(board.site(i))
            troops = s.troops[i]
            height = stack_height(troops.plain + troops.heroes)
            heights[i] = height
            for k in range(height):
                pieces[board.site(i, k)] = owner or PHARAOH_COLOUR
            if troops:
                labels.append(Label(board.site(i), str(troops)))
        ghosts: dict[int, str] = {}
        for order in self.visible_orders(game):
            colour = game.players[order.player]
            layer = min(LAYERS - 1, heights[order.cell])
            ghosts[board.site(order.cell, layer)] = colour
            what = "bomb" if order.bomb else order.unit
            # short: the ghost counter is in the sender's colour, and the label stays over
            # its own hex
            labels.append(Label(board.site(order.cell), f"sent {what} {order.troops}"))
        paths, pointers = [], []
        for device in s.devices:  # which is which: the legend (a label here would sit on
            colour = game.players[device.player]  # the stack's and run into the next hex)
            if device.other >= 0:
                paths.append(Path((board.site(device.cell), board.site(device.other)), colour))
            else:
                pointers.append(Pointer(board.site(device.cell), colour))
        markers, highlights = self._choices(game, turn, board)
        regions = tuple(Region(tuple(sites), colour) for colour, sites in held.items())
        return Frame(
            pieces=pieces,
            markers=markers,
            highlights=highlights,
            pointers=tuple(pointers),
            paths=tuple(paths),
            regions=regions,
            labels=tuple(labels),
            ghosts=ghosts,
            # drawn with the map; named so the legend says what "1/2" under a number is
            decorations=self._decorations(game, pieces),
        )

    @staticmethod
    def _decorations(game: RollingPyramids, pieces: Mapping[int, str]) -> frozenset[str]:
        """The map's white pyramids and the Pharaoh's stacks, where there are any: named so
        the legend says what "1/2" under a number and the purple stacks are."""
        names = WHITE_PYRAMID_DECORATION if any(c.white for c in game.map.cells) else _NONE
        if PHARAOH_COLOUR in pieces.values():
            names |= {PHARAOH_TROOPS}
        return names

    def _choices(
        self, game: RollingPyramids, turn: RollingTurn, board: HexMap
    ) -> tuple[tuple[Marker, ...], dict[str, tuple[int, ...]]]:
        """Markers and frames on the hexes a click may choose now (a human deciding)."""
        if not self.human_to_move(game) or self._setup() or self.hand_over(game):
            return (), {}
        moves = game.legal_moves()
        cells: list[str] = []
        highlights: dict[str, tuple[int, ...]] = {}
        if game.phase == "start":
            cells = [m.cell for m in moves if isinstance(m, StartArea)]
        elif game.phase == "deploy":
            cells = [m.cell for m in moves if isinstance(m, Deploy) and m.unit == turn.unit]
        elif game.phase == "cleanup" and turn.device is not None:
            places = [m for m in moves if isinstance(m, Place) and m.device == turn.device]
            if turn.first is None:
                cells = [m.cell for m in places]
            else:
                first = game.cell_name(turn.first)
                cells = [m.other for m in places if m.cell == first and m.other]
                highlights["selected"] = (board.site(turn.first),)
        elif game.phase == "soldiers" and game.state.soldiers:  # decided in the Turn dock
            asked, *rest = game.state.soldiers  # the rules ask them in number order
            highlights["selected"] = (board.site(asked),)
            if rest:
                highlights["clickable"] = tuple(board.site(c) for c in rest)
        sites = tuple(board.site(game.map.cell(name)) for name in dict.fromkeys(cells))
        if sites:  # a frame round each hex: the marker alone is small beside the stacks
            highlights["clickable"] = sites
        return tuple(Marker(site, "target") for site in sites), highlights

    def _setup(self) -> bool:
        return self.host is not None and self.host.setup_active()

    def hint_frame(self, game: Game, move: Any, frame: Frame) -> Frame:
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

    def describe(self, game: Game, turn: Any, site: int, shown: Mapping[int, str]) -> str:
        assert isinstance(game, RollingPyramids)
        cell = game.map.cells[self.cell_of(site)]
        if cell.start is not None:
            text = f"starting area {cell.start}"
        else:
            text = f"space {cell.number}"
            if cell.white:
                rounds, last = game.options.rounds, game.options.last_round
                solo = game.options.solo
                text += f", {white_pyramid_words(cell.top, cell.bottom, rounds, last, solo)}"
            elif cell.factory:
                short = SECTION_ON_MAP.get(cell.factory, cell.factory)
                text += (
                    f", factory ({short} on the map): its holder may change a number written "
                    f"in the {cell.factory} section by up to 2"
                )
        holder = game.colour_of(game.state.owner[cell.index])
        troops = game.state.troops[cell.index]
        if holder is not None:
            text += f"; held by {holder}" + (f" with {troops}" if troops else "")
        return text

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

    def position_changed(self, game: Game, reason: str) -> None:
        assert isinstance(game, RollingPyramids)
        if reason != "move" or game.current_player() < 0 or game.to_move != self._seated:
            self._seated = None  # the seat may have changed hands: "I am ..." again
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


__all__ = ["RollingTurn", "RollingUI", "move_words", "slot_words", "stack_height", "take_words"]
