"""Teaching Pyramid Partition in the viewer: walls, corners, group colours, a corner's
partition, the corner panel, fill at random, the lessons and their headless pictures."""

from __future__ import annotations

import colorsys
import pathlib

import numpy as np
import pytest
from caption_lessons import OLD_LESSONS, caption_lessons
from PIL import Image
from window_helpers import click, under_mouse

from pyramid_lab import i18n
from pyramid_lab.model.files import read
from pyramid_lab.model.lattice import CORNERS, Corner
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.viewer.cli import main
from pyramid_lab.viewer.desktop.menus import LESSON_DIR
from pyramid_lab.viewer.games.partition.teaching import Overlays, TeachingView
from pyramid_lab.viewer.lab import palette
from pyramid_lab.viewer.lab.palette import PATH_RGB
from tests.patience import WAIT_MS

# No test here reads a pixel of the scene: its paints draw nothing (conftest.py).
pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def quick_fill(monkeypatch):
    """Fill at random over 0.3 s, not 1.5: the tests read that the balls go in step by step
    (the prompt's count while it fills) and what the fill leaves, not its pace (seven fills
    waited 10 s here and redrew the board 37 times each; at 0.3 s, 8 times)."""
    from pyramid_lab.viewer.games.partition import fill

    monkeypatch.setattr(fill, "FILL_SECONDS", 0.3)


@pytest.fixture
def old_lessons(tmp_path):
    """Old caption-only lessons (position files with a caption), as a teacher may have."""
    return caption_lessons(tmp_path)


def partition(n, red=(), blue=(), to_move="red"):
    pieces = [(p, "red") for p in red] + [(p, "blue") for p in blue]
    return Partition.from_setup(PartitionOptions(n), to_move, pieces, study=True)


# The spec's T5b: Red walls Blue's SW corner ball in and anchors on the east wall.
T5B = partition(3, red=[(0, 0, 1), (0, 1, 0), (1, 0, 0), (1, 0, 1)], blue=[(0, 0, 0)])


# ---- Qt-free ------------------------------------------------------------------------------


def test_teaching_view_follows_the_analysis():
    view = TeachingView(T5B)
    report = T5B.analysis().corners[Corner.SW]
    assert report.holder == "red"
    assert set(view.region(Corner.SW)) == set(report.isolated_region) == {0}  # Blue's ball
    assert set(view.holding_group(Corner.SW)) == set(report.group.points)
    row = view.rows()[0]
    assert row.holder == "red"
    assert row.group_size == 4
    assert row.anchor_walls == ("east",)
    assert "red holds it with a group of 4 anchored on east; 1 point cut off" in view.explain(
        Corner.SW
    )
    # SE is open: each player's escape path runs from the corner to a west or north point
    lat = T5B.lattice
    for colour in ("red", "blue"):
        path = view.escape(Corner.SE, colour)
        assert path[0] == lat.corner_ids[Corner.SE]
        assert lat.wall_mask[path[-1]] & Corner.SE.far_walls
        assert all(T5B.colour_at(p) != colour or view.group_at(p) is None for p in path)


def test_the_legend_at_the_end_is_said_in_each_readers_language(qapp):
    """Issue 108: a class started from a German terminal showed every student "die Kugel
    auf jeder Ecke, die blue hält (SW, NE und AP)": the legend was said once, in the
    process's language, with the rules' English colour. Now it is a Message: each reader
    is said it in their own language, the colour a word and the corners listed their way;
    English as before."""
    from pyramid_lab import i18n
    from pyramid_lab.viewer.games.partition import PartitionUI

    game = read(ROOT / "examples/partition/full-random-base5.pyr.json").game
    ui = PartitionUI()
    try:
        i18n.use("de")  # (the process's language: a German terminal's)
        frame = ui.frame(game, ui.turn(game))
        rims = ui.legend_words(game, frame)[("rim", "clickable")]
    finally:
        i18n.use(i18n.ENGLISH)
    assert rims == "the ball on each corner red holds (SE, NE, and AP): holding three corners wins"
    assert i18n.shown(rims, "sv") == (
        "kulan på varje hörn som röd håller (SE, NE och AP): den som håller tre hörn vinner"
    )
    assert "Rot hält" in i18n.shown(rims, "de")
    assert "SE, NE und AP" in i18n.shown(rims, "de")


def test_group_colours_are_distinct_and_keep_the_player_hue():
    game = Partition.new(PartitionOptions(5)).filled_at_random(3)
    view = TeachingView(game)
    colours = {}
    for index, group in enumerate(view.groups):
        rgb = tuple(view.group_rgb[next(iter(group.points))])
        colours.setdefault(rgb, []).append(index)
        hue = colorsys.rgb_to_hsv(*(int(c) / 255 for c in rgb))[0] * 360
        if group.colour == "red":  # a shade of red: never orange, magenta or blue's
            assert hue >= 350 or hue <= 10, hue
        else:
            assert 205 <= hue <= 235, hue
    # neighbouring groups never share a colour; at most a few far-apart ones repeat
    assert len(colours) >= min(len(view.groups), 8)


