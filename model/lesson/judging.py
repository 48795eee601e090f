"""Judging a student's answer to a lesson's task (:mod:`model.lesson`): a move or the
points clicked, by the task's goal, question or the author's answers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from pyramid_lab.i18n import M_, Message

from ..game import (
    Game,
    Move,
)
from ..teaching import GoalCheck, teaching_for
from ..words import colour, joined
from .document import Point, Task


@dataclass(frozen=True)
class Verdict:
    """A student's answer judged: right or not, the reason in the rules' words, and the
    points the reason speaks of (an escape path, to be drawn)."""

    correct: bool
    reason: str
    points: tuple[Point, ...] = ()
    #: What the points are, for the legend beside the drawn path ('' for the plain words).
    about: str = ""
    #: Not all of a many-answer task, but all picked are right: right so far, some missing.
    partial: bool = False


def verdict_word(verdict: Verdict) -> str:
    """The word before a verdict's reason (``Verdict.reason``), the same in the window and
    the classroom's page: right, right so far (a many-answer task with some still to find),
    or not."""
    if verdict.correct:
        return "Right!"
    return "Right so far:" if verdict.partial else "Not yet:"


def verdict_text(verdict: Verdict) -> str:
    """A verdict in words: its word, then the rules' reason."""
    return f"{verdict_word(verdict)} {verdict.reason}"


def check_goal(game: Game, goal: Mapping[str, Any]) -> GoalCheck:
    """Whether ``game`` meets ``goal``: ``{"win": COLOUR}`` here, the others by the game's
    :meth:`~model.teaching.Teaching.lesson_goal`; ValueError for a goal it does not know."""
    if "win" in goal:
        if set(goal) != {"win"} or goal["win"] not in game.players:
            raise ValueError(f'a win goal is {{"win": {" or ".join(map(repr, game.players))}}}')
        outcome = game.outcome()
        if outcome is not None and outcome.winner == goal["win"]:
            return GoalCheck(True, M_("{colour} wins", colour=colour(goal["win"])))
        return GoalCheck(False, M_("{colour} has not won yet", colour=colour(goal["win"])))
    return teaching_for(game).lesson_goal(game, goal)


class WinJudge(Protocol):
    """What judges a win-within task: the search's
    (``wins=model.search.Judge(model.search.knowledge_for)``), since whether a side wins
    within some plies takes a proof; this module reads and writes lessons and never imports
    the search."""

    def winning_first_moves(self, task: Task, position: Game) -> list[Move] | None:
        """Every first move winning within the task's plies (None: not settled in
        :data:`PROVE_SECONDS`)."""
        ...

    def judge_win(self, task: Task, position: Game, move: Move) -> Verdict:
        """A legal ``move`` at ``position`` judged against the win-within ``task``."""
        ...


def judge_proof(wins: WinJudge | None) -> WinJudge:
    if wins is None:
        raise ValueError(
            "a win-within task takes a proof: judge it through the search "
            "(wins=model.search.Judge(model.search.knowledge_for))"
        )
    return wins


def judge_move(
    task: Task, position: Game, move: Move | str, *, wins: WinJudge | None = None
) -> Verdict:
    """A move played at the step's ``position`` (left unchanged) judged against ``task``;
    a win-within task by ``wins`` (the search's judge; ValueError without one)."""
    if isinstance(move, str):
        move = position.parse_move(move)
    reason = position.why_illegal(move)
    if reason is not None:
        return Verdict(
            False, M_("{move} cannot be played: {reason}", move=str(move), reason=reason)
        )
    if task.kind == "win-within":
        return judge_proof(wins).judge_win(task, position, move)
    if task.goal is not None:
        after = position.copy()
        after.push(move)
        result = check_goal(after, task.goal)
        if not isinstance(result.reason, Message):  # (a game's goal not yet in the catalog)
            if result.met:
                return Verdict(True, f"{move}: {result.reason}")
            return Verdict(False, f"after {move}, {result.reason}", result.points, result.about)
        if result.met:
            return Verdict(True, M_("{move}: {reason}", move=str(move), reason=result.reason))
        reason = M_("after {move}, {reason}", move=str(move), reason=result.reason)
        if "win" in task.goal:  # "has not won yet" says nothing of the move: say what it did
            said = teaching_for(position).explain_move(position, move)
            reason = joined([reason, said]) if said else reason
        return Verdict(False, reason, result.points, result.about)
    if is_answer(task, position, move):
        return Verdict(True, M_("{move} is the move", move=str(move)))
    what = teaching_for(position).explain_move(position, move)
    if not what:
        return Verdict(False, M_("{move} is not the move this step asks for", move=str(move)))
    return Verdict(
        False,
        M_("{move} is not the move this step asks for: {what}", move=str(move), what=what),
    )


def is_answer(task: Task, position: Game, move: Move) -> bool:
    return move in [position.parse_move(a) for a in task.answers]


def judge_points(task: Task, position: Game, clicked: Iterable[Point]) -> Verdict:
    """The points a student clicked, judged against a click-points ``task``."""
    chosen = {tuple(p) for p in clicked}
    right = right_points(task, position)
    if chosen == right:
        return Verdict(True, point_names(position, right) if right else M_("none"))
    extra = sorted(chosen - right)
    missing = sorted(right - chosen)
    if extra:
        words = teaching_for(position)
        why = words.lesson_point_reason(position, task.question, extra[0]) if task.question else ""
        names, one = point_names(position, extra), len(extra) == 1
        # Messages (issue 108: the window showed them in English): the reader's language
        if why:
            reason = (
                M_("{points} is not one of them ({why})", points=names, why=why)
                if one
                else M_("{points} are not one of them ({why})", points=names, why=why)
            )
        else:
            reason = (
                M_("{points} is not one of them", points=names)
                if one
                else M_("{points} are not one of them", points=names)
            )
        return Verdict(False, reason, tuple(extra))
    if not chosen:
        return Verdict(False, M_("{count} to find", count=len(missing)))
    names = point_names(position, chosen)
    if len(chosen) == 1:
        reason = M_("{points} is right; {count} more to find", points=names, count=len(missing))
    else:
        reason = M_("{points} are right; {count} more to find", points=names, count=len(missing))
    return Verdict(False, reason, partial=True)


def right_points(task: Task, position: Game) -> frozenset[Point]:
    if task.question is not None:
        return teaching_for(position).lesson_points(position, task.question)
    return frozenset(teaching_for(position).lesson_point(position, a) for a in task.answers)


def point_names(game: Game, points: Iterable[Point]) -> str:
    return ", ".join(teaching_for(game).point_name(game, p) for p in sorted(points)) or M_("none")
