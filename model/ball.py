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
    * *After a defensive score* (tackle, interception) "play continues as normal. The
      defensive team that just scored now has possession of the ball and is immediately
      considered to be on offense": no reset, the tackler or interceptor carries the ball
      where it stands and its side is the offence at once: the rest of the turn is played
      with the roles swapped (an interception swaps them before that row's steps, a tackle
      after its row). So a turn may hold several points (``TurnReport.points``): the new
      offence may score a goal, the new defence tackle or intercept back. The spec's goal
      test at the end of each row applies to the new offence, but a carrier that took the
      ball in that row where it stands has not entered the goal row with it: a tackle or
      interception on the taker's own scoring row is a goal at the end of the next row,
      if it still stands there (one point for one action). The row's lines, its pass
      and its events are labelled by the roles its steps were judged with. Option
      ``defensive_score_ends_turn`` (off) keeps the spec's "any point ends the turn" for
      tackles and interceptions. While the roles may swap, a defender may be pushed later
      in the turn, so Stand normalisation judges the defence's steps in row 1 only, as the
      offence's (and the goal-row wall, which such a point lifts, likewise).
    * *Files.* ``state.ball`` is the carrier's size letter or the square the ball lies
      loose on (``"c8"``); ``state.goal_row_barred`` is the barred colour (omitted when
      none). Both need the advanced game with this option. The explanation rows say
      "ball placed loose on c8", "DS recovers the ball on c8" and "the goal-row rule
      ends: red may enter it again"; a row's ``ball`` is the loose ball's square after it.
* **Special moves** (advanced game): the scored-on side gains one for each of the
  opponent's first three points and chooses which ("you may select one of the special
  move pyramids"): after the turn, a turn node (``current_player()`` is the chooser, its
  moves :class:`SpecialChoice`, ``takes dash``) for each point in order; with one
  special move left there is no choice and it is taken at once. A special move is spent
  when a program uses it for something (Dash: a Small entry that is not Stand; Blitz: a
  Large step that is not Stand; Quick Pass: a row-1 pass). Files keep ``specials`` (held)
  and, where it is not the older fixed order's, ``specials_gained``; while a choice is
  pending, ``choosing`` and ``offence`` (``to_move`` is the chooser). Older files, whose
  histories have no choices, replay with the fixed order Dash, Quick Pass, Blitz
  (:meth:`PyramidBall.replay_text`).
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
import re
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
    defensive_score_ends_turn: bool = False

    @property
    def target(self) -> int:
        return TARGETS[self.mode]

    @property
    def plays_on(self) -> bool:
        """The sheet's restart in the advanced game: after a point that does not win, the
        turn goes on (a tackle or interception with the roles swapped at once, unless
        ``defensive_score_ends_turn``)."""
        return self.mode == "advanced" and self.restart == "sheet"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "mode": self.mode,
            "offence_may_follow_defender": self.offence_may_follow_defender,
            "tackle_on_contact": self.tackle_on_contact,
            "restart": self.restart,
        }
        if self.defensive_score_ends_turn:  # written only when set: older files stay equal
            data["defensive_score_ends_turn"] = True
        return data


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

    def __getitem__(self, index):
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


class JointSpace(Sequence):
    """Every joint move (red's program, blue's program) of a position, lazily."""

    def __init__(self, spaces: tuple[ProgramSpace, ProgramSpace]) -> None:
        self.spaces = spaces
        self._len = len(spaces[0]) * len(spaces[1])

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, index):
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


# ---- the choice of a special move ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SpecialChoice(Move):
    """The scored-on player ``colour`` takes one of the special moves it has not gained
    yet (the sheet: "you may select one of the special move pyramids"). Written ``takes
    dash``, ``takes quick pass``, ``takes blitz``: the chooser is the player to move."""

    colour: str
    special: str

    def __str__(self) -> str:
        return f"takes {self.special.replace('_', ' ')}"

    def words(self) -> str:
        """``red takes Quick Pass``, for messages."""
        return f"{self.colour} takes {SPECIAL_TITLES[self.special]}"


