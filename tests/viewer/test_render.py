"""`pyramid-lab render` draws a position headless; the picture holds the piece colours."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest
from PIL import Image

from pyramid_lab.viewer.cli import main
from pyramid_lab.viewer.lab.palette import MARKER_RGB, PIECE_RGB, RIM_RGB

ROOT = pathlib.Path(__file__).resolve().parents[2]


def colour_share(image: np.ndarray, rgb: tuple[int, int, int]) -> float:
    """Share of pixels near ``rgb`` (shading varies, so the hue must dominate)."""
    diff = np.abs(image[..., :3].astype(int) - np.array(rgb)).sum(axis=-1)
    return float((diff < 90).mean())


def render(tmp_path, *args):
    out = tmp_path / "p.png"
    code = main(["render", *map(str, args), "-o", str(out), "--size", "400x300"])
    assert code == 0
    return np.asarray(Image.open(out).convert("RGB"))


def test_render_shows_both_colours(tmp_path):
    image = render(tmp_path, ROOT / "examples/partition/full-random-base5.pyr.json")
    assert image.shape == (300, 400, 3)
    # the pyramid shares the picture with its board and the corners' labels: 0.5 % each
    assert colour_share(image, PIECE_RGB["red"]) > 0.005
    assert colour_share(image, PIECE_RGB["blue"]) > 0.005


def test_render_peel_hides_the_outer_shell(tmp_path):
    path = ROOT / "examples/partition/full-random-base5.pyr.json"
    full = render(tmp_path, path)
    peeled = render(tmp_path, path, "--peel", "1")
    ball = lambda im: colour_share(im, PIECE_RGB["red"]) + colour_share(im, PIECE_RGB["blue"])  # noqa: E731
    assert 0 < ball(peeled) < ball(full) / 2  # five inner balls remain


def test_render_markers_on_an_empty_board(tmp_path):
    image = render(tmp_path, ROOT / "examples/pyraos/empty.pyr.json")
    assert colour_share(image, MARKER_RGB["target"]) > 0.0005  # 16 small markers
    assert colour_share(image, PIECE_RGB["red"]) == 0


def test_render_a_terrace_file(tmp_path):
    path = ROOT / "examples/terrace/opening.pyr.json"
    image = render(tmp_path, path, "--view", "top")
    assert colour_share(image, PIECE_RGB["white"]) > 0.01
    assert colour_share(image, PIECE_RGB["black"]) > 0.01

    def gold(im):  # the victory inlays: saturated yellow, unlike the sandstone tiers
        centre = im[100:200, 150:250].astype(int)  # the 3x3 tier, seen from above
        return float(((centre[..., 0] - centre[..., 2]) > 100).mean())

    assert gold(image) > 0.03
    # Levels 0-1 only: the 3x3 tier and its gold inlays are gone.
    low = render(tmp_path, path, "--view", "top", "--levels", "0:1")
    assert gold(low) == 0
    assert colour_share(low, PIECE_RGB["white"]) > 0.01


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--clip", "q<3"], "not a clip plane"),
        (["--levels", "2"], "level range"),
        (["--size", "10x10"], "not a size"),
    ],
)
def test_render_rejects_bad_options(tmp_path, capsys, argv, words):
    path = ROOT / "examples/partition/t3-lone-apex.pyr.json"
    try:
        code = main(["render", str(path), "-o", str(tmp_path / "x.png"), *argv])
    except SystemExit as exc:
        code = exc.code
    assert code == 2
    assert words in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_render_cut_open_draws_the_balls_on_the_plane(tmp_path):
    path = ROOT / "examples/partition/full-random-base5.pyr.json"
    whole = render(tmp_path, path, "--clip", "y>=2.1")
    opened = render(tmp_path, path, "--clip", "y>=2.1", "--cut-open")
    ball = lambda im: colour_share(im, PIECE_RGB["red"]) + colour_share(im, PIECE_RGB["blue"])  # noqa: E731
    assert ball(opened) > ball(whole) * 1.1  # the half-balls on the plane appear


def content_box(image: np.ndarray) -> tuple[int, int, int, int]:
    """Rows and columns (top, bottom, left, right) of what differs from the background
    (the corner pixel's colour)."""
    background = image[0, 0].astype(int)
    drawn = np.abs(image.astype(int) - background).sum(axis=-1) > 24
    rows, cols = np.flatnonzero(drawn.any(axis=1)), np.flatnonzero(drawn.any(axis=0))
    return int(rows[0]), int(rows[-1]), int(cols[0]), int(cols[-1])


@pytest.mark.parametrize(
    "example",
    [
        "partition/full-random-base5.pyr.json",
        "pyraos/square-removals.pyr.json",
        "terrace/opening.pyr.json",
        "ball/setup.pyr.json",
        "rolling/three-players-finished.pyr.json",
    ],
)
def test_render_frames_the_board(tmp_path, example):
    """The picture is framed on what is drawn: centred (a bounding box or sphere put a
    pyramid in the lower part, its top third empty) and filling one way or the other."""
    image = render(tmp_path, ROOT / "examples" / example)
    height, width = image.shape[:2]
    top, bottom, left, right = content_box(image)
    assert min(top, left) > 0  # nothing cut
    assert bottom < height - 1
    assert right < width - 1
    middle_row, middle_col = (top + bottom) / 2, (left + right) / 2
    # framed on the picture itself: was 20 %, then 10 % low (Pyraos, its empty top); the
    # issue asks within 8 % (issue 46, item 12)
    assert abs(middle_row - height / 2) < 0.04 * height
    assert abs(middle_col - width / 2) < 0.04 * width
    # at least 60 % of a side (Pyraos: 59 % of the height, 60 % of the width)
    assert max((bottom - top) / height, (right - left) / width) > 0.8


def test_render_a_lesson_step_draws_its_highlights_as_the_lesson_dock_does(tmp_path):
    """A lesson file's first step with the step's highlights in magenta (Pyraos' three
    black spheres: rims), as the window's Lesson dock adds them; --no-lesson leaves them
    out (and the caption)."""
    path = ROOT / "model/data/lessons/pyraos/01-squares-and-removals.lesson.json"
    magenta = tuple(round(255 * v) for v in RIM_RGB["lesson"])
    marked = colour_share(render(tmp_path, path), magenta)
    plain = colour_share(render(tmp_path, path, "--no-lesson"), magenta)
    assert marked > 0.01  # three rims round large spheres
    assert plain < marked / 20