def test_the_legend_at_the_end_names_the_winner_and_the_corners_it_rings(qapp):
    """A won game's legend says what the rims are on and why they win: the ball on each
    corner the winner holds, which corners, three held win (it said "the winner's
    corners", naming neither), with or without a corner's partition shown."""
    from pyramid_lab.viewer.games.partition import PartitionUI
    from pyramid_lab.viewer.lab.legend_entries import legend_entries

    game = read(ROOT / "examples/partition/full-random-base5.pyr.json").game
    assert isinstance(game, Partition)
    ui = PartitionUI()
    frame = ui.frame(game, ui.turn(game))
    words = legend_entries(frame, ui.legend_words(game, frame))
    [rims] = [entry.text for entry in words if entry.kind == "rim"]
    assert rims == "the ball on each corner red holds (SE, NE, and AP): holding three corners wins"
    ui.teaching_overlays.set(region=Corner.SE)
    assert ui.legend_words(game, frame)[("rim", "clickable")] == rims
    new = Partition(PartitionOptions(3))
    assert ui.legend_words(new, ui.frame(new, ui.turn(new)))[("rim", "clickable")] == (
        "the winner's corners"  # (no rims before the end)
    )


def test_overlays_apply_a_lesson():
    overlays = Overlays()
    seen = []
    overlays.changed.connect(seen.append)
    overlays.apply(OLD_LESSONS[0][3])
    assert overlays.walls
    assert overlays.region is Corner.SW
    assert "walls" in seen
    overlays.apply({})  # no lesson: everything off
    assert not overlays.any


# ---- the window ---------------------------------------------------------------------------


def test_old_caption_lessons_still_open_with_their_overlays_and_none_is_shipped(
    make_window, old_lessons
):
    """The four caption-only lessons the app shipped are retired (Partition's stepped
    lessons 3, 4, 6 and 10 teach what they did): none is in model/data/lessons/ nor in the
    Lessons menu. A teacher's own file of that kind still opens, caption and overlays."""
    assert not list(LESSON_DIR.glob("*.pyr.json"))
    window = make_window()
    menu = window.menus.lessons.menu
    plain = [a.text() for a in menu.actions() if a.menu() is None and not a.isSeparator()]
    assert plain == [
        "Add lessons folder...",
        "Reset progress of this lesson",
        "New lesson from this position (teacher)",
    ]
    for path in old_lessons:
        assert window.lab.documents.open(path)
        doc = read(path)
        lesson = doc.lesson
        wanted = lesson.overlays
        assert window.session.path == path
        assert window.parts.lesson_dock.isVisible()
        assert lesson.caption[:40] in window.parts.lesson_dock.caption.text()
        layer = window.stage.board
        assert window.board.ui.teaching_overlays.walls == bool(wanted.get("walls"))
        assert bool(layer.walls.GetVisibility()) == bool(wanted.get("walls"))
        assert bool(layer.pointers.GetVisibility()) == bool(wanted.get("corners"))
        if wanted.get("region") is not None:
            corner = Corner(wanted["region"])
            report = doc.game.analysis().corners[corner]
            assert set(layer.region_ids) == set(report.isolated_region)
            if report.holder is not None:
                assert layer.outlines["group"][1].GetVisibility()
                assert layer.outlines["anchor"][1].GetVisibility()
            else:
                assert layer.paths.GetVisibility()
        if wanted.get("groups"):
            rgb = window.stage.board.current_rgb
            players = {palette.PIECE_RGB["red"], palette.PIECE_RGB["blue"]}
            assert any(tuple(rgb[p]) not in players for p in range(5))


def test_shaded_region_is_the_models_isolated_region(make_window):
    window = make_window(T5B)
    window.board.ui.teaching_overlays.set(region=Corner.SW)
    layer = window.stage.board
    region = T5B.analysis().corners[Corner.SW].isolated_region
    assert set(layer.region_ids) == set(region)
    # the drawn cells sit on exactly those points
    cells = np.asarray(layer.region_mesh.points).reshape(len(region), -1, 3).mean(axis=1)
    assert np.allclose(cells, T5B.lattice.centres[sorted(region)], atol=1e-5)
    assert layer.regions.GetVisibility()
    # on a bigger board, a region of many points; peeling hides its outer cells
    game = read(ROOT / "examples/partition/teaching-anchored-partition.pyr.json").game
    window.session.replace_game(game)
    layer = window.stage.board  # a new board: a new view
    window.board.ui.teaching_overlays.set(region=Corner.SW)
    assert set(layer.region_ids) == set(game.analysis().corners[Corner.SW].isolated_region)
    window.board.ui.teaching_overlays.set(region=Corner.SE)  # not held: the escape paths instead
    assert len(layer.region_ids) == 0
    assert layer.paths.GetVisibility()
    colours = {tuple(c) for c in layer.path_mesh.cell_data["rgb"]}
    assert colours == {PATH_RGB["red"], PATH_RGB["blue"]}


