"""The picture of a Rolling Pyramids position, without Qt: each force a stack of counters
in its colour with its number, held hexes tinted in the holder's colour, devices on
borders, the secret orders the viewer may see as ghost counters, and the hexes a click
may choose now."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pyramid_lab.model.rolling import PHARAOH_COLOUR, Deploy, Place, RollingPyramids, StartArea
from pyramid_lab.model.rolling.state import Order

from ...boards.geometries import HexMap
from ...lab.frame import Frame, Label, Marker, Path, Pointer, Region
from ...lab.outcome_words import word
from .sites import LAYERS, stack_height
from .words import INITIALS, PHARAOH_TROOPS, WHITE_PYRAMID_DECORATION

_NONE: frozenset[str] = frozenset()

#: Markers on the hexes a click may choose, and the frames round them by style.
Choices = tuple[tuple[Marker, ...], dict[str, tuple[int, ...]]]


def map_frame(
    game: RollingPyramids, board: HexMap, orders: Sequence[Order], choices: Choices
) -> Frame:
    """The map of ``game`` with the ``orders`` the viewer may see and the ``choices`` of
    the human deciding."""
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
        elif owner is not None and owner != PHARAOH_COLOUR:
            # a hex held with no stack on it (a starting area chosen): its holder's initial,
            # since the hex's tint alone is no cue to a colour-blind player (yellow's tint
            # on sand is 7 from the sand itself to a tritanope: palette_pairs); an initial,
            # as narrow as a stack's number: "green's" ran over the next hexes' numbers on
            # the page (the legend says whose initial it is)
            labels.append(Label(board.site(i), word(INITIALS[owner])))
    ghosts: dict[int, str] = {}
    for order in orders:
        target = order.cell
        if target is None:  # another seat's information state: its target is not known
            continue
        colour = game.players[order.player]
        ghosts[board.site(target, min(LAYERS - 1, heights[target]))] = colour
        what = "bomb" if order.bomb else order.unit
        # short: the ghost counter is in the sender's colour, and the label stays over its
        # own hex
        labels.append(Label(board.site(target), f"sent {what} {order.troops}"))
    paths, pointers = [], []
    for device in s.devices:  # which is which: the legend (a label here would sit on
        colour = game.players[device.player]  # the stack's and run into the next hex)
        if device.other >= 0:
            paths.append(Path((board.site(device.cell), board.site(device.other)), colour))
        else:
            pointers.append(Pointer(board.site(device.cell), colour))
    markers, highlights = choices
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
        decorations=decorations(game, pieces),
    )


def decorations(game: RollingPyramids, pieces: Mapping[int, str]) -> frozenset[str]:
    """The map's white pyramids and the Pharaoh's stacks, where there are any: named so
    the legend says what "1/2" under a number and the purple stacks are."""
    names = WHITE_PYRAMID_DECORATION if any(c.white for c in game.map.cells) else _NONE
    if PHARAOH_COLOUR in pieces.values():
        names |= {PHARAOH_TROOPS}
    return names


def clickable(
    game: RollingPyramids, board: HexMap, unit: str | None, device: str | None, first: int | None
) -> Choices:
    """Markers and frames on the hexes a click may choose now (a human deciding, with
    ``unit`` to deploy, ``device`` to place from the ``first`` hex chosen, if any)."""
    moves = game.legal_moves()
    cells: list[str] = []
    highlights: dict[str, tuple[int, ...]] = {}
    if game.phase == "start":
        cells = [m.cell for m in moves if isinstance(m, StartArea)]
    elif game.phase == "deploy":
        cells = [m.cell for m in moves if isinstance(m, Deploy) and m.unit == unit]
    elif game.phase == "cleanup" and device is not None:
        places = [m for m in moves if isinstance(m, Place) and m.device == device]
        if first is None:
            cells = [m.cell for m in places]
        else:
            start = game.cell_name(first)
            cells = [m.other for m in places if m.cell == start and m.other]
            highlights["selected"] = (board.site(first),)
    elif game.phase == "soldiers" and game.state.soldiers:  # decided in the Turn dock
        asked, *rest = game.state.soldiers  # the rules ask them in number order
        highlights["selected"] = (board.site(asked),)
        if rest:
            highlights["clickable"] = tuple(board.site(c) for c in rest)
    sites = tuple(board.site(game.map.cell(name)) for name in dict.fromkeys(cells))
    if sites:  # a frame round each hex: the marker alone is small beside the stacks
        highlights["clickable"] = sites
    return tuple(Marker(site, "target") for site in sites), highlights
