"""Pyraos (Staffan Ulfberg): Pylos-like stacking on the base-4 square pyramid (30 points).

The board is two 30-bit masks, one per colour, over the shared lattice's point ids; support,
resting-on and 2x2-square tables are precomputed once as masks. A move is a placement or a
lift together with the unordered set of removed spheres; each distinct set is its own move.

The rule sheet has no repetition rule, yet removals make cycles (place the fourth sphere of
a square and take the same sphere back), and in the alternate version with removal "1-2" a
player can be forced round one for ever while the other passes. The option ``repetition``
(default 3) closes that gap as chess does: a position (board and side to move) occurring for
the third time ends the game in a draw. Positions are finite, so every game ends. The values
of play are those of "endless play is a draw" (a forced win never repeats a position), and a
search from a position without history never reaches a third occurrence (it cuts a repeat on
its path first), so solver results are unchanged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from pyramid_lab.i18n import M_, N_

from ..game import (
    IllegalMoveError,
    Move,
    OptionSpec,
    Outcome,
    Piece,
    PositionFormatError,
    SaidError,
    Termination,
    quote,
    register_game,
)
from ..lattice import Point, base_symmetries
from ..setup import check_setup, record_setup
from ..speed import SearchHooks
from ..teaching import describe_result
from ..words import colour, reason_of
from .board import ABOVE_LEVEL as ABOVE_LEVEL
from .board import BASE4 as BASE4
from .board import BLACK as BLACK
from .board import COLOURS as COLOURS
from .board import FULL as FULL
from .board import LATTICE as LATTICE
from .board import LEVEL as LEVEL
from .board import LEVEL0 as LEVEL0
from .board import POINTS as POINTS
from .board import REMOVALS as REMOVALS
from .board import REPETITION as REPETITION
from .board import REPETITION_RANGE as REPETITION_RANGE
from .board import RESTING as RESTING
from .board import SPHERES as SPHERES
from .board import SQUARES as SQUARES
from .board import SQUARES_AT as SQUARES_AT
from .board import SUPPORT as SUPPORT
from .board import TOP as TOP
from .board import UPPER as UPPER
from .board import VARIANTS as VARIANTS
from .board import WHITE as WHITE
from .board import Geometry as Geometry
from .board import bits as bits
from .board import geometry as geometry
from .moves import PASS as PASS
from .moves import PyraosMove as PyraosMove
from .moves import RawMove as RawMove
from .moves import generate as generate
from .moves import perft_masks as perft_masks
from .moves import point_order, position_code


@dataclass(frozen=True, slots=True)
class PyraosOptions:
    variant: str = "standard"
    removal: str = "0-2"
    #: The occurrence of one position (board and side to move) that ends the game in a draw.
    repetition: int = REPETITION

    def to_json(self) -> dict[str, Any]:
        return {"variant": self.variant, "removal": self.removal, "repetition": self.repetition}


@register_game
class Pyraos(SearchHooks):
    """Pyraos's rules: one object, as python-chess's ``Board`` is (32 methods, kept whole on
    purpose, issue 88). Its position is two bitboards (with its move cache and undo
    record, kept by push and pop), read by everything else: the move generator
    (``raw_moves``, ``_generate``), the raw-move path the search and the tables use
    (``to_raw``, ``push_raw``, ``search_moves``, ``push_search``, ``perft``), the
    repetition count (``repetitions``) and the outcome. Those are one
    state's readers and writers: as collaborators each would hold the same bitboards, and
    the search's hot path would cross objects. Its words, its notation and its set-up live
    beside it (``teaching.py``, ``text.py``, ``model.setup``), and so do the tables and the
    free functions it calls (``board.py``: the geometry and the masks' bits; ``moves.py``:
    the moves, their generator over masks and ``perft_masks``)."""

    name = "pyraos"
    title = "Pyraos"
    players = COLOURS
    coordinate_count = 3
    # Files from before the repetition option have no key: they get the default, which
    # cannot change their positions (a file without history has seen each position once).
    options_type = PyraosOptions
    endings: ClassVar[Mapping[str, Termination]] = {
        "top": Termination.GOAL,  # a sphere placed on the top wins
        "no_moves": Termination.NO_MOVES,  # the side to move cannot move and loses
        "repetition": Termination.REPETITION,  # a position a third time (option): a draw
    }
    option_specs = (
        OptionSpec(
            "variant",
            N_("Version"),
            "standard",
            choices=VARIANTS,
            help=N_("children's: no removals; alternate: a player without a move passes"),
            # TRANSLATORS: Pyraos's versions (New game dialog): the standard game, the
            # children's version (no removals), the alternate version
            choice_words=(N_("standard"), N_("children"), N_("alternate")),
        ),
        OptionSpec(
            "removal",
            N_("Removal after a square"),
            "0-2",
            choices=REMOVALS,
            help=N_("0-2: up to two of your free spheres; 1-2: at least one"),
            only_when=("variant", tuple(v for v in VARIANTS if v != "children")),
        ),
        OptionSpec(
            "repetition",
            N_("Repetitions for a draw"),
            REPETITION,
            minimum=REPETITION_RANGE[0],
            maximum=REPETITION_RANGE[1],
            help=N_(
                "a position (board and side to move) occurring this many times draws the game. "
                "The rule sheet has no such rule, but removals can repeat a position for ever "
                "(in the alternate version a player can be forced to); 3 is chess's threefold "
                "repetition, and no count changes the result of correct play"
            ),
        ),
    )
    _copied = ("_masks", "_raws", "_undo", "_seen")

    def __init__(self, options: PyraosOptions | None = None) -> None:
        self._options = options or PyraosOptions()
        self.lattice = LATTICE
        self._masks = [0, 0]
        self._turn = WHITE
        self._result: tuple[str, int | None] | None = None  # (ending, winner)
        self._moves: list[RawMove] | None = None  # generated moves of this position, cached
        self._raws: list[RawMove] = []
        self._undo: list[tuple[int, int, Any, Any]] = []
        # occurrences of each position since the set-up, keyed as _key() (for repetition)
        self._seen: Counter[int] = Counter()
        record_setup(self, from_setup=False)

    # ---- construction ------------------------------------------------------------------

    @classmethod
    def new(cls, options: PyraosOptions | None = None) -> Self:
        game = cls(options)
        game._seen[game._key()] += 1
        game._update_result()
        return game

    @classmethod
    def from_setup(
        cls,
        options: PyraosOptions | None,
        to_move: str,
        pieces: Sequence[Piece],
        *,
        study: bool = False,
    ) -> Self:
        game = cls(options)
        masks = [0, 0]
        for pid, player in check_setup(cls, to_move, pieces, LATTICE.id_of).items():
            masks[player] |= 1 << pid
        occ = masks[0] | masks[1]
        for index, (coords, _) in enumerate(pieces):
            pid = LATTICE.id_of(*coords)
            if SUPPORT[pid] & occ != SUPPORT[pid]:
                empty = [str(LATTICE.point(s)) for s in bits(SUPPORT[pid] & ~occ)]
                raise PositionFormatError(
                    f"pieces[{index}]",
                    M_(
                        "the sphere at {point} is not supported: {empty} empty",
                        point=str(LATTICE.point(pid)),
                        empty=", ".join(empty),
                    ),
                )
        for player in (WHITE, BLACK):
            count = masks[player].bit_count()
            if count > SPHERES:
                raise PositionFormatError(
                    "pieces",
                    M_(
                        "{colour} has {count} spheres; each player has {spheres}",
                        colour=colour(COLOURS[player]),
                        count=count,
                        spheres=SPHERES,
                    ),
                )
        turn = COLOURS.index(to_move)
        if occ >> TOP & 1 and masks[turn] >> TOP & 1 and not study:
            raise PositionFormatError(
                "to_move",
                M_(
                    "{colour} put a sphere on the top and so won with that move; the top is "
                    "occupied only as the last act of a game, so {other} is to move",
                    colour=colour(to_move),
                    other=colour(COLOURS[1 - turn]),
                ),
            )
        game._masks = masks
        game._turn = turn
        game._seen[game._key()] += 1
        game._update_result()
        record_setup(game, from_setup=True, study=study)
        return game

    # ---- state -------------------------------------------------------------------------

    def reserve(self, colour: str) -> int:
        return SPHERES - self._masks[COLOURS.index(colour)].bit_count()

    def colour_at(self, point: Point | int) -> str | None:
        pid = point if isinstance(point, int) else LATTICE.id_of(*point)
        for player in (WHITE, BLACK):
            if self._masks[player] >> pid & 1:
                return COLOURS[player]
        return None

    def masks(self) -> tuple[int, int]:
        """(white, black) occupancy masks over lattice point ids."""
        return self._masks[0], self._masks[1]

    def mover_masks(self) -> tuple[int, int]:
        """(the side to move's, the other side's) occupancy masks: the board as the searches,
        the book and the tables key it."""
        return self._masks[self._turn], self._masks[1 - self._turn]

    def pieces(self) -> list[Piece]:
        return [
            (tuple(LATTICE.point(p)), COLOURS[player])
            for player in (WHITE, BLACK)
            for p in bits(self._masks[player])
        ]

    def position_key(self) -> tuple[int, int, int]:
        return self._masks[0], self._masks[1], self._turn

    @property
    def move_stack(self) -> list[Move]:  # type: ignore[override]  # built from the raw moves on demand
        return [self.to_move_value(raw) for raw in self._raws]

    def _key(self) -> int:
        """The position as one int, for the repetition count (see :func:`position_code`)."""
        turn = self._turn
        return position_code(self._masks[turn], self._masks[1 - turn], turn)

    def repetitions(self) -> int:
        """How often the current position (board and side to move) has occurred."""
        return self._seen[self._key()]

    # ---- play --------------------------------------------------------------------------

    def raw_moves(self) -> list[RawMove]:
        if self._result is not None:
            return []
        moves = self._generate()
        if not moves and self._options.variant == "alternate":
            return [PASS]
        return moves

    def _generate(self) -> list[RawMove]:
        if self._moves is None:
            own, opp = self._masks[self._turn], self._masks[1 - self._turn]
            self._moves = generate(own, opp, SPHERES - own.bit_count(), *self._option_pair)
        return self._moves

    @property
    def _option_pair(self) -> tuple[str, str]:
        return self._options.variant, self._options.removal

    def legal_moves(self, player: int | None = None) -> list[Move]:
        return [self.to_move_value(m) for m in self.raw_moves()]

    def repeats_in_history(self) -> bool:
        """Whether some position of the game so far has occurred twice or more."""
        return any(count > 1 for count in self._seen.values())

    def legal_move_count(self) -> int:
        return len(self.raw_moves())

    def to_move_value(self, raw: RawMove) -> PyraosMove:
        s, t, removed = raw
        if t < 0:
            return PyraosMove(None)
        pt = LATTICE.point
        return PyraosMove(
            pt(t), pt(s) if s >= 0 else None, tuple(sorted(map(pt, bits(removed)), key=point_order))
        )

    def to_raw(self, move: PyraosMove) -> RawMove:
        if move.target is None:
            return PASS
        try:
            t = LATTICE.id_of(*move.target)
            s = LATTICE.id_of(*move.source) if move.source else -1
            removed = sum(1 << LATTICE.id_of(*p) for p in move.removed)
        except ValueError as exc:
            raise IllegalMoveError(reason_of(exc)) from None
        return s, t, removed

    def parse_move(self, text: str) -> PyraosMove:
        return PyraosMove.parse(text)

    def why_illegal(self, move: Move) -> str | None:
        if not isinstance(move, PyraosMove):
            return M_("{move} is not a Pyraos move", move=quote(move))
        if self._result is not None:
            return M_("the game is over: {result}", result=describe_result(self))
        try:
            raw = self.to_raw(move)
        except IllegalMoveError as exc:
            return reason_of(exc)
        legal = self.raw_moves()
        if raw in legal:
            return None
        return self._explain(raw, legal)

    def _explain(self, raw: RawMove, legal: list[RawMove]) -> str:
        s, t, removed = raw
        if t < 0:
            return M_("a pass is allowed only in the alternate version, when no other move exists")
        own, opp = self._masks[self._turn], self._masks[1 - self._turn]
        occ = own | opp
        pt = LATTICE.point
        mover = colour(self.to_move)
        if s < 0 and SPHERES - own.bit_count() == 0:
            return M_("{colour} has no sphere in reserve; lift one instead", colour=mover)
        if s >= 0:
            if not own >> s & 1:
                return M_(
                    "{point} holds no {colour} sphere to lift", point=str(pt(s)), colour=mover
                )
            if RESTING[s] & occ:
                return M_(
                    "the sphere at {point} is not free: a sphere rests on it", point=str(pt(s))
                )
            if LEVEL[t] <= LEVEL[s]:
                return M_("a lift must go to a higher level than {point}'s", point=str(pt(s)))
            occ &= ~(1 << s)
        if occ >> t & 1:
            return M_("{point} is taken", point=str(pt(t)))
        if SUPPORT[t] & occ != SUPPORT[t]:
            empty = ", ".join(str(pt(p)) for p in bits(SUPPORT[t] & ~occ))
            return M_("{point} is not supported: {empty} empty", point=str(pt(t)), empty=empty)
        if removed and not any(m[:2] == (s, t) and m[2] for m in legal):
            return M_("this move completes no square of your colour, so nothing may be removed")
        if not removed:
            return M_("after completing a square at least one sphere must be removed (rule 1-2)")
        return M_(
            "those spheres cannot be removed: only your own free spheres, one after the other"
        )

    def push(self, move: Move) -> None:
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        assert isinstance(move, PyraosMove)
        self.push_raw(self.to_raw(move))

    def push_raw(self, raw: RawMove) -> None:
        """Play an engine move taken from :meth:`raw_moves`, unchecked: the fast path."""
        s, t, removed = raw
        player = self._turn
        self._undo.append((self._masks[player], self._masks[1 - player], self._result, self._moves))
        self._moves = None
        if t >= 0:
            own = self._masks[player]
            if s >= 0:
                own &= ~(1 << s)
            own = (own | 1 << t) & ~removed
            self._masks[player] = own
        self._turn = 1 - player
        self._raws.append(raw)
        self._seen[self._key()] += 1
        if t == TOP:
            self._result = ("top", player)
        else:
            self._update_result()

    def _update_result(self) -> None:
        if self._masks[0] >> TOP & 1 or self._masks[1] >> TOP & 1:
            self._result = ("top", WHITE if self._masks[0] >> TOP & 1 else BLACK)
        elif self._seen[self._key()] >= self._options.repetition:
            self._result = ("repetition", None)
        elif self._options.variant != "alternate" and not self._generate():
            self._result = ("no_moves", 1 - self._turn)
        else:
            self._result = None

    def pop(self) -> Move:
        if not self._undo:
            raise IndexError("no move to take back")
        key = self._key()
        count = self._seen[key] - 1
        if count:
            self._seen[key] = count
        else:
            del self._seen[key]  # keeps the table small through long searches
        own, opp, self._result, self._moves = self._undo.pop()
        self._turn = 1 - self._turn
        self._masks[self._turn], self._masks[1 - self._turn] = own, opp
        return self.to_move_value(self._raws.pop())

    def outcome(self) -> Outcome | None:
        if self._result is None:
            return None
        return self._ending(*self._result)

    def search_moves(self) -> list[RawMove]:
        moves = self.raw_moves()
        # Placing the top wins at once; removals keep spheres in reserve; higher is stronger.
        return sorted(
            moves, key=lambda m: (m[1] == TOP, m[2].bit_count(), LEVEL[m[1]]), reverse=True
        )

    def push_search(self, move: RawMove) -> None:
        self.push_raw(move)

    def perft(self, depth: int) -> int:
        if depth < 0:
            raise SaidError(M_("depth must be 0 or more, not {depth}", depth=str(depth)))
        if self._result is not None:
            return 0 if depth else 1
        turn = self._turn
        own, opp = self._masks[turn], self._masks[1 - turn]
        return perft_masks(
            own, opp, depth, *self._option_pair, self._options.repetition, self._seen, turn
        )

    def _state(self) -> tuple[Any, ...]:
        return tuple(self._masks), self._turn, self._result, tuple(self._raws)


def _symmetries(base: int = 4) -> list[list[int]]:
    """The 8 symmetries of the square, as permutations of the point ids (30 on base 4):
    :func:`model.lattice.base_symmetries`."""
    return [list(perm) for perm in base_symmetries(base)]