def test_corner_panel_follows_the_moves_and_announces_the_win(make_window, qtbot):
    window = make_window(Partition.new(PartitionOptions(2)))
    dock = window.board.ui.corner_dock
    assert dock.isVisible()
    assert [dock.table.item(r, 1).text() for r in range(5)] == ["-"] * 5
    game = window.session.game
    lat = game.lattice
    # T1 by clicks: red 0,0,0; blue 1,1,0; red 1,0,0; blue 0,0,1; red 0,1,0
    order = [(0, 0, 0), (1, 1, 0), (1, 0, 0), (0, 0, 1), (0, 1, 0)]
    for point in order[:3]:
        pid = lat.id_of(*point)
        assert under_mouse(window, pid) == pid
        click(qtbot, window, pid)
    assert dock.table.item(CORNERS.index(Corner.SE), 1).text() == "red"
    assert dock.winner.text() == ""
    for point in order[3:]:
        window.session.play(window.session.game.parse_move(",".join(map(str, point))))
    holders = [dock.table.item(r, 1).text() for r in range(5)]
    assert holders == ["red", "red", "red", "blue", "blue"]
    assert dock.winner.text() == "red wins: holds SW, SE, NW"
    window.menus.actions["undo"].trigger()
    assert dock.winner.text() == ""


def shown_corner_docks(window):
    from PySide6.QtWidgets import QDockWidget

    return [d for d in window.findChildren(QDockWidget, "corner-dock") if d.isVisible()]


def test_a_closed_corner_dock_stays_closed(make_window, qtbot):
    from pyramid_lab.model.pyraos import Pyraos

    window = make_window(Partition.new(PartitionOptions(3)))
    dock = window.board.ui.corner_dock
    assert dock.isVisible()
    dock.close()
    window.session.play(window.session.game.parse_move("0,0,0"))
    window.session.replace_game(Partition.new(PartitionOptions(4)))
    assert window.board.ui.corner_dock is dock  # the same game: the same dock
    assert not dock.isVisible()
    assert shown_corner_docks(window) == []
    window.session.replace_game(Pyraos.new())
    assert shown_corner_docks(window) == []  # Pyraos has no Corners dock
    window.session.replace_game(Partition.new(PartitionOptions(2)))  # a Partition again
    dock = window.board.ui.corner_dock  # its dock comes with it, shown
    assert dock.isVisible()
    assert shown_corner_docks(window) == [dock]
    dock.close()
    for text in ["0,0,0", "1,1,0", "1,0,0"]:  # red now holds SE (the spec's T1 so far)
        window.session.play(window.session.game.parse_move(text))
    assert not dock.isVisible()
    dock.toggleViewAction().trigger()  # opened again: up to date at once
    assert dock.isVisible()
    assert dock.table.item(CORNERS.index(Corner.SE), 1).text() == "red"


def test_hover_tells_the_group_and_a_click_selects_it(make_window, qtbot):
    window = make_window(T5B)
    lat = T5B.lattice
    pid = lat.id_of(1, 0, 0)
    window.view.set_hover(pid)
    assert "group of 4 touching base, west, east, south" in window.parts.status_hover.text()
    assert under_mouse(window, pid) == pid
    click(qtbot, window, pid)
    assert window.board.ui.teaching_overlays.selected == pid
    assert window.stage.board.outlines["selected"][1].GetVisibility()
    assert "group of 4" in window.statusBar().currentMessage()
    assert window.session.game.position_key() == T5B.position_key()  # no ball was placed
    click(qtbot, window, pid)  # again: the selection goes
    assert window.board.ui.teaching_overlays.selected is None


