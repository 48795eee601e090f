"""A game's review: the optional ``review`` key of a position file.

``{"seconds": 2.0, "values": [0.5, 0.62, ...], "moves": [{"ply": 1, "side": "red",
"move": "1,1,0", "verdict": "best", "better": null, "value_before": 0.55, "value_after":
0.57, "proven": null}, ...]}``.

``moves[i]`` judges the line's move ``i`` (``ply`` counts from 1: ply N is the N-th move
of the line, played at the position after N - 1 moves). ``value_before`` is the mover's
chance (0..1) in the position before the move, ``value_after`` the mover's chance after it;
1 and 0 are forced wins and losses (the prover's). ``verdict`` is one of :data:`VERDICTS`;
``better`` the move the mover should have played (null when the move was best or good).
``proven`` says what the prover settled before the move: "win" (the mover had a forced win),
"loss" (the other side had one) or null. ``values`` holds the win-rate graph: the first
player's chance at each position of the line, from the start (``len(moves) + 1`` points).
``estimate`` (optional, false when absent) says that ``value_before`` is the engine's
estimate, ``visits`` the playouts behind it; a proven value (``proven`` "win" or "loss")
is no estimate. ``exact`` (optional) says, per point of ``values``, whether it is the
game's proven value (true) or an estimate (false).
``puzzles`` (optional) lists the plies whose position makes a puzzle, each
``{"ply": N, "side": ..., "within": plies, "key": move}``.

The review judges a line of moves from the file's start: the history, or the history and
its continuation (a file saved with an earlier position shown keeps the rest of the line
under ``variations``); its moves must replay from the start. This module reads and writes
reviews and never imports the search (``model.search.reviewer`` makes them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pyramid_lab.i18n import M_, N_, Message

from .game import (
    Game,
    InvalidMoveError,
    Move,
    PositionFormatError,
    check_keys,
    not_replayed,
    quote,
)
from .setup import start_copy
from .words import colour, joined

BEST, GOOD, INACCURACY, MISTAKE, MISSED_WIN = (
    "best",
    "good",
    "inaccuracy",
    "mistake",
    "missed win",
)
VERDICTS = (BEST, GOOD, INACCURACY, MISTAKE, MISSED_WIN)
#: A verdict in words, by its name (the file's).
VERDICT_NAMES = {
    BEST: N_("best"),
    GOOD: N_("good"),
    INACCURACY: N_("inaccuracy"),
    MISTAKE: N_("mistake"),
    MISSED_WIN: N_("missed win"),
}
#: Verdicts that name a better move.
FLAWED = (INACCURACY, MISTAKE, MISSED_WIN)
_MOVE_KEYS = (
    "ply",
    "side",
    "move",
    "verdict",
    "better",
    "value_before",
    "value_after",
    "proven",
    "estimate",
    "visits",
)


@dataclass(frozen=True)
class MoveReview:
    """The verdict on one move of the game (see the module)."""

    ply: int
    side: str
    move: str
    verdict: str
    better: str | None
    value_before: float | None
    value_after: float | None
    proven: str | None = None
    #: ``value_before`` is the engine's estimate, of ``visits`` playouts (None: unknown).
    estimate: bool = False
    visits: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "side": self.side,
            "move": self.move,
            "verdict": self.verdict,
            "better": self.better,
            "value_before": _rounded(self.value_before),
            "value_after": _rounded(self.value_after),
            "proven": self.proven,
            "estimate": self.estimate,
            "visits": self.visits,
        }

    @property
    def text(self) -> str:
        """'7. red 1,1,0: mistake (62% -> 31%), better 0,1,1' (a Message)."""
        verdict = M_(VERDICT_NAMES[self.verdict]) if self.verdict in VERDICT_NAMES else self.verdict
        said = {"ply": str(self.ply), "side": colour(self.side), "move": self.move}
        text = M_("{ply}. {side} {move}: {verdict}", **said, verdict=verdict)
        if self.value_before is not None and self.value_after is not None:
            rates = {"said": text, "before": _percent(self.value_before)}
            rates["after"] = _percent(self.value_after)
            if self.estimate:
                text = M_("{said} ({before} -> {after}, estimated)", **rates)
            elif self.proven is not None:
                text = M_("{said} ({before} -> {after}, proven)", **rates)
            else:
                text = M_("{said} ({before} -> {after})", **rates)
        if self.better:
            return M_("{said}, better {move}", said=text, move=self.better)
        return text


@dataclass(frozen=True)
class PuzzleSpot:
    """A position of the game that makes a puzzle: after ply ``ply`` (the position before
    the move numbered ``ply + 1``), ``side`` wins within ``within`` plies with ``key``
    only."""

    ply: int
    side: str
    within: int
    key: str

    def to_json(self) -> dict[str, Any]:
        return {"ply": self.ply, "side": self.side, "within": self.within, "key": self.key}


@dataclass(frozen=True)
class GameReview:
    """The review of a game's line (see the module)."""

    moves: tuple[MoveReview, ...]
    values: tuple[float | None, ...]
    seconds: float
    puzzles: tuple[PuzzleSpot, ...] = field(default=())
    stopped: bool = False  # Stop came before every move was judged
    #: Per point of ``values``: the game's proven value (True) or an estimate; empty when
    #: not known (a review saved before issue 45).
    exact: tuple[bool, ...] = ()
    #: Where the line leaves the game's book, in its words ("after ply 9, the book ends
    #: here: ..."; "" where it does not): said in :meth:`summary`, not saved with the file.
    book_end: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seconds": self.seconds,
            "values": [_rounded(v) for v in self.values],
            "moves": [m.to_json() for m in self.moves],
        }
        if self.exact:
            out["exact"] = list(self.exact)
        if self.puzzles:
            out["puzzles"] = [p.to_json() for p in self.puzzles]
        if self.stopped:
            out["stopped"] = True
        return out

    def counts(self) -> dict[str, dict[str, int]]:
        """side -> verdict -> how many of that side's moves got it."""
        out: dict[str, dict[str, int]] = {}
        for m in self.moves:
            side = out.setdefault(m.side, {v: 0 for v in VERDICTS})
            side[m.verdict] += 1
        return out

    def summary(self) -> str:
        """'red: 12 best, 3 good, 1 mistake; blue: ...'."""
        parts = []
        for side, counts in self.counts().items():
            # TRANSLATORS: a tally of a side's moves by verdict ("3 mistake"): where a count
            # before the word would need its plural, write it as a tally ("mistake: 3")
            said = (
                M_("{count} {verdict}", count=n, verdict=M_(VERDICT_NAMES[v]))
                for v, n in counts.items()
                if n
            )
            parts.append(M_("{side}: {verdicts}", side=colour(side), verdicts=joined(said, ", ")))
        text = joined(parts, "; ") if parts else M_("no move to judge")
        return joined([text, self.book_end], "; ") if self.book_end else text

    def at(self, ply: int) -> MoveReview | None:
        """The verdict on the move numbered ``ply`` (from 1), if reviewed."""
        if 1 <= ply <= len(self.moves):
            return self.moves[ply - 1]
        return None

    def spot(self, ply: int) -> PuzzleSpot | None:
        """The puzzle at the position after ``ply`` moves, if any."""
        return next((p for p in self.puzzles if p.ply == ply), None)

    def covers(self, line: Sequence[Move | str]) -> bool:
        """Whether the review judges the first moves of ``line`` (the line it was made
        for, or that line continued)."""
        if len(self.moves) > len(line):
            return False
        return all(m.move == str(h) for m, h in zip(self.moves, line, strict=False))


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def _percent(value: float) -> str:
    return f"{round(value * 100)}%"


