"""Verify and Solve on the puzzle being made, with no Qt in it: the Puzzle dock's verbs (the
window's :mod:`viewer.desktop.puzzle` binds the dock to them and shows what they change).

Verify proves the goal on the verifier's runner from the puzzle position (in set-up mode it
first applies the set-up; Undo returns to the position before); Solve mode plays the
puzzle's side against the computer's defence. A change of the goal, the solution or the
position stops a Verify under way and drops its verdict; while there is none,
:attr:`PuzzleDesk.note` says why, or what happens instead. Each change is announced with
``changed(what)`` (a :data:`DeskChange`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pyramid_lab.i18n import M_
from pyramid_lab.model.puzzle import goal_of

from .count_words import moves_said
from .events import Signal
from .puzzle_editor import no_proof

if TYPE_CHECKING:
    from .bulletin import Say
    from .events import PositionChange
    from .puzzle import Verifier, VerifierChange
    from .puzzle_editor import PuzzleEditor
    from .setup_mode import SetupMode
    from .solve import SolveMode

#: What ``PuzzleDesk.changed`` says: the verdict (or the note in its place), Verify began or
#: ended, its progress, the puzzle's fields to show anew, the goal or the solution written
#: here, the puzzle position moved, the dock to present (with its room) or to show if hidden,
#: Solve mode's state, the board to draw.
DeskChange = Literal[
    "verdict",
    "verifying",
    "progress",
    "fields",
    "goal",
    "solution",
    "where",
    "present",
    "show",
    "solve",
    "board",
]

#: The tone of the note in the verdict's place: "bad" (a refusal or a failure), "quiet" (why
#: there is no Verify here), "aside" (what happens: verifying, stopped), "" (none).
NoteTone = Literal["bad", "quiet", "aside", ""]


class PuzzleDesk:
    """The puzzle made in ``editor``, verified by ``verifier`` and solved in ``solver``;
    ``setup`` is set-up mode, left (applied) before either begins."""

    def __init__(
        self,
        editor: PuzzleEditor,
        verifier: Verifier,
        solver: SolveMode,
        setup: SetupMode,
        say: Say,
    ) -> None:
        self.editor, self.verifier, self.solver, self.setup = editor, verifier, solver, setup
        self.session = editor.session
        self.say = say
        self.changed: Signal[[DeskChange]] = Signal()
        self.note: tuple[NoteTone, str] = ("", "")  # in the verdict's place while none
        self.progress: tuple[float, str] = (0.0, "")  # Verify's, 0 to 1, and its words
        self.verifying = False  # a Verify is under way (its Stop button is on)
        self.solution_error = ""  # why the solution last typed was refused ('' if it was not)
        verifier.changed.connect(self._verifier_changed)
        verifier.runner.preparing.connect(self._verify_preparing)
        self.follow_game()

    # ---- the session --------------------------------------------------------------------

    def session_changed(self, reason: PositionChange) -> None:
        """After the front end followed a change of the session: the puzzle position
        follows, and a Verify or a verdict of the last position goes."""
        editor = self.editor
        if reason in ("load", "new"):
            self.stop_verify(M_("Verify stopped: another position came"))
        followed = editor.follow(reason)
        if followed:
            self.clear_verdict()
            if followed == "kept":  # a set-up applied or undone: the goal keeps its moves
                self._resync_goal()
            self.changed.emit("fields")
            if followed == "fresh" and reason == "load":
                self.show_for_puzzle()
        elif reason == "saved":
            pass  # the file now holds this position: the puzzle's (the editor followed)
        elif reason == "puzzle" and not editor.writing:
            self.changed.emit("fields")  # changed elsewhere
        elif reason != "lines" and self.verifier.thinking:
            self.stop_verify(M_("Verify stopped: the position changed"))
        self.solver.session_changed(reason)
        if reason in ("load", "new"):
            self.follow_game()

    def show_for_puzzle(self) -> None:
        """A file opened: the dock comes when it is a puzzle (it states a goal; a lesson's
        title alone is not one)."""
        if "goal" in self.session.puzzle:
            self.changed.emit("present")

    def setup_entered(self) -> None:
        """Set-up mode began: Solve mode ends, and the dock is where the puzzle is made (not
        for a game whose puzzles cannot be verified or solved)."""
        if self.solver.active:
            self.solver.leave()
        if not no_proof(self.session.game):
            self.changed.emit("present")
        self.changed.emit("fields")

    def set_here(self) -> None:
        """The position shown is the puzzle position."""
        self.editor.set_here()
        self.changed.emit("where")

    # ---- the goal and the solution ------------------------------------------------------

    def write_goal(self, side: str, moves: int) -> None:
        """The goal "``side`` wins within ``moves`` moves" becomes the puzzle's (a Verify of
        another goal stops, its verdict goes)."""
        goal = self.editor.goal_of_moves(side, moves)
        if goal_of(self.session.puzzle) != goal:
            self.stop_verify(M_("Verify stopped: the goal changed"))
            self.clear_verdict()
            self.editor.edit("goal", goal.to_json())
            self.changed.emit("goal")

    def _resync_goal(self) -> None:
        """A set-up applied: a goal set here in moves keeps its moves (the plies follow the
        side to move)."""
        goal = goal_of(self.session.puzzle)
        if self.editor.goal_moves is None or goal is None:
            return
        self.write_goal(goal.side, self.editor.goal_moves)

    def edit_solution(self, moves: list[str]) -> bool:
        """``moves`` become the solution, unless they do not replay from the puzzle position
        (:attr:`solution_error` says so, and the puzzle keeps its own: False)."""
        problem = self.editor.replay_problem(moves)
        self.solution_error = self.editor.refused_solution(problem) if problem else ""
        if not problem and moves != self.session.puzzle.get("solution", []):
            self.stop_verify(M_("Verify stopped: the solution changed"))
            self.clear_verdict()
            self.editor.edit("solution", moves)
        self.changed.emit("solution")
        return not problem

    def take_played(self) -> None:
        """The moves played since the puzzle position become the solution."""
        if self.solver.active:
            self.say(M_("stop solving first"))
            return
        moves = self.editor.played_since()
        if isinstance(moves, str):
            self.say(moves)
            return
        self.edit_solution(moves)
        self.changed.emit("fields")
        self.editor.go_to_puzzle()
        self.say(
            M_(
                "the solution is the {moves} played (key move {key}); back at the puzzle "
                "position, the moves stay as a line in the Moves dock",
                moves=moves_said(len(moves)),
                key=moves[0],
            )
        )

    def take_main_line(self) -> None:
        """The verdict's main line becomes the solution."""
        verdict = self.editor.verdict
        if verdict is None or not verdict.defence:
            return
        self.edit_solution(list(verdict.defence))
        self.changed.emit("fields")
        self.say(M_("the main line is the solution: Verify again to check it"))

    # ---- Verify -------------------------------------------------------------------------

    def follow_game(self) -> None:
        """Verify and Solve are off, and the note says why, for a game they cannot work on."""
        refused = no_proof(self.session.game)
        if refused and self.editor.verdict is None:
            self.note = ("quiet", M_("{reason}.", reason=refused))
        self.changed.emit("verifying")

    def _refuse(self, refused: str) -> None:
        """Verify or Solve asked on a game they cannot work on: the status line says why
        (the note too)."""
        self.clear_verdict("bad", M_("{reason}.", reason=refused))
        self.say(refused)

    def _leave_setup(self) -> bool:
        """Set-up mode ends: applied when it changed something (the position must be legal:
        said here otherwise), else left. False when it stays."""
        setup = self.setup
        if setup.editor is None:
            return True
        if not setup.editor.can_undo:
            setup.leave()
            return True
        problem = setup.check()
        if problem:
            self.clear_verdict(
                "bad", M_("The set-up is not a legal position yet: {problem}", problem=problem)
            )
            self.say(M_("Set-up: {problem}", problem=problem))
            return False
        return setup.apply()

    def verify(self) -> None:
        """Prove the puzzle's goal (else the one shown) from the puzzle position."""
        editor = self.editor
        if self.solver.active:
            self.say(M_("stop solving first"))
            return
        refused = no_proof(self.session.game)
        if refused:
            self._refuse(refused)
            return
        self.changed.emit("show")  # Game > Verify puzzle: the verdict is in the dock
        if not self._leave_setup():
            return
        if goal_of(self.session.puzzle) is None:  # the goal shown becomes the puzzle's
            self.write_goal(editor.to_move(), editor.goal_moves_shown())
        if goal_of(self.session.puzzle) is None:
            return
        editor.go_to_puzzle()
        self.verifier.verify(self.session.puzzle)
        self.progress, self.verifying = (0.0, ""), True
        self.changed.emit("verifying")
        self.clear_verdict("aside", M_("Verifying {goal}...", goal=editor.goal_text()))
        self.changed.emit("board")

    def stop_verify(self, why: str = "") -> None:
        """Stop a Verify under way (``why``: the note in the verdict's place; "Verify
        stopped" by default)."""
        why = why or M_("Verify stopped")
        if self.verifier.stop():
            self.verifying = False
            self.changed.emit("verifying")
            self.clear_verdict("aside", why)

    def _verify_preparing(self, text: str) -> None:
        """A Verify waits for the compiled search (its first use in this process): the
        note says so, and that the proof comes next; '' once the proof started."""
        if not self.verifying:
            return
        goal = self.editor.goal_text()
        if text:
            note = M_("Verify waits: {step}. Then: {goal}", step=text, goal=goal)
        else:
            note = M_("Verifying {goal}...", goal=goal)
        self.clear_verdict("aside", note)

    def _verifier_changed(self, what: VerifierChange, *args: Any) -> None:
        if what == "progress":
            fraction, text = args
            self.progress = (max(0.0, min(1.0, fraction)), text)
            self.changed.emit("progress")
        elif what == "verified":
            self.verifying = False
            self.changed.emit("verifying")
            self.editor.verified(*args)
            self.changed.emit("verdict")
            self.say(M_("Verify: {reason}", reason=args[0].reason()))
            self.changed.emit("board")
        elif what == "failed":
            self.verifying = False
            self.changed.emit("verifying")
            self.clear_verdict("bad", M_("Cannot verify: {error}", error=str(args[0])))

    def clear_verdict(self, tone: NoteTone = "", text: str = "") -> None:
        """No verdict (the puzzle or its position changed): the note says why, or what
        happens instead."""
        self.editor.clear_verdict()
        self.note = (tone, text)
        self.changed.emit("verdict")

    # ---- Solve mode ---------------------------------------------------------------------

    def toggle_solve(self) -> None:
        """Solve mode begins at the puzzle position (set-up mode applied first), or ends."""
        if self.solver.active:
            self.solver.leave()
            return
        refused = no_proof(self.session.game)
        if refused:
            self._refuse(refused)
            self.changed.emit("solve")  # the button and the menu item are not left checked
            return
        if self.verifier.thinking:
            self.stop_verify(M_("Verify stopped: Solve mode"))
        if not self._leave_setup():
            self.changed.emit("solve")
            return
        self.changed.emit("present")
        self.solver.start(self.editor.anchor)
        self.changed.emit("solve")