def test_toggles_and_fill_at_random(make_window, qtbot):
    window = make_window(Partition.new(PartitionOptions(4)))
    dock = window.board.ui.corner_dock
    dock.walls.setChecked(True)
    dock.groups.setChecked(True)
    assert window.board.ui.teaching_overlays.walls
    assert window.stage.board.walls.GetVisibility()
    dock.table.cellClicked.emit(CORNERS.index(Corner.AP), 0)
    assert window.board.ui.teaching_overlays.region is Corner.AP
    assert "AP: not held" in dock.explain.text()
    fills = []
    for seed in (5, 6):
        dock.seed.setValue(seed)
        dock.fill.click()
        assert window.board.ui.fill.filling  # the balls go in one by one...
        qtbot.waitUntil(lambda: "/" in window.parts.status_prompt.text(), timeout=WAIT_MS)
        assert not dock.fill.isEnabled()
        qtbot.waitUntil(
            lambda: not window.board.ui.fill.filling, timeout=WAIT_MS
        )  # ...then the result
        game = window.session.game
        assert len(game.pieces()) == game.lattice.count
        assert game.outcome().winner in ("red", "blue")
        assert dock.winner.text().startswith(game.outcome().winner + " wins")
        assert "exactly one winner" in window.statusBar().currentMessage()
        assert dock.seed.value() == seed + 1
        fills.append(game.pieces())
        window.menus.actions["undo"].trigger()  # back to the empty pyramid
        assert window.session.game.pieces() == []
    assert fills[0] != fills[1]
    dock.seed.setValue(5)
    dock.fill.click()
    qtbot.waitUntil(lambda: not window.board.ui.fill.filling, timeout=WAIT_MS)
    assert window.session.game.pieces() == fills[0]  # the same seed, the same fill
    assert not dock.fill.isEnabled()  # a full pyramid: the game is over, nothing to fill
    window.board.ui.fill.start()  # (the verb itself says so)
    assert not window.board.ui.fill.filling
    assert "nothing to fill" in window.statusBar().currentMessage()


def test_a_fill_in_progress_is_dropped_when_the_position_changes(make_window, qtbot):
    window = make_window(Partition.new(PartitionOptions(4)))
    window.board.ui.corner_dock.fill.click()
    assert window.board.ui.fill.filling
    window.session.replace_game(Partition.new(PartitionOptions(3)))
    assert not window.board.ui.fill.filling
    from pyramid_lab.viewer.games.partition import fill

    qtbot.wait(int(1000 * (fill.FILL_SECONDS + 0.2)))  # the fill's whole time, and some
    assert window.session.game.pieces() == []  # the fill never landed on the new game
    assert window.board.ui.corner_dock.fill.isEnabled()


# ---- headless pictures --------------------------------------------------------------------


def render(tmp_path, *args):
    out = tmp_path / "p.png"
    assert main(["render", *map(str, args), "-o", str(out), "--size", "500x400"]) == 0
    return np.asarray(Image.open(out).convert("RGB")).astype(int)


def share(image, rgb, tolerance=60):
    return float((np.abs(image - np.array(rgb)).sum(axis=-1) < tolerance).mean())


def test_rendered_overlays_appear_in_the_png(tmp_path):
    path = caption_lessons(tmp_path)[0]  # a caption lesson: its overlays unless --no-lesson
    plain = render(tmp_path, path, "--no-lesson")
    lesson = render(tmp_path, path)  # the lesson's own overlays and caption
    anchor = tuple(round(255 * c) for c in palette.RIM_RGB["anchor"])  # the anchors' rim
    assert share(plain, anchor) == 0
    assert share(lesson, anchor) > 0.001
    assert (np.abs(plain - lesson).sum(axis=-1) > 60).mean() > 0.05
    walls = render(tmp_path, path, "--no-lesson", "--walls")
    assert (np.abs(plain - walls).sum(axis=-1) > 30).mean() > 0.05
    full = ROOT / "examples/partition/full-random-base5.pyr.json"
    groups = render(tmp_path, full, "--no-lesson", "--groups")
    view = TeachingView(read(full).game)
    others = {tuple(int(v) for v in view.group_rgb[next(iter(g.points))]) for g in view.groups}
    others -= {palette.PIECE_RGB["red"], palette.PIECE_RGB["blue"]}
    assert others
    assert max(share(groups, rgb, 90) for rgb in others) > 0.002
    region = render(
        tmp_path,
        ROOT / "examples/partition/t5-anchored-around-a-corner-ball.pyr.json",
        "--region",
        "sw",
    )
    assert share(region, anchor) > 0.0005


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (
            ["examples/partition/t5-anchored-around-a-corner-ball.pyr.json", "--region", "XX"],
            "is not one of SW, SE, NW, NE, AP",
        ),
        (["examples/pyraos/empty.pyr.json", "--walls"], "--walls: not an overlay of Pyraos"),
    ],
)
def test_render_overlay_errors(tmp_path, capsys, argv, words):
    argv[0] = str(ROOT / argv[0])
    try:
        code = main(["render", *argv, "-o", str(tmp_path / "x.png")])
    except SystemExit as exc:  # argparse's own exit for a bad option value
        code = exc.code
    assert code == 2
    assert words in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


# ---- issue 12: nothing lost, nothing crashes ------------------------------------------------


