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

The class is built in layers, one module each: the position (:mod:`model.ball.state`), the
moves and why a move is illegal (:mod:`model.ball.moves`), applying a turn, taking it back
and the end (:mod:`model.ball.play`) and the file ``state`` (:mod:`model.ball.files`);
here are its construction and a turn given by roles. Every name those modules define for
callers can be imported from here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from pyramid_lab.i18n import M_, N_

from ..game import (
    IllegalMoveError,
    InvalidMoveError,
    JointMove,
    Move,
    OptionSpec,
    Piece,
    Termination,
    register_game,
)
from ..setup import record_setup
from ..teaching import describe_result
from ..words import colour, reason_of
from .files import read_setup, write_state
from .moves import (
    SPECIAL_TITLES,
    JointSpace,
    ProgramSpace,
    SpecialChoice,
    parse_choice,
)
from .play import BallPlay
from .report import TurnReport
from .rules import (
    ALL_STAND,
    COLS,
    FILE_SIZE,
    FORMATION,
    OFF,
    RELATIVE,
    Program,
    parse_program,
    step,
)
from .state import COLOURS, RESTARTS, SPECIALS, TARGETS, BallOptions, BallPosition, UndoRecord

# ---- the game ----------------------------------------------------------------------------------


@register_game
class PyramidBall(BallPlay):
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
        self._reports: list[TurnReport | None] = []
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
                        colour=colour(self.choosing),
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
    "BallPosition",
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
            colour=colour(side),
            problem=problem,
        )
    return M_(
        "defence program {program} ({colour}): {problem}",
        program=program,
        colour=colour(side),
        problem=problem,
    )
