"""The Puzzle dock bound to the lab's puzzle (the dock's controller): the puzzle made
(:mod:`viewer.lab.puzzle_editor`), Verify and Solve mode (its ``PuzzleDesk``) are
the lab's; this module fills the dock from them, hands its edits and buttons to their verbs,
and renders what they change as rich text.

Set-up: title, goal (a side "wins within N moves", shown also as plies), notes and solution,
each edit into the session's puzzle at once (a solution that does not replay from the puzzle
position is refused, said in red). The dock says where the board is, seen from the puzzle
position. Verify's verdict lists the key move, the cooks and the main line (on the board:
:meth:`viewer.lab.puzzle_editor.PuzzleEditor.verdict_layer`); Solve mode has its buttons and
status in the dock too. The dock (``viewer.widgets.puzzle_dock``) is a leaf.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyramid_lab import i18n
from pyramid_lab.i18n import _, shown
from pyramid_lab.model.puzzle import (
    Verdict,
    goal_of,
    plies_text,
    puzzle_text,
    solution_of,
    text_edited,
)

from ..lab.puzzle_editor import no_proof, parse_solution
from ..widgets.dock_fit import present
from ..widgets.names import colour_word
from ..widgets.puzzle_dock import GREEN, GREY, ORANGE, RED, PuzzleDock
from ..widgets.slots import OnLab, guarded, slot

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtWidgets import QPushButton

    from ..lab import Lab
    from ..lab.board import Board
    from ..lab.events import PositionChange
    from ..lab.puzzle_editor import DeskChange, NoteTone
    from ..lab.session import Session
    from .qt_port import QtPort


class PuzzleControl(OnLab):
    """The Puzzle dock (:attr:`dock`, a leaf) bound to the lab's puzzle: its fields edit
    the lab's :class:`~viewer.lab.puzzle_editor.PuzzleEditor`, its buttons call the lab's
    :class:`~viewer.lab.puzzle_editor.PuzzleDesk` (Verify, Solve mode), and it shows what they
    change."""

    def __init__(self, lab: Lab, port: QtPort, board: Board) -> None:
        self.dock = PuzzleDock(port.parent)  # (its widgets made at its first use: _fill)
        self.lab, self.board = lab, board
        self.session: Session = lab.session
        self.editor = lab.puzzle  # the puzzle, its position and Verify's verdict (the lab's)
        self.desk = lab.puzzle_desk  # Verify and Solve on it (the lab's)
        self._loading = False
        self.verifier = lab.verifier  # Verify (the lab's, on a runner of its own)
        self.solver = lab.solver  # Solve mode (the lab's): this dock shows it
        self.solver.changed.connect(self.solve_changed)
        self.desk.changed.connect(self._changed)
        lab.setup_mode.entering.connect(self.desk.setup_entered)  # the puzzle is made there
        self._tooltips: dict[QPushButton, str] = {}  # Verify's and Solve's own
        self._solution_error = ""  # what the dock says of the solution (made or not yet)
        self.dock.made.connect(self._fill)
        self.solve_changed(redraw=False)

    @property
    def solving(self) -> SignalInstance:
        """Solve mode began (True) or ended (False): the Game menu's Solve item follows."""
        return self.dock.solving

    def hide(self) -> None:
        """The dock hides (Practice says it all, and this dock would show solutions)."""
        self.dock.hide()

    def _fill(self) -> None:
        """The dock's widgets, made at its first use: what its fields and buttons do (the
        lab's verbs), and what they show, as they would had they been made with the
        window."""
        dock, desk, say = self.dock, self.desk, self.show_message
        self._tooltips = {b: b.toolTip() for b in (dock.verify_button, dock.solve_button)}
        wiring: list[tuple[Any, Callable[..., Any]]] = [
            (dock.title.textEdited, self._on_title_edited),
            (dock.side.activated, self._on_goal_edited),
            (dock.within.valueChanged, self._on_goal_edited),
            (dock.notes.textChanged, self._on_notes_edited),
            (dock.solution.textEdited, self._on_solution_edited),
            (dock.from_played.clicked, verb(desk.take_played, say)),
            (dock.use_line.clicked, verb(desk.take_main_line, say)),
            (dock.back.clicked, verb(self.editor.go_to_puzzle, say)),
            (dock.here.clicked, verb(desk.set_here, say)),
            (dock.verify_button.clicked, verb(desk.verify, say)),
            (dock.stop_button.clicked, verb(desk.stop_verify, say)),
            (dock.solve_button.clicked, verb(desk.toggle_solve, say)),
            (dock.again_button.clicked, self.solver.restart),
            (dock.reveal_button.clicked, self.solver.reveal),
        ]
        for signal, handler in wiring:
            signal.connect(handler)
        self.load_fields()
        self._show_verifying()
        self._show_verdict()
        self._show_solve()
        dock.solution_error.setText(self._solution_error)
        self.setup_shown(False)  # (Verify's words: set-up mode's)

    @slot
    def _changed(self, what: DeskChange) -> None:
        """The dock (and the board) follow a change of the lab's puzzle desk (its widgets
        once made: they are filled from it when made)."""
        dock = self.dock
        if what == "solution":
            self._solution_error = shown(self.desk.solution_error)
        elif what == "where":
            self._solution_error = self._solution_check()
        if not dock.is_made and what in ("verdict", "verifying", "fields", "solution", "where"):
            if what == "solution":
                self.board.redraw()
            return
        if what == "verdict":
            self._show_verdict()
        elif what == "verifying":
            self._show_verifying()
        elif what == "progress":
            fraction, text = self.desk.progress
            dock.bar.setValue(round(fraction * 100))
            dock.bar.setToolTip(shown(text))
        elif what == "fields":
            self.load_fields()
        elif what == "solution":
            dock.solution_error.setText(self._solution_error)
            self._show_verdict()
            self.board.redraw()
        elif what == "where":
            self._show_where()
            dock.solution_error.setText(self._solution_error)
        elif what == "present" or (what == "show" and not dock.isVisible()):
            present(dock)
        elif what == "solve":
            self.solve_changed()
        elif what in ("goal", "board"):
            self.board.redraw()

    # ---- what the dock shows ------------------------------------------------------------

    def _show_where(self) -> None:
        relation = "" if self.solver.active else self.editor.relation()
        self.dock.where_box.setVisible(bool(relation))
        if relation:
            said = _(
                "The board shows a position {relation}: File > Save would make it the "
                "puzzle's position."
            )
            self.dock.where.setText(said.format(relation=shown(relation)))

    def session_changed(self, reason: PositionChange) -> None:
        """After the lab's puzzle desk followed a change of the session (the lab's one
        order, :meth:`viewer.lab.Lab.follow`): the dock (once made)."""
        made = self.dock.is_made
        if reason != "puzzle":
            self._solution_error = self._solution_check()
            if made:
                self.dock.solution_error.setText(self._solution_error)
        if reason in ("load", "new", "puzzle"):
            self.solve_changed(redraw=False)  # Solve needs a goal
        if made:
            self._show_where()
            self._show_verdict()

    @slot
    def setup_shown(self, _visible: bool) -> None:
        """Set-up mode came or went (the Set-up dock's visibility): Verify says what it
        will do."""
        if not self.dock.is_made:
            return  # (made, it is filled with the words of the mode then)
        setup = self.board.setup is not None
        self.dock.verify_button.setText(_("Apply the set-up and verify") if setup else _("Verify"))

    def load_fields(self) -> None:
        """Show the session's puzzle."""
        puzzle = self.session.puzzle
        game = self.session.game
        self._loading = True
        try:
            language = i18n.current()  # (the puzzle's texts in the window's language)
            if self.dock.title.text() != puzzle_text(puzzle, "title", language):
                self.dock.title.setText(puzzle_text(puzzle, "title", language))
            if self.dock.notes.toPlainText() != puzzle_text(puzzle, "notes", language):
                self.dock.notes.setPlainText(puzzle_text(puzzle, "notes", language))
            players = list(game.players)
            side = self.dock.side
            if [side.itemData(i) for i in range(side.count())] != players:
                side.clear()
                for colour in players:  # each colour in words, the colour its data
                    side.addItem(colour_word(colour), colour)
            goal = goal_of(puzzle)
            side.setCurrentIndex(side.findData(goal.side if goal else self.editor.to_move()))
            self.dock.within.setValue(self.editor.goal_moves_shown())
            solution = " ".join(solution_of(puzzle))
            if parse_solution(self.dock.solution.text()) != solution_of(puzzle):
                self.dock.solution.setText(solution)
        finally:
            self._loading = False
        show_plies(self.dock, puzzle)

    # ---- the fields, edited ---------------------------------------------------------------

    @slot
    def _on_title_edited(self, text: str) -> None:
        # typed in the window's language: the puzzle's other languages kept
        self.editor.edit(
            "title", text_edited(self.session.puzzle.get("title"), text, i18n.current())
        )

    @slot
    def _on_notes_edited(self) -> None:
        if not self._loading:
            typed = self.dock.notes.toPlainText()
            self.editor.edit(
                "notes", text_edited(self.session.puzzle.get("notes"), typed, i18n.current())
            )

    @slot
    def _on_goal_edited(self, *_: Any) -> None:
        if self._loading:
            return
        self.editor.goal_moves = self.dock.within.value()
        self.desk.write_goal(str(self.dock.side.currentData()), self.dock.within.value())
        show_plies(self.dock, self.session.puzzle)
        self._show_verdict()

    @slot
    def _on_solution_edited(self, text: str) -> None:
        self.desk.edit_solution(parse_solution(text))

    def _solution_check(self) -> str:
        """Whether the saved solution (and the one typed) replays from the puzzle
        position: the words to show (none typed while the dock's widgets are not made: the
        field would hold the saved one)."""
        dock = self.dock
        typed = (
            parse_solution(dock.solution.text())
            if dock.is_made
            else solution_of(self.session.puzzle)
        )
        said = self.editor.solution_check(typed)
        return shown(said)  # (the lab's words, in the window's language)

    # ---- Verify and Solve, shown ------------------------------------------------------------

    def _show_verifying(self) -> None:
        """Verify's buttons and bar (off, with the reason as their tooltip, for a game they
        cannot work on)."""
        on, refused = self.desk.verifying, no_proof(self.session.game)
        for button in (self.dock.verify_button, self.dock.solve_button):
            button.setToolTip(shown(refused) or self._tooltips[button])
        self.dock.verify_button.setEnabled(not on and not refused)
        self.dock.stop_button.setEnabled(on)
        self.dock.bar.setVisible(on)
        self.dock.bar.setValue(0)

    def _show_verdict(self) -> None:
        """The verdict, in words (kept while the puzzle and its position stay), else the
        note in its place."""
        verdict = self.editor.verdict
        self.dock.use_line.setVisible(
            verdict is not None
            and bool(verdict.defence)
            and verdict.result == "proven"
            and self.session.puzzle.get("solution") != verdict.defence
            and verdict.solution_ok is not True
        )
        text = describe_verdict(verdict) if verdict is not None else describe_note(self.desk.note)
        if text != self.dock.verdict_label.text():
            self.dock.verdict_label.setText(text)

    def solve_changed(self, *, redraw: bool = True) -> None:
        """Solve mode started, moved on or ended: the dock (once made), the Game menu's
        Solve item and the board follow."""
        if self.dock.is_made:
            self._show_solve()
        self.dock.solving.emit(self.solver.active)
        if redraw:
            self.board.redraw()

    def _show_solve(self) -> None:
        """Solve mode in the dock: its buttons, the brief, the status, where the board is."""
        solver = self.solver
        active = solver.active
        has_goal = goal_of(self.session.puzzle) is not None
        self.dock.setter.setVisible(not active)
        self.dock.solve_button.setChecked(active)
        self.dock.solve_button.setText(_("Stop solving") if active else _("Solve"))
        self.dock.solve_button.setEnabled((has_goal or active) and not no_proof(self.session.game))
        self.dock.again_button.setVisible(active)
        self.dock.reveal_button.setVisible(active)
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
        said = html.escape(shown(text))  # (the lab's words, in the window's language)
        status = f"<span style='{style}'>{said}</span>" if text else ""
        if active and solver.solution is not None:
            moves = " ".join(str(m) for m in solver.solution) or _("(none found)")
            solution = _("Solution:")
            follow = _("its next move is shown on the board while you follow it")
            status += (
                f"<br><br><b>{solution}</b> {html.escape(moves)}<br>"
                f"<span style='color:#666666'>{follow}</span>"
            )
        if not active and no_proof(self.session.game):
            status = ""  # the verdict's place says why there is no Verify or Solve
        elif not active and not has_goal and not text:
            needs = _("Solve needs a goal: set one above.")
            status = f"<span style='color:#666666'>{needs}</span>"
        self.dock.solve_status.setText(status)
        self._show_where()