def click_table_row(qtbot, table, row):
    """A real mouse click on a row of the Corners table."""
    from PySide6.QtCore import Qt

    rect = table.visualItemRect(table.item(row, 0))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_outlining_a_fully_hidden_group(make_window, qtbot, guard_errors):
    """Issue 12 #12: the full base-4 pyramid (once lesson 4), Peel 1, SW in the Corners
    table outlined a group whose every ball was peeled away ("Empty arrays are not
    allowed")."""
    window = make_window()
    window.lab.documents.open(ROOT / "examples/partition/full-base4-blue-wins.pyr.json")
    window.parts.view_dock.peel.setValue(1)
    table = window.board.ui.corner_dock.table
    hidden = set()
    for ghosts in (False, True):
        window.parts.view_dock.ghosts.setChecked(ghosts)
        for row, corner in enumerate(CORNERS):
            click_table_row(qtbot, table, row)
            assert window.board.ui.teaching_overlays.region is corner
            group = window.board.ui.teaching(window.session.game).holding_group(corner)
            seen = window.stage.board.shown[group].any()
            if not seen:
                hidden.add(corner)  # every ball of the group is peeled away
            assert bool(window.stage.board.outlines["group"][1].GetVisibility()) == seen
            click_table_row(qtbot, table, row)  # again: cleared
            assert window.board.ui.teaching_overlays.region is None
    assert Corner.SW in hidden
    assert guard_errors == []


def assert_all_rows_show(table):
    last = len(CORNERS) - 1
    assert table.rowViewportPosition(last) + table.rowHeight(last) <= table.viewport().height()


def test_every_dock_reopens_from_the_view_menu_and_corners_is_not_cramped(make_window, qtbot):
    """Closed docks come back from the View menu, the game's own (Corners) included after a
    switch of games, and the Corners table shows its five rows whole."""
    from PySide6.QtWidgets import QDockWidget

    from pyramid_lab.model.pyraos import Pyraos

    window = make_window(Partition.new(PartitionOptions(4)))
    window.resize(1200, 800)  # the size the Corners dock came back cramped at
    qtbot.wait(50)
    window.session.replace_game(Pyraos.new())
    qtbot.wait(50)
    window.session.replace_game(Partition.new(PartitionOptions(4)))
    qtbot.wait(50)
    assert_all_rows_show(window.board.ui.corner_dock.table)
    entries = {a.text(): a for a in window.menus.view_menu.actions() if a.isCheckable()}
    docks = [d for d in window.findChildren(QDockWidget) if d.objectName() != "setup-dock"]
    assert sorted(entries) == sorted(d.windowTitle() for d in docks)
    assert "Corners" in entries
    for dock in docks:
        dock.close()
        assert not dock.isVisible()
        entries[dock.windowTitle()].trigger()
        assert dock.isVisible(), dock.windowTitle()
    assert_all_rows_show(window.board.ui.corner_dock.table)
    setup = window.parts.setup_dock
    assert not setup.features() & QDockWidget.DockWidgetFeature.DockWidgetClosable


