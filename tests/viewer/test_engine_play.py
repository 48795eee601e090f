"""The engines in the window: Hint, the computer player, Stop, stale answers, undo, and a
GUI that keeps running while the engine thinks on its worker thread."""

from __future__ import annotations

import pytest
import shared_window
from PySide6.QtCore import QTimer

from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.viewer.desktop.engine import gui_post
from pyramid_lab.viewer.lab.jobs import JobRunner
from tests.patience import WAIT_MS, WAIT_S

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

# the tests on a new base-3 Partition share one window (shared_window.py); a test on
# another size or version, or of the window's shutdown, builds its own
module_window = shared_window.module_window
fresh_window = shared_window.fresh_window

THINKS = 120  # seconds a search meant to be stopped would think: a stop ends it in half


def idle(window):
    return not window.lab.engine.runner.thinking


def test_hint_gives_a_legal_move_and_leaves_the_position(fresh_window, qtbot, guard_errors):
    window = fresh_window
    window.lab.engine.hints.level = "easy"
    window.session.play(window.session.game.parse_move("0,0,0"))
    before = (window.session.game.position_key(), window.session.ply)
    window.menus.actions["hint"].trigger()
    assert window.lab.engine.runner.thinking
    assert window.port.bar.isVisibleTo(window)
    message = window.statusBar().currentMessage
    qtbot.waitUntil(lambda: message().startswith("hint: "), timeout=WAIT_MS)
    assert (window.session.game.position_key(), window.session.ply) == before
    move = window.lab.engine.hints.move()
    assert move in window.session.game.legal_moves()
    assert str(move) in window.statusBar().currentMessage()
    assert "win rate" in window.statusBar().currentMessage() or "proven" in (
        window.statusBar().currentMessage()
    )
    # A ghost ball of the mover's colour on the hinted point; gone once a move is played.
    site = window.session.game.lattice.id_of(*move.point)
    assert window.board.frame().ghosts == {site: "blue"}
    assert not window.port.bar.isVisibleTo(window)
    window.session.play(move)
    assert window.lab.engine.hints.move() is None
    assert not guard_errors


def test_a_hint_in_a_settled_position_is_the_game_s_value(make_window, qtbot, guard_errors):
    """Issue 45: the Hint asks the solver first; on base 3 (settled in well under its
    second) it says the proven value and its move, whatever the engine would guess. Base-3
    stacking: red to move loses; the hint is the longest resistance, said as a loss."""
    window = make_window(Partition(PartitionOptions(3, "stacking")))
    window.menus.actions["hint"].trigger()
    message = window.statusBar().currentMessage
    qtbot.waitUntil(lambda: message().startswith("hint: "), timeout=WAIT_MS)
    assert "proven loss in 14 plies" in message()
    assert window.lab.engine.hints.move() in window.session.game.legal_moves()
    assert not guard_errors


def test_the_computer_answers_the_human_move(fresh_window, qtbot, guard_errors):
    window = fresh_window  # (a new base-3 Partition)
    window.lab.engine.seed = 1
    window.menus.seats.players["blue"]["easy"].trigger()
    assert idle(window)  # red (the human) moves first
    window.board.play(window.session.game.parse_move("0,0,0"))  # as a click plays it
    assert window.lab.engine.computer_thinking
    assert "computer" in window.parts.status_prompt.text() or "computer" in (
        window.statusBar().currentMessage()
    )
    qtbot.waitUntil(lambda: window.session.ply == 2, timeout=WAIT_MS)
    assert window.session.game.to_move == "red"
    said = window.statusBar().currentMessage()
    assert said.endswith("(computer)")  # its win rate and line would spoil the game
    assert "win rate" not in said
    window.menus.actions["reckoning"].trigger()  # Game > Show the computer's reckoning
    window.board.play(window.session.game.parse_move("1,0,0"))
    qtbot.waitUntil(lambda: window.session.ply == 4, timeout=WAIT_MS)
    assert "(computer: " in window.statusBar().currentMessage()
    assert window.menus.actions["reckoning"].isChecked()
    assert idle(window)
    assert not guard_errors


