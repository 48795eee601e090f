"""The computer opponents of Pyramid Ball: agent_for at a simultaneous node (random for
easy, the sampling agent above), the sampling agent's programs (legal, seeded, within its
limits, stoppable) and its strength: it beats random play."""

from __future__ import annotations

import threading

from pyramid_lab.model.ball import PyramidBall
from pyramid_lab.model.game import JointMove
from pyramid_lab.model.search import Limits, agent_for, knowledge_for
from pyramid_lab.model.search.agents import RandomAgent
from pyramid_lab.model.search.games.ball import SamplingAgent, propose
from tests.patience import WAIT_S


def test_agent_for_a_simultaneous_node():
    game = PyramidBall.new()
    easy, _ = agent_for(game, "easy", seed=1, knowledge=knowledge_for(game))
    medium, medium_limits = agent_for(game, "medium", seed=1, knowledge=knowledge_for(game))
    strong, strong_limits = agent_for(game, "strong", seed=1, knowledge=knowledge_for(game))
    assert isinstance(easy, RandomAgent)
    assert isinstance(medium, SamplingAgent)
    assert isinstance(strong, SamplingAgent)
    assert strong_limits.seconds > medium_limits.seconds
    move = easy.choose(game).move
    assert isinstance(move, JointMove)
    assert game.why_illegal(move) is None


def test_proposals_are_legal():
    import random

    rng = random.Random(3)
    game = PyramidBall.new()
    for _ in range(6):
        for side in (0, 1):
            for _ in range(30):
                assert game.program_problem(propose(game, side, rng), side) is None
        game.push(game.random_joint_move(rng))
        if game.is_over():
            break


def test_sampling_agent_is_seeded_and_answers_its_side():
    game = PyramidBall.new()
    a = SamplingAgent(7, player=1).choose(game, Limits(playouts=80))
    b = SamplingAgent(7, player=1).choose(game, Limits(playouts=80))
    assert a.move == b.move
    assert a.visits <= 80
    assert a.stats
    assert game.program_problem(a.move, 1) is None
    joint = SamplingAgent(7).choose(game, Limits(playouts=80)).move
    assert isinstance(joint, JointMove)
    assert game.why_illegal(joint) is None
    assert game.move_stack == []  # the caller's game is untouched


def test_sampling_agent_stops():
    stop = threading.Event()
    stop.set()
    choice = SamplingAgent(1, player=0).choose(PyramidBall.new(), Limits(seconds=30), stop=stop)
    assert choice.stopped
    assert choice.move is not None


def play(seed: int, side: int, budget: int = 60, cap: int = 30) -> str | None:
    """One basic game: the sampling agent plays ``side``, random play the other."""
    game = PyramidBall.new()
    sampler, rand = SamplingAgent(seed, side), RandomAgent(seed)
    for _ in range(cap):
        if game.is_over():
            break
        programs = list(rand.choose(game).move.moves)
        programs[side] = sampler.choose(game, Limits(playouts=budget)).move
        game.push(JointMove(tuple(programs)))
    outcome = game.outcome()
    return outcome.winner if outcome else None


def test_sampling_beats_random():
    wins = sum(play(seed, seed % 2) == ("red", "blue")[seed % 2] for seed in range(20))
    assert wins >= 15, f"the sampling agent won only {wins} of 20 basic games against random"


def test_sampling_agent_reports_progress_and_random_agent_answers_one_side():
    reports = []

    def under_way() -> bool:  # a report while it samples (a few times a second)
        return any(0 < f < 1 and "programs" in text for f, text in reports)

    # stopped once one came, its seconds a backstop (how many come in 0.5 s is a busy
    # machine's to cut): an agent that says nothing while it works runs to WAIT_S and fails
    choice = SamplingAgent(2, player=0).choose(
        PyramidBall.new(),
        Limits(seconds=WAIT_S),
        progress=lambda f, text: reports.append((f, text)),
        stop=under_way,
    )
    assert choice.move is not None
    assert len(reports) >= 2  # while it works, then the end
    assert under_way()
    assert reports[-1][0] == 1.0
    game = PyramidBall.new()
    easy, _ = agent_for(game, "easy", seed=3, player=1, knowledge=knowledge_for(game))
    part = easy.choose(game).move
    assert not isinstance(part, JointMove)
    assert game.program_problem(part, 1) is None


def test_a_programs_rate_is_against_where_the_side_stands_now():
    """A hint's rate is the share of likely replies after which the side is better off than
    it stands now. Measured against 0, the side holding the ball 'won' whatever it did,
    standing still included, and every hint said 100 %."""
    import random

    from pyramid_lab.model.ball.rules import parse_program
    from pyramid_lab.model.search.games.ball import rate, sample

    game = PyramidBall.new()
    side = game.offence
    rng = random.Random(3)
    replies = [sample(game, 1 - side, rng) for _ in range(12)]
    stand = parse_program("S,S,S/S,S,S/S,S,S")
    values, still = rate(game, side, stand, replies)
    kept = sum(v > 0 for v in values) / len(values)  # the replies that leave it the ball
    assert 0 < kept < 1
    # standing still, the side keeps at best where it stands: a tie, never a win
    assert still == 0.5 * kept


def test_a_choice_is_one_of_the_listed_moves(monkeypatch):
    # A proposal may step off the board: a legal program, yet not the Stand-normal one
    # legal_moves() lists (1 of 200 of blue's first proposals), and the agent returned it
    # as it was (found under load, where the first proposal is often the only one): the
    # Moves dock and the levels test could not find it among the moves.
    import random

    import pyramid_lab.model.search.games.ball as sampling

    game = PyramidBall.new()
    rng = random.Random(1)
    off_board = next(
        p for p in (propose(game, 1, rng) for _ in range(2000)) if p not in game.legal_moves(1)
    )
    assert game.program_problem(off_board, 1) is None
    monkeypatch.setattr(sampling, "propose", lambda *_args, **_kw: off_board)
    choice = SamplingAgent(seed=1, player=1).choose(game, Limits(playouts=4))
    assert choice.move in game.legal_moves(1)
    assert all(stat.move in game.legal_moves(1) for stat in choice.stats)


def test_normal_program_plays_as_the_program_and_is_listed():
    import random

    rng = random.Random(3)
    game = PyramidBall.new()
    for _ in range(12):
        programs = []
        for side in (0, 1):
            program = propose(game, side, rng)
            while game.program_problem(program, side):
                program = propose(game, side, rng)
            normal = game.normal_program(program, side)
            assert normal in game.program_space(side)
            programs.append((program, normal))
        raw, normal = game.copy(), game.copy()
        raw.push(JointMove(tuple(p for p, _ in programs)))
        normal.push(JointMove(tuple(n for _, n in programs)))
        assert raw.position_key() == normal.position_key()
        game = raw
        while game.choosing is not None:
            game.push(game.choices()[0])
        if game.is_over():
            break
