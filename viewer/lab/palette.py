"""Every colour and camera preset of the viewer, in one place: a style key of a
:class:`~viewer.lab.frame.Frame` (a piece's colour, a marker's or a rim's meaning) is looked up
here by the board views, so games name styles and never hold RGB values."""

from __future__ import annotations

import colorsys
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

RGB = tuple[int, int, int]

#: Colour vision (issue 107 item 5): every pair of colours a board tells apart keeps a
#: CIEDE2000 difference of 12 or more under normal vision, protanopia, deuteranopia and
#: tritanopia (Machado 2009), or has a second cue; ``tests/palette_pairs.py`` lists the pairs and
#: the cues, ``tests/lab/test_colour_vision.py`` measures them. A colour that failed took
#: the nearest of Okabe and Ito's colours (made to be told apart by every kind of colour
#: vision: orange 230,159,0; sky blue 86,180,233; bluish green 0,158,115; yellow 240,228,66;
#: blue 0,114,178; vermillion 213,94,0; reddish purple 204,121,167) or a lighter or darker
#: shade of its own; the rest kept the look users know (red's balls still read red, blue's
#: blue).
BACKGROUND = (214, 222, 232)  # a soft gradient: this at the bottom of the scene ...
BACKGROUND_TOP = (250, 251, 253)  # ... to nearly white at the top

#: Pieces by colour name: the players' colours of every game.
PIECE_RGB: dict[str, RGB] = {
    "red": (214, 48, 49),
    "blue": (41, 98, 219),
    "green": (0, 158, 115),  # Okabe-Ito's bluish green: (38, 150, 70) was red's to a deuteranope
    "yellow": (232, 186, 22),
    "pharaoh": (112, 84, 150),  # a neutral army (a solo game's Pharaoh)
    "white": (236, 236, 228),
    "black": (52, 52, 58),
}
UNKNOWN_PIECE_RGB: RGB = (150, 150, 150)

#: Markers (empty sites that take a click, destinations, landings) by style.
MARKER_RGB: dict[str, RGB] = {
    "target": (150, 150, 150),  # a point that takes a click now
    "setup": (150, 150, 150),  # set-up mode: every point takes a click
    "run": (0, 158, 115),  # bluish green (a run), sky blue (a jump): apart in every vision
    "jump": (86, 180, 233),
    "push": (245, 140, 20),
    "smash": (220, 30, 30),
    "landing": (110, 40, 150),  # where a pushed piece lands (dark violet: not the push's
    # orange, nor, to a tritanope, the jump's blue)
    "landing-smash": (220, 30, 30),  # ... on a piece it smashes
    "fall": (220, 30, 30),  # a pushed piece falls off the board here
    "carrier": (250, 190, 20),  # the ball on the pyramid that carries it (Pyramid Ball)
    "lesson": (220, 120, 255),  # what a lesson's step is about (light violet: its lightest
    # pixel 3.0:1 on the board's shaded brown, WCAG 1.4.11; the violet 170, 40, 200 was 1.7)
    "lesson-pick": (0, 110, 90),  # a point the student picked (dark teal: apart from the grey)
}
HOVER_RGB: RGB = (255, 196, 0)
#: The ring round a ball under the mouse (the hover): outermost, in dashes of this and near
#: black (shaders/hover_rim.glsl), no rim's one colour: lemon yellow read as a winner's
#: gold corner (issue 89).
HOVER_RIM_RGB = (1.0, 1.0, 1.0)
HIGHLIGHT_RGB: RGB = (255, 230, 90)  # tint of markers that are highlighted (a won corner)
HIGHLIGHT_MIX = 0.45

