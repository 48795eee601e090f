"""Rolling Pyramids: a roll-and-write area-control game for 1 to 4 players, on the protocol
of :mod:`model.game` (chance nodes for the dice, any number of players).

The rules as implemented, phase by phase, and every choice made where the rule sheet is
silent or its pictures are lost, are in ``docs/rolling-pyramids.md``; the formulas and
fights are in :mod:`model.rolling.rules`, the maps and faction boards in
``model/data/rolling/``. A round is: chance nodes rolling each die, the snake draft (each
pick is a :class:`Take` that writes the die on the player's sheet), develop (upgrades),
deploy (one :class:`Deploy` per unit, then the fights are resolved), conquest (footman
triangles), points (solo: the Pharaoh's walk and the soldiers' choices) and cleanup
(devices placed). Every decision is one player's move; ``done`` ends a player's optional
decisions.

Registered as ``rolling``; build games from the registry or the class,
``RollingPyramids.new(RollingPyramids.parse_options({"players": 3}))``. The computer
players are the game's own (:class:`RandomPlayer`, :class:`GreedyPlayer`, and the search
plug-in's planner), not the shared tree searches, which know no chance node.

Positions are immutable values: ``push`` builds a new :class:`State` from a copy and keeps
the old one for ``pop``, so a copy of the game shares its states safely.

The class is built in layers, one module each: the position (:mod:`model.rolling.state`),
the moves (:mod:`model.rolling.moves`) and why a move is illegal (:mod:`model.rolling.legal`),
the fights (:mod:`model.rolling.battles`), their resolution phase by phase
(:mod:`model.rolling.resolve`), and the file ``state`` (:mod:`model.rolling.files`); here
are its construction, what it shows and its end, and the computer players. Every name those
modules define for callers can be imported from here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar, Self

from pyramid_lab.i18n import N_

from ..game import (
    CHANCE,
    TERMINAL,
    Move,
    OptionSpec,
    Outcome,
    Piece,
    Termination,
    read_options,
    register_game,
)
from ..setup import record_setup
from .fights import EMPTY, PHARAOH, Troops
from .files import read_state, write_state
from .maps import faction_names, faction_words, load_faction, load_map, map_names, map_words
from .moves import (
    ALL,
    DONE,
    Cross,
    Deploy,
    Develop,
    Done,
    Place,
    Roll,
    Soldiers,
    StartArea,
    Take,
    parse_move,
)
from .resolve import RollingResolution
from .rules import HALVING, RollingDataError
from .state import (
    COLOURS,
    CONQUEST,
    GREY,
    LAST_ROUND,
    NEUTRAL,
    PHARAOH_COLOUR,
    PHARAOH_LEVELS,
    PHASES,
    SEQUENTIAL,
    Device,
    Die,
    FightsEffect,
    Order,
    RollingOptions,
    Sheet,
    State,
    Unit,
)

# ---- the game ------------------------------------------------------------------------------


@register_game
class RollingPyramids(RollingResolution):
    name = "rolling"
    title = "Rolling Pyramids"
    players = COLOURS  # each game has its first options.players colours
    coordinate_count = 3  # cell (number, or -k for starting area Sk), troops, heroes
    endings: ClassVar[Mapping[str, Termination]] = {
        "score": Termination.SCORE,
        "revolution": Termination.GOAL,
        "pharaoh": Termination.MOVE_LIMIT,
    }
    option_specs = (
        OptionSpec(
            "players",
            N_("Players"),
            2,
            minimum=1,
            maximum=4,
            help=N_("1 is the solo variant, Hyskosian revolution (15 rounds)"),
        ),
        OptionSpec(
            "map",
            N_("Map"),
            "inner-factories",
            choices=map_names(),
            help=N_("made for this project: the published maps are lost"),
            choice_words=map_words(),
        ),
        OptionSpec(
            "first_faction",
            N_("First player's faction"),
            "anubian",
            choices=faction_names(),
            help=N_("the seats alternate between the factions"),
            choice_words=faction_words(),
        ),
        OptionSpec(
            "last_round",
            N_("Round 10 scores"),
            "both",
            choices=LAST_ROUND,
            help=N_(
                "each pyramid's top and bottom numbers (as every round, and the last "
                "round's bottom), or its bottom number instead of the top"
            ),
            # TRANSLATORS: round 10 scores both numbers of each pyramid, or the bottom one
            choice_words=(N_("both"), N_("bottom")),
            only_when=("players", ("2", "3", "4")),  # the solo game scores no points
        ),
        OptionSpec(
            "pharaoh",
            N_("Pharaoh's strength"),
            "strong",
            choices=tuple(PHARAOH_LEVELS),
            help=N_("solo: the Pharaoh's troops on the spaces at the start"),
            choice_help=(
                N_("the map's own numbers: a planned revolution nearly always wins"),
                N_("twice the map's numbers: a challenge (our planner wins about 2 in 3)"),
                N_("2.5 times the map's numbers: our planner wins about 1 in 4"),
            ),
            choice_words=(N_("gentle"), N_("strong"), N_("mighty")),
            only_when=("players", ("1",)),
        ),
    )
    _copied = ("move_stack", "_undo")
    has_chance = True

    @classmethod
    def players_for(cls, options: RollingOptions) -> tuple[str, ...]:
        return COLOURS[: options.players]

    def __init__(self, options: RollingOptions | None = None) -> None:
        self._options = options or RollingOptions()
        opts = self._options
        self.players = COLOURS[: opts.players]  # type: ignore[misc, assignment]  # seats by the options: Game.players is a class variable
        self.map = load_map(opts.map)
        self.factions = tuple(load_faction(name) for name in opts.factions())
        self._s = State(self.map, self.factions)
        self._undo: list[State] = []
        self.move_stack = []
        self._setup_state: dict[str, Any] | None = None
        self._holdable = tuple(c.index for c in self.map.cells if c.number is not None or opts.solo)

    # ---- construction ---------------------------------------------------------------------

    @classmethod
    def parse_options(cls, raw: Mapping[str, Any]) -> RollingOptions:
        return read_options(cls, raw, RollingOptions, FILE_OPTIONS)

    @classmethod
    def new(cls, options: RollingOptions | None = None) -> Self:
        game = cls(options)
        s = game._s
        if game._options.solo:
            game._fill_pharaoh(s)
            s.phase = "solo_start"
        else:
            s.phase = "start"
            s.turn = len(game.players) - 1  # "The last player chooses one starting area"
        record_setup(game, from_setup=False)
        return game

    def _fill_pharaoh(self, s: State) -> None:
        for i in self.map.spaces:
            units = int(self.map.solo_pharaoh[i] * PHARAOH_LEVELS[self._options.pharaoh])
            s.owner[i] = PHARAOH if units else EMPTY
            s.troops[i] = Troops(units)

    def _set_up(
        self, to_move: str, pieces: Sequence[Piece], state: Mapping[str, Any] | None, study: bool
    ) -> None:
        """Without a ``state``: the game's start with ``pieces`` as the garrisons (the solo
        variant's Pharaoh fill replaced by them); any other position needs a ``state``."""
        if state is None:
            state = self._setup_state_for(to_move, pieces)
        self._s = read_state(self, to_move, pieces, state, study)

    def _setup_state_for(self, to_move: str, pieces: Sequence[Piece]) -> dict[str, Any]:
        """The state of a set-up given by its pieces alone: while starting areas are
        still to be chosen, the set-up's choice (``to_move`` chooses next); once every
        player has one (solo: once the player's is known), round 1 with its dice not yet
        rolled and ``to_move`` as the first player."""
        start = type(self).new(self._options)
        chosen = {colour for (code, *_), colour in pieces if isinstance(code, int) and code < 0}
        everyone = {"red"} if self._options.solo else set(self.players)
        if not everyone <= chosen or to_move not in self.players:
            return start.file_state()
        start._s.first = self.players.index(to_move)
        start._begin_round(start._s, 1)
        return start.file_state()

    # ---- reading the position ----------------------------------------------------------

    def current_player(self) -> int:
        s = self._s
        if s.phase == "over":
            return TERMINAL
        if s.phase in ("roll", "solo_start"):
            return CHANCE
        return s.turn

    @property
    def to_move(self) -> str:
        """The player deciding; at a chance node and once over, the round's first player."""
        s = self._s
        if s.phase in ("roll", "solo_start", "over"):
            return self.players[s.first]
        return self.players[s.turn]

    def holder(self, name: str) -> str | None:
        """Who controls the cell called ``name`` (a colour, ``"pharaoh"`` or None)."""
        return self.colour_of(self._s.owner[self.map.cell(name)])

    def garrison(self, name: str) -> Troops:
        return self._s.troops[self.map.cell(name)]

    def pieces(self) -> list[Piece]:
        """The garrisons ``((cell, troops, heroes), colour)`` and the starting areas chosen
        (``((-k, 0, 0), colour)`` for area Sk; solo: the player's own)."""
        s = self._s
        out: list[Piece] = []
        for cell in self.map.cells:
            troops = s.troops[cell.index]
            if troops or (cell.start is not None and s.owner[cell.index] != EMPTY):
                colour = self.colour_of(s.owner[cell.index])
                out.append(((cell.code, troops.plain, troops.heroes), colour))  # type: ignore[arg-type]  # a held cell's owner has a colour
        return out

    def scores(self) -> dict[str, int]:
        return dict(zip(self.players, self._s.scores, strict=True))

    def sheet(self, colour: str) -> Sheet:
        return self._s.sheets[self.players.index(colour)]

    def position_key(self) -> Hashable:
        s = self._s
        if s._key is None:
            s._key = json.dumps(
                [self.to_move, sorted(self.pieces()), self.file_state()], sort_keys=True
            )
        return s._key

    def file_state(self) -> dict[str, Any]:
        """The position beyond its garrisons, for position files (see
        :func:`model.rolling.files.read_state`)."""
        return write_state(self)

    def information_state(self, player: int) -> Self:
        """The position as seat ``player`` sees it: during the secret deployment the other
        seats' orders keep their units (the sheets show them) but lose their targets
        (``Order.cell`` None, in a canonical order), and the history that would name the
        targets is left out (the view starts from itself). Everything else is open on the
        table: the dice, the sheets, the garrisons, and the scores (hidden on the sheet,
        but every seat can count them from the spaces held at each round's end)."""
        view = self.copy()
        view.move_stack = []
        view._undo = []
        s = self._s
        if s.phase == "deploy" and any(o.player != player for o in s.orders):
            s = s.copy()
            mine = [o for o in s.orders if o.player == player]
            hidden = sorted(
                (replace(o, cell=None) for o in s.orders if o.player != player),
                key=lambda o: (o.player, o.unit),
            )
            s.orders = mine + hidden
            for p, sheet in enumerate(s.sheets):
                if p != player:
                    sheet.deployed.sort()
            view._s = s
            record_setup(view, from_setup=True)  # a set-up this phase may hold the targets
        return view

    # ---- the end ----------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        s = self._s
        if s.phase != "over":
            return None
        if self._options.solo:
            if s.won:
                return Outcome(self.players, (1.0,), Termination.GOAL, "revolution")
            return Outcome(self.players, (-1.0,), Termination.MOVE_LIMIT, "pharaoh")
        return Outcome.scored(self.players, s.scores, "score")

    def is_over(self) -> bool:
        return self._s.phase == "over"

    def last_effect(self) -> FightsEffect | None:
        if not self._undo:
            return None
        before = self._undo[-1]
        if before.phase == "deploy" and self._s.phase != "deploy":
            return FightsEffect(self._s.fights)
        if before.phase == "conquest" and len(self._s.fights) > len(before.fights):
            # solo: the last conquest crossed off, the Pharaoh walks (its line, the new one)
            return FightsEffect(self._s.fights[len(before.fights) :])
        return None


