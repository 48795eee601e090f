"""Puzzles made on demand (``pyramid-lab puzzles compose``, the window's Puzzles >
Compose..., ``scripts/make_puzzles.py``) and puzzles made of a reviewed game's positions.

:func:`compose` plays seeded games from the start (the engine's easy level, with a random
move now and then so the games differ) and walks each back from its end. At each position
it asks the prover for the shortest win of the side to move (bounds 1, 3, 5 ... up to
``within``, each search capped by a node budget, so what is found does not depend on the
machine's speed) and for every winning first move. A position is a candidate when the win
is that long, one first move only reaches it (no cooks) and the side to move has other
legal moves. Each candidate is verified as Verify does (:func:`make_puzzle`: the goal
proven, the key move unique, the main line whole) and measured by the engine's difficulty
(:func:`playouts_to_find`: compiled MCTS playouts until its choice is the key move and stays
so); easy / medium / hard keep the puzzles of that band. One puzzle per played game.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from pyramid_lab.i18n import M_, Message, Mn_
from pyramid_lab.i18n import number as in_words

from ..collection import INDEX, INDEX_FORMAT
from ..files import SUFFIX, write, write_text
from ..game import Game, SaidError, decision_view
from .choice import ProgressCallback
from .compiled.agent import CompiledMCTSAgent, _Search
from .kernels import adapter_for
from .levels import agent_for
from .prover import first_moves, node_budget, prove
from .registry import Plugin
from .stop import SearchStopped, Stop, stop_function
from .teaching import verify

FIRST = 8  # the first checkpoint


def playouts_to_find(game: Game, key: Any, seed: int, cap: int, *, knowledge: Plugin) -> int:
    """The first checkpoint (8, 16, 32, ... playouts) from which the compiled MCTS chooses
    ``key`` at every later checkpoint up to ``cap`` (or until it proves the root); 2 * cap
    when it does not settle on it. ValueError for a game without a compiled kernel (in
    ``knowledge``, its plug-in)."""
    view = decision_view(game)
    adapter = adapter_for(view, knowledge)
    if adapter is None:
        raise ValueError(f"no compiled kernel for {game.title}")
    adapters = partial(adapter_for, knowledge=knowledge)
    search = _Search(CompiledMCTSAgent(adapters, seed=seed), adapter, view, cap)
    found: int | None = None
    checkpoint = FIRST
    while True:
        done = search.run(max(1, checkpoint - search.playouts))
        tree = search.tree
        best = max(tree.children(0), key=search._rank)
        chosen = adapter.public(view, int(tree.move[best])) == key
        found = (found or checkpoint) if chosen else None
        if done or checkpoint >= cap:
            return found if found is not None else 2 * cap
        checkpoint *= 2


STEP_NODES = 60_000  # prover nodes for one bound of one position
VERIFY_NODES = 40_000  # a kept puzzle's proof takes fewer (so verifying it stays quick)
BACK = 12  # positions examined before each game's end
RANDOM_SHARE = 0.3  # of the moves of a composing game, chosen at random
MAX_MOVES = 400  # a game longer than this is dropped
CAP = 8192  # difficulty: playouts; a search that never settles on the key counts 2 * CAP
SEEDS = (1, 2, 3)  # difficulty: the mean over these searches
#: Difficulty bands (playouts): easy up to the first, medium up to the second, hard beyond.
BANDS = {"easy": (0, 64), "medium": (65, 1024), "hard": (1025, 2 * CAP)}
DIFFICULTIES = tuple(BANDS)
MEASURE = (
    "compiled MCTS (RAVE) playouts until its choice is the key move and stays so, "
    f"checked at 8, 16, 32 ... {CAP} (never: {2 * CAP}), the mean of {len(SEEDS)} seeds"
)
WORDS = {1: "1 move"}


@dataclass(frozen=True)
class Composed:
    """A puzzle made: the game at its position (its history replays from the start), the
    puzzle (title, goal, solution: the main line, difficulty) and where it came from."""

    game: Game
    puzzle: dict[str, Any]
    difficulty: int | None
    seed: int
    nodes: int

    @property
    def plies(self) -> int:
        return int(self.puzzle["goal"]["within"])


def _either(first: Callable[[], bool], second: Callable[[], bool]) -> Callable[[], bool]:
    return lambda: first() or second()


def shortest_win(
    game: Game,
    max_within: int,
    nodes: int,
    stop: Callable[[], bool] = lambda: False,
    *,
    knowledge: Plugin,
) -> int | None:
    """The shortest win of the side to move, trying the bounds 1, 3, 5 ... in turn; None
    when there is none within ``max_within`` or a search ran out of nodes."""
    side = game.to_move
    for within in range(1, max_within + 1, 2):
        budget = _either(node_budget(nodes), stop)
        proof = prove(game, side, within, line=False, stop=budget, knowledge=knowledge)
        if proof.result == "unknown":
            return None
        if proof.result == "proven":
            return proof.plies
    return None


def title(game: Game, plies: int) -> str:
    """'Red to move wins in 2 moves'."""
    moves = (plies + 1) // 2
    words = WORDS.get(moves, f"{moves} moves")
    return f"{game.to_move.capitalize()} to move wins in {words}"


def make_puzzle(
    game: Game,
    within: int,
    key: str,
    *,
    max_nodes: int | None = VERIFY_NODES,
    stop: Stop | None = None,
    knowledge: Plugin,
) -> tuple[dict[str, Any] | None, str]:
    """The puzzle "the side to move wins within ``within`` plies, ``key`` first" at
    ``game`` (left unchanged), verified as Verify does: the goal proven in exactly
    ``within`` plies, the key move the only winning first move (no cooks), the main line
    whole. Returns the puzzle (title, goal, solution: the main line) and '' or None and
    why not. ``max_nodes`` refuses proofs that cost more (None: no cap)."""
    side = game.to_move
    goal = {"side": side, "result": "win", "within": within}
    draft = {"goal": goal, "solution": [key]}
    stopped = stop_function(stop)
    budget = stopped if max_nodes is None else _either(node_budget(4 * max_nodes), stopped)
    verdict = verify(game, draft, stop=budget, knowledge=knowledge)
    if verdict.result == "unknown":
        return None, M_("the prover did not settle it within its budget")
    if not verdict.verified:
        return None, M_("not verified: {reason}", reason=verdict.reason())
    if verdict.cooks:
        return None, M_("cooked: {moves} also win", moves=", ".join(verdict.cooks))
    if verdict.plies != within:
        return None, Mn_(
            "the win takes {plies} ply, not {within}",
            "the win takes {plies} plies, not {within}",
            verdict.plies or 0,
            plies=str(verdict.plies),
            within=within,
        )
    if max_nodes is not None and verdict.nodes > max_nodes:
        return None, M_(
            "its proof takes {nodes} nodes (more than {most})",
            nodes=in_words(verdict.nodes),
            most=in_words(max_nodes),
        )
    if not verdict.defence or verdict.defence[0] != key or len(verdict.defence) != within:
        return None, M_("its main line is not whole")
    return {"title": title(game, within), "goal": goal, "solution": list(verdict.defence)}, ""


def difficulty(game: Game, key_text: str, cap: int = CAP, *, knowledge: Plugin) -> int | None:
    """The engine's difficulty of the puzzle at ``game`` with key move ``key_text``: the
    mean over :data:`SEEDS` of :func:`playouts_to_find`; None for a game without a compiled
    kernel (no measure)."""
    if adapter_for(game, knowledge) is None:
        return None
    key = game.parse_move(key_text)
    runs = [playouts_to_find(game, key, seed, cap, knowledge=knowledge) for seed in SEEDS]
    return round(sum(runs) / len(runs))


def band(value: int | None) -> str | None:
    """easy, medium or hard for a difficulty (None when not measured)."""
    if value is None:
        return None
    return next((name for name, (lo, hi) in BANDS.items() if lo <= value <= hi), "hard")


def play_game(
    start: Game, seed: int, stop: Callable[[], bool], *, knowledge: Plugin
) -> Game | None:
    """A seeded game from ``start`` (a copy) to its end: the engine's easy level, with a
    random move a share of the time; None when it runs past MAX_MOVES."""
    game = start.copy()
    rng = random.Random(seed)
    agent, limits = agent_for(game, "easy", knowledge=knowledge, seed=seed)
    while not game.is_over() and len(game.move_stack) < MAX_MOVES:
        if stop():
            return None
        if rng.random() < RANDOM_SHARE:
            game.push(rng.choice(game.legal_moves()))
            continue
        move = agent.choose(game.copy(), limits).move
        game.push(move if move is not None else rng.choice(game.legal_moves()))
    return game if game.is_over() else None


def candidates(
    played: Game,
    within: int,
    stop: Callable[[], bool],
    *,
    knowledge: Plugin,
) -> list[tuple[Game, int, str]]:
    """The positions of a played game (walked back from its end) where the side to move
    wins within ``within`` plies by one first move only: (position, plies, key)."""
    game = played.copy()
    found = []
    for _ in range(min(BACK, len(game.move_stack))):
        if stop():
            break
        game.pop()
        if game.current_player() < 0 or game.legal_move_count() < 2:
            continue
        plies = shortest_win(game, within, STEP_NODES, stop, knowledge=knowledge)
        if plies is None:
            continue
        try:
            stop_at = _either(node_budget(4 * STEP_NODES), stop)
            moves = first_moves(game, game.to_move, plies, stop=stop_at, knowledge=knowledge)
        except SearchStopped:
            continue
        if len(moves) == 1:
            found.append((game.copy(), plies, str(moves[0][0])))
    return found


def _check_request(
    start: Game, count: int, within: int, difficulty_band: str | None, knowledge: Plugin
) -> None:
    """ValueError for puzzles :func:`compose` cannot make: a game with chance, simultaneous
    turns or other than two players, no puzzle or ply asked for, an unknown band, or a
    band where no compiled engine measures difficulty."""
    if start.has_chance or start.simultaneous_turns or len(start.players) != 2:
        raise SaidError(
            M_(
                "{game}: puzzles are composed for two-player games without chance",
                game=start.title,
            )
        )
    if count < 1 or within < 1:
        raise SaidError(M_("count and within must be 1 or more"))
    if difficulty_band is not None and difficulty_band not in BANDS:
        raise SaidError(
            M_(
                "difficulty must be one of {bands}, not {band}",
                bands=", ".join(BANDS),
                band=repr(difficulty_band),
            )
        )
    if difficulty_band is not None and adapter_for(start, knowledge) is None:
        raise SaidError(
            M_("{game}: no difficulty measure here (no compiled engine)", game=start.title)
        )


def _made_in_game(game: int, made: int, count: int) -> Message:
    """'game 3: 1 of 5 puzzles': compose's progress as it plays game ``game``."""
    return M_("game {game}: {made} of {count} puzzles", game=game, made=made, count=count)


