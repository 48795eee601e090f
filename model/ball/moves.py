"""Pyramid Ball's moves: the programs a side may enter as a lazy space
(:class:`ProgramSpace`, :class:`JointSpace`; a pyramid's tracks by :func:`pyramid_tracks`)
and the choice of a special move (:class:`SpecialChoice`). :class:`model.ball.PyramidBall`
lists a position's legal moves with them and says why a move is not one of them (see
:mod:`model.ball`'s docstring: moves as a space, Stand normalisation).
"""

from __future__ import annotations

import functools
import itertools
import re
from abc import abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pyramid_lab.i18n import M_, N_, Message

from ..game import JointMove, Move
from ..words import colour as colour_word
from .rules import (
    MOVES,
    OFF,
    PASSES,
    STAND,
    Program,
    Track,
    normal_track,
    program_of,
    program_tracks,
)

# ---- the programs a side may enter ------------------------------------------------------------


class _LazySpace(Sequence[Any]):
    """A sequence of ``_len`` items made when asked for (:meth:`_item`), by index, slice
    or negative index."""

    _len: int
    #: What an item is, for the message of an index out of range.
    item_name = "item"

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError(f"{self.item_name} index out of range")
        return self._item(index)

    @abstractmethod
    def _item(self, index: int) -> Any:
        """The item at ``index``, 0 <= index < len(self)."""


class ProgramSpace(_LazySpace):
    """Every Stand-normal program of one side in one position, lazily: the product of the
    Large's, the Medium's and the Small's tracks (each a short list), indexed in mixed
    radix. Immutable and compared by value, so it can stand in a snapshot."""

    def __init__(self, tracks: tuple[tuple[Track, ...], ...]) -> None:
        self.tracks = tracks
        self._sets = tuple(frozenset(t) for t in tracks)
        self._len = len(tracks[0]) * len(tracks[1]) * len(tracks[2])

    item_name = "program"

    def _item(self, index: int) -> Program:
        large, medium, small = self.tracks
        rest, s = divmod(index, len(small))
        l_, m = divmod(rest, len(medium))
        return program_of((large[l_], medium[m], small[s]))

    def __iter__(self) -> Iterator[Program]:
        for large, medium, small in itertools.product(*self.tracks):
            yield program_of((large, medium, small))

    def __contains__(self, program: object) -> bool:
        if not isinstance(program, Program):
            return False
        return all(t in s for t, s in zip(program_tracks(program), self._sets, strict=True))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ProgramSpace) and other.tracks == self.tracks

    def __hash__(self) -> int:
        return hash(self.tracks)

    def __repr__(self) -> str:
        sizes = "x".join(str(len(t)) for t in self.tracks)
        return f"<ProgramSpace of {self._len} programs ({sizes})>"


class JointSpace(_LazySpace):
    """Every joint move (red's program, blue's program) of a position, lazily."""

    item_name = "joint move"

    def __init__(self, spaces: tuple[ProgramSpace, ProgramSpace]) -> None:
        self.spaces = spaces
        self._len = len(spaces[0]) * len(spaces[1])

    def _item(self, index: int) -> JointMove:
        a, b = divmod(index, len(self.spaces[1]))
        return JointMove((self.spaces[0][a], self.spaces[1][b]))

    def __iter__(self) -> Iterator[JointMove]:
        for a in self.spaces[0]:
            for b in self.spaces[1]:
                yield JointMove((a, b))

    def __contains__(self, move: object) -> bool:
        return (
            isinstance(move, JointMove)
            and len(move.moves) == 2
            and all(m in s for m, s in zip(move.moves, self.spaces, strict=True))
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, JointSpace) and other.spaces == self.spaces

    def __hash__(self) -> int:
        return hash(self.spaces)


@functools.lru_cache(maxsize=4096)
def pyramid_tracks(
    pid: int,
    start: int,
    defender: bool,
    receivers: tuple[str, ...],
    first: bool,
    extra: tuple[Any, ...],
    walls: frozenset[int] = frozenset(),
    leave: bool = False,
) -> tuple[Track, ...]:
    """The distinct Stand-normal tracks of pyramid ``pid`` on ``start`` (a few hundred at
    most; cached, as they depend on little). ``leave``: the goal-row rule makes its row-1
    entry B."""
    if start == OFF:
        return ((STAND, STAND, STAND, extra[0]),)
    per_row = [[*MOVES, STAND] for _ in range(3)]
    for r in range(3):
        if r > 0 or first:
            per_row[r] += receivers
    if leave:
        per_row[0] = ["B"]
    seen: dict[Track, None] = {}
    for e1, e2, e3 in itertools.product(*per_row):
        if (e1 in PASSES) + (e2 in PASSES) + (e3 in PASSES) > 1:
            continue
        for x in extra:
            track = normal_track((e1, e2, e3, x), pid, start, defender, walls)
            if leave:  # B stays its entry even where it fails (a loose ball behind it)
                track = ("B", *track[1:])
            seen[track] = None
    return tuple(seen)


# ---- the choice of a special move ---------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class SpecialChoice(Move):
    """The scored-on player ``colour`` takes one of the special moves it has not gained
    yet (the sheet: "you may select one of the special move pyramids"). Written ``takes
    dash``, ``takes quick pass``, ``takes blitz``: the chooser is the player to move."""

    colour: str
    special: str

    def __str__(self) -> str:
        return f"takes {self.special.replace('_', ' ')}"

    def words(self) -> Message:
        """``red takes Quick Pass``, for messages (a Message: said in each reader's
        language, the colour and the special move's name words of the catalog)."""
        return M_(
            "{side} takes {special}",
            side=colour_word(self.colour),
            special=Message(SPECIAL_TITLES[self.special]),
        )


#: The special moves' titles, as words (the catalog's: each language keeps the names).
SPECIAL_TITLES = {"dash": N_("Dash"), "quick_pass": N_("Quick Pass"), "blitz": N_("Blitz")}
_CHOICE_TEXT = re.compile(
    r"\s*(?:(red|blue)\s+)?takes?\s+(dash|quick[_ ]pass|blitz)\s*", re.IGNORECASE
)


def parse_choice(text: str) -> tuple[str | None, str] | None:
    """``takes quick pass`` (``take``, ``quick_pass``, a colour before it: ``red takes
    dash``) as (the colour given or None, the special move); None for other text."""
    match = _CHOICE_TEXT.fullmatch(text)
    if match is None:
        return None
    colour = match.group(1).lower() if match.group(1) else None
    return colour, match.group(2).lower().replace(" ", "_")
