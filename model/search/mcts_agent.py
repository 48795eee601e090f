"""Monte Carlo tree search over the game protocol in pure Python (see :mod:`.agents`): the
reference the compiled MCTS (:mod:`.compiled.agent`) is tested against, and the search
wherever a game has no kernel. :class:`MCTSParameters` is what both MCTS agents take."""

from __future__ import annotations

import math
import random
from abc import abstractmethod
from collections.abc import Callable, Hashable
from typing import Any, ClassVar, TypedDict, Unpack

from ..game import Game
from ..speed import push_search, search_moves
from .agents import Evaluation, evaluation_or_neutral, public_move
from .choice import Choice, Clock, Limits, MoveStat, SearchAgent

WIN, LOSS, DRAW = 1, -1, 0
#: The parent's visits at which an untried child's first-play bonus is the exploration
#: constant (see :class:`MCTSAgent`).
FIRST_PLAY = 1000.0
_PROVEN_TEXT = {WIN: "win", LOSS: "loss", DRAW: "draw"}
_RATE = {WIN: 1.0, LOSS: 0.0, DRAW: 0.5}


class _Node:
    __slots__ = ("amaf", "children", "move", "mover", "plies", "proven", "total", "visits")

    def __init__(self, move: Any, mover: int) -> None:
        self.move = move
        self.mover = mover  # the player who made ``move`` (the node's rewards are theirs)
        self.children: list[_Node] | None = None
        self.visits = 0
        self.total = 0.0
        self.proven: int | None = None  # WIN / LOSS / DRAW for ``mover`` (two players)
        self.plies = 0  # when proven: plies to the end (the quickest win found, the
        # longest loss)
        self.amaf: dict[Hashable, list[float]] | None = None  # move -> [visits, total]


class MCTSOptions(TypedDict, total=False):
    """The keyword arguments of :class:`MCTSParameters` (an agent that adds its own passes
    these on as they came: ``**options: Unpack[MCTSOptions]``)."""

    seed: int | None
    exploration: float
    rave: bool
    rave_equivalence: float
    max_playout: int | None
    default_limits: Limits
    every_move: bool


class MCTSParameters(SearchAgent):
    """What both MCTS agents take, this module's :class:`MCTSAgent` (see it for their
    meaning) and the compiled one (:class:`model.search.compiled.agent.CompiledMCTSAgent`):
    each makes its own generator from ``seed`` (:meth:`_generator`); ``max_playout`` None
    is the agent's own cap (:attr:`playout_cap`)."""

    name = "mcts"
    #: The playout length where ``max_playout`` is None (None: the kernel's own).
    playout_cap: ClassVar[int | None] = None

    def __init__(
        self,
        *,
        seed: int | None = None,
        exploration: float = 0.7,
        rave: bool = True,
        rave_equivalence: float = 500.0,
        max_playout: int | None = None,
        default_limits: Limits = Limits(seconds=1.0),
        every_move: bool = False,
    ) -> None:
        self.rng = self._generator(seed)
        self.exploration = exploration
        self.rave = rave
        self.rave_equivalence = rave_equivalence
        self.max_playout = self.playout_cap if max_playout is None else max_playout
        self.default_limits = default_limits
        self.every_move = every_move
        if rave:
            self.name = "mcts-rave"

    @abstractmethod
    def _generator(self, seed: int | None) -> Any:
        """The agent's random generator, seeded."""