def test_clicks_are_refused_while_the_computer_thinks(fresh_window, qtbot, guard_errors):
    window = fresh_window  # (a new base-3 Partition)
    window.menus.seats.players["red"]["strong"].trigger()  # long enough to click meanwhile
    assert window.lab.engine.computer_thinking
    window.board.play(window.session.game.parse_move("0,0,0"))
    assert window.session.ply == 0
    assert "Stop to take over" in window.statusBar().currentMessage()
    window.port.stop_button.click()
    assert idle(window)
    assert window.lab.engine.seats.paused
    qtbot.wait(50)  # a late answer of the stopped search changes nothing
    window.board.play(window.session.game.parse_move("0,0,0"))  # the human takes over
    assert window.session.ply == 1
    window.lab.engine.stop()
    assert not guard_errors


def test_stop_stops_and_the_gui_keeps_running(make_window, qtbot, guard_errors, monkeypatch):
    import pyramid_lab.model.search as search  # the lab's job runner asks the door for the agents

    agent_for = search.agent_for

    def long_thinker(game, level, **kwargs):  # a slow CI machine must not finish first
        return agent_for(game, level, **kwargs)[0], search.Limits(seconds=THINKS)

    monkeypatch.setattr(search, "agent_for", long_thinker)
    window = make_window(Partition(PartitionOptions(5)))
    ticks = []
    timer = QTimer(window, interval=20)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start()
    window.menus.seats.players["red"]["strong"].trigger()  # two minutes of thinking
    assert window.lab.engine.computer_thinking
    thread = window.lab.engine.runner.job.thread
    qtbot.waitUntil(lambda: window.port.bar.value() > 0, timeout=WAIT_MS)
    ticks.clear()
    # the event loop runs while the engine thinks: five ticks come long before its end
    # (counted as they come: a busy machine gives fewer in a fixed 0.3 s)
    qtbot.waitUntil(lambda: len(ticks) >= 5, timeout=WAIT_MS)
    assert window.lab.engine.computer_thinking
    window.menus.actions["stop_engine"].trigger()
    assert idle(window)
    thread.join(THINKS / 2)  # stopped: long before the time it would have thought
    assert not thread.is_alive()
    qtbot.wait(100)
    assert window.session.ply == 0  # the stopped search played nothing
    timer.stop()
    assert not guard_errors


def test_an_answer_for_an_old_position_is_dropped(gl_display, qtbot):
    game = Partition(PartitionOptions(3))
    runner = JobRunner(lambda: game, gui_post(None))
    answers = []
    runner.answered.connect(lambda job, choice: answers.append(choice))
    job = runner.start("hint", "easy", seed=1)
    game.push(game.parse_move("0,0,0"))  # the position changes under the search
    job.thread.join(WAIT_S)
    qtbot.wait(100)  # the queued answer arrives and is dropped
    assert answers == []
    assert not runner.thinking
    game.pop()
    runner.start("hint", "easy", seed=1)
    qtbot.waitUntil(lambda: len(answers) == 1, timeout=WAIT_MS)
    runner.shutdown()
    assert runner.alive() == 0


def test_a_search_stopped_on_request_is_no_engine_error(gl_display, qtbot, caplog):
    """A task that ends by raising SearchStopped once Stop is asked (the Solve defence's
    prover does) stopped as asked: no "engine error" in the log, no failed signal (the
    GUI monkey found the traceback in the log)."""
    import threading

    from pyramid_lab.model.search import SearchStopped

    game = Partition(PartitionOptions(3))
    runner = JobRunner(lambda: game, gui_post(None))
    failed = []
    runner.failed.connect(lambda job, exc: failed.append(exc))
    started = threading.Event()

    def task(_game, _progress, stop):
        started.set()
        stop.wait(WAIT_S)
        raise SearchStopped("interrupted")

    job = runner.run("solve", task)
    assert started.wait(WAIT_S)
    runner.stop()
    job.thread.join(10)
    qtbot.wait(50)
    assert failed == []
    assert "engine error" not in caplog.text
    # a SearchStopped nobody asked for is still an error
    job = runner.run("solve", lambda *_a: (_ for _ in ()).throw(SearchStopped("time limit")))
    job.thread.join(10)
    qtbot.waitUntil(lambda: len(failed) == 1, timeout=WAIT_MS)
    assert "engine error" in caplog.text
    runner.shutdown()


