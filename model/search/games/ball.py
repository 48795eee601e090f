"""Pyramid Ball's search plug-in: both sides program a turn in secret (simultaneous
turns), so no tree fits; its players sample the other side's likely programs
(:class:`SamplingAgent`, which only Ball's rules fit) at every node of the game.

The agent proposes programs of its own
(heuristic ones and some at random), draws a sample of the opponent's likely programs the
same way, resolves every pair and keeps the program with the best average score against the
sample (or the best worst case, ``maximin``).

Proposals (``propose``): the offence's carrier heads for its goal row, stepping round a
defender straight ahead, sometimes passing (rows 2-3) to a pyramid nearer the goal; its
other pyramids escort it. Each defender closes on the square the carrier is heading for
(a defender that targets the carrier's square tackles it). A share of the entries is random
(``noise``), so the sample is varied; a few proposals are uniform draws from the side's
:class:`~model.ball.ProgramSpace`.

Score of a resolved turn for a side (``score``): points (a win outweighs all), then the
ball (who has it) and the carrier's distance from its goal row.

Limits: ``playouts`` counts resolutions (candidates x replies); ``seconds`` stops adding
candidates when spent; ``stop`` ends the search with the best so far. The same seed and
playout limit give the same program. With ``player`` None the agent chooses for every side
and answers a joint move; with a player index, that player's program.

After a point in the advanced game the scored-on side chooses a special move (a turn
node): each choice is weighed by the best program the same search (the same random draws)
finds for the chooser in the turn that follows, the limits shared among the choices; a tie
goes to the special move that side can use next turn (Blitz on defence, Quick Pass with a
Medium carrier, else Dash), then to the sheet's order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pyramid_lab.i18n import M_

from ...ball import COLOURS, SPECIALS, PyramidBall, SpecialChoice
from ...ball.rules import COLS, GOAL_ROW, MOVES, RELATIVE, STAND, Program, parse_square, step
from ...game import Game, JointMove
from ..agents import RandomAgent
from ..choice import Agent, Choice, Clock, Limits, MoveStat, ProgressCallback, SearchAgent
from ..registry import Plugin
from ..stop import Stop

#: The program letter of each absolute direction, per side.
LETTER = tuple({d: letter for letter, d in rel.items()} for rel in RELATIVE)
WIN_SCORE = 1000.0
DEFAULT_LIMITS = Limits(seconds=0.5)


def _row(sq: int) -> int:
    return sq // COLS


def _forward(side: int) -> str:
    return RELATIVE[side]["F"]


def _towards(sq: int, target: int, rng: random.Random) -> str | None:
    """An absolute direction that brings ``sq`` nearer ``target`` (None: already there)."""
    dx = target % COLS - sq % COLS
    dy = _row(target) - _row(sq)
    options = []
    if dx:
        options += ["E" if dx > 0 else "W"] * abs(dx)
    if dy:
        options += ["N" if dy > 0 else "S"] * abs(dy)
    return rng.choice(options) if options else None


def _state(game: PyramidBall) -> tuple[dict[int, int], int, int]:
    """pid -> square, the carrier's pid (-1 while the ball lies loose) and the offence."""
    where = {}
    carrier = -1
    for name, colour, size, ball in game.pyramids():
        pid = COLOURS.index(colour) * 3 + "LMS".index(size)
        where[pid] = parse_square(name)
        if ball:
            carrier = pid
    return where, carrier, game.offence


