"""Puzzles: the optional ``puzzle`` key of a position file, and their verification.

``{"title": ..., "notes": ..., "goal": {"side": "red", "result": "win", "within": 3},
"solution": ["2,0,0", ...]}``. ``within`` counts plies, both sides' turns, the winning turn
last: "red wins in 2 moves" is ``within: 3``. The short form ``"goal": "red wins in 2"``
reads as that object; any other text is a goal in words, kept but not verifiable. Other
keys hold free text.

:class:`Verdict` is what verifying a puzzle found: the search's ``model.search.verify``
proves the goal against every defence, checks the solution's key move, lists the cooks
(other first moves that also reach the goal) and the longest defence. This module reads and
writes puzzles and never imports the search.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pyramid_lab.i18n import M_, Mn_

from .errors import not_a_player
from .game import (
    Game,
    IllegalMoveError,
    InvalidMoveError,
    PositionFormatError,
    check_keys,
    not_replayed,
    quote,
)
from .languages import ENGLISH, pick, read_text
from .words import colour, joined

MAX_WITHIN = 200
#: Characters of a puzzle's text (its title, its notes) in one language.
MAX_PUZZLE_TEXT = 10_000

#: A puzzle's goal in a file: ``{"side": "white", "result": "win", "within": 5}``.
GoalJSON = dict[str, str | int]
#: A checked puzzle's texts, as a file has them: title, notes and other texts, the goal
#: (its object, or words as older files have), the solution (moves as written).
#: A puzzle's text in several languages: the language's code -> the text ("en" required).
LanguageTexts = dict[str, str]
PuzzleValue = str | list[str] | GoalJSON | LanguageTexts
PuzzleTexts = dict[str, PuzzleValue]
_SHORT = re.compile(r"^\s*(\w+)\s+wins\s+in\s+(\d+)(\s+moves?)?\s*$")


@dataclass(frozen=True)
class Goal:
    side: str
    within: int  # plies, the winning turn last
    result: str = "win"

    def to_json(self) -> GoalJSON:
        return {"side": self.side, "result": self.result, "within": self.within}

    def describe(self) -> str:
        return M_(
            "{side} wins within {plies}", side=colour(self.side), plies=plies_text(self.within)
        )


def check_puzzle(raw: Any, game: Game) -> PuzzleTexts:
    """The puzzle of a file, checked against its game, with the goal in its object form;
    PositionFormatError names the key and the reason. The solution is checked for its
    form only: moves played after the puzzle was set must not make the file unreadable
    (:func:`verify` replays it)."""
    if not isinstance(raw, dict):
        raise PositionFormatError("puzzle", M_("must be an object: title, notes, goal, solution"))
    out: PuzzleTexts = {}
    for key, value in raw.items():
        where = f"puzzle.{key}"
        if key == "goal" and isinstance(value, str) and not _SHORT.match(value):
            out[key] = value  # a goal in words, as older files have: kept, not verifiable
        elif key == "goal":
            out[key] = _read_goal(value, game, where).to_json()
        elif key == "solution":
            if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
                raise PositionFormatError(where, M_("must be a list of moves written as strings"))
            out[key] = list(value)
        elif isinstance(value, dict) and ENGLISH in value:  # a text in several languages
            english, others = read_text(value, where, MAX_PUZZLE_TEXT, empty=True)
            out[key] = {ENGLISH: english, **others} if others else english
        elif not isinstance(value, str):
            raise PositionFormatError(where, M_("must be a text (goal and solution excepted)"))
        else:
            out[key] = value
    return out


def goal_of(puzzle: Mapping[str, PuzzleValue]) -> Goal | None:
    """The goal of a checked puzzle (see :func:`check_puzzle`), if it states one."""
    goal = puzzle.get("goal")
    if not isinstance(goal, dict):
        return None  # none, or in words only
    return Goal(str(goal["side"]), int(goal["within"]), str(goal["result"]))


def puzzle_text(puzzle: Mapping[str, PuzzleValue], key: str, language: str = ENGLISH) -> str:
    """A text of a checked puzzle (its title, notes, a goal in words) in ``language``,
    English where it lacks it (a text is a string, English, or an object of languages as
    a lesson's are): '' where it has none."""
    value = puzzle.get(key)
    if isinstance(value, dict) and isinstance(value.get(ENGLISH), str):
        texts = {code: str(text) for code, text in value.items() if code != ENGLISH}
        return pick(str(value[ENGLISH]), texts, language)[0]
    return value if isinstance(value, str) else ""


def text_edited(value: PuzzleValue | None, typed: str, language: str) -> PuzzleValue:
    """A puzzle's text ``value`` with ``typed`` as its ``language``'s (the others kept; an
    empty one gone, but English); a string where English alone is left."""
    texts = {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}
    if not texts:
        texts[ENGLISH] = value if isinstance(value, str) else ""
    code = ENGLISH if language.split("_")[0] == ENGLISH else language
    if typed or code == ENGLISH:
        texts[code] = typed
    else:
        texts.pop(code, None)
    if set(texts) == {ENGLISH}:
        return texts[ENGLISH]
    return texts


def solution_of(puzzle: Mapping[str, PuzzleValue]) -> list[str]:
    """A checked puzzle's solution, its moves as written ([] where it has none)."""
    value = puzzle.get("solution")
    return list(value) if isinstance(value, list) else []


def _read_goal(raw: Any, game: Game, where: str) -> Goal:
    if isinstance(raw, str):
        match = _SHORT.match(raw)
        if not match:
            raise PositionFormatError(
                where,
                M_(
                    'must be {{"side", "result", "within"}} or "COLOUR wins in N", not {value}',
                    value=quote(raw),
                ),
            )
        side, digits = match.group(1), match.group(2)
        most = (MAX_WITHIN + 1) // 2
        # int() refuses thousands of digits with ValueError: the length settles it first
        if len(digits) > len(str(most)) or not 1 <= int(digits) <= most:
            shown = (
                digits if len(digits) <= 12 else M_("a number of {count} digits", count=len(digits))
            )
            raise PositionFormatError(
                where,
                M_(
                    '"{side} wins in N": N must be 1 to {most} moves, not {value}',
                    side=side,
                    most=most,
                    value=shown,
                ),
            )
        raw = {"side": side, "result": "win", "within": 2 * int(digits) - 1}
    if not isinstance(raw, dict):
        raise PositionFormatError(where, M_('must be {"side": ..., "result": "win", "within": N}'))
    check_keys(raw, ("side", "result", "within"), where=where)
    side, result, within = raw.get("side"), raw.get("result", "win"), raw.get("within")
    if side not in game.players:
        raise PositionFormatError(f"{where}.side", not_a_player(game.players, side))
    if result != "win":
        raise PositionFormatError(
            f"{where}.result",
            M_("only 'win' goals are supported, not {value}", value=quote(result)),
        )
    if not isinstance(within, int) or isinstance(within, bool) or not 1 <= within <= MAX_WITHIN:
        raise PositionFormatError(
            f"{where}.within",
            M_(
                "must be a number of plies from 1 to {most}, not {value}",
                most=MAX_WITHIN,
                value=quote(within),
            ),
        )
    return Goal(side, within, result)


# ---- verification -------------------------------------------------------------------------


@dataclass
class Verdict:
    """What :func:`verify` found. ``verified``: the goal holds against every defence and
    the solution's key move (if any) reaches it."""

    goal: Goal
    result: str  # the prover's: "proven", "disproven" or "unknown"
    plies: int | None  # the shortest win, when proven
    key_move: str | None  # the first move of the solution
    solution_ok: bool | None  # None without a solution or when the side is not to move
    winning_moves: list[tuple[str, int]]  # every first move reaching the goal, plies
    defence: list[str]  # the winner's quickest line against the longest defence
    nodes: int
    seconds: float
    stopped: str | None = None
    solution_error: str | None = None  # why the solution does not replay

    @property
    def key(self) -> str | None:
        """The key move: the solution's first; with no solution given, the only first move
        that reaches the goal (None when several do)."""
        if self.key_move is not None:
            return self.key_move
        if len(self.winning_moves) == 1:
            return self.winning_moves[0][0]
        return None

    @property
    def cooks(self) -> list[str]:
        """First moves that reach the goal besides the key move; with no key, every
        winning first move when there are several (no single one is the key)."""
        key = self.key
        if key is None:
            return [move for move, _ in self.winning_moves] if len(self.winning_moves) > 1 else []
        return [move for move, _ in self.winning_moves if move != key]

    def sentences(self) -> list[tuple[str, str]]:
        """The verdict in plain sentences, each with its tone ("ok", "warn", "bad",
        "plain" or "quiet"): what the Puzzle dock shows and ``verify --text`` prints."""
        lines: list[tuple[str, str]] = []
        proven = self.result == "proven"
        cooks = self.cooks
        if self.verified:
            if cooks:
                lines.append(("warn", M_("Verified, but cooked")))
            else:
                lines.append(("ok", M_("Verified")))
        else:
            lines.append(("bad", M_("Not verified: {reason}", reason=self.reason())))
        if proven and self.plies is not None:
            side, plies = colour(self.goal.side), plies_text(self.plies)
            lines.append(("plain", M_("{side} wins in {plies} at best", side=side, plies=plies)))
        lines += self._key_sentences(proven, cooks)
        if self.defence:
            line = " ".join(self.defence)
            lines.append(
                ("plain", M_("Main line, against the longest defence: {moves}", moves=line))
            )
        seconds = f"{self.seconds:.2f}"
        # TRANSLATORS: {seconds} is written 0.12 (notation); "s" is seconds
        searched = M_(
            "{nodes} positions searched in {seconds} s", nodes=self.nodes, seconds=seconds
        )
        lines.append(("quiet", searched))
        return lines

    def _key_sentences(self, proven: bool, cooks: list[str]) -> list[tuple[str, str]]:
        """The verdict's sentences on the key move: given or not, right or not, and the
        cooks (or winning moves) beside it."""
        lines: list[tuple[str, str]] = []
        winners = len(self.winning_moves)
        if self.key_move is None:
            if proven and winners == 1:
                said = M_("No solution given: {move} is the only winning move", move=str(self.key))
                lines.append(("plain", said))
            elif proven and winners > 1:
                said = M_(
                    "No solution given, and {count} first moves win: no single key", count=winners
                )
                lines.append(("warn", said))
        elif self.solution_error:
            lines.append(("bad", self.solution_error))
        elif self.solution_ok:
            lines.append(("plain", M_("Key move {move}: wins", move=self.key_move)))
        elif self.solution_ok is False:
            lines.append(("bad", M_("Key move {move}: does not win", move=self.key_move)))
        if proven and self.winning_moves:
            if cooks:
                plies = dict(self.winning_moves)
                listed = joined(
                    [
                        M_("{move} (in {plies})", move=move, plies=plies_text(plies[move]))
                        for move in cooks
                    ],
                    ", ",
                )
                if self.key:
                    said = M_("Cooks, other first moves that win too: {moves}", moves=listed)
                else:
                    said = M_("Winning moves: {moves}", moves=listed)
                lines.append(("warn", said))
            else:
                lines.append(("plain", M_("No cook: only the key move wins")))
        return lines

    @property
    def verified(self) -> bool:
        return self.result == "proven" and self.solution_ok is not False

    def reason(self) -> str:
        if self.result == "disproven":
            return M_("the goal fails: {goal} cannot be forced", goal=self.goal.describe())
        if self.result == "unknown":
            if not self.stopped:
                return M_("not settled (stopped)")
            return M_("not settled ({why})", why=self.stopped)
        if self.solution_error:
            return M_("the solution is wrong: {error}", error=self.solution_error)
        if self.solution_ok is False:
            return M_(
                "the solution's key move {move} does not reach the goal", move=str(self.key_move)
            )
        return M_("verified")

    def to_json(self) -> dict[str, Any]:
        return {
            "goal": self.goal.to_json(),
            "verified": self.verified,
            "result": self.result,
            "reason": self.reason(),
            "plies": self.plies,
            "key_move": self.key_move,
            "solution_ok": self.solution_ok,
            "cooks": self.cooks,
            "winning_moves": [[m, p] for m, p in self.winning_moves],
            "defence": self.defence,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
        }


def moves_text(count: int) -> str:
    """'1 move', '3 moves'."""
    return Mn_("{count} move", "{count} moves", count, count=count)


def plies_text(count: int) -> str:
    """'1 ply', '3 plies'."""
    return Mn_("{count} ply", "{count} plies", count, count=count)


def replay_error(game: Game, moves: list[str]) -> str | None:
    """Why ``moves`` do not replay from ``game`` (left unchanged), or None."""
    copy = game.copy()
    for index, text in enumerate(moves):
        try:
            copy.push_text(text)
        except (InvalidMoveError, IllegalMoveError) as exc:
            return M_(
                "solution[{index}] {reason}", index=str(index), reason=not_replayed(text, exc)
            )
    return None
