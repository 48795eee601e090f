"""What every board's diagram draws alike from a :class:`~viewer.lab.frame.Frame`: a
piece's colour, paths through sites, labels beside them, pointers at them, with the
window's colours (:mod:`viewer.lab.palette`). A board hands in where a site is drawn
(``place``: site -> (x, y) in board units, None where it draws none)."""

from __future__ import annotations

import math
from collections.abc import Callable

from pyramid_lab.i18n import shown

from ...lab import palette
from ...lab.frame import Frame
from .canvas import RGB, Canvas, hex_colour, num, shade

Place = Callable[[int], "tuple[float, float] | None"]

PATH_WIDTH = 0.1
PATH_END = 0.1
LABEL_SIZE = 0.42
POINTER = 0.28  # a pointer's length (its base is as wide)


def piece_colour(frame: Frame, site: int) -> RGB:
    """The colour the window gives the piece on ``site``: its group colour where the frame
    has one, else its style's."""
    rgb = frame.piece_rgb
    if rgb is not None and 0 <= site < len(rgb):
        r, g, b = (int(c) for c in rgb[site][:3])
        return (r, g, b)
    return palette.piece_rgb(frame.pieces[site])


def outline(rgb: RGB) -> str:
    """A piece's outline: its colour, darker."""
    return hex_colour(shade(rgb, 0.55))


def marker_colour(style: str) -> str:
    return hex_colour(palette.MARKER_RGB.get(style, palette.MARKER_RGB["target"]))


def heat_colours(frame: Frame) -> dict[int, str]:
    """Each heat site's colour on the window's heat scale."""
    sites = list(frame.heat)
    if not sites:
        return {}
    rgb = palette.heat_rgb([frame.heat[s] for s in sites])
    return {s: hex_colour(tuple(int(c) for c in row)) for s, row in zip(sites, rgb, strict=True)}


def draw_paths(
    canvas: Canvas, frame: Frame, place: Place, joins: Callable[[int, int], bool] | None = None
) -> None:
    """Each path as a line through its sites' places, a dot at its end. ``joins``: whether
    two consecutive sites are joined by a line (a pyramid's levels, drawn apart, are not)."""
    for path in frame.paths:
        colour = hex_colour(palette.PATH_RGB.get(path.style, palette.piece_rgb(path.style)))
        run: list[tuple[float, float]] = []
        previous: int | None = None
        for site in path.sites:
            spot = place(site)
            if spot is None:
                continue
            if run and previous is not None and joins is not None and not joins(previous, site):
                _run(canvas, run, colour)
                run = []
            run.append(spot)
            previous = site
        _run(canvas, run, colour)
        if run:
            canvas.circle(*run[-1], PATH_END, colour)


def _run(canvas: Canvas, run: list[tuple[float, float]], colour: str) -> None:
    if len(run) > 1:
        canvas.polyline(run, colour, PATH_WIDTH)
    elif run:
        canvas.circle(*run[0], PATH_WIDTH * 0.8, colour)


def draw_labels(canvas: Canvas, frame: Frame, place: Place, lift: float = 0.55) -> None:
    """Each label's text above its site."""
    for label in frame.labels:
        spot = place(label.site)
        if spot is not None and label.text:
            canvas.text(spot[0], spot[1] - lift, shown(label.text), LABEL_SIZE, halo=True)


#: A pyramid seen from above: its four faces (top, right, bottom, left), lit from the
#: top left.
FACE_LIGHT = (1.12, 0.88, 0.7, 0.95)


def pyramid_from_above(
    canvas: Canvas,
    at: tuple[float, float],
    half: float,
    rgb: RGB,
    *,
    opacity: float = 1.0,
    edge: bool = True,
) -> None:
    """A square pyramid of base ``2 * half`` seen from above, centred ``at``: its faces
    shaded, its base outlined (``edge``). One definition a colour, used at each place."""
    name = f"p{hex_colour(rgb)[1:]}{'e' if edge else ''}"
    corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
    faces = []
    for n, light in enumerate(FACE_LIGHT):
        (x0, y0), (x1, y1) = corners[n], corners[(n + 1) % 4]
        faces.append(
            f'<path d="M{num(x0)} {num(y0)}L{num(x1)} {num(y1)}L0 0z" '
            f'fill="{hex_colour(shade(rgb, light))}"/>'
        )
    if edge:
        side = num(2.0)
        faces.append(
            f'<rect x="{num(-1.0)}" y="{num(-1.0)}" width="{side}" height="{side}" fill="none" '
            f'stroke="{outline(rgb)}" stroke-width="{num(0.05)}"/>'
        )
    canvas.define(name, "".join(faces))
    paint = canvas.paint("", opacity=opacity) if opacity < 1 else ""
    canvas.use(name, at[0], at[1], scale=half, paint=paint)


def pointer_at(
    canvas: Canvas, tip: tuple[float, float], towards: tuple[float, float], style: str
) -> None:
    """A triangle whose tip is at ``tip``, pointing along ``towards`` (a direction in the
    picture, y down), in the pointer's colour."""
    dx, dy = towards
    length = math.hypot(dx, dy) or 1.0
    dx, dy = dx / length, dy / length
    bx, by = tip[0] - dx * POINTER, tip[1] - dy * POINTER
    half = POINTER * 0.55
    colour = palette.POINTER_RGB.get(style, palette.POINTER_RGB["none"])
    canvas.polygon(
        [tip, (bx - dy * half, by + dx * half), (bx + dy * half, by - dx * half)],
        hex_colour(colour),
        stroke=outline(colour),
        width=0.03,
    )


def draw_pointers_past_edge(
    canvas: Canvas, frame: Frame, place: Place, reach: float = 0.75
) -> None:
    """Pointers of a flat board: a triangle ``reach`` past the site in the pointer's
    direction (x, y, y upwards on the board), pointing on that way (a piece falling off);
    one without a direction points down at the site from above it."""
    for pointer in frame.pointers:
        spot = place(pointer.site)
        if spot is None:
            continue
        dx, dy = pointer.direction if pointer.direction is not None else (0.0, -1.0)
        length = math.hypot(dx, dy) or 1.0
        way = (dx / length, -dy / length)
        if pointer.direction is None:
            tip = (spot[0], spot[1] - 0.3)
        else:
            tip = (spot[0] + way[0] * (reach + POINTER), spot[1] + way[1] * (reach + POINTER))
        pointer_at(canvas, tip, way, pointer.style)
