"""The playing agents (model.search.agents): legal moves on every game, limits, stop and
progress, the caller's game untouched, and tactics they must see."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from pyramid_lab.model.files import read
from pyramid_lab.model.game import CHANCE, SIMULTANEOUS, game_class, game_names
from pyramid_lab.model.search import agent_for, computer, knowledge_for, levels_for
from pyramid_lab.model.search.agents import RandomAgent
from pyramid_lab.model.search.alphabeta_agent import AlphaBetaAgent
from pyramid_lab.model.search.choice import Limits, SearchAgent
from pyramid_lab.model.search.compiled.agent import CompiledMCTSAgent
from pyramid_lab.model.search.mcts_agent import MCTSAgent
from tests.conftest import make_partition
from tests.model.handed import adapter_for
from tests.patience import WAIT_S, thread_seconds

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def agents():
    return [
        RandomAgent(seed=1),
        MCTSAgent(seed=1),
        MCTSAgent(seed=1, rave=False, max_playout=20),
        AlphaBetaAgent(),
        CompiledMCTSAgent(adapter_for, seed=1),
        CompiledMCTSAgent(adapter_for, seed=1, rave=False, max_playout=20),
    ]


def agent_id(agent):
    return ("compiled-" if isinstance(agent, CompiledMCTSAgent) else "") + agent.name


def snapshot(game):
    return game.position_key(), [str(m) for m in game.move_stack], game.is_over()


def turn_games():
    """Games whose start is a turn node (tree search's agents; a simultaneous game has
    its own, tested in test_ball_agents)."""
    return [n for n in game_names() if game_class(n).new().current_player() >= 0]


def test_simultaneous_games_are_left_to_their_own_agents():
    for name in set(game_names()) - set(turn_games()):
        assert game_class(name).new().current_player() == SIMULTANEOUS


@pytest.mark.parametrize("name", turn_games())
@pytest.mark.parametrize("agent", agents(), ids=agent_id)
def test_legal_move_and_game_untouched(name, agent):
    game = game_class(name).new()
    game.push(game.legal_moves()[0])
    if isinstance(agent, CompiledMCTSAgent) and adapter_for(game) is None:
        with pytest.raises(ValueError, match="no compiled kernel"):
            agent.choose(game, Limits(playouts=40))
        return
    before = snapshot(game)
    # (16 playouts: every root move is listed whatever their number, and a playout of
    # Rolling Pyramids is a whole game of hundreds of plies: 40 were 1.5 s of processor time)
    choice = agent.choose(game, Limits(playouts=16, depth=2, seconds=5))
    assert choice.move in game.legal_moves()
    assert snapshot(game) == before
    assert {s.move for s in choice.stats} <= set(game.legal_moves())
    if agent.name != "random":
        assert len(choice.stats) == len(game.legal_moves())
        assert choice.pv[0] == str(choice.move)


def test_finished_game_has_no_move():
    game = read(EXAMPLES / "partition/t1-red-wins-small.pyr.json").game
    for agent in agents():
        assert agent.choose(game, Limits(playouts=10, depth=1)).move is None


def test_playout_and_depth_limits():
    game = game_class("partition").new()
    assert MCTSAgent(seed=2).choose(game, Limits(playouts=75)).visits == 75
    assert CompiledMCTSAgent(adapter_for, seed=2).choose(game, Limits(playouts=75)).visits == 75
    assert AlphaBetaAgent().choose(game, Limits(depth=2)).depth == 2


@pytest.mark.parametrize("agent", agents()[1:], ids=agent_id)
def test_time_limit_and_stop(agent):
    game = game_class("partition").new()
    # processor time: a busy machine stretches the wall, never the work done by a deadline;
    # this thread's alone, where the search runs (a worker's other tests may leave threads)
    # (a deadline of 0.1 s and a stop after 0.05 s: a search that overlooks either runs on
    # far past the bounds, as it would past longer ones; the search's time is the test's)
    _, spent = thread_seconds(lambda: agent.choose(game, Limits(seconds=0.1)))
    assert spent < 1.5
    event = threading.Event()
    timer = threading.Timer(0.05, event.set)
    timer.start()
    choice, spent = thread_seconds(lambda: agent.choose(game, Limits(seconds=30), stop=event))
    assert spent < 2
    assert choice.stopped
    assert choice.move in game.legal_moves()
    assert agent.choose(game, Limits(seconds=30), stop=lambda: True).move in game.legal_moves()


@pytest.mark.parametrize(
    "agent", [MCTSAgent(seed=3), CompiledMCTSAgent(adapter_for, seed=3)], ids=agent_id
)
def test_progress_is_reported(agent):
    # stopped by the second report (in 0.7 s, on a busy machine, it may not come): a search
    # that says nothing runs to its time and fails
    seen = []
    agent.choose(
        game_class("pyraos").new(),
        Limits(seconds=WAIT_S),
        progress=lambda f, t: seen.append(f),
        stop=lambda: len(seen) >= 2,
    )
    assert len(seen) >= 2
    assert all(0 <= f <= 1 for f in seen)


# Base 3, found with the prover: red's only win in one, and a position where the side to
# move has one move (of six) that stops the other side winning next.
WIN_IN_ONE = make_partition(
    3,
    red=[(0, 2, 0), (2, 2, 0), (0, 1, 1), (0, 0, 2)],
    blue=[(0, 1, 0), (2, 1, 0), (1, 2, 0), (1, 0, 1)],
    study=False,
)
MUST_BLOCK = make_partition(  # blue to move is not lost, but only 0,0,2 stops red at once
    3,
    red=[(1, 0, 0), (2, 0, 0), (0, 1, 0), (0, 0, 1)],
    blue=[(1, 1, 0), (0, 2, 0), (1, 1, 1)],
    to_move="blue",
    study=False,
)


@pytest.mark.parametrize("agent", agents()[1:], ids=agent_id)
def test_sees_a_win_in_one(agent):
    choice = agent.choose(WIN_IN_ONE, Limits(playouts=300, depth=2, seconds=5))
    assert str(choice.move) == "1,1,1"
    assert (choice.proven, choice.plies) == ("win", 1)


@pytest.mark.parametrize("agent", agents()[1:], ids=agent_id)
def test_blocks_a_loss_in_one(agent):
    choice = agent.choose(MUST_BLOCK, Limits(playouts=500, depth=3, seconds=5))
    assert str(choice.move) == "0,0,2"


@pytest.mark.parametrize(
    "agent", [MCTSAgent(seed=4), CompiledMCTSAgent(adapter_for, seed=4)], ids=agent_id
)
def test_mcts_proves_the_lost_replies(agent):
    choice = agent.choose(MUST_BLOCK, Limits(playouts=3000))
    assert str(choice.move) == "0,0,2"
    assert choice.stats[0].proven != "loss"
    assert {s.proven for s in choice.stats[1:]} == {"loss"}  # red wins at once after each
    assert {s.win_rate for s in choice.stats[1:]} == {0.0}
    assert {s.plies for s in choice.stats[1:]} == {2}  # the move, then red's win
    assert choice.stats[1].proven_text == "loss in 2 plies"


@pytest.mark.parametrize("agent", agents()[1:], ids=agent_id)
def test_every_move_says_how_far_a_proven_win_is(agent):
    agent.every_move = True
    choice = agent.choose(WIN_IN_ONE, Limits(playouts=300, depth=2, seconds=5))
    best = choice.stats[0]
    assert (str(best.move), best.proven, best.plies) == ("1,1,1", "win", 1)
    assert best.proven_text == "win in 1 ply"
    assert choice.to_json()["stats"][0]["plies"] == 1


def test_alphabeta_finds_the_pyraos_win_in_7():
    game = read(EXAMPLES / "pyraos/endgame-win-in-7.pyr.json").game
    choice = AlphaBetaAgent().choose(game, Limits(depth=9, seconds=20))
    assert str(choice.move) == "3,0,0"
    assert (choice.proven, choice.plies) == ("win", 7)
    assert len(choice.pv) == 7


@pytest.mark.parametrize(
    ("name", "level"), [(n, lv) for n in game_names() for lv in levels_for(game_class(n))]
)
def test_levels(name, level):
    game = game_class(name).new()
    agent, limits = agent_for(game, level, seed=5, knowledge=knowledge_for(game))
    assert limits.seconds or limits.playouts
    choice = agent.choose(game, limits.scaled(0.04))
    assert choice.move in game.legal_moves()


def test_a_game_with_players_of_its_own_gets_them():
    game = game_class("rolling").new()
    assert levels_for(game) == ("random", "greedy", "planner")
    agent, _ = agent_for(game, "greedy", seed=1, knowledge=knowledge_for(game))
    choice = agent.choose(game)
    assert choice.move in game.legal_moves()
    assert not choice.judged
    with pytest.raises(ValueError, match="random, greedy, planner"):
        agent_for(game, "strong", knowledge=knowledge_for(game))


def test_unknown_level():
    with pytest.raises(ValueError, match="level"):
        agent_for(game_class("pyraos").new(), "grandmaster", knowledge=knowledge_for("pyraos"))


@pytest.mark.parametrize("name", ["partition", "pyraos", "terrace"])
def test_the_levels_of_a_compiled_game_are_playouts_not_seconds(name):
    game = game_class(name).new()
    chosen = [agent_for(game, level, knowledge=knowledge_for(game)) for level in computer.LEVELS]
    assert all(isinstance(agent, CompiledMCTSAgent) for agent, _ in chosen)
    assert all(limits.seconds is None for _, limits in chosen)
    easy, medium, strong = (limits.playouts for _, limits in chosen)
    assert medium < strong
    # Partition's medium has fewer playouts than easy, but RAVE, which easy lacks: with
    # more, the first mover's edge decided medium against strong (tests/bench/levels.py)
    (easy_agent, _), (medium_agent, _), _ = chosen
    assert not easy_agent.rave
    assert easy < medium or (name == "partition" and medium_agent.rave)


def test_a_partition_base_above_6_plays_the_pure_python_agents():
    game = make_partition(7, study=False)
    agent, limits = agent_for(game, "strong", knowledge=knowledge_for(game))
    assert isinstance(agent, MCTSAgent)
    assert limits.seconds == 2.5


#: A base-5 Partition middle game (35 plies, red to move, a win for red) where a constant
#: first-play value of 1.0 starved every root move but one: the first move tried won its
#: playouts, its UCB stayed above 1.0, and it took all 1,000 (pure) or 3,000 (compiled)
#: playouts, the 19 others none, and the win went unproven.
STARVING = [
    "3,4,0",
    "1,1,1",
    "1,2,1",
    "1,3,1",
    "1,0,3",
    "3,0,0",
    "1,2,0",
    "1,4,0",
    "1,2,2",
    "0,0,4",
    "1,0,2",
    "4,3,0",
    "2,0,1",
    "0,0,3",
    "1,3,0",
    "0,2,1",
    "0,2,2",
    "2,2,1",
    "3,2,0",
    "0,1,2",
    "2,4,0",
    "2,1,1",
    "3,3,0",
    "0,0,1",
    "1,1,3",
    "3,1,1",
    "3,3,1",
    "3,1,0",
    "0,0,2",
    "0,0,0",
    "2,3,1",
    "0,4,0",
    "0,3,0",
    "3,0,1",
    "0,2,0",
]


def starving_position():
    game = game_class("partition").new()
    for text in STARVING:
        game.push(next(m for m in game.legal_moves() if str(m) == text))
    return game


@pytest.mark.parametrize(
    ("agent", "playouts"),
    [
        (MCTSAgent(seed=2, rave=False), 600),
        (CompiledMCTSAgent(adapter_for, seed=2, rave=False), 3000),
        (MCTSAgent(seed=2), 600),
        (CompiledMCTSAgent(adapter_for, seed=2), 3000),
    ],
    ids=lambda a: a if isinstance(a, int) else agent_id(a) + ("" if a.rave else "-uct"),
)
def test_first_play_urgency_starves_no_sibling(agent, playouts):
    game = starving_position()
    choice = agent.choose(game, Limits(playouts=playouts))
    assert len(choice.stats) == 20
    visits = [s.visits for s in choice.stats if s.proven is None]
    # no move left untried while another takes the playouts: every child is tried (once
    # before any is tried twice, without RAVE), and no move takes half of them
    assert min(visits, default=1) >= 1
    assert max(visits, default=0) < playouts // 2


def test_the_template_refuses_a_chance_node_unless_it_rolls_the_dice():
    game = game_class("rolling").new()
    while game.current_player() != CHANCE:
        game.push(game.legal_moves()[0])
    with pytest.raises(ValueError, match="chance node"):
        MCTSAgent(seed=1).choose(game, Limits(playouts=10))
    rolled = RandomAgent(seed=1).choose(game)
    assert rolled.move in [m for m, _ in game.chance_outcomes()]
    assert not rolled.judged


class _Forced(SearchAgent):
    """A template user that plays forced moves at once (as a game's own player may)."""

    name = "forced"
    forced_at_once = True

    def __init__(self):
        self.searched = 0

    def _search(self, view, limits, clock):
        self.searched += 1
        return self._answer(view.legal_moves()[-1], clock)


def test_the_template_plays_a_forced_move_without_searching():
    agent = _Forced()
    game = make_partition(
        2, red=[(0, 0, 0), (1, 0, 0)], blue=[(0, 1, 0)], to_move="blue", version="stacking"
    )
    assert len(game.legal_moves()) == 1
    assert agent.move(game) == game.legal_moves()[0]
    assert agent.searched == 0
    while not game.is_over():
        game.push(game.legal_moves()[0])
    with pytest.raises(ValueError, match="over"):
        agent.move(game)
    assert agent.limits_for(None) == Limits(seconds=1.0)
    assert AlphaBetaAgent().limits_for(Limits(playouts=5)) == Limits(seconds=1.0, playouts=5)
    assert AlphaBetaAgent().limits_for(Limits(depth=3)) == Limits(depth=3)
