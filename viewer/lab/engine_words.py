"""What the computer player and the Hint say of a search's choice, Qt-free: the choice in
words (its move, what is proven of it or its win rate, the playouts, the line), where the
game's book ends (and the way to know every move exactly), and the Hint's short line for the
status bar. The window's Analysis dock and the command line say the same."""

from __future__ import annotations

from collections.abc import Callable

from pyramid_lab.i18n import M_, N_, Message, Mn_
from pyramid_lab.model import search
from pyramid_lab.model.game import Game

from .outcome_words import joined
from .table_build import with_build_item

#: What a search proved of a move, by its value, without the plies to the end.
_PROVEN = {
    "win": N_("proven win"),
    "loss": N_("proven loss"),
    "draw": N_("proven draw"),
}
#: ... and with them, made from the plies.
_PROVEN_IN: dict[str, Callable[[int], Message]] = {
    "win": lambda n: Mn_("proven win in {plies} ply", "proven win in {plies} plies", n, plies=n),
    "loss": lambda n: Mn_("proven loss in {plies} ply", "proven loss in {plies} plies", n, plies=n),
    "draw": lambda n: Mn_("proven draw in {plies} ply", "proven draw in {plies} plies", n, plies=n),
}


def _proven(choice: search.Choice) -> str:
    """'proven win in 3 plies': what the search proved of ``choice`` (said as it was
    where the value is one the catalog does not know)."""
    proven = str(choice.proven)
    if proven not in _PROVEN:
        plies = f" in {choice.plies} plies" if choice.plies else ""
        return f"proven {proven}{plies}"
    if choice.plies:
        return _PROVEN_IN[proven](choice.plies)
    return M_(_PROVEN[proven])


def _win_rate(choice: search.Choice) -> Message:
    return M_("win rate {percent}%", percent=round(choice.win_rate * 100))


def describe_choice(choice: search.Choice, *, part: bool = False, said: str = "") -> str:
    """'1,0,0 (win rate 63%, 100 playouts, line 1,0,0 0,0,1)'. With ``part`` (one side's
    part of a joint move, judged against a sample of the other sides' likely parts) the
    rate is said as what it is. ``said``: the move as the status line names it (the
    game UI's ``move_said``; its notation by default)."""
    move = said or str(choice.move)
    if not choice.judged:  # a game's own simple player: it says no chances
        return M_("{move} ({agent})", move=move, agent=choice.agent)
    parts: list[str] = []
    if part:
        parts.append(
            M_(
                "better off after the turn against {percent}% of the likely replies it "
                "sampled; the real reply may differ",
                percent=round(choice.win_rate * 100),
            )
        )
    elif choice.proven is not None:
        parts.append(_proven(choice))
    else:
        parts.append(_win_rate(choice))
    if choice.visits and choice.score is not None:
        parts.append(M_("{count} nodes", count=choice.visits))
    elif choice.visits:
        parts.append(M_("{count} playouts", count=choice.visits))
    if len(choice.pv) > 1:
        parts.append(M_("line {moves}", moves=" ".join(choice.pv[:5])))
    return M_("{move} ({account})", move=move, account=joined(parts))


def book_end(game: Game, build_item: str = "") -> str:
    """'; the book ends here: ...' where the game's book ends at ``game`` (what it knows,
    and what would give every move exactly: Pyraos's whole table, with the command that
    builds it, and ``build_item``: the front end's way, the window's menu item), else ''."""
    book = search.books.book_for(game)
    words = book.book_end(game) if book is not None else ""
    return f"; {with_build_item(words, build_item)}" if words else ""


def book_ends(build_item: str = "") -> str:
    """Where the game's book ends at a position (the Hint's job found it does), the way to
    every move's exact value in a few words (the front end's ``build_item``, else the
    command), for a line as short as the Hint's: 'exact: Analysis > Build the whole-game
    table' (the Analysis dock and ``analyze`` say it whole: :func:`book_end`)."""
    item = Message(build_item) if build_item else "`pyramid-lab endgame build --whole`"
    return M_("exact: {way}", way=item)


def hint_words(choice: search.Choice, proven: str, ends: str, *, said: str = "") -> str:
    """The Hint's line: the move and what is known of it, then what the book proves of
    the moves (``proven``) and how to know every move exactly (``ends``), short enough to
    be read whole in a status bar (issue 89: one of 2,839 px was cut in 866); with
    neither, the search's full account (:func:`describe_choice`). ``said``: the move as
    the status line names it (its notation by default)."""
    if not proven and not ends:
        return M_("hint: {choice}", choice=describe_choice(choice, said=said))
    known = _proven(choice) if choice.proven is not None else _win_rate(choice)
    line = M_("hint: {move} ({known})", move=said or str(choice.move), known=known)
    for more in (proven, ends):
        if more:  # (what the book proves of the moves; the way to know every move exactly)
            line = M_("{line}; {more}", line=line, more=more)
    return line