#: Rims drawn round highlighted pieces, by meaning (0..1 floats for the shader).
RIM_RGB: dict[str, tuple[float, float, float]] = {
    "clickable": (1.0, 0.82, 0.1),  # pieces that take a click now; a winner's pieces
    "group": (1.0, 0.81, 0.08),  # a holding group (a touch yellower than 1.0, 0.78, 0.0: the
    # selected group's orange was 11.7 from it to a tritanope)
    "anchor": (0.34, 0.71, 0.91),  # its anchor pieces: sky blue (green was the gold's to
    # a protanope: 4.8)
    "selected": (1.0, 0.45, 0.0),  # the group the user clicked; a hinted move's source
    "remove": (0.86, 0.08, 0.12),  # pieces a hinted move takes off the board
    "lesson": (0.67, 0.16, 0.78),  # what a lesson's step is about (violet: on balls, not on
    # the board; MARKER_RGB's lighter one came within 3.6 of the anchors' sky blue)
    "lesson-pick": (0.0, 0.43, 0.35),  # pieces the student picked for a task (dark teal)
}
GHOST_RIM_RGB = (0.25, 0.30, 0.42)
#: Frames round a flat board's squares in other meanings than RIM_RGB's.
SQUARE_RIM_RGB: dict[str, RGB] = {"blocked": (140, 25, 190)}  # a piece whose move failed
#: Ghost pieces (Frame.ghosts: where a hinted move puts a piece): translucent, in the
#: piece's colour, with a cyan rim (no other rim, marker or piece is cyan; the anchors' sky
#: blue is the nearest, 4.3 to a tritanope: a ghost is translucent, an anchor opaque).
PIECE_GHOST_OPACITY = 0.45
PIECE_GHOST_RIM = (0.0, 0.8, 0.92)

#: Paths (tubes through sites) and regions (translucent cells) by style.
PATH_RGB: dict[str, RGB] = {
    "red": (240, 110, 110),
    "blue": (110, 150, 245),
    "green": (90, 190, 160),
    "yellow": (240, 205, 70),
    "both": (170, 105, 215),  # one path that is red's and blue's (Partition's escape paths)
    "pass-ok": (0, 158, 115),  # a pass that arrives (bluish green: the cut's red to a
    # deuteranope was 8.6 away in green)
    "pass-cut": (215, 25, 30),  # a pass that is intercepted
    "move": (70, 70, 70),  # a piece's step in a resolution
    "push": (245, 140, 20),  # a piece shoved by another
    "hint": (0, 190, 215),  # the engine's hinted program (cyan, as the hint's ghosts)
    "planned-pass": (200, 200, 60),  # a pass a program plans (not yet resolved)
    "lesson-wrong": (230, 45, 20),  # the path a wrong answer leaves (an escape path)
}
REGION_RGB: dict[str, RGB] = {
    **PIECE_RGB,
    "crossed": (110, 200, 175),  # squares a pass crosses
    "cut": (240, 120, 110),  # ... a pass that is intercepted
    "blocked": (175, 110, 225),  # the square of a piece whose move failed
    "hint": (250, 200, 60),  # the area a practice hint points at
}
#: Pointers (cones pointing at a site from outside) by style: a player's colour or "none".
POINTER_RGB: dict[str, RGB] = {**PIECE_RGB, "none": (165, 165, 165), "fall": (220, 30, 30)}

#: The ball pyramid's five walls (faint faces) by wall name.
WALL_RGB: dict[str, RGB] = {
    "base": (150, 150, 150),
    "west": (86, 180, 233),  # Okabe-Ito's sky blue, yellow, blue and vermillion: apart
    "east": (240, 228, 66),  # by 20 or more in every vision (west / east were 5.4 apart to a
    "south": (0, 114, 178),  # protanope); each wall's name is drawn on it too. The walls
    "north": (213, 94, 0),  # the usual view looks through (west, south) are the cool ones: a
    # yellow south wall turned the red balls behind it orange
}
EDGE_RGB: RGB = (120, 120, 120)

