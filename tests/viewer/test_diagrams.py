"""A position's SVG diagram (``pos.svg()``, viewer/pictures/diagrams): small and well formed
for every shipped position, drawn without VTK, and checked in a real browser (headless
Chromium) against the rules and against the window's own picture (VTK, seen from above):
for every game, each piece of the position shows its player's colour at its place in both."""

from __future__ import annotations

import pathlib
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import numpy as np
import pytest
from PIL import Image

import pyramid_lab as pl
from pyramid_lab.model import files
from pyramid_lab.model.files import PositionDocument
from pyramid_lab.model.lesson import lesson_step_document
from pyramid_lab.model.lesson import read as read_lesson
from pyramid_lab.viewer.games import ui_class
from pyramid_lab.viewer.lab import palette
from pyramid_lab.viewer.pictures.diagrams import Diagram, diagram
from tests.chromium import chromium as chromium_to_run

ROOT = pathlib.Path(__file__).resolve().parents[2]
MAX_BYTES = 30_000
SIDE = 400
#: One position a game, with pieces on several levels, stacks, sizes and marks.
POSITIONS = {
    "partition": "examples/partition/t6-full-red-wins.pyr.json",
    "pyraos": "examples/pyraos/alternate-pass.pyr.json",
    "terrace": "examples/terrace/double-osiris.pyr.json",
    "ball": "examples/ball/advanced-specials.pyr.json",
    "rolling": "examples/rolling/four-players-round-3-draft.pyr.json",
}
#: What a diagram draws under the pieces: a sample nearest one of these is no piece.
BOARD_RGB = [
    palette.SQUARE_LIGHT,
    palette.SQUARE_DARK,
    palette.BOARD_RGB,
    palette.DIMPLE_RGB,
    palette.GROUND_RGB,
    palette.HEX_SPACE_RGB,
    palette.HEX_START_RGB,
    palette.BACKGROUND,
    (255, 255, 255),
    *palette.TIER_RGB,
]


def shipped() -> Iterator[tuple[str, PositionDocument]]:
    """Every position the program ships: examples, puzzles, each step of each lesson."""
    for folder in ("examples", "model/data/puzzles"):
        for path in sorted((ROOT / folder).rglob("*.pyr.json")):
            yield str(path.relative_to(ROOT)), files.read(path)
    for path in sorted((ROOT / "model/data/lessons").rglob("*.lesson.json")):
        for index in range(len(read_lesson(path).steps)):
            yield f"{path.relative_to(ROOT)} step {index}", lesson_step_document(path, index)


def test_every_shipped_position_draws_a_small_well_formed_svg():
    seen = set()
    for name, doc in shipped():
        svg = pl.Position._read(doc).svg()
        size = len(svg.encode("utf-8"))
        assert size <= MAX_BYTES, f"{name}: {size} bytes"
        root = ET.fromstring(svg)  # well-formed XML, or ParseError
        assert root.tag == "{http://www.w3.org/2000/svg}svg", name
        assert max(int(root.get("width", "0")), int(root.get("height", "0"))) == 480, name
        assert len(root.get("viewBox", "").split()) == 4, name
        seen.add(doc.game.name)
    assert seen == set(pl.games())


def test_svg_takes_a_size_and_refuses_others():
    pos = pl.load(ROOT / POSITIONS["ball"])
    root = ET.fromstring(pos.svg(size=1000))
    assert (root.get("width"), root.get("height")) == ("957", "1000")
    assert pos._repr_svg_() == pos.svg()
    for bad in (0, 15, 9000, 2.5, "400", True):
        with pytest.raises(ValueError, match="size must be"):
            pos.svg(size=bad)


