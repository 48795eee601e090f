"""Rolling Pyramids' map and sites, without Qt: the hex map in 3D (hexes as low prisms
with their numbers, white pyramids sized by their points, black pyramids for factories).
Sites are the hex map's ``cell * LAYERS + layer``: a force is a stack of counters, one site
per counter (:func:`stack_height`)."""

from __future__ import annotations

from pyramid_lab.i18n import M_, N_
from pyramid_lab.model.rolling.rules import RollingMap

from ...boards.geometries import HexCell, HexMap

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
