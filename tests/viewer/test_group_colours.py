"""Group colours keep each player's family (viewer.lab.palette.group_shade): a red ball's
group is a shade of red, never orange or magenta, and never in another player's hues; a
lesson's wrong answer whose escape path runs through unanchored balls says so in the legend.
"""

from __future__ import annotations

import colorsys
import itertools
import math

import pytest

from pyramid_lab.viewer.lab import palette
from pyramid_lab.viewer.lab.frame import Frame, Path
from pyramid_lab.viewer.lab.legend_entries import legend_entries

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

PLAYERS = ("red", "blue", "green", "yellow")


def _hue(rgb: tuple[int, int, int]) -> float:
    return colorsys.rgb_to_hsv(*(c / 255 for c in rgb))[0]


def _inside(hue: float, band: tuple[float, float], slack: float = 0.004) -> bool:
    low, high = band
    return any(low - slack <= hue + turn <= high + slack for turn in (-1.0, 0.0, 1.0))


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_families_are_disjoint_by_hue_and_hold_their_shades(count):
    players = PLAYERS[:count]
    bands = {p: palette.group_family(p, players) for p in players}
    for player, band in bands.items():
        assert band is not None
        assert _inside(palette.hue_of(player) or 0.0, band)  # round its own piece colour
        for n in range(24):
            assert _inside(_hue(palette.group_shade(player, players, n)), band), (player, n)
    for (a, band_a), (b, band_b) in itertools.combinations(bands.items(), 2):
        assert band_a is not None
        assert band_b is not None
        for n in range(24):  # no shade of a in b's band, and the bands themselves apart
            assert not _inside(_hue(palette.group_shade(a, players, n)), band_b, 0.0), (a, b, n)
        centre_a, centre_b = sum(band_a) / 2, sum(band_b) / 2
        gap = min(abs(centre_a - centre_b) % 1, 1 - abs(centre_a - centre_b) % 1)
        assert gap > (band_a[1] - band_a[0]) / 2 + (band_b[1] - band_b[0]) / 2


def test_red_is_never_orange_or_magenta():
    for n in range(12):
        hue = _hue(palette.group_shade("red", ("red", "blue"), n)) * 360
        assert hue >= 350 or hue <= 10, (n, hue)  # orange from 20 degrees, magenta below 330


@pytest.mark.parametrize("player", PLAYERS)
def test_shades_within_a_family_are_distinct(player):
    shades = [palette.group_shade(player, PLAYERS, n) for n in range(12)]
    assert len(set(shades)) == 12
    assert min(math.dist(a, b) for a, b in itertools.combinations(shades, 2)) > 18
    assert palette.group_shade(player, PLAYERS, 12) == shades[0]  # the 13th starts again


def test_greys_have_no_hue_band_and_stay_apart_in_lightness():
    assert palette.group_family("white", ("white", "black")) is None
    whites = {palette.group_shade("white", ("white", "black"), n) for n in range(5)}
    blacks = {palette.group_shade("black", ("white", "black"), n) for n in range(5)}
    assert min(w[0] for w in whites) > max(b[0] for b in blacks)


def test_a_layer_tells_the_legend_what_its_path_is():
    about = "SW's escape path ...; it runs through red balls that touch no far wall"
    frame = Frame(
        pieces={0: "red"},
        paths=(Path((0, 1, 2), "lesson-wrong"),),
        legend_words={("path", "lesson-wrong"): about},
    )
    game_words = {("path", "lesson-wrong"): "the game's words"}
    [entry] = [e for e in legend_entries(frame, game_words) if e.kind == "path"]
    assert entry.text == about
    plain = Frame(pieces={0: "red"}, paths=(Path((0, 1, 2), "lesson-wrong"),))
    [entry] = [e for e in legend_entries(plain, {}) if e.kind == "path"]
    assert entry.text == "why the answer is wrong: the way it leaves open"


def test_the_window_says_why_a_wrong_answers_path_runs_through_red_balls(make_window):
    """Partition lesson 6, the unanchored sheet: red on the apex leaves AP's escape path,
    drawn for the wrong answer; it runs through red balls that touch no far wall, and the
    legend says they do not cut it. A wrong answer in another game says what it did."""
    from pathlib import Path

    from pyramid_lab.viewer.desktop.lessons import play_answer

    lessons = Path(__file__).resolve().parents[2] / "model" / "data" / "lessons"
    window = make_window()
    assert window.lab.documents.open(lessons / "partition" / "06-the-apex.lesson.json")
    window.lab.lessons.go(2)
    play_answer(window.board, "0,0,2")
    verdict = window.parts.lessons.panel.verdict.text()
    assert "AP keeps an escape path through (0,0,1), a red ball whose group" in verdict
    line = next(
        t for t in window.scene.legend.texts() if t.startswith("the escape path the answer")
    )
    assert "it runs through red balls that touch no far wall, (0,0,2), (0,0,1)" in line
    assert line.endswith("unanchored, they do not cut it")
    entry = next(e for e in window.scene.legend.entries if e.style == "lesson-wrong")
    assert entry.colours == (palette.PATH_RGB["lesson-wrong"],)
    # group colours in the window: red's groups in reds, blue's in blues
    assert window.lab.documents.open(lessons / "partition" / "02-touching-and-groups.lesson.json")
    window.lab.lessons.go(2)
    play_answer(window.board, "3,0,0")
    assert "it touches no red ball, so it makes a third red group" in (
        window.parts.lessons.panel.verdict.text()
    )
    teaching = window.board.ui.teaching(window.session.game)
    for group in teaching.groups:
        hue = _hue(tuple(int(c) for c in teaching.group_rgb[min(group.points)])) * 360
        assert (hue >= 350 or hue <= 10) if group.colour == "red" else 205 <= hue <= 235
    assert len({tuple(teaching.group_rgb[min(g.points)]) for g in teaching.groups}) == len(
        teaching.groups
    )
