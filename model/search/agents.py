"""Playing agents over the game protocol: one interface for the window's "thinking
partner", its Analysis dock and the command line.

``agent.choose(game, limits, progress=None, stop=None) -> Choice``. The caller's game is
never changed: agents search the information state of the seat they decide for
(:func:`model.game.decision_view`, a copy without the other seats' secrets).
``progress(fraction, text)`` is called a few times a second; ``stop`` (a threading.Event or
a callable returning True) ends the search early with the best move so far.
:func:`model.search.levels.agent_for` maps the levels "easy", "medium" and "strong" to an
agent and its limits per game. The values every agent shares (:class:`Limits`,
:class:`Choice`, :class:`MoveStat`) and the template of
``choose()`` every agent here follows (:class:`~model.search.choice.SearchAgent`: limits,
clock, a finished game, a chance node, the view, then the agent's ``_search``) are in
:mod:`model.search.choice`, below this module and Pyramid Ball's sampling agent of
simultaneous turns.

The random agent and a game's own players are here; the MCTS (:mod:`.mcts_agent`) and the
alpha-beta (:mod:`.alphabeta_agent`) beside it run over the game protocol in pure Python: they
are the reference the compiled search (:mod:`model.search.compiled`) is tested against, and the
search wherever it has no kernel (a game without one, a Partition base above 6). What those two
share is here too: a search move as the protocol's (:func:`public_move`) and the static
evaluation they are handed (:data:`Evaluation`, the plug-in's ``evaluation``; the games
themselves stay free of engine code), which scores a running position for the player to move
between -1 (lost) and 1 (won); without one a search gets the neutral 0.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..game import SIMULTANEOUS, Game, Move, decision_view
from ..speed import public_moves, push_search
from .choice import Choice, Clock, Limits, SearchAgent


def public_move(game: Game, move: Any) -> Move:
    """The protocol's Move for a search move (``search_moves`` may use a faster form; where
    a game keeps the protocol's own, the move is already public: no push, which on a
    base-50 pyramid's 42,925 root moves would cost a second)."""
    if public_moves(game):
        public: Move = move  # the default search_moves: the legal moves themselves
        return public
    push_search(game, move)
    return game.pop()


Evaluation = Callable[[Game], float]


def evaluation_or_neutral(evaluation: Evaluation | None) -> Evaluation:
    """``evaluation``, or the neutral one (0 everywhere) for a game without."""
    return neutral if evaluation is None else evaluation


def neutral(game: Game) -> float:
    """Nothing known: 0."""
    return 0.0


class RandomAgent(SearchAgent):
    """A legal move at random (seeded: the same seed plays the same game); at a chance node
    an outcome by its odds. At a simultaneous node with ``player`` set: a move of that
    player's (its part of the joint move); else a joint move."""

    name = "random"
    rolls_dice = True

    def __init__(self, seed: int | None = None, player: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.player = player

    def _simultaneous(self, game: Game) -> bool:
        return self.player is not None and game.current_player() == SIMULTANEOUS

    def _view(self, game: Game) -> Game:
        return decision_view(game, self.player if self._simultaneous(game) else None)

    def _search(self, view: Game, limits: Limits, clock: Clock) -> Choice:
        simultaneous = self._simultaneous(view)
        moves = view.legal_moves(self.player) if simultaneous else view.legal_moves()
        return self._answer(self.rng.choice(moves), clock, judged=True)


class OwnPlayerAgent(SearchAgent):
    """A game's rules-side computer player (``move(game) -> Move``, chance nodes included:
    Rolling Pyramids' random and greedy players) as an agent: it judges no chances."""

    def __init__(self, player: Any, level: str) -> None:
        self.own = player  # (``player`` is the template's seat: the side to move here)
        self.name = level

    def _chance(self, game: Game, clock: Clock) -> Choice:
        return self._search(decision_view(game), clock.limits, clock)  # its player rolls

    def _search(self, view: Game, limits: Limits, clock: Clock) -> Choice:
        return self._answer(self.own.move(view), clock)
