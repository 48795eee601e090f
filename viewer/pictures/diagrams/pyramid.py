"""The ball pyramid as a diagram: its levels side by side, seen from above (the base on the
left, each level above it to its right, in rows when they would run long), every point of
each level drawn, so the points the balls above hide are shown: a ball where a piece is,
a faint ring where none is. The window's colours, the frame's marks as the window's board
(:mod:`viewer.boards.ball_pyramid`) draws them, flat.

| frame       | drawn                                                          |
|-------------|----------------------------------------------------------------|
| pieces      | balls in the piece's (or its group's) colour                   |
| markers     | small discs on empty points in the marker's colour; on a ball, |
|             | a small disc on it                                             |
| highlights  | rings round the ball or point in the rim's colour              |
| ghosts      | translucent balls with a cyan rim                              |
| heat        | the point's disc on the heat scale, bigger                     |
| regions     | translucent squares under the points                           |
| paths       | lines through the points of a level (between levels: its dots) |
| pointers    | triangles outside the level pointing at the point              |
| labels      | text above the point                                           |
"""

from __future__ import annotations

from pyramid_lab.model.lattice import PyramidLattice

from ...lab import palette
from ...lab.frame import Frame
from .canvas import Canvas, Drawn, hex_colour, rim_rgb, shade
from .marks import (
    Place,
    draw_labels,
    draw_paths,
    heat_colours,
    marker_colour,
    outline,
    piece_colour,
    pointer_at,
)

BALL = 0.46
EMPTY = 0.3  # an empty point's ring
MARKER = 0.13
HEAT = 0.22
RIM_WIDTH = 0.09
RIM_STEP = 0.1  # each further rim on one ball stands this much further out
GAP = 0.9  # between two levels' panels
MARGIN = 0.35  # a panel's board beyond its outer points
TITLE = 0.8  # room above a panel for its name
TITLE_SIZE = 0.4
ROW_REACH = 3.2  # a row of panels is at most this many base widths long
REGION = 0.62
#: A level's panel: the board's wood for the base, a paler one above it.
PANEL_RGB = ((palette.BOARD_RGB), shade(palette.BOARD_RGB, 1.55))
EMPTY_RGB = palette.DIMPLE_RGB


def panel_origins(n: int) -> tuple[list[tuple[float, float]], float, float]:
    """Where each level's panel starts (its first point's corner, board units), packed in
    rows of at most :data:`ROW_REACH` base widths; with the width and height of all."""
    origins: list[tuple[float, float]] = []
    x = y = row_height = width = 0.0
    for k in range(n):
        side = n - k
        if origins and x + side > ROW_REACH * n:
            y += row_height + GAP + TITLE
            x = row_height = 0.0
        origins.append((x, y + TITLE))
        width = max(width, x + side)
        row_height = max(row_height, float(side))
        x += side + GAP
    return origins, width, y + row_height + TITLE


