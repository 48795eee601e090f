"""The Analysis dock: the engine's ranked moves, the proven win, the heat map on the board,
stale answers dropped, Stop, set-up mode refused, and a ranked list without heat where the
moves are not placements."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pyramid_lab.model.files import read
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.viewer.lab.palette import HEAT_NOISE, HEAT_PROVEN_LOSS, HEAT_PROVEN_WIN, heat_rgb
from tests.conftest import make_partition
from tests.patience import WAIT_MS, StopAfterPlayouts, no_exact_step

# No test here reads a pixel of the scene: its paints draw nothing (conftest.py); what reads
# the drawn scene (picks, the legend's and the labels' places) renders it first itself.
pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
# Base 3: red's only win in one is 1,1,1 (tests/model/test_agents.py).
WIN_IN_ONE = dict(
    red=[(0, 2, 0), (2, 2, 0), (0, 1, 1), (0, 0, 2)],
    blue=[(0, 1, 0), (2, 1, 0), (1, 2, 0), (1, 0, 1)],
)


def win_in_one():
    return make_partition(3, **WIN_IN_ONE, study=False)


def start(window, seconds):
    window.lab.analysis.seed = 1
    window.parts.analysis.dock.seconds.setValue(seconds)
    window.menus.actions["analyse"].trigger()


def wait_for_result(qtbot, window):
    qtbot.waitUntil(lambda: window.lab.analysis.shown() is not None, timeout=WAIT_MS)
    return window.lab.analysis.shown()


def test_a_win_in_one_ranked_first_proven_and_drawn_as_heat(make_window, qtbot, guard_errors):
    window = make_window(win_in_one())
    dock = window.parts.analysis.dock
    assert not dock.isVisible()  # it starts hidden
    assert dock.toggleViewAction() in window.menus.view_menu.actions()
    assert dock.objectName() == "analysis-dock"
    start(window, 1.0)
    assert dock.isVisible()
    assert window.lab.analysis.thinking
    analysis = wait_for_result(qtbot, window)
    assert not window.lab.analysis.thinking
    assert not dock.bar.isVisible()
    assert dock.move_text(0) == "1,1,1"
    assert dock.table.rowCount() == len(window.session.game.legal_moves())
    assert dock.proven.text() == "proven: red wins in 1 move (1,1,1)"
    # exact first (issue 45): the solver settles the position and every move at once
    assert dock.evaluation.text().startswith("red to move wins with perfect play")
    assert dock.legend.isVisible()
    # every move proven: the legend names the two proven colours, no estimates' scale
    assert not dock.scale.isVisible()
    assert (dock.worst.text(), dock.best.text()) == ("proven loss: black", "proven win: cyan")
    # The heat map: every empty point a move can take, in its proven value's colour.
    lat = window.session.game.lattice
    frame = window.board.frame()
    sites = {lat.id_of(*m.point) for m in window.session.game.legal_moves()}
    assert set(frame.heat) == sites
    best = lat.id_of(1, 1, 1)
    assert frame.heat[best] == HEAT_PROVEN_WIN
    assert set(frame.heat.values()) <= {HEAT_PROVEN_WIN, HEAT_PROVEN_LOSS}
    for site, value in frame.heat.items():
        assert (window.stage.board.current_rgb[site] == heat_rgb([value])[0]).all()
    assert tuple(heat_rgb([HEAT_PROVEN_WIN])[0]) != tuple(heat_rgb([1.0])[0])
    assert analysis.stat(window.session.game.parse_move("1,1,1")).proven == "win"
    table = window.parts.analysis.dock.table
    proven = [table.item(r, 3).text() for r in range(table.rowCount())]
    assert proven[0] == "win in 1 ply"  # the proven column says how far
    assert not guard_errors


def test_the_heat_map_is_scaled_over_the_moves_shown(make_window):
    """In a lopsided position every win rate is near 1: an absolute scale painted every
    point the same green. The moves shown span the scale, and the legend's colour bar
    says what its ends are."""
    from pyramid_lab.viewer.lab.frame import Frame
    from pyramid_lab.viewer.lab.legend_entries import legend_entries

    control = make_window(win_in_one()).lab.analysis  # its heat map, the lab's
    control.heat = {3: 0.90, 4: 0.95, 5: 0.99}
    heat, scale = control.heat_map()
    assert heat[3] == 0.0
    assert heat[5] == 1.0
    assert 0.5 < heat[4] < 0.6
    assert scale == (0.90, 0.99)
    entry = legend_entries(Frame(heat=heat, heat_scale=scale), {})[-1]
    assert entry.kind == "heat"
    assert entry.text == "the moves' estimated win rates, worst (purple) 90% to best (green) 99%"
    assert len(entry.colours) == len(heat_rgb([0.0, 0.25, 0.5, 0.75, 1.0]))  # the bar
    control.heat = {3: 1.0, 4: 1.0}  # estimates all alike: grey, not a scale
    assert control.heat_map() == ({3: HEAT_NOISE, 4: HEAT_NOISE}, (1.0, 1.0))


def test_the_heat_map_greys_noise_and_colours_proven_moves_apart(make_window):
    """Issue 45: a spread of 20-26 % from a short search is noise (a few hundred playouts
    a move): grey, not green against purple; with many playouts the same spread is real;
    proven moves have colours of their own, and the legend says which is which."""
    from pyramid_lab.viewer.lab.frame import Frame
    from pyramid_lab.viewer.lab.legend_entries import legend_entries

    control = make_window(win_in_one()).lab.analysis  # its heat map, the lab's
    control.heat = {3: 0.20, 4: 0.23, 5: 0.26}
    control.heat_stats = {3: (300, None), 4: (300, None), 5: (300, None)}
    heat, scale = control.heat_map()
    assert heat == {3: HEAT_NOISE, 4: HEAT_NOISE, 5: HEAT_NOISE}
    assert scale == (0.20, 0.26)
    control.heat_stats = {3: (100_000, None), 4: (100_000, None), 5: (100_000, None)}
    heat, _ = control.heat_map()
    assert heat[3] == 0.0
    assert heat[5] == 1.0
    # proven moves apart from the estimates' scale, whatever their win rate
    control.heat = {3: 0.0, 4: 0.23, 5: 0.26, 6: 1.0}
    control.heat_stats = {3: (0, "loss"), 4: (300, None), 5: (300, None), 6: (0, "win")}
    heat, scale = control.heat_map()
    assert heat == {3: HEAT_PROVEN_LOSS, 4: HEAT_NOISE, 5: HEAT_NOISE, 6: HEAT_PROVEN_WIN}
    assert scale == (0.23, 0.26)  # the bar spans the estimates only
    entries = legend_entries(Frame(heat=heat, heat_scale=scale), {})
    said = {e.style: e.text for e in entries if e.kind == "heat"}
    assert "proven to win" in said["proven win"]
    assert "proven to lose" in said["proven loss"]
    assert "noise" in said["noise"]
    assert "" not in said  # no estimate on the scale: no colour bar


def test_a_row_lights_its_point_and_a_double_click_plays_it(make_window, qtbot, guard_errors):
    window = make_window(win_in_one())
    start(window, 0.5)
    wait_for_result(qtbot, window)
    dock = window.parts.analysis.dock
    lat = window.session.game.lattice
    dock.table.selectRow(1)
    second = window.session.game.parse_move(dock.move_text(1))
    assert window.lab.analysis.selected == second
    assert lat.id_of(*second.point) in window.board.frame().highlights["clickable"]
    assert str(second) in window.statusBar().currentMessage()
    dock.table.cellDoubleClicked.emit(0, 0)  # 1,1,1: red wins
    assert window.session.ply == 1
    assert str(window.session.game.move_stack[-1]) == "1,1,1"
    assert window.session.game.is_over()
    assert "red played 1,1,1" in window.statusBar().currentMessage()
    # The new position drops the results: no numbers of another position.
    assert window.lab.analysis.shown() is None
    assert dock.table.rowCount() == 0
    assert window.board.frame().heat == {}
    window.menus.actions["analyse"].trigger()  # the game is over: refused, said
    assert not window.lab.analysis.thinking
    assert "nothing to analyse" in window.statusBar().currentMessage()
    assert not guard_errors


def test_a_move_made_meanwhile_drops_the_answer(make_window, qtbot, guard_errors):
    window = make_window(Partition(PartitionOptions(4)))
    start(window, 1.0)
    job = window.parts.analysis.runner.job
    window.session.play(window.session.game.parse_move("0,0,0"))
    assert not window.lab.analysis.thinking  # the search for the last position stopped
    job.thread.join(10)
    qtbot.wait(100)  # a late answer changes nothing
    assert window.lab.analysis.shown() is None
    assert window.parts.analysis.dock.table.rowCount() == 0
    assert window.board.frame().heat == {}
    window.session.undo()  # back to the position analysed: still nothing stale shown
    assert window.lab.analysis.shown() is None
    assert not guard_errors


def test_keep_analysing_follows_the_game(make_window, qtbot, guard_errors):
    window = make_window(Partition(PartitionOptions(3)))
    window.lab.analysis.seed = 1
    window.parts.analysis.dock.seconds.setValue(0.5)
    window.parts.analysis.dock.follow.setChecked(True)
    assert window.lab.analysis.thinking
    wait_for_result(qtbot, window)
    window.session.play(window.session.game.parse_move("0,0,0"))
    assert window.lab.analysis.thinking
    analysis = wait_for_result(qtbot, window)
    assert analysis.ply == 1
    window.parts.analysis.dock.follow.setChecked(False)
    window.session.play(window.session.game.parse_move("1,0,0"))
    assert not window.lab.analysis.thinking
    assert not guard_errors


def test_stop_stops_and_the_gui_keeps_running(make_window, qtbot, guard_errors):
    window = make_window(Partition(PartitionOptions(5)))
    start(window, 120.0)
    dock = window.parts.analysis.dock
    qtbot.waitUntil(lambda: dock.bar.value() > 0, timeout=WAIT_MS)
    assert dock.stop.isEnabled()
    thread = window.parts.analysis.runner.job.thread
    dock.stop.click()
    assert not dock.stop.isEnabled()  # asked once
    thread.join(60)  # stopped: long before the 120 s it would have run, however busy
    assert not thread.is_alive()
    # what it weighed before Stop is kept and shown, marked as stopped
    analysis = wait_for_result(qtbot, window)
    assert not window.lab.analysis.thinking
    assert analysis.stopped
    assert analysis.moves
    assert "stopped" in dock.evaluation.text()
    assert dock.table.rowCount() == len(analysis.moves)
    assert not dock.bar.isVisible()
    assert not guard_errors


def test_an_analysis_of_a_position_that_went_says_so(make_window, qtbot, guard_errors):
    window = make_window(Partition(PartitionOptions(5)))
    start(window, 30.0)
    dock = window.parts.analysis.dock
    window.session.play(window.session.game.parse_move("0,0,0"))  # the computer's move, say
    assert not window.lab.analysis.thinking
    assert "dropped: the position changed" in dock.evaluation.text()
    assert not dock.bar.isVisible()
    window.session.undo()
    assert dock.evaluation.text() == ""  # it spoke of the other position
    assert not guard_errors


def test_the_computer_and_the_analysis_think_side_by_side(make_window, qtbot, guard_errors):
    window = make_window(Partition(PartitionOptions(3)))
    start(window, 1.0)
    window.lab.engine.hints.ask()  # the engine's own runner: the analysis goes on
    assert window.lab.analysis.thinking
    assert window.lab.engine.runner.thinking
    wait_for_result(qtbot, window)
    qtbot.waitUntil(lambda: not window.lab.engine.runner.thinking, timeout=WAIT_MS)
    assert not guard_errors


def test_setup_mode_refuses_an_analysis(make_window, qtbot, guard_errors):
    window = make_window(win_in_one())
    window.menus.actions["setup"].trigger()
    assert window.board.setup is not None
    window.menus.actions["analyse"].trigger()
    assert not window.lab.analysis.thinking
    assert "set-up mode" in window.statusBar().currentMessage()
    assert "set-up mode" in window.parts.analysis.dock.evaluation.text()
    window.parts.setup_mode.leave()
    assert not guard_errors


def test_terrace_shows_a_ranked_list_and_no_heat(make_window, qtbot, monkeypatch, guard_errors):
    import pyramid_lab.model.search as search  # the lab asks the door when it runs

    game = read(EXAMPLES / "terrace/opening.pyr.json").game
    analyse, legal = search.analyse, len(game.legal_moves())

    def analyse_every_move(position, **kwargs):
        # the search stopped once it has run playouts enough to reach every move (in the
        # 0.6 s this test once gave it, a machine at load 10 reached some of them only)
        enough = StopAfterPlayouts(20 * legal, kwargs["progress"])
        window_stop = kwargs["stop"]
        kwargs["progress"] = enough.progress
        kwargs["stop"] = lambda: enough() or window_stop.is_set()
        return analyse(position, **kwargs)

    monkeypatch.setattr(search, "analyse", analyse_every_move)
    # the engine's ranking is what is shown here: the exact step is told that this
    # process's solver left the opening unsettled (a quarter of 600 s it would else get)
    no_exact_step(game)
    window = make_window(game)
    start(window, 600.0)
    analysis = wait_for_result(qtbot, window)
    assert analysis.stopped
    dock = window.parts.analysis.dock
    listed = [dock.move_text(row) for row in range(dock.table.rowCount())]
    assert sorted(listed) == sorted(str(m) for m in window.session.game.legal_moves())
    assert listed == [str(s.move) for s in analysis.moves]
    assert window.board.frame().heat == {}
    assert not dock.legend.isVisible()
    # the compiled MCTS ranks by visits (the robust child), as the Analysis dock lists
    visits = [s.visits for s in analysis.moves if s.proven is None]
    assert visits == sorted(visits, reverse=True)
    assert not guard_errors


def test_pyraos_shows_perfect_play_ranked_and_no_heat(make_window, qtbot, guard_errors):
    game = read(EXAMPLES / "pyraos/endgame-win-in-7.pyr.json").game
    window = make_window(game)
    start(window, 10.0)  # the endgame is solved at once: no waiting for the 10 s
    analysis = wait_for_result(qtbot, window)
    # wall-clock: 0.2 s at load 7 (solved at once), against the 10 s a search would take
    assert analysis.seconds < 5.0
    dock = window.parts.analysis.dock
    assert "black to move wins with perfect play" in dock.evaluation.text()
    assert [dock.table.item(r, 3).text() for r in range(2)] == ["win in 7 plies", "loss in 6 plies"]
    assert dock.table.isColumnHidden(2)  # no visits: nothing was sampled
    assert dock.table.isColumnHidden(1)
    assert window.parts.analysis.dock.move_text(0) == "3,0,0"
    assert analysis.win is not None
    assert analysis.win.moves == 4
    assert window.parts.analysis.dock.proven.text().startswith(f"proven: {game.to_move} wins in 4")
    assert window.board.frame().heat == {}
    assert np.isfinite(analysis.win_rate)
    assert not guard_errors


def test_columns_a_perfect_play_table_hid_come_back(make_window, guard_errors):
    from pyramid_lab.model.search import MoveStat

    dock = make_window(Partition(PartitionOptions(3))).parts.analysis.dock
    perfect = [MoveStat("0,0,0", 0, 1.0, proven="win", plies=3)]
    dock.show_results("", "proven", perfect, False)
    assert dock.table.isColumnHidden(1)
    assert dock.table.isColumnHidden(2)
    dock.clear("another position")
    assert not dock.table.isColumnHidden(1)
    assert not dock.table.isColumnHidden(2)
    assert not guard_errors


def test_moves_show_whole_beside_a_long_proven_value(make_window, guard_errors):
    from pyramid_lab.model.search import MoveStat

    window = make_window(Partition(PartitionOptions(3)))
    dock = window.parts.analysis.dock
    dock.show()
    dock.setFixedWidth(260)  # a narrow dock column
    moves = [MoveStat("2,0,0", 99, 0.6, proven="win", plies=41, exact=False)]
    moves += [MoveStat("1,1,0", 50, 0.5)]
    dock.show_results("", "", moves, False)
    window.repaint()
    metrics = dock.table.fontMetrics()
    assert dock.table.columnWidth(0) >= metrics.horizontalAdvance("2,0,0")
    assert dock.table.item(0, 3).toolTip() == "win within 41 plies"
    assert not guard_errors


def test_a_large_board_analysis_keeps_its_time_and_says_it_was_cut_short(
    make_window, qtbot, monkeypatch, guard_errors, tmp_path
):
    # Issue 34, item 12: base 20 has 2,870 moves and no compiled kernel; a pure-Python
    # playout there takes most of a second. The dock lists what was ranked and says so.
    import os
    import time

    import pyramid_lab.model.search as search  # the lab asks the door when it runs

    analyse, spent = search.analyse, []

    def timed_analyse(position, **kwargs):  # the processor time of the analysis' thread,
        began = time.thread_time()  # which a busy machine does not stretch
        answer = analyse(position, **kwargs)
        spent.append(time.thread_time() - began)
        return answer

    monkeypatch.setattr(search, "analyse", timed_analyse)
    window = make_window(Partition(PartitionOptions(20)))
    start(window, 0.5)
    analysis = wait_for_result(qtbot, window)
    assert spent[0] < 3.0  # main: many seconds (playouts of 200 plies)
    dock = window.parts.analysis.dock
    assert analysis.cut_short
    assert "cut short: out of time" in dock.evaluation.text()
    assert dock.table.rowCount() == len(analysis.moves) < analysis.legal == 2870
    shot = os.environ.get("PYRAMID_LAB_SHOT")  # a picture to look at, when asked
    if shot:
        window.grab().save(shot)
    assert not guard_errors


def test_the_threads_box_sets_the_analysis_and_the_hint(
    make_window, qtbot, monkeypatch, guard_errors
):
    """The dock's threads box (default: the cores) is what the analysis and a Hint search
    on, kept between runs; the computer player stays on one thread."""
    from PySide6.QtCore import QSettings

    # the lab asks the door when it runs (analysis, agents)
    import pyramid_lab.model.search as search
    import pyramid_lab.viewer.desktop.engine as engine_module

    asked: list[tuple[str, int]] = []
    analyse, agent_for = search.analyse, search.agent_for

    def spy_analyse(game, **kwargs):
        asked.append(("analysis", kwargs["threads"]))
        return analyse(game, **kwargs)

    def spy_agent_for(game, level, **kwargs):
        asked.append(("agent", kwargs.get("threads", 1)))
        return agent_for(game, level, **kwargs)

    monkeypatch.setattr(search, "analyse", spy_analyse)
    monkeypatch.setattr(search, "agent_for", spy_agent_for)
    window = make_window(win_in_one())
    QSettings().remove(engine_module.THREADS_KEY)  # make_window keeps the suite on one
    dock = window.parts.analysis.dock
    assert engine_module.engine_threads() == search.computer.default_threads()
    for threads in (2, 1, 2):  # a change is kept (the default is this machine's cores)
        dock.threads.setValue(threads)
        assert int(QSettings().value(engine_module.THREADS_KEY)) == threads
    start(window, 0.5)
    analysis = wait_for_result(qtbot, window)
    assert asked == [("analysis", 2)]
    assert str(analysis.moves[0].move) == "1,1,1"
    # settled by the solver first (issue 45): no playout behind a proven move; the
    # engine's threads are counted in tests/viewer/test_cli.py on an open position
    assert analysis.visits == sum(s.visits for s in analysis.moves) == 0
    assert analysis.agent.startswith("perfect play")
    window.lab.engine.hints.level = "medium"
    window.menus.actions["hint"].trigger()
    qtbot.waitUntil(lambda: window.lab.engine.hints.move() is not None, timeout=WAIT_MS)
    assert asked[-1] == ("agent", 2)
    assert str(window.lab.engine.hints.move()) == "1,1,1"
    window.menus.seats.players["red"]["easy"].trigger()  # the computer plays red: one thread
    qtbot.waitUntil(lambda: window.session.ply == 1, timeout=WAIT_MS)
    assert asked[-1] == ("agent", 1)
    QSettings().setValue(engine_module.THREADS_KEY, "lots")  # edited by hand: the default
    assert engine_module.engine_threads() == search.computer.default_threads()
    assert not guard_errors
