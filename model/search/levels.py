"""The levels of computer play: which agent, with which limits, plays "easy", "medium" and
"strong" in each game (:func:`agent_for`), for the window's computer player, its Hint and
Analysis dock, and the command line.

What differs between games is the game's plug-in's, handed to :func:`agent_for` by the
door (:mod:`model.search.wiring`): its playouts a level, RAVE, its playout cap, alpha-beta
for medium or strong, or players of its own. In the games with a compiled kernel a level
is a number of playouts of the compiled MCTS, not seconds: it plays as strongly on a slow
or loaded machine, only slower. The numbers are chosen by the 20-game matches of
``tests/bench/levels.py`` (``docs/engines.md`` has the table): each level beats the one
below in each game. Elsewhere the levels are the pure-Python agents with limits in seconds.
"""

from __future__ import annotations

from functools import partial

from pyramid_lab.i18n import M_, N_

from ..game import SIMULTANEOUS, Game, SaidError
from .agents import RandomAgent
from .alphabeta_agent import AlphaBetaAgent
from .choice import Agent, Limits
from .kernels import adapter_for
from .mcts_agent import MCTSAgent
from .registry import Plugin
from .threads import MAX_THREADS as MAX_THREADS  # the namespace `computer` has them
from .threads import check_threads
from .threads import default_threads as default_threads

LEVELS = ("easy", "medium", "strong")
#: A level asked for that is none of the game's.
LEVEL_IS = N_("level must be one of {levels}, not {level}")
#: The pure-Python strong level's seconds a move.
STRONG_SECONDS = 2.5
#: The most seconds a pure-Python level by playouts takes a move (see :func:`_by_time`).
CEILING_SECONDS = 10.0


def levels_of(knowledge: Plugin) -> tuple[str, ...]:
    """The levels of computer play of the game whose plug-in is ``knowledge``: its own
    players' or the shared easy / medium / strong."""
    return knowledge.own_levels or LEVELS


def agent_for(
    game: Game,
    level: str,
    *,
    knowledge: Plugin,
    seed: int | None = None,
    every_move: bool = False,
    player: int | None = None,
    threads: int = 1,
) -> tuple[Agent, Limits]:
    """The agent and limits for a level of play in ``game``, whose plug-in is
    ``knowledge`` (handed by the caller: ``search.knowledge_for(game)``).

    With a compiled kernel and playouts a level in the game's plug-in: the compiled
    MCTS-Solver with those playouts (easy without RAVE, so it sees a win or a loss in one
    and little more).

    Without, the pure-Python agents by time:

    - easy: MCTS with 100 playouts and no RAVE (at most 10 s);
    - medium: 0.5 s: alpha-beta where the plug-in asks for it (random playouts judge a race
      of stones badly), MCTS elsewhere (with RAVE where the plug-in says a good point is
      good whenever it is taken; a number of playouts where it gives one, at most 10 s);
    - strong: 2.5 s: alpha-beta where the plug-in asks for it, MCTS elsewhere.

    A game with players of its own (the plug-in's ``own_levels``: chance nodes, scores as
    returns, which the tree searches here do not know) gets them, by its levels; at a
    simultaneous node the plug-in's ``agent`` answers for easy / medium / strong (a joint
    move, or with ``player`` that side's part), and a game without one plays at random.

    ``every_move`` asks the medium and strong agents to judge every root move to the end of
    their limits (the Analysis dock), not only to find the best.

    ``threads``: the compiled MCTS searches on that many threads at once (root-parallel; a
    level's playouts shared out among them, so it answers sooner); the other agents search
    on one (pure Python holds the interpreter's lock: more threads would only take turns).
    ValueError unless 1 to :data:`MAX_THREADS`.
    """
    check_threads(threads)
    plugin = knowledge
    if plugin.own_levels:
        if level not in plugin.own_levels:
            levels = ", ".join(plugin.own_levels)
            raise SaidError(M_(LEVEL_IS, levels=levels, level=repr(level)))
        assert plugin.agent is not None, f"{game.title}: own levels need the plug-in's agent"
        return plugin.agent(game, level, seed, player)
    if level not in LEVELS:
        raise SaidError(M_(LEVEL_IS, levels=", ".join(LEVELS), level=repr(level)))
    # every side programs in secret: no tree (at the game's other nodes too, where its
    # turns are simultaneous: a special move's choice is weighed by the turn after it)
    if game.simultaneous_turns or game.current_player() == SIMULTANEOUS:
        if plugin.agent is not None:
            return plugin.agent(game, level, seed, player)
        return RandomAgent(seed, player=player), Limits(playouts=1)
    if plugin.playouts and adapter_for(game, plugin) is not None:
        return _compiled(plugin, level, seed, every_move, threads)
    return _by_time(game, plugin, level, seed, every_move)


def _compiled(
    plugin: Plugin, level: str, seed: int | None, every_move: bool, threads: int
) -> tuple[Agent, Limits]:
    """The compiled MCTS-Solver with the playouts of ``level`` in the plug-in (easy
    without RAVE and without judging every root move)."""
    from .compiled.agent import CompiledMCTSAgent

    rave = level != "easy" and plugin.rave
    agent = CompiledMCTSAgent(
        partial(adapter_for, knowledge=plugin),
        seed=seed,
        rave=rave,
        max_playout=plugin.playout_cap,
        every_move=every_move and level != "easy",
        threads=threads,
    )
    return agent, Limits(playouts=plugin.playouts[level])


def _by_time(
    game: Game, plugin: Plugin, level: str, seed: int | None, every_move: bool
) -> tuple[Agent, Limits]:
    """The pure-Python levels (see :func:`agent_for`). A level by playouts stops at
    :data:`CEILING_SECONDS` all the same: on a large board (a base-30 pyramid's playout
    takes seconds) 100 playouts would keep the window waiting minutes for a move; up to
    base 12 or so, where the levels were matched, the playouts end it first."""
    two = len(game.players) == 2
    cap = plugin.playout_cap
    evaluation = plugin.evaluation
    if level == "easy":
        agent = MCTSAgent(seed=seed, rave=False, max_playout=cap, evaluation=evaluation)
        return agent, Limits(playouts=100, seconds=CEILING_SECONDS)
    if level == "medium":
        if two and plugin.alpha_beta_medium:
            return AlphaBetaAgent(every_move=every_move, evaluation=evaluation), Limits(seconds=0.5)
        agent = MCTSAgent(
            seed=seed,
            rave=plugin.rave,
            max_playout=cap,
            every_move=every_move,
            evaluation=evaluation,
        )
        playouts = plugin.medium_playouts
        if playouts:
            return agent, Limits(playouts=playouts, seconds=CEILING_SECONDS)
        return agent, Limits(seconds=0.5)
    if two and plugin.alpha_beta_strong:
        strong = AlphaBetaAgent(every_move=every_move, evaluation=evaluation)
        return strong, Limits(seconds=STRONG_SECONDS)
    agent = MCTSAgent(seed=seed, max_playout=cap, every_move=every_move, evaluation=evaluation)
    return agent, Limits(seconds=STRONG_SECONDS)