_DIALOG = {spec.name: spec for spec in RollingPyramids.option_specs}
#: Every option a file may give, in :class:`RollingOptions`' order (read by
#: :meth:`RollingPyramids.parse_options`): the New game dialog's, but for the solo Pharaoh's
#: default, "gentle" in files (every file before the option had the maps' own fill), and
#: the variants of the rules that the dialog does not offer.
FILE_OPTIONS = (
    _DIALOG["players"],
    _DIALOG["map"],
    _DIALOG["first_faction"],
    _DIALOG["last_round"],
    OptionSpec("rotate_first_player", "Rotate the first player", False),
    OptionSpec(
        "stack_modifiers", "Stack modifiers", False, help="own colour ±1 and factory ±2 on one die"
    ),
    OptionSpec("halving", "Halving", "device", choices=HALVING),
    OptionSpec("conquest", "Conquest", "new", choices=CONQUEST),
    replace(_DIALOG["pharaoh"], default="gentle"),
)


# ---- computer players ------------------------------------------------------------------------


def roll(game: RollingPyramids, rng: random.Random) -> Move:
    """A chance node's outcome drawn with its probability."""
    outcomes = game.chance_outcomes()
    return rng.choices([m for m, _ in outcomes], weights=[p for _, p in outcomes])[0]