def test_undo_takes_back_both_moves_and_waits(fresh_window, qtbot, guard_errors):
    window = fresh_window  # (a new base-3 Partition)
    window.lab.engine.seed = 2
    window.menus.seats.players["blue"]["easy"].trigger()
    window.board.play(window.session.game.parse_move("0,0,0"))
    qtbot.waitUntil(lambda: window.session.ply == 2, timeout=WAIT_MS)
    window.menus.actions["undo"].trigger()
    assert window.session.ply == 0
    assert idle(window)
    window.board.play(
        window.session.game.parse_move("1,0,0")
    )  # the human moves: the computer answers
    qtbot.waitUntil(lambda: window.session.ply == 2, timeout=WAIT_MS)
    # Undo while it thinks: the search stops and the human's move goes back.
    window.lab.engine.set_player("blue", "strong")
    assert window.menus.seats.players["blue"]["strong"].isChecked()  # the menu follows
    window.board.play(
        window.session.game.legal_moves()[0]
    )  # a free point (the easy reply took one)
    assert window.lab.engine.computer_thinking
    window.menus.actions["undo"].trigger()
    assert idle(window)
    assert window.session.ply == 2
    qtbot.wait(100)
    assert window.session.ply == 2  # paused until the next move on the board
    assert not guard_errors


def test_the_players_menu_and_the_players_of_another_game(fresh_window, qtbot):
    from pyramid_lab.model.pyraos import Pyraos

    window = fresh_window
    menus = window.menus
    assert set(menus.seats.players) == set(window.session.game.players)
    assert all(actions[None].isChecked() for actions in menus.seats.players.values())  # humans
    window.lab.engine.pace = 0
    window.lab.engine.seats.paused = True  # nothing is played here: only the menus are looked at
    menus.seats.players["blue"]["medium"].trigger()
    assert window.lab.engine.seats.computer == {"blue": "medium"}
    assert menus.seats.player_menus["blue"].title() == "Blue: Computer (medium)"
    assert menus.seats.player_menus["red"].title() == "Red: Human"
    menus.seats.players["blue"][None].trigger()
    assert window.lab.engine.seats.computer == {}
    menus.seats.players["red"]["easy"].trigger()
    window.lab.engine.stop()
    window.session.replace_game(Pyraos())  # another game's colours: red is forgotten
    assert set(menus.seats.players) == {"white", "black"}
    assert window.lab.engine.seats.computer == {}
    assert all(actions[None].isChecked() for actions in menus.seats.players.values())


def test_shutdown_joins_the_thread(make_window, qtbot):
    """The window's close stops the computer's search and waits for its thread. The
    compiled core is loaded first: a process's first search loads it (a second or more
    under load, which no stop interrupts), and the close waits half a second; the test is
    about the search's thread, not the load (a flake run alone: the load outlasted it)."""
    from pyramid_lab.model import search

    search.warm_up(knowledge=None)
    window = make_window(Partition(PartitionOptions(5)))
    window.menus.seats.players["red"]["strong"].trigger()
    thread = window.lab.engine.runner.job.thread
    window.shutdown()
    assert not thread.is_alive()


def test_the_engine_thinks_on_what_the_seat_to_move_may_see(gl_display, qtbot):
    # Rolling Pyramids deploys in secret: when blue deploys, red's targets are red's own.
    from pyramid_lab.model.rolling import RollingPyramids
    from pyramid_lab.model.rolling.players import GreedyPlayer, RandomPlayer

    game = RollingPyramids.new(RollingPyramids.parse_options({"players": 2}))
    player = RandomPlayer(5)
    while not (game.phase == "deploy" and game.to_move == "blue"):
        game.push(player.move(game))
    assert any(o.player == 0 and o.cell is not None for o in game.state.orders)
    runner = JobRunner(lambda: game, gui_post(None))
    seen = []
    runner.run("hint", lambda view, progress, stop: seen.append(view))
    qtbot.waitUntil(lambda: bool(seen), timeout=WAIT_MS)
    view = seen[0]
    assert [o.cell for o in view.state.orders if o.player == 0] == [None] * sum(
        o.player == 0 for o in game.state.orders
    )
    assert view.move_stack == []  # the history names red's targets
    answers = []
    runner.answered.connect(lambda job, hint: answers.append(hint.choice.move))  # HintAnswer
    runner.start("hint", "greedy", seed=3)
    qtbot.waitUntil(lambda: bool(answers), timeout=WAIT_MS)
    assert answers == [GreedyPlayer(3).move(game.information_state(1))]
    runner.shutdown()
