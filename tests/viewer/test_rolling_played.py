"""What a solo game of Rolling Pyramids played by hand at 1200x800 showed (issue 89): the map
stepped back behind a long legend, the Pharaoh's walk missing from the Fights dock, footmen
boxes named by an index read as a map space, a dice pool that jumped under the cursor, a
"secret" deployment with nobody to keep it from, no count of the triangles still to cross,
and "held by pharaoh"."""

from __future__ import annotations

import random

import pytest
import test_rolling_window

from pyramid_lab.model.rolling import Cross, RollingPyramids, Take
from pyramid_lab.viewer.games.rolling.docks import FightLog, fight_log
from pyramid_lab.viewer.games.rolling.words import crossed_number, move_words, take_words

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

#: The window on a new game made through New game (test_rolling_window's fixture), on this
#: module's one window built on Rolling Pyramids as that file's (shared_window.py).
rolling_window = test_rolling_window.rolling_window
window_game = test_rolling_window.window_game
module_window = test_rolling_window.module_window
fresh_window = test_rolling_window.fresh_window


def solo(seed: int, until) -> RollingPyramids:
    """A solo game played at random until ``until(game)``."""
    game = RollingPyramids.new(RollingPyramids.parse_options({"players": 1}))
    rng = random.Random(seed)
    while not until(game):
        assert not game.is_over()
        game.push(rng.choice(sorted(game.legal_moves(), key=repr)))
    return game


def test_the_solo_map_is_not_stepped_back_behind_the_legend(rolling_window, guard_errors):
    """At 1200x800 the solo legend (six lines, 14 rows of text) found no corner clear of
    the map until the map stood at 40% of the scene's width, and every number on it ran
    into the next: the lines are short, the map stands at half the width or more."""
    from PySide6.QtWidgets import QApplication

    window = rolling_window(1)
    window.resize(1200, 800)
    QApplication.sendPostedEvents()
    window.stage.redraw()
    scene = window.scene
    scene.render_now()
    assert scene.framing.preset() is not None  # framed by the preset, the user's hands off
    texts = scene.legend.texts()
    assert any(text.startswith("the Pharaoh's troops") for text in texts), texts
    assert all(len(text) <= 48 for text in texts), texts  # two lines of the legend at most
    assert "names" not in texts  # the numbers on the stacks are troops
    outline = scene.framing.outline.of(scene.board)
    xs = [x for x, _y in outline]
    assert max(xs) - min(xs) >= 0.5 * window.plotter.width(), (min(xs), max(xs))
    assert guard_errors == []


def test_the_fights_dock_lists_the_pharaohs_walk_after_conquests():
    """The walk comes once the conquests are crossed off; the log kept only what the
    deploy phase's end held, so a round with a conquest never listed the walk (a space
    taken that round was lost to it, unexplained)."""
    game = solo(3, lambda g: g.round >= 7 or g.is_over())
    rounds = fight_log(game)
    assert len(rounds) >= 5
    for number, lines in rounds[:-1]:  # (the last round's walk may still be to come)
        assert any(line.startswith("the Pharaoh's ") for line in lines), (number, lines)
    log = FightLog()
    assert log.rounds(game) == rounds
    while game.phase != "conquest" or not game.state.sheets[0].conquests:
        game.pop()  # back into a round's conquests: the walk is not there yet
    assert log.rounds(game) == fight_log(game)
    assert not any(line.startswith("the Pharaoh's ") for line in log.rounds(game)[-1][1])


def test_a_footmen_box_is_named_by_the_number_printed_in_it():
    """'footmen 1: cross off space 5 (a circle's footmen join ...)' and 'cross off
    footmen 1, space 5 (a triangle)' read as the map's space 5; the faction board prints
    the box as ▲2: the choices say that, and where it is."""
    game = RollingPyramids.new(RollingPyramids.parse_options({"players": 1}))
    group = game.factions[0].groups[0]
    space = next(k for k, box in enumerate(group, 1) if box.shape == "d4" and k > 3)
    number = group[space - 1].number
    cross = Cross(1, space)
    assert crossed_number(game, 0, cross) == number
    said = move_words(cross, number)
    assert said == f"footmen f1: cross off ▲{number} (box {space})"
    take = Take("red", 4, number + 1, f"f1.{space}", number)
    assert take_words(take, True) == (
        f"footmen f1: cross off ▲{number} (box {space}) ({number + 1}, own colour -1)"
    )
    assert "space" not in said + take_words(take, True)


def test_the_dice_pool_stays_put_when_a_die_is_chosen(rolling_window, qtbot, guard_errors):
    """The Turn dock's heading took two lines ("take a die from the pool ..., then choose
    where to write it") and then one ("choose where to write the die"): the pool moved up
    a line under the cursor, and the next click aimed at a die landed between two."""
    from PySide6.QtWidgets import QApplication

    window = rolling_window(1)
    window.resize(1200, 800)
    QApplication.sendPostedEvents()
    dock = window.board.ui._docks.turn
    game = window.session.game
    assert game.phase == "draft"
    before = dock.dice[0].mapTo(dock, dock.dice[0].rect().topLeft()).y()
    dock.dice[0].click()
    QApplication.sendPostedEvents()
    qtbot.wait(20)
    assert "choose where to write the die" in dock.heading.text()
    assert dock.dice[1].mapTo(dock, dock.dice[1].rect().topLeft()).y() == before
    assert guard_errors == []


