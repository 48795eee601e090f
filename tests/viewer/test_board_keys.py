"""Every move by keyboard alone (issue 107 item 2, the window): the keyboard's point on the
board (viewer.desktop.board_focus) moved by the arrow keys, Page Up / Page Down and Home, drawn
where the hover is, said in words, and Space / Enter playing or picking it as a click; the
games whose moves are made in their docks reached by Tab and played by Space."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QWidget

from pyramid_lab.model.lattice import lattice
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.pyraos import Pyraos
from pyramid_lab.model.terrace import Terrace, fid
from tests.patience import WAIT_MS

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

K = Qt.Key


def keys(qtbot, window, *pressed) -> None:
    """Press ``pressed`` on the 3D scene, one after another."""
    for key in pressed:
        qtbot.keyClick(window.plotter, key)


def moves(window) -> list[str]:
    return [str(m) for m in window.session.game.move_stack]


def in_tab_chain(window, widget: QWidget) -> bool:
    """``widget`` is reached from the window by Tab: in its focus chain, taking Tab's focus,
    enabled and shown."""
    seen, at = set(), window.nextInFocusChain()
    while at is not None and id(at) not in seen:
        seen.add(id(at))
        if at is widget:
            policy = widget.focusPolicy()
            return (
                bool(policy & Qt.FocusPolicy.TabFocus) and widget.isEnabled() and widget.isVisible()
            )
        at = at.nextInFocusChain()
    return False


def press_button(qtbot, window, button: QAbstractButton) -> None:
    """A dock's button reached by Tab and pressed with Space."""
    assert in_tab_chain(window, button), f"{button.text()!r} is out of Tab's reach"
    qtbot.keyClick(button, K.Key_Space)


def test_partition_played_by_keys_with_the_point_said_and_drawn(make_window, qtbot, guard_errors):
    window = make_window(Partition(PartitionOptions(3)))
    L = lattice(3)
    keys(qtbot, window, K.Key_Home)
    assert window.view.hover == L.id_of(0, 0, 0)  # drawn where the hover is
    said = window.statusBar().currentMessage()
    assert said.startswith("Keyboard point: (0,0,0) level 0, empty"), said
    assert window.plotter.accessibleDescription() == said  # (what a screen reader reads)
    assert window.plotter.accessibleName() == "Board"
    keys(qtbot, window, K.Key_Space)  # plays there, as a click
    keys(qtbot, window, K.Key_Right, K.Key_Right, K.Key_Return)
    keys(qtbot, window, K.Key_Up, K.Key_Space)
    keys(qtbot, window, K.Key_Left, K.Key_Space)
    keys(qtbot, window, K.Key_PageUp)
    assert window.view.hover in {
        L.id_of(0, 0, 1),
        L.id_of(1, 0, 1),
        L.id_of(0, 1, 1),
        L.id_of(1, 1, 1),
    }
    assert moves(window) == ["0,0,0", "2,0,0", "2,1,0", "1,1,0"]
    keys(qtbot, window, K.Key_Home, K.Key_PageUp, K.Key_PageUp)
    assert window.view.hover == L.id_of(0, 0, 2)  # the apex
    keys(qtbot, window, K.Key_PageDown, K.Key_PageDown, K.Key_End)
    assert window.view.hover == L.id_of(0, 0, 2)
    assert not guard_errors


def test_the_point_says_what_hides_it(make_window, qtbot, guard_errors):
    window = make_window(Partition(PartitionOptions(3)))
    window.view.set_levels(1, 2)
    keys(qtbot, window, K.Key_Home)
    said = window.statusBar().currentMessage()
    assert "hidden by the levels shown (1 to 2)" in said, said
    window.view.set_levels(0, 2)
    window.view.set_clip(0, enabled=True, value=0.5, keep_below=False)
    keys(qtbot, window, K.Key_Home)
    assert "the x clip plane" in window.statusBar().currentMessage()
    assert not guard_errors


def test_the_point_behind_a_ball_offered_and_played_by_keys(make_window, qtbot, guard_errors):
    """Space on a ball in front of empty points says what reaches them, as a click does;
    where one empty point is left behind it, Space again plays it (the offer's second
    click)."""
    game = Partition.from_setup(
        PartitionOptions(3, "floating"),
        "red",
        [((0, 0, 2), "red"), ((0, 0, 0), "blue")],
        study=True,
    )
    window = make_window(game)
    window.stage.render_now()
    keys(qtbot, window, K.Key_End)  # the apex, its ball in front of the points below it
    keys(qtbot, window, K.Key_Space)
    said = window.statusBar().currentMessage()
    assert said.startswith("Click 0,0,2 again to play 1,1,1, the point its ball hides"), said
    assert window.session.game.move_stack == []
    keys(qtbot, window, K.Key_Space)  # the offer's second click
    assert moves(window) == ["1,1,1"]
    assert not guard_errors