#: The stepped board: the tiers' tops from the ground up, its ground and field lines.
TIER_RGB: tuple[RGB, ...] = ((186, 152, 104), (202, 170, 122), (218, 189, 142), (232, 208, 164))
GROUND_RGB: RGB = (150, 150, 150)
INLAY_RGB: RGB = (205, 160, 40)
INLAY_WON_RGB: RGB = (255, 215, 0)
FIELD_LINE_RGB: RGB = (95, 75, 45)
FLASH_RGB: RGB = (255, 60, 20)
LABEL_RGB: RGB = (60, 60, 60)
CLIP_PLANE_RGB: RGB = (40, 150, 200)  # an axis clip plane drawn in the scene
BOARD_RGB: RGB = (196, 164, 120)  # the wooden board under a ball pyramid
DIMPLE_RGB: RGB = (112, 84, 56)  # a dimple (a hole) under a base point
DIMPLE_RIM_RGB: RGB = (160, 128, 90)
GRID_BASE_RGB: RGB = (110, 86, 60)  # the frame under a flat grid of squares
#: A hex map's hexes: a numbered space (sand), a starting area (darker), and the pyramids
#: standing on them by colour.
HEX_SPACE_RGB: RGB = (222, 204, 160)
HEX_START_RGB: RGB = (168, 150, 112)
#: How much of its holder's colour a held hex takes (the window's, the pages' and the
#: pictures' maps).
HEX_REGION_MIX = 0.5
HEX_PYRAMID_RGB: dict[str, RGB] = {"white": (246, 244, 236), "black": (40, 40, 46)}

#: Camera presets: direction from the board's centre to the camera, and the up vector.
VIEWS: dict[str, tuple[tuple[float, float, float], tuple[float, float, float]]] = {
    "iso": ((-1.0, -1.6, 1.1), (0.0, 0.0, 1.0)),
    "top": ((0.0, 0.0, 1.0), (0.0, 1.0, 0.0)),
    "front": ((0.0, -1.0, 0.0), (0.0, 0.0, 1.0)),
    "side": ((1.0, 0.0, 0.0), (0.0, 0.0, 1.0)),
}


def piece_rgb(style: str) -> RGB:
    return PIECE_RGB.get(style, UNKNOWN_PIECE_RGB)


#: A flat board's squares, light and dark, and how much of its side's colour a goal row's
#: squares take.
SQUARE_LIGHT, SQUARE_DARK = (226, 214, 188), (160, 132, 98)
GOAL_MIX = 0.45
#: The decoration that names the goal row of a colour, for the legend: "goal-row-red".
GOAL_ROW = "goal-row-"
#: A decoration "pieces-<colour>": no board draws it (the pieces are drawn as they are);
#: it names a side's pieces in the legend, with their colour (a solo game's Pharaoh).
PIECES_OF = "pieces-"


def goal_row_rgb(colour: str, square: RGB = SQUARE_LIGHT) -> RGB:
    """A goal row's square of ``colour``'s side: ``square`` mixed with that colour."""
    side = piece_rgb(colour)
    return (
        round(square[0] * (1 - GOAL_MIX) + side[0] * GOAL_MIX),
        round(square[1] * (1 - GOAL_MIX) + side[1] * GOAL_MIX),
        round(square[2] * (1 - GOAL_MIX) + side[2] * GOAL_MIX),
    )


# ---- group colours: a family of shades per player -------------------------------------------

#: Each player's groups are drawn in shades of its own colour: hues within this much (a
#: fraction of the colour circle, 0.02 = 7 degrees) of its piece colour's hue, and less
#: where another player's hue is nearer, so no family reaches into another's. Groups differ
#: by lightness and saturation more than by hue: red's stay red, never orange or magenta.
GROUP_HUE_HALF_WIDTH = 0.02
#: (hue step as a fraction of the band's half width, saturation, value) of each shade, in
#: the order groups take them: each as far from those before it as the family allows.
_SHADE_STEPS: tuple[tuple[float, float, float], ...] = (
    (0.0, 0.85, 0.93),
    (0.0, 0.95, 0.52),
    (0.0, 0.38, 1.00),
    (-1.0, 0.75, 0.76),
    (1.0, 0.60, 0.98),
    (-1.0, 0.95, 0.38),
    (1.0, 0.95, 0.70),
    (0.0, 0.22, 0.93),
    (-1.0, 0.55, 0.86),
    (1.0, 0.85, 0.85),
    (0.0, 0.70, 0.63),
    (1.0, 0.45, 0.80),
)
#: Players without a hue (white, black): shades of grey in a band of lightness instead.
_GREY_VALUES: dict[str, tuple[float, float]] = {"white": (0.72, 1.0), "black": (0.12, 0.42)}


