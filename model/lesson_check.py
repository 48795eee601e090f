"""A lesson checked, for its author (teacher mode, ``pyramid-lab lesson check``): each task
has a right answer and accepts the author's (:func:`check`, :func:`check_task`); the rules'
choices of goals and questions a task may ask (:func:`goal_choices`,
:func:`question_choices`, :func:`check_rule`); the answers the rules give
(:func:`right_answers`, what the lesson editor's Fill from rules writes in). A student's
answer is judged by :mod:`model.lesson` itself, whose judging this reads."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pyramid_lab.i18n import M_, N_, Message, Mn_, number

from .errors import not_a_player
from .game import Game, Move, SaidError, no_proof_with_chance, quote, shorten
from .lesson import (
    MAX_SCAN,
    MAX_WITHIN,
    PROVE_SECONDS,
    LessonFile,
    Task,
    WinJudge,
    check_goal,
    is_answer,
    judge_move,
    judge_proof,
    point_names,
    right_points,
    whole_within,
)
from .teaching import describe_result, teaching_for
from .words import colour, joined, reason_of


@dataclass(frozen=True)
class Problem:
    step: int  # 0-based
    title: str
    reason: str

    def __str__(self) -> str:
        return f"step {self.step + 1} ({quote(self.title)}): {self.reason}"

    def words(self) -> Message:
        """This problem as :func:`str` writes it in English, said in each reader's language
        (its reason a Message of :func:`check_task`)."""
        return M_(
            "step {number} ({title}): {reason}",
            number=self.step + 1,
            title=quote(self.title),
            reason=self.reason,
        )


def check(lesson: LessonFile, *, wins: WinJudge | None = None) -> list[Problem]:
    """Every task of ``lesson`` proven to have a right answer, the author's accepted (a
    win-within task by ``wins``, the search's judge)."""
    problems = []
    for index, step in enumerate(lesson.steps):
        if step.task is None:
            continue
        reason = check_task(step.task, step.position(), wins=wins)
        if reason is not None:
            problems.append(Problem(index, step.title, reason))
    return problems


def check_task(task: Task, position: Game, *, wins: WinJudge | None = None) -> str | None:
    """Why ``task`` is not sound at ``position`` (a Message), or None (a win-within task
    judged by ``wins``, the search's judge; ValueError without one)."""
    if position.is_over() and task.kind != "click-points":
        return M_(
            "the game is over here ({result}): nothing to play", result=describe_result(position)
        )
    if task.kind == "click-points":
        return _points_problem(task, position)
    if task.kind == "win-within":
        winners = _winners(task, position, wins)
        if not isinstance(winners, list):
            return winners
        for answer in task.answers:
            if position.parse_move(answer) not in winners:
                return Mn_(
                    "the answer {answer} does not win within {plies} ply",
                    "the answer {answer} does not win within {plies} plies",
                    task.within or 0,
                    answer=shorten(answer),
                    plies=_plies(task),
                )
        return None
    for answer in task.answers:
        move = position.parse_move(answer)
        reason = position.why_illegal(move)
        if reason is not None:
            return M_(
                "the answer {answer} is not legal: {reason}", answer=shorten(answer), reason=reason
            )
        verdict = judge_move(task, position, move)
        if not verdict.correct:
            return M_(
                "the answer {answer} is not accepted: {reason}",
                answer=shorten(answer),
                reason=verdict.reason,
            )
    few = position.legal_move_count() <= MAX_SCAN  # simultaneous games: trillions of joint moves
    if task.goal is not None and few and all(right_moves_flags(task, position)):
        return EVERY_MOVE_MEETS
    return None


def _points_problem(task: Task, position: Game) -> Message | None:
    """Why a click-points ``task``'s answers are not the rules' points, or None."""
    right = right_points(task, position)
    given = {teaching_for(position).lesson_point(position, a) for a in task.answers}
    if given == right:
        return None
    missing, extra = sorted(right - given), sorted(given - right)
    said = []
    if missing:
        said.append(M_("the rules also count {points}", points=point_names(position, missing)))
    if extra:
        said.append(M_("the rules do not count {points}", points=point_names(position, extra)))
    return M_("the answers are not the rules' answer: {reasons}", reasons=joined(said))


