"""What the engine's analysis of a position answers (:func:`.analysis.analyse`): the
:class:`Analysis` record and its :class:`ProvenWin`, with the words both front ends show
(:mod:`model.showing` for a notebook's table), and :func:`proven_win`, the win counted in
the winner's own moves."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pyramid_lab.i18n import M_, N_, Message, Mn_, number

from .. import showing
from ..game import Game, Move
from ..words import colour, joined
from .choice import MoveStat
from .proof_rank import proof_words

PERFECT = "perfect play"
SOURCE_WORDS = {
    # TRANSLATORS: what a perfect-play value comes from ("perfect play (opening book)")
    "book": N_("opening book"),
    # TRANSLATORS: what a perfect-play value comes from ("perfect play (solved now)")
    "solved": N_("solved now"),
    # TRANSLATORS: what a perfect-play value comes from ("perfect play (the rules)")
    "rules": N_("the rules"),
    # TRANSLATORS: what a perfect-play value comes from
    "table": N_("the whole-game table"),
}


def perfect_by(sources: Iterable[str]) -> Message:
    """'perfect play (opening book)': what proved a value, by its sources (a word each:
    :data:`SOURCE_WORDS`; another as it is)."""
    words = [M_(SOURCE_WORDS[s]) if s in SOURCE_WORDS else s for s in sources]
    return M_("perfect play ({sources})", sources=joined(words, ", "))


#: '{side} to move wins with {by}', by the value for the side to move.
_WITH = {
    "win": lambda side, by: M_("{side} to move wins with {by}", side=side, by=by),
    "loss": lambda side, by: M_("{side} to move loses with {by}", side=side, by=by),
    "draw": lambda side, by: M_("{side} to move draws with {by}", side=side, by=by),
}


@dataclass(frozen=True, slots=True)
class ProvenWin:
    """A forced win: ``side`` wins in ``moves`` of its own moves (``plies`` in all) whatever
    the others do; ``first_move`` is the winning move when ``side`` is to move; ``line`` a
    principal line; ``by`` the prover or the agent that proved it."""

    side: str
    plies: int
    moves: int
    first_move: Move | None
    line: tuple[str, ...]
    by: str

    @property
    def text(self) -> str:
        """'proven: red wins in 1 move (1,1,1)'."""
        return self.words()

    def words(self, *, exact: bool = True) -> Message:
        """'proven: red wins in 1 move (1,1,1)', or 'wins within' where the length is not
        ``exact`` (a strategy's): said in each reader's language."""
        side, n = colour(self.side), self.moves
        if self.first_move is None:
            if exact:
                return Mn_(
                    "proven: {side} wins in {count} move",
                    "proven: {side} wins in {count} moves",
                    n,
                    side=side,
                    count=n,
                )
            return Mn_(
                "proven: {side} wins within {count} move",
                "proven: {side} wins within {count} moves",
                n,
                side=side,
                count=n,
            )
        first = str(self.first_move)
        if exact:
            return Mn_(
                "proven: {side} wins in {count} move ({move})",
                "proven: {side} wins in {count} moves ({move})",
                n,
                side=side,
                count=n,
                move=first,
            )
        return Mn_(
            "proven: {side} wins within {count} move ({move})",
            "proven: {side} wins within {count} moves ({move})",
            n,
            side=side,
            count=n,
            move=first,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "moves": self.moves,
            "plies": self.plies,
            "first_move": None if self.first_move is None else str(self.first_move),
            "line": list(self.line),
            "by": self.by,
        }


@dataclass(frozen=True, slots=True)
class Analysis:
    """What the engine makes of a position.

    ``win_rate`` is the chance (0..1) for ``to_move`` (1 or 0 when a win is proven; None
    when the game is over); ``moves`` has every legal move once, best first, each with the
    win rate for ``to_move`` after it (:class:`MoveStat`); ``win`` the shortest forced win
    found, if any; ``prover`` what the prover concluded ("proven", "none within N plies" or
    "unknown": stopped or out of time); ``result`` the winner (or "draw") of a finished game.
    """

    game: str
    to_move: str
    ply: int
    agent: str
    win_rate: float | None
    moves: tuple[MoveStat, ...]
    win: ProvenWin | None
    prover: str
    visits: int
    depth: int
    seconds: float
    pv: tuple[str, ...] = ()
    stopped: bool = False
    result: str | None = None
    #: False when the forced win's length is the strategy found, not the shortest.
    exact: bool = True
    #: What the time limit left undone, in words ("" when nothing): the moves ranked of the
    #: legal moves when the search reached only some (``moves`` then has only those), a
    #: pass after the search left unfinished. See :func:`analyse`.
    cut_short: str = ""
    #: The legal moves of the position (``moves`` has them all unless cut short).
    legal: int = 0
    #: Where the game's book ends (its words: what it knows of the position and what would
    #: give every move's exact value, e.g. Pyraos's whole table); "" where it does not.
    book_end: str = ""
    #: What proved the position a draw (e.g. "perfect play (opening book)"); "" where
    #: none did.
    drawn_by: str = ""
    #: The search's own win rate for ``to_move`` (``win_rate`` is the proven value's
    #: where there is one); None where no search ran.
    search_win_rate: float | None = None

    @property
    def value(self) -> str | None:
        """The position's proven value for ``to_move`` ("win", "loss", "draw"); None where
        it is not proven (or the game is over)."""
        if self.win is not None:
            return "win" if self.win.side == self.to_move else "loss"
        return "draw" if self.drawn_by else None

    @property
    def value_by(self) -> str | None:
        """What proved :attr:`value` (a book, a table, the prover, a solve); None where
        nothing did."""
        if self.win is not None:
            return self.win.by
        return self.drawn_by or None

    @property
    def known_win(self) -> bool:
        """Whether the verdict is perfect play's (a book, a table, a solve) while the moves
        are the search's: the position is known, its moves are estimates but for those
        marked proven."""
        by = self.value_by or ""
        return by.startswith(PERFECT) and not self.agent.startswith(PERFECT)

    @property
    def proven_lost(self) -> int:
        """How many of :attr:`moves` are proven lost for ``to_move``."""
        return sum(s.proven == "loss" for s in self.moves)

    def stat(self, move: Move) -> MoveStat | None:
        """The statistics of ``move``, or None when it is not a legal move here."""
        return next((s for s in self.moves if s.move == move), None)

    @property
    def evaluation_text(self) -> str:
        """'red to move: win rate 63% (mcts-rave, 12,345 playouts, best 1,1,1)': a Message,
        said in each reader's language."""
        if self.result is not None:
            if self.result == "draw":
                return M_("the game is over: a draw")
            return M_("the game is over: {winner} won", winner=colour(self.result))
        assert self.win_rate is not None
        side = colour(self.to_move)
        if self.agent.startswith(PERFECT):
            return _WITH[self.value or "loss"](side, self.agent)
        details = self._details()
        if self.known_win and self.value is not None:
            verdict = _WITH[self.value](side, self.value_by or "")
            proven = proof_words(self.moves, self.value, self.legal)
            if proven:
                return M_(
                    "{verdict}; the moves are the search's estimates but those marked proven; "
                    "{proven} ({details})",
                    verdict=verdict,
                    proven=proven,
                    details=details,
                )
            return M_(
                "{verdict}; the moves are the search's estimates but those marked proven "
                "({details})",
                verdict=verdict,
                details=details,
            )
        if not self.moves and self.win is None:
            return M_("{side} to move: no move judged ({details})", side=side, details=details)
        percent = round(self.win_rate * 100)
        proven = proof_words(self.moves, self.value, self.legal)
        if proven:  # the position not known, some of its moves are (issue 109 item 20)
            return M_(
                "{side} to move: win rate {percent}% ({details}); {proven}",
                side=side,
                percent=percent,
                details=details,
                proven=proven,
            )
        return M_(
            "{side} to move: win rate {percent}% ({details})",
            side=side,
            percent=percent,
            details=details,
        )

    def _details(self) -> Message:
        """'mcts-rave, 12,345 playouts, best 1,1,1': the search behind the evaluation, its
        best move, whether it was stopped and what it left undone."""
        count = number(self.visits)
        if self.agent == "alphabeta":
            work = Mn_(
                "{count} node, depth {depth}",
                "{count} nodes, depth {depth}",
                self.visits,
                count=count,
                depth=self.depth,
            )
        else:
            work = Mn_("{count} playout", "{count} playouts", self.visits, count=count)
        said = M_("{agent}, {work}", agent=self.agent, work=work)
        if self.moves:
            said = M_("{details}, best {move}", details=said, move=str(self.moves[0].move))
        if self.stopped:
            said = M_("{details}, stopped", details=said)
        if self.cut_short:
            said = M_("{details}; cut short: {cut}", details=said, cut=self.cut_short)
        return said

    @property
    def proven_text(self) -> str:
        """The forced win, or what the prover could say; where the book ends, what it
        knows and what would give every move exactly."""
        if self.drawn_by:
            said = M_("proven: a draw with {by}", by=self.drawn_by)
        elif self.win is not None:
            said = self.win.words(exact=self.exact)
        elif self.result is not None:
            return ""
        else:
            said = M_("not proven: {verdict}", verdict=self.prover)
            proven = proof_words(self.moves, None, self.legal)
            if proven:  # (some moves are: how many lost)
                said = M_("{said}; {proven}", said=said, proven=proven)
        # TRANSLATORS: what is proven, then where the game's book ends
        return (
            M_("{proven}; {book_end}", proven=said, book_end=self.book_end)
            if self.book_end
            else said
        )

    def __repr__(self) -> str:  # and a notebook's table: model.showing
        return showing.analysis_repr(self)

    def _repr_html_(self) -> str:
        return showing.analysis_html(self)

    def to_json(self) -> dict[str, Any]:
        rate = self.search_win_rate
        return {
            "game": self.game,
            "to_move": self.to_move,
            "ply": self.ply,
            # the position's value with perfect play where proven, and what proved it;
            # the search's estimate apart (None where no search ran)
            "value": self.value,
            "value_by": self.value_by,
            "agent": self.agent,
            "win_rate": None if rate is None else round(rate, 3),
            "moves_proven": sum(s.proven is not None for s in self.moves),
            "moves_estimated": sum(s.proven is None for s in self.moves),
            "moves_lost": self.proven_lost,
            "moves": [
                {
                    "move": str(s.move),
                    "win_rate": round(s.win_rate, 3),
                    "visits": s.visits,
                    "score": s.score,
                    "proven": s.proven,
                    "plies": s.plies,
                    # a row is exact (proven, its length the shortest win or the longest
                    # resistance), within (proven, a strategy's length) or an estimate
                    "exact": s.proven is not None and s.exact,
                    "estimate": s.proven is None,
                }
                for s in self.moves
            ],
            "book_end": self.book_end or None,
            "win": None if self.win is None else self.win.to_json(),
            "prover": self.prover,
            "visits": self.visits,
            "depth": self.depth,
            "seconds": round(self.seconds, 3),
            "pv": list(self.pv),
            "stopped": self.stopped,
            "result": self.result,
            "cut_short": self.cut_short,
            "legal": self.legal,
        }


def proven_win(
    game: Game, side: str, plies: int, first: Move | None, line: list[Move], by: str
) -> ProvenWin:
    """The win, with ``side``'s own moves counted along the line (or, without a line, as
    turns alternate)."""
    if line:
        copy = game.copy()
        moves = 0
        for move in line:
            moves += copy.to_move == side
            copy.push(move)
    else:
        moves = (plies + 1) // 2 if side == game.to_move else plies // 2
    return ProvenWin(side, plies, max(moves, 1), first, tuple(str(m) for m in line), by)
