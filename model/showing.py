"""How the answers show themselves to a person at a prompt or in a notebook (issue 87): a
short ``repr`` of one line, and ``_repr_html_``'s small table (at most :data:`MAX_HTML`
characters) of the moves ranked, each exact or an estimate, with its plies, in the words
the command line and the window use (a proven value before any estimate, as the search
ranks them). For :class:`model.game.Outcome`, :class:`model.search.Analysis` and
:class:`model.search.SolveResult`, whose methods call these; the standard library only.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from html import escape
from typing import Protocol

# What is read of each answer (model.game's Outcome, the search's Analysis and SolveResult):
# this module imports neither, so that the rules reach no search and nothing is a cycle.


class _Outcome(Protocol):
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def values(self) -> tuple[float, ...]: ...
    @property
    def termination(self) -> enum.Enum: ...
    def describe(self) -> str: ...


class _Stat(Protocol):
    @property
    def move(self) -> object: ...
    @property
    def proven(self) -> str | None: ...
    @property
    def exact(self) -> bool: ...
    @property
    def plies(self) -> int | None: ...
    @property
    def win_rate(self) -> float: ...
    @property
    def visits(self) -> int: ...
    @property
    def mark(self) -> str: ...


class _Analysis(Protocol):
    @property
    def game(self) -> str: ...
    @property
    def to_move(self) -> str: ...
    @property
    def ply(self) -> int: ...
    @property
    def agent(self) -> str: ...
    @property
    def win_rate(self) -> float | None: ...
    @property
    def moves(self) -> Sequence[_Stat]: ...
    @property
    def win(self) -> object: ...
    @property
    def result(self) -> str | None: ...
    @property
    def proven_text(self) -> str: ...
    @property
    def visits(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def cut_short(self) -> str: ...


class _Solved(Protocol):
    @property
    def value(self) -> str: ...
    @property
    def plies(self) -> int | None: ...
    @property
    def plies_exact(self) -> bool: ...
    @property
    def best_move(self) -> str | None: ...
    @property
    def depth(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def stopped(self) -> str | None: ...
    @property
    def source(self) -> str: ...
    @property
    def first_moves(self) -> Sequence[tuple[str, str, int | None]]: ...


#: The most characters a table is (a notebook keeps every cell's output in its file).
MAX_HTML = 10_000
#: The most moves a table lists (the rest are counted below it).
MAX_ROWS = 40
_STYLE = "border-collapse:collapse;font-size:90%"


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def _table(caption: str, head: Sequence[str], rows: Iterable[Sequence[object]], foot: str) -> str:
    """An HTML table, its texts escaped, rows dropped from the end (and counted in the
    foot) where it would pass :data:`MAX_HTML`."""
    top = (
        f'<table style="{_STYLE}"><caption style="text-align:left">{escape(caption)}</caption>'
        "<tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>"
    )
    cells = [
        "<tr>" + "".join(f"<td>{escape(str(cell))}</td>" for cell in row) + "</tr>" for row in rows
    ]
    left = 0
    while True:
        shown = cells[: len(cells) - left]
        more = f"{left:,} more not shown; " if left else ""
        note = f"{more}{foot}"
        bottom = f"</table><small>{escape(note)}</small>" if note else "</table>"
        page = top + "".join(shown) + bottom
        if len(page) <= MAX_HTML or not shown:
            return page[:MAX_HTML]
        left += max(1, len(shown) // 4)


# ---- how a game ended --------------------------------------------------------------------


def outcome_repr(outcome: _Outcome) -> str:
    """'<Outcome red wins (corners)>'."""
    return f"<Outcome {outcome.describe()}>"


def outcome_html(outcome: _Outcome) -> str:
    """Each player's return (win, loss, draw, or the score) under the outcome in words."""
    words = {1.0: "win", -1.0: "loss", 0.0: "draw"}
    scored = outcome.termination.value == "score"
    rows = [
        (player, f"{value:g}" if scored else words.get(value, f"{value:g}"))
        for player, value in zip(outcome.players, outcome.values, strict=True)
    ]
    return _table(outcome.describe(), ("player", "score" if scored else "result"), rows, "")


