"""Rolling Pyramids' map and sites, without Qt: the hex map in 3D (hexes as low prisms
with their numbers, white pyramids sized by their points, black pyramids for factories).
Sites are the hex map's ``cell * LAYERS + layer``: a force is a stack of counters, one site
per counter (:func:`stack_height`)."""

from __future__ import annotations

from collections.abc import Mapping

from pyramid_lab.i18n import M_, N_
from pyramid_lab.model.game import Game
from pyramid_lab.model.rolling import PHARAOH_COLOUR, RollingPyramids
from pyramid_lab.model.rolling.rules import RollingMap
from pyramid_lab.model.words import colour as colour_word

from ...boards.geometries import HexCell, HexMap
from ...lab.frame import Frame, Marker
from ...lab.game_ui import GameUI
from ...lab.turn_builder import Turn
from ...lab.view_state import BoardGeometry
from .words import white_pyramid_words

LAYERS = 8
TROOPS_A_COUNTER = 3
#: A factory's section as the map writes it under the hex's name: short, so that it stays
#: clear of the stack beside it ("footmen" ran into the stack); the hover says it whole.
SECTION_ON_MAP = {
    # TRANSLATORS: a factory's section written short on Rolling Pyramids' map (heroes)
    "heroes": N_("hero"),
    # TRANSLATORS: a factory's section written short on Rolling Pyramids' map (develop)
    "develop": N_("dev."),
    # TRANSLATORS: a factory's section written short on Rolling Pyramids' map (armies)
    "armies": N_("army"),
    # TRANSLATORS: a factory's section written short on Rolling Pyramids' map (footmen)
    "footmen": N_("foot"),
}


def stack_height(strength: int) -> int:
    """Counters drawn for a force of ``strength`` (one per 3 units, at most LAYERS)."""
    if strength <= 0:
        return 0
    return min(LAYERS, 1 + (strength - 1) // TROOPS_A_COUNTER)


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


class RollingSites(GameUI[Turn]):
    """The map's sites of Rolling Pyramids' UI (a part of :class:`RollingUI`): one hex map
    per map of the game, kept (the board view is kept with it)."""

    #: The hex maps made, by the game map's id (each UI's own: the UI sets it).
    _maps: dict[str, HexMap]
    _codes: Mapping[int, int] = {}  # a space's code -> its cell (the map shown)
    _cells: tuple[int, ...] = ()  # a cell -> its space's code

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

    def describe(self, game: Game, turn: Turn, site: int, shown: Mapping[int, str]) -> str:
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


def factory_words(section: str) -> str:
    """A factory's words in a space's hover: what it is called on the map and what its
    holder may do (a Message; ``section`` one of the rules' ``SECTIONS``, as the map files
    are checked)."""
    return M_(FACTORY_WORDS[section], short=M_(SECTION_ON_MAP[section]))


#: A factory's words by its section (the rules' name): one whole sentence each.
FACTORY_WORDS = {
    "heroes": N_(
        "factory ({short} on the map): its holder may change a number written in the "
        "heroes section by up to 2"
    ),
    "develop": N_(
        "factory ({short} on the map): its holder may change a number written in the "
        "develop section by up to 2"
    ),
    "armies": N_(
        "factory ({short} on the map): its holder may change a number written in the "
        "armies section by up to 2"
    ),
    "footmen": N_(
        "factory ({short} on the map): its holder may change a number written in the "
        "footmen section by up to 2"
    ),
}
