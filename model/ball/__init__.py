"""Pyramid Ball (Jason Webster, v1.01): three pyramids a side on a 7x8 board, programmed
in secret for three rows at a time, then resolved row by row.

The resolution follows ``spec/ball.md`` (in :mod:`model.ball.rules`). Every turn is one
simultaneous node: both players submit a :class:`~model.ball.rules.Program` and one
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

The rules are one object, :class:`PyramidBall` (its docstring says why it is kept whole),
with the record of a move ``pop`` restores (:class:`UndoRecord`). Beside it, each in the
module of its concern: the board, the colours, the options, the programs and their entry
checks (:mod:`model.ball.rules`), a turn's row-by-row resolution (:mod:`model.ball.turn`)
and its report (:mod:`model.ball.report`), the programs a side may enter as lazy spaces and
the choice of a special move (:mod:`model.ball.moves`), the file ``state``
(:mod:`model.ball.files`), its words (:mod:`model.ball.teaching`) and its text
(:mod:`model.ball.text`). Every name those modules define for callers can be imported from
here.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from pyramid_lab.i18n import M_, N_, Message, number

from ..game import (
    SIMULTANEOUS,
    TERMINAL,
    IllegalMoveError,
    InvalidMoveError,
    JointMove,
    Move,
    OptionSpec,
    Outcome,
    Piece,
    SaidError,
    Termination,
    quote,
    register_game,
)
from ..setup import StatefulGame, record_setup
from ..speed import SearchHooks
from ..teaching import describe_result
from ..words import colour as colour_word
from ..words import reason_of
from .files import read_setup, write_state
from .moves import (
    SPECIAL_TITLES,
    JointSpace,
    ProgramSpace,
    SpecialChoice,
    parse_choice,
    pyramid_tracks,
)
from .report import TurnReport
from .rules import (
    ALL_STAND,
    COLOURS,
    COLS,
    FILE_SIZE,
    FORMATION,
    GOAL_ROW,
    MOVES,
    OFF,
    RELATIVE,
    RESTARTS,
    SIZE_LETTERS,
    SPECIALS,
    STAND,
    TARGETS,
    BallOptions,
    Program,
    normal_track,
    parse_program,
    program_of,
    program_problem,
    program_tracks,
    pyramid_word,
    square_name,
    step,
)
from .turn import resolve_turn

# ---- the game ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UndoRecord:
    """What ``pop`` restores: the position before a move."""

    pos: tuple[int, ...]
    carrier: int
    ball: int
    offence: int
    barred: int | None
    scores: tuple[int, int]
    held: tuple[frozenset[str], frozenset[str]]
    gained: tuple[frozenset[str], frozenset[str]]
    choosing: tuple[int, ...]
    spaces: tuple[ProgramSpace, ProgramSpace] | None


@register_game
class PyramidBall(StatefulGame, SearchHooks):
    """Pyramid Ball's rules: one object, as python-chess's ``Board`` is (56 methods, kept
    whole on purpose, issue 110: it was four classes chained by inheritance, the position,
    the moves, the play and the game, split only to keep each under a count). Its position
    (each pyramid's square, the ball, the offence, the goal-row rule, the scores, the
    special moves held and gained, the sides still to choose one) is one state: the legal
    moves read it (``program_space`` and ``_space_for`` with the walls and the pyramids that
    must leave their goal row, ``normal_program``, ``why_illegal``), a turn or a special
    move's choice writes it (``_apply``, ``_settle_choices``, ``_reset``) with the undo
    record ``pop`` restores, and the cached program spaces go with it. As collaborators
    each would hold the same fields, and the searches' push and pop would cross objects.
    The readers the window shows (``pyramids``, ``ball_json``), a set-up from a file and a
    turn by roles (``resolve``) are that state's too; this module is over 600 lines for
    that reason, with the rule choices above. What is not its method lives beside it (see
    this module's docstring)."""

    name = "ball"
    title = "Pyramid Ball"
    players = COLOURS
    coordinate_count = 3  # column, row, size (3 Large, 2 Medium, 1 Small)
    options_type = BallOptions
    endings: ClassVar[Mapping[str, Termination]] = {"points": Termination.GOAL}
    option_specs = (
        OptionSpec(
            "mode",
            N_("Length"),
            "basic",
            choices=("basic", "advanced"),
            help=N_("basic: first to 1 point; advanced: first to 6, with special moves"),
            choice_help=(
                N_(
                    "The basic game ends at the first point scored, often within a turn or "
                    "two: a short game to learn the moves."
                ),
                N_(
                    "First to 6 points; after each point the side scored on gains a special "
                    "move (Dash, Quick Pass or Blitz)."
                ),
            ),
            # TRANSLATORS: Pyramid Ball's lengths of a game (New game dialog)
            choice_words=(N_("basic"), N_("advanced")),
        ),
        OptionSpec(
            "offence_may_follow_defender",
            N_("Offence may follow a defender"),
            False,
            help=N_("an offensive pyramid may move into a square a defender is leaving"),
        ),
        OptionSpec(
            "tackle_on_contact",
            N_("Tackle on contact"),
            True,
            help=N_("a defender whose push of the carrier is impossible still tackles"),
        ),
        OptionSpec(
            "restart",
            N_("Restart after a point"),
            "sheet",
            choices=RESTARTS,
            help=N_(
                "after a point that does not end the game: sheet: an offensive goal places "
                "the ball loose beside the scorer and the turn goes on (the goal-row rule "
                "applies), play goes on after a tackle or interception; formation: the set-up "
                "formation again"
            ),
            # TRANSLATORS: Pyramid Ball's restarts after a point: as the rule sheet says,
            # or from the set-up formation (New game dialog)
            choice_words=(N_("sheet"), N_("formation")),
            only_when=("mode", ("advanced",)),
        ),
        OptionSpec(
            "defensive_score_ends_turn",
            N_("A tackle or interception ends the turn"),
            False,
            help=N_(
                "off (the sheet: 'play continues as normal'): the side that tackled or "
                "intercepted is on offence at once and the rest of the turn's rows are played "
                "with the roles swapped; on: the point ends the turn"
            ),
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
        self._undo: list[UndoRecord] = []
        # per move: its resolution, row by row (None: a special move's choice)
        self._reports: list[TurnReport | None] = []
        # the two sides' program spaces, once listed (dropped when the position changes)
        self._spaces: tuple[ProgramSpace, ProgramSpace] | None = None
        self.move_stack = []
        self._setup_state: dict[str, Any] | None = None

    # ---- construction --------------------------------------------------------------------

    @classmethod
    def new(cls, options: BallOptions | None = None) -> Self:
        game = cls.from_setup(options, "red", formation_pieces())
        record_setup(game, from_setup=False)
        return game

    def _set_up(
        self, to_move: str, pieces: Sequence[Piece], state: Mapping[str, Any] | None, study: bool
    ) -> None:
        """A file's ``state``: ``ball``: the size letter of the carrier, one of the
        offence's pyramids, default its Medium, or the empty square the ball lies loose on,
        ``"c8"``; ``scores``; ``specials``: the special moves each colour holds;
        ``specials_gained``: those each has gained, held or used (default: the held ones
        and, for the rest of the count, the first in the order Dash, Quick Pass, Blitz, as
        older files had them); ``goal_row_barred``: the colour under the goal-row rule;
        ``choosing``: the colours still to choose a special move, in order, with
        ``offence`` the side on offence: ``to_move`` is then the first chooser. Without
        ``choosing``, ``to_move`` is the offence."""
        read_setup(self, to_move, pieces, state or {}, study)

    # ---- the position ------------------------------------------------------------------------

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

    @property
    def offence(self) -> int:
        return self._offence

    @property
    def carrier(self) -> tuple[str, str] | None:
        """(colour, size letter) of the pyramid with the ball; None while it lies loose."""
        if self._carrier == OFF:
            return None
        return COLOURS[self._carrier // 3], SIZE_LETTERS[self._carrier % 3]

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

    def ball_json(self) -> dict[str, Any]:
        """The ball: its carrier's colour and size (None while loose), its square, loose."""
        carrier = self.carrier
        return {
            "colour": carrier[0] if carrier else None,
            "size": carrier[1] if carrier else None,
            "square": self.ball_square(),
            "loose": carrier is None,
        }

    def ball_text(self) -> Message:
        """'ball: red's Medium on d4' or 'ball loose on c8 (red on offence)' (a Message)."""
        carrier = self.carrier
        square = self.ball_square()
        if carrier is None:
            offence = colour_word(COLOURS[self._offence])
            return M_("ball loose on {square} ({colour} on offence)", square=square, colour=offence)
        return M_("ball: {pyramid} on {square}", pyramid=pyramid_word(*carrier), square=square)

    # ---- the moves ---------------------------------------------------------------------------

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
                pyramid_tracks(pid, start, every_row, receivers, first, extra, walls, k in leave)
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

    # ---- playing a move and taking it back ----------------------------------------------------

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
            UndoRecord(
                tuple(self._pos),
                self._carrier,
                self._ball,
                self._offence,
                self._barred,
                (self._scores[0], self._scores[1]),
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
            self._reports.append(None)  # no turn resolved
            self.move_stack.append(move)
            return
        assert isinstance(move, JointMove)
        first, second = move.moves
        assert isinstance(first, Program)
        assert isinstance(second, Program)
        programs = (first, second)
        held = list(self._held)
        for side, program in enumerate(programs):
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
            programs,
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
                self._reset(1 - COLOURS.index(report.offence))
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

    # ---- end -----------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        target = self._options.target
        for side in (0, 1):
            if self._scores[side] >= target:
                return self._ending("points", side)
        return None

    # ---- the file state ----------------------------------------------------------------------

    def file_state(self) -> dict[str, Any]:
        return write_state(self)

    def replay_text(self, text: str) -> Move:
        """A move of a file's history. Older files have no special-move choices: a turn
        that comes while one is pending takes the first special move left in the fixed
        order Dash, Quick Pass, Blitz first (as those files were played)."""
        move = self.parse_move(text)
        while self._choosing and isinstance(move, JointMove) and not self.is_over():
            self.push(self.choices()[0])
        self.push(move)
        return move

    # ---- a turn by roles (``pyramid-lab resolve``) ---------------------------------------------

    def resolve(self, offence_program: Program, defence_program: Program) -> TurnReport:
        """Play one turn given by role (the offence's program first) and return its
        report (IllegalMoveError when a program may not be entered)."""
        programs = [ALL_STAND, ALL_STAND]
        programs[self.offence] = offence_program
        programs[1 - self.offence] = defence_program
        self.push(JointMove(tuple(programs)))
        report = self._reports[-1]
        assert report is not None  # a joint move is resolved
        return report

    def resolve_text(
        self, offence_text: str, defence_text: str, choose: Sequence[str] = ()
    ) -> dict[str, Any]:
        """``pyramid-lab resolve``: play one turn given by role and return the position
        after it with the row-by-row explanation. ``choose``: the special moves the
        pending choosers take first (``dash``, ``quick_pass``, ``blitz``, in the order
        they choose). InvalidMoveError or IllegalMoveError (naming the program and the
        entry, or the choice) leave the position untouched."""
        if self.is_over():
            raise IllegalMoveError(M_("the game is over: {result}", result=describe_result(self)))
        taken = 0
        try:
            for name in choose:
                if self.choosing is None:
                    raise IllegalMoveError(
                        M_("--choose {name}: no special move to choose now", name=name)
                    )
                self.push(SpecialChoice(self.choosing, name.strip().lower().replace(" ", "_")))
                taken += 1
            if self.choosing is not None:
                names = ", ".join(c.special for c in self.choices())
                raise IllegalMoveError(
                    M_(
                        "{colour} chooses a special move before the turn ({names}): give it "
                        "with --choose",
                        colour=colour_word(self.choosing),
                        names=names,
                    )
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
                if role == "offence":
                    raise InvalidMoveError(
                        M_("offence program: {error}", error=reason_of(exc))
                    ) from None
                raise InvalidMoveError(
                    M_("defence program: {error}", error=reason_of(exc))
                ) from None
        sides = (self.offence, 1 - self.offence)
        for role, side, program in zip(("offence", "defence"), sides, programs, strict=True):
            problem = self.program_problem(program, side)
            if problem:
                raise IllegalMoveError(_program_refused(role, str(program), COLOURS[side], problem))
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
            **self._standing_json(),
            "winner": outcome.result if outcome else None,
            "rows": [row.to_json() for row in report.rows],
        }

    def _standing_json(self) -> dict[str, Any]:
        """The ball, the goal-row rule, the scores and the special moves (held, and those
        the chooser may take now), for ``resolve`` and ``analyze``."""
        return {
            "ball": self.ball_json(),
            "goal_row_barred": self.goal_row_barred,
            "scores": self.scores,
            "specials": {c: self.specials(c) for c in COLOURS},
            "choosing": self.choosing,
            "choices": [c.special for c in self.choices()],
        }


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
    "RESTARTS",
    "SPECIALS",
    "SPECIAL_TITLES",
    "TARGETS",
    "BallOptions",
    "JointSpace",
    "Program",
    "ProgramSpace",
    "PyramidBall",
    "SpecialChoice",
    "formation_pieces",
    "parse_choice",
    "parse_program",
    "relative_direction",
    "step",
]


def _program_refused(role: str, program: str, side: str, problem: str) -> str:
    """Why ``resolve`` refuses a ``role``'s ``program`` for ``side``, in words."""
    if role == "offence":
        return M_(
            "offence program {program} ({colour}): {problem}",
            program=program,
            colour=colour_word(side),
            problem=problem,
        )
    return M_(
        "defence program {program} ({colour}): {problem}",
        program=program,
        colour=colour_word(side),
        problem=problem,
    )
