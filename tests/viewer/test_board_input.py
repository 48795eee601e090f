"""Turning clicks into moves (Qt-free): Partition placements, Pyraos place / lift /
removal steps, and the forced pass, through the game UIs' turn builders."""

from __future__ import annotations

from pyramid_lab.model.game import Move
from pyramid_lab.model.lattice import lattice
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.pyraos import Pyraos
from pyramid_lab.viewer.games import ui_class
from pyramid_lab.viewer.games.partition import PartitionUI
from pyramid_lab.viewer.games.pyraos import PyraosTurn, PyraosUI
from pyramid_lab.viewer.lab.turn_builder import STEPPED, Declined, Ready, TurnAnswer
from tests.model.test_pyraos import P3, P4, P6, board
from tests.patience import WAIT_MS

L4 = lattice(4)


def pid(i, j, k):
    return L4.id_of(i, j, k)


def said(answer: TurnAnswer) -> str:
    """The reason of a refused click (the test fails on any other answer)."""
    assert isinstance(answer, Declined), answer
    return answer.reason


def move_of(answer: TurnAnswer) -> Move:
    """The move a click or Finish turn completed (the test fails on any other answer)."""
    assert isinstance(answer, Ready), answer
    return answer.move


def pyraos_turn(game):
    return PyraosTurn(game, PyraosUI())


def test_partition_click_places_or_explains():
    game = Partition(PartitionOptions(3))
    inp = PartitionUI().turn(game)
    assert len(inp.targets()) == len(set(inp.targets())) == 14
    move = move_of(inp.click(lattice(3).id_of(1, 1, 0)))
    assert str(move) == "1,1,0"
    game.push(move)
    again = PartitionUI().turn(game).click(lattice(3).id_of(1, 1, 0))
    assert "already holds a red ball" in said(again)


def test_pyraos_plain_placement_plays_at_once():
    inp = pyraos_turn(Pyraos.new())
    assert len(inp.targets()) == 16
    assert str(move_of(inp.click(pid(2, 1, 0)))) == "2,1,0"


def test_pyraos_square_then_remove_one_then_finish():
    game = board(P4, "black")
    inp = pyraos_turn(game)
    assert inp.click(pid(1, 1, 0)) == STEPPED  # completes a square: removals wait
    assert inp.can_finish
    assert inp.pieces()[pid(1, 1, 0)] == "black"
    assert pid(0, 0, 0) in inp.highlighted()
    assert pid(3, 3, 0) not in inp.highlighted()  # White's sphere cannot be removed
    assert "cannot be removed" in said(inp.click(pid(3, 3, 0)))
    assert inp.click(pid(0, 0, 0)) == STEPPED
    assert pid(0, 0, 0) not in inp.pieces()
    assert str(move_of(inp.finish())) == "1,1,0 x0,0,0"


def test_pyraos_the_removal_prompt_counts_what_is_left_and_the_reserve():
    """User trial: after one sphere taken back the prompt still said "click up to two",
    and the reserve changed only at Finish turn without a word."""
    game = board(P4, "black")
    reserve = game.reserve("black")
    inp = pyraos_turn(game)
    inp.click(pid(1, 1, 0))
    assert inp.prompt().startswith("square completed: click up to two of your free spheres")
    inp.click(pid(0, 0, 0))
    prompt = inp.prompt()
    assert "up to two" not in prompt
    placed = reserve - 1  # the square's sphere came from the reserve
    assert prompt.startswith(f"0,0,0 taken back: your reserve {placed} + 1 = {reserve}")
    assert "at Finish turn; click 1 more of your free spheres, or Finish turn" in prompt
    ruled = pyraos_turn(board(P4, "black", removal="1-2"))
    ruled.click(pid(1, 1, 0))
    assert "click one or two of your free spheres" in ruled.prompt()


def test_pyraos_the_status_bar_counts_the_reserve_as_the_prompt_during_a_take_back():
    """Window trial: the status bar's reserve changed only at Finish turn while the
    prompt said "your reserve 11 + 1 = 12 at Finish turn"."""
    game = board(P4, "black")
    ui = PyraosUI()
    reserve, white = game.reserve("black"), game.reserve("white")
    inp = PyraosTurn(game, ui)
    assert ui.turn_status(game, inp) == ui.status(game)
    inp.click(pid(1, 1, 0))  # the square's sphere came from the reserve
    assert f"black {reserve - 1})" in ui.turn_status(game, inp)
    inp.click(pid(0, 0, 0))
    status = ui.turn_status(game, inp)
    assert f"black {reserve - 1} (+1 at Finish turn)" in status
    assert f"white {white}," in status or f"white {white})" in status
    assert "at Finish turn" not in ui.status(game)