SPECIAL_TITLES = {"dash": "Dash", "quick_pass": "Quick Pass", "blitz": "Blitz"}
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
    gained: tuple[frozenset[str], frozenset[str]]
    choosing: tuple[int, ...]
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
            only_when=("mode", ("advanced",)),
        ),
        OptionSpec(
            "defensive_score_ends_turn",
            "A tackle or interception ends the turn",
            False,
            help="off (the sheet: 'play continues as normal'): the side that tackled or "
            "intercepted is on offence at once and the rest of the turn's rows are played "
            "with the roles swapped; on: the point ends the turn",
            only_when=(("mode", ("advanced",)), ("restart", ("sheet",))),
        ),
    )
    _copied = ("_pos", "_scores", "_undo", "move_stack", "_reports", "_granted")
    #: Pyramid Ball's turns are simultaneous (both sides program in secret): the shared
    #: tree searches do not fit; its computer players sample programs instead.
    simultaneous_turns = True

    def __init__(self, options: BallOptions | None = None) -> None:
        self._options = options or BallOptions()
        self._pos = [OFF] * 6  # pid (side * 3 + k) -> square
        self._carrier = 1  # OFF: the ball lies loose on self._ball
        self._ball = OFF
        self._offence = 0
        self._barred: int | None = None  # the side barred from its goal row
        self._scores = [0, 0]
        self._held: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
        # the special moves each side has gained so far, held or used (held <= gained)
        self._gained: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
        # the sides that still choose a special move, in the order of the points scored
        self._choosing: tuple[int, ...] = ()
        # per move: the special moves it gave without a choice (the last one left)
        self._granted: list[tuple[tuple[str, str], ...]] = []
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
        for key, default in (
            ("offence_may_follow_defender", False),
            ("tackle_on_contact", True),
            ("defensive_score_ends_turn", False),
        ):
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
        carrier, one of the offence's pyramids, default its Medium, or the empty square the
        ball lies loose on, ``"c8"``; ``scores``; ``specials``: the special moves each
        colour holds; ``specials_gained``: those each has gained, held or used (default:
        the held ones and, for the rest of the count, the first in the order Dash, Quick
        Pass, Blitz, as older files had them); ``goal_row_barred``: the colour under the
        goal-row rule; ``choosing``: the colours still to choose a special move, in
        order, with ``offence`` the side on offence: ``to_move`` is then the first
        chooser). Without ``choosing``, ``to_move`` is the offence."""
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

    def _read_state(self, state: Mapping[str, Any], to_move: int, study: bool) -> None:
        if not isinstance(state, Mapping):
            raise PositionFormatError("state", "must be an object: ball, scores, specials")
        known = (
            "ball",
            "scores",
            "specials",
            "specials_gained",
            "goal_row_barred",
            "choosing",
            "offence",
        )
        unknown = sorted(set(state) - set(known))
        if unknown:
            raise PositionFormatError(
                f"state.{unknown[0]}", f"unknown key; known: {', '.join(known)}"
            )
        choosing = state.get("choosing", [])
        if not isinstance(choosing, list) or not all(c in COLOURS for c in choosing):
            raise PositionFormatError("state.choosing", "must be a list of red and blue")
        if choosing and self._options.mode == "basic":
            raise PositionFormatError("state.choosing", "the basic game has no special moves")
        if choosing and COLOURS.index(choosing[0]) != to_move:
            raise PositionFormatError(
                "to_move",
                f"{choosing[0]} is still to choose a special move, so {choosing[0]} is to "
                "move; choose it first, then set the position up",
            )
        offence = to_move
        if "offence" in state:
            if state["offence"] not in COLOURS:
                raise PositionFormatError(
                    "state.offence", f"must be red or blue, not {state['offence']!r}"
                )
            if not choosing and state["offence"] != COLOURS[to_move]:
                raise PositionFormatError(
                    "state.offence", "differs from to_move: give it only with 'choosing'"
                )
            offence = COLOURS.index(state["offence"])
        elif choosing:
            raise PositionFormatError(
                "state.offence", "the side on offence is needed while a special move is chosen"
            )
        self._choosing = tuple(COLOURS.index(c) for c in choosing)
        self._offence = offence
        sheet = self._options.mode == "advanced" and self._options.restart == "sheet"
        ball = state.get("ball")
        own = [k for k in (1, 0, 2) if self._pos[offence * 3 + k] != OFF]
        loose = isinstance(ball, str) and len(ball) == 2
        if loose:
            try:
                sq = parse_square(str(ball))  # a str when loose
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
        held = self._read_specials(state, "specials")
        given = None
        if "specials_gained" in state:
            given = self._read_specials(state, "specials_gained")
        gained = []
        for side, colour in enumerate(COLOURS):
            # one special move each time the opponent scored one of its first three points,
            # less those still to be chosen
            due = min(len(SPECIALS), self._scores[1 - side]) - self._choosing.count(side)
            if given is None:  # older files: the rest of the count in the fixed order
                rest = [s for s in SPECIALS if s not in held[side]]
                have = held[side] | frozenset(rest[: max(0, due - len(held[side]))])
            else:
                have = given[side]
            key = f"state.specials.{colour}"
            if not held[side] <= have:
                raise PositionFormatError(key, f"{colour} holds a special move it has not gained")
            if not study and len(have) != due:
                raise PositionFormatError(
                    key if given is None else f"state.specials_gained.{colour}",
                    f"{colour} has gained {len(have)} special move(s), not {max(due, 0)} (one "
                    "each time the opponent scored one of its first three points, less those "
                    "still to be chosen)",
                )
            if self._choosing.count(side) and len(SPECIALS) - len(have) < 2:
                raise PositionFormatError(
                    "state.choosing", f"{colour} has fewer than two special moves left to choose"
                )
            gained.append(have)
        self._held = (held[0], held[1])
        self._gained = (gained[0], gained[1])

    def _read_specials(self, state: Mapping[str, Any], name: str) -> list[frozenset[str]]:
        specials = state.get(name, {})
        if not isinstance(specials, Mapping) or set(specials) - set(COLOURS):
            raise PositionFormatError(f"state.{name}", 'must be {"red": [...], "blue": [...]}')
        out = []
        for colour in COLOURS:
            names = specials.get(colour, [])
            key = f"state.{name}.{colour}"
            if not isinstance(names, list) or not all(n in SPECIALS for n in names):
                raise PositionFormatError(key, f"must be a list of {', '.join(SPECIALS)}")
            if len(set(names)) != len(names):
                raise PositionFormatError(key, "a special move comes once at most")
            if names and self._options.mode == "basic":
                raise PositionFormatError(key, "the basic game has no special moves")
            out.append(frozenset(names))
        return out

    def _record_setup(self, *, from_setup: bool, study: bool = False) -> None:
        super()._record_setup(from_setup=from_setup, study=study)
        self._setup_state = self.file_state()

    # ---- state -----------------------------------------------------------------------------

    def current_player(self) -> int:
        """SIMULTANEOUS while both sides program a turn; the scored-on side's index while
        it chooses a special move (after a point, advanced game); TERMINAL at the end."""
        if self.is_over():
            return TERMINAL
        return self._choosing[0] if self._choosing else SIMULTANEOUS

    @property
    def to_move(self) -> str:
        """The offence: the colour whose pyramid carries the ball (with the ball loose,
        the side that scored it there); while a special move is chosen, the chooser."""
        return COLOURS[self._choosing[0] if self._choosing else self._offence]

    @property
    def choosing(self) -> str | None:
        """The colour choosing a special move now, or None."""
        return COLOURS[self._choosing[0]] if self._choosing and not self.is_over() else None

    def choices(self) -> list[SpecialChoice]:
        """The special moves the chooser may take (those it has not gained yet)."""
        if self.choosing is None:
            return []
        side = self._choosing[0]
        return [SpecialChoice(COLOURS[side], s) for s in SPECIALS if s not in self._gained[side]]

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
        if self._gained != self._default_gained():  # what older files could not say
            state["specials_gained"] = {
                c: [s for s in SPECIALS if s in self._gained[i]] for i, c in enumerate(COLOURS)
            }
        if self._barred is not None:
            state["goal_row_barred"] = COLOURS[self._barred]
        if self._choosing:
            state["choosing"] = [COLOURS[s] for s in self._choosing]
            state["offence"] = COLOURS[self._offence]
        return state

    def _default_gained(self) -> tuple[frozenset[str], ...]:
        """The gained special moves a file without ``specials_gained`` stands for."""
        out = []
        for side in (0, 1):
            due = min(len(SPECIALS), self._scores[1 - side]) - self._choosing.count(side)
            rest = [s for s in SPECIALS if s not in self._held[side]]
            out.append(self._held[side] | frozenset(rest[: max(0, due - len(self._held[side]))]))
        return tuple(out)

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
            self._gained,
            self._choosing,
        )

    def last_effect(self) -> TurnReport | None:
        """The last move's resolution, row by row (None after a special move's choice)."""
        return self._reports[-1] if self._reports else None

    def last_turn(self) -> TurnReport | None:
        """The last turn resolved (choices of special moves since then aside)."""
        return next((r for r in reversed(self._reports) if r is not None), None)

    def replay_text(self, text: str) -> Move:
        """A move of a file's history. Older files have no special-move choices: a turn
        that comes while one is pending takes the first special move left in the fixed
        order Dash, Quick Pass, Blitz first (as those files were played)."""
        move = self.parse_move(text)
        while self._choosing and isinstance(move, JointMove) and not self.is_over():
            self.push(self.choices()[0])
        self.push(move)
        return move

    # ---- moves -----------------------------------------------------------------------------

    def program_space(self, side: int) -> ProgramSpace:
        if self._spaces is None:
            self._spaces = (self._space_for(0), self._space_for(1))
        return self._spaces[side]

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
                raise InvalidMoveError(f"{text!r}: {chooser} chooses a special move now")
            return SpecialChoice(colour or chooser or "", special)
        if not isinstance(text, str) or text.count("|") != 1:
            raise InvalidMoveError(
                f"{text!r}: a turn is two programs, red's then blue's, e.g. "
                "'F,R,R/S,>L,F/B,F,F | S,S,B/S,S,S/S,S,S' (after a point the scored-on "
                "player chooses a special move: 'takes dash')"
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
        if self._choosing:
            chooser = COLOURS[self._choosing[0]]
            names = ", ".join(c.special for c in self.choices())
            if not isinstance(move, SpecialChoice):
                return f"{chooser} chooses a special move first ({names})"
            if move.colour != chooser:
                return f"{chooser} chooses a special move now, not {move.colour}"
            if move not in self.choices():
                return f"{chooser} may take {names}, not {move.special}"
            return None
        if isinstance(move, SpecialChoice):
            return "no special move to choose now: the players program a turn"
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
        assert isinstance(move, JointMove | SpecialChoice)
        self._apply(move)

    def push_search(self, move: Move) -> None:
        self._apply(move)

    def _remember(self) -> None:
        self._undo.append(
            _Record(
                tuple(self._pos),
                self._carrier,
                self._ball,
                self._offence,
                self._barred,
                tuple(self._scores),  # type: ignore[arg-type]  # two sides' scores
                self._held,
                self._gained,
                self._choosing,
                self._spaces,
            )
        )

    def _apply(self, move: Move) -> None:
        self._remember()
        if isinstance(move, SpecialChoice):
            side = COLOURS.index(move.colour)
            self._choosing = self._choosing[1:]
            self._gain(side, move.special)
            self._granted.append(self._settle_choices())
            self._reports.append(None)  # type: ignore[arg-type]  # no turn resolved
            self.move_stack.append(move)
            return
        assert isinstance(move, JointMove)
        programs = move.moves
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
        result = resolve_turn(
            self._pos,
            self._carrier,
            programs,  # type: ignore[arg-type]  # a joint move of two programs
            COLOURS,
            options,
            offence=self._offence,
            ball=self._ball,
            barred=self._barred,
            scores=(self._scores[0], self._scores[1]),
            target=options.target,
            sheet=options.restart == "sheet",
        )
        report = result.report
        self._pos = result.pos
        self._carrier = result.carrier
        self._ball = result.ball
        self._offence = result.offence
        self._barred = result.barred
        self._held = (held[0], held[1])
        choosing = []
        for _event, scorer in result.points:
            self._scores[scorer] += 1
            # the scored-on side gains a special move for each of the opponent's first
            # three points: it chooses which (one left: it takes that one)
            if options.mode == "advanced" and self._scores[scorer] <= len(SPECIALS):
                choosing.append(1 - scorer)
        granted: tuple[tuple[str, str], ...] = ()
        if self.outcome() is None:
            self._choosing = tuple(choosing)
            granted = self._settle_choices()
            if result.points and options.restart == "formation":
                self._reset(1 - report_offence(report))
        self._granted.append(granted)
        self._spaces = None
        self._reports.append(report)
        self.move_stack.append(move)

    def _gain(self, side: int, special: str) -> None:
        gained, held = list(self._gained), list(self._held)
        gained[side] = gained[side] | {special}
        held[side] = held[side] | {special}
        self._gained = (gained[0], gained[1])
        self._held = (held[0], held[1])
        self._spaces = None

    def _settle_choices(self) -> tuple[tuple[str, str], ...]:
        """Choices with one special move left (or none) are no choice: take it now.
        Returns what was taken so, (colour, special move)."""
        granted = []
        while self._choosing:
            side = self._choosing[0]
            left = [s for s in SPECIALS if s not in self._gained[side]]
            if len(left) > 1:
                break
            self._choosing = self._choosing[1:]
            if left:
                self._gain(side, left[0])
                granted.append((COLOURS[side], left[0]))
        return tuple(granted)

    def last_granted(self) -> tuple[tuple[str, str], ...]:
        """The special moves the last move gave without a choice (the last one left of a
        side's three): (colour, special move)."""
        return self._granted[-1] if self._granted else ()

    def choices_pending(self, colour: str) -> int:
        """How many special moves ``colour`` is still to choose (this one included)."""
        return self._choosing.count(COLOURS.index(colour)) if not self.is_over() else 0

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
        self._gained = record.gained
        self._choosing = record.choosing
        self._spaces = record.spaces
        self._reports.pop()
        self._granted.pop()
        return self.move_stack.pop()

    def resolve(self, offence_program: Program, defence_program: Program) -> TurnReport:
        """Play one turn given by role (the offence's program first) and return its
        report (IllegalMoveError when a program may not be entered)."""
        programs = [ALL_STAND, ALL_STAND]
        programs[self.offence] = offence_program
        programs[1 - self.offence] = defence_program
        self.push(JointMove(tuple(programs)))
        return self._reports[-1]

    def resolve_text(
        self, offence_text: str, defence_text: str, choose: Sequence[str] = ()
    ) -> dict[str, Any]:
        """``pyramid-lab resolve``: play one turn given by role and return the position
        after it with the row-by-row explanation. ``choose``: the special moves the
        pending choosers take first (``dash``, ``quick_pass``, ``blitz``, in the order
        they choose). InvalidMoveError or IllegalMoveError (naming the program and the
        entry, or the choice) leave the position untouched."""
        if self.is_over():
            raise IllegalMoveError(f"the game is over: {self.describe_result()}")
        taken = 0
        try:
            for name in choose:
                if self.choosing is None:
                    raise IllegalMoveError(f"--choose {name}: no special move to choose now")
                self.push(SpecialChoice(self.choosing, name.strip().lower().replace(" ", "_")))
                taken += 1
            if self.choosing is not None:
                names = ", ".join(c.special for c in self.choices())
                raise IllegalMoveError(
                    f"{self.choosing} chooses a special move before the turn ({names}): "
                    "give it with --choose"
                )
            return self._resolve_programs(offence_text, defence_text)
        except (InvalidMoveError, IllegalMoveError):
            for _ in range(taken):
                self.pop()
            raise

    def _resolve_programs(self, offence_text: str, defence_text: str) -> dict[str, Any]:
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
            "points": [{"event": e, "scorer": c} for e, c in report.points],
            "blocked": list(report.blocked),
            "explanation": report.lines(),
            "to_move": self.to_move,
            "pieces": [[*coords, c] for coords, c in sorted(self.pieces())],
            "ball": self.ball_json(),
            "goal_row_barred": self.goal_row_barred,
            "scores": self.scores,
            "specials": {c: self.specials(c) for c in COLOURS},
            "choosing": self.choosing,
            "choices": [c.special for c in self.choices()],
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
            "choosing": self.choosing,
            "choices": [c.special for c in self.choices()],
            "programs": {c: len(self.program_space(i)) for i, c in enumerate(COLOURS)}
            if not self.is_over() and not self._choosing
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
            return f"ball loose on {self.ball_square()} ({COLOURS[self._offence]} on offence)"
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
        if self.choosing is not None:
            names = ", ".join(c.special for c in self.choices())
            lines.append(f"{self.choosing} chooses a special move: {names}")
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