def propose(game: PyramidBall, side: int, rng: random.Random, noise: float = 0.2) -> Program:
    """One heuristic program of ``side`` (legal; see the module docstring)."""
    where, carrier, offence = _state(game)
    rows: list[list[str]] = [[STAND] * 3 for _ in range(3)]
    fwd = _forward(offence)
    occupied = {sq for pid, sq in where.items() if pid // 3 != side}
    if side == offence and carrier < 0:  # the ball lies loose: no plan, any program
        space = game.program_space(side)
        drawn: Program = space[rng.randrange(len(space))]
        return drawn
    if side == offence:
        _carry(rows, where, carrier, side, fwd, occupied, rng, noise)
    else:
        target = where.get(carrier, -1) if carrier >= 0 else parse_square(game.ball_square())
        _chase(rows, where, target, side, fwd, rng, noise)
    program = Program(tuple((a, b, c) for a, b, c in rows))
    if game.program_problem(program, side) is not None:  # a pass it may not make: stand
        rows = [[STAND if e.startswith(">") else e for e in row] for row in rows]
        program = Program(tuple((a, b, c) for a, b, c in rows))
    if game.program_problem(program, side) is not None:  # the goal-row rule: any program
        space = game.program_space(side)
        program = space[rng.randrange(len(space))]
    return program


def _carry(
    rows: list[list[str]],
    where: dict[int, int],
    carrier: int,
    side: int,
    fwd: str,
    occupied: set[int],
    rng: random.Random,
    noise: float,
) -> None:
    """The offence's rows: the carrier runs forward (sideways round a pyramid ahead), now
    and then passes to a mate nearer the goal row; the others mostly step forward."""
    ck = carrier % 3
    sq = where[carrier]
    for r in range(3):
        d = fwd
        ahead = step(sq, d)
        if ahead in occupied or ahead < 0:
            d = rng.choice(("E", "W"))
        if rng.random() < noise:
            d = rng.choice(("N", "S", "E", "W"))
        rows[r][ck] = LETTER[side][d]
        nxt = step(sq, d)
        sq = nxt if nxt >= 0 else sq
    goal = GOAL_ROW[side]
    mates = [
        k
        for k in range(3)
        if k != ck
        and side * 3 + k in where
        and abs(goal - _row(where[side * 3 + k])) < abs(goal - _row(where[carrier]))
    ]
    if mates and rng.random() < 0.35:
        rows[rng.choice((1, 2))][ck] = ">" + "LMS"[rng.choice(mates)]
    for k in range(3):
        pid = side * 3 + k
        if k == ck or pid not in where:
            continue
        for r in range(3):
            if rng.random() < noise:
                rows[r][k] = rng.choice((*MOVES, STAND))
            else:
                rows[r][k] = "F" if rng.random() < 0.7 else rng.choice(("L", "R", STAND))


def _chase(
    rows: list[list[str]],
    where: dict[int, int],
    target: int,
    side: int,
    fwd: str,
    rng: random.Random,
    noise: float,
) -> None:
    """The defence's rows: each pyramid heads for the ball's square (``target``) or for
    where the carrier is heading."""
    for k in range(3):
        pid = side * 3 + k
        if pid not in where:
            continue
        sq = where[pid]
        for r in range(3):
            aim = target
            lead = step(target, fwd) if target >= 0 else -1
            if lead >= 0 and rng.random() < 0.4:
                aim = lead  # where the carrier is heading
            way = _towards(sq, aim, rng) if aim >= 0 else None
            if way is None or rng.random() < noise:
                way = rng.choice(("N", "S", "E", "W", None))
            if way is None:
                continue
            rows[r][k] = LETTER[side][way]
            nxt = step(sq, way)
            sq = nxt if nxt >= 0 else sq


def sample(game: PyramidBall, side: int, rng: random.Random, uniform: float = 0.15) -> Program:
    """A likely program of ``side``: heuristic, or with chance ``uniform`` any at all."""
    if rng.random() < uniform:
        space = game.program_space(side)
        drawn: Program = space[rng.randrange(len(space))]
        return drawn
    return propose(game, side, rng)


def score(game: PyramidBall, side: int, before: dict[str, int]) -> float:
    """The resolved position for ``side``: points, then the ball and its progress."""
    outcome = game.outcome()
    if outcome is not None:
        return WIN_SCORE if outcome.winner == COLOURS[side] else -WIN_SCORE
    after = game.scores
    me, them = COLOURS[side], COLOURS[1 - side]
    value = 100.0 * ((after[me] - before[me]) - (after[them] - before[them]))
    holder = game.offence
    where, carrier, _ = _state(game)
    if carrier < 0:
        return value  # the ball lies loose: nobody's
    rows_to_go = abs(GOAL_ROW[holder] - _row(where[carrier]))
    ball = 20.0 + 3.0 * (7 - rows_to_go)
    return value + (ball if holder == side else -ball)


def rate(
    game: PyramidBall, side: int, mine: Program, replies: Sequence[Program]
) -> tuple[list[float], float]:
    """``side``'s program ``mine`` against each of the other side's ``replies``: the
    resolved positions' values, and the share of replies after which the side is better
    off than it stands now (its "win rate" for the turn; a tie counts half). Measured
    against 0, every turn of the side holding the ball counted as won."""
    before = game.scores
    now = score(game, side, before)
    values = []
    for theirs in replies:
        pair = [mine, theirs] if side == 0 else [theirs, mine]
        game.push_search(JointMove(tuple(pair)))
        values.append(score(game, side, before))
        game.pop()
    wins = sum(1.0 if v > now else 0.5 if v == now else 0.0 for v in values) / len(values)
    return values, wins


class SamplingAgent(SearchAgent):
    """Programs for a simultaneous turn chosen against a sample of the opponent's likely
    programs (see the module docstring)."""

    name = "sampling"

    def __init__(
        self,
        seed: int | None = None,
        player: int | None = None,
        *,
        replies: int = 12,
        maximin: bool = False,
        default_limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        self.rng = random.Random(seed)
        self.player = player
        self.replies = replies
        self.maximin = maximin
        self.default_limits = default_limits

    def _search(self, work: Game, limits: Limits, clock: Clock) -> Choice:
        """``work``: what the side may see (Ball: everything)."""
        if not isinstance(work, PyramidBall):
            raise ValueError(f"the sampling agent plays Pyramid Ball, not {work.title}")
        progress, stop = clock.progress, clock.stop
        if work.choosing is not None:
            return self._choose_special(work, limits, progress, stop, clock)
        sides = [self.player] if self.player is not None else list(range(len(work.players)))
        share = limits.scaled(1 / len(sides))
        programs: list[Any] = []
        stats: list[MoveStat] = []
        visits = 0
        stopped = False
        for i, side in enumerate(sides):
            part = Clock(share, progress, stop)  # reports a few times a second
            best, best_stats, used = self._best(work, side, share, part, progress, i, len(sides))
            programs.append(best)
            stats = best_stats if self.player is not None else stats
            visits += used
            stopped = stopped or part.stopped
        move: Any = programs[0] if self.player is not None else JointMove(tuple(programs))
        rate = stats[0].win_rate if stats else 0.5
        if progress is not None:
            progress(1.0, f"sampling: {move}")
        return Choice(
            move,
            self.name,
            rate,
            visits,
            1,
            clock.elapsed(),
            pv=(str(move),),
            stats=tuple(stats[:8]),
            stopped=stopped,
        )

    def _choose_special(
        self,
        game: PyramidBall,
        limits: Limits,
        progress: ProgressCallback | None,
        stop: Stop | None,
        clock: Clock,
    ) -> Choice:
        """The special move to take: see the module docstring."""
        choices = game.choices()
        side = COLOURS.index(game.to_move)
        share = limits.scaled(1 / len(choices))
        work = game.copy()
        rated: list[tuple[float, float, SpecialChoice, float]] = []
        visits = 0
        stopped = False
        seed = self.rng.getstate()
        for i, choice in enumerate(choices):
            # the same draws for every choice: a special move of no use next turn changes
            # nothing, so its value ties and the tie-breaks decide
            self.rng.setstate(seed)
            work.push(choice)
            while work.choosing is not None:  # the other side's choice too: its first
                work.push(work.choices()[0])
            part = Clock(share, progress, stop)
            _, stats, used = self._best(work, side, share, part, progress, i, len(choices))
            use = _use_next(work, side, choice.special)
            while work.move_stack[-1] != choice:
                work.pop()
            work.pop()
            visits += used
            stopped = stopped or part.stopped
            value = stats[0].score if stats and stats[0].score is not None else 0.0
            rate = stats[0].win_rate if stats else 0.5
            rated.append((value, use, choice, rate))
            if stopped:
                break
        rated.sort(key=lambda r: (r[0], r[1], -SPECIALS.index(r[2].special)), reverse=True)
        best = rated[0]
        each = visits // len(rated)
        judged = tuple(MoveStat(c, each, w, score=round(v, 1)) for v, _u, c, w in rated)
        if progress is not None:
            progress(1.0, f"sampling: {best[2]}")
        return Choice(
            best[2],
            "sampling the turn after it",
            best[3],
            visits,
            1,
            clock.elapsed(),
            pv=(str(best[2]),),
            stats=judged,
            stopped=stopped,
            judged=False,  # the rates are of one turn's programs, not of the game
        )

    def _best(
        self,
        game: PyramidBall,
        side: int,
        limits: Limits,
        clock: Clock,
        progress: ProgressCallback | None,
        part: int,
        parts: int,
    ) -> tuple[Program, list[MoveStat], int]:
        rng = self.rng
        other = 1 - side
        budget = limits.playouts
        replies = self.replies
        if budget is not None:
            replies = max(1, min(replies, budget // 2))
        opponent = [sample(game, other, rng) for _ in range(replies)]
        results: list[tuple[float, float, float, Program]] = []
        seen: set[Program] = set()
        used = 0
        tries = 0
        while True:
            if budget is not None and used + replies > budget:
                break
            if results and clock.out_of_time():
                break
            tries += 1
            if tries > 4 * (len(results) + 8):  # proposals keep repeating: enough
                break
            mine = propose(game, side, rng) if rng.random() > 0.1 else sample(game, side, rng, 1)
            # as the game lists it (a proposal may step off the board: the same play)
            mine = game.normal_program(mine, side)
            if mine in seen:
                continue
            seen.add(mine)
            values, wins = rate(game, side, mine, opponent)
            used += len(values)
            results.append((min(values), sum(values) / len(values), wins, mine))
            clock.report(
                (part + clock.fraction(used)) / parts,
                lambda: M_(
                    "sampling: {programs} programs x {replies} replies",
                    programs=len(results),
                    replies=replies,
                ),
            )
        key = (lambda r: (r[0], r[1])) if self.maximin else (lambda r: (r[1], r[0]))
        results.sort(key=key, reverse=True)
        stats = [MoveStat(p, replies, w, score=round(avg, 1)) for _, avg, w, p in results]
        return results[0][3], stats, used


def _use_next(game: PyramidBall, side: int, special: str) -> int:
    """1 when ``side`` could use ``special`` in the next turn (Blitz on defence, Quick Pass
    with a Medium carrier, Dash always), else 0."""
    if special == "blitz":
        return int(game.offence != side)
    if special == "quick_pass":
        carrier = game.carrier
        return int(carrier is not None and carrier == (COLOURS[side], "M"))
    return 1


def agent(game: Any, level: str, seed: int | None, player: int | None) -> tuple[Agent, Limits]:
    """easy plays at random; medium and strong sample (0.4 s against 8 likely replies;
    2 s against 20). They answer a joint move, or with ``player`` (a side's index) that
    side's part of it (a special move's choice too: weighed by the turn after it)."""
    if level == "easy":
        return RandomAgent(seed, player=player), Limits(playouts=1)
    if level == "medium":
        return SamplingAgent(seed, replies=8, player=player), Limits(seconds=0.4)
    return SamplingAgent(seed, replies=20, player=player), Limits(seconds=2.0)


PLUGIN = Plugin("ball", agent=agent)