def show_plies(dock: PuzzleDock, puzzle: dict[str, Any]) -> None:
    """The goal's moves in words, and in plies (or why there is no goal)."""
    goal = goal_of(puzzle)
    # (one move or more: the spin box starts at 1, where each language's rule agrees)
    dock.within_word.setText(_("move") if dock.within.value() == 1 else _("moves"))
    if goal is not None:
        said = _("= {plies}, both sides' turns, {side}'s winning turn last")
        plies = plies_text(goal.within)
        dock.plies.setText(said.format(plies=plies, side=colour_word(goal.side)))
    elif puzzle_text(puzzle, "goal"):
        words = html.escape(puzzle_text(puzzle, "goal"))
        said = _("The file states the goal in words: “{words}”. Set one here.")
        dock.plies.setText(said.format(words=words))
    else:
        dock.plies.setText(_("No goal yet: set one here (Verify sets the one shown)."))


def verb(call: Callable[[], object], say: Callable[[str], None]) -> Callable[..., None]:
    """A button's click calling the lab's ``call`` (its checked state dropped), guarded."""
    return lambda *_: guarded(call, say)


def describe_note(note: tuple[NoteTone, str]) -> str:
    """The note in the verdict's place as rich text: a refusal in red, why there is no
    Verify in grey, what happens in italics."""
    tone, text = note
    text = html.escape(shown(text))  # (the lab's words, in the window's language)
    if tone == "aside":
        return f"<i>{text}</i>"
    colour = {"bad": RED, "quiet": GREY}.get(tone)
    return f"<span style='color:{colour}'>{text}</span>" if colour else text


def brief(puzzle: dict[str, Any], goal: str, notes_shown: bool) -> str:
    """Title and goal; the notes (they often give the key away) once solved or revealed
    (``notes_shown``)."""
    title = html.escape(puzzle_text(puzzle, "title", i18n.current())) or _("Puzzle")
    out = f"<b style='font-size:14px'>{title}</b><br>{html.escape(shown(goal))}"
    notes = puzzle_text(puzzle, "notes", i18n.current())
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
        text = html.escape(shown(text))  # (a Message of the rules: the window's language)
        if index == 0:
            text = f"<b>{'✔' if verdict.verified else '✘'} {text}</b>"
        colour = TONES.get(tone)
        lines.append(f"<span style='color:{colour}'>{text}</span>" if colour else text)
    return "<br>".join(lines)