def hue_of(colour: str) -> float | None:
    """The hue (0..1) of a player's piece colour; None for a grey (white, black)."""
    r, g, b = (c / 255 for c in piece_rgb(colour))
    h, sat, _ = colorsys.rgb_to_hsv(r, g, b)
    return None if sat < 0.2 else h


def _hue_gap(a: float, b: float) -> float:
    d = abs(a - b) % 1.0
    return min(d, 1.0 - d)


def group_family(colour: str, players: Sequence[str]) -> tuple[float, float] | None:
    """The band of hues (low, high; low may be below 0, the circle wraps) of ``colour``'s
    group shades among ``players``: round its piece hue, at most
    :data:`GROUP_HUE_HALF_WIDTH` each way and at most a third of the way to the nearest
    other player's hue, so two families never meet. None for a grey player."""
    base = hue_of(colour)
    if base is None:
        return None
    others = [h for h in (hue_of(p) for p in players if p != colour) if h is not None]
    gap = min((_hue_gap(base, h) for h in others), default=1.0)
    half = min(GROUP_HUE_HALF_WIDTH, gap / 3)
    return base - half, base + half


def group_shade(colour: str, players: Sequence[str], n: int) -> RGB:
    """The colour of ``colour``'s ``n``-th group (0: its first) among ``players``: a
    shade of its family (:func:`group_family`), distinct from the shades before it for
    the first 12 groups, then taken again from the first."""
    dh, sat, value = _SHADE_STEPS[n % len(_SHADE_STEPS)]
    family = group_family(colour, players)
    if family is None:
        low, high = _GREY_VALUES.get(colour, (0.4, 0.8))
        level = low + (high - low) * (n % 5) / 4
        grey = round(255 * level)
        return (grey, grey, grey)
    low, high = family
    hue = ((low + high) / 2 + dh * (high - low) / 2) % 1.0
    r, g, b = colorsys.hsv_to_rgb(hue, sat, value)
    return (round(255 * r), round(255 * g), round(255 * b))


#: The heat map (a move's place among the moves shown, 0 the worst to 1 the best): a
#: diverging scale from purple through amber to green, dark and saturated enough to read on
#: the white background, and in no player's colour.
HEAT_STOPS: tuple[tuple[float, RGB], ...] = (
    (0.0, (105, 45, 150)),  # purple: no player's colour (a crimson read as red's ball)
    (0.25, (175, 105, 150)),
    (0.5, (235, 185, 20)),
    (0.75, (130, 190, 50)),
    (1.0, (0, 135, 60)),
)


#: The rim round a heat marker (0..1 floats for the shader): it parts a marker from the
#: ball behind it, whatever their colours.
HEAT_RIM = (0.97, 0.97, 0.95)


def scale_heat(rates: Sequence[float]) -> tuple[list[float], tuple[float, float] | None]:
    """Win rates placed on the heat scale relative to each other: the worst 0, the best 1
    (in a lopsided position every rate is near 0 or 1, and an absolute scale painted every
    point alike); rates all within 2 % of each other keep their own values (every move
    wins, say). With the (worst, best) rates, the scale's ends; None for no rates."""
    if not rates:
        return [], None
    worst, best = min(rates), max(rates)
    spread = best - worst
    if spread < 0.02:
        return list(rates), (worst, best)
    return [(rate - worst) / spread for rate in rates], (worst, best)