def test_drawing_a_diagram_loads_no_vtk_nor_qt():
    code = (
        "import sys, pyramid_lab as pl\n"
        f"for path in {sorted(POSITIONS.values())!r}:\n"
        f"    pl.load({str(ROOT)!r} + '/' + path).svg()\n"
        "heavy = ('pyvista', 'vtkmodules', 'PySide6', 'trame', 'numba')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stderr[-2000:]


def test_a_notebook_shows_the_diagram_and_the_3d_page_only_when_asked(monkeypatch):
    pos = pl.load(ROOT / POSITIONS["partition"])
    assert pos._repr_html_() is None
    assert not hasattr(pos, "_repr_png_")  # (a PNG would be saved in the notebook too)
    assert len(pos._repr_svg_()) < 10_000
    view = pos.view_3d(size=(320, 240))
    frame = view._repr_html_()
    assert frame.startswith('<iframe srcdoc="')
    assert 'width="320"' in frame
    assert "T6: a full pyramid, Red wins" in view.page
    assert "vtk" in view.page
    monkeypatch.setattr(pl.Position, "notebook_3d", True)
    shown = pos._repr_html_()
    assert shown is not None
    assert shown.startswith('<iframe srcdoc="')


# ---- in a real browser, against the rules and the window's picture ------------------------


def nearest(rgb: np.ndarray, named: dict[str, tuple[int, int, int]]) -> str:
    return min(named, key=lambda name: float(np.sum((rgb - np.array(named[name])) ** 2)))


def sample(image: np.ndarray, x: float, y: float) -> np.ndarray:
    """The mean colour of the 3x3 pixels round (x, y) (pixels from the top left)."""
    col, row = round(x), round(y)
    return image[row - 1 : row + 2, col - 1 : col + 2].reshape(-1, 3).mean(axis=0)


def chromium_shot(svgs: list[str], tmp: pathlib.Path) -> np.ndarray:
    """The SVGs one under the other in a page (each in a box of SIDE pixels), as Chromium
    shows it."""
    chromium = chromium_to_run()  # (its headless shell where installed: tests/chromium.py)
    assert chromium, "the SVG test needs chromium: bash scripts/setup.sh installs it"
    boxes = "".join(
        f'<div style="position:absolute;left:0;top:{n * SIDE}px">{svg}</div>'
        for n, svg in enumerate(svgs)
    )
    page = tmp / "diagrams.html"
    page.write_text(f'<!doctype html><body style="margin:0">{boxes}</body>', encoding="utf-8")
    shot = tmp / "shot.png"
    done = subprocess.run(
        [
            chromium,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            f"--user-data-dir={tmp / 'profile'}",
            f"--window-size={SIDE},{SIDE * len(svgs)}",
            f"--screenshot={shot}",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert shot.exists(), done.stderr[-2000:]
    return np.asarray(Image.open(shot).convert("RGB"))


@pytest.fixture(scope="module")
def browser(tmp_path_factory) -> dict[str, tuple[Diagram, np.ndarray]]:
    """Each game's diagram and its picture as Chromium draws it."""
    drawn = {}
    for game, path in POSITIONS.items():
        doc = files.read(ROOT / path)
        drawn[game] = diagram(doc.game, doc.lesson, side=SIDE)
    shot = chromium_shot([d.svg for d in drawn.values()], tmp_path_factory.mktemp("chromium"))
    return {
        game: (d, shot[n * SIDE : (n + 1) * SIDE, :SIDE])
        for n, (game, d) in enumerate(drawn.items())
    }


def top_point(game: pl.Position, site: int) -> np.ndarray:
    """A point on the piece on ``site`` that the window's scene seen from above shows: a
    ball's top, a stone's or a counter's top face, a pyramid's face."""
    from pyramid_lab.viewer.boards import geometries
    from pyramid_lab.viewer.boards.ball_pyramid import BALL_RADIUS
    from pyramid_lab.viewer.boards.stepped import STONE_HEIGHT

    g = game.to_game()
    ui = ui_class(g)()
    geometry = ui.geometry(g)
    centre = np.asarray(geometry.centres[site], float)
    if ui.board_kind == "ball-pyramid":
        return centre + np.array([0, 0, BALL_RADIUS])
    if ui.board_kind == "stepped":
        return centre + np.array([0, 0, STONE_HEIGHT])
    if ui.board_kind == "hex-map":
        return centre + np.array([-0.12, -0.12, geometries.COUNTER_HEIGHT / 2])
    scale = geometry.scale(geometry.kind_of(site))
    return centre + np.array([0.2 * scale, 0.0, 0.35 * scale])  # (beside the apex's ball)


def vtk_top_view(pos: pl.Position, sites: list[int]) -> list[tuple[str, np.ndarray]]:
    """The window's scene of ``pos`` seen from above: for each site, the picture's colour
    where the piece's top point appears."""
    from pyramid_lab.viewer.boards.meshes import to_display
    from pyramid_lab.viewer.pictures.render import RenderOptions, Scene

    g = pos.to_game()
    with Scene(g, RenderOptions(size=(SIDE, SIDE), view="top")) as scene:
        scene.draw(g)
        scene.aim()
        image = scene.screenshot()
        out = []
        for site in sites:
            x, y = to_display(scene.plotter, top_point(pos, site))
            out.append((str(site), sample(image, x, SIDE - 1 - y)))
    return out


@pytest.mark.parametrize("game", list(POSITIONS))
def test_each_piece_shows_its_colour_at_its_place_in_the_browser_and_the_window(game, browser):
    pos = pl.load(ROOT / POSITIONS[game])
    g = pos.to_game()
    ui = ui_class(g)()
    ui.geometry(g)
    # the rules' pieces, by cell (a square, a hex, a point): the colours on it
    expected: dict[int, set[str]] = {}
    for coords, colour in g.pieces():
        if min(coords) < 0:
            continue  # (Rolling's units off the map, in reserve: no board draws them)
        expected.setdefault(ui.cell_of(ui.site_of(tuple(coords))), set()).add(colour)
    drawing, shot = browser[game]
    drawn_cells = {ui.cell_of(site): site for site in drawing.spots}
    assert set(drawn_cells) == set(expected)  # a piece drawn on every cell that holds one
    candidates = {**palette.PIECE_RGB, **{f"board {n}": rgb for n, rgb in enumerate(BOARD_RGB)}}
    scale = drawing.side / max(drawing.box[2:])
    _assert_laid_out_as_the_board(ui, g, drawing)
    marked = {marker.site for marker in ui.frame(g, ui.turn(g)).markers}
    for cell, site in drawn_cells.items():
        x, y = drawing.pixel(site)
        dx, dy = _clear_of_marks(ui, g, site) if site in marked else (0.0, 0.0)
        seen = nearest(sample(shot, x + dx * scale, y + dy * scale), candidates)
        assert seen in expected[cell], (game, site, seen, expected[cell])
    # the window's scene from above: the same colour on the same piece (a pyramid's
    # uppermost ball of each column, a stack's top counter: what is seen from above)
    players = {p: palette.piece_rgb(p) for p in g.players}
    tops = _seen_from_above(ui, g, list(drawing.spots))
    for site, rgb in vtk_top_view(pos, tops):
        seen = nearest(rgb, players)
        assert seen in expected[ui.cell_of(int(site))], (game, site, seen, rgb)


def _assert_laid_out_as_the_board(ui, g, drawing: Diagram) -> None:
    """The pieces stand in the diagram as on the board seen from above (the window's
    geometry, y upwards): one scale and a shift take each piece's centre on the board to
    its place in the picture, a shift per level of a pyramid (drawn side by side), within
    half a piece (a stack's counters rise a little each)."""
    geometry = ui.geometry(g)
    sites = sorted(drawing.spots)
    groups: dict[int, list[int]] = {}
    for site in sites:
        level = int(geometry.levels[site]) if ui.board_kind == "ball-pyramid" else 0
        groups.setdefault(level, []).append(site)
    scale = drawing.side / max(drawing.box[2:])
    for members in groups.values():
        board = np.array([geometry.centres[s][:2] for s in members], float) * (1, -1)
        picture = np.array([drawing.pixel(s) for s in members]) / scale
        shift = (picture - board).mean(axis=0)
        error = np.abs(picture - board - shift).max()
        assert error < 0.5, (ui.game_name, members, error)


def _clear_of_marks(ui, g, site: int) -> tuple[float, float]:
    """Where a piece with a mark on it (a ball, a disc) shows its own colour, from its
    centre in board units: beside the mark (on a pyramid of Ball, between its ball and its
    edge, on its face towards the top of the picture)."""
    if ui.board_kind == "grid":
        from pyramid_lab.viewer.pictures.diagrams.grid import BALL, PYRAMID

        board = ui.geometry(g)
        half = PYRAMID * board.scale(board.kind_of(site)) / 2
        return 0.0, -(BALL + half) / 2
    return 0.25, 0.0


def _seen_from_above(ui, g, sites: list[int]) -> list[int]:
    """The sites a view from straight above shows: on a pyramid the highest of the balls
    standing over one another; elsewhere each."""
    if ui.board_kind != "ball-pyramid":
        return sites
    centres = ui.geometry(g).centres
    highest: dict[tuple[float, float], int] = {}
    for site in sites:
        key = (round(float(centres[site][0]), 2), round(float(centres[site][1]), 2))
        if key not in highest or centres[site][2] > centres[highest[key]][2]:
            highest[key] = site
    return sorted(highest.values())


@pytest.mark.parametrize(
    "title",
    [
        "\x1b]0;x\x07 bell",
        "nul \x00 and \x0b\x0c\x1f",
        "lone \ud800 half",
        "\udfff",
        "\ufffe\uffff",
    ],
)
def test_svg_is_well_formed_xml_for_any_title(tmp_path, title):
    """Issue 109 item 18 (N30): a title's control characters and lone surrogates once made
    a document no XML reader takes (or no UTF-8 encoder writes)."""
    doc = files.read(ROOT / POSITIONS["terrace"])
    path = tmp_path / "t.pyr.json"
    files.write(path, doc.game, {"title": title})
    svg = pl.load(path).svg()
    root = ET.fromstring(svg.encode("utf-8"))  # well-formed, and UTF-8 it can be
    shown = root.find("{http://www.w3.org/2000/svg}title")
    assert shown is not None
    assert shown.text is not None
    assert title.split()[-1] in shown.text or "\ufffd" in shown.text
    svg = diagram(doc.game, None, side=SIDE, title="a < b & \x07" + title).svg
    assert ET.fromstring(svg.encode("utf-8")) is not None
