"""What a hand on the board did (:meth:`viewer.lab.board.Board.click`, ``finish``,
``play``), as a frozen, typed answer: a move played, a step drawn, a point picked, or
refused (:class:`Refused`, the classroom's refusal of what a page sent too). A front end
reads it instead of comparing the position before and after or
listening to the status line (the classroom's page: a refusal is its message).

Each answer holds what happened, not a sentence: the move and the game UI's words on it,
the ball a set-up click erased, the points a ball clicked hides and the front end's way to
them (:class:`Behind`), why a click was refused. Its ``words`` are made from it (below,
each a message of the catalog: the window says it in its language, a student's page in
the page's), and the board says them on the status line: the words come from the answer,
never the other way round."""

from __future__ import annotations

from dataclasses import dataclass

from pyramid_lab.i18n import M_, N_
from pyramid_lab.model.errors import SaidError
from pyramid_lab.model.game import Move

from .outcome_words import point_name, word


@dataclass(frozen=True)
class Behind:
    """The points a ball clicked hides (``points``, nearest first, each a point's
    coordinates), and how the front end's view reaches them (``reach``: its words, as
    :attr:`viewer.lab.board.FrontWords.reach` gives them). ``clicked``: the clicked ball's
    point; ``piece``: what the game calls a ball ("ball", "sphere"). One point: a second
    click on the ball plays it, or for a click-points task (``pick``) picks it instead of
    the ball."""

    clicked: tuple[int, ...]
    points: tuple[tuple[int, ...], ...]
    piece: str
    reach: str
    pick: bool = False

    @property
    def advice(self) -> str:
        """What to do to reach the points, in words."""
        return behind_words(self)


@dataclass(frozen=True)
class Erased:
    """A set-up click erased the ``colour`` ``piece`` at ``point`` (its name): a ball in
    front may be erased where a point behind it was meant."""

    colour: str
    point: str
    piece: str


@dataclass(frozen=True)
class Played:
    """``move`` was played (a lesson judges it; the computer may have answered).
    ``told``: the game UI's words on it (:meth:`viewer.lab.game_ui.GameUI.played`)."""

    move: Move
    told: str = ""

    @property
    def words(self) -> str:
        return self.told


@dataclass(frozen=True)
class Drawn:
    """A step drawn and nothing played: a step of the turn being built (a stone
    selected, a group shown), a set-up painted (``erased``: the ball a set-up click took
    off). ``behind``: the points the ball clicked hides, offered."""

    erased: Erased | None = None
    behind: Behind | None = None

    @property
    def words(self) -> str:
        return with_advice(
            erased_words(self.erased) if self.erased is not None else "", self.behind
        )


@dataclass(frozen=True)
class Picked:
    """A click-points task's point picked (``kept``), or let go (not ``kept``).
    ``behind``: the point the ball clicked hides, offered to pick instead (None: none)."""

    point: tuple[int, ...]
    kept: bool
    behind: Behind | None = None

    @property
    def offer(self) -> str:
        """The words offering the point the ball clicked hides ('' when none)."""
        return self.behind.advice if self.behind is not None else ""

    @property
    def words(self) -> str:
        return self.offer


class Refused(SaidError):
    """Nothing happened, and ``why`` says why ('' when nothing took the click): a mode
    busy, a rule, a click that moves nothing, a value a page sent that the class does not
    take. The board answers it (returned, as every outcome); a front end raises it where
    it refuses what it was sent (the classroom's checks: the server answers it and goes
    on), ``why`` a :class:`~pyramid_lab.i18n.Message` kept for the reader's language.
    ``behind``: the points the ball clicked hides, and the way to them."""

    def __init__(self, why: str = "", behind: Behind | None = None) -> None:
        super().__init__(why)
        self.why = why
        self.behind = behind

    @property
    def words(self) -> str:
        return with_advice(self.why, self.behind)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Refused):
            return NotImplemented
        return (self.why, self.behind) == (other.why, other.behind)

    def __hash__(self) -> int:
        return hash((self.why, self.behind))

    def __repr__(self) -> str:
        return f"Refused({self.why!r}, behind={self.behind!r})"


#: A game's piece as what hides a point ("the point its ball hides") and as what a point is
#: hidden behind ("hidden behind the ball"): whole words, each language's article and case
#: in them (a German "den Punkt, den die Kugel verdeckt"; "hinter dem Stein"), found by the
#: piece's word in their English (no game's name written outside its folder).
HIDERS = (
    *(N_("its ball"), N_("its sphere"), N_("its stone"), N_("its pyramid")),
    N_("its piece"),
)
HIDDEN_BEHIND = (
    *(N_("behind the ball"), N_("behind the sphere"), N_("behind the stone")),
    *(N_("behind the pyramid"), N_("behind the piece")),
)
_HIDER = {phrase.removeprefix("its "): phrase for phrase in HIDERS}
_BEHIND = {phrase.removeprefix("behind the "): phrase for phrase in HIDDEN_BEHIND}


def _hider(piece: str) -> str:
    found = _HIDER.get(piece)
    return word(found) if found is not None else M_("its {piece}", piece=word(piece))


def _hidden_behind(piece: str) -> str:
    found = _BEHIND.get(piece)
    return word(found) if found is not None else M_("behind the {piece}", piece=word(piece))


def behind_words(behind: Behind) -> str:
    """What reaches the points ``behind`` a ball clicked: a second click on the ball where
    one point lies behind it, else the front end's way."""
    clicked, reach = point_name(behind.clicked), word(behind.reach)
    piece = _hider(behind.piece)
    names = [point_name(p) for p in behind.points]
    if behind.pick:
        return M_(
            # TRANSLATORS: {piece} is "its ball" (what hides the point), a word of its own
            "Click {clicked} again to pick {point}, the point {piece} hides, instead, or {reach}",
            clicked=clicked,
            point=names[0],
            piece=piece,
            reach=reach,
        )
    if len(names) == 1:
        return M_(
            # TRANSLATORS: {piece} is "its ball" (what hides the point), a word of its own
            "Click {clicked} again to play {point}, the point {piece} hides, or {reach}",
            clicked=clicked,
            point=names[0],
            piece=piece,
            reach=reach,
        )
    first = names[:3]
    shown: str
    if len(names) <= 3:
        shown = M_("{points} and {last}", points=", ".join(first[:-1]), last=first[-1])
    else:
        shown = f"{', '.join(first)} ..."
    return M_(
        # TRANSLATORS: {behind} is "behind the ball", a word of its own
        "To reach {points}, hidden {behind} at {clicked}: {reach}",
        points=shown,
        behind=_hidden_behind(behind.piece),
        clicked=clicked,
        reach=reach,
    )


def erased_words(erased: Erased) -> str:
    """A set-up click took a ball off: said, with the way back and the way behind it."""
    return M_(
        "set-up: erased the {colour} {piece} at {point} "
        "(Undo brings it back; to reach a point behind it, peel or show the ghosts)",
        colour=word(erased.colour),
        piece=word(erased.piece),
        point=erased.point,
    )


def with_advice(said: str, behind: Behind | None) -> str:
    """``said`` (why a click did nothing, or '') after the advice on the points behind
    the ball (what to do first: the status bar cuts a long line)."""
    if behind is None:
        return said
    advice = behind_words(behind)
    if not said:
        return advice
    stripped = said.rstrip(". ")  # (a Message ending so is said without it: English then)
    return M_("{advice}. {said}", advice=advice, said=word(said if stripped == said else stripped))


#: What a hand on the board did (the module's text).
Outcome = Played | Drawn | Picked | Refused