#: A move task whose goal every legal move meets.
EVERY_MOVE_MEETS = M_("every legal move meets the goal: nothing to find")


def _winners(task: Task, position: Game, wins: WinJudge | None) -> list[Move] | Message:
    """Every first move that wins the win-within ``task`` at ``position`` (by ``wins``, the
    search's judge), or why there is none to give (a Message)."""
    if position.has_chance:
        return no_proof_with_chance(position.title)
    if position.to_move != task.side:
        return M_("{colour} is not to move", colour=colour(str(task.side)))
    winners = judge_proof(wins).winning_first_moves(task, position)
    if winners is None:
        return M_("the prover did not settle it within {seconds} s", seconds=f"{PROVE_SECONDS:g}")
    return winners or Mn_(
        "{colour} cannot force a win within {plies} ply",
        "{colour} cannot force a win within {plies} plies",
        task.within or 0,
        colour=colour(str(task.side)),
        plies=_plies(task),
    )


def _plies(task: Task) -> int | str:
    """A win-within task's plies (read from its file: never None there)."""
    return task.within if task.within is not None else str(None)


#: progress(fraction done, what is done in words), as a job's progress is said.
TryProgress = Callable[[float, str], None]


#: Seconds between two words of a long try of every move (Fill from rules took 28.9 s).
PROGRESS_EVERY_S = 0.5


def right_moves_flags(
    task: Task, position: Game, progress: TryProgress | None = None
) -> list[bool]:
    """Per legal move, whether it answers the place/move ``task`` (no words computed);
    ``progress`` told the moves tried, of how many, about every :data:`PROGRESS_EVERY_S`."""
    if task.goal is None:
        return [is_answer(task, position, m) for m in position.legal_moves()]
    goal, flags, probe = task.goal, [], position.copy()
    moves = position.legal_moves()
    said = time.monotonic()
    for index, move in enumerate(moves):
        probe.push(move)
        flags.append(check_goal(probe, goal).met)
        probe.pop()
        if progress is not None and time.monotonic() - said >= PROGRESS_EVERY_S:
            said = time.monotonic()
            tried = M_(
                "({count} of {total} moves tried)",
                count=number(index + 1),
                total=number(len(moves)),
            )
            progress((index + 1) / len(moves), tried)
    return flags


def right_moves(task: Task, position: Game, progress: TryProgress | None = None) -> list[Move]:
    """Every legal move that answers a place/move task (for hints and tests)."""
    flags = right_moves_flags(task, position, progress)
    return [m for m, right in zip(position.legal_moves(), flags, strict=True) if right]


@dataclass(frozen=True)
class RuleChoice:
    """A goal or a question a teacher may pick, as a game declares it: its name (the key
    that names it in the JSON), what it asks, and the values each of its keys may take
    (empty: the game declares none, the rule is written as JSON)."""

    name: str
    label: str
    keys: Mapping[str, tuple[Any, ...]]

    def rule(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The goal or question with ``values`` for its keys (the first choice of a key
        not given)."""
        return {key: values.get(key, choices[0]) for key, choices in self.keys.items()}

    def matches(self, rule: Mapping[str, Any]) -> bool:
        """``rule`` is this one with values it offers."""
        return (
            bool(self.keys)
            and set(rule) == set(self.keys)
            and all(rule[key] in choices for key, choices in self.keys.items())
        )


def _label(description: str) -> str:
    return description.split(": {", 1)[0]


def goal_choices(game: Game) -> list[RuleChoice]:
    """The goals of a place or move task at ``game``'s position: the generic win (by
    one of the colours playing), then the game's :attr:`~model.teaching.Teaching.lesson_goals`."""
    cls = type(game)
    out = [RuleChoice("win", N_("a colour wins"), {"win": tuple(game.players)})]
    words = teaching_for(cls)
    for name, description in words.lesson_goals.items():
        out.append(RuleChoice(name, _label(description), words.lesson_goal_keys.get(name, {})))
    return out


