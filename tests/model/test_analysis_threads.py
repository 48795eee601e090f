"""The compiled MCTS on several threads (root-parallel, model/search/compiled/agent.py): the
playouts counted over every thread, the same answer's shape as one thread's, a forced win
found, Stop and the deadline ending every thread, one thread as repeatable as before, and
the threads refused in words where they are not a count."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.pyraos import Pyraos
from pyramid_lab.model.search import Limits, agent_for, analyse, computer, knowledge_for
from pyramid_lab.model.search.compiled import agent as compiled_agent
from pyramid_lab.model.search.compiled import mcts
from pyramid_lab.model.search.compiled.agent import CompiledMCTSAgent
from tests.conftest import make_partition
from tests.model.handed import adapter_for
from tests.patience import WAIT_S, analyse_every_move, processor_seconds

# Base 3: red's only win in one is 1,1,1 (tests/model/test_agents.py).
WIN_IN_ONE = dict(
    red=[(0, 2, 0), (2, 2, 0), (0, 1, 1), (0, 0, 2)],
    blue=[(0, 1, 0), (2, 1, 0), (1, 2, 0), (1, 0, 1)],
)


def mcts_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("mcts-")]


@pytest.fixture
def searches(monkeypatch):
    """Every tree the compiled agent makes, and the threads that ran each one's slices (the
    Thread objects, not their idents: an ident is reused once its thread has ended, and one
    tree's thread may end before the other's starts)."""
    small = Partition.new(PartitionOptions(2, "floating"))
    adapter = adapter_for(small)
    assert adapter is not None
    compiled_agent.warm_up(adapter, small)  # its own small search first
    made: list[compiled_agent._Search] = []
    ran: dict[int, set[threading.Thread]] = {}
    init, run = compiled_agent._Search.__init__, compiled_agent._Search.run

    def spy_init(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)

    def spy_run(self, budget):
        ran.setdefault(id(self), set()).add(threading.current_thread())
        return run(self, budget)

    monkeypatch.setattr(compiled_agent._Search, "__init__", spy_init)
    monkeypatch.setattr(compiled_agent._Search, "run", spy_run)
    return made, ran


def test_two_threads_count_the_playouts_of_both(searches):
    made, ran = searches
    game = Partition.new(PartitionOptions(4))
    choice = CompiledMCTSAgent(adapter_for, seed=1, threads=2).choose(game, Limits(playouts=2001))
    assert len(made) == 2
    assert sorted(s.playouts for s in made) == [1000, 1001]  # the limit shared out
    assert choice.visits == 2001 == sum(s.visits for s in choice.stats)
    threads = [ran[id(s)] for s in made]
    assert all(len(t) == 1 for t in threads)  # each tree on a thread of its own...
    assert threads[0] != threads[1]
    assert threading.current_thread() not in threads[0] | threads[1]  # ... not the caller's
    assert not mcts_threads()
    # the root moves merged: each move once, its visits the sum of both trees'
    first = int(made[0].tree.first[0])
    count = int(made[0].tree.count[0])
    assert len(choice.stats) == count == len(game.legal_moves())
    by_move = {str(s.move): s.visits for s in choice.stats}
    for c in range(first, first + count):
        move = str(made[0].adapter.public(game, int(made[0].tree.move[c])))
        assert by_move[move] == sum(int(s.tree.visits[c]) for s in made)


def test_a_win_in_one_is_found_on_two_threads_as_on_one():
    game = make_partition(3, **WIN_IN_ONE, study=False)
    one = analyse(game, seconds=0.6, seed=1, threads=1, knowledge=knowledge_for(game))
    two = analyse(game, seconds=0.6, seed=1, threads=2, knowledge=knowledge_for(game))
    assert one.to_json().keys() == two.to_json().keys()
    for analysis in (one, two):
        assert str(analysis.moves[0].move) == "1,1,1"
        assert analysis.moves[0].proven == "win"
        assert analysis.proven_text == "proven: red wins in 1 move (1,1,1)"
        assert len(analysis.moves) == analysis.legal == len(game.legal_moves())
        # settled by the solver before any search (issue 45): every move proven
        assert analysis.agent.startswith("perfect play")
        assert all(s.proven in ("win", "loss") for s in analysis.moves)
    # the agent alone, without the prover: the root's proof merged from both trees
    agent, _ = agent_for(game, "strong", seed=3, threads=2, knowledge=knowledge_for(game))
    choice = agent.choose(game, Limits(seconds=0.5))
    assert str(choice.move) == "1,1,1"
    assert choice.proven == "win"


def test_pyraos_analysis_on_two_threads_has_every_move(monkeypatch):
    from pyramid_lab.model.search.games.pyraos.prober import opening

    # the threads' search, not the book's opening (which knows the empty pyramid at once)
    monkeypatch.setattr(opening, "shipped", lambda variant, removal: None)
    game = Pyraos.new()
    # until the threads have run playouts enough to reach every move, whatever the
    # machine's load (in 0.6 s a busy machine may reach a few)
    analysis = analyse_every_move(game, seed=2, threads=2)
    assert analysis.agent.startswith("mcts")
    assert len(analysis.moves) == len(game.legal_moves())
    assert analysis.visits == sum(s.visits for s in analysis.moves) > 0
    assert "threads" not in analysis.evaluation_text  # the same words as one thread's


def test_stop_ends_every_thread_at_once():
    game = Partition.new(PartitionOptions(5))
    agent = CompiledMCTSAgent(adapter_for, seed=4, threads=2, every_move=True)
    stop = threading.Event()
    texts: list[str] = []
    asked: list[float] = []

    def progress(_fraction: float, text: str) -> None:  # Stop once it reports its work
        texts.append(text)
        if not asked:
            asked.append(time.process_time())
            stop.set()

    choice = agent.choose(game, Limits(seconds=60), progress, stop)
    assert asked
    # a slice each: hundredths of a second of processor time (which a busy machine does
    # not stretch, as it does the wall's)
    assert time.process_time() - asked[0] < 1.0
    assert choice.stopped
    assert choice.visits > 0
    assert not mcts_threads()  # every thread has ended
    assert "on 2 threads" in texts[0]


def test_the_deadline_ends_every_thread():
    game = Partition.new(PartitionOptions(5))
    began = time.monotonic()  # a backstop, so that a deadline not kept fails, not hangs

    def backstop() -> bool:
        return time.monotonic() - began > WAIT_S

    analysis, spent = processor_seconds(
        lambda: analyse(
            game, seconds=0.5, seed=5, threads=2, stop=backstop, knowledge=knowledge_for(game)
        )
    )
    # the two threads' processor time: 0.5 s each, and the step under way (a busy machine
    # stretches the wall time, 2.47 s at load 10, never this)
    assert spent < 2 * (0.5 + 1.5)
    assert not analysis.stopped  # the deadline ended it
    assert analysis.visits > 0
    assert not mcts_threads()


def test_one_thread_is_repeatable_from_its_seed():
    game = Partition.new(PartitionOptions(4))

    def answer():
        agent = CompiledMCTSAgent(adapter_for, seed=7, threads=1, every_move=True)
        out = agent.choose(game, Limits(playouts=3000)).to_json()
        out.pop("seconds")
        return out

    assert answer() == answer()


def test_the_threads_own_generators_follow_the_seed():
    a, b = (
        CompiledMCTSAgent(adapter_for, seed=8, threads=3),
        CompiledMCTSAgent(adapter_for, seed=8, threads=3),
    )
    states = [int(a._thread_rng(i)[0]) for i in range(3)]
    assert states == [int(b._thread_rng(i)[0]) for i in range(3)]
    assert len(set(states)) == 3


@pytest.mark.parametrize("threads", [0, -1, 257, True, 2.0, "2"])
def test_threads_not_a_count_are_refused_in_words(threads):
    game = Partition.new(PartitionOptions(3))
    for call in (
        lambda: CompiledMCTSAgent(adapter_for, threads=threads),
        lambda: agent_for(game, "strong", threads=threads, knowledge=knowledge_for(game)),
        lambda: analyse(game, seconds=0.1, threads=threads, knowledge=knowledge_for(game)),
    ):
        with pytest.raises(ValueError, match=r"^threads must be ") as info:
            call()
        assert "\n" not in str(info.value)


def test_the_default_is_the_cores():
    assert 1 <= computer.default_threads() <= 256


def test_the_merged_root_value_is_the_solvers():
    """_root_value (the merged root, in Python) agrees with mcts._prove (each tree's)."""
    rng = np.random.default_rng(0)
    for _ in range(300):
        n = int(rng.integers(1, 6))
        proven = rng.integers(0, 4, size=n).astype(np.int8)
        plies = rng.integers(0, 9, size=n).astype(np.int16)
        first = np.array([1] + [-1] * n, dtype=np.int32)
        count = np.array([n] + [0] * n, dtype=np.int32)
        tree_proven = np.concatenate([[0], proven]).astype(np.int8)
        tree_plies = np.concatenate([[0], plies]).astype(np.int16)
        mcts._prove(0, first, count, tree_proven, tree_plies)
        value, length = compiled_agent._root_value(proven, plies)
        assert value == tree_proven[0]
        if value != mcts.UNKNOWN:
            assert length == tree_plies[0]