def test_solo_words_deploy_conquests_and_the_pharaoh(rolling_window, guard_errors):
    """Solo, the status bar said "deploy (secret)" with nobody to keep it from; the
    conquests never said how many triangles were still to cross; the hover said "held by
    pharaoh"."""
    window = rolling_window(1)
    ui = window.board.ui
    game = solo(3, lambda g: g.phase == "deploy")
    status = ui.status(game)
    assert "deploy;" in status, status
    assert "secret" not in status, status
    game = solo(3, lambda g: g.phase == "conquest" and g.state.sheets[0].conquests > 0)
    left = game.state.sheets[0].conquests
    assert f"(still to cross: {left}, one a space taken)" in ui.turn(game).ask()
    pharaoh = next(c for c in game.map.spaces if game.colour_of(game.state.owner[c]) == "pharaoh")
    said = ui.describe(game, None, ui.geometry(game).site(pharaoh), {})
    assert "held by the Pharaoh with" in said, said
    assert guard_errors == []


def test_a_device_s_legend_line_and_the_computer_s_phase_are_words(rolling_window, guard_errors):
    """A 2-player game: a device's legend line ran to two lines ("blue's spikes 5-14 (on a
    border)"), and the map stepped back for it; while the computer decided, the Turn dock
    said the phase by its code ("blue (computer) is deciding: deploy")."""
    import pathlib

    from pyramid_lab.model.files import read

    window = rolling_window(2)
    ui = window.board.ui
    path = (
        pathlib.Path(__file__).resolve().parents[2]
        / "examples/rolling/ram-against-space-9.pyr.json"
    )
    game = read(path).game
    assert isinstance(game, RollingPyramids)
    device = game.state.devices[0]
    colour = game.players[device.player]
    words = ui.legend_words(game, ui.frame(game, ui.turn(game)))
    line = words[("path", colour)]
    assert line == f"{colour}'s {device.kind} {game.cell_name(device.cell)}-" + game.cell_name(
        device.other
    )
    dock = window.board.ui._docks.turn
    game = solo(3, lambda g: g.phase == "deploy")
    heading = dock._heading(game, ui.turn(game), False)
    assert heading.endswith("is deciding: deploy"), heading  # (solo: no secret)
    game = solo(3, lambda g: g.phase == "conquest")
    heading = dock._heading(game, ui.turn(game), False)
    assert heading.endswith("is deciding: conquests"), heading  # (not "conquest", its code)
    assert guard_errors == []


def test_the_solo_faction_board_has_no_devices_line():
    """Solo, the faction board said "Devices none": the solo variant uses no ram, spikes or
    umbrella (the rules' last line on it), so the line is not there; two players see it."""
    from pyramid_lab.viewer.games.rolling.panels import sheet_html

    game = solo(3, lambda g: g.round >= 3)
    assert "<b>Devices</b>" not in sheet_html(game, 0)
    two = RollingPyramids.new(RollingPyramids.parse_options({"players": 2}))
    assert "<b>Devices</b> none" in sheet_html(two, 0)


def test_the_status_line_says_the_pharaohs_walk_after_the_last_conquest(rolling_window):
    """Solo, a round with conquests: the walk came after the last one was crossed off, and
    the Fights dock listed it, but the status bar's line for that move said only the
    cross (the model's last effect was the deploy phase's only)."""
    window = rolling_window(1)
    game = solo(3, lambda g: g.phase == "conquest" and g.state.sheets[0].conquests > 0)
    rng = random.Random(5)
    while game.phase == "conquest":
        move = rng.choice(sorted(game.legal_moves(), key=repr))
        game.push(move)
    walk = game.state.fights[-1]
    assert walk.startswith("the Pharaoh's ")
    effect = game.last_effect()
    assert effect is not None
    assert effect.lines == (walk,)
    said = str(window.board.ui.played(game, "red", move))
    assert said.startswith("red: "), said
    assert said.endswith("; then " + walk), said


def test_the_last_rounds_soldiers_are_not_asked(rolling_window, qtbot, guard_errors):
    """Solo, round 15: the game still asked stay or reserve for soldiers that no round
    would use (the game ends with it, its outcome decided). The window makes that
    decision for the player (all stay, the move a player makes: saved games replay as
    before) and says so; Undo brings the choice back."""
    from pyramid_lab.model.rolling import ALL, Soldiers

    game = solo(3, lambda g: g.is_over() or (g.round == 15 and g.phase == "soldiers"))
    assert not game.is_over()
    last = game.pop()  # the move that brought the last round's soldiers
    while last.__class__.__name__ == "Roll":
        last = game.pop()
    window = rolling_window(1)
    window.session.replace_game(game)
    qtbot.wait(20)
    said = window.board.play(last)
    qtbot.wait(20)
    after = window.session.game
    assert after.is_over()
    assert after.move_stack[-1] == Soldiers(ALL, True)
    assert "; then, for you: red: all stay" in window.statusBar().currentMessage(), said
    window.session.undo()
    assert window.session.game.phase == "soldiers"  # the choice is the player's again
    assert guard_errors == []
