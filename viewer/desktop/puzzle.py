"""The puzzle of the open file, made, verified and solved in the window (the Puzzle
dock's controller).

Set-up: title, goal (a side "wins within N moves", shown also as plies), notes and solution.
Each edit goes into the session's puzzle at once, checked with
``model.puzzle.check_puzzle`` (a solution must also replay from the puzzle position: one
that does not is refused, said in red, and the file keeps the last good one); the file
then has unsaved changes, and File > Save writes them.

The puzzle position is the position the file was opened at (or a set-up applied, or the
file last saved at); playing on moves away from it, and the dock says so. "From the moves
played" takes the moves played since the puzzle position as the solution and goes back to
it (the moves stay as a line in the Moves dock).

Verify proves the goal on a worker thread (``model.search.verify``) from the puzzle
position (in set-up mode it first applies the set-up; Undo returns to the position before);
the verdict lists the key move, the cooks and the main line, and while the verified
position is shown its winning first moves stand on the board as ghosts labelled "key" and
"cook" (:meth:`PuzzleControl.verdict_layer`). Solve mode (``viewer.desktop.solve``) has its buttons
and status in the dock too. The dock (``viewer.widgets.puzzle_dock``) is a leaf: this
controller fills it and does what its buttons ask.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from model.game import PositionFormatError
from model.puzzle import Verdict, goal_of, moves_text, plies_text

from ..lab.puzzle_editor import parse_solution
from ..lab.slots import slot
from ..widgets.dock_fit import present
from ..widgets.puzzle_dock import GREEN, GREY, ORANGE, RED, PuzzleDock

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from ..lab import Lab
    from ..lab.puzzle import VerifierChange
    from ..lab.session import PositionChange, Session
    from .host import Setups
    from .qt_port import QtPort
    from .stage import Stage


class PuzzleControl:
    """The puzzle of the file shown, made, verified and solved: it owns the Puzzle dock
    (:attr:`dock`, a leaf) and Solve mode (:attr:`solver`)."""

    def __init__(self, lab: Lab, port: QtPort, stage: Stage, setups: Setups) -> None:
        self.dock = PuzzleDock(port.parent)
        self.lab, self.port, self.stage = lab, port, stage
        self.session: Session = lab.session
        self.editor = lab.puzzle  # the puzzle, its position and Verify's verdict (the lab's)
        self._loading = False
        self._note = ""  # rich text in the verdict's place while there is none
        self.verifier = lab.verifier  # Verify (the lab's, on a runner of its own)
        self.verifier.changed.connect(self._verifier_changed)
        self.solver = lab.solver  # Solve mode (the lab's): this dock shows it
        self.solver.changed.connect(self.solve_changed)
        self.setups = setups  # set-up mode: left to verify; as it begins, Solve mode ends
        setups.entering.connect(self.setup_entered)
        self._connect()
        self._tooltips = {b: b.toolTip() for b in (self.dock.verify_button, self.dock.solve_button)}
        self.load_fields()
        self._show_where()
        self._follow_game()
        self._show_verdict()
        self.solve_changed(redraw=False)

    def show_message(self, text: str) -> None:
        self.lab.bulletin.say(text)

    @property
    def solving(self) -> SignalInstance:
        """Solve mode began (True) or ended (False): the Game menu's Solve item follows."""
        return self.dock.solving

    def hide(self) -> None:
        """The dock hides (Practice says it all, and this dock would show solutions)."""
        self.dock.hide()

    # ---- widgets ------------------------------------------------------------------------

    def _connect(self) -> None:
        """What the dock's fields and buttons do."""
        dock = self.dock
        wiring: list[tuple[Any, Callable[..., Any]]] = [
            (dock.title.textEdited, self._on_title_edited),
            (dock.side.activated, self._on_goal_edited),
            (dock.within.valueChanged, self._on_goal_edited),
            (dock.notes.textChanged, self._on_notes_edited),
            (dock.solution.textEdited, self._on_solution_edited),
            (dock.from_played.clicked, self.take_played),
            (dock.use_line.clicked, self.take_main_line),
            (dock.back.clicked, self.go_to_puzzle),
            (dock.here.clicked, self.puzzle_here),
            (dock.verify_button.clicked, self.verify),
            (dock.stop_button.clicked, self.stop_verify),
            (dock.solve_button.clicked, self.toggle_solve),
            (dock.again_button.clicked, self.solver.restart),
            (dock.reveal_button.clicked, self.solver.reveal),
        ]
        for signal, handler in wiring:
            signal.connect(handler)
        self._show_verifying(False)

    # ---- the puzzle position ------------------------------------------------------------

    def _show_where(self) -> None:
        relation = "" if self.solver.active else self.editor.relation()
        self.dock.where_box.setVisible(bool(relation))
        if relation:
            self.dock.where.setText(
                f"The board shows a position {relation}: File > Save would make it the "
                "puzzle's position."
            )

    @slot
    def go_to_puzzle(self) -> None:
        self.editor.go_to_puzzle()

    @slot
    def puzzle_here(self) -> None:
        self.editor.set_here()
        self._show_where()
        self._check_solution()

    # ---- the session --------------------------------------------------------------------

    def session_changed(self, reason: PositionChange) -> None:
        """After the window followed a change of the session."""
        if reason in ("load", "new"):
            self._stop_verifying("Verify stopped: another position came")
        followed = self.editor.follow(reason)  # the puzzle position follows
        if followed:
            self._clear_verdict()
            if followed == "fresh":  # another file or game
                self.load_fields()
                if reason == "load":
                    self.show_for_puzzle()
            else:  # a set-up applied or undone: the goal keeps its moves
                self._resync_goal()
                self.load_fields()
        elif reason == "saved":
            pass  # the file now holds this position: the puzzle's (the editor followed)
        elif reason == "puzzle" and not self.editor.writing:
            self.load_fields()  # changed elsewhere
        elif reason != "lines" and self.verifier.thinking:
            self._stop_verifying("Verify stopped: the position changed")
        if reason != "puzzle":
            self._check_solution()
        self.solver.session_changed(reason)
        if reason in ("load", "new"):
            self._follow_game()
        if reason in ("load", "new", "puzzle"):
            self.solve_changed(redraw=False)  # Solve needs a goal
        self._show_where()
        self._show_verdict()

    def show_for_puzzle(self) -> None:
        """A file opened: the dock comes when it is a puzzle (it states a goal; a lesson's
        title alone is not one)."""
        if "goal" in self.session.puzzle:
            self.present()

    def present(self) -> None:
        """Show the dock, with the room it needs beside a dock it shares its side with."""
        present(self.dock)

    @slot
    def setup_shown(self, _visible: bool) -> None:
        """Set-up mode came or went (the Set-up dock's visibility): Verify says what it
        will do."""
        setup = self.stage.setup is not None
        self.dock.verify_button.setText("Apply the set-up and verify" if setup else "Verify")

    def setup_entered(self) -> None:
        """Set-up mode began: the dock is where the puzzle is made (not for a game whose
        puzzles cannot be verified or solved)."""
        self.lab.leave_solve()
        if not self.editor.no_proof():
            self.present()
        self._refresh_plies()

    # ---- the fields ---------------------------------------------------------------------

    def load_fields(self) -> None:
        """Show the session's puzzle."""
        puzzle = self.session.puzzle
        game = self.session.game
        self._loading = True
        try:
            if self.dock.title.text() != puzzle.get("title", ""):
                self.dock.title.setText(puzzle.get("title", ""))
            if self.dock.notes.toPlainText() != puzzle.get("notes", ""):
                self.dock.notes.setPlainText(puzzle.get("notes", ""))
            players = list(game.players)
            if [self.dock.side.itemText(i) for i in range(self.dock.side.count())] != players:
                self.dock.side.clear()
                self.dock.side.addItems(players)
            goal = goal_of(puzzle)
            self.dock.side.setCurrentText(goal.side if goal else self.editor.to_move())
            self.dock.within.setValue(self.editor.goal_moves_shown())
            solution = " ".join(puzzle.get("solution", []))
            if parse_solution(self.dock.solution.text()) != puzzle.get("solution", []):
                self.dock.solution.setText(solution)
        finally:
            self._loading = False
        self._refresh_plies()

    def _refresh_plies(self) -> None:
        puzzle = self.session.puzzle
        goal = goal_of(puzzle)
        self.dock.within_word.setText("move" if self.dock.within.value() == 1 else "moves")
        if goal is not None:
            self.dock.plies.setText(
                f"= {plies_text(goal.within)}, both sides' turns, {goal.side}'s winning turn last"
            )
        elif isinstance(puzzle.get("goal"), str):
            words = html.escape(puzzle["goal"])
            self.dock.plies.setText(f"The file states the goal in words: “{words}”. Set one here.")
        else:
            self.dock.plies.setText("No goal yet: set one here (Verify sets the one shown).")

    @slot
    def _on_title_edited(self, text: str) -> None:
        self.editor.edit("title", text)

    @slot
    def _on_notes_edited(self) -> None:
        if not self._loading:
            self.editor.edit("notes", self.dock.notes.toPlainText())

    @slot
    def _on_goal_edited(self, *_: Any) -> None:
        if self._loading:
            return
        self.editor.goal_moves = self.dock.within.value()
        self._write_goal()

    def _write_goal(self) -> None:
        goal = self.editor.goal_of_moves(self.dock.side.currentText(), self.dock.within.value())
        if goal_of(self.session.puzzle) != goal:
            self._stop_verifying("Verify stopped: the goal changed")
            self._clear_verdict()
            self.editor.edit("goal", goal.to_json())
            self.stage.redraw()
        self._refresh_plies()
        self._show_verdict()

    def _resync_goal(self) -> None:
        """A set-up applied: a goal set here in moves keeps its moves (the plies follow
        the side to move)."""
        if self.editor.goal_moves is None or goal_of(self.session.puzzle) is None:
            return
        self._write_goal()

    @slot
    def _on_solution_edited(self, text: str) -> None:
        moves = parse_solution(text)
        problem = self.editor.replay_problem(moves)
        if problem:
            self.dock.solution_error.setText(self.editor.refused_solution(problem))
            return
        self.dock.solution_error.clear()
        if moves != self.session.puzzle.get("solution", []):
            self._stop_verifying("Verify stopped: the solution changed")
            self._clear_verdict()
            self.editor.edit("solution", moves)
            self._show_verdict()
            self.stage.redraw()

    def _check_solution(self) -> None:
        """Say whether the saved solution (and the one typed) replays from the puzzle
        position."""
        typed = parse_solution(self.dock.solution.text())
        self.dock.solution_error.setText(self.editor.solution_check(typed))

    @slot
    def take_played(self) -> None:
        """The moves played since the puzzle position become the solution."""
        if self.solver.active:
            self.show_message("stop solving first")
            return
        moves = self.editor.played_since()
        if isinstance(moves, str):
            self.show_message(moves)
            return
        self.dock.solution.setText(" ".join(moves))
        self._on_solution_edited(" ".join(moves))
        self.editor.go_to_puzzle()
        self.show_message(
            f"the solution is the {moves_text(len(moves))} played (key move {moves[0]}); "
            "back at the puzzle position, the moves stay as a line in the Moves dock"
        )

    @slot
    def take_main_line(self) -> None:
        verdict = self.editor.verdict
        if verdict is None or not verdict.defence:
            return
        self.dock.solution.setText(" ".join(verdict.defence))
        self._on_solution_edited(" ".join(verdict.defence))
        self.show_message("the main line is the solution: Verify again to check it")

    # ---- Verify -------------------------------------------------------------------------

    def _leave_setup(self) -> bool:
        """Set-up mode ends: applied when it changed something (the position must be
        legal: said here otherwise), else left. False when it stays."""
        setup, setups = self.stage.setup, self.setups
        if setup is None:
            return True
        if not setup.can_undo:
            setups.leave()
            return True
        try:
            setup.build()
        except PositionFormatError as exc:
            self._clear_verdict(
                f"<span style='color:{RED}'>The set-up is not a legal position yet: "
                f"{html.escape(str(exc))}</span>"
            )
            self.show_message(f"Set-up: {exc}")
            return False
        return bool(setups.apply())  # (None: it failed, said)

    def _follow_game(self) -> None:
        """Verify and Solve are off, and say why, for a game they cannot work on."""
        refused = self.editor.no_proof()
        for button in (self.dock.verify_button, self.dock.solve_button):
            button.setToolTip(refused or self._tooltips[button])
        self.dock.verify_button.setEnabled(not refused and not self.verifier.thinking)
        if refused and self.editor.verdict is None:
            self._note = f"<span style='color:{GREY}'>{html.escape(refused)}.</span>"

    def _refuse(self, refused: str) -> None:
        """The menu's Verify or Solve on a game they cannot work on: the status bar says
        why (the dock, shown or not, too; its controls would not apply)."""
        self._clear_verdict(f"<span style='color:{RED}'>{html.escape(refused)}.</span>")
        self.show_message(refused)

    @slot
    def verify(self) -> None:
        if self.solver.active:
            self.show_message("stop solving first")
            return
        refused = self.editor.no_proof()
        if refused:
            self._refuse(refused)
            return
        if not self.dock.isVisible():
            self.present()  # Game > Verify puzzle: the verdict is here
        if not self._leave_setup():
            return
        if goal_of(self.session.puzzle) is None:
            self._write_goal()  # the goal shown becomes the puzzle's
        if goal_of(self.session.puzzle) is None:
            return
        self.editor.go_to_puzzle()
        self.verifier.verify(self.session.puzzle)
        self._show_verifying(True)
        self._clear_verdict(f"<i>Verifying {html.escape(self.editor.goal_text())}...</i>")
        self.stage.redraw()

    @slot
    def stop_verify(self) -> None:
        self._stop_verifying("Verify stopped")

    def _stop_verifying(self, why: str) -> None:
        if self.verifier.stop():
            self._show_verifying(False)
            self._clear_verdict(f"<i>{html.escape(why)}</i>")

    def _show_verifying(self, on: bool) -> None:
        self.dock.verify_button.setEnabled(not on and not self.editor.no_proof())
        self.dock.stop_button.setEnabled(on)
        self.dock.bar.setVisible(on)
        self.dock.bar.setValue(0)

    @slot
    def _verifier_changed(self, what: VerifierChange, *args: Any) -> None:
        if what == "progress":
            fraction, text = args
            self.dock.bar.setValue(round(max(0.0, min(1.0, fraction)) * 100))
            self.dock.bar.setToolTip(text)
        elif what == "verified":
            self._show_verifying(False)
            self.editor.verified(*args)
            self._show_verdict()
            self.show_message(f"Verify: {args[0].reason()}")
            self.stage.redraw()
        elif what == "failed":
            self._show_verifying(False)
            self._clear_verdict(
                f"<span style='color:{RED}'>Cannot verify: {html.escape(str(args[0]))}</span>"
            )

    def _show_verdict(self) -> None:
        """The verdict, in words (kept while the puzzle and its position stay)."""
        verdict = self.editor.verdict
        self.dock.use_line.setVisible(
            verdict is not None
            and bool(verdict.defence)
            and verdict.result == "proven"
            and self.session.puzzle.get("solution") != verdict.defence
            and verdict.solution_ok is not True
        )
        text = describe_verdict(verdict) if verdict is not None else self._note
        if text != self.dock.verdict_label.text():
            self.dock.verdict_label.setText(text)

    def _clear_verdict(self, note: str = "") -> None:
        """No verdict (the puzzle or its position changed): ``note`` says why, or what
        happens instead."""
        self.editor.clear_verdict()
        self._note = note
        self._show_verdict()

    # ---- the board ----------------------------------------------------------------------

    # ---- Solve mode ---------------------------------------------------------------------

    def toggle_solve(self, *_: Any) -> None:
        if self.solver.active:
            self.solver.leave()
            return
        refused = self.editor.no_proof()
        if refused:
            self._refuse(refused)
            self.solve_changed()  # the button and the menu item are not left checked
            return
        if self.verifier.thinking:
            self._stop_verifying("Verify stopped: Solve mode")
        if not self._leave_setup():
            self.solve_changed()
            return
        self.present()
        self.solver.start(self.editor.anchor)
        self.solve_changed()

    def solve_changed(self, *, redraw: bool = True) -> None:
        """Solve mode started, moved on or ended: the dock and the board follow."""
        solver = self.solver
        active = solver.active
        has_goal = goal_of(self.session.puzzle) is not None
        self.dock.setter.setVisible(not active)
        self.dock.solve_button.setChecked(active)
        self.dock.solve_button.setText("Stop solving" if active else "Solve")
        self.dock.solve_button.setEnabled((has_goal or active) and not self.editor.no_proof())
        self.dock.again_button.setVisible(active)
        self.dock.reveal_button.setVisible(active)
        self.dock.solving.emit(active)
        self.dock.brief.setVisible(active)
        kind, text = solver.status
        if active:
            notes = kind == "solved" or solver.solution is not None
            self.dock.brief.setText(brief(self.session.puzzle, self.editor.goal_text(), notes))
        colour = {"solved": GREEN, "failed": RED, "thinking": GREY}.get(kind, "")
        style = f"color:{colour};" if colour else ""
        if kind in ("solved", "failed"):
            style += "font-weight:bold;font-size:15px;"
        if kind == "thinking":
            style += "font-style:italic;"
        shown = f"<span style='{style}'>{html.escape(text)}</span>" if text else ""
        if active and solver.solution is not None:
            moves = " ".join(str(m) for m in solver.solution) or "(none found)"
            shown += (
                f"<br><br><b>Solution:</b> {html.escape(moves)}<br>"
                "<span style='color:#666666'>its next move is shown on the board while "
                "you follow it</span>"
            )
        if not active and self.editor.no_proof():
            shown = ""  # the verdict's place says why there is no Verify or Solve
        elif not active and not has_goal:
            shown = (
                "<span style='color:#666666'>Solve needs a goal: set one above.</span>"
                if not text
                else shown
            )
        self.dock.solve_status.setText(shown)
        self._show_where()
        if redraw:
            self.stage.redraw()


def brief(puzzle: dict[str, Any], goal: str, notes_shown: bool) -> str:
    """Title and goal; the notes (they often give the key away) once solved or revealed
    (``notes_shown``)."""
    title = html.escape(puzzle.get("title", "")) or "Puzzle"
    out = f"<b style='font-size:14px'>{title}</b><br>{html.escape(goal)}"
    notes = puzzle.get("notes", "")
    if notes and notes_shown:
        out += "<br><br>" + html.escape(notes).replace("\n", "<br>")
    return out


#: The colour of each tone of a verdict's sentences (grey: the search's figures).
TONES = {"ok": GREEN, "warn": ORANGE, "bad": RED, "quiet": GREY}


def describe_verdict(verdict: Verdict) -> str:
    """The verdict as rich text for the dock: its sentences, each in its tone's colour
    (the first, the verdict itself, in bold)."""
    lines = []
    for index, (tone, text) in enumerate(verdict.sentences()):
        text = html.escape(text)
        if index == 0:
            text = f"<b>{'✔' if verdict.verified else '✘'} {text}</b>"
        colour = TONES.get(tone)
        lines.append(f"<span style='color:{colour}'>{text}</span>" if colour else text)
    return "<br>".join(lines)
