"""A hex map as a diagram (Rolling Pyramids' map), seen from above as the window's board
(:mod:`viewer.boards.hex_map`) stands: each hex in sand (a starting area darker), its
name and its pyramid's numbers, the white pyramids sized by their points and the black
ones, and each hex's stack of counters, a counter a little above the one under it.

| frame       | drawn                                                               |
|-------------|---------------------------------------------------------------------|
| pieces      | counters stacked at the hex's stack spot                            |
| markers     | a disc at the stack spot (on a stack: on its top)                   |
| highlights  | a hexagonal frame in the rim's colour                               |
| ghosts      | translucent counters                                                |
| heat        | the hex on the heat scale                                           |
| regions     | the hex mixed with the style's colour (who holds it)               |
| paths       | lines through the hexes' centres, a dot at the end                  |
| pointers    | triangles above the hex pointing down at it                         |
| labels      | text over the stack (a force's number)                              |
"""

from __future__ import annotations

import math

from ...boards.geometries import STACK_OFFSET, HexMap
from ...lab import palette
from ...lab.frame import Frame
from .canvas import Canvas, Drawn, hex_colour, mix, num, rim_rgb, shade
from .marks import (
    draw_labels,
    draw_paths,
    draw_pointers_past_edge,
    heat_colours,
    marker_colour,
    outline,
    piece_colour,
    pyramid_from_above,
)

HEX = 0.96  # a hex's corner from its centre (the window's prisms)
COUNTER = 0.27
LAYER_STEP = 0.09  # each counter of a stack drawn this much above the one under it
REGION_MIX = palette.HEX_REGION_MIX
NAME_OFFSET = (-0.6, -0.3)
NAME_SIZE = 0.27
PYRAMID_OFFSET = (-0.3, -0.45)
PYRAMID = 0.7
_CORNERS = [
    (math.cos(math.radians(30 + 60 * k)), -math.sin(math.radians(30 + 60 * k))) for k in range(6)
]


def draw_hexes(canvas: Canvas, board: HexMap, frame: Frame) -> Drawn:
    """Draw ``frame`` on ``board``: the box drawn in, and where each stack's top counter
    is (the counters under it show their colour at its edge only)."""
    centres = [(float(x), -float(y)) for x, y, _ in board.hex_centres]

    def stack_spot(site: int) -> tuple[float, float] | None:
        if not 0 <= site < board.count:
            return None
        x, y = centres[board.cell_of(site)]
        return x + STACK_OFFSET[0], y - STACK_OFFSET[1] - board.layer_of(site) * LAYER_STEP

    def hex_centre(site: int) -> tuple[float, float] | None:
        return centres[board.cell_of(site)] if 0 <= site < board.count else None

    _draw_cells(canvas, board, frame, centres)
    spots: dict[int, tuple[float, float]] = {}
    for site in sorted(frame.pieces):  # layer by layer upwards within each hex
        spot = stack_spot(site)
        if spot is not None:
            rgb = piece_colour(frame, site)
            canvas.circle(*spot, COUNTER, hex_colour(rgb), stroke=outline(rgb), width=0.04)
            spots[site] = spot
    tops: dict[int, int] = {}
    for site in spots:
        cell = board.cell_of(site)
        tops[cell] = max(tops.get(cell, site), site)
    spots = {site: spots[site] for site in tops.values()}
    for site, style in frame.ghosts.items():
        spot = stack_spot(site)
        if spot is not None and site not in frame.pieces:
            ghost = hex_colour(palette.piece_rgb(style))
            canvas.circle(*spot, COUNTER, ghost, opacity=palette.PIECE_GHOST_OPACITY)
    for marker in frame.markers:
        spot = stack_spot(marker.site)
        if spot is not None:
            canvas.circle(
                *spot, 0.14 if marker.site in frame.pieces else 0.2, marker_colour(marker.style)
            )
    draw_paths(canvas, frame, hex_centre)
    draw_pointers_past_edge(canvas, frame, hex_centre)

    def over_stack(site: int) -> tuple[float, float] | None:
        """A label's place: over its hex's stack, however tall."""
        return stack_spot(tops.get(board.cell_of(site), site)) if 0 <= site < board.count else None

    draw_labels(canvas, frame, over_stack, lift=0.45)
    xs = [x for x, _ in centres] or [0.0]
    ys = [y for _, y in centres] or [0.0]
    margin = HEX + 0.2
    box = (
        min(xs) - margin,
        min(ys) - margin - 0.3,
        max(xs) - min(xs) + 2 * margin,
        max(ys) - min(ys) + 2 * margin + 0.3,
    )
    return box, spots


def _draw_cells(
    canvas: Canvas, board: HexMap, frame: Frame, centres: list[tuple[float, float]]
) -> None:
    """The hexes (regions, heat), their frames, names and pyramids."""
    tint = [palette.HEX_START_RGB if c.start else palette.HEX_SPACE_RGB for c in board.cells]
    for region in frame.regions:
        colour = palette.REGION_RGB.get(region.style, palette.EDGE_RGB)
        for cell in {board.cell_of(s) for s in region.sites if 0 <= s < board.count}:
            tint[cell] = mix(tint[cell], colour, REGION_MIX)
    heat = {board.cell_of(s): c for s, c in heat_colours(frame).items() if 0 <= s < board.count}
    canvas.define("h", f'<polygon points="{_hexagon(HEX)}"/>')
    canvas.define("f", f'<polygon points="{_hexagon(HEX * 0.875)}"/>')
    for cell, (x, y) in enumerate(centres):
        fill = heat.get(cell, hex_colour(tint[cell]))
        edge = hex_colour(shade(tint[cell], 0.7))
        canvas.use("h", x, y, paint=canvas.paint(fill, edge, 0.03))
    for style, sites in frame.highlights.items():
        paint = canvas.paint("none", hex_colour(rim_rgb(style)), 0.13)
        for cell in sorted({board.cell_of(s) for s in sites if 0 <= s < board.count}):
            canvas.use("f", *centres[cell], paint=paint)
    for hexcell, (x, y) in zip(board.cells, centres, strict=True):
        text = hexcell.name
        if hexcell.pyramid == "white":
            text += f"\n{hexcell.top}/{hexcell.bottom}"
        elif hexcell.caption:
            text += f"\n{hexcell.caption}"
        canvas.text(x + NAME_OFFSET[0], y + NAME_OFFSET[1], text, NAME_SIZE, anchor="start")
        if hexcell.pyramid in palette.HEX_PYRAMID_RGB:
            rgb = palette.HEX_PYRAMID_RGB[hexcell.pyramid]
            half = PYRAMID * board.pyramid_scale(hexcell) / 2
            at = (x + PYRAMID_OFFSET[0] + 0.1, y - PYRAMID_OFFSET[1])
            pyramid_from_above(canvas, at, half, rgb, edge=False)


def _hexagon(radius: float) -> str:
    """A hexagon's corners round the origin, as a polygon's points."""
    return " ".join(f"{num(cx * radius)},{num(cy * radius)}" for cx, cy in _CORNERS)