def draw_pyramid(canvas: Canvas, lattice: PyramidLattice, frame: Frame) -> Drawn:
    """Draw ``frame`` on ``lattice``'s levels: the box drawn in, and where each piece's
    ball is."""
    n = lattice.n
    origins, width, height = panel_origins(n)
    points = lattice.points

    def place(site: int) -> tuple[float, float] | None:
        if not 0 <= site < lattice.count:
            return None
        i, j, k = points[site]
        ox, oy = origins[k]
        return ox + i + 0.5, oy + (n - k - 1 - j) + 0.5

    for k in range(n):
        ox, oy = origins[k]
        side = n - k
        panel = PANEL_RGB[0 if k == 0 else 1]
        canvas.rect(
            ox - MARGIN,
            oy - MARGIN,
            side + 2 * MARGIN,
            side + 2 * MARGIN,
            hex_colour(panel),
            stroke=hex_colour(shade(panel, 0.7)),
            width=0.04,
        )
        canvas.text(ox + side / 2, oy - MARGIN - 0.25, f"level {k}", TITLE_SIZE)
    for region in frame.regions:
        colour = hex_colour(palette.REGION_RGB.get(region.style, palette.EDGE_RGB))
        for site in region.sites:
            spot = place(site)
            if spot is not None:
                x, y = spot
                canvas.rect(x - REGION / 2, y - REGION / 2, REGION, REGION, colour, opacity=0.45)
    empty = hex_colour(EMPTY_RGB)
    spots: dict[int, tuple[float, float]] = {}
    for site in range(lattice.count):
        spot = place(site)
        assert spot is not None
        if site in frame.pieces:
            rgb = piece_colour(frame, site)
            canvas.circle(*spot, BALL, hex_colour(rgb), stroke=outline(rgb), width=0.05)
            spots[site] = spot
        elif site not in frame.ghosts:
            canvas.circle(*spot, EMPTY, "none", stroke=empty, width=0.05, opacity=0.6)
    _draw_marks(canvas, frame, place)
    draw_paths(canvas, frame, place, joins=lambda a, b: points[a].k == points[b].k)
    _draw_pointers(canvas, lattice, frame, place, origins)
    draw_labels(canvas, frame, place)
    return (-MARGIN - 0.15, -0.1, width + 2 * MARGIN + 0.3, height + MARGIN + 0.25), spots


def _draw_pointers(
    canvas: Canvas,
    lattice: PyramidLattice,
    frame: Frame,
    place: Place,
    origins: list[tuple[float, float]],
) -> None:
    """Each pointer a triangle outside its point's level, pointing at the point from the
    level's centre's side (a level of one point: from below)."""
    n = lattice.n
    for pointer in frame.pointers:
        spot = place(pointer.site)
        if spot is None:
            continue
        k = lattice.points[pointer.site].k
        ox, oy = origins[k]
        side = n - k
        centre = (ox + side / 2, oy + side / 2)
        way = (spot[0] - centre[0], spot[1] - centre[1])
        if abs(way[0]) + abs(way[1]) < 1e-9:
            way = (0.0, 1.0)  # (a level of one point: from above)
        length = (way[0] ** 2 + way[1] ** 2) ** 0.5
        tip = (spot[0] + way[0] / length * 0.55, spot[1] + way[1] / length * 0.55)
        pointer_at(canvas, tip, (-way[0], -way[1]), pointer.style)


def _draw_marks(canvas: Canvas, frame: Frame, place: Place) -> None:
    """Ghosts, heat, markers and the rims, over the balls."""
    for site, style in frame.ghosts.items():
        spot = place(site)
        if spot is not None and site not in frame.pieces:
            canvas.circle(
                *spot,
                BALL,
                hex_colour(palette.piece_rgb(style)),
                opacity=palette.PIECE_GHOST_OPACITY,
            )
            cyan = hex_colour(tuple(c * 255 for c in palette.PIECE_GHOST_RIM))
            canvas.circle(*spot, BALL, "none", stroke=cyan, width=0.06)
    heat = heat_colours(frame)
    for marker in frame.markers:
        spot = place(marker.site)
        if spot is None or marker.site in heat:
            continue
        colour = marker_colour(marker.style)
        if marker.site in frame.pieces:
            colour = hex_colour(palette.HIGHLIGHT_RGB)
        canvas.circle(*spot, MARKER, colour)
    for site, colour in heat.items():
        spot = place(site)
        if spot is not None:
            canvas.circle(*spot, HEAT, colour, stroke="#f7f7f2", width=0.05)
    rims: dict[int, int] = {}
    for style, sites in frame.highlights.items():
        stroke = hex_colour(rim_rgb(style))
        for site in sites:
            spot = place(site)
            if spot is None:
                continue
            out = rims.get(site, 0)
            rims[site] = out + 1
            canvas.circle(*spot, BALL + RIM_STEP * out, "none", stroke=stroke, width=RIM_WIDTH)
