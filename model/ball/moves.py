"""Pyramid Ball's moves: the programs a side may enter as a lazy space
(:class:`ProgramSpace`, :class:`JointSpace`), the choice of a special move
(:class:`SpecialChoice`), and the layer of :class:`model.ball.PyramidBall` that lists the
legal moves of a position and says why a move is not one of them (see :mod:`model.ball`'s
docstring: moves as a space, Stand normalisation).
"""

from __future__ import annotations

import functools
import itertools
import random
import re
from abc import abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pyramid_lab.i18n import M_, N_, Message, number

from ..game import InvalidMoveError, JointMove, Move, SaidError, quote
from ..teaching import describe_result
from ..words import colour as colour_word
from .rules import (
    COLS,
    GOAL_ROW,
    MOVES,
    OFF,
    PASSES,
    SIZE_LETTERS,
    STAND,
    Program,
    Track,
    normal_track,
    parse_program,
    program_of,
    program_problem,
    program_tracks,
)
from .state import COLOURS, SPECIALS, BallPosition

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
def _tracks(
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


# ---- the moves of a position -------------------------------------------------------------------


class BallMoves(BallPosition):
    """The legal moves of a position (the programs, or a special move's choice), and why a
    move is not one of them."""

    def choices(self) -> list[SpecialChoice]:
        """The special moves the chooser may take (those it has not gained yet)."""
        if self.choosing is None:
            return []
        side = self._choosing[0]
        return [SpecialChoice(COLOURS[side], s) for s in SPECIALS if s not in self._gained[side]]

    def program_space(self, side: int) -> ProgramSpace:
        if self._spaces is None:
            self._spaces = (self._space_for(0), self._space_for(1))
        space: ProgramSpace = self._spaces[side]
        return space

    def _roles_may_swap(self) -> bool:
        """Whether a tackle or interception could swap the roles within this turn (the
        sheet's play-on): then the defence may be pushed later in the turn, and its
        goal-row wall may fall, so its steps are judged in row 1 only."""
        options = self._options
        return (
            options.plays_on
            and not options.defensive_score_ends_turn
            and self._carrier != OFF
            and self._scores[1 - self._offence] + 1 < options.target
        )

    def _walls(self, side: int) -> frozenset[int]:
        """The squares ``side``'s steps fail on for sure this turn (see normal_track)."""
        walls: set[int] = set()
        if self._barred == side and not self._wall_may_fall():
            walls.update(GOAL_ROW[side] * COLS + c for c in range(COLS))
        if side == self._offence and self._carrier == OFF:
            walls.add(self._ball)
        return frozenset(walls)

    def _wall_may_fall(self) -> bool:
        """A row-1 interception (a Medium carrier's Quick Pass) may lift the goal-row rule
        before row 1's steps, with the roles swapped."""
        return (
            self._roles_may_swap()
            and self._carrier % 3 == 1
            and "quick_pass" in self._held[self._offence]
        )

    def _steps_checked_every_row(self, side: int) -> bool:
        """Whether ``side``'s square before each of its steps is known (see normal_track):
        a defender's is, unless the roles may swap within the turn."""
        return side != self.offence and not self._roles_may_swap()

    def _must_leave(self, side: int) -> tuple[int, ...]:
        """``side``'s pyramids (k) on the goal row it is barred from: each must step out."""
        if self._barred != side:
            return ()
        return tuple(
            k
            for k in range(3)
            if self._pos[side * 3 + k] != OFF and self._pos[side * 3 + k] // COLS == GOAL_ROW[side]
        )

    def _space_for(self, side: int) -> ProgramSpace:
        offence = self.offence
        held = self._held[side]
        walls = self._walls(side)
        leave = self._must_leave(side)
        every_row = self._steps_checked_every_row(side)
        tracks = []
        for k in range(3):
            pid = side * 3 + k
            start = self._pos[pid]
            extra: tuple[Any, ...] = (None,)
            if k == 0 and side != offence and "blitz" in held:
                extra = (False, True)
            elif k == 0:
                extra = (False,)
            elif k == 2 and "dash" in held:
                extra = (None, *MOVES)
            receivers: tuple[str, ...] = ()
            first = False
            if pid == self._carrier:
                receivers = tuple(
                    f">{SIZE_LETTERS[j]}"
                    for j in range(3)
                    if j != k and self._pos[side * 3 + j] != OFF
                )
                first = k == 1 and "quick_pass" in held
            tracks.append(
                _tracks(pid, start, every_row, receivers, first, extra, walls, k in leave)
            )
        return ProgramSpace(tuple(tracks))

    def normal_program(self, program: Program, side: int) -> Program:
        """``program`` in the Stand normal form of this position (:func:`normal_track` for
        each pyramid, as :meth:`program_space` lists the programs): a legal program that
        steps off the board, into a wall or from a pyramid that is off becomes the program
        of :meth:`legal_moves` that plays the same. ``program`` must be legal for
        ``side``."""
        every_row = self._steps_checked_every_row(side)
        walls = self._walls(side)
        leave = self._must_leave(side)
        tracks = []
        for k, track in enumerate(program_tracks(program)):
            pid = side * 3 + k
            start = self._pos[pid]
            if start == OFF:
                tracks.append((STAND, STAND, STAND, False if k == 0 else None))
                continue
            normal = normal_track(track, pid, start, every_row, walls)
            tracks.append(("B", *normal[1:]) if k in leave else normal)
        return program_of((tracks[0], tracks[1], tracks[2]))

    def legal_moves(self, player: int | None = None) -> Sequence[Move]:  # type: ignore[override]  # a lazy ProgramSpace, not a list
        """At a simultaneous node: ``player``'s programs (a :class:`ProgramSpace`), or
        with None every joint move (a :class:`JointSpace`); while a special move is chosen,
        the chooser's choices (none for the other player); empty once the game is over."""
        if self.is_over():
            return []
        if self._choosing:
            return self.choices() if player in (None, self._choosing[0]) else []
        if player is None:
            return JointSpace((self.program_space(0), self.program_space(1)))
        return self.program_space(player)

    def legal_move_count(self) -> int:
        if self.is_over():
            return 0
        if self._choosing:
            return len(self.choices())
        return len(self.program_space(0)) * len(self.program_space(1))

    def perft(self, depth: int) -> int:
        if depth < 0:
            raise SaidError(M_("depth must be 0 or more, not {depth}", depth=str(depth)))
        if depth == 0:
            return 1
        if depth == 1:
            return self.legal_move_count()
        if self.is_over():
            return 0
        raise SaidError(
            M_(
                "perft {depth}: Pyramid Ball has {count} joint moves a turn; only depth 0 and 1 "
                "can be counted",
                depth=depth,
                count=number(self.legal_move_count()),
            )
        )

    def search_moves(self) -> list[Any]:
        """A seeded sample of joint moves (listing them all is out of reach)."""
        if self.is_over():
            return []
        if self._choosing:
            return list(self.choices())
        space = self.legal_moves()
        rng = random.Random(repr(self.position_key()))
        count = len(space)
        return [space[rng.randrange(count)] for _ in range(min(48, count))]

    def random_joint_move(self, rng: random.Random) -> JointMove:
        """Each side's program drawn uniformly from its normal programs."""
        a, b = self.program_space(0), self.program_space(1)
        return JointMove((a[rng.randrange(len(a))], b[rng.randrange(len(b))]))

    def random_move(self, rng: random.Random) -> Move:
        """A random legal move at any node: a special move's choice, or a joint move."""
        if self._choosing:
            return rng.choice(self.choices())
        return self.random_joint_move(rng)

    def parse_program(self, text: str) -> Program:
        return parse_program(text)

    def parse_move(self, text: str) -> Move:
        """``REDPROG | BLUEPROG`` (a turn), or ``takes dash`` (a special move's choice, by
        the player choosing now)."""
        choice = parse_choice(text) if isinstance(text, str) else None
        if choice is not None:
            colour, special = choice
            chooser = self.choosing
            if colour is not None and chooser is not None and colour != chooser:
                raise InvalidMoveError(
                    M_(
                        "{text}: {colour} chooses a special move now",
                        text=quote(text),
                        colour=colour_word(chooser),
                    )
                )
            return SpecialChoice(colour or chooser or "", special)
        if not isinstance(text, str) or text.count("|") != 1:
            raise InvalidMoveError(
                M_(
                    "{text}: a turn is two programs, red's then blue's, e.g. 'F,R,R/S,>L,F/B,F,F "
                    "| S,S,B/S,S,S/S,S,S' (after a point the scored-on player chooses a special "
                    "move: 'takes dash')",
                    text=quote(text),
                )
            )
        red, blue = text.split("|")
        return JointMove((parse_program(red), parse_program(blue)))

    def program_problem(self, program: Program, side: int) -> str | None:
        """Why ``program`` is not one ``side`` may enter now, or None."""
        return program_problem(
            program,
            side,
            self.offence,
            self._carrier % 3 if self._carrier != OFF else None,
            self._held[side],
            lambda k: self._pos[side * 3 + k] != OFF,
            self._must_leave(side),
            GOAL_ROW[side],
        )

    def why_illegal(self, move: Move) -> str | None:
        if self.is_over():
            return M_("the game is over: {result}", result=describe_result(self))
        if self._choosing:
            chooser = colour_word(COLOURS[self._choosing[0]])
            names = ", ".join(c.special for c in self.choices())
            if not isinstance(move, SpecialChoice):
                return M_(
                    "{colour} chooses a special move first ({names})", colour=chooser, names=names
                )
            if move.colour != chooser:
                return M_(
                    "{colour} chooses a special move now, not {other}",
                    colour=chooser,
                    other=colour_word(move.colour),
                )
            if move not in self.choices():
                return M_(
                    "{colour} may take {names}, not {special}",
                    colour=chooser,
                    names=names,
                    special=move.special,
                )
            return None
        if isinstance(move, SpecialChoice):
            return M_("no special move to choose now: the players program a turn")
        if not isinstance(move, JointMove) or len(move.moves) != 2:
            return M_(
                "{move} is not a turn of Pyramid Ball (red's program | blue's program)",
                move=str(move),
            )
        for side, program in enumerate(move.moves):
            if not isinstance(program, Program):
                return M_("{program} is not a program", program=quote(program))
            problem = self.program_problem(program, side)
            if problem:
                return M_(
                    "{colour}'s program {program}: {problem}",
                    colour=colour_word(COLOURS[side]),
                    program=str(program),
                    problem=problem,
                )
        return None