def _value(raw: Any, where: str) -> float | None:
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int | float) or not 0 <= raw <= 1:
        raise PositionFormatError(
            where, M_("must be a number from 0 to 1 or null, not {value}", value=quote(raw))
        )
    return float(raw)


def _move_text(raw: Any, game: Game, where: str) -> str:
    if not isinstance(raw, str):
        raise PositionFormatError(
            where, M_("must be a move written as a string, not {value}", value=quote(raw))
        )
    try:
        game.parse_move(raw)
    except InvalidMoveError as exc:
        raise PositionFormatError(where, not_replayed(raw, exc)) from None
    return raw


def read_review(raw: Any, game: Game) -> GameReview:
    """The ``review`` of a file whose game (its history on the move stack) is ``game``;
    PositionFormatError names the key and the reason. Its moves must replay from the
    file's start."""
    if not isinstance(raw, dict):
        raise PositionFormatError("review", M_("must be an object: seconds, values, moves"))
    check_keys(raw, ("seconds", "values", "moves", "puzzles", "stopped", "exact"), where="review")
    seconds = raw.get("seconds", 0)
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds < 0:
        raise PositionFormatError(
            "review.seconds", M_("must be a number, not {value}", value=quote(seconds))
        )
    moves_raw = raw.get("moves", [])
    if not isinstance(moves_raw, list):
        raise PositionFormatError("review.moves", M_("must be a list"))
    line = start_copy(game)  # the reviewed line replays from the file's start
    moves = [_move_review(index, entry, line, game) for index, entry in enumerate(moves_raw)]
    values_raw = raw.get("values", [])
    if not isinstance(values_raw, list) or len(values_raw) > len(moves) + 1:
        raise PositionFormatError(
            "review.values",
            M_("must be a list of at most {count} numbers (or nulls)", count=len(moves) + 1),
        )
    values = tuple(_value(v, f"review.values[{i}]") for i, v in enumerate(values_raw))
    spots_raw = raw.get("puzzles", [])
    if not isinstance(spots_raw, list):
        raise PositionFormatError("review.puzzles", M_("must be a list"))
    spots = [_puzzle_spot(i, entry, game, len(moves)) for i, entry in enumerate(spots_raw)]
    stopped = raw.get("stopped", False)
    if not isinstance(stopped, bool):
        raise PositionFormatError("review.stopped", M_("must be true or false"))
    exact = raw.get("exact", [])
    if (
        not isinstance(exact, list)
        or not all(isinstance(e, bool) for e in exact)
        or len(exact) > len(values)
    ):
        raise PositionFormatError(
            "review.exact",
            M_("must be a list of at most {count} true or false", count=len(values)),
        )
    return GameReview(tuple(moves), values, float(seconds), tuple(spots), stopped, tuple(exact))