class MCTSAgent(MCTSParameters):
    """UCT with RAVE (all-moves-as-first, for placement games such as Partition where a
    good move is good whenever it is played) and MCTS-Solver: a won or lost position is
    proven, proofs back up the tree (a move to a proven loss is never chosen, a proven win
    always), so short tactics come out exact. Random playouts over the protocol, capped at
    ``max_playout`` plies and then scored by the game's evaluation. N-player games back up
    each player's own return; proofs are for two players only.

    With ``every_move`` (the Analysis dock) the search goes on to its limits once the root is
    proven, among the root moves not yet proven, so every move gets a win rate of its own
    (else a win in one ends the search with the other moves unvisited).

    First-play urgency: an unvisited child scores its prior (1.0, or its RAVE rate plus 0.5)
    plus ``c * sqrt(N / FIRST_PLAY)``, rising with the parent's visits N, so a child that
    wins its early playouts cannot starve its siblings (see
    :mod:`model.search.compiled.mcts`, which does the same, for why).

    This is the reference the compiled MCTS (:mod:`model.search.compiled.agent`) is
    tested against, and the search wherever there is no compiled kernel (a game without
    one, a Partition base above 6).

    ``evaluation`` (handed by whoever builds the agent: the game's plug-in's) scores a
    playout cut at its cap; without one, the neutral 0.
    """

    playout_cap = 200

    def __init__(
        self, *, evaluation: Evaluation | None = None, **options: Unpack[MCTSOptions]
    ) -> None:
        super().__init__(**options)
        self.evaluate = evaluation_or_neutral(evaluation)

    def _generator(self, seed: int | None) -> random.Random:
        return random.Random(seed)

    def _search(self, game: Game, limits: Limits, clock: Clock) -> Choice:
        players = len(game.players)
        two = players == 2
        root = _Node(None, -1)
        rng = self.rng
        evaluate = self.evaluate
        c = self.exploration
        use_rave = self.rave
        k = self.rave_equivalence
        max_playout = self.max_playout
        assert max_playout is not None, "the playouts' cap: playout_cap"
        playouts = 0
        max_depth = 0
        limit = limits.playouts
        every_move = self.every_move and two
        if two:  # the root's moves that end the game are proven at once (a win in one)
            self._expand_root(game, root, rng, use_rave, clock)
        while root.proven is None or every_move:
            if limit is not None and playouts >= limit:
                break
            if playouts & 15 == 0 and playouts and clock.out_of_time():
                break
            # -- selection and expansion --
            path = [root]
            node = root
            played: list[tuple[int, Any]] = []  # (player, move) for RAVE
            depth = 0
            while not game.is_over() and (node.proven is None or node is root):
                if node.children is None:  # a node grows its children on its second visit
                    self._grow(game, node, rng, use_rave)
                child = self._select(node, c, use_rave, k, rng, every_move and node is root)
                if child is None:
                    break
                push_search(game, child.move)
                played.append((child.mover, child.move))
                depth += 1
                path.append(child)
                node = child
                if child.visits == 0:
                    break
            if depth == 0 and every_move:
                break  # every root move is proven: nothing is left to learn
            max_depth = max(max_depth, depth)
            # -- simulation --
            rewards, steps, cut = self._playout(
                game, node, rng, max_playout, evaluate, played, two, clock
            )
            for _ in range(steps + depth):
                game.pop()
            # -- backpropagation --
            self._backup(path, rewards, played, use_rave, two)
            playouts += 1
            if cut:
                break  # out of time (or stopped) within the playout: what is known so far

            def text(n: int = playouts) -> str:
                return f"{n} playouts, {self._summary(game, root)}"

            clock.report(clock.fraction(playouts), text)
        return self._choice(game, root, playouts, max_depth, clock)

    # -- the pieces --

    @staticmethod
    def _grow(game: Game, node: _Node, rng: random.Random, use_rave: bool) -> list[_Node]:
        """The node's children: the moves of ``game`` (at the node) in a random order."""
        moves = search_moves(game)
        rng.shuffle(moves)
        mover = game.current_player()
        node.children = [_Node(m, mover) for m in moves]
        if use_rave:
            node.amaf = {}
        return node.children

    @staticmethod
    def _expand_root(
        game: Game, root: _Node, rng: random.Random, use_rave: bool, clock: Clock
    ) -> None:
        """The root's children, each move that ends the game proven, until time is up (a
        base-50 pyramid's 42,925 moves take a second or more, a base-40 stacking one's
        outcome a tenth of a second each: the clock is asked at each; the moves not looked
        at stay unproven)."""
        for child in MCTSAgent._grow(game, root, rng, use_rave):
            if clock.out_of_time():
                break
            mover = child.mover
            push_search(game, child.move)
            try:
                outcome = game.outcome()
                if outcome is not None:
                    value = outcome.returns()[mover]
                    child.proven = WIN if value > 0 else LOSS if value < 0 else DRAW
            finally:
                game.pop()
        MCTSAgent._prove(root)

    def _select(
        self,
        node: _Node,
        c: float,
        use_rave: bool,
        k: float,
        rng: random.Random,
        unproven_only: bool = False,
    ) -> _Node | None:
        """The child to search next by UCT (with RAVE); a proven win at once. With
        ``unproven_only`` proven children are passed over, and None means all are proven."""
        children = node.children
        assert children is not None
        best, best_value = None, -math.inf
        log_n = math.log(node.visits + 1)
        first_play = c * math.sqrt(node.visits / FIRST_PLAY)  # see the class docstring
        amaf = node.amaf
        for child in children:
            proven = child.proven
            if proven is not None:
                if unproven_only:
                    continue
                if proven == WIN:
                    return child
                if proven == LOSS:
                    continue
            n = child.visits
            stats = amaf.get(child.move) if use_rave and amaf else None
            if n == 0:  # first-play urgency: see the class docstring
                prior = stats[1] / stats[0] + 0.5 if stats is not None and stats[0] > 0 else 1.0
                value = prior + first_play + rng.random() * 0.01
            else:
                q = child.total / n
                if stats is not None and stats[0] > 0:
                    beta = math.sqrt(k / (3 * n + k))
                    q = (1 - beta) * q + beta * stats[1] / stats[0]
                value = q + c * math.sqrt(log_n / n)
            if value > best_value:
                best, best_value = child, value
        if best is None and unproven_only:
            return None
        if best is None:  # every move loses: play on with the most visited
            best = max(children, key=lambda ch: ch.visits)
        return best

    def _playout(
        self,
        game: Game,
        node: _Node,
        rng: random.Random,
        max_playout: int,
        evaluate: Callable[[Game], float],
        played: list[tuple[int, Any]],
        two: bool,
        clock: Clock,
    ) -> tuple[tuple[float, ...], int, bool]:
        """Random moves to the end (or the cap); (reward per player in 0..1, plies, cut).

        The clock is asked at every ply (a ply of a base-30 pyramid's playout takes some
        20 ms, a base-50 one's 60 ms or more, and a playout 200 of them): when time is up
        or the search is stopped, the playout ends there and is scored by the evaluation,
        as at the cap, and ``cut`` is True (the search then ends)."""
        if node.proven is not None and two:
            r = (node.proven + 1) / 2
            mover = node.mover
            return ((r, 1 - r) if mover == 0 else (1 - r, r)), 0, False
        steps = 0
        choice = rng.choice
        cut = False
        while True:
            outcome = game.outcome()
            if outcome is not None:
                rewards = tuple(min(1.0, max(0.0, (v + 1) / 2)) for v in outcome.returns())
                if steps == 0 and two and node.mover >= 0:
                    r = rewards[node.mover]
                    node.proven = WIN if r > 0.5 else LOSS if r < 0.5 else DRAW
                return rewards, steps, False
            cut = clock.out_of_time()
            if steps >= max_playout or cut:
                players = len(game.players)
                value = evaluate(game)
                mover = game.current_player()
                r = 0.5 + 0.5 * value
                if players == 2:
                    return ((r, 1 - r) if mover == 0 else (1 - r, r)), steps, cut
                return tuple(r if p == mover else 0.5 for p in range(players)), steps, cut
            player = game.current_player()
            move = choice(search_moves(game))
            push_search(game, move)
            played.append((player, move))
            steps += 1

    def _backup(
        self,
        path: list[_Node],
        rewards: tuple[float, ...],
        played: list[tuple[int, Any]],
        use_rave: bool,
        two: bool,
    ) -> None:
        for index in range(len(path) - 1, -1, -1):
            node = path[index]
            node.visits += 1
            if node.mover >= 0:
                node.total += rewards[node.mover]
            if two and node.children is not None and node.proven is None:
                self._prove(node)
            if use_rave and node.amaf is not None and node.children:
                seen = set()
                amaf = node.amaf
                to_move = node.children[0].mover
                for player, move in played[index:]:
                    if player != to_move or move in seen:
                        continue
                    seen.add(move)
                    stats = amaf.get(move)
                    if stats is None:
                        amaf[move] = [1, rewards[player]]
                    else:
                        stats[0] += 1
                        stats[1] += rewards[player]

    @staticmethod
    def _prove(node: _Node) -> None:
        """MCTS-Solver: a move that wins for the player to move makes the node lost for its
        mover; when every move is proven, the best of them decides."""
        children = node.children
        assert children is not None
        best, settled, quickest = LOSS, True, None
        for child in children:
            proven = child.proven
            if proven == WIN:
                if quickest is None or child.plies < quickest:
                    quickest = child.plies
            elif proven is None:
                settled = False
            elif proven > best:
                best = proven
        if quickest is not None:
            node.proven, node.plies = LOSS, quickest + 1
        elif settled:
            node.proven = -best
            node.plies = 1 + max(ch.plies for ch in children if ch.proven == best)

    def _summary(self, game: Game, root: _Node) -> str:
        if not root.children:
            return ""
        best = max(root.children, key=lambda ch: ch.visits)
        if best.visits == 0:
            return ""
        return f"best {public_move(game, best.move)} {best.total / best.visits:.0%}"

    def _choice(self, game: Game, root: _Node, playouts: int, depth: int, clock: Clock) -> Choice:
        children = root.children or []
        ordered = _ordered(children)
        public = public_move
        stats = tuple(
            MoveStat(
                public(game, ch.move),
                ch.visits,
                _RATE[ch.proven] if ch.proven is not None else ch.total / max(ch.visits, 1),
                None,
                None if ch.proven is None else _PROVEN_TEXT[ch.proven],
                ch.plies + 1 if ch.proven in (WIN, LOSS) else None,
            )
            if ch.visits or ch.proven is not None
            else MoveStat(public(game, ch.move), 0, 0.0)
            for ch in ordered
        )
        unjudged = sum(1 for ch in children if not ch.visits and ch.proven is None)
        best = ordered[0] if ordered else None
        move = stats[0].move if stats else None
        pv = _line(game, best)
        proven, plies = None, None
        if root.proven is not None:
            proven = _PROVEN_TEXT[-root.proven]  # root.proven is for the previous mover
            plies = root.plies if root.proven != DRAW else None
        win_rate = stats[0].win_rate if stats else 0.5
        if proven is not None:
            win_rate = {"win": 1.0, "loss": 0.0, "draw": 0.5}[proven]
        return Choice(
            move,
            self.name,
            win_rate,
            playouts,
            depth,
            clock.elapsed(),
            pv,
            stats,
            proven,
            plies,
            stopped=clock.stopped,
            unjudged=unjudged,
        )


