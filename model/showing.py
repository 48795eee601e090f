"""How the answers show themselves to a person at a prompt or in a notebook (issue 87): a
short ``repr`` of one line, and ``_repr_html_``'s small table (at most :data:`MAX_HTML`
characters) of the moves ranked, each exact or an estimate, with its plies, in the words
the command line and the window use (a proven value before any estimate, as the search
ranks them). For :class:`model.game.Outcome`, :class:`model.search.Analysis` and
:class:`model.search.SolveResult`, whose methods call these; the standard library and the
house's :mod:`pyramid_lab.i18n` only.

The table is for a person: every word of it comes through the catalog, in the language
the script speaks (``pyramid_lab.i18n.use("de")``, or inside ``i18n.override``:
``docs/i18n.md``), in the terms the window and the command line use for the same things,
its numbers written the language's way. The ``repr`` is the programmer's, as the Python
data model has it (information-rich and unambiguous, for debugging) and as python-chess
writes ``repr(board)`` (``<Board '...'>``, English in every locale): English whatever the
language, so a log, a doctest or a bug report reads the same everywhere. Where it carries
a sentence meant for a person (an analysis's verdict, a solve's value), that sentence is
one Message for both: the ``repr`` holds its English, the table's caption says it in the
reader's language (``str()`` of a Message is its English; ``i18n.shown`` says it).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Protocol

from pyramid_lab import i18n
from pyramid_lab.i18n import M_, N_, Message, Mn_, format_number, format_percent, number, shown

from .words import colour, joined

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

# ---- the words ----------------------------------------------------------------------------

#: A proven value for the side to move, without a length (the Analysis dock's words).
VALUE_WORDS = {
    # TRANSLATORS: an analysis row's proven value for the side to move (a noun)
    "win": N_("win"),
    # TRANSLATORS: an analysis row's proven value for the side to move (a noun)
    "loss": N_("loss"),
    # TRANSLATORS: an analysis row's proven value for the side to move (a noun)
    "draw": N_("draw"),
    # TRANSLATORS: a proof's result (stopped before it was settled)
    "unknown": N_("unknown"),
}
#: ... and with its length, by whether it is exact (the shortest win or the longest
#: resistance) or a strategy's, the words of a count.
_LENGTHS: dict[tuple[str, bool], Callable[[int], Message]] = {
    ("win", True): lambda n: Mn_("win in {count} ply", "win in {count} plies", n, count=n),
    ("win", False): lambda n: Mn_("win within {count} ply", "win within {count} plies", n, count=n),
    ("loss", True): lambda n: Mn_("loss in {count} ply", "loss in {count} plies", n, count=n),
    ("loss", False): lambda n: Mn_(
        "loss within {count} ply", "loss within {count} plies", n, count=n
    ),
}
#: How a move's value is marked (``MoveStat.mark``, a code of the rules and the JSON).
_MARKS = {
    # TRANSLATORS: a notebook's analysis table, a move's mark: proven, its plies the
    # shortest win or the longest resistance
    "exact": N_("exact"),
    # TRANSLATORS: a notebook's analysis table, a move's mark: proven, its plies the length
    # of the strategy found (the end comes within them, perhaps sooner)
    "within": N_("within"),
    # TRANSLATORS: an analysis row's value: the search's win rate, not a proven value
    "estimate": N_("estimate"),
}
#: Why a solve stopped unsettled (``SolveResult.stopped``), its value in words.
_UNKNOWN = {
    # TRANSLATORS: a solve's value: not settled when its time ran out
    "time limit": N_("unknown (time limit)"),
    # TRANSLATORS: a solve's value: not settled when it was stopped (Ctrl+C)
    "interrupted": N_("unknown (interrupted)"),
    # TRANSLATORS: a solve's value: not settled at the deepest search asked for
    "depth limit": N_("unknown (depth limit)"),
}


def value_words(value: str, plies: int | None = None, exact: bool = True) -> str:
    """A proven value for the side to move in words ('win in 3 plies', 'loss within 40
    plies', 'draw', 'unknown'): a Message, said in each reader's language; a value the
    catalog does not know as it is."""
    lengths = _LENGTHS.get((value, exact))
    if plies is not None and lengths is not None:
        return lengths(plies)
    if value in VALUE_WORDS and (plies is None or value in ("draw", "unknown")):
        return M_(VALUE_WORDS[value])
    if plies is None or value == "draw":
        return value
    word = "in" if exact else "within"
    return f"{value} {word} {plies} {'ply' if plies == 1 else 'plies'}"


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def _figure(value: float) -> str:
    """A score as the reader's language writes it (English as ``{:g}`` always wrote it)."""
    if i18n.current() in (i18n.ENGLISH, i18n.PSEUDO):
        return f"{value:g}"
    return format_number(value)


def _table(caption: str, head: Sequence[str], rows: Iterable[Sequence[object]], foot: str) -> str:
    """An HTML table, its texts escaped, rows dropped from the end (and counted in the
    foot) where it would pass :data:`MAX_HTML`. The caption, the heads (words marked
    :func:`N_`) and the foot (a Message) are said in the reader's language; the cells are
    given said."""
    top = (
        f'<table style="{_STYLE}"><caption style="text-align:left">'
        f"{escape(shown(caption))}</caption>"
        "<tr>" + "".join(f"<th>{escape(shown(h))}</th>" for h in head) + "</tr>"
    )
    cells = [
        "<tr>" + "".join(f"<td>{escape(str(cell))}</td>" for cell in row) + "</tr>" for row in rows
    ]
    left = 0
    while True:
        shown_rows = cells[: len(cells) - left]
        note = foot
        if left:
            # TRANSLATORS: under a notebook's table: the rows left out to keep it small
            more = Mn_("{count} more not shown", "{count} more not shown", left, count=number(left))
            note = joined([more, foot], "; ") if foot else more
        bottom = f"</table><small>{escape(shown(note))}</small>" if note else "</table>"
        page = top + "".join(shown_rows) + bottom
        if len(page) <= MAX_HTML or not shown_rows:
            return page[:MAX_HTML]
        left += max(1, len(shown_rows) // 4)


# ---- how a game ended --------------------------------------------------------------------


def outcome_repr(outcome: _Outcome) -> str:
    """'<Outcome red wins (corners)>'."""
    return f"<Outcome {outcome.describe()}>"


def _result_words() -> dict[float, str]:
    """A player's result under a game's end, by its return, in the reader's language: a
    victory or a defeat ("Sieg", "victoire"), not a move's value in an analysis (the same
    English words: "Gewinn", "gain"), hence a context of their own."""
    return {
        # TRANSLATORS: a notebook's table of a game's end: a player's result (a noun)
        1.0: i18n.pgettext("a player's result", "win"),
        # TRANSLATORS: a notebook's table of a game's end: a player's result (a noun)
        -1.0: i18n.pgettext("a player's result", "loss"),
        # TRANSLATORS: a notebook's table of a game's end: a player's result (a noun)
        0.0: i18n.pgettext("a player's result", "draw"),
    }


def outcome_html(outcome: _Outcome) -> str:
    """Each player's return (win, loss, draw, or the score) under the outcome in words."""
    words = _result_words()
    scored = outcome.termination.value == "score"
    rows = [
        (shown(colour(player)), _figure(value) if scored or value not in words else words[value])
        for player, value in zip(outcome.players, outcome.values, strict=True)
    ]
    # TRANSLATORS: a notebook's table of a game's end: the column of the players, and of
    # each one's score (points) or result (win, loss, draw)
    head = (N_("player"), N_("score") if scored else N_("result"))
    return _table(outcome.describe(), head, rows, "")


# ---- the engine's analysis ---------------------------------------------------------------


def _verdict(analysis: _Analysis) -> str:
    """The verdict in a few words: the proven win, else the win rate (an estimate); a
    Message (the repr's English, the table's caption in the reader's language)."""
    if analysis.result is not None:
        if analysis.result == "draw":
            return M_("the game is over: a draw")
        return M_("the game is over: {winner} won", winner=colour(analysis.result))
    if analysis.win is not None:
        return analysis.proven_text
    if analysis.win_rate is None or not analysis.moves:
        # TRANSLATORS: a notebook's analysis: the search judged no move (none was reached)
        return M_("no move judged")
    # TRANSLATORS: a notebook's analysis: the search's win rate for the side to move (not
    # proven) and its best move (notation)
    said = M_(
        "win rate {percent}% (estimate), best {move}",
        percent=round(analysis.win_rate * 100),
        move=str(analysis.moves[0].move),
    )
    return with_lost(said, sum(stat.proven == "loss" for stat in analysis.moves))


def with_lost(said: Message, lost: int) -> Message:
    """``said``, then how many moves are proven lost where any are (the analysis's words
    and the search's proof words: model.search.proof_rank)."""
    if not lost:
        return said
    # TRANSLATORS: {count} moves the search proved lost for the side to move (the
    # English needs no noun; a language whose words agree with the count names the moves)
    return Mn_(
        "{said}; {count} proven lost", "{said}; {count} proven lost", lost, said=said, count=lost
    )


def analysis_repr(analysis: _Analysis) -> str:
    """'<Analysis partition ply 10, red to move: proven: red wins in 1 move (0,0,0); 15
    moves ranked>': English (the verdict the English of the table's caption)."""
    ranked = f"; {_plural(len(analysis.moves), 'move')} ranked" if analysis.moves else ""
    return (
        f"<Analysis {analysis.game} ply {analysis.ply}, {analysis.to_move} to move: "
        f"{_verdict(analysis)}{ranked}>"
    )


def analysis_html(analysis: _Analysis) -> str:
    """The moves ranked, best first: each one's value for the side to move where it is
    proven (exact, or within a strategy's length) with its plies, else the search's win
    rate, an estimate; in the reader's language."""
    rows = [
        (
            rank,
            str(stat.move),
            "" if stat.proven is None else shown(value_words(stat.proven)),
            shown(_MARKS.get(stat.mark, stat.mark)),
            "" if stat.plies is None else format_number(stat.plies),
            format_percent(round(stat.win_rate * 100) / 100),
            format_number(stat.visits),
        )
        for rank, stat in enumerate(analysis.moves[:MAX_ROWS], start=1)
    ]
    count, seconds = number(analysis.visits), number(analysis.seconds, digits=1)
    if analysis.agent == "alphabeta":
        # TRANSLATORS: a notebook's analysis table's column head: the nodes the alpha-beta
        # search visited after each move
        work = N_("nodes")
        # TRANSLATORS: under a notebook's analysis table: the search, its work and time
        foot: str = Mn_(
            "{agent}, {count} node, {seconds} s",
            "{agent}, {count} nodes, {seconds} s",
            analysis.visits,
            agent=analysis.agent,
            count=count,
            seconds=seconds,
        )
    else:
        # TRANSLATORS: a notebook's analysis table's column head: the tree search's playouts
        # through each move
        work = N_("playouts")
        # TRANSLATORS: under a notebook's analysis table: the search, its work and time
        foot = Mn_(
            "{agent}, {count} playout, {seconds} s",
            "{agent}, {count} playouts, {seconds} s",
            analysis.visits,
            agent=analysis.agent,
            count=count,
            seconds=seconds,
        )
    if not analysis.agent and not analysis.visits:
        foot = ""  # (no search ran: a finished game's)
    left = len(analysis.moves) - len(rows)
    if left > 0:
        # TRANSLATORS: under a notebook's analysis table: the moves ranked but not listed
        more = Mn_("{count} more move", "{count} more moves", left, count=number(left))
        foot = joined([more, foot], "; ") if foot else more
    if analysis.cut_short:
        foot = M_("{details}; cut short: {cut}", details=foot, cut=analysis.cut_short)
    head = (
        "#",
        N_("move"),
        # TRANSLATORS: a notebook's table's column head: a move's proven value (win, loss)
        N_("value"),
        # TRANSLATORS: a notebook's analysis table's column head: whether a move's value is
        # exact (or within a length: a strategy's) or the search's win rate, an estimate
        N_("exact or estimate"),
        # TRANSLATORS: a notebook's table's column head: a move's plies to the end
        N_("plies"),
        # TRANSLATORS: a notebook's analysis table's column head: the search's win rate
        N_("win rate"),
    )
    side = colour(analysis.to_move)
    # TRANSLATORS: a notebook's analysis table's caption: who is to move, then the verdict
    caption = M_("{side} to move: {verdict}", side=side, verdict=_verdict(analysis))
    return _table(caption, (*head, work), rows, foot)


# ---- a solve ------------------------------------------------------------------------------


def _value(result: _Solved) -> str:
    """'win in 3 plies', 'loss within 40 plies', 'draw', 'unknown (time limit)': a
    Message (the repr's English, the table's words in the reader's language)."""
    if result.value == "unknown":
        if not result.stopped:
            return M_(VALUE_WORDS["unknown"])
        if result.stopped in _UNKNOWN:
            return M_(_UNKNOWN[result.stopped])
        return M_("unknown ({reason})", reason=result.stopped)
    if result.value == "draw":
        return value_words("draw")
    return value_words(result.value, result.plies, result.plies_exact)


def solve_repr(result: _Solved) -> str:
    """'<SolveResult win in 3 plies, best 0,0,0 (search, 0.12 s)>': English."""
    best = f", best {result.best_move}" if result.best_move else ""
    work = f", depth {result.depth}, {result.nodes:,} positions" if result.stopped else ""
    return f"<SolveResult {_value(result)}{best} ({result.source}{work}, {result.seconds:.2f} s)>"


#: Where a solve's value came from, the foot of its table (``SolveResult.source``).
_SOURCES = {
    # TRANSLATORS: under a notebook's solve table: the value proven by the search now
    "search": lambda n, **values: Mn_(
        "from the search, depth {depth}, {count} position, {seconds} s",
        "from the search, depth {depth}, {count} positions, {seconds} s",
        n,
        **values,
    ),
    # TRANSLATORS: under a notebook's solve table: the value read from the game's book of
    # proven values
    "book": lambda n, **values: Mn_(
        "from the book, depth {depth}, {count} position, {seconds} s",
        "from the book, depth {depth}, {count} positions, {seconds} s",
        n,
        **values,
    ),
}


def solve_html(result: _Solved) -> str:
    """The value under its words, and each first move's value as far as the search learnt
    it (proven, or unknown), with its plies; in the reader's language."""
    rows = [
        (move, shown(value_words(value)), "" if plies is None else format_number(plies))
        for move, value, plies in result.first_moves[:MAX_ROWS]
    ]
    value = _value(result)
    if result.best_move:
        # TRANSLATORS: a notebook's solve table's caption: the value for the side to move
        # and its best move (notation)
        caption = M_("the side to move: {value}, best {move}", value=value, move=result.best_move)
    else:
        # TRANSLATORS: a notebook's solve table's caption: the value for the side to move
        caption = M_("the side to move: {value}", value=value)
    values: dict[str, i18n.Value] = {
        "depth": result.depth,
        "count": number(result.nodes),
        "seconds": number(result.seconds, digits=2),
    }
    source = _SOURCES.get(result.source)
    if source is not None:
        foot: str = source(result.nodes, **values)
    else:
        # TRANSLATORS: under a notebook's solve table: what the value came from (a name)
        foot = Mn_(
            "from {source}, depth {depth}, {count} position, {seconds} s",
            "from {source}, depth {depth}, {count} positions, {seconds} s",
            result.nodes,
            source=result.source,
            **values,
        )
    left = len(result.first_moves) - len(rows)
    if left > 0:
        more = Mn_("{count} more move", "{count} more moves", left, count=number(left))
        foot = joined([more, foot], "; ")
    # TRANSLATORS: a notebook's solve table's column head: the side to move's first move
    return _table(caption, (N_("first move"), N_("value"), N_("plies")), rows, foot)
