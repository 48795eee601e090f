"""Practice's words, with no Qt in them: where a side stands in the terms the game's rules
report (its corners, else its counts), the idea of a winning line that a placement's first
hint says instead of its place, and what a wrong move did in the same terms
(:meth:`viewer.lab.practice.Practice.miss_text`)."""

from __future__ import annotations

import dataclasses

from pyramid_lab.i18n import M_, N_, Message, Mn_
from pyramid_lab.model.game import Game, IllegalMoveError, InvalidMoveError, Move
from pyramid_lab.model.puzzle import Goal
from pyramid_lab.model.teaching import describe_result, teaching_for

from .outcome_words import word


def standing(game: Game, side: str, *, still: bool = False) -> str:
    """Where ``side`` stands, in the terms the game's rules report about a position (its
    summary): the corners it holds ('red holds NE, AP'), else each per-player count
    ('reserves: white 5, black 4'); '' when the game reports none. ``still``: nothing
    changed ('red still holds only NE, AP')."""
    extras = teaching_for(game).summary_extras(game)
    holders = extras.get("holders")
    if isinstance(holders, dict):
        held = ", ".join(str(c) for c, who in holders.items() if who == side)
        if not held and still:
            return M_("{side} still holds no corner", side=word(side))
        if not held:
            return M_("{side} holds no corner", side=word(side))
        if still:
            return M_("{side} still holds only {corners}", side=word(side), corners=held)
        return M_("{side} holds {corners}", side=word(side), corners=held)
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
        message = _AT_STAKE[len(gained) == 1, at_once]
        values = {"corners": ", ".join(gained), "side": word(side)}
        return Idea(Message(message, values=values), tuple(gained))
    result = describe_result(end)
    if not result:
        return None
    after = standing(end, side)
    changes = ""
    if after and after != before:
        # TRANSLATORS: a clause added to the idea of a winning line
        changes = M_("; watch the {before}, at the end {after}", before=before, after=after)
    if at_once:
        return Idea(M_("the idea: {result} (at once){changes}", result=result, changes=changes))
    return Idea(
        Mn_(
            "the idea: {result} (within {plies} ply){changes}",
            "the idea: {result} (within {plies} plies){changes}",
            len(line),
            result=result,
            plies=len(line),
            changes=changes,
        )
    )


#: The corners at stake of a winning line, by whether it is one corner and whether the
#: line wins at once.
_AT_STAKE = {
    (True, True): N_("the corner at stake: {corners} ({side} wins at once by taking it)"),
    (True, False): N_("the corner at stake: {corners} ({side} wins by taking it)"),
    (False, True): N_("the corners at stake: {corners} ({side} wins at once by taking them)"),
    (False, False): N_("the corners at stake: {corners} ({side} wins by taking them)"),
}


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
        return M_("After {move}: {where}.", move=str(wrong), where=where)
    return M_(
        "{move} does not win at once: {where}{needs}.",
        move=str(wrong),
        where=where,
        needs=_win_needs(before, side, wrong, key),
    )


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
        # TRANSLATORS: a clause added to what a wrong move did
        return M_("; the win at once takes {count} corners", count=len(corners))
    # TRANSLATORS: a clause added to what a wrong move did
    return M_("; the win at once: {result}", result=describe_result(won))