def test_ctrl_z_after_fill_at_random_undoes_it(make_window, qtbot):
    """The seed box kept the focus after Fill at random and ate Ctrl+Z (its own text undo):
    a real Ctrl+Z, pressed where the focus is, undoes the fill; so do the View dock's boxes."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    window = make_window(on_screen=True)  # (activated by the window system)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=WAIT_MS)
    dock = window.board.ui.corner_dock
    dock.seed.setFocus()
    qtbot.keyClicks(dock.seed.lineEdit(), "7")  # the user types a seed...
    qtbot.mouseClick(dock.fill, Qt.MouseButton.LeftButton)  # ...and fills
    qtbot.waitUntil(lambda: not window.board.ui.fill.filling, timeout=WAIT_MS)
    assert len(window.session.game.pieces()) == window.session.game.lattice.count
    focus = QApplication.focusWidget()
    assert focus is not None
    ctrl = Qt.KeyboardModifier.ControlModifier
    qtbot.keyClick(focus, Qt.Key.Key_Z, ctrl)
    assert window.session.game.pieces() == []
    qtbot.keyClick(focus, Qt.Key.Key_Z, ctrl | Qt.KeyboardModifier.ShiftModifier)
    assert len(window.session.game.pieces()) == window.session.game.lattice.count
    window.parts.view_dock.peel.setFocus()
    qtbot.keyClick(window.parts.view_dock.peel.lineEdit(), Qt.Key.Key_Z, ctrl)
    assert window.session.game.pieces() == []


def test_a_long_lesson_caption_scrolls_instead_of_being_cut(make_window, qtbot, old_lessons):
    from PySide6.QtWidgets import QScrollArea

    window = make_window()
    window.lab.documents.open(old_lessons[0])
    qtbot.wait(50)
    scroll = window.parts.lesson_dock.caption_scroll
    assert isinstance(scroll, QScrollArea)
    caption = window.parts.lesson_dock.caption
    assert caption.height() >= caption.heightForWidth(caption.width())  # whole, scrolled
    scroll.verticalScrollBar().setValue(scroll.verticalScrollBar().maximum())
    bottom = caption.mapTo(scroll.viewport(), caption.rect().bottomLeft()).y()
    assert bottom <= scroll.viewport().height()  # its last line can be brought into view


def test_fill_at_random_and_set_up_mode_exclude_each_other(make_window, qtbot):
    """A fill that landed while set-up mode was on replaced the position under the set-up
    (and closed it, dropping the edits): each now waits for the other."""
    window = make_window(Partition.new(PartitionOptions(3)))
    dock = window.board.ui.corner_dock
    dock.fill.click()
    assert window.board.ui.fill.filling
    # the fill's prompt and its refusal, in the window's language (English in every one)
    fill = window.board.ui.fill
    assert i18n.shown(fill.prompt(), "de").startswith("zufällig füllen (Seed ")
    assert i18n.shown(fill.busy(), "de") == (
        "zufällig füllen: warte auf das Ergebnis (danach Rückgängig)"
    )
    window.menus.actions["setup"].trigger()  # Ctrl+E while filling: refused, said
    assert window.board.setup is None
    assert not window.menus.actions["setup"].isChecked()
    assert "filling at random" in window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: not window.board.ui.fill.filling, timeout=WAIT_MS)
    window.menus.actions["undo"].trigger()
    window.menus.actions["setup"].trigger()
    assert window.board.setup is not None
    dock.fill.click()  # in set-up mode: refused, said
    assert not window.board.ui.fill.filling
    assert "leave set-up mode first" in window.statusBar().currentMessage()
    assert window.board.setup is not None


# ---- issue 15: legible teaching -------------------------------------------------------------


def test_the_caption_shows_its_terms_as_a_list(make_window, old_lessons):
    from pyramid_lab.viewer.widgets.lesson_dock import caption_html

    window = make_window()
    window.lab.documents.open(old_lessons[0])
    text = window.parts.lesson_dock.caption.text()
    caption = read(old_lessons[0]).lesson.caption
    assert text == caption_html(window.session.puzzle["title"], caption)
    assert "<b>Terms:</b>" in text
    assert "<li><b>far wall</b>: " in text
    assert "- far wall" not in text


def test_an_old_caption_lesson_has_no_lessons_to_walk(make_window, old_lessons):
    """No caption lesson is shipped, so the caption view has none to walk: Previous / Next
    and the count are hidden; the caption and its note stay."""
    window = make_window()
    dock = window.parts.lesson_dock
    assert dock.lessons == []
    window.lab.documents.open(old_lessons[1])
    assert dock.isVisible()
    assert dock.caption.isVisible()
    assert not dock.previous.isVisible()
    assert not dock.next.isVisible()
    assert not dock.number.isVisible()
    window.session.play(window.session.game.legal_moves()[0])
    assert dock.changed_note.isVisible()  # the note and its Reopen still work


def test_the_note_says_when_the_board_left_the_lessons_position(make_window, qtbot, old_lessons):
    """Issue 15: the caption stayed after Fill at random when it no longer described the
    board. A move, Fill at random, a set-up or a step back in the moves bring the note;
    undo (or redo) back to the lesson's position takes it away."""
    from pyramid_lab.viewer.widgets.lesson_dock import CHANGED_NOTE

    window = make_window()
    window.lab.documents.open(old_lessons[0])
    dock = window.parts.lesson_dock
    note = dock.changed_note
    assert note.text() == CHANGED_NOTE
    assert not note.isVisible()
    window.session.play(window.session.game.parse_move("2,2,0"))
    assert note.isVisible()
    assert dock.caption.isVisible()  # the caption stays, under the note
    window.menus.actions["undo"].trigger()
    assert not note.isVisible()
    window.board.ui.corner_dock.fill.click()
    qtbot.waitUntil(lambda: not window.board.ui.fill.filling, timeout=WAIT_MS)
    assert len(window.session.game.pieces()) == window.session.game.lattice.count
    assert note.isVisible()
    window.menus.actions["undo"].trigger()
    assert not note.isVisible()
    window.menus.actions["setup"].trigger()  # set-up mode: a blue ball on the apex, red to move
    window.parts.setup_dock.brush_buttons[1].setChecked(True)
    window.board.setup.click(window.stage.board.geometry.count - 1)
    window.parts.setup_dock.to_move.setCurrentText("red")
    assert window.parts.setup_mode.apply()
    assert note.isVisible()
    window.menus.actions["undo"].trigger()
    assert not note.isVisible()
    window.lab.documents.open(
        old_lessons[2]
    )  # a lesson with moves: going back in them changes it too
    assert not note.isVisible()
    window.session.goto(3)
    assert note.isVisible()
    window.session.goto(len(window.session.history()))
    assert not note.isVisible()
    window.session.goto(3)
    assert dock.position_changed
    dock.reopen.click()  # the note's own way back: the lesson's file again
    assert not dock.position_changed
    assert window.session.ply == len(read(old_lessons[2]).game.move_stack)
    window.session.replace_game(Partition.new(PartitionOptions(3)))  # no lesson: no note
    assert not dock.isVisible()
    assert not dock.position_changed