def _rank(ch: _Node) -> tuple[int, int, int, float]:
    """A root move's place: proven wins first (the quickest), proven losses last (the
    longest first), then by visits and mean reward."""
    proven = {WIN: 2, DRAW: 0, LOSS: -2, None: 0}[ch.proven]
    # the quickest proven win, the longest proven loss
    plies = -ch.plies if ch.proven == WIN else ch.plies if ch.proven == LOSS else 0
    return (proven, plies, ch.visits, ch.total / ch.visits if ch.visits else 0.0)


def _ordered(children: list[_Node]) -> list[_Node]:
    """The root's children best first (:func:`_rank`). The moves no playout reached (out of
    time on a large board), and not proven, rank as (0, 0, 0, 0.0), after the visited and
    before the proven lost: put there as they are, not sorted nor judged one by one (a
    base-50 pyramid has 42,925)."""
    unreached = [ch for ch in children if not ch.visits and ch.proven is None]
    if not unreached:
        return sorted(children, key=_rank, reverse=True)
    reached = [ch for ch in children if ch.visits or ch.proven is not None]
    nothing = (0, 0, 0, 0.0)
    ordered = sorted(reached, key=_rank, reverse=True)
    cut = next((i for i, ch in enumerate(ordered) if _rank(ch) <= nothing), len(ordered))
    ordered[cut:cut] = unreached
    return ordered


def _line(game: Game, best: _Node | None) -> tuple[str, ...]:
    """The principal line from the root's ``best`` child: down the visited nodes, a proven
    win or the most visited child each time (``game`` pushed and popped back)."""
    pv: list[str] = []
    node = best
    pushed = 0
    while node is not None and node.visits > 0:
        pv.append(str(public_move(game, node.move)))
        push_search(game, node.move)
        pushed += 1
        if not node.children:
            break
        node = max(node.children, key=lambda ch: (ch.proven == WIN, ch.visits))
    for _ in range(pushed):
        game.pop()
    return tuple(pv)
