"""What a hand on the board did (:meth:`viewer.lab.board.Board.click`, ``finish``,
``play``), as a frozen, typed answer: a move played, a step drawn, a point picked, or
refused (:class:`Refused`, the classroom's refusal of what a page sent too). A front end
reads it instead of comparing the position before and after or
listening to the status line (the classroom's page: a refusal is its message).

Each answer holds what happened, not a sentence: the move and the game UI's words on it,
the ball a set-up click erased, the points a ball clicked hides and the front end's way to
them (:class:`Behind`), why a click was refused. Its ``words`` are made from it
(:mod:`.outcome_words`), and the board says them on the status line: the words come from
the answer, never the other way round."""

from __future__ import annotations

from dataclasses import dataclass

from pyramid_lab.model.errors import SaidError
from pyramid_lab.model.game import Move

from .outcome_words import behind_words, drawn_words, refused_words


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
        return drawn_words(self.erased, self.behind)


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
        return refused_words(self.why, self.behind)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Refused):
            return NotImplemented
        return (self.why, self.behind) == (other.why, other.behind)

    def __hash__(self) -> int:
        return hash((self.why, self.behind))

    def __repr__(self) -> str:
        return f"Refused({self.why!r}, behind={self.behind!r})"


#: What a hand on the board did (the module's text).
Outcome = Played | Drawn | Picked | Refused