def test_a_caption_scrolls_in_a_small_lesson_dock(make_window, qtbot, old_lessons):
    from PySide6.QtCore import Qt

    window = make_window()
    window.resize(1000, 600)
    window.lab.documents.open(old_lessons[0])  # the longest caption
    dock = window.parts.lesson_dock
    window.resizeDocks([dock], [200], Qt.Orientation.Vertical)
    qtbot.wait(50)
    assert dock.height() < 260
    bar = dock.caption_scroll.verticalScrollBar()
    assert bar.isVisible()
    assert bar.maximum() > 0
    bar.setValue(bar.maximum())
    caption = dock.caption
    bottom = caption.mapTo(dock.caption_scroll.viewport(), caption.rect().bottomLeft()).y()
    assert bottom <= dock.caption_scroll.viewport().height()  # the last line comes into view


def drawn_overlays(board):
    """(kind, style) of what the ball pyramid draws now: path colours, region cells, rims,
    corner cones, walls."""
    from pyramid_lab.viewer.lab import palette

    drawn = set()
    if board.paths.GetVisibility():
        by_colour = {rgb: style for style, rgb in palette.PATH_RGB.items()}
        drawn |= {("path", by_colour[tuple(c)]) for c in board.path_mesh.cell_data["rgb"]}
    if board.regions.GetVisibility():
        drawn.add(("region", "cells"))
    for style, (_poly, actor) in board.outlines.items():
        if actor.GetVisibility() and style != "hover":
            drawn.add(("rim", style))
    if board.pointers.GetVisibility():
        drawn.add(("pointer", "cones"))
    if board.walls.GetVisibility():
        drawn.add(("decoration", "walls"))
    return drawn


def legend_overlays(legend):
    """(kind, style) of the legend's lines, but the hover's: the key to the ring the mouse
    puts on a ball, listed beside the rims whether or not the mouse is on one (issue 89)."""
    kinds = {"region": "cells", "pointer": "cones"}
    skip = ("labels", "hover")
    return {(e.kind, kinds.get(e.kind, e.style)) for e in legend.entries if e.kind not in skip}


def test_the_legend_lists_exactly_the_overlays_drawn(make_window, old_lessons):
    """Issue 15: the escape-path tubes had no legend (a blue tube ran through red balls).
    The legend over the scene lists each overlay style drawn, in the palette's colour, and
    nothing that is not drawn."""
    from PySide6.QtWidgets import QLabel

    from pyramid_lab.viewer.lab import palette

    window = make_window()
    legend = window.scene.legend
    assert not legend.isVisible()  # a plain position: nothing to explain
    window.lab.documents.open(old_lessons[1])  # AP not held: both escape paths
    board = window.stage.board
    assert legend.isVisible()
    assert legend.parentWidget() is window.plotter  # over the scene, in its corner
    assert window.plotter.rect().contains(legend.geometry())
    assert legend_overlays(legend) == drawn_overlays(board)
    paths = {e.style: e for e in legend.entries if e.kind == "path"}
    assert set(paths) == {"red", "blue"}
    for style, entry in paths.items():
        assert entry.colours == (palette.PATH_RGB[style],)
        assert entry.text.startswith(f"{style}'s escape path")
        assert "AP to a far wall (base)" in entry.text
    shown = [w.text() for w in legend.findChildren(QLabel) if w.isVisibleTo(legend)]
    assert all(e.text in shown for e in legend.entries)
    assert not {("rim", "group"), ("region", "cells")} & legend_overlays(legend)
    # Lesson 3's SW: the isolated region, the holding group and its anchor; no tubes
    window.lab.documents.open(old_lessons[2])
    board = window.stage.board
    assert legend_overlays(legend) == drawn_overlays(board)
    assert {("region", "cells"), ("rim", "group"), ("rim", "anchor")} <= legend_overlays(legend)
    assert not any(e.kind == "path" for e in legend.entries)
    rims = {e.style: e.colours[0] for e in legend.entries if e.kind == "rim"}
    assert rims["anchor"] == tuple(round(255 * v) for v in palette.RIM_RGB["anchor"])
    overlays = window.board.ui.teaching_overlays
    overlays.set(region=Corner.SE)  # open: the tubes instead
    assert legend_overlays(legend) == drawn_overlays(board)
    assert {("path", "red"), ("path", "blue")} <= legend_overlays(legend)
    overlays.set(region=None, walls=False)
    assert legend_overlays(legend) == drawn_overlays(board) == {("pointer", "cones")}
    overlays.set(group_colours=True)
    assert any(e.kind == "piece-colours" for e in legend.entries)
    overlays.set(corners=False, group_colours=False)
    assert legend.entries == ()
    assert not legend.isVisible()