class RandomPlayer:
    """Uniform over the legal moves (of its seat's information state); rolls the dice at
    chance nodes. Seeded."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def move(self, game: RollingPyramids) -> Move:
        player = game.current_player()
        if player == CHANCE:
            return roll(game, self.rng)
        return self.rng.choice(game.information_state(player).legal_moves())


class GreedyPlayer:
    """Plays the move that maximises the points it would score this round (judging
    deployments against the board and its own deployments only: it decides from its
    seat's information state, where the others' targets are unknown), then the strength
    of its units this round, then the numbers written; ties broken at random (seeded).
    Rolls the dice at chance nodes."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def value(self, game: RollingPyramids, move: Move, player: int) -> tuple[int, int, int]:
        after = game.copy()
        after.push_search(move)
        written = _written(after.state.sheets[player]) if isinstance(move, Take) else 0
        if after.is_over():
            return (after.state.scores[player] * 1000, 0, written)
        return (
            after.round_points(player),
            after.strength_this_round(player),
            written,
        )

    def move(self, game: RollingPyramids) -> Move:
        player = game.current_player()
        if player == CHANCE:
            return roll(game, self.rng)
        view = game.information_state(player)
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        best: list[Move] = []
        best_value: tuple[int, int, int] | None = None
        for move in moves:
            value = self.value(view, move, player)
            if best_value is None or value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return self.rng.choice(best)


