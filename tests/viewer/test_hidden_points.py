"""A click that lands on a ball in front of empty points (issue 46, item 3): it says what
would reach them (the point itself on a second click where one lies behind, peeling to its
level, the ghosts), and set-up says what a click erased, with Undo at hand."""

from __future__ import annotations

from pyramid_lab.model.partition import Partition, PartitionOptions


def _window(make_window, pieces):
    game = Partition.from_setup(PartitionOptions(3, "floating"), "red", pieces, study=True)
    return make_window(game)


def _pixel_behind_apex(window):
    """The pixel of a point that the apex ball hides (it is picked there instead)."""
    board, ui = window.stage.board, window.board.ui
    apex = ui.site_of((0, 0, 2))
    for site in range(len(board.lattice.centres)):
        if site == apex:
            continue
        x, y = board.display_position(site)
        if board.pick(x, y) == apex:
            return x, y, tuple(ui.coords_of(site))
    raise AssertionError("no point hides behind the apex in this view")


def test_a_click_on_a_ball_in_front_says_what_reaches_the_points_behind(make_window):
    window = _window(make_window, [((0, 0, 2), "red"), ((0, 0, 0), "blue")])
    x, y, _hidden = _pixel_behind_apex(window)
    behind = [
        tuple(window.board.ui.coords_of(s))
        for s in window.stage.board.behind(window.board.ui.site_of((0, 0, 2)))
    ]
    assert len(behind) >= 2
    window.scene._on_click(x, y)
    said = window.statusBar().currentMessage()
    # what to do first: the status bar cut the end off (issue 59, item 2)
    assert said.startswith("To reach "), said
    assert ", hidden behind the ball at 0,0,2: peel to level 1 (View dock: Levels) or " in said
    assert "show hidden balls as ghosts. " in said  # then why the click was refused
    assert said.endswith("0,0,2 already holds a red ball"), said
    assert window.session.game.move_stack == []  # nothing played, nothing lost
    _shown_in_full(window, said)


def _shown_in_full(window, said):
    """What to do is over the scene, whole (the prompt's line wraps), while the position
    shows (the status bar's line ``said`` begins with it); those words."""
    bar = window.prompt_bar
    window.stage.redraw()  # (a redraw keeps them)
    advice = bar.text()
    assert advice.endswith("or show hidden balls as ghosts"), advice
    assert said.startswith(f"{advice}. "), (said, advice)
    assert bar.isVisible()
    assert bar.height() >= bar.heightForWidth(bar.width())  # no line of it cut
    assert bar.width() >= window.plotter.width() - 2
    return advice


def test_a_second_click_plays_the_one_empty_point_behind(make_window):
    window = _window(make_window, [((0, 0, 2), "red"), ((0, 0, 0), "blue")])
    x, y, _hidden = _pixel_behind_apex(window)
    apex = window.board.ui.site_of((0, 0, 2))
    # every other point on that line of sight taken: one empty point is left behind the apex
    behind = [tuple(window.board.ui.coords_of(s)) for s in window.stage.board.behind(apex)]
    keep = behind[0]
    pieces = [((0, 0, 2), "red")] + [(p, "blue") for p in behind[1:]]
    window = _window(make_window, pieces)
    window.stage.board.pick(x, y)  # the same view: the same line of sight
    window.scene._on_click(x, y)
    name = ",".join(map(str, keep))
    said = window.statusBar().currentMessage()
    assert said.startswith(f"Click 0,0,2 again to play {name}, the point its ball hides, or "), said
    advice = _shown_in_full(window, said)
    window.scene._on_click(x, y)
    assert [str(m) for m in window.session.game.move_stack] == [name]
    assert window.prompt_bar.text() != advice


def test_set_up_says_what_a_click_erased(make_window):
    window = _window(make_window, [((0, 0, 2), "red")])
    window.menus.actions["setup"].trigger()
    assert window.board.setup is not None
    window.board.setup.brush = "red"  # a ball of the brush's colour: the click erases it
    window.board.click(window.board.ui.site_of((0, 0, 2)))
    assert window.board.ui.site_of((0, 0, 2)) not in window.board.setup.pieces
    said = window.statusBar().currentMessage()
    assert said.startswith("set-up: erased the red ball at 0,0,2 (Undo brings it back")
    window.board.undo()
    assert window.board.setup.pieces[window.board.ui.site_of((0, 0, 2))] == "red"
