"""A flat grid of squares as a diagram (Pyramid Ball's field), seen from above as the
window's board (:mod:`viewer.boards.grid`) stands: chequered squares, goal rows in their
side's colour, the pyramids as squares with their ridges, column letters and row numbers.

| frame       | drawn                                                              |
|-------------|--------------------------------------------------------------------|
| pieces      | a pyramid seen from above, sized by its kind                       |
| markers     | "carrier" (the ball): a gold ball on the apex or the square; other |
|             | markers a small disc at the size's slot of an empty square          |
| highlights  | a frame round the square in the rim's colour                       |
| ghosts      | translucent pyramids                                               |
| heat        | the square on the heat scale                                       |
| regions     | the square mixed with the style's colour                           |
| paths       | lines through the squares' centres, a dot at the end               |
| pointers    | triangles past the board's edge                                    |
| labels      | text above the square                                              |
"""

from __future__ import annotations

from collections.abc import Callable

from ...boards.geometries import GridBoard
from ...lab import palette
from ...lab.frame import Frame
from .canvas import Canvas, Drawn, hex_colour, mix, rim_rgb
from .marks import (
    Place,
    draw_labels,
    draw_paths,
    draw_pointers_past_edge,
    heat_colours,
    marker_colour,
    outline,
    piece_colour,
    pyramid_from_above,
)

PYRAMID = 0.8  # a largest pyramid's base
BALL = 0.15
DISC = 0.09
FRAME = 0.09  # a highlight's frame's width
REGION_MIX = 0.55
EDGE = 0.12  # the board's frame beyond the squares
NAME_SIZE = 0.38


def draw_grid(canvas: Canvas, board: GridBoard, frame: Frame) -> Drawn:
    """Draw ``frame`` on ``board``: the box drawn in, and where each pyramid is."""
    cols, rows = board.columns, board.rows

    def square_xy(square: int) -> tuple[float, float]:
        return float(square % cols), float(rows - 1 - square // cols)

    def place(site: int) -> tuple[float, float] | None:
        return square_xy(board.square_of(site)) if 0 <= site < board.count else None

    base = palette.GRID_BASE_RGB
    canvas.rect(-0.5 - EDGE, -0.5 - EDGE, cols + 2 * EDGE, rows + 2 * EDGE, hex_colour(base))
    _draw_squares(canvas, board, frame, square_xy)
    for c in range(cols):
        canvas.text(c, rows + 0.1, board.column_names[c], NAME_SIZE)
    for r in range(rows):
        canvas.text(-0.95, rows - 1 - r, str(r + 1), NAME_SIZE)
    spots: dict[int, tuple[float, float]] = {}
    for site in sorted(frame.pieces):
        spot = place(site)
        if spot is not None:
            _pyramid(canvas, spot, board.scale(board.kind_of(site)), piece_colour(frame, site))
            spots[site] = spot
    for site, style in frame.ghosts.items():
        spot = place(site)
        if spot is not None and site not in frame.pieces:
            scale = board.scale(board.kind_of(site))
            _pyramid(canvas, spot, scale, palette.piece_rgb(style), palette.PIECE_GHOST_OPACITY)
    _draw_markers(canvas, board, frame, place)
    draw_paths(canvas, frame, place)
    draw_pointers_past_edge(canvas, frame, place, reach=0.5)
    draw_labels(canvas, frame, place)
    return (-1.35, -0.75, cols + 1.95, rows + 1.35), spots


def _draw_squares(
    canvas: Canvas, board: GridBoard, frame: Frame, square_xy: Callable[[int], tuple[float, float]]
) -> None:
    """The squares, chequered, goal rows tinted, then regions and heat; the highlights'
    frames round them."""
    cols = board.columns
    tint: dict[int, tuple[int, int, int]] = {}
    for sq in range(board.squares):
        col, row = sq % cols, sq // cols
        square = palette.SQUARE_LIGHT if (col + row) % 2 else palette.SQUARE_DARK
        if row in board.goal_rows:
            square = palette.goal_row_rgb(board.goal_rows[row], square)
        tint[sq] = square
    for region in frame.regions:
        colour = palette.REGION_RGB.get(region.style, palette.EDGE_RGB)
        for sq in {board.square_of(s) for s in region.sites if 0 <= s < board.count}:
            tint[sq] = mix(tint[sq], colour, REGION_MIX)
    heat = {board.square_of(s): c for s, c in heat_colours(frame).items() if 0 <= s < board.count}
    for sq, rgb in tint.items():
        x, y = square_xy(sq)
        canvas.rect(x - 0.5, y - 0.5, 1, 1, heat.get(sq, hex_colour(rgb)))
    for style, sites in frame.highlights.items():
        stroke = hex_colour(rim_rgb(style))
        for sq in sorted({board.square_of(s) for s in sites if 0 <= s < board.count}):
            x, y = square_xy(sq)
            inset = 0.5 - FRAME / 2 - 0.02
            canvas.rect(
                x - inset, y - inset, 2 * inset, 2 * inset, "none", stroke=stroke, width=FRAME
            )


def _pyramid(
    canvas: Canvas,
    at: tuple[float, float],
    scale: float,
    rgb: tuple[int, int, int],
    opacity: float = 1.0,
) -> None:
    """A square pyramid seen from above, sized by its kind."""
    pyramid_from_above(canvas, at, PYRAMID * scale / 2, rgb, opacity=opacity)


def _draw_markers(canvas: Canvas, board: GridBoard, frame: Frame, place: Place) -> None:
    occupied = {board.square_of(s) for s in frame.pieces}
    for marker in frame.markers:
        spot = place(marker.site)
        if spot is None:
            continue
        colour = marker_colour(marker.style)
        if marker.site in frame.pieces or marker.style == "carrier":
            canvas.circle(
                *spot, BALL, colour, stroke=outline(palette.MARKER_RGB["carrier"]), width=0.03
            )
        elif board.square_of(marker.site) not in occupied:
            slot = board.slots[board.kind_of(marker.site)]
            canvas.circle(spot[0] + float(slot[0]), spot[1], DISC, colour)
