"""What the search proves for the documents: a puzzle's goal (:func:`verify`) and a
lesson's win-within tasks (a :class:`Judge`, passed to :mod:`model.lesson`'s judging), so that
``model.puzzle`` and ``model.lesson`` read and write documents and never import the search.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pyramid_lab.i18n import M_, Message, Mn_, Value

from ..game import Game, Move, SaidError, no_proof_with_chance
from ..lesson import PROVE_SECONDS, Task
from ..lesson import Verdict as LessonVerdict
from ..puzzle import Verdict, goal_of, replay_error
from ..teaching import describe_result
from ..words import colour
from .prover import prove
from .registry import KnowledgeOf, Plugin

# ---- puzzles -------------------------------------------------------------------------------


def verify(
    game: Game,
    puzzle: Mapping[str, Any],
    *,
    max_seconds: float | None = None,
    stop: Callable[[], bool] | None = None,
    progress: Callable[[float, str], None] | None = None,
    knowledge: Plugin,
) -> Verdict:
    """Prove the puzzle's goal from ``game`` (left unchanged), handed the game's plug-in
    (``knowledge``). ValueError without a goal."""
    if game.has_chance:
        raise SaidError(no_proof_with_chance(game.title))
    goal = goal_of(puzzle)
    if goal is None:
        raise ValueError('the puzzle states no goal (add "goal": {"side", "result", "within"})')
    solution = list(puzzle.get("solution", []))
    key = solution[0] if solution else None
    broken = replay_error(game, solution)
    proof = prove(
        game,
        goal.side,
        goal.within,
        first_moves=True,
        max_seconds=max_seconds,
        stop=stop,
        progress=progress,
        knowledge=knowledge,
    )
    moves = [(str(m), plies) for m, plies in proof.first_moves]
    solution_ok: bool | None = False if broken else None
    if proof.first_moves and key is not None and not broken:  # another writing counts the same
        key_move = game.parse_move(key)
        solution_ok = any(m == key_move for m, _ in proof.first_moves)
        key = str(key_move)  # as the winning moves are written, so cooks compare
    return Verdict(
        goal,
        proof.result,
        proof.plies,
        key,
        solution_ok,
        moves,
        list(proof.line),
        proof.nodes,
        proof.seconds,  # the search's (a first use's compiling is not on its clock)
        proof.stopped,
        broken,
    )


# ---- lessons -------------------------------------------------------------------------------


class Judge:
    """The search's judge of win-within tasks (:class:`model.lesson.WinJudge`), handed who
    gives each position's game its plug-in (``knowledge_of``: a lesson's steps may be of
    several games: the caller hands the door's lookup, ``search.knowledge_for``), and hands
    it to :mod:`model.lesson`'s judging once: ``judge_move(task, position, move,
    wins=search.Judge(search.knowledge_for))``, ``check``, ``check_task``,
    ``right_answers``."""

    def __init__(self, knowledge_of: KnowledgeOf) -> None:
        self.knowledge_of = knowledge_of

    def winning_first_moves(self, task: Task, position: Game) -> list[Move] | None:
        """Every first move winning within the task's plies (None when not settled in
        time)."""
        assert task.within is not None
        assert task.side is not None
        proof = prove(
            position,
            task.side,
            task.within,
            first_moves=True,
            max_seconds=PROVE_SECONDS,
            knowledge=self.knowledge_of(position),
        )
        if proof.result == "unknown":
            return None
        return [move for move, _ in proof.first_moves]

    def judge_win(self, task: Task, position: Game, move: Move) -> LessonVerdict:
        assert task.within is not None
        assert task.side is not None
        winners = self.winning_first_moves(task, position)
        if winners is None:
            return LessonVerdict(False, M_("the prover could not settle this in time"))
        said: dict[str, Value] = {"move": str(move), "side": colour(task.side)}
        said["plies"] = task.within
        if move in winners:
            return LessonVerdict(
                True,
                Mn_(
                    "{move}: {side} wins within {plies} ply",
                    "{move}: {side} wins within {plies} plies",
                    task.within,
                    **said,
                ),
            )
        after = position.copy()
        after.push(move)
        if after.is_over():
            result = describe_result(after)
            return LessonVerdict(
                False, M_("{move} ends the game: {result}", move=str(move), result=result)
            )
        if task.within <= 1:
            return LessonVerdict(False, M_("{move} does not win at once", move=str(move)))
        return LessonVerdict(False, self._not_forced(task, after, said))

    def _not_forced(self, task: Task, after: Game, said: Mapping[str, Value]) -> Message:
        """Why the move that led to ``after`` does not win within ``task``'s plies: the
        reply that holds out (the first after which the win is no longer forced), or none
        found."""
        assert task.within is not None
        assert task.side is not None
        knowledge = self.knowledge_of(after)
        for reply in after.legal_moves():
            after.push(reply)
            proof = prove(
                after, task.side, task.within - 2, shortest=False, line=False, knowledge=knowledge
            )
            after.pop()
            if proof.result == "disproven":
                return Mn_(
                    "{move} does not force it: after {opponent}'s reply {reply}, {side} no "
                    "longer wins within {plies} ply",
                    "{move} does not force it: after {opponent}'s reply {reply}, {side} no "
                    "longer wins within {plies} plies",
                    task.within,
                    reply=str(reply),
                    opponent=colour(after.to_move),  # (the reply is the other side's)
                    **said,
                )
        return Mn_(
            "{move} does not win within {plies} ply",
            "{move} does not win within {plies} plies",
            task.within,
            **said,
        )