# ---- the engine's analysis ---------------------------------------------------------------


def _verdict(analysis: _Analysis) -> str:
    """The verdict in a few words: the proven win, else the win rate (an estimate)."""
    if analysis.result is not None:
        return "the game is over: " + (
            "a draw" if analysis.result == "draw" else f"{analysis.result} won"
        )
    if analysis.win is not None:
        return analysis.proven_text
    if analysis.win_rate is None or not analysis.moves:
        return "no move judged"
    lost = sum(stat.proven == "loss" for stat in analysis.moves)
    proven = f"; {lost:,} proven lost" if lost else ""
    return (
        f"win rate {round(analysis.win_rate * 100)}% (estimate), "
        f"best {analysis.moves[0].move}{proven}"
    )


def analysis_repr(analysis: _Analysis) -> str:
    """'<Analysis partition ply 10, red to move: proven: red wins in 1 move (0,0,0); 15
    moves ranked>'."""
    ranked = f"; {_plural(len(analysis.moves), 'move')} ranked" if analysis.moves else ""
    return (
        f"<Analysis {analysis.game} ply {analysis.ply}, {analysis.to_move} to move: "
        f"{_verdict(analysis)}{ranked}>"
    )


def analysis_html(analysis: _Analysis) -> str:
    """The moves ranked, best first: each one's value for the side to move where it is
    proven (exact, or within a strategy's length) with its plies, else the search's win
    rate, an estimate."""
    rows = []
    for rank, stat in enumerate(analysis.moves[:MAX_ROWS], start=1):
        rows.append(
            (
                rank,
                stat.move,
                stat.proven or "",
                stat.mark,
                "" if stat.plies is None else stat.plies,
                f"{round(stat.win_rate * 100)}%",
                f"{stat.visits:,}",
            )
        )
    left = len(analysis.moves) - len(rows)
    foot = f"{left:,} more moves; " if left > 0 else ""
    work = "nodes" if analysis.agent == "alphabeta" else "playouts"
    foot += f"{analysis.agent}, {analysis.visits:,} {work}, {analysis.seconds:.1f} s"
    if analysis.cut_short:
        foot += f"; cut short: {analysis.cut_short}"
    head = ("#", "move", "value", "exact or estimate", "plies", "win rate", work)
    caption = f"{analysis.to_move} to move: {_verdict(analysis)}"
    return _table(caption, head, rows, foot)


# ---- a solve ------------------------------------------------------------------------------


def _value(result: _Solved) -> str:
    """'win in 3 plies', 'loss within 40 plies', 'draw', 'unknown (time limit)'."""
    if result.value == "unknown":
        return f"unknown ({result.stopped})" if result.stopped else "unknown"
    if result.plies is None or result.value == "draw":
        return result.value
    word = "in" if result.plies_exact else "within"
    return f"{result.value} {word} {result.plies} {'ply' if result.plies == 1 else 'plies'}"


def solve_repr(result: _Solved) -> str:
    """'<SolveResult win in 3 plies, best 0,0,0 (search, 0.12 s)>'."""
    best = f", best {result.best_move}" if result.best_move else ""
    work = f", depth {result.depth}, {result.nodes:,} positions" if result.stopped else ""
    return f"<SolveResult {_value(result)}{best} ({result.source}{work}, {result.seconds:.2f} s)>"


def solve_html(result: _Solved) -> str:
    """The value under its words, and each first move's value as far as the search learnt
    it (proven, or unknown), with its plies."""
    rows = [
        (move, value, "" if plies is None else plies)
        for move, value, plies in result.first_moves[:MAX_ROWS]
    ]
    best = f", best {result.best_move}" if result.best_move else ""
    caption = f"the side to move: {_value(result)}{best}"
    left = len(result.first_moves) - len(rows)
    foot = f"{left:,} more moves; " if left > 0 else ""
    foot += (
        f"from the {result.source}, depth {result.depth}, {result.nodes:,} positions, "
        f"{result.seconds:.2f} s"
    )
    return _table(caption, ("first move", "value", "plies"), rows, foot)