def _replayed(raw: Any, line: Game, where: str) -> str:
    """The move written ``raw``, pushed on ``line`` (PositionFormatError at ``where`` for
    one that is no move or does not replay there)."""
    move = _move_text(raw, line, where)
    if line.is_over() or line.why_illegal(line.parse_move(move)) is not None:
        why = line.why_illegal(line.parse_move(move)) or M_("the game is over")
        said = M_("{move} does not replay: {reason}", move=quote(move), reason=why)
        raise PositionFormatError(where, said)
    line.push(line.parse_move(move))
    return move


def _one_of(choices: Sequence[str], value: object) -> Message:
    """Why ``value`` is none of ``choices``."""
    return M_(
        "must be one of {choices}, not {value}", choices=", ".join(choices), value=quote(value)
    )


def _move_review(index: int, entry: Any, line: Game, game: Game) -> MoveReview:
    """The review's ``index``-th move, replayed on ``line`` (PositionFormatError naming
    the key)."""
    where = f"review.moves[{index}]"
    if not isinstance(entry, dict):
        raise PositionFormatError(where, M_("must be an object"))
    check_keys(entry, _MOVE_KEYS, required=("move", "verdict"), where=where)
    move = _replayed(entry["move"], line, f"{where}.move")
    verdict = entry["verdict"]
    if verdict not in VERDICTS:
        raise PositionFormatError(f"{where}.verdict", _one_of(VERDICTS, verdict))
    better = entry.get("better")
    if better is not None:
        better = _move_text(better, game, f"{where}.better")
    side = entry.get("side", "")
    if side and side not in game.players:
        raise PositionFormatError(
            f"{where}.side", M_("must be a player, not {value}", value=quote(side))
        )
    proven = entry.get("proven")
    if proven not in (None, "win", "loss"):
        raise PositionFormatError(
            f"{where}.proven", M_("must be win, loss or null, not {value}", value=quote(proven))
        )
    estimate = entry.get("estimate", False)
    if not isinstance(estimate, bool):
        raise PositionFormatError(f"{where}.estimate", M_("must be true or false"))
    visits = entry.get("visits")
    if visits is not None and (
        isinstance(visits, bool) or not isinstance(visits, int) or visits < 0
    ):
        raise PositionFormatError(
            f"{where}.visits",
            M_("must be a count of playouts or null, not {value}", value=quote(visits)),
        )
    ply = entry.get("ply", index + 1)
    if ply != index + 1 or isinstance(ply, bool):
        raise PositionFormatError(
            f"{where}.ply", M_("must be {ply}, not {value}", ply=index + 1, value=quote(ply))
        )
    return MoveReview(
        index + 1,
        side,
        move,
        verdict,
        better,
        _value(entry.get("value_before"), f"{where}.value_before"),
        _value(entry.get("value_after"), f"{where}.value_after"),
        proven,
        estimate,
        visits,
    )


def _puzzle_spot(index: int, entry: Any, game: Game, count: int) -> PuzzleSpot:
    """The review's ``index``-th puzzle spot, on one of the ``count`` plies of its line."""
    where = f"review.puzzles[{index}]"
    if not isinstance(entry, dict):
        raise PositionFormatError(where, M_("must be an object: ply, side, within, key"))
    check_keys(
        entry,
        ("ply", "side", "within", "key"),
        required=("ply", "side", "within", "key"),
        where=where,
    )
    ply, within = entry["ply"], entry["within"]
    if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= count:
        raise PositionFormatError(
            f"{where}.ply", M_("must be a ply of the reviewed line, not {value}", value=quote(ply))
        )
    if isinstance(within, bool) or not isinstance(within, int) or not 0 < within <= 200:
        raise PositionFormatError(
            f"{where}.within", M_("must be 1 to 200 plies, not {value}", value=quote(within))
        )
    if entry["side"] not in game.players:
        raise PositionFormatError(
            f"{where}.side", M_("must be a player, not {value}", value=quote(entry["side"]))
        )
    key = _move_text(entry["key"], game, f"{where}.key")
    return PuzzleSpot(ply, entry["side"], within, key)
