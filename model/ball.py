"""Pyramid Ball (Jason Webster, v1.01): three pyramids a side on a 7x8 board, programmed
in secret for three rows at a time, then resolved row by row.

The resolution follows ``spec/ball.md`` (in :mod:`model.ball_rules`). Every turn is one
simultaneous node: both players submit a :class:`~model.ball_rules.Program` and one
``JointMove`` (red's program, blue's program) is applied.

Choices made where the spec is silent or where this model departs from it:

* **Seats.** Red sits at row 1 and blue at row 8 for the whole game (the board never
  flips): red's F is N, blue's F is S, red scores on row 8, blue on row 1. The spec's
  "offence at row 1" is red's view; when blue holds the ball everything is mirrored. A new
  game gives red the ball (the sheet's who-starts duel is left to the players: set up
  with blue to move for the other start).
* **Joint move text** is ``REDPROG | BLUEPROG`` (the protocol's player order, which the
  shared push/pop test checks); it is ``OFFENCEPROG | DEFENCEPROG`` whenever red has the
  ball. ``pyramid-lab resolve`` takes the programs by role.
* **After a score** (option ``restart``; the basic game ends at its first point, so it
  only matters in the advanced game; the final point always leaves the pieces where they
  are and ends the turn):

  - ``formation``: the spec's reset: the formation again, the ball on the new offence's
    Medium; the new offence is the turn's defence (the scored-on side after a goal, the
    tackler's or interceptor's side otherwise); a point ends the turn.
  - ``sheet`` (the default): the rule sheet's ADVANCED RULES, read as follows.

    * *Placing the ball.* After an offensive goal (carried onto the goal row, or a pass
      received there) the ball is placed loose on the first empty square of the scorer's
      row beside it: the scorer's left as its side faces it (red's W, blue's E), then its
      right, then two squares out (left, right) and so on; a row of 7 always has one. The
      sheet leaves the side to the defence; a fixed rule keeps every turn one joint move.
      After a pass into the goal row the ball is placed before that row's moves.
    * *The turn goes on.* "Any additional moves programmed for that turn are executed as
      normal": the rest of the turn is resolved (the spec's "any point ends the turn" is
      kept for every other point). No second point is possible in that turn: nobody
      carries the ball.
    * *The loose ball.* The scoring side stays on offence (``to_move``) while the ball
      lies loose; nobody carries it, so nobody may pass (such a program is illegal) and
      nobody can be tackled. An offensive pyramid may not move onto the ball's square (the
      move fails, blocked) nor be pushed onto it (the push is impossible; with no carrier
      that never tackles). A defender that moves onto it recovers the ball: it carries it,
      and as roles never change inside a turn, the recovery ends the turn (the rest of
      that row is applied, later rows are not played); its side is offence from the next
      turn.
    * *The goal-row rule.* From the goal on, the scoring side is barred from its goal row
      (``goal_row_barred``): any step of its pyramids onto a goal-row square fails (blocked;
      steps along the row too), and a push of one onto it is impossible. "Must move out
      as soon as possible": a barred pyramid standing on that row at the start of a turn
      must have B as its row-1 entry (a program without it is illegal). The rule is lifted
      at the end of a turn in which, after the recovery, the recovering side's carrier
      stood off that row at the end of a row, or that side attempted a pass (lifting at a
      turn's end keeps the wall fixed for a whole turn, so programs can be normalised
      against it); a defensive score lifts it too.
    * *After a defensive score* (tackle, interception) "play continues as normal": no
      reset, the tackler or interceptor carries the ball where it stands, its side is
      offence from the next turn (the point ends the turn). A tackle or interception on
      the scorer's own goal row scores again at the end of the next turn's first row (the
      spec's goal test).
    * *Files.* ``state.ball`` is the carrier's size letter or the square the ball lies
      loose on (``"c8"``); ``state.goal_row_barred`` is the barred colour (omitted when
      none). Both need the advanced game with this option. The explanation rows say
      "ball placed loose on c8", "DS recovers the ball on c8" and "the goal-row rule
      ends: red may enter it again"; a row's ``ball`` is the loose ball's square after it.
* **Special moves** (advanced game): the scored-on side gains one per point against it, in
  the sheet's order Dash, Quick Pass, Blitz (the sheet lets the player choose; a fixed
  order keeps every turn one joint move). A special move is spent when a program uses it
  for something (Dash: a Small entry that is not Stand; Blitz: a Large step that is not
  Stand; Quick Pass: a row-1 pass).
* **Legal programs.** A program with a pass that breaks the spec's entry checks (not the
  carrier, two passes, row 1 without Quick Pass, a defence pass) is illegal, not Stand.
* **Moves as a space.** A side has millions of programs (3,515,625 for the offence at the
  start). ``legal_moves(player)`` returns a :class:`ProgramSpace`: a lazily indexed,
  immutable ``Sequence`` of the Stand-normal programs (indexing, ``len``, ``in`` and
  iteration work; nothing is listed up front), so random play is ``rng.choice``, a sampling
  agent draws indices, and ``legal_move_count()`` and ``perft(1)`` are the product of the
  two sides' counts. ``perft`` deeper than 1 is refused (about 10^12 resolutions a ply).
  ``search_moves()`` is a seeded sample of 48 joint moves (for tree search).
* **Stand normalisation** (what counts as one program): entries are F B L R S or a pass;
  a step off the board blocks its pyramid for the rest of the turn, so it and every later
  step of that pyramid become Stand (for a defender, which is never pushed, at any row;
  for an offensive pyramid only in row 1); so does a step onto the goal row the side is
  barred from, and an offensive row-1 step onto the loose ball; a barred pyramid that must
  leave the goal row keeps its B; an unused Dash or Blitz is dropped.
* **Set-ups** need each side's three pyramids (a study may leave some out); one with the
  carrier already on its goal row scores in the first row (the spec's goal test).
* **Pushes.** "The square beyond the chain holds a defender" looks at the start of the
  row (a defender moving away still stops the push); pushes and the live movers are
  recomputed each round of step 4 while failures only accumulate.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from .ball_rules import (
    ALL_STAND,
    COLS,
    FILE_SIZE,
    FORMATION,
    GOAL_ROW,
    MOVES,
    OFF,
    PASSES,
    RELATIVE,
    SIZE_LETTERS,
    SIZE_NAMES,
    STAND,
    Program,
    TurnReport,
    normal_track,
    parse_program,
    parse_square,
    program_of,
    program_problem,
    program_tracks,
    resolve_turn,
    square,
    square_name,
    step,
)
from .game import (
    SIMULTANEOUS,
    TERMINAL,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    JointMove,
    Move,
    OptionSpec,
    Outcome,
    Piece,
    PositionFormatError,
    Termination,
    check_option_names,
    register_game,
)

COLOURS = ("red", "blue")
SPECIALS = ("dash", "quick_pass", "blitz")  # the order they are gained in
TARGETS = {"basic": 1, "advanced": 6}
RESTARTS = ("sheet", "formation")


@dataclass(frozen=True, slots=True)
class BallOptions:
    mode: str = "basic"
    offence_may_follow_defender: bool = False
    tackle_on_contact: bool = True
    restart: str = "sheet"

    @property
    def target(self) -> int:
        return TARGETS[self.mode]

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "offence_may_follow_defender": self.offence_may_follow_defender,
            "tackle_on_contact": self.tackle_on_contact,
            "restart": self.restart,
        }


# ---- the programs a side may enter ------------------------------------------------------------


class ProgramSpace(Sequence):
    """Every Stand-normal program of one side in one position, lazily: the product of the
    Large's, the Medium's and the Small's tracks (each a short list), indexed in mixed
    radix. Immutable and compared by value, so it can stand in a snapshot."""

    def __init__(self, tracks: tuple[tuple[tuple, ...], ...]) -> None:
        self.tracks = tracks
        self._sets = tuple(frozenset(t) for t in tracks)
        self._len = len(tracks[0]) * len(tracks[1]) * len(tracks[2])

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("program index out of range")
        large, medium, small = self.tracks
        rest, s = divmod(index, len(small))
        l_, m = divmod(rest, len(medium))
        return program_of((large[l_], medium[m], small[s]))

    def __iter__(self) -> Iterator[Program]:
        for combo in itertools.product(*self.tracks):
            yield program_of(combo)

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


class JointSpace(Sequence):
    """Every joint move (red's program, blue's program) of a position, lazily."""

    def __init__(self, spaces: tuple[ProgramSpace, ProgramSpace]) -> None:
        self.spaces = spaces
        self._len = len(spaces[0]) * len(spaces[1])

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("joint move index out of range")
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


# ---- the game ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Record:
    pos: tuple[int, ...]
    carrier: int
    ball: int
    offence: int
    barred: int | None
    scores: tuple[int, int]
    held: tuple[frozenset[str], frozenset[str]]
    spaces: Any


@register_game
class PyramidBall(Game):
    name = "ball"
    title = "Pyramid Ball"
    players = COLOURS
    coordinate_count = 3  # column, row, size (3 Large, 2 Medium, 1 Small)
    endings: ClassVar[Mapping[str, Termination]] = {"points": Termination.GOAL}
    option_specs = (
        OptionSpec(
            "mode",
            "Length",
            "basic",
            choices=("basic", "advanced"),
            help="basic: first to 1 point; advanced: first to 6, with special moves",
        ),
        OptionSpec(
            "offence_may_follow_defender",
            "Offence may follow a defender",
            False,
            help="an offensive pyramid may move into a square a defender is leaving",
        ),
        OptionSpec(
            "tackle_on_contact",
            "Tackle on contact",
            True,
            help="a defender whose push of the carrier is impossible still tackles",
        ),
        OptionSpec(
            "restart",
            "Restart after a point",
            "sheet",
            choices=RESTARTS,
            help="after a point that does not end the game: sheet: an offensive goal places "
            "the ball loose beside the scorer and the turn goes on (the goal-row rule "
            "applies), play goes on after a tackle or interception; formation: the set-up "
            "formation again",
        ),
    )
    _copied = ("_pos", "_scores", "_undo", "move_stack", "_reports")

    def __init__(self, options: BallOptions | None = None) -> None:
        self._options = options or BallOptions()
        self._pos = [OFF] * 6  # pid (side * 3 + k) -> square
        self._carrier = 1  # OFF: the ball lies loose on self._ball
        self._ball = OFF
        self._offence = 0
        self._barred: int | None = None  # the side barred from its goal row
        self._scores = [0, 0]
        self._held: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
        self._undo: list[_Record] = []
        self._reports: list[TurnReport] = []
        self._spaces: tuple[ProgramSpace, ProgramSpace] | None = None
        self.move_stack = []
        self._setup_state: dict[str, Any] | None = None

    # ---- construction --------------------------------------------------------------------

    @classmethod
    def parse_options(cls, raw: Mapping[str, Any]) -> BallOptions:
        known = tuple(spec.name for spec in cls.option_specs)
        check_option_names(cls.name, raw, known)
        mode = raw.get("mode", "basic")
        if not isinstance(mode, str) or mode not in TARGETS:
            raise PositionFormatError("options.mode", f"must be basic or advanced, not {mode!r}")
        flags = {}
        for key, default in (("offence_may_follow_defender", False), ("tackle_on_contact", True)):
            value = raw.get(key, default)
            if not isinstance(value, bool):
                raise PositionFormatError(f"options.{key}", f"must be true or false, not {value!r}")
            flags[key] = value
        restart = raw.get("restart", "sheet")
        if not isinstance(restart, str) or restart not in RESTARTS:
            raise PositionFormatError(
                "options.restart", f"must be sheet or formation, not {restart!r}"
            )
        return BallOptions(mode, **flags, restart=restart)

    @classmethod
    def new(cls, options: BallOptions | None = None) -> Self:
        game = cls.from_setup(options, "red", formation_pieces())
        game._record_setup(from_setup=False)
        return game

    @classmethod
    def from_setup(
        cls, options: BallOptions | None, to_move: str, pieces: Sequence[Piece], *, study=False
    ) -> Self:
        return cls.from_setup_state(options, to_move, pieces, None, study=study)

    @classmethod
    def from_setup_state(
        cls,
        options: BallOptions | None,
        to_move: str,
        pieces: Sequence[Piece],
        state: Mapping[str, Any] | None,
        *,
        study: bool = False,
    ) -> Self:
        """A set-up position with a file's ``state`` (``ball``: the size letter of the
        carrier, one of ``to_move``'s pyramids, default its Medium, or the empty square the
        ball lies loose on, ``"c8"``; ``scores``; ``specials``: the special moves each
        colour holds; ``goal_row_barred``: the colour under the goal-row rule)."""
        game = cls(options)
        names = " or ".join(map(repr, COLOURS))
        if to_move not in COLOURS:
            raise PositionFormatError("to_move", f"must be {names}, not {to_move!r}")
        for index, (coords, colour) in enumerate(pieces):
            key = f"pieces[{index}]"
            if colour not in COLOURS:
                raise PositionFormatError(key, f"colour must be {names}, not {colour!r}")
            if len(coords) != 3:
                raise PositionFormatError(key, "a pyramid is [column, row, size, colour]")
            col, row, size = coords
            sq = square(col, row)
            if sq == OFF:
                raise PositionFormatError(key, f"[{col}, {row}] is off the 7x8 board")
            if size not in FILE_SIZE:
                raise PositionFormatError(
                    key, f"size must be 3 (Large), 2 or 1 (Small), not {size}"
                )
            pid = COLOURS.index(colour) * 3 + FILE_SIZE.index(size)
            if game._pos[pid] != OFF:
                raise PositionFormatError(
                    key, f"{colour} has two {SIZE_NAMES[pid % 3]} pyramids (a side has one each)"
                )
            if sq in game._pos:
                raise PositionFormatError(key, f"two pyramids on {square_name(sq)}")
            game._pos[pid] = sq
        missing = [
            f"{COLOURS[p // 3]} {SIZE_NAMES[p % 3]}" for p in range(6) if game._pos[p] == OFF
        ]
        if missing and not study:
            raise PositionFormatError(
                "pieces", f"missing: {', '.join(missing)} (a side has a Large, a Medium, a Small)"
            )
        game._read_state(state or {}, COLOURS.index(to_move), study)
        game._record_setup(from_setup=True, study=study)
        return game

    def _read_state(self, state: Mapping[str, Any], offence: int, study: bool) -> None:
        if not isinstance(state, Mapping):
            raise PositionFormatError("state", "must be an object: ball, scores, specials")
        known = ("ball", "scores", "specials", "goal_row_barred")
        unknown = sorted(set(state) - set(known))
        if unknown:
            raise PositionFormatError(
                f"state.{unknown[0]}", f"unknown key; known: {', '.join(known)}"
            )
        self._offence = offence
        sheet = self._options.mode == "advanced" and self._options.restart == "sheet"
        ball = state.get("ball")
        own = [k for k in (1, 0, 2) if self._pos[offence * 3 + k] != OFF]
        loose = isinstance(ball, str) and len(ball) == 2
        if loose:
            try:
                sq = parse_square(ball)
            except ValueError:
                raise PositionFormatError(
                    "state.ball", f"must be L, M, S or a square a1..g8, not {ball!r}"
                ) from None
            if not sheet:
                raise PositionFormatError(
                    "state.ball", "a loose ball needs the advanced game with the sheet's restart"
                )
            if sq in self._pos:
                raise PositionFormatError(
                    "state.ball", f"a loose ball lies on an empty square, not {ball}"
                )
            self._carrier, self._ball = OFF, sq
        else:
            if ball is None:
                if not own:
                    raise PositionFormatError(
                        "pieces", f"{COLOURS[offence]} (to move) has no pyramid"
                    )
                k = own[0]
            elif ball not in ("L", "M", "S"):
                raise PositionFormatError(
                    "state.ball", f"must be L, M, S or a square a1..g8, not {ball!r}"
                )
            else:
                k = SIZE_LETTERS.index(ball)
                if k not in own:
                    raise PositionFormatError(
                        "state.ball",
                        f"{COLOURS[offence]} has no {SIZE_NAMES[k]} to carry the ball",
                    )
            self._carrier = offence * 3 + k
        barred = state.get("goal_row_barred")
        if barred is not None:
            if barred not in COLOURS:
                raise PositionFormatError(
                    "state.goal_row_barred", f"must be red, blue or null, not {barred!r}"
                )
            if not sheet:
                raise PositionFormatError(
                    "state.goal_row_barred",
                    "the goal-row rule needs the advanced game with the sheet's restart",
                )
            side = COLOURS.index(barred)
            if self._carrier != OFF and self._carrier // 3 == side:
                raise PositionFormatError(
                    "state.goal_row_barred",
                    f"{barred} carries the ball: the rule lasts until the other side has it",
                )
            self._barred = side
        target = self._options.target
        scores = state.get("scores", {})
        if not isinstance(scores, Mapping) or set(scores) - set(COLOURS):
            raise PositionFormatError("state.scores", 'must be {"red": N, "blue": N}')
        for side, colour in enumerate(COLOURS):
            value = scores.get(colour, 0)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= target:
                raise PositionFormatError(
                    f"state.scores.{colour}", f"must be a whole number 0 to {target}, not {value!r}"
                )
            self._scores[side] = value
        if min(self._scores) >= target:
            raise PositionFormatError("state.scores", "both sides cannot have won")
        specials = state.get("specials", {})
        if not isinstance(specials, Mapping) or set(specials) - set(COLOURS):
            raise PositionFormatError("state.specials", 'must be {"red": [...], "blue": [...]}')
        held = []
        for side, colour in enumerate(COLOURS):
            names = specials.get(colour, [])
            key = f"state.specials.{colour}"
            if not isinstance(names, list) or not all(n in SPECIALS for n in names):
                raise PositionFormatError(key, f"must be a list of {', '.join(SPECIALS)}")
            if len(set(names)) != len(names):
                raise PositionFormatError(key, "a special move is held once at most")
            if names and self._options.mode == "basic":
                raise PositionFormatError(key, "the basic game has no special moves")
            gained = SPECIALS[: min(3, self._scores[1 - side])]
            if not study and not set(names) <= set(gained):
                raise PositionFormatError(
                    key,
                    f"{colour} has gained only {', '.join(gained) or 'none'} "
                    f"(one each time the opponent scored, in the order {', '.join(SPECIALS)})",
                )
            held.append(frozenset(names))
        self._held = (held[0], held[1])

    def _record_setup(self, *, from_setup: bool, study: bool = False) -> None:
        super()._record_setup(from_setup=from_setup, study=study)
        self._setup_state = self.file_state()

    # ---- state -----------------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.is_over() else SIMULTANEOUS

    @property
    def to_move(self) -> str:
        """The offence: the colour whose pyramid carries the ball (with the ball loose,
        the side that scored it there)."""
        return COLOURS[self._offence]

    @property
    def offence(self) -> int:
        return self._offence

    @property
    def carrier(self) -> tuple[str, str] | None:
        """(colour, size letter) of the pyramid with the ball; None while it lies loose."""
        if self._carrier == OFF:
            return None
        return COLOURS[self._carrier // 3], SIZE_LETTERS[self._carrier % 3]

    def carrier_square(self) -> str:
        """The ball's square: its carrier's, or where it lies loose."""
        return self.ball_square()

    def ball_square(self) -> str:
        """The ball's square: its carrier's, or where it lies loose."""
        if self._carrier == OFF:
            return square_name(self._ball)
        return square_name(self._pos[self._carrier])

    @property
    def loose_ball(self) -> str | None:
        """The square the ball lies loose on (advanced restart), or None while carried."""
        return square_name(self._ball) if self._carrier == OFF else None

    @property
    def goal_row_barred(self) -> str | None:
        """The colour under the goal-row rule (it may not enter its goal row), or None."""
        return COLOURS[self._barred] if self._barred is not None else None

    @property
    def scores(self) -> dict[str, int]:
        return dict(zip(COLOURS, self._scores, strict=True))

    def specials(self, colour: str) -> list[str]:
        """The special moves ``colour`` holds, in the sheet's order."""
        held = self._held[COLOURS.index(colour)]
        return [s for s in SPECIALS if s in held]

    def pyramids(self) -> list[tuple[str, str, str, bool]]:
        """(square, colour, size letter, carries the ball) of each pyramid on the board."""
        return [
            (square_name(sq), COLOURS[p // 3], SIZE_LETTERS[p % 3], p == self._carrier)
            for p, sq in enumerate(self._pos)
            if sq != OFF
        ]

    def pieces(self) -> list[Piece]:
        return [
            ((sq % COLS, sq // COLS, FILE_SIZE[p % 3]), COLOURS[p // 3])
            for p, sq in enumerate(self._pos)
            if sq != OFF
        ]

    def file_state(self) -> dict[str, Any]:
        state: dict[str, Any] = {
            "ball": self.loose_ball or SIZE_LETTERS[self._carrier % 3],
            "scores": self.scores,
            "specials": {c: self.specials(c) for c in COLOURS},
        }
        if self._barred is not None:
            state["goal_row_barred"] = COLOURS[self._barred]
        return state

    def setup_state(self) -> dict[str, Any] | None:
        return self._setup_state

    def position_key(self) -> Hashable:
        return (
            tuple(self._pos),
            self._carrier,
            self._ball,
            self._offence,
            self._barred,
            tuple(self._scores),
            self._held,
        )

    def last_effect(self) -> TurnReport | None:
        """The last turn's resolution, row by row."""
        return self._reports[-1] if self._reports else None

    # ---- moves -----------------------------------------------------------------------------

    def program_space(self, side: int) -> ProgramSpace:
        if self._spaces is None:
            self._spaces = (self._space_for(0), self._space_for(1))
        return self._spaces[side]

    def _walls(self, side: int) -> frozenset[int]:
        """The squares ``side``'s steps fail on for sure this turn (see normal_track)."""
        walls: set[int] = set()
        if self._barred == side:
            walls.update(GOAL_ROW[side] * COLS + c for c in range(COLS))
        if side == self._offence and self._carrier == OFF:
            walls.add(self._ball)
        return frozenset(walls)

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
                _tracks(pid, start, side != offence, receivers, first, extra, walls, k in leave)
            )
        return ProgramSpace(tuple(tracks))

    def legal_moves(self, player: int | None = None) -> Sequence[Move]:  # type: ignore[override]
        """At this simultaneous node: ``player``'s programs (a :class:`ProgramSpace`), or
        with None every joint move (a :class:`JointSpace`); empty once the game is over."""
        if self.is_over():
            return []
        if player is None:
            return JointSpace((self.program_space(0), self.program_space(1)))
        return self.program_space(player)

    def legal_move_count(self) -> int:
        if self.is_over():
            return 0
        return len(self.program_space(0)) * len(self.program_space(1))

    def perft(self, depth: int) -> int:
        if depth < 0:
            raise ValueError(f"depth must be 0 or more, not {depth}")
        if depth == 0:
            return 1
        if depth == 1:
            return self.legal_move_count()
        if self.is_over():
            return 0
        raise ValueError(
            f"perft {depth}: Pyramid Ball has {self.legal_move_count():,} joint moves a turn; "
            "only depth 0 and 1 can be counted"
        )

    def search_moves(self) -> list[Any]:
        """A seeded sample of joint moves (listing them all is out of reach)."""
        if self.is_over():
            return []
        space = self.legal_moves()
        rng = random.Random(repr(self.position_key()))
        count = len(space)
        return [space[rng.randrange(count)] for _ in range(min(48, count))]

    def random_joint_move(self, rng: random.Random) -> JointMove:
        """Each side's program drawn uniformly from its normal programs."""
        a, b = self.program_space(0), self.program_space(1)
        return JointMove((a[rng.randrange(len(a))], b[rng.randrange(len(b))]))

    def parse_program(self, text: str) -> Program:
        return parse_program(text)

    def parse_move(self, text: str) -> JointMove:
        """``REDPROG | BLUEPROG``."""
        if not isinstance(text, str) or text.count("|") != 1:
            raise InvalidMoveError(
                f"{text!r}: a turn is two programs, red's then blue's, e.g. "
                "'F,R,R/S,>L,F/B,F,F | S,S,B/S,S,S/S,S,S'"
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
            return f"the game is over: {self.describe_result()}"
        if not isinstance(move, JointMove) or len(move.moves) != 2:
            return f"{move} is not a turn of Pyramid Ball (red's program | blue's program)"
        for side, program in enumerate(move.moves):
            if not isinstance(program, Program):
                return f"{program!r} is not a program"
            problem = self.program_problem(program, side)
            if problem:
                return f"{COLOURS[side]}'s program {program}: {problem}"
        return None

    def push(self, move: Move) -> None:
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        assert isinstance(move, JointMove)
        self._apply(move)

    def push_search(self, move: JointMove) -> None:
        self._apply(move)

    def _apply(self, move: JointMove) -> None:
        programs = move.moves
        self._undo.append(
            _Record(
                tuple(self._pos),
                self._carrier,
                self._ball,
                self._offence,
                self._barred,
                tuple(self._scores),  # type: ignore[arg-type]
                self._held,
                self._spaces,
            )
        )
        held = list(self._held)
        for side, program in enumerate(programs):
            assert isinstance(program, Program)
            used = set()
            if program.dash not in (None, STAND):
                used.add("dash")
            if program.blitz and any(row[0] != STAND for row in program.rows[:3]):
                used.add("blitz")
            if any(r == 0 for r, _, _ in program.passes()):
                used.add("quick_pass")
            held[side] = held[side] - used
        options = self._options
        goes_on = options.restart == "sheet" and self._scores[self._offence] + 1 < options.target
        result = resolve_turn(
            self._pos,
            self._carrier,
            programs,  # type: ignore[arg-type]
            COLOURS,
            options,
            offence=self._offence,
            ball=self._ball,
            barred=self._barred,
            goes_on=goes_on,
        )
        report = result.report
        self._pos = result.pos
        self._carrier = result.carrier
        self._ball = result.ball
        self._offence = result.offence
        self._barred = result.barred
        scorer = result.scorer
        if scorer is not None:
            self._scores[scorer] += 1
            loser = 1 - scorer
            gained = self._scores[scorer]
            if options.mode == "advanced" and gained <= len(SPECIALS):
                held[loser] = held[loser] | {SPECIALS[gained - 1]}
            if self.outcome() is None and options.restart == "formation":
                self._reset(1 - report_offence(report))
        self._held = (held[0], held[1])
        self._spaces = None
        self._reports.append(report)
        self.move_stack.append(move)

    def _reset(self, offence: int) -> None:
        """The formation again, the ball on ``offence``'s Medium (or its first pyramid)."""
        self._pos = [FORMATION[p // 3][p % 3] for p in range(6)]
        self._carrier = offence * 3 + 1
        self._offence = offence
        self._ball = OFF
        self._barred = None

    def pop(self) -> Move:
        if not self._undo:
            raise IndexError("no move to take back")
        record = self._undo.pop()
        self._pos = list(record.pos)
        self._carrier = record.carrier
        self._ball = record.ball
        self._offence = record.offence
        self._barred = record.barred
        self._scores = list(record.scores)
        self._held = record.held
        self._spaces = record.spaces
        self._reports.pop()
        return self.move_stack.pop()

    def resolve(self, offence_program: Program, defence_program: Program) -> TurnReport:
        """Play one turn given by role (the offence's program first) and return its
        report (IllegalMoveError when a program may not be entered)."""
        programs = [ALL_STAND, ALL_STAND]
        programs[self.offence] = offence_program
        programs[1 - self.offence] = defence_program
        self.push(JointMove(tuple(programs)))
        return self._reports[-1]

    def resolve_text(self, offence_text: str, defence_text: str) -> dict[str, Any]:
        """``pyramid-lab resolve``: play one turn given by role and return the position
        after it with the row-by-row explanation. InvalidMoveError or IllegalMoveError
        (naming the program and the entry) leave the position untouched."""
        if self.is_over():
            raise IllegalMoveError(f"the game is over: {self.describe_result()}")
        programs = []
        for role, text in (("offence", offence_text), ("defence", defence_text)):
            try:
                programs.append(parse_program(text))
            except InvalidMoveError as exc:
                raise InvalidMoveError(f"{role} program: {exc}") from None
        sides = (self.offence, 1 - self.offence)
        for role, side, program in zip(("offence", "defence"), sides, programs, strict=True):
            problem = self.program_problem(program, side)
            if problem:
                raise IllegalMoveError(f"{role} program {program} ({COLOURS[side]}): {problem}")
        report = self.resolve(programs[0], programs[1])
        outcome = self.outcome()
        return {
            "game": self.name,
            "turn": str(self.move_stack[-1]),
            "offence": report.offence,
            "event": report.event,
            "scorer": report.scorer,
            "blocked": list(report.blocked),
            "explanation": report.lines(),
            "to_move": self.to_move,
            "pieces": [[*coords, c] for coords, c in sorted(self.pieces())],
            "ball": self.ball_json(),
            "goal_row_barred": self.goal_row_barred,
            "scores": self.scores,
            "specials": {c: self.specials(c) for c in COLOURS},
            "winner": outcome.result if outcome else None,
            "rows": [row.to_json() for row in report.rows],
        }

    # ---- end -----------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        target = self._options.target
        for side in (0, 1):
            if self._scores[side] >= target:
                return self._ending("points", side)
        return None

    def describe_result(self) -> str:
        outcome = self.outcome()
        if outcome is None:
            return ""
        red, blue = self._scores
        return f"{outcome.winner} wins {max(red, blue)}-{min(red, blue)}"

    def summary_extras(self) -> dict[str, Any]:
        return {
            "ball": self.ball_json(),
            "goal_row_barred": self.goal_row_barred,
            "scores": self.scores,
            "specials": {c: self.specials(c) for c in COLOURS},
            "programs": {c: len(self.program_space(i)) for i, c in enumerate(COLOURS)}
            if not self.is_over()
            else {c: 0 for c in COLOURS},
        }

    def ball_json(self) -> dict[str, Any]:
        """The ball: its carrier's colour and size (None while loose), its square, loose."""
        carrier = self.carrier
        return {
            "colour": carrier[0] if carrier else None,
            "size": carrier[1] if carrier else None,
            "square": self.ball_square(),
            "loose": carrier is None,
        }

    def ball_text(self) -> str:
        """'ball: red's Medium on d4' or 'ball loose on c8 (red on offence)'."""
        carrier = self.carrier
        if carrier is None:
            return f"ball loose on {self.ball_square()} ({self.to_move} on offence)"
        colour, size = carrier
        return f"ball: {colour}'s {SIZE_NAMES[SIZE_LETTERS.index(size)]} on {self.ball_square()}"

    def explain(self) -> list[str]:
        red, blue = self._scores
        lines = [
            f"score red {red} - blue {blue} (first to {self._options.target})",
            self.ball_text(),
        ]
        if self._barred is not None:
            row = GOAL_ROW[self._barred] + 1
            lines.append(f"goal-row rule: {self.goal_row_barred} may not enter row {row}")
        for c in COLOURS:
            if self.specials(c):
                lines.append(f"{c} holds {', '.join(self.specials(c))}")
        return lines


@functools.lru_cache(maxsize=4096)
def _tracks(
    pid: int,
    start: int,
    defender: bool,
    receivers: tuple[str, ...],
    first: bool,
    extra: tuple,
    walls: frozenset[int] = frozenset(),
    leave: bool = False,
) -> tuple[tuple, ...]:
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
    seen: dict[tuple, None] = {}
    for e1, e2, e3 in itertools.product(*per_row):
        if (e1 in PASSES) + (e2 in PASSES) + (e3 in PASSES) > 1:
            continue
        for x in extra:
            track = normal_track((e1, e2, e3, x), pid, start, defender, walls)
            if leave:  # B stays its entry even where it fails (a loose ball behind it)
                track = ("B", *track[1:])
            seen[track] = None
    return tuple(seen)


def report_offence(report: TurnReport) -> int:
    return COLOURS.index(report.offence)


def formation_pieces() -> list[Piece]:
    """The starting formation as position-file pieces."""
    return [
        ((sq % COLS, sq // COLS, FILE_SIZE[k]), COLOURS[side])
        for side in (0, 1)
        for k, sq in enumerate(FORMATION[side])
    ]


def relative_direction(colour: str, entry: str) -> str | None:
    """The absolute direction (N, S, E, W) of a program entry for ``colour``."""
    return RELATIVE[COLOURS.index(colour)].get(entry)


__all__ = [
    "COLOURS",
    "SPECIALS",
    "BallOptions",
    "JointSpace",
    "Program",
    "ProgramSpace",
    "PyramidBall",
    "formation_pieces",
    "parse_program",
    "relative_direction",
    "step",
]