def test_pyraos_two_removals_finish_by_themselves():
    inp = pyraos_turn(board(P4, "black"))
    inp.click(pid(1, 1, 0))
    inp.click(pid(1, 0, 0))
    assert str(move_of(inp.click(pid(1, 1, 0)))) == "1,1,0 x1,0,0 x1,1,0"  # the new sphere may go


def test_pyraos_rule_1_2_needs_a_removal():
    inp = pyraos_turn(board(P4, "black", removal="1-2"))
    inp.click(pid(1, 1, 0))
    assert "remove at least one" in said(inp.finish())


def test_pyraos_lift_by_two_clicks_and_cancel():
    inp = pyraos_turn(board(P3, "black"))
    assert pid(3, 3, 0) in inp.highlighted()  # the one sphere that can be lifted
    assert inp.click(pid(3, 3, 0)) == STEPPED
    assert inp.targets() == {pid(0, 0, 1)}
    assert inp.click(pid(3, 3, 0)) == STEPPED  # put back
    assert inp.source is None
    inp.click(pid(3, 3, 0))
    assert str(move_of(inp.click(pid(0, 0, 1)))) == "3,3,0>0,0,1"


def test_pyraos_forced_pass():
    inp = pyraos_turn(board(P6, "white", "alternate"))
    assert inp.can_finish
    assert "pass" in inp.prompt()
    assert str(move_of(inp.finish())) == "pass"


def test_setup_editor_paints_erases_undoes_and_validates():
    import pytest

    from pyramid_lab.model.game import PositionFormatError
    from pyramid_lab.viewer.lab.setup_editor import SetupEditor

    game = Partition(PartitionOptions(3, "stacking"))
    lat3 = lattice(3)
    editor = SetupEditor(game, PartitionUI())
    editor.click(lat3.id_of(0, 0, 1))  # red, unsupported
    with pytest.raises(PositionFormatError, match=r"0,0,1 is not supported"):
        editor.build()
    editor.click(lat3.id_of(0, 0, 1))  # the same colour again erases
    assert editor.pieces == {}
    editor.undo()
    assert editor.pieces == {lat3.id_of(0, 0, 1): "red"}
    editor.redo()
    editor.click(lat3.id_of(0, 0, 0))
    with pytest.raises(PositionFormatError, match="red has 1 balls and blue 0"):
        editor.build()
    editor.brush = "blue"
    editor.click(lat3.id_of(2, 2, 0))
    built = editor.build()
    assert built.pieces() == [((0, 0, 0), "red"), ((2, 2, 0), "blue")]
    assert built.to_move == "red"
    editor.to_move = "blue"
    editor.study = True  # a study may have any counts and side to move
    assert editor.build().to_move == "blue"


def test_the_winners_corners_are_highlighted():
    from tests.conftest import make_partition

    game = make_partition(
        2, [(0, 0, 0), (1, 0, 0), (0, 1, 0)], [(1, 1, 0), (0, 0, 1)], to_move="blue", study=False
    )
    lat2 = lattice(2)
    ui = ui_class(game)()
    turn = ui.turn(game)
    marked = ui.frame(game, turn).highlights["clickable"]
    won = sorted(lat2.id_of(*p) for p in [(0, 0, 0), (1, 0, 0), (0, 1, 0)])
    assert sorted(marked) == won
    assert sorted(turn.winning_corners()) == won


# ---- the hover, in the window -----------------------------------------------------------------


