"""The stepped (terraced) board as a diagram, seen from above as the window's board
(:mod:`viewer.boards.stepped`) stands: each field in its tier's colour, the tiers' edges
drawn thick, the inlaid fields, stones as discs, column letters and row numbers.

| frame          | drawn                                                          |
|----------------|----------------------------------------------------------------|
| pieces         | stones: discs in the piece's colour                            |
| markers        | a disc on an empty field; on a stone a ring and a disc; a       |
|                | "landing" a small ring                                         |
| highlights     | a ring round the field in the rim's colour (gold "clickable")  |
| ghosts         | translucent stones with a cyan rim                             |
| heat           | a ring on the field on the heat scale                          |
| pointers       | triangles past the board's edge                                |
| labels         | text above the field                                           |
| "inlays-won"   | the inlaid fields lit                                          |
"""

from __future__ import annotations

from ...boards.geometries import SteppedBoard
from ...lab import palette
from ...lab.frame import Frame
from .canvas import Canvas, Drawn, hex_colour, rim_rgb
from .marks import (
    Place,
    draw_labels,
    draw_paths,
    draw_pointers_past_edge,
    heat_colours,
    marker_colour,
    outline,
    piece_colour,
)

STONE = 0.36
RING, RING_WIDTH = 0.435, 0.09
DISC = 0.22
SMALL_RING = 0.17
INLAY = 0.78
TIER_EDGE = 0.07
GROUND = 0.3  # the ground beyond the fields
NAME_SIZE = 0.38


def draw_stepped(canvas: Canvas, board: SteppedBoard, frame: Frame) -> Drawn:
    """Draw ``frame`` on ``board``: the box drawn in, and where each stone is."""
    n = board.size

    def place(site: int) -> tuple[float, float] | None:
        return (float(site % n), float(site // n)) if 0 <= site < board.count else None

    canvas.rect(
        -0.5 - GROUND, -0.5 - GROUND, n + 2 * GROUND, n + 2 * GROUND, hex_colour(palette.GROUND_RGB)
    )
    line = hex_colour(palette.FIELD_LINE_RGB)
    for field in range(board.count):
        x, y = field % n, field // n
        tier = palette.TIER_RGB[min(int(board.levels[field]), len(palette.TIER_RGB) - 1)]
        canvas.rect(x - 0.5, y - 0.5, 1, 1, hex_colour(tier), stroke=line, width=0.02)
    won = "inlays-won" in frame.decorations
    inlay = hex_colour(palette.INLAY_WON_RGB if won else palette.INLAY_RGB)
    for field in board.inlays:
        x, y = field % n, field // n
        canvas.rect(x - INLAY / 2, y - INLAY / 2, INLAY, INLAY, inlay)
    canvas.lines(_tier_edges(board), line, TIER_EDGE)
    for c in range(n):
        canvas.text(c, n + 0.25, board.column_names[c], NAME_SIZE)
    for r in range(n):
        canvas.text(-1.1, r, str(r + 1), NAME_SIZE)
    for site, colour in heat_colours(frame).items():
        spot = place(site)
        if spot is not None:
            canvas.circle(*spot, 0.3, "none", stroke=colour, width=0.13)
    spots: dict[int, tuple[float, float]] = {}
    for site in sorted(frame.pieces):
        spot = place(site)
        if spot is not None:
            rgb = piece_colour(frame, site)
            canvas.circle(*spot, STONE, hex_colour(rgb), stroke=outline(rgb), width=0.05)
            spots[site] = spot
    cyan = hex_colour(tuple(c * 255 for c in palette.PIECE_GHOST_RIM))
    for site, style in frame.ghosts.items():
        spot = place(site)
        if spot is not None:
            ghost = hex_colour(palette.piece_rgb(style))
            canvas.circle(*spot, STONE, ghost, opacity=palette.PIECE_GHOST_OPACITY)
            canvas.circle(*spot, STONE, "none", stroke=cyan, width=0.05)
    _draw_rings(canvas, frame, place)
    draw_paths(canvas, frame, place)
    draw_pointers_past_edge(canvas, frame, place, reach=0.5)
    draw_labels(canvas, frame, place)
    return (-1.5, -0.5 - GROUND - 0.1, n + GROUND + 1.2, n + 1.45), spots


def _tier_edges(board: SteppedBoard) -> list[tuple[float, float, float, float]]:
    """The edges between fields of different tiers (a step up or down)."""
    n, levels = board.size, board.levels
    edges = []
    for field in range(board.count):
        x, y = field % n, field // n
        if x + 1 < n and levels[field] != levels[field + 1]:
            edges.append((x + 0.5, y - 0.5, x + 0.5, y + 0.5))
        if y + 1 < n and levels[field] != levels[field + n]:
            edges.append((x - 0.5, y + 0.5, x + 0.5, y + 0.5))
    return edges


def _draw_rings(canvas: Canvas, frame: Frame, place: Place) -> None:
    """Markers and the highlights' rings (another rim replaces the gold one)."""
    rimmed: set[int] = set()
    for style in (*(s for s in frame.highlights if s != "clickable"), "clickable"):
        rim = hex_colour(palette.HIGHLIGHT_RGB if style == "clickable" else rim_rgb(style))
        for site in frame.highlights.get(style, ()):
            spot = place(site)
            if spot is None or site in rimmed:
                continue
            rimmed.add(site)
            canvas.circle(*spot, RING, "none", stroke=rim, width=RING_WIDTH)
    for marker in frame.markers:
        spot = place(marker.site)
        if spot is None:
            continue
        colour = marker_colour(marker.style)
        if marker.style.startswith("landing"):
            canvas.circle(*spot, SMALL_RING, "none", stroke=colour, width=0.1)
        elif marker.site in frame.pieces:
            canvas.circle(*spot, RING, "none", stroke=colour, width=RING_WIDTH)
            canvas.circle(*spot, DISC * 0.7, colour)
        else:
            canvas.circle(*spot, DISC, colour)