def test_pyraos_placement_and_a_removal_by_keys(make_window, qtbot, guard_errors):
    window = make_window(Pyraos.new())
    # black and white fill three of a 2x2 square each: black's fourth completes it
    keys(qtbot, window, K.Key_Home, K.Key_Space)  # black 0,0,0
    keys(qtbot, window, K.Key_Right, K.Key_Right, K.Key_Right, K.Key_Space)  # white 3,0,0
    keys(qtbot, window, K.Key_Home, K.Key_Right, K.Key_Space)  # black 1,0,0
    keys(qtbot, window, K.Key_Up, K.Key_Up, K.Key_Up, K.Key_Space)  # white 1,3,0
    keys(qtbot, window, K.Key_Home, K.Key_Up, K.Key_Space)  # black 0,1,0
    keys(qtbot, window, K.Key_Right, K.Key_Right, K.Key_Up, K.Key_Up, K.Key_Space)  # white 2,3,0
    keys(qtbot, window, K.Key_Home, K.Key_Up, K.Key_Right, K.Key_Space)  # black 1,1,0: a square
    assert window.menus.actions["finish"].isEnabled()  # removals wait: Enter is Finish turn
    keys(qtbot, window, K.Key_Home, K.Key_Space)  # black takes 0,0,0 back
    window.menus.actions["finish"].trigger()  # (the Return shortcut's action)
    assert moves(window)[:6] == ["0,0,0", "3,0,0", "1,0,0", "1,3,0", "0,1,0", "2,3,0"]
    assert moves(window)[6] == "1,1,0 x0,0,0"
    assert not guard_errors


def test_terrace_stone_run_by_keys(make_window, qtbot, guard_errors):
    window = make_window(Terrace.new())
    keys(qtbot, window, K.Key_Home)
    assert window.view.hover == fid(6, 0)  # a7, white's corner stone
    keys(qtbot, window, K.Key_Space)
    assert window.board.turn.selected == fid(6, 0)
    keys(qtbot, window, K.Key_Up, K.Key_Up, K.Key_Space)
    assert moves(window) == ["a7-a5"]
    assert not guard_errors


ARROWS = {"left": K.Key_Left, "right": K.Key_Right, "up": K.Key_Up, "down": K.Key_Down}


def walk_to(qtbot, window, site: int, limit: int = 40) -> None:
    """Move the keyboard's point to ``site`` by arrow keys alone (each key the one that
    brings it nearest), as a user looking at the board would."""
    import numpy as np

    from pyramid_lab.viewer.desktop.board_focus import stepped

    geometry = window.board.geometry()
    centres = np.asarray(geometry.centres, dtype=float)
    if window.view.hover is None:
        keys(qtbot, window, K.Key_Home)
    for _ in range(limit):
        here = window.view.hover
        if here == site:
            return
        far = {
            step: np.linalg.norm(centres[stepped(geometry, here, step), :2] - centres[site, :2])
            for step in ARROWS
        }
        step = min(far, key=far.__getitem__)
        assert stepped(geometry, here, step) != here, f"no key leads from {here} towards {site}"
        keys(qtbot, window, ARROWS[step])
    raise AssertionError(f"{site} not reached by the arrow keys")


def test_ball_programs_typed_and_handed_in_by_keys(make_window, qtbot, guard_errors):
    from pyramid_lab.model.ball import PyramidBall

    window = make_window(PyramidBall.new())
    red, blue = window.board.ui.desk.program_docks
    assert red.editing
    f_button = next(b for b in red.editor.groups[0][1].buttons() if b.text() == "F")
    press_button(qtbot, window, f_button)  # Medium, row 1: forward
    assert red.editor.program().rows[0][1] == "F"
    press_button(qtbot, window, red.editor.submit)
    press_button(qtbot, window, blue.hand_over)  # the hand-over screen, by Space
    assert blue.editing
    assert in_tab_chain(window, blue.editor.text)
    blue.editor.text.clear()
    qtbot.keyClicks(blue.editor.text, "L,S,S/S,S,S/S,S,S")
    qtbot.keyClick(blue.editor.text, K.Key_Return)
    press_button(qtbot, window, blue.editor.submit)
    assert len(window.session.history()) == 1  # the joint move played
    assert not guard_errors


def test_rolling_start_areas_and_a_die_by_keys(make_window, qtbot, guard_errors):
    from pyramid_lab.model.rolling import OPTION_SPECS, RollingPyramids, StartArea

    shown = {spec.name: spec.default for spec in OPTION_SPECS}
    window = make_window(
        RollingPyramids.new(RollingPyramids.parse_options({**shown, "players": 2}))
    )
    window.session.lines.dice.seed(11)
    game = window.session.game
    geometry = window.board.ui.geometry(game)
    while game.phase == "start":
        target = next(m for m in game.legal_moves() if isinstance(m, StartArea))
        walk_to(qtbot, window, geometry.site(game.map.cell(target.cell)))
        before = len(game.move_stack)
        keys(qtbot, window, K.Key_Space)
        assert len(window.session.game.move_stack) > before, window.statusBar().currentMessage()
        game = window.session.game
    qtbot.waitUntil(lambda: window.session.game.phase == "draft", timeout=WAIT_MS)
    game = window.session.game
    dock = window.board.ui._docks.turn
    before = len(game.move_stack)
    press_button(qtbot, window, dock.dice[0])
    assert in_tab_chain(window, dock.choices)
    dock.choices.setFocus()
    qtbot.keyClick(dock.choices, K.Key_Home)
    while (
        dock.choices.currentItem() is None
        or dock.choices.currentItem().data(Qt.ItemDataRole.UserRole) is None
    ):
        qtbot.keyClick(dock.choices, K.Key_Down)
    qtbot.keyClick(dock.choices, K.Key_Return)
    assert len(window.session.game.move_stack) > before, window.statusBar().currentMessage()
    assert not guard_errors