def test_hover_is_a_rim_and_leaves_with_the_mouse(make_window, qtbot):
    """The hovered ball keeps its colour and wears a ring of light and dark dashes (it was
    painted yellow whole; then a lemon rim, read as a winner's gold corner: issue 89);
    moving the mouse off the scene takes the ring and the text away."""
    import numpy as np
    from PySide6.QtCore import QPoint

    from pyramid_lab.viewer.lab import palette

    window = make_window(Partition(PartitionOptions(4)))
    for text in ["0,0,0", "1,0,0"]:
        window.session.play(window.session.game.parse_move(text))
    pid = window.session.game.lattice.id_of(1, 0, 0)  # blue
    x, y = window.stage.board.display_position(pid)
    ratio = window.plotter.devicePixelRatioF()
    pos = QPoint(round(x / ratio), round(window.plotter.height() - 1 - y / ratio))
    drawn = tuple(window.stage.board._solid.point_data["rgba"][pid][:3])  # shaded by its contacts
    window.stage.render_now()
    before = window.plotter.screenshot(return_img=True)
    qtbot.mouseMove(window.plotter, pos)
    qtbot.waitUntil(lambda: window.view.hover == pid, timeout=WAIT_MS)
    assert tuple(window.stage.board.current_rgb[pid]) == palette.PIECE_RGB["blue"]
    poly, actor = window.stage.board.outlines["hover"]
    assert actor.GetVisibility()
    assert poly.n_points == 1
    assert tuple(poly.point_data["rgba"][0][:3]) == drawn  # its own colour, in a rim
    window.stage.render_now()  # the window draws at its next paint: the picture now
    image = window.plotter.screenshot(return_img=True)
    h = image.shape[0]
    row, col = h - 1 - round(y), round(x)
    centre = image[row, col, :3].astype(int)
    assert centre[2] > centre[0] + 60  # blue in the middle, not yellow
    light = np.array(palette.HOVER_RIM_RGB) * 255  # a light dash at 0 to 15 degrees

    def near(picture: np.ndarray, dx: int, dy: int) -> bool:
        return bool(np.abs(picture[row + dy, col + dx, :3].astype(int) - light).sum() < 40)

    spots = [(dx, dy) for dx in range(5, 80) for dy in range(-12, 13)]
    assert any(near(image, *at) and not near(before, *at) for at in spots)  # a ring round it
    qtbot.mouseMove(window.parts.view_dock, QPoint(40, 300))  # off the scene
    qtbot.waitUntil(lambda: window.view.hover is None, timeout=WAIT_MS)
    assert not actor.GetVisibility()
    assert window.parts.status_hover.text() == ""


def test_a_click_on_a_ball_is_not_taken_by_a_marker_in_front(make_window, qtbot):
    """A click on a blue ball placed a ball at 0,2,1: an empty point's marker in front had a
    touch target wider than its drawing, which took clicks on the ball drawn round it."""
    import math

    import numpy as np
    from PySide6.QtCore import QPoint, Qt

    from pyramid_lab.viewer.boards.ball_pyramid import MARKER_TOUCH_RADIUS
    from pyramid_lab.viewer.boards.meshes import ray_entry, view_ray

    window = make_window(Partition(PartitionOptions(4)))
    for text in ["0,0,0", "1,0,0", "0,1,0", "1,1,0", "2,0,0", "0,2,0"]:
        window.session.play(window.session.game.parse_move(text))
    board, lat = window.stage.board, window.session.game.lattice
    window.stage.render_now()  # the window draws at its next paint: the picture now
    image = window.plotter.screenshot(return_img=True)[:, :, :3].astype(int)
    ball = lat.id_of(1, 1, 0)  # blue, with empty points (markers) on level 1 in front
    markers = np.array(
        [p for p in np.flatnonzero(board.shown) if p not in window.board.turn.pieces()]
    )
    cx, cy = board.display_position(ball)
    spot = None
    for dx in range(-30, 31):
        for dy in range(-30, 31):
            x, y = cx + dx, cy + dy
            r, _g, b = image[image.shape[0] - 1 - round(y), round(x)]
            if not b > r + 60:  # the ball is drawn here (blue)
                continue
            near, direction = view_ray(window.plotter, x, y)
            touch = ray_entry(near, direction, lat.centres[markers], MARKER_TOUCH_RADIUS)
            ball_entry = ray_entry(near, direction, lat.centres[[ball]], np.array([0.48]))
            if touch.min() < ball_entry[0] < math.inf:  # a marker's target is nearer
                spot = (x, y)
                break
        if spot:
            break
    assert spot is not None, "no pixel of the ball lies under a marker's touch target"
    assert board.pick(*spot) == ball
    before = window.session.game.position_key()
    ratio = window.plotter.devicePixelRatioF()
    pos = QPoint(round(spot[0] / ratio), round(window.plotter.height() - 1 - spot[1] / ratio))
    qtbot.mouseClick(window.plotter, Qt.MouseButton.LeftButton, pos=pos)
    assert window.session.game.position_key() == before  # no ball placed
    assert "(1,1,0)" in window.statusBar().currentMessage()  # the ball's group is told
    markers_only = board.pick(*board.display_position(markers[0]))
    assert markers_only == markers[0] or markers_only in window.board.turn.pieces()
