"""The pairs of colours a board tells apart (issue 107 item 5): in each scene, the colours
drawn together for things that mean different things, by their palette entry, and the
second cue (a shape, a pattern, a label, a place) of a pair that colour alone may not part
for a colour-blind child. ``tests/lab/test_colour_vision.py`` measures every pair under
normal vision, protanopia, deuteranopia and tritanopia (:mod:`.colour_vision`) and fails on
one nearer than :data:`LEAST` with no cue declared here.

A scene lists one kind of mark (the players' balls, the rims round balls, the walls, the
paths, ...): marks of two kinds are told apart by their shape already (a tube is not a
ring). Colours that mean the same (the smash, the landing that smashes and the fall are
one red: a piece destroyed) are one entry. The window and the classroom's pages draw the
same boards from this palette (:mod:`viewer.classroom.scene` sends the window's meshes),
and the pictures (``svg()``, the PNG export) take their colours from it too."""

from __future__ import annotations

from collections.abc import Mapping

from pyramid_lab.viewer.lab import palette

#: The least CIEDE2000 difference two colours of a scene keep in every vision, or they
#: need a second cue.
LEAST = 12.0

Colour = tuple[float, float, float] | tuple[int, int, int]


def _pieces(*names: str) -> dict[str, Colour]:
    return {name: palette.PIECE_RGB[name] for name in names}


def _rims(*names: str) -> dict[str, Colour]:
    return {name: palette.RIM_RGB[name] for name in names}


def _held_hexes(ground: tuple[int, int, int]) -> dict[str, Colour]:
    """Rolling's hexes of ``ground`` (a numbered space's sand, a starting area's darker
    sand) tinted in their holder's colour as the maps draw them, and one nobody holds."""
    mix = palette.HEX_REGION_MIX
    out: dict[str, Colour] = {"nobody's": ground}
    for side in ("red", "blue", "green", "yellow"):
        piece = palette.PIECE_RGB[side]
        r, g, b = (low + (high - low) * mix for high, low in zip(piece, ground, strict=True))
        out[f"{side}'s"] = (r, g, b)
    return out


def scenes() -> dict[str, dict[str, Colour]]:
    """Each scene's colours by role, read from the palette as it is now."""
    # Pyramid Ball's goal rows, tinted in their side's colour, on light and dark squares
    goal: dict[str, Colour] = {
        f"{side}'s goal row ({square})": palette.goal_row_rgb(side, rgb)
        for side in ("red", "blue")
        for square, rgb in (("light", palette.SQUARE_LIGHT), ("dark", palette.SQUARE_DARK))
    }
    return {
        "Partition's and Pyramid Ball's players": _pieces("red", "blue"),
        "Rolling Pyramids' players": _pieces("red", "blue", "green", "yellow"),
        "Rolling Pyramids' solo game": _pieces("red", "pharaoh"),  # the Pharaoh plays only there
        "Rolling Pyramids' held spaces": _held_hexes(palette.HEX_SPACE_RGB),
        "Rolling Pyramids' held starting areas": _held_hexes(palette.HEX_START_RGB),
        "Pyraos' and Allmer's Pyramid's players": _pieces("white", "black"),
        "Pyramid Ball's goal rows": goal,
        # (a lesson's rims join a game's: a step may show a corner's partition)
        "Partition's rims": {
            **_rims("clickable", "group", "anchor", "selected", "lesson", "lesson-pick"),
            "ghost": palette.PIECE_GHOST_RIM,  # a hinted move's piece
        },
        "Pyraos' rims": {
            **_rims("clickable", "selected", "remove", "lesson", "lesson-pick"),
            "ghost": palette.PIECE_GHOST_RIM,
        },
        # (the stepped board rings a stone that takes a click in the highlight's gold)
        "Allmer's Pyramid's rings": {
            "clickable": palette.HIGHLIGHT_RGB,
            **_rims("selected", "remove", "lesson", "lesson-pick"),
            "ghost": palette.PIECE_GHOST_RIM,
        },
        "the ball pyramid's walls": dict(palette.WALL_RGB),
        # ("both", one tube for red's and blue's paths on the same points, is drawn instead
        # of them, never beside them)
        "Partition's escape paths": {
            name: palette.PATH_RGB[name] for name in ("red", "blue", "lesson-wrong")
        },
        "the corners' pointers": {
            name: palette.POINTER_RGB[name] for name in ("red", "blue", "none")
        },
        "Pyramid Ball's resolved row": {
            name: palette.PATH_RGB[name] for name in ("pass-ok", "pass-cut", "move", "push")
        },
        "Pyramid Ball's programs": {
            name: palette.PATH_RGB[name] for name in ("planned-pass", "hint", "move")
        },
        "Pyramid Ball's squares": {
            name: palette.REGION_RGB[name] for name in ("crossed", "cut", "blocked", "hint")
        },
        "Allmer's Pyramid's destinations": {
            name: palette.MARKER_RGB[name] for name in ("run", "jump", "push", "smash", "landing")
        },
        "a lesson's markers": {
            name: palette.MARKER_RGB[name] for name in ("lesson", "lesson-pick", "target")
        },
        "the heat map": {
            "worst": palette.HEAT_STOPS[0][1],
            "middle": palette.HEAT_STOPS[2][1],
            "best": palette.HEAT_STOPS[-1][1],
            **{
                name: palette.HEAT_SPECIAL[value]
                for name, value in (
                    ("proven win", palette.HEAT_PROVEN_WIN),
                    ("proven loss", palette.HEAT_PROVEN_LOSS),
                    ("noise", palette.HEAT_NOISE),
                )
            },
        },
    }


#: The second cue of a pair that may come nearer than :data:`LEAST` in some vision, by
#: (scene, role, role), in either order: what tells them apart besides their colour.
SECOND_CUES: Mapping[tuple[str, str, str], str] = {
    ("Partition's rims", "clickable", "group"): (
        "one gold on purpose: the winner's rims stand on the corner balls alone, the "
        "holding group's on a whole group, and the legend names both (not a colour-vision "
        "pair: they are as near in every vision)"
    ),
    ("Partition's rims", "anchor", "ghost"): (
        "a ghost is a translucent ball on an empty point (where the hinted move plays), an "
        "anchor an opaque ball of the holding group; the legend names both"
    ),
}


_HOLDER = (
    "what stands on the hex says who holds it: the holder's stack of counters (Rolling "
    "Pyramids' players, apart in every vision) under its count of troops, or on a hex "
    'held with no stack (a starting area chosen) the holder\'s initial ("R"); the tint '
    "only repeats it (yellow's on sand is 7 from the sand to a tritanope)"
)
#: The second cue of every pair of a scene whose colours alone cannot part them.
SCENE_CUES: Mapping[str, str] = {
    "Rolling Pyramids' held spaces": _HOLDER,
    "Rolling Pyramids' held starting areas": _HOLDER,
}


def cue(scene: str, a: str, b: str) -> str | None:
    """The second cue declared for roles ``a`` and ``b`` of ``scene`` (None: colour alone)."""
    return SCENE_CUES.get(scene) or SECOND_CUES.get((scene, a, b)) or SECOND_CUES.get((scene, b, a))
