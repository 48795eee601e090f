"""The levels of computer play: which agent, with which limits, plays "easy", "medium" and
"strong" in each game (:func:`agent_for`), for the window's computer player, its Hint and
Analysis dock, and the command line.

In the games with a compiled kernel (:mod:`model.search.compiled`: Pyramid Partition up to
base 6, Pyraos, Allmer's Pyramid) a level is a number of playouts of the compiled MCTS, not
seconds: it plays as strongly on a slow or loaded machine, only slower. The numbers are
chosen by the 20-game matches of ``tests/bench/levels.py`` (the README has the table): each
level beats the one below in each game. Elsewhere the levels are the pure-Python agents
with limits in seconds.
"""

from __future__ import annotations

from ..game import SIMULTANEOUS, Game
from .agents import AlphaBetaAgent, MCTSAgent, OwnPlayerAgent, RandomAgent
from .choice import Agent, Limits
from .compiled.adapters import adapter_for

LEVELS = ("easy", "medium", "strong")
#: Playouts a move of each level in the games with a compiled kernel (see the module).
#: Partition's medium is 40 (with RAVE, which easy lacks): at 1,000 the side to move won
#: on colour alone (strong lost 2 of 2 games moving second); at 40 it beats easy 19-1.
PLAYOUTS: dict[str, dict[str, int]] = {
    "partition": {"easy": 100, "medium": 40, "strong": 50_000},
    "pyraos": {"easy": 100, "medium": 3_000, "strong": 60_000},
    "terrace": {"easy": 100, "medium": 3_000, "strong": 60_000},
}
#: Where RAVE (all moves as first) helps: a point taken is good whenever it is taken (a
#: connection game); not in a race of stones.
RAVE = ("partition",)
PLAYOUT_CAPS = {"terrace": 24}  # random play wanders for ever; the evaluation judges

# The pure-Python levels (games without a compiled kernel, or a Partition base above 6)
ALPHA_BETA = ("terrace",)  # games whose strong level is alpha-beta
ALPHA_BETA_MEDIUM = ("terrace",)  # games whose medium level is a short alpha-beta
#: Games whose medium level is a number of playouts, not 0.5 s: in Pyramid Partition the
#: side to move wins once MCTS with RAVE has some 70 playouts a move, so medium at 0.5 s
#: (about 200) drew level with strong on colour alone (first movers won 20 of 20); at 40
#: it still beats easy (9-1) and strong beats it with either colour.
MEDIUM_PLAYOUTS = {"partition": 40}


def levels_for(game: Game | type[Game]) -> tuple[str, ...]:
    """The levels of computer play a game offers: its own players' (``computer_levels``)
    or the shared easy / medium / strong."""
    return game.computer_levels or LEVELS


def agent_for(
    game: Game,
    level: str,
    *,
    seed: int | None = None,
    every_move: bool = False,
    player: int | None = None,
) -> tuple[Agent, Limits]:
    """The agent and limits for a level of play in ``game``.

    With a compiled kernel (see the module): the compiled MCTS-Solver with the playouts of
    :data:`PLAYOUTS` (easy without RAVE, so it sees a win or a loss in one and little more).

    Without one, the pure-Python agents by time:

    - easy: MCTS with 100 playouts and no RAVE;
    - medium: 0.5 s: alpha-beta in Allmer's Pyramid (random playouts judge a race of stones
      badly), MCTS elsewhere (with RAVE in Partition, where a good point is good whenever
      it is taken; there 40 playouts, see ``MEDIUM_PLAYOUTS``);
    - strong: 2.5 s: alpha-beta in Allmer's Pyramid (evaluation: material and height),
      MCTS elsewhere.

    At a simultaneous node (both sides program a turn in secret): easy plays at random,
    medium and strong are :class:`~model.search.sampling.SamplingAgent` (0.4 s against 8
    likely replies; 2 s against 20). They answer a joint move, or with ``player`` (a side's
    index) that side's part of it: the random agent then picks that side's part at random.
    A game of simultaneous turns (``Game.simultaneous_turns``) gets these at its turn nodes
    too (Pyramid Ball's choice of a special move).

    ``every_move`` asks the medium and strong agents to judge every root move to the end of
    their limits (the Analysis dock), not only to find the best.

    A game with players of its own (``Game.computer_levels``: chance nodes, scores as
    returns, which the tree searches here do not know) gets them instead, by its levels.
    """
    if game.computer_levels:
        if level not in game.computer_levels:
            levels = ", ".join(game.computer_levels)
            raise ValueError(f"level must be one of {levels}, not {level!r}")
        return OwnPlayerAgent(game.computer_player(level, seed), level), Limits(playouts=1)
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    # every side programs in secret: no tree (at the game's other nodes too: a special
    # move's choice is weighed by the programs of the turn after it)
    if game.simultaneous_turns or game.current_player() == SIMULTANEOUS:
        from .sampling import SamplingAgent

        if level == "easy":
            return RandomAgent(seed, player=player), Limits(playouts=1)
        if level == "medium":
            return SamplingAgent(seed, replies=8, player=player), Limits(seconds=0.4)
        return SamplingAgent(seed, replies=20, player=player), Limits(seconds=2.0)
    cap = PLAYOUT_CAPS.get(game.name, 200)
    if game.name in PLAYOUTS and adapter_for(game) is not None:
        from .compiled.agent import CompiledMCTSAgent

        rave = level != "easy" and game.name in RAVE
        agent = CompiledMCTSAgent(
            seed=seed, rave=rave, max_playout=cap, every_move=every_move and level != "easy"
        )
        return agent, Limits(playouts=PLAYOUTS[game.name][level])
    return _by_time(game, level, seed, every_move, cap)


def _by_time(
    game: Game, level: str, seed: int | None, every_move: bool, cap: int
) -> tuple[Agent, Limits]:
    """The pure-Python levels (see :func:`agent_for`)."""
    two = len(game.players) == 2
    if level == "easy":
        return MCTSAgent(seed=seed, rave=False, max_playout=cap), Limits(playouts=100)
    if level == "medium":
        if two and game.name in ALPHA_BETA_MEDIUM:
            return AlphaBetaAgent(every_move=every_move), Limits(seconds=0.5)
        rave = game.name in RAVE
        agent = MCTSAgent(seed=seed, rave=rave, max_playout=cap, every_move=every_move)
        playouts = MEDIUM_PLAYOUTS.get(game.name)
        return agent, Limits(playouts=playouts) if playouts else Limits(seconds=0.5)
    if two and game.name in ALPHA_BETA:
        return AlphaBetaAgent(every_move=every_move), Limits(seconds=2.5)
    return MCTSAgent(seed=seed, max_playout=cap, every_move=every_move), Limits(seconds=2.5)
