"""Generate the puzzle collection in ``model/data/puzzles/<game>/`` (seeded, repeatable).

For every game and option set it plays seeded random games from the start and walks each
game back from its end. At each position it asks the prover for the shortest win of the
side to move (bounds 1, 3, 5, ... plies, each search capped by a node budget, so the
result does not depend on the machine's speed) and for every winning first move within
that bound. A position becomes a candidate when the win is exactly that long (so the bound
is tight: the prover disproved it two plies shorter), exactly one first move reaches it (no
cooks), and the side to move has other legal moves. From the candidates it keeps the
quotas per length, preferring positions with more legal moves (more wrong moves to be
tempted by) and one position per random game. The notes are written from the position:
what the key move does (corners, squares, pushes and falls) and how the main line ends.

Each candidate is verified as ``pyramid-lab puzzles compose`` verifies what it composes
(``model.search.puzzles.make_puzzle``: the goal proven, the key move unique, the main line whole,
the proof under the CI budget); each kept puzzle is written with its history (the file
replays from the empty board, so the position is reachable) and verified again from the
written file, with ``model.search.verify``: verified, no cooks, tight. For a fresh set on
demand (engine play, any count, a difficulty band) use ``pyramid-lab puzzles compose``
(:func:`model.search.puzzles.compose`); this script keeps the shipped collection reproducible.

Then each game's collection is ordered by difficulty as the engine measures it: the
playouts the compiled MCTS (``model.search.compiled``, RAVE, the window's computer player)
needs until its choice is the key move and stays so, checked at 8, 16, 32 ... playouts
up to 32768 (a search that never settles on it counts 65536), the mean of five seeds.
Ties (many small puzzles are found at once) are broken by the goal's length, then by the
prover's nodes for the proof. The measure saturates: a mean of ``SATURATES_AT`` (13107) or
more holds a seed that may never have settled (MCTS often proves a slower win of Pyraos and
stops there: most of Pyraos sits between 39,000 and 65,536), so those puzzles come after
all others, ordered by the goal's length, then the prover's nodes, which do not saturate
(``model.collection.rank_key``). The number goes into each puzzle
(``"difficulty": "512 playouts"``) and the order into
``model/data/puzzles/<game>/collection.json`` (``model.collection`` reads it).

    .venv/bin/python scripts/make_puzzles.py                 # every game
    .venv/bin/python scripts/make_puzzles.py --game terrace  # one game
    .venv/bin/python scripts/make_puzzles.py --dry-run       # report, write nothing
    .venv/bin/python scripts/make_puzzles.py --rank-only     # measure and order again
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyramid_lab.model.collection import INDEX, INDEX_FORMAT, rank_key  # noqa: E402
from pyramid_lab.model.files import SUFFIX, read, write  # noqa: E402
from pyramid_lab.model.game import Game, game_class  # noqa: E402
from pyramid_lab.model.search import SearchStopped, knowledge_for, puzzles, verify, warm_up  # noqa: E402

OUT = ROOT / "model" / "data" / "puzzles"
WORDS = {1: "1 move", 2: "2 moves", 3: "3 moves", 4: "4 moves", 5: "5 moves"}


@dataclass
class Config:
    """One game and option set, with how many puzzles of each length (in plies) to keep."""

    game: str
    options: dict[str, Any]
    label: str  # the file names' middle part, e.g. "floating-4"
    quotas: dict[int, int]  # plies -> how many
    seeds: range
    min_legal: int = 2  # the side to move must have at least this many legal moves
    back: int = 12  # how many positions before each game's end are examined
    max_moves: int = 400  # random games longer than this are dropped
    step_nodes: int = 60_000  # prover nodes for one bound of one position
    verify_nodes: int = 40_000  # a kept puzzle's proof must take fewer (CI verifies it)


P, Y, T = "partition", "pyraos", "terrace"
TERRACE = {"min_legal": 8, "back": 8, "step_nodes": 20_000, "verify_nodes": 15_000}
TERRACE_STANDARD = {"last_stones_lose": True, "no_push_back": False}
# Allmer's Pyramid wins in 3 take 50 000 to 80 000 prover nodes (about 25 legal moves a
# ply), 2-3 s each to verify: two of them, from their own option set with a bigger budget.
TERRACE_LONG = {**TERRACE, "step_nodes": 60_000, "verify_nodes": 90_000}
CONFIGS = [
    Config(P, {"size": 3, "version": "floating"}, "floating-3", {1: 2, 3: 2}, range(200), 4),
    Config(
        P, {"size": 4, "version": "floating"}, "floating-4", {3: 3, 5: 3, 7: 2}, range(100, 400), 6
    ),
    Config(
        P, {"size": 5, "version": "floating"}, "floating-5", {1: 2, 3: 2, 5: 2}, range(200, 400), 10
    ),
    Config(P, {"size": 3, "version": "stacking"}, "stacking-3", {3: 2}, range(300, 500), 3),
    Config(
        P, {"size": 4, "version": "stacking"}, "stacking-4", {1: 2, 3: 3, 5: 3}, range(400, 700), 4
    ),
    Config(P, {"size": 5, "version": "stacking"}, "stacking-5", {3: 2, 5: 2}, range(500, 700), 5),
    Config(
        Y, {"variant": "standard", "removal": "0-2"}, "standard", {3: 3, 5: 3, 7: 3}, range(300), 4
    ),
    Config(
        Y,
        {"variant": "standard", "removal": "1-2"},
        "removal-1-2",
        {3: 3, 5: 3, 7: 3},
        range(100, 400),
        4,
    ),
    Config(
        Y,
        {"variant": "children", "removal": "0-2"},
        "children",
        {3: 3, 5: 3, 7: 3},
        range(200, 500),
        3,
    ),
    Config(
        Y,
        {"variant": "alternate", "removal": "0-2"},
        "alternate",
        {3: 3, 5: 3, 7: 3},
        range(300, 600),
        3,
    ),
    Config(T, TERRACE_STANDARD, "standard", {1: 8, 3: 8}, range(250), **TERRACE),
    Config(T, TERRACE_STANDARD, "standard-long", {5: 3}, range(60), **TERRACE_LONG),
    Config(
        T,
        {**TERRACE_STANDARD, "no_push_back": True},
        "no-push-back",
        {1: 5, 3: 5},
        range(100, 300),
        **TERRACE,
    ),
    Config(
        T,
        {**TERRACE_STANDARD, "last_stones_lose": False},
        "stones-stay",
        {1: 3, 3: 3},
        range(200, 400),
        **TERRACE,
    ),
]


@dataclass
class Candidate:
    config: Config
    seed: int
    game: Game
    plies: int
    key: str
    legal: int
    line: list[str] = field(default_factory=list)


def candidates(config: Config, seed: int, wanted: set[int]) -> list[Candidate]:
    """The positions of one seeded random game that make puzzles of the wanted lengths."""
    cls = game_class(config.game)
    game = cls.new(cls.parse_options(config.options))
    rng = random.Random(f"{config.game}/{config.label}/{seed}")
    while not game.is_over() and len(game.move_stack) < config.max_moves:
        game.push(rng.choice(game.legal_moves()))
    if not game.is_over():
        return []
    found = []
    longest = max(wanted)
    for _ in range(min(config.back, len(game.move_stack))):
        game.pop()
        side, legal = game.to_move, game.legal_move_count()
        if legal < max(2, config.min_legal):
            continue
        plies = puzzles.shortest_win(
            game, longest, config.step_nodes, knowledge=knowledge_for(game)
        )  # of the side to move
        if plies is None or plies not in wanted:
            continue
        try:
            moves = puzzles.first_moves(
                game,
                side,
                plies,
                stop=puzzles.node_budget(4 * config.step_nodes),
                knowledge=knowledge_for(game),
            )
        except SearchStopped:
            continue
        if len(moves) != 1:
            continue
        found.append(Candidate(config, seed, game.copy(), plies, str(moves[0][0]), legal))
    return found


# ---- notes ------------------------------------------------------------------------------


def _join(items: list[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _after(game: Game, line: list[str]) -> Game:
    copy = game.copy()
    for text in line:
        copy.push_text(text)
    return copy


def _wins(game: Game, move: Any, side: str) -> bool:
    game.push(move)
    try:
        outcome = game.outcome()
        return outcome is not None and outcome.winner == side
    finally:
        game.pop()


def _walls(names: list[str]) -> str:
    return "all five walls" if len(names) == 5 else _join(names) or "no wall"


def partition_notes(game: Game, key: str, line: list[str]) -> str:
    from pyramid_lab.model.partition import Partition

    side, other = game.to_move, game.other(game.to_move)
    before = set(game.held_corners(side))
    after_key = _after(game, [key])
    gained = [c for c in after_key.held_corners(side) if c not in before]
    point = after_key.lattice.id_of(*game.parse_move(key).point)
    group = next(g for g in after_key.groups() if point in g.points)
    walls = _walls(group.wall_names)
    shape = (
        f"a lone {side} ball on {walls}"
        if len(group) == 1
        else f"a {side} group of {len(group)} balls touching {walls}"
    )
    if len(line) == 1:
        held = sorted(c for c in after_key.held_corners(side) if c not in gained)
        return f"{key} makes {shape} and seals {_join(gained)}: with {_join(held)}, three corners."
    text = f"{key} makes {shape}"
    if gained:
        text += f" and seals {_join(gained)}"
    held = after_key.held_corners(side)
    text += f" ({side} holds {_join(held)})" if held else f" ({side} holds no corner yet)"
    # the threats: the wins the mover would have if it were to move again
    threats = []
    if not after_key.is_over():
        study = Partition.from_setup(game.options, side, after_key.pieces(), study=True)
        for move in study.legal_moves():
            study.push(move)
            outcome = study.outcome()
            if outcome is not None and outcome.winner == side:
                threats.append(str(move))
            study.pop()
    if len(threats) >= 2 and len(line) == 3:
        text += f"; it threatens {_join(threats)} and {other} cannot stop them all"
    elif threats and len(line) == 3:
        blocked = _after(after_key, [threats[0]])
        instead = [str(m) for m in blocked.legal_moves() if _wins(blocked, m, side)]
        text += f"; it threatens {threats[0]}, and if {other} blocks it"
        text += f", {_join(instead)} wins instead" if instead else ", another threat follows"
    end = _after(game, line)
    final_before = set(_after(game, line[:-1]).held_corners(side))
    sealed = [c for c in end.held_corners(side) if c not in final_before]
    if len(line) > 3:
        text += f"; the main line ends with {line[-1]} sealing {_join(sealed)}"
    else:
        text += f"; then {line[-1]} seals {_join(sealed)}"
    return text + "."


def pyraos_notes(game: Game, key: str, line: list[str]) -> str:
    from pyramid_lab.model.pyraos import LATTICE, SQUARES_AT

    side, other = game.to_move, game.other(game.to_move)
    move = game.parse_move(key)
    white, black = game.masks()
    own = white if side == "white" else black
    target = LATTICE.id_of(*move.target)
    board = own | 1 << target
    if move.source is not None:
        board &= ~(1 << LATTICE.id_of(*move.source))
    square = any(board & sq == sq for sq in SQUARES_AT[target])
    theirs = black if side == "white" else white
    denied = any((theirs | 1 << target) & sq == sq for sq in SQUARES_AT[target])
    name = f"the lift {move.source}>{move.target}" if move.source else f"{move.target}"
    does = []
    if square:
        does.append("completes a square")
        if move.removed:
            does[-1] += f" and takes back {_join([str(p) for p in move.removed])}"
    if denied:
        does.append(f"takes the point that would complete {other}'s square")
    if move.source is not None and not square:
        does.append("saves a sphere")
    text = f"{name} {_join(does)}" if does else f"{name} is a plain placement"
    after = _after(game, [key])
    text += f": {side} keeps {after.reserve(side)} in reserve to {other}'s {after.reserve(other)}"
    end = _after(game, line)
    result = end.outcome()
    if result is not None and result.reason == "top":
        text += f"; {side} places the top {line[-1]} at the end of the main line"
    elif end.reserve(other) == 0:
        text += f"; {other} runs out of spheres and is left without a move"
    else:
        text += f"; {other} is left without a move at the end of the main line"
    return text[0].upper() + text[1:] + "."


def terrace_notes(game: Game, key: str, line: list[str]) -> str:
    from pyramid_lab.model.terrace import VICTORY_FIELDS, Kind, field_name

    side, other = game.to_move, game.other(game.to_move)
    move = game.parse_move(key)
    after = _after(game, [key])
    effect = after.last_effect()
    kind = {
        Kind.RUN: "a run",
        Kind.SMASH: "a run that smashes",
        Kind.JUMP: "a jump",
        Kind.PUSH: "a push",
    }[move.kind]
    text = f"{key} is {kind}"
    if effect is not None and effect.pushed is not None:
        origin, to = effect.pushed
        text += (
            f" that pushes the stone on {field_name(origin)} off the board"
            if to < 0
            else f" that pushes the stone on {field_name(origin)} to {field_name(to)}"
        )
    if effect is not None and effect.describe():
        text += f" ({effect.describe()})"
    if len(line) > 1:
        left = after.stone_count(other), after.stone_count(side)
        text += f"; {other} has {left[0]} stones left to {side}'s {left[1]}"
    end = _after(game, line)
    outcome = end.outcome()
    last = end.last_effect()
    blow = f"{line[-1]} ({last.describe()})" if last is not None and last.describe() else line[-1]
    if outcome is not None and outcome.reason == "victory_fields":
        names = _join([field_name(f) for f in VICTORY_FIELDS])
        text += f"; {line[-1]} puts {side} on all four victory fields ({names})"
    elif outcome is not None and outcome.reason == "stones" and len(line) == 1:
        text += f", leaving {other} fewer than four stones"
    elif outcome is not None and outcome.reason == "stones":
        text += f"; the main line ends with {blow}, leaving {other} fewer than four stones"
    elif outcome is not None and outcome.reason == "no_moves" and len(line) == 1:
        text += f", leaving {other} without a move"
    elif outcome is not None and outcome.reason == "no_moves":
        text += f"; after {blow} {other} has no move"
    return text + "."


NOTES = {"partition": partition_notes, "pyraos": pyraos_notes, "terrace": terrace_notes}


# ---- making the collection --------------------------------------------------------------


def situation(game: Game) -> str:
    """What the position shows before the first move, without giving the key away: the
    corners held (Partition), the reserves (Pyraos), the stones left (Allmer's Pyramid)."""
    side, other = game.to_move, game.other(game.to_move)
    if game.name == "partition":
        held = game.held_corners(side)
        return f"{side.capitalize()} holds {_join(held)}" if held else "No corner yet"
    if game.name == "pyraos":
        mine, theirs = game.reserve(side), game.reserve(other)
        return f"{mine} sphere{'s' * (mine != 1)} in hand against {theirs}"
    return f"{game.stone_count(side)} stones against {game.stone_count(other)}"


def title(game: Game, plies: int) -> str:
    """'Red holds SW and AP: red to move wins in 2 moves'."""
    moves = (plies + 1) // 2
    goal = f"{game.to_move} to move wins in {WORDS.get(moves, f'{moves} moves')}"
    return f"{situation(game)}: {goal}"


def puzzle_of(candidate: Candidate) -> dict[str, Any] | None:
    """The puzzle for a candidate, with its main line, or None when it does not verify as
    a composed puzzle must (``model.search.puzzles.make_puzzle``: the goal proven in exactly its
    plies, the key move unique, the main line whole) or its proof is too costly for CI."""
    game = candidate.game
    made, _why = puzzles.make_puzzle(
        game,
        candidate.plies,
        candidate.key,
        max_nodes=candidate.config.verify_nodes,
        knowledge=knowledge_for(game),
    )
    if made is None:
        return None
    line = list(made["solution"])
    notes = NOTES[game.name](game, candidate.key, line)
    return {
        "title": title(game, candidate.plies),
        "notes": notes,
        "goal": made["goal"],
        "solution": line,
    }


def make(config: Config, dry_run: bool) -> list[tuple[Path, dict[str, Any], Candidate]]:
    wanted = dict(config.quotas)
    kept: list[tuple[Path, dict[str, Any], Candidate]] = []
    pool: dict[int, list[Candidate]] = {plies: [] for plies in wanted}

    def short(plies: int) -> bool:  # fewer than three random games per wanted puzzle
        return len({c.seed for c in pool[plies]}) < 3 * wanted[plies]

    for seed in config.seeds:
        open_lengths = {p for p in wanted if short(p)}
        if not open_lengths:
            break
        for found in candidates(config, seed, open_lengths):
            pool[found.plies].append(found)
    folder = OUT / config.game
    used_seeds: set[int] = set()  # one puzzle per random game
    for plies, count in sorted(wanted.items(), reverse=True):
        chosen = 0
        for candidate in sorted(pool[plies], key=lambda c: (-c.legal, c.seed)):
            if chosen == count:
                break
            if candidate.seed in used_seeds:
                continue
            puzzle = puzzle_of(candidate)
            if puzzle is None:
                continue
            chosen += 1
            used_seeds.add(candidate.seed)
            moves = (plies + 1) // 2
            suffix = "" if count == 1 else f"-{'abcdefgh'[chosen - 1]}"
            path = folder / f"{config.label}-win-in-{moves}{suffix}.pyr.json"
            kept.append((path, puzzle, candidate))
        if chosen < count:
            print(f"  {config.game} {config.label}: only {chosen} of {count} in {plies} plies")
    for path, puzzle, candidate in kept:
        if dry_run:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        write(path, candidate.game, puzzle)
        print(f"  wrote {path.relative_to(ROOT)}: verified in {check(path):.2f} s")
    return kept


def check(path: Path) -> float:
    """Read a written puzzle back and verify it as CI does; the seconds it took."""
    started = time.perf_counter()
    doc = read(path)
    verdict = verify(doc.game, doc.puzzle, max_seconds=30, knowledge=knowledge_for(doc.game))
    goal = doc.puzzle["goal"]
    if not verdict.verified or verdict.cooks or verdict.plies != goal["within"]:
        raise SystemExit(f"{path}: does not verify: {verdict.to_json()}")
    return time.perf_counter() - started


# ---- difficulty and order ---------------------------------------------------------------

CAP = 32768  # playouts: a search that has not settled on the key move by then counts 2 * CAP
SEEDS = (1, 2, 3, 4, 5)
FIRST = 8  # the first checkpoint
MEASURE = (
    "compiled MCTS (RAVE) playouts until its choice is the key move and stays so, "
    f"checked at {FIRST}, {2 * FIRST}, {4 * FIRST} ... {CAP} (never: {2 * CAP}), "
    f"the mean of {len(SEEDS)} seeds"
)
#: A mean from which one seed at least may never have settled: the measure saturates there,
#: and the order goes by the goal's length, then the prover's nodes (model.collection).
SATURATES_AT = 2 * CAP // len(SEEDS)
ORDER = (
    f"by playouts below {SATURATES_AT} (a mean from which a seed may have never settled), "
    "then by the goal's length in plies, then the prover's nodes for the proof; those at or "
    "above it after all others, by plies, then proof nodes"
)


def difficulty(game: Game, key_text: str) -> int:
    key = game.parse_move(key_text)
    runs = [
        puzzles.playouts_to_find(game, key, seed, CAP, knowledge=knowledge_for(game))
        for seed in SEEDS
    ]
    return round(sum(runs) / len(runs))


def rank(name: str) -> list[tuple[int, int, int, str]]:
    """Measure every puzzle of a game's folder, write its difficulty into it and the order
    into the folder's collection.json: by difficulty, then the goal's length, then the
    prover's nodes, then name."""
    warm_up(knowledge=None)
    folder = OUT / name
    rows = []
    for path in sorted(folder.glob(f"*{SUFFIX}")):
        doc = read(path)
        started = time.perf_counter()
        value = difficulty(doc.game, doc.puzzle["solution"][0])
        puzzle = dict(doc.puzzle)
        puzzle["difficulty"] = f"{value} playouts"
        if puzzle != doc.puzzle:
            write(path, doc.game, puzzle)
        within = doc.puzzle["goal"]["within"]
        nodes = verify(
            doc.game, doc.puzzle, knowledge=knowledge_for(doc.game)
        ).nodes  # the prover's effort: ties broken by it
        rows.append((value, within, nodes, path.name))
        seconds = time.perf_counter() - started
        print(f"  {name}/{path.name}: {value} playouts, {nodes} proof nodes ({seconds:.1f} s)")
    rows.sort(key=lambda row: (rank_key(row[0], row[1], row[2], SATURATES_AT), row[3]))
    index = {
        "format": INDEX_FORMAT,
        "measure": MEASURE,
        "saturates_at": SATURATES_AT,
        "order": ORDER,
        "puzzles": [
            {"file": file, "difficulty": value, "plies": within, "proof_nodes": nodes}
            for value, within, nodes, file in rows
        ],
    }
    (folder / INDEX).write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    print(f"{name}: {len(rows)} puzzles ordered in {folder.relative_to(ROOT) / INDEX}")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted({c.game for c in CONFIGS}))
    parser.add_argument("--label", help="only the option set with this label")
    parser.add_argument("--dry-run", action="store_true", help="report, write nothing")
    parser.add_argument(
        "--notes-only",
        action="store_true",
        help="rewrite the titles and notes of the files already there from their positions",
    )
    parser.add_argument(
        "--rank-only",
        action="store_true",
        help="measure the difficulty of the files already there and write the order",
    )
    args = parser.parse_args(argv)
    games = sorted({c.game for c in CONFIGS if not args.game or c.game == args.game})
    if args.rank_only:
        for name in games:
            rank(name)
        return 0
    if args.notes_only:
        for path in sorted(OUT.glob("*/*.pyr.json")):
            if args.game and path.parent.name != args.game:
                continue
            doc = read(path)
            puzzle = dict(doc.puzzle)
            puzzle["notes"] = NOTES[doc.game.name](
                doc.game, puzzle["solution"][0], puzzle["solution"]
            )
            puzzle["title"] = title(doc.game, puzzle["goal"]["within"])
            write(path, doc.game, puzzle)
            print(f"{path.relative_to(ROOT)}: {puzzle['notes']}")
        return 0
    if not args.dry_run and not args.label:  # a game made again: its old files go
        for name in games:
            for old in (OUT / name).glob(f"*{SUFFIX}"):
                old.unlink()
    began = time.perf_counter()
    for config in CONFIGS:
        if args.game and config.game != args.game:
            continue
        if args.label and config.label != args.label:
            continue
        started = time.perf_counter()
        kept = make(config, args.dry_run)
        seconds = time.perf_counter() - started
        print(f"{config.game} {config.label}: {len(kept)} puzzles in {seconds:.0f} s")
        for path, puzzle, candidate in kept:
            rel = path.relative_to(ROOT)
            print(
                f"  {rel}  seed {candidate.seed}  {candidate.legal} legal  "
                f"{' '.join(puzzle['solution'])}\n    {puzzle['notes']}"
            )
    print(f"generated in {time.perf_counter() - began:.0f} s")
    if not args.dry_run:
        for name in games:
            rank(name)
    print(f"done in {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