def test_the_peel_and_clip_tools_work_from_the_keyboard(make_window, qtbot, guard_errors):
    """The View dock's levels, peel, clip boxes and sliders are reached by Tab and set by
    keys: the hidden points the keyboard's point says are brought into view by keys too."""
    window = make_window(Partition(PartitionOptions(3)))
    dock, view = window.parts.view_dock, window.view
    tools = (dock.level_lo, dock.level_hi, *dock.clip_on, *dock.clip_slider, *dock.clip_flip)
    for widget in tools:
        assert in_tab_chain(window, widget), widget.accessibleName()
    qtbot.keyClick(dock.level_lo, K.Key_Up)
    assert view.levels[0] == 1
    if dock.peel.isEnabled():  # (a board with shells to peel)
        assert in_tab_chain(window, dock.peel)
    qtbot.keyClick(dock.clip_on[0], K.Key_Space)
    assert view.clips[0].enabled
    before = view.clips[0].value
    qtbot.keyClick(dock.clip_slider[0], K.Key_End)
    assert view.clips[0].value != before
    assert not guard_errors


def test_a_pick_task_answered_by_keys_a_hidden_point_too(make_window, qtbot, guard_errors):
    """A click-points task (a full pyramid: every point under others) picks the keyboard's
    point with Space, an inner point hidden from every side as readily as the apex."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    window = make_window()
    assert window.lab.documents.open(
        root / "model/data/lessons/partition/10-a-full-pyramid.lesson.json"
    )
    lessons = window.lab.lessons
    assert lessons.asks_for_points()
    ui = window.board.ui
    keys(qtbot, window, K.Key_Home, K.Key_Right, K.Key_Up)
    inner = tuple(ui.coords_of(window.view.hover))
    assert inner == (1, 1, 0)
    said = window.statusBar().currentMessage()
    assert said.startswith("Keyboard point: (1,1,0)"), said
    assert "pieces over it" in said, said  # (what stands over it)
    keys(qtbot, window, K.Key_Space)
    assert lessons.picked == [inner]
    assert not guard_errors


def test_shift_and_the_arrows_turn_and_zoom_the_camera(make_window, qtbot, guard_errors):
    """VTK's own Up and Down zoomed the camera: the arrows move the point now, and Shift with
    them turns the scene or zooms it, the point staying where it is."""
    window = make_window(Partition(PartitionOptions(3)))
    camera = window.plotter.camera
    keys(qtbot, window, K.Key_Home)
    point = window.view.hover
    before = camera.GetPosition()
    qtbot.keyClick(window.plotter, K.Key_Right, Qt.KeyboardModifier.ShiftModifier)
    turned = camera.GetPosition()
    assert turned != before
    assert window.view.hover == point
    angle = camera.GetViewAngle()
    distance = camera.GetDistance()
    qtbot.keyClick(window.plotter, K.Key_Up, Qt.KeyboardModifier.ShiftModifier)
    assert (camera.GetViewAngle(), camera.GetDistance()) != (angle, distance)
    assert window.view.hover == point
    assert window.scene.framing.preset() is None  # (the user's turn: not framed again)
    assert not guard_errors


def test_the_board_in_words_a_screen_readers_text_of_the_position(make_window, qtbot, guard_errors):
    """Issue 107 item 3 (the window): View > The board in words shows the position as text,
    each piece by its point as the hover says it, an empty board said empty; its text is
    reached by Tab and follows each move (a move played by keys here)."""
    window = make_window(Partition(PartitionOptions(3)))
    dock = window.parts.board_words
    view = window.menus.view_menu
    toggle = next(a for a in view.actions() if a.text() == "The board in words")
    toggle.trigger()
    assert dock.isVisible()
    assert dock.text.toPlainText() == "No piece is on the board yet"
    assert dock.text.accessibleName() == "The board in words"
    assert in_tab_chain(window, dock.text)
    keys(qtbot, window, K.Key_Home, K.Key_Space, K.Key_Right, K.Key_Space)
    lines = dock.text.toPlainText().splitlines()
    assert [line.split(" ")[0] for line in lines] == ["(0,0,0)", "(1,0,0)"], lines
    assert lines[0].startswith("(0,0,0) level 0, red"), lines
    assert lines[1].startswith("(1,0,0) level 0, blue"), lines
    toggle.trigger()  # hidden: a move played meanwhile is said when it comes back
    assert dock.isHidden()
    keys(qtbot, window, K.Key_Right, K.Key_Space)
    toggle.trigger()
    assert len(dock.text.toPlainText().splitlines()) == 3
    assert not guard_errors
