"""Hint, Qt-free: the search for the side to move (the computer player's search, on the
engine's runner), the move hinted while its position is on show, and its words. A hint never
names a move the book proves lost while one not proven lost is left
(:func:`model.search.books.proven_choice`, looked up on the hint's job: the book's key is
compiled, and its first call waits for numba's compiler lock, which another job's compile
may hold for a minute or more).

At a simultaneous node a hint is the part of the side whose turn the front has open
(:meth:`Table.hint_side`); asked while the computer makes its own part, it waits and comes
as soon as that part is in (:meth:`Hints.give_waiting`), for the same side at the same
position only."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Protocol

from pyramid_lab.i18n import M_
from pyramid_lab.model import search
from pyramid_lab.model.game import SIMULTANEOUS, Game, Move

from .engine_words import book_ends, describe_choice, hint_words
from .jobs import HintAnswer, Job, position_of
from .outcome_words import word

if TYPE_CHECKING:
    from .engine_table import Table


class Searcher(Protocol):
    """What a hint asks of the engine: whether the computer thinks (and for which sides),
    and a search started."""

    @property
    def computer_thinking(self) -> bool: ...

    def thinking_sides(self) -> tuple[int, ...]: ...

    def busy(self) -> str: ...

    def start(self, purpose: str, level: str, sides: tuple[int, ...] = ()) -> Job: ...


class Hints:
    """The hint: ``shown`` (position key, ply, move) once a search answered, ``level``
    the search's unless the game has its own players; ``hinted()`` after each."""

    def __init__(
        self,
        game: Callable[[], Game],
        searcher: Searcher,
        table: Table,
        say: Callable[[str], None],
        hinted: Callable[[], None],
        *,
        build_item: str = "",
    ) -> None:
        self.game, self.searcher, self.table, self.say = game, searcher, table, say
        # a hint came, or the one shown went (the engine's "hint"), or none came ("stopped")
        self.hinted = hinted
        #: the front end's way to build a table where the book ends (a hint's words)
        self.build_item = build_item
        self.level = "strong"  # a hint is worth the wait (progress bar, Stop)
        self.shown: tuple[Hashable, int, Move] | None = None  # (position key, ply, move)
        # a hint asked at a simultaneous node while the computer made its own part: the side
        # and the position (its key and ply), given as soon as the computer's part is in
        self.waiting: tuple[int, Hashable, int] | None = None

    def ask(self, level: str | None = None) -> Job | None:
        """Search the position shown for the side to move (at ``level``, else the game's
        own best player or ``level``); the answer is ``shown``. None: refused, said."""
        game, searcher = self.game(), self.searcher
        refused = self._refusal(game)
        if refused:
            self.say(refused)
            return None
        sides: tuple[int, ...] = ()
        if game.current_player() == SIMULTANEOUS:
            side = self.table.hint_side(game)
            if side is None:
                self.say(M_("no hint now: no side is making its part of the turn here"))
                return None
            if searcher.computer_thinking:
                # the computer programs its side meanwhile: the hint (of this side's own
                # information only) comes as soon as the computer's part is in
                self.waiting = (side, game.position_key(), len(game.move_stack))
                self.say(
                    M_(
                        "hint for {colour}: asked; it comes as soon as the computer has "
                        "programmed its side",
                        colour=word(game.players[side]),
                    )
                )
                return None
            sides = (side,)
        if self.shown is not None:  # the last hint goes from the board while this one is
            self.shown = None  # searched (a second H mid-turn left its ghost drawn)
            self.hinted()
        return searcher.start("hint", self._best_level(game) if level is None else level, sides)

    def _refusal(self, game: Game) -> str:
        """Why no hint is given now ('' when one is)."""
        if self.table.in_setup():
            return M_("no hint in set-up mode")
        if game.is_over():
            return M_("the game is over: no hint")
        if self.searcher.computer_thinking and not self.searcher.thinking_sides():
            return self.searcher.busy()
        return self.table.hint_refusal(game)

    def _best_level(self, game: Game) -> str:
        """The game's own best player, else ``level``."""
        own = search.computer.own_levels(game)
        return own[-1] if own else self.level

    def move(self) -> Move | None:
        """The hinted move while its position is shown, else None."""
        if self.shown is None:
            return None
        key, ply, move = self.shown
        return move if position_of(self.game()) == (key, ply) else None

    def forget_elsewhere(self) -> None:
        """The position changed: a hint of another position goes (the board drew it only
        on its own position)."""
        if self.shown is not None and self.move() is None:
            self.shown = None

    def answered(self, job: Job, hint: HintAnswer) -> None:
        """The search's choice for the side to move, as the book left it, shown and said.
        The book was looked up on the hint's job (:func:`.jobs.hint_answer`: never a move
        the book proves lost while one not proven lost is left): its key is compiled, and a
        first call here waited for another job's compile."""
        move = hint.choice.move
        assert move is not None  # (the engine said a choice of no move)
        said = self.table.move_said(move)
        ends = book_ends(self.build_item) if hint.book_ends else ""
        self._show(job, move, hint_words(hint.choice, hint.proven, ends, said=said))

    def answered_part(self, job: Job, side: int, move: Move, choice: search.Choice) -> None:
        """The search's ``choice`` of ``side``'s part at a simultaneous node."""
        game = self.game()
        words = M_(
            "hint for {colour}: {choice}",
            colour=word(game.players[side]),
            choice=describe_choice(choice, part=True),
        )
        self._show(job, move, words)

    def _show(self, job: Job, move: Move, words: str) -> None:
        """The hinted ``move`` of ``job``'s position drawn on the board and said."""
        self.shown = (job.key, job.ply, move)
        self.table.hinted(self.game(), move, words)
        self.hinted()
        self.say(words)

    def give_waiting(self) -> None:
        """The hint asked while the computer made its part, now that the part is in: for
        the same side at the same position only (else forgotten)."""
        waiting, self.waiting = self.waiting, None
        if waiting is None:
            return
        side, key, ply = waiting
        game = self.game()
        if (
            game.current_player() != SIMULTANEOUS
            or game.position_key() != key
            or len(game.move_stack) != ply
            or self.table.hint_side(game) != side
        ):
            return
        self.searcher.start("hint", self._best_level(game), (side,))
