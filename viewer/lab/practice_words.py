"""Practice's words, with no Qt in them: where a side stands in the terms the game's rules
report (its corners, else its counts), the idea of a winning line that a placement's first
hint says instead of its place, and what a wrong move did in the same terms
(:meth:`viewer.lab.practice.Practice.miss_text`)."""

from __future__ import annotations

import dataclasses

from pyramid_lab.model.game import Game, IllegalMoveError, InvalidMoveError, Move
from pyramid_lab.model.puzzle import Goal
from pyramid_lab.model.teaching import describe_result, teaching_for


def standing(game: Game, side: str, *, still: bool = False) -> str:
    """Where ``side`` stands, in the terms the game's rules report about a position (its
    summary): the corners it holds ('red holds NE, AP'), else each per-player count
    ('reserves: white 5, black 4'); '' when the game reports none. ``still``: nothing
    changed ('red still holds only NE, AP')."""
    extras = teaching_for(game).summary_extras(game)
    holders = extras.get("holders")
    if isinstance(holders, dict):
        held = [str(c) for c, who in holders.items() if who == side]
        if not held:
            return f"{side} {'still ' if still else ''}holds no corner"
        return f"{side} {'still holds only' if still else 'holds'} {', '.join(held)}"
    parts = [
        f"{key}: " + ", ".join(f"{who} {n}" for who, n in value.items())
        for key, value in extras.items()
        if isinstance(value, dict) and side in value
    ]
    return "; ".join(parts)


def held_corners(game: Game, side: str) -> list[str]:
    """The corners ``side`` holds, for a game whose summary reports them ([] otherwise)."""
    holders = teaching_for(game).summary_extras(game).get("holders")
    if not isinstance(holders, dict):
        return []
    return [str(c) for c, who in holders.items() if who == side]


@dataclasses.dataclass(frozen=True)
class Idea:
    """What a placement's first hint says instead of where: the words, and the corners it
    points at (the corner at stake, by name), possibly none."""

    text: str
    corners: tuple[str, ...] = ()


def idea_of(game: Game, side: str, line: list[Move]) -> Idea | None:
    """The idea of the winning ``line`` (``side``'s move first) from ``game``: the corners
    ``side`` takes by its end where the game reports corners (the corner at stake, pointed
    at on the board); else how the line ends (the rules' words for the result) and what
    changes on the way in the game's reported counts. None when the line does not play."""
    before = standing(game, side)
    corners = held_corners(game, side)
    end = game.copy()
    try:
        for move in line:
            end.push(move)
    except (IllegalMoveError, InvalidMoveError):
        return None
    gained = [c for c in held_corners(end, side) if c not in corners]
    at_once = len(line) == 1
    if gained:
        which = "the corner" if len(gained) == 1 else "the corners"
        how = "wins at once by taking" if at_once else "wins by taking"
        them = "it" if len(gained) == 1 else "them"
        text = f"{which} at stake: {', '.join(gained)} ({side} {how} {them})"
        return Idea(text, tuple(gained))
    result = describe_result(end)
    if not result:
        return None
    after = standing(end, side)
    changes = f"; watch the {before}, at the end {after}" if after and after != before else ""
    when = "at once" if at_once else f"within {len(line)} plies"
    return Idea(f"the idea: {result} ({when}){changes}")


def miss_words(
    game: Game, goal: Goal, wrong: Move | None, answer: Move | None, key: str | None
) -> str:
    """What the ``wrong`` move did (refuted by ``answer``, maybe played last on ``game``)
    and what the goal needed, in the rules' terms ('0,0,1 does not win at once: red still
    holds only NE, AP; the win at once takes 3 corners'); ``key``: the written solution's
    first move; '' when there is nothing to add."""
    after = game.copy()
    if answer is not None and after.move_stack and after.move_stack[-1] == answer:
        after.pop()
    if wrong is None or not after.move_stack or after.move_stack[-1] != wrong:
        return ""
    if after.outcome() is not None:
        return ""  # the result says it
    before = after.copy()
    before.pop()
    side = goal.side
    where = standing(after, side, still=standing(before, side) == standing(after, side))
    if not where:
        return ""
    if goal.within != 1 or before.to_move != side:
        return f"After {wrong}: {where}."
    return f"{wrong} does not win at once: {where}{_win_needs(before, side, wrong, key)}."


def _win_needs(before: Game, side: str, wrong: Move, key: str | None) -> str:
    """What the written key move (``key``) from ``before`` wins with, where it wins at
    once and is not the ``wrong`` move: '; the win at once takes 3 corners', else ''."""
    try:
        move = before.parse_move(key) if key else None
    except (InvalidMoveError, ValueError):
        return ""
    if move is None or move == wrong or before.why_illegal(move) is not None:
        return ""
    won = before.copy()
    won.push(move)
    outcome = won.outcome()
    if outcome is None or outcome.winner != side:
        return ""
    corners = held_corners(won, side)
    if corners:
        return f"; the win at once takes {len(corners)} corners"
    return f"; the win at once: {describe_result(won)}"
