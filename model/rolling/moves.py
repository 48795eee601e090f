"""Rolling Pyramids' moves: each kind of move as a value with its text (``take red d4 3 >
a1 = 4``) and :func:`parse_move`; which of them are legal in a position, and why a move is
not, is :class:`model.rolling.RollingPyramids`'s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from pyramid_lab.i18n import M_

from ..game import InvalidMoveError, Move, quote


class Written(Move):
    """A move whose text is its :attr:`form` filled in with its fields (``{m.cell}``)."""

    __slots__ = ()
    form: ClassVar[str]

    def __str__(self) -> str:
        return self.form.format(m=self)


@dataclass(frozen=True, slots=True, repr=False)
class StartArea(Written):
    """Set-up: a player chooses a starting area (``start S2``)."""

    form = "start {m.cell}"
    cell: str


@dataclass(frozen=True, slots=True, repr=False)
class Roll(Written):
    """Chance: a die's result (``roll red d4 3``; ``roll grey d8 5`` in the solo game)."""

    form = "roll {m.colour} d{m.sides} {m.value}"
    colour: str
    sides: int
    value: int


@dataclass(frozen=True, slots=True, repr=False)
class Take(Move):
    """A draft pick: the die (its colour, kind and face) and where its number is written,
    ``written`` (None with the slot ``none``: no slot can take it).

    ``die``: which die of the pool, where the player chose one of several equal ones (the
    Turn dock's); the rules do not tell equal dice apart, so it is no part of the move's
    value or text, and without it the first free one is taken."""

    colour: str
    sides: int
    value: int
    slot: str
    written: int | None
    die: int | None = field(default=None, compare=False)

    def __str__(self) -> str:
        text = f"take {self.colour} d{self.sides} {self.value} > {self.slot}"
        if self.written is not None and self.written != self.value:
            text += f" = {self.written}"
        return text


@dataclass(frozen=True, slots=True, repr=False)
class Develop(Written):
    """Spend a completed develop pair on an upgrade (``develop ram``, ``develop a+``,
    ``develop c-line``)."""

    form = "develop {m.upgrade}"
    upgrade: str


@dataclass(frozen=True, slots=True, repr=False)
class Deploy(Written):
    """Send a unit to a space (``deploy f1 12``, ``deploy heroes S3``)."""

    form = "deploy {m.unit} {m.cell}"
    unit: str
    cell: str


@dataclass(frozen=True, slots=True, repr=False)
class Cross(Written):
    """A conquest crosses off a triangle of a footman group (``cross f1.5``, 1-based)."""

    form = "cross f{m.group}.{m.space}"
    group: int
    space: int


@dataclass(frozen=True, slots=True, repr=False)
class Soldiers(Move):
    """Solo: the new soldiers of a space stay there or join the reserve (``stay 9``); those
    of every space still waiting at once, ``stay all`` / ``reserve all``."""

    cell: str
    stay: bool

    def __str__(self) -> str:
        return f"{'stay' if self.stay else 'reserve'} {self.cell}"


@dataclass(frozen=True, slots=True, repr=False)
class Place(Move):
    """Cleanup: a device on a border (``ram 9-15``, ``spikes 15-9``: the player's own cell
    first) or a space (``umbrella 15``)."""

    device: str
    cell: str
    other: str | None = None

    def __str__(self) -> str:
        where = self.cell if self.other is None else f"{self.cell}-{self.other}"
        return f"{self.device} {where}"


@dataclass(frozen=True, slots=True, repr=False)
class Done(Move):
    """Ends a player's develop, conquest or cleanup decisions."""

    def __str__(self) -> str:
        return "done"


DONE = Done()
ALL = "all"  # Soldiers: every space whose soldiers wait


def parse_move(text: str) -> Move:
    """The move written as ``text`` (InvalidMoveError naming what is wrong)."""
    if not isinstance(text, str):
        raise InvalidMoveError(M_("{text} is not a move", text=quote(text)))
    words = text.split()
    if not words:
        raise InvalidMoveError(M_("an empty move"))
    head, rest = words[0], words[1:]
    try:
        if head == "done" and not rest:
            return DONE
        if head == "start" and len(rest) == 1:
            return StartArea(rest[0])
        if head == "roll" and len(rest) == 3:
            return Roll(rest[0], _sides(rest[1]), int(rest[2]))
        if head == "take" and len(rest) >= 5 and rest[3] == ">":
            colour, sides, value = rest[0], _sides(rest[1]), int(rest[2])
            slot = rest[4]
            if slot == "none" and len(rest) == 5:
                return Take(colour, sides, value, "none", None)
            if len(rest) == 5:
                return Take(colour, sides, value, slot, value)
            if len(rest) == 7 and rest[5] == "=":
                return Take(colour, sides, value, slot, int(rest[6]))
        if head == "develop" and len(rest) == 1:
            return Develop(rest[0])
        if head == "deploy" and len(rest) == 2:
            return Deploy(rest[0], rest[1])
        if head == "cross" and len(rest) == 1:
            group, space = footman_slot(rest[0])
            return Cross(group, space)
        if head in ("stay", "reserve") and len(rest) == 1:
            return Soldiers(rest[0], head == "stay")
        if head in ("ram", "spikes") and len(rest) == 1 and "-" in rest[0][1:]:
            cut = rest[0].index("-", 1)
            return Place(head, rest[0][:cut], rest[0][cut + 1 :])
        if head == "umbrella" and len(rest) == 1:
            return Place(head, rest[0])
    except ValueError:
        pass
    raise InvalidMoveError(
        M_(
            "{text} is not a Rolling Pyramids move (start S2, roll red d4 3, take red d4 3 > "
            "a1 = 4, develop ram, deploy f1 12, cross f1.5, stay 9, ram 9-15, umbrella 15, "
            "done)",
            text=quote(text),
        )
    )


def _sides(word: str) -> int:
    if word not in ("d4", "d8"):
        raise ValueError(word)
    return int(word[1:])


def footman_slot(word: str) -> tuple[int, int]:
    """A footman space ``fG.K`` as (group, space), both 1-based (ValueError otherwise)."""
    if not word.startswith("f") or "." not in word:
        raise ValueError(word)
    group, space = word[1:].split(".", 1)
    return int(group), int(space)


# ---- the moves of a position ---------------------------------------------------------------