def _made_in(made: int, count: int, seconds: float) -> Message:
    """'5 of 5 puzzles in 12 s': compose's last progress line."""
    return M_(
        "{made} of {count} puzzles in {seconds} s", made=made, count=count, seconds=f"{seconds:.0f}"
    )


def compose(
    start: Game,
    *,
    count: int,
    within: int,
    difficulty_band: str | None = None,
    exact: bool = False,
    seed: int = 0,
    max_games: int | None = None,
    progress: ProgressCallback | None = None,
    stop: Stop | None = None,
    knowledge: Plugin,
) -> list[Composed]:
    """Up to ``count`` verified puzzles "the side to move wins within ``within`` plies"
    from games played from ``start`` (see the module), easiest first; with
    ``difficulty_band`` only those of that band; with ``exact`` only the longest wins the
    bound allows (``within`` plies, or one fewer when it is even: the mover's wins end on
    its own turn), no quicker ones. ``max_games`` (default 40 a puzzle) bounds
    the games played; ``stop`` ends early with the puzzles made so far. ValueError for a
    game that cannot make puzzles (chance, simultaneous turns, not two players)."""
    _check_request(start, count, within, difficulty_band, knowledge)
    stopped = stop_function(stop)
    report = progress or (lambda fraction, text: None)
    games = max_games if max_games is not None else 40 * count
    least = (within if within % 2 else within - 1) if exact else 1
    made: list[Composed] = []
    seen: set[Any] = set()
    began = time.perf_counter()
    for index in range(games):
        if len(made) >= count or stopped():
            break
        game_seed = seed * 100_003 + index
        report(len(made) / count, _made_in_game(index + 1, len(made), count))
        played = play_game(start, game_seed, stopped, knowledge=knowledge)
        if played is None:
            continue
        found = sorted(
            candidates(played, within, stopped, knowledge=knowledge),
            key=lambda c: (-c[1], -c[0].legal_move_count()),
        )
        for position, plies, key in found:
            if stopped():
                break
            if plies < least:
                continue
            identity = position.position_key()
            if identity in seen:
                continue
            puzzle, _why = make_puzzle(position, plies, key, stop=stopped, knowledge=knowledge)
            if puzzle is None:
                continue
            value = difficulty(position, key, knowledge=knowledge)
            if difficulty_band is not None and band(value) != difficulty_band:
                continue
            if value is not None:
                puzzle["difficulty"] = f"{value} playouts"
            seen.add(identity)
            nodes = verify(position, puzzle, knowledge=knowledge).nodes
            made.append(Composed(position, puzzle, value, game_seed, nodes))
            break  # one puzzle a game
    seconds = time.perf_counter() - began
    report(1.0, _made_in(len(made), count, seconds))
    made.sort(key=lambda c: (c.difficulty or 0, c.plies, c.nodes))
    return made


def write_collection(folder: Path, made: list[Composed], stem: str) -> list[Path]:
    """Write the puzzles made into ``folder`` (created if need be) as ``STEM-NN.pyr.json``,
    in their order, with the folder's ``collection.json`` (:mod:`model.collection`): the
    order and each puzzle's difficulty. Returns the files written (OSError when one cannot
    be: what was written stays)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    rows = []
    for number, item in enumerate(made, 1):
        path = folder / f"{stem}-{number:02d}{SUFFIX}"
        write(path, item.game, item.puzzle)
        paths.append(path)
        rows.append(
            {
                "file": path.name,
                "difficulty": item.difficulty if item.difficulty is not None else 0,
                "plies": item.plies,
                "proof_nodes": item.nodes,
            }
        )
    index = {
        "format": INDEX_FORMAT,
        "measure": MEASURE,
        "ties": "broken by the goal's length in plies, then the prover's nodes for the proof",
        "puzzles": rows,
    }
    write_text(folder / INDEX, json.dumps(index, indent=1) + "\n")
    return paths