def question_choices(game: Game) -> list[RuleChoice]:
    """The questions a click-points task may ask in ``game``'s lessons."""
    words = teaching_for(game)
    return [
        RuleChoice(name, _label(description), words.lesson_question_keys.get(name, {}))
        for name, description in words.lesson_questions.items()
    ]


def rule_of(task: Mapping[str, Any]) -> dict[str, Any] | None:
    """A task's goal, question, or for a win-within task its side and plies (as JSON)."""
    if task.get("kind") == "win-within":
        return {k: task[k] for k in ("side", "within") if task.get(k) is not None}
    rule = task.get("goal") or task.get("question")
    return dict(rule) if isinstance(rule, Mapping) else None


def check_rule(game: Game, kind: str, rule: Any) -> str | None:
    """Why ``rule`` cannot be the goal (question, side and plies) of a ``kind`` task at
    ``game``'s position, or None; no proof is tried (that is :func:`check_task`'s)."""
    if rule is None:
        return None
    if not isinstance(rule, dict):
        shapes = {
            "win-within": '{"side": COLOUR, "within": PLIES}',
            "click-points": "a question object",
        }
        shape = shapes.get(kind)
        if shape is None:
            return M_("a {kind} task's rule must be an object: a goal object", kind=kind)
        return M_("a {kind} task's rule must be an object: {shape}", kind=kind, shape=shape)
    try:
        if kind == "click-points":
            teaching_for(game).lesson_points(game, rule)
        elif kind == "win-within":
            unknown = sorted(set(rule) - {"side", "within"})
            if unknown:
                return M_(
                    "{key}: not a key of a win-within task (side, within)", key=shorten(unknown[0])
                )
            side, within = rule.get("side", game.to_move), rule.get("within")
            if side not in game.players:
                return M_("{key}: {reason}", key="side", reason=not_a_player(game.players, side))
            if not whole_within(within, MAX_WITHIN) or within == 0:
                return M_("within: must be a number of plies from 1 to {most}", most=MAX_WITHIN)
        else:
            check_goal(game, rule)
    except (ValueError, TypeError, KeyError) as exc:
        return reason_of(exc)
    return None


#: Most moves "Fill answers from the rules" lists (the rest are right too).
MAX_FILLED = 40


def right_answers(
    task: Task,
    position: Game,
    *,
    wins: WinJudge | None = None,
    progress: TryProgress | None = None,
) -> list[str]:
    """The answers the rules give for ``task`` at ``position``, as a lesson writes them:
    the points that answer a question, the moves that meet a goal (the first
    :data:`MAX_FILLED`; ``progress`` told the moves tried meanwhile), the first moves that
    win within the plies (by ``wins``, the search's judge). SaidError (a ValueError) saying
    why there are none to give, its words a Message."""
    if task.kind == "click-points":
        if task.question is None:
            raise SaidError(M_("pick a question first: without one the answers are yours"))
        return [",".join(map(str, p)) for p in sorted(right_points(task, position))]
    if position.is_over():
        raise SaidError(M_("the game is over here ({result})", result=describe_result(position)))
    if task.kind == "win-within":
        winners = _winners(task, position, wins)
        if not isinstance(winners, list):
            raise SaidError(winners)
        return [str(m) for m in winners]
    if task.goal is None:
        raise SaidError(
            M_("pick a goal first: without one the answer is yours (play it, Answer from board)")
        )
    if position.legal_move_count() > MAX_SCAN:
        count = position.legal_move_count()
        raise SaidError(M_("too many moves here to try each ({count})", count=count))
    right = [str(m) for m in right_moves(task, position, progress)]
    if not right:
        raise SaidError(M_("no move meets the goal here"))
    if len(right) == position.legal_move_count():
        raise SaidError(EVERY_MOVE_MEETS)
    return right[:MAX_FILLED]
