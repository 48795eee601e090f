"""The points a ball clicked hides, offered (:class:`viewer.lab.board.Board.click`): a click
that lands on a ball in front of empty points and changes nothing learns what would reach
them (a second click on the ball where one point lies behind it, else the front end's way:
peel, turn the board); a click-points task's click on a ball learns of the point right
behind it, which a second click picks instead. Each answers the offer a second click takes
(:class:`viewer.lab.modes.Offer`) and what the outcome says of it
(:class:`viewer.lab.outcome.Behind`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pyramid_lab.model.game import Game

from .game_ui import UI
from .modes import Offer, Where
from .outcome import Behind

#: The sites whose points hide behind a site as the front end's view sees it (the board
#: view's ``behind``: the last pick's ray), nearest first.
SitesBehind = Callable[[int], Sequence[int]]
#: The front end's way to points of a level behind balls of a lowest level, in words
#: (:attr:`viewer.lab.board.FrontWords.reach`).
Reach = Callable[[int, int], str]


def _coords(ui: UI, site: int) -> tuple[int, ...] | None:
    """``site``'s point, or None where the UI's board has no coordinates for it."""
    try:
        return tuple(ui.coords_of(site))
    except (KeyError, ValueError, IndexError, NotImplementedError):
        return None


def _piece(ui: UI) -> str:
    """What the game calls one ball ("ball", "sphere"), as the View dock says it."""
    return ui.piece_word.removesuffix("s")


def point_behind(
    ui: UI, game: Game, site: int, where: Where, behind: SitesBehind, reach: Reach
) -> tuple[Offer, Behind] | None:
    """After a click-points task's click on ``site``'s ball: the point right behind it
    (a ball or an empty point: a task may ask for either), picked by a second click there
    instead, or reached the front end's way. None: no ball there, or nothing behind it."""
    coords = _coords(ui, site)
    if coords is None or coords not in {tuple(c) for c, _colour in game.pieces()}:
        return None  # an empty point: nothing drawn in front of the rest
    for other in behind(site):
        point = _coords(ui, other)
        if point is not None:
            break
    else:
        return None
    found = Behind(coords, (point,), _piece(ui), reach(point[-1], coords[-1]), pick=True)
    return Offer(site, where, other, True), found


def empty_behind(
    ui: UI,
    game: Game,
    site: int,
    behind: SitesBehind,
    playable: Callable[[], set[int]],
    reach: Reach,
) -> tuple[int | None, Behind] | None:
    """After a click on ``site`` that changed nothing: the empty points behind its ball
    that a click plays now (``playable``: their sites; a point whose supports are empty is
    no advice). The site a second click plays (None where several lie behind) and the
    offer; None: no ball there, the game over, or no such point."""
    coords = _coords(ui, site)
    taken = {tuple(c) for c, _colour in game.pieces()}
    if coords is None or coords not in taken:
        return None  # not a ball in front
    if game.is_over():
        return None  # nothing to play (a won game's markers are its corners)
    plays = playable()
    empty: list[tuple[int, tuple[int, ...]]] = []
    in_front = [coords[-1]]  # the levels of the balls before the last point listed
    before: list[int] = []  # (the balls passed on the ray so far)
    for other in behind(site):
        point = _coords(ui, other)
        if point is None:
            continue
        if point in taken:
            before.append(point[-1])
        elif other in plays:
            empty.append((other, point))
            in_front += before
            before = []
    if not empty:
        return None
    # a peel to the highest of them keeps every one; it reveals them where every ball in
    # front of them on the ray stands higher (else the board is turned)
    level = max(p[-1] for _s, p in empty)
    found = Behind(coords, tuple(p for _s, p in empty), _piece(ui), reach(level, min(in_front)))
    return (empty[0][0] if len(empty) == 1 else None), found