def test_the_legend_leaves_out_what_is_not_drawn():
    from pyramid_lab.viewer.lab.frame import Frame, Path, Region
    from pyramid_lab.viewer.lab.legend_entries import legend_entries

    frame = Frame(
        pieces={0: "red"},
        paths=(Path((3,), "red"), Path((1, 2), "blue")),  # one site: no tube
        regions=(Region((), "red"),),  # no cell
        highlights={"group": (), "anchor": (0,)},
    )
    entries = legend_entries(frame, {("rim", "anchor"): "its anchors"})
    assert [(e.kind, e.style, e.text) for e in entries] == [
        ("path", "blue", "blue's"),
        ("rim", "anchor", "its anchors"),
    ]
    assert legend_entries(Frame(pieces={0: "red"}), {}) == ()


def test_a_rim_and_a_marker_of_one_meaning_are_one_line():
    """A trial: Pyraos's lesson step (a highlighted piece taken off, now an empty point)
    said "what this step of the lesson is about" twice, with a rim and with a dot."""
    from pyramid_lab.viewer.lab.frame import Frame, Marker
    from pyramid_lab.viewer.lab.legend_entries import legend_entries

    frame = Frame(
        pieces={0: "red", 1: "blue"},
        highlights={"lesson": (0,), "lesson-pick": (1,)},
        markers=(Marker(2, "lesson"), Marker(3, "lesson-pick")),
    )
    entries = legend_entries(frame, {})
    assert [(e.kind, e.style) for e in entries] == [
        ("rim", "lesson"),
        ("rim", "lesson-pick"),
        ("marker", "lesson-pick"),  # a piece picked, a point picked: each its own words
    ]
    assert [e.text for e in entries].count("what this step of the lesson is about") == 1


def test_the_app_opens_on_lesson_1_with_its_caption_and_overlays(
    gl_display, qtbot, tmp_path, monkeypatch
):
    """Issue 15: the opening 'teaching example' showed no overlays and no caption. Without
    a file the app opens the first lesson (cli's first_lesson, as scripts/open.sh does):
    since issue 28 the first lesson file of Pyramid Partition, on its first step."""
    from pyramid_lab.model import lesson as lessons
    from pyramid_lab.viewer.cli import first_lesson
    from pyramid_lab.viewer.desktop.app import MainWindow
    from pyramid_lab.viewer.lab.session import Session

    monkeypatch.setenv("PYRAMID_LAB_LESSON_PROGRESS", str(tmp_path / "progress.json"))
    monkeypatch.setenv("PYRAMID_LAB_AUTOSAVE", str(tmp_path / "autosave"))
    path = first_lesson()
    assert path == ROOT / "model/data/lessons/partition/01-corners-and-walls.lesson.json"
    script = (ROOT / "scripts/open.sh").read_text()
    assert f"example={path.relative_to(ROOT)}\n" in script
    lesson = lessons.read(path)
    window = MainWindow(Session(lesson.steps[0].position()))  # as cli.run builds it
    window.lab.lessons.start(lesson, path)
    qtbot.addWidget(window)
    try:
        with qtbot.waitExposed(window, timeout=WAIT_MS):
            window.show()
        dock = window.parts.lesson_dock
        assert dock.isVisible()
        assert dock.steps_active
        panel = window.parts.lessons.panel
        assert panel.title.text() == "Corners and walls"
        assert panel.step_title.text() == "Five corners"
        assert lesson.steps[0].text[:40] in panel.text.text()
        board = window.stage.board
        assert board.pointers.GetVisibility()  # the corners overlay the step asks for
        assert window.scene.legend.isVisible()
        shown = legend_overlays(window.scene.legend)
        assert ("marker", "lesson") in shown  # the five corners the step highlights
        assert shown - {("marker", "lesson")} == drawn_overlays(board)
    finally:
        window.shutdown()


def test_the_teaching_view_follows_moves_played_on_the_same_game():
    """A replay (export) plays the moves onto one game object: the overlays must follow
    each position, not stay with the first."""
    from pyramid_lab.viewer.games.partition import PartitionUI

    game = Partition(PartitionOptions(3))
    ui = PartitionUI()
    first = ui.teaching(game)
    assert ui.teaching(game) is first  # once per position
    game.push(game.parse_move("0,0,0"))
    second = ui.teaching(game)
    assert second is not first
    game.pop()
    assert ui.teaching(game) is not second


def test_a_shared_escape_path_is_one_tube_and_one_line(make_window):
    """A trial: Partition's lesson 3 listed red's and blue's escape paths while both ran
    along the same points, one tube on the board: one path now, said as both players'."""
    from pathlib import Path as FilePath

    window = make_window()
    lesson = FilePath(__file__).resolve().parents[2] / "model/data/lessons/partition"
    assert window.lab.documents.open(lesson / "03-a-corner-ball.lesson.json")
    paths = [e for e in window.scene.legend.entries if e.kind == "path"]
    assert [e.style for e in paths] == ["both"]
    assert paths[0].text.startswith("red's and blue's escape path (the same points): SW")
    assert legend_overlays(window.scene.legend) == drawn_overlays(window.stage.board)