def _written(sheet: Sheet) -> int:
    return (
        sum(v is not None for v in sheet.heroes)
        + sum(v is not None for v in sheet.dev4 + sheet.dev8)
        + sum(v is not None for line in sheet.lines for v in line)
        + sum(sum(group) for group in sheet.crossed)
    )


def play(
    game: RollingPyramids, players: Sequence[Any] | Any, *, max_plies: int = 100_000
) -> RollingPyramids:
    """Play ``game`` to its end: ``players`` is one computer player (``move(game) ->
    Move``: the players here, the search's planner) for every seat or one per seat (dice
    rolled by the first). Returns the game."""
    seats = list(players) if isinstance(players, Sequence) else [players] * len(game.players)
    for _ in range(max_plies):
        node = game.current_player()
        if node == TERMINAL:
            return game
        chooser = seats[0] if node == CHANCE else seats[node]
        game.push_search(chooser.move(game))
    raise RuntimeError(f"no end after {max_plies} plies")


def random_game(players: int = 2, seed: int | None = 0, **options: Any) -> RollingPyramids:
    """A whole random game (seeded, so the same seed plays the same game)."""
    game = RollingPyramids.new(RollingPyramids.parse_options({"players": players, **options}))
    return play(game, RandomPlayer(seed))


__all__ = [
    "ALL",
    "COLOURS",
    "CONQUEST",
    "DONE",
    "GREY",
    "LAST_ROUND",
    "NEUTRAL",
    "PHARAOH_COLOUR",
    "PHASES",
    "SEQUENTIAL",
    "Cross",
    "Deploy",
    "Develop",
    "Device",
    "Die",
    "Done",
    "FightsEffect",
    "GreedyPlayer",
    "Order",
    "Place",
    "RandomPlayer",
    "Roll",
    "RollingDataError",
    "RollingOptions",
    "RollingPyramids",
    "Sheet",
    "Soldiers",
    "StartArea",
    "State",
    "Take",
    "Unit",
    "parse_move",
    "play",
    "random_game",
    "roll",
]
