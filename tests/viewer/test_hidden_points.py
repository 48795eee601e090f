"""A click that lands on a ball in front of empty points (issue 46, item 3): it says what
would reach them (the point itself on a second click where one lies behind, peeling to its
level, turning the board; issue 77, item 5: only points a click plays, and only ways that
reveal them), and set-up says what a click erased, with Undo at hand."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import shared_window

from pyramid_lab.model.partition import Partition, PartitionOptions

# No test here reads a pixel of the scene: its paints draw nothing (conftest.py); what reads
# the drawn scene (picks, the legend's and the labels' places) renders it first itself.
pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")


# the tests on a base-3 Partition share one window (shared_window.py), each opening its
# own position or lesson in it; a test on another game builds its own
module_window = shared_window.module_window
fresh_window = shared_window.fresh_window


def _window(window, pieces):
    """``window`` (the module's) on a floating base-3 Partition set up with ``pieces``."""
    game = Partition.from_setup(PartitionOptions(3, "floating"), "red", pieces, study=True)
    window.session.replace_game(game)  # (as a window built on it: no file, nothing to save)
    return window


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


def test_a_click_on_a_ball_in_front_says_what_reaches_the_points_behind(fresh_window):
    window = _window(fresh_window, [((0, 0, 2), "red"), ((0, 0, 0), "blue")])
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
    assert "turn the board. " in said  # then why the click was refused
    assert said.endswith("0,0,2 already holds a red ball"), said
    assert window.session.game.move_stack == []  # nothing played, nothing lost
    _shown_in_full(window, said)


def _shown_in_full(window, said):
    """What to do is over the scene, whole (the prompt's line wraps), while the position
    shows (the status bar's line ``said`` begins with it); those words."""
    bar = window.prompt_bar
    window.stage.redraw()  # (a redraw keeps them)
    advice = bar.text()
    assert advice.endswith("or turn the board"), advice
    assert said.startswith(f"{advice}. "), (said, advice)
    assert bar.isVisible()
    assert bar.height() >= bar.heightForWidth(bar.width())  # no line of it cut
    assert bar.width() >= window.plotter.width() - 2
    return advice


def test_a_second_click_plays_the_one_empty_point_behind(fresh_window):
    window = _window(fresh_window, [((0, 0, 2), "red"), ((0, 0, 0), "blue")])
    x, y, _hidden = _pixel_behind_apex(window)
    apex = window.board.ui.site_of((0, 0, 2))
    # every other point on that line of sight taken: one empty point is left behind the apex
    behind = [tuple(window.board.ui.coords_of(s)) for s in window.stage.board.behind(apex)]
    keep = behind[0]
    pieces = [((0, 0, 2), "red")] + [(p, "blue") for p in behind[1:]]
    window = _window(fresh_window, pieces)
    window.stage.board.pick(x, y)  # the same view: the same line of sight
    window.scene._on_click(x, y)
    name = ",".join(map(str, keep))
    said = window.statusBar().currentMessage()
    assert said.startswith(f"Click 0,0,2 again to play {name}, the point its ball hides, or "), said
    advice = _shown_in_full(window, said)
    window.scene._on_click(x, y)
    assert [str(m) for m in window.session.game.move_stack] == [name]
    assert window.prompt_bar.text() != advice


def test_set_up_says_what_a_click_erased(fresh_window):
    window = _window(fresh_window, [((0, 0, 2), "red")])
    window.menus.actions["setup"].trigger()
    assert window.board.setup is not None
    window.board.setup.brush = "red"  # a ball of the brush's colour: the click erases it
    window.board.click(window.board.ui.site_of((0, 0, 2)))
    assert window.board.ui.site_of((0, 0, 2)) not in window.board.setup.pieces
    said = window.statusBar().currentMessage()
    assert said.startswith("set-up: erased the red ball at 0,0,2 (Undo brings it back")
    window.board.undo()
    assert window.board.setup.pieces[window.board.ui.site_of((0, 0, 2))] == "red"


ROOT = Path(__file__).resolve().parents[2]
POINT = re.compile(r"\b\d+,\d+,\d+\b")


def _drawn(window):
    """The scene drawn as the view is now (picks read what is drawn)."""
    from PySide6.QtWidgets import QApplication

    QApplication.sendPostedEvents()
    window.stage.redraw()
    window.stage.render_now()


def _advice_checked(window, site, x, y, found):
    """Click where ``site`` (a point a click plays now) is drawn behind a ball, read the
    advice, and check it: only playable points named, the hidden one among them, and the
    way it gives reveals it (a peel to the level it names, or another view)."""
    board, lab_board, ui = window.stage.board, window.board, window.board.ui
    game = window.session.game
    front = ",".join(map(str, ui.coords_of(board.pick(x, y))))
    plays = len(game.move_stack)
    lab_board.offered = None
    window.scene._on_click(x, y)
    advice = window.prompt_bar.text() if window.prompt_bar.isVisible() else ""
    if len(window.session.game.move_stack) != plays:
        window.board.undo()
    lab_board.cancel()  # (a sphere selected to raise: let go)
    lab_board.offered = None
    hidden = ",".join(map(str, ui.coords_of(site)))
    if "hidden behind" not in advice and " again to play " not in advice:
        found["no advice"].append((window.windowTitle(), hidden, front))
        return
    assert "ghosts" not in advice, advice
    word = ui.piece_word.removesuffix("s")
    assert f"the {word} at {front}" in advice or f"its {word} hides" in advice, advice
    targets = {m.site for m in lab_board.frame().markers if m.style == "target"}
    named = [p for p in POINT.findall(advice) if p != front]
    for point in named:
        assert ui.site_of(tuple(map(int, point.split(",")))) in targets, (point, advice)
    if "..." not in advice:
        assert hidden in named, (hidden, advice)
    view = window.view
    peel = re.search(r"peel to level (\d+) \(View dock: Levels\)", advice)
    assert peel is not None, advice
    from_above = advice.endswith("and look from above (View > Camera: top)")
    assert from_above or advice.endswith(" or turn the board"), advice
    view.set_levels(0, int(peel.group(1)))
    if from_above:
        board.set_view("top")
    _drawn(window)
    shown = board.pick(*board.display_position(site))  # (where it is drawn now)
    view.set_levels(0, board.level_count - 1)
    board.set_view("iso")
    _drawn(window)
    assert shown == site, (hidden, front, advice, shown)
    found["from above" if from_above else "peel"].append(hidden)


@pytest.mark.parametrize("game", ["partition", "pyraos", "terrace"])
def test_the_advice_for_a_hidden_point_names_playable_points_and_a_way_that_reveals_them(
    game, make_window, guard_errors
):
    """Issue 77, item 5: on Pyraos's book line Hint said 2,3,0, drawn behind the sphere at
    1,1,1; a click there advised "peel to level 1 (View dock: Levels) or show hidden balls
    as ghosts" for 1,2,1 (unplayable: two supports empty) and 2,3,0: level 1 kept the
    sphere in front, and ghosts alone reveal nothing. Over every point a click plays now
    that a ball hides in the shipped examples of each game with a pyramid: the advice
    names only playable points, the hidden one among them, in the game's word for its
    pieces, and the way it gives reveals it. (One window a game, each file opened in it as
    File > Open does: a window a file built 35 windows for the three games.)"""
    from pyramid_lab.model.files import read

    paths = sorted((ROOT / "examples" / game).glob("*.pyr.json"))
    window = make_window(read(paths[0]).game)
    found: dict[str, list] = {"peel": [], "from above": [], "no advice": []}
    for path in paths:
        assert window.lab.documents.open(path, ask=False)
        board = window.stage.board
        if not hasattr(board, "behind") or window.session.game.is_over():
            continue  # (a won game's markers are its corners: nothing to play)
        window.view.set_levels(0, board.level_count - 1)  # every level, as a new window's
        assert window.view.peel == 0
        _drawn(window)
        ui = window.board.ui
        taken = {tuple(c) for c, _colour in window.session.game.pieces()}
        targets = {m.site for m in window.board.frame().markers if m.style == "target"}
        for site in sorted(targets):
            x, y = board.display_position(site)
            front = board.pick(x, y)
            if front is None or front == site or tuple(ui.coords_of(front)) not in taken:
                continue
            _advice_checked(window, site, x, y, found)
    print(game, {k: len(v) for k, v in found.items()})
    assert not found["no advice"], found["no advice"]
    assert found["peel"] or game == "terrace", found
    assert guard_errors == []


def test_the_issues_sphere_in_front_gives_the_playable_point_and_a_peel_below_it(
    make_window, guard_errors
):
    """The issue's case: 2,3,0 drawn behind the sphere at 1,1,1, with 1,2,1 behind it too
    but unplayable (1,3,0 and 2,3,0 empty under it): the advice offers 2,3,0 alone (a
    second click plays it), in Pyraos's word, and a peel to level 0, below the sphere in
    front (level 1 kept it there), or a turn of the board."""
    from pyramid_lab.model.game import game_class

    cls = game_class("pyraos")
    pieces = [
        ((1, 1, 0), "white"),
        ((2, 1, 0), "black"),
        ((1, 2, 0), "white"),
        ((2, 2, 0), "black"),
        ((1, 1, 1), "black"),
    ]
    game = cls.from_setup(cls.parse_options({"variant": "children"}), "white", pieces)
    window = make_window(game)
    _drawn(window)
    board, ui = window.stage.board, window.board.ui
    site = ui.site_of((2, 3, 0))
    x, y = board.display_position(site)
    assert board.pick(x, y) == ui.site_of((1, 1, 1))  # drawn behind the sphere
    behind = [tuple(ui.coords_of(s)) for s in board.behind(ui.site_of((1, 1, 1)))]
    assert (1, 2, 1) in behind  # on the same line of sight, not playable
    window.scene._on_click(x, y)
    advice = window.prompt_bar.text()
    assert advice == (
        "Click 1,1,1 again to play 2,3,0, the point its sphere hides, or peel to level 0 "
        "(View dock: Levels) or turn the board"
    ), advice
    _drawn(window)
    x, y = board.display_position(site)  # (the advice over the scene may have moved it)
    assert board.pick(x, y) == ui.site_of((1, 1, 1))
    window.scene._on_click(x, y)
    assert [str(m) for m in window.session.game.move_stack][-1:] == ["2,3,0"], (
        window.prompt_bar.text(),
        window.statusBar().currentMessage(),
    )
    assert guard_errors == []


def test_a_pick_task_in_the_window_offers_the_point_behind_a_ball(fresh_window, guard_errors):
    """Issue 77, item 4, in the window as in the page: a click-points task's click on a
    ball picks it and offers the point behind it; a second click picks that one instead."""
    window = fresh_window
    assert window.lab.documents.open(
        ROOT / "model/data/lessons/partition/10-a-full-pyramid.lesson.json"
    )
    lessons = window.lab.lessons
    assert lessons.asks_for_points()
    _drawn(window)
    board, ui = window.stage.board, window.board.ui
    for site in range(len(board.lattice.centres)):
        x, y = board.display_position(site)
        front = board.pick(x, y)
        if front is not None and front != site:
            break
    else:
        raise AssertionError("no point hidden behind a ball in this view")
    behind = ui.coords_of(board.behind(front)[0]) if board.behind(front) else None
    window.scene._on_click(x, y)
    name = ",".join(map(str, ui.coords_of(front)))
    assert lessons.picked == [tuple(ui.coords_of(front))]
    hidden = ",".join(map(str, behind))
    said = window.statusBar().currentMessage()
    assert said.startswith(f"Click {name} again to pick {hidden}, the point its ball hides"), said
    _drawn(window)  # the legend agrees with the offer (issue 89, item 8): no "let go" now
    shown = [entry.text for entry in window.scene.legend.entries]
    assert "a piece you picked (click it again to pick the point it hides instead)" in shown
    assert not [text for text in shown if "let go" in text], shown
    x, y = board.display_position(site)  # (the legend's new words may have moved the view)
    assert board.pick(x, y) == front
    window.scene._on_click(x, y)
    assert lessons.picked == [tuple(behind)]
    _drawn(window)
    assert not [e.text for e in window.scene.legend.entries if "hides instead" in e.text]
    assert guard_errors == []
