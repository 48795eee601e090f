"""The colour-vision arithmetic (tests/colour_vision.py): CIEDE2000 against the 34 test
pairs of Sharma, Wu and Dalal (2005, table 1), the Machado (2009) simulation where its
result is known, and the distances issue 107 measured on the palette before it changed."""

from __future__ import annotations

import itertools

import colour_vision as cv
import numpy as np
import pytest

#: Sharma, Wu and Dalal (2005), table 1: (L1, a1, b1, L2, a2, b2, CIEDE2000).
SHARMA = (
    (50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425),
    (50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615),
    (50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412),
    (50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669),
    (50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461),
    (50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065),
    (50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492),
    (50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977),
    (50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030),
    (50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000),
    (60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644),
    (63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630),
    (61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731),
    (35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645),
    (22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373),
    (36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146),
    (90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441),
    (90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381),
    (6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377),
    (2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082),
)


def test_ciede2000_gives_sharmas_test_pairs() -> None:
    table = np.array(SHARMA)
    got = cv.ciede2000(table[:, 0:3], table[:, 3:6])
    assert np.allclose(got, table[:, 6], atol=5e-5), np.round(got - table[:, 6], 5)
    # the difference is symmetric (the table lists pairs 7 and 8 both ways)
    assert np.allclose(cv.ciede2000(table[:, 3:6], table[:, 0:3]), table[:, 6], atol=5e-5)


def test_lab_of_srgb_primaries() -> None:
    """CIELAB of sRGB's white, black and primaries (D65), as published for sRGB."""
    white, black, red, green, blue = cv.lab(
        np.array([(255, 255, 255), (0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255)])
    )
    assert np.allclose(white, (100, 0, 0), atol=0.01)
    assert np.allclose(black, (0, 0, 0), atol=0.01)
    assert np.allclose(red, (53.24, 80.09, 67.20), atol=0.05)
    assert np.allclose(green, (87.73, -86.18, 83.18), atol=0.05)
    assert np.allclose(blue, (32.30, 79.19, -107.86), atol=0.05)


@pytest.mark.parametrize("vision", ["protanopia", "deuteranopia", "tritanopia"])
def test_machado_keeps_greys_and_loses_an_axis(vision: str) -> None:
    """Machado's matrices keep white, black and greys (each row sums to 1); a red-green
    dichromat's colours lie on a plane (the matrix has rank 2, near enough: Machado's
    tritanopia is no projection, its determinant 0.24)."""
    greys = np.array([(g, g, g) for g in (0, 60, 128, 200, 255)], dtype=float)
    assert np.allclose(cv.simulate(greys, vision), greys, atol=0.6)
    matrix = np.array(cv.MACHADO[vision])
    assert abs(np.linalg.det(matrix)) < (0.3 if vision == "tritanopia" else 0.01)
    with pytest.raises(ValueError, match="no such vision"):
        cv.simulate(greys, "achromatopsia")


def test_the_issues_figures_on_the_old_palette() -> None:
    """The distances issue 107 measured on the palette as it was, to one decimal: the
    pipeline (sRGB, Machado on linear light, CIELAB D65, CIEDE2000) is the issue's."""
    gold, green = (1.0, 0.78, 0.0), (0.0, 0.85, 0.35)  # the holding group's, its anchors'
    assert round(cv.distance(gold, green), 1) == 37.4
    assert round(cv.distance((90, 170, 90), (200, 140, 60)), 1) == 35.5  # west / east walls
    assert round(cv.distance((90, 170, 90), (200, 140, 60), "protanopia"), 1) == 5.4
    assert round(cv.distance((90, 170, 90), (200, 140, 60), "deuteranopia"), 1) == 7.6
    assert round(cv.distance((214, 48, 49), (38, 150, 70)), 1) == 69.0  # red / green players
    assert round(cv.distance((214, 48, 49), (38, 150, 70), "deuteranopia"), 1) == 6.2
    assert round(cv.distance((20, 170, 60), (215, 25, 30)), 1) == 74.8  # a pass arrives / cut
    assert round(cv.distance((20, 170, 60), (215, 25, 30), "deuteranopia"), 1) == 8.6


def _pairs() -> list[tuple[str, str, str, list[float]]]:
    import palette_pairs as pp

    out = []
    for scene, colours in pp.scenes().items():
        for (a, ca), (b, cb) in itertools.combinations(colours.items(), 2):
            out.append((scene, a, b, [cv.distance(ca, cb, v) for v in cv.VISIONS]))
    return out


def test_every_pair_a_board_tells_apart_is_apart_in_every_vision_or_has_a_cue() -> None:
    """Issue 107 item 5: the palette's pairs (each scene's colours drawn together for
    different things) keep CIEDE2000 >= 12 in normal vision, protanopia, deuteranopia and
    tritanopia, or declare a second cue. Before: the holding group's gold and its anchors'
    green 4.8 apart to a protanope, the west and east walls 5.4, Rolling's red and green
    players 6.2 to a deuteranope, a pass that arrives and one cut 8.6."""
    import palette_pairs as pp

    near = [
        f"{scene}: {a} / {b} "
        + " ".join(f"{v} {d:.1f}" for v, d in zip(cv.VISIONS, ds, strict=True))
        for scene, a, b, ds in _pairs()
        if min(ds) < pp.LEAST and pp.cue(scene, a, b) is None
    ]
    assert not near, "\n".join(near)
    assert len(_pairs()) > 60  # the scenes are read (a broken table would pass empty)


def test_the_issues_pairs_are_apart_now() -> None:
    from pyramid_lab.viewer.lab import palette

    pairs = (
        (palette.RIM_RGB["group"], palette.RIM_RGB["anchor"]),
        (palette.WALL_RGB["west"], palette.WALL_RGB["east"]),
        (palette.PIECE_RGB["red"], palette.PIECE_RGB["green"]),
        (palette.PATH_RGB["pass-ok"], palette.PATH_RGB["pass-cut"]),
    )
    for a, b in pairs:
        assert min(cv.distance(a, b, v) for v in cv.VISIONS) >= 12, (a, b)


def test_every_second_cue_is_of_a_pair_drawn() -> None:
    """A cue names a scene and two of its roles (a renamed role would leave a cue that
    excuses nothing, and its pair unexcused)."""
    import palette_pairs as pp

    scenes = pp.scenes()
    for scene, a, b in pp.SECOND_CUES:
        assert scene in scenes
        assert a in scenes[scene], (scene, a)
        assert b in scenes[scene], (scene, b)
    assert set(pp.SCENE_CUES) <= set(scenes)


#: The hue (CIELAB's, degrees) a player's colour name stands for, to a person with normal
#: vision: the rules call the players by colour, so a ball named red must look red.
NAMED_HUES = {
    "red": (10, 45),
    "yellow": (75, 105),
    "green": (130, 200),
    "blue": (255, 320),
}


def test_a_player_named_by_a_colour_is_that_colour() -> None:
    from pyramid_lab.viewer.lab import palette

    for name, (low, high) in NAMED_HUES.items():
        _, a, b = cv.lab(palette.PIECE_RGB[name])
        hue = float(np.degrees(np.arctan2(b, a)) % 360)
        assert low <= hue <= high, (name, round(hue), palette.PIECE_RGB[name])
        assert np.hypot(a, b) > 40, name  # a colour, not a grey
    white, black = (cv.lab(palette.PIECE_RGB[n])[0] for n in ("white", "black"))
    assert white > 85
    assert black < 30
