"""What the computer player and the Hint say of a search's choice, Qt-free: the choice in
words (its move, what is proven of it or its win rate, the playouts, the line), where the
game's book ends (and the way to know every move exactly), and the Hint's short line for the
status bar. The window's Analysis dock and the command line say the same."""

from __future__ import annotations

from pyramid_lab.model import search
from pyramid_lab.model.game import Game

from .table_build import with_build_item


def describe_choice(choice: search.Choice, *, part: bool = False, said: str = "") -> str:
    """'1,0,0 (win rate 63%, 100 playouts, line 1,0,0 0,0,1)'. With ``part`` (one side's
    part of a joint move, judged against a sample of the other sides' likely parts) the
    rate is said as what it is. ``said``: the move as the status line names it (the
    game UI's ``move_said``; its notation by default)."""
    move = said or str(choice.move)
    if not choice.judged:  # a game's own simple player: it says no chances
        return f"{move} ({choice.agent})"
    parts = []
    if part:
        parts.append(
            f"better off after the turn against {round(choice.win_rate * 100)}% of the likely"
            " replies it sampled; the real reply may differ"
        )
    elif choice.proven is not None:
        plies = f" in {choice.plies} plies" if choice.plies else ""
        parts.append(f"proven {choice.proven}{plies}")
    else:
        parts.append(f"win rate {round(choice.win_rate * 100)}%")
    if choice.visits:
        parts.append(f"{choice.visits} {'nodes' if choice.score is not None else 'playouts'}")
    if len(choice.pv) > 1:
        parts.append("line " + " ".join(choice.pv[:5]))
    return f"{move} ({', '.join(parts)})"


def book_end(game: Game, build_item: str = "") -> str:
    """'; the book ends here: ...' where the game's book ends at ``game`` (what it knows,
    and what would give every move exactly: Pyraos's whole table, with the command that
    builds it, and ``build_item``: the front end's way, the window's menu item), else ''."""
    book = search.books.book_for(game)
    words = book.book_end(game) if book is not None else ""
    return f"; {with_build_item(words, build_item)}" if words else ""


def book_ends(game: Game, build_item: str = "") -> str:
    """Where the game's book ends at ``game``, the way to every move's exact value in a
    few words (the front end's ``build_item``, else the command), for a line as short as
    the Hint's: 'exact: Analysis > Build the whole-game table'; '' where it does not end
    (the Analysis dock and ``analyze`` say it whole: :func:`book_end`)."""
    if not book_end(game):
        return ""
    return f"exact: {build_item or '`pyramid-lab endgame build --whole`'}"


def hint_words(choice: search.Choice, proven: str, ends: str, *, said: str = "") -> str:
    """The Hint's line: the move and what is known of it, then what the book proves of
    the moves (``proven``) and how to know every move exactly (``ends``), short enough to
    be read whole in a status bar (issue 89: one of 2,839 px was cut in 866); with
    neither, the search's full account (:func:`describe_choice`). ``said``: the move as
    the status line names it (its notation by default)."""
    if not proven and not ends:
        return f"hint: {describe_choice(choice, said=said)}"
    if choice.proven is not None:
        plies = f" in {choice.plies} plies" if choice.plies else ""
        known = f"proven {choice.proven}{plies}"
    else:
        known = f"win rate {round(choice.win_rate * 100)}%"
    move = said or str(choice.move)
    return "; ".join(part for part in (f"hint: {move} ({known})", proven, ends) if part)