#: Heat values outside the scale (issue 45): a proven win, a proven loss (the game's value,
#: not an estimate: colours of their own, apart from the estimates' scale), and an
#: estimate within the noise of the others (grey: the search cannot tell it apart).
HEAT_PROVEN_WIN, HEAT_PROVEN_LOSS, HEAT_NOISE = 3.0, -3.0, -2.0
HEAT_SPECIAL: dict[float, RGB] = {
    HEAT_PROVEN_WIN: (0, 170, 200),  # cyan: a proven win
    HEAT_PROVEN_LOSS: (40, 40, 40),  # near black: a proven loss
    HEAT_NOISE: (150, 150, 150),  # grey: within the estimates' noise
}
#: Standard errors between two estimates within which they count as alike (about 95 %).
NOISE_ERRORS = 2.0


def _error(rate: float, visits: int) -> float:
    """The standard error of a win rate from ``visits`` playouts (0: no sampling, an
    alpha-beta score or nothing known of it)."""
    return math.sqrt(max(rate * (1 - rate), 0.0) / visits) if visits > 0 else 0.0


def scale_moves(
    rates: Sequence[float], visits: Sequence[int], proven: Sequence[str | None]
) -> tuple[list[float], tuple[float, float] | None]:
    """The heat values of moves (their win rates, the playouts behind each, and "win" /
    "loss" where proven): a proven move gets its proven colour (:data:`HEAT_PROVEN_WIN`,
    :data:`HEAT_PROVEN_LOSS`), the estimates the scale of :func:`scale_heat` over
    themselves, except that an estimate within the noise (:data:`NOISE_ERRORS` standard
    errors, from the visits) of both the best and the worst estimate is grey
    (:data:`HEAT_NOISE`), and all are when the best and the worst are alike. With the
    (worst, best) estimates, the scale's ends (None: no estimate)."""
    if not len(rates) == len(visits) == len(proven):
        raise ValueError("one win rate, one count of visits and one proven value a move")
    out: list[float] = [0.0] * len(rates)
    estimates = []
    for i, value in enumerate(proven):
        if value == "win":
            out[i] = HEAT_PROVEN_WIN
        elif value == "loss":
            out[i] = HEAT_PROVEN_LOSS
        else:
            estimates.append(i)
    if not estimates:
        return out, None
    scaled, ends = scale_heat([rates[i] for i in estimates])
    assert ends is not None
    best = max(estimates, key=lambda i: rates[i])
    worst = min(estimates, key=lambda i: rates[i])

    def alike(i: int, j: int) -> bool:
        noise = math.hypot(_error(rates[i], visits[i]), _error(rates[j], visits[j]))
        return abs(rates[i] - rates[j]) <= NOISE_ERRORS * noise

    everything_alike = len(estimates) > 1 and alike(best, worst)
    for i, place in zip(estimates, scaled, strict=True):
        grey = everything_alike or (i not in (best, worst) and alike(i, best) and alike(i, worst))
        out[i] = HEAT_NOISE if grey else place
    return out, ends


def heat_rgb(values: object) -> np.ndarray:
    """The heat map's colour of each value (clipped to 0..1, except the proven and noise
    values of :data:`HEAT_SPECIAL`) as a (n, 3) uint8 array."""
    import numpy as np  # here: a command's answer that draws no heat map loads no numpy

    raw = np.asarray(values, dtype=float).reshape(-1)
    v = np.clip(raw, 0.0, 1.0)
    stops = np.array([s for s, _ in HEAT_STOPS])
    colours = np.array([c for _, c in HEAT_STOPS], dtype=float)
    rgb = np.column_stack([np.interp(v, stops, colours[:, i]) for i in range(3)])
    for value, colour in HEAT_SPECIAL.items():
        rgb[raw == value] = colour
    return rgb.round().astype(np.uint8)
