"""The puzzle of the open file, made, with no Qt in it: the state behind the window's Puzzle
dock (:mod:`viewer.desktop.puzzle` shows it and binds its fields to it).

Its title, goal (a side "wins within N moves", kept in plies), notes and solution are edited
into the session's puzzle at once, each edit checked with ``model.puzzle.check_puzzle`` (a
solution must also replay from the puzzle position: one that does not is refused, and the
file keeps the last good one). The puzzle position is the position the file was opened at
(or a set-up applied, or the file last saved at); the moves played since it can become the
solution. Verify's verdict is held with the position it was proven at. One concept, the
puzzle being made, over 600 lines: the desk's verbs read and edit the editor's state.

Verify and Solve on the puzzle being made are the Puzzle dock's verbs (:class:`PuzzleDesk`):
Verify proves the goal on the verifier's runner from the puzzle position (in set-up mode it
first applies the set-up; Undo returns to the position before); Solve mode plays the
puzzle's side against the computer's defence. A change of the goal, the solution or the
position stops a Verify under way and drops its verdict; while there is none,
:attr:`PuzzleDesk.note` says why, or what happens instead. Each change is announced with
``changed(what)`` (a :data:`DeskChange`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, Any, Literal

from pyramid_lab.i18n import M_
from pyramid_lab.model.game import (
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    PositionFormatError,
    no_proof_with_chance,
    not_replayed,
)
from pyramid_lab.model.puzzle import (
    Goal,
    PuzzleValue,
    Verdict,
    check_puzzle,
    goal_of,
    solution_of,
)
from pyramid_lab.model.setup import start_copy
from pyramid_lab.model.words import reason_of

from .events import Signal
from .frame import Frame, Label
from .jobs import position_of
from .outcome_words import joined, moves_said, plies_said, word

if TYPE_CHECKING:
    from .bulletin import Say
    from .events import PositionChange
    from .game_ui import UI
    from .puzzle import Verifier, VerifierChange
    from .session import Session
    from .setup_editor import SetupEditor
    from .setup_mode import SetupMode
    from .solve import SolveMode


def plies_for(moves: int, side: str, to_move: str, players: tuple[str, ...]) -> int:
    """The plies of "``side`` wins within ``moves`` moves" with ``to_move`` to move: every
    turn counts, the side's last move is the last ply."""
    n = len(players)
    offset = (players.index(side) - players.index(to_move)) % n
    return offset + (moves - 1) * n + 1


def moves_for(plies: int, side: str, to_move: str, players: tuple[str, ...]) -> int:
    """The side's moves within ``plies`` plies (at least 1)."""
    n = len(players)
    offset = (players.index(side) - players.index(to_move)) % n
    return max(1, -(-(plies - offset) // n))


def parse_solution(text: str) -> list[str]:
    """The moves of a solution as typed: separated by spaces (or new lines)."""
    return text.split()


class PuzzleEditor:
    """The session's puzzle as it is made; ``say`` is the status line, ``setup`` the set-up
    editor while set-up mode is on (its side to move is the puzzle's)."""

    def __init__(
        self,
        session: Session,
        say: Say,
        setup: Callable[[], SetupEditor | None] = lambda: None,
    ) -> None:
        self.session, self.say, self.setup = session, say, setup
        self.anchor = session.node  # the puzzle position
        self.seen: Mapping[str, object] = session.puzzle  # the puzzle of the file last followed
        self.writing = False  # this editor is writing the session's puzzle
        self.goal_moves: int | None = None  # the goal's moves as last set here
        self.verdict: Verdict | None = None
        self.verdict_at: tuple[Hashable, int] | None = None  # the position it holds for

    # ---- the puzzle position ------------------------------------------------------------

    def puzzle_game(self) -> Game:
        """The game at the puzzle position."""
        session = self.session
        if self.anchor.root() is not session.node.root():
            self.anchor = session.node  # its line was deleted: here is the puzzle now
        if session.node is self.anchor:
            return session.game
        game = start_copy(session.game)
        for node in self.anchor.path():
            assert node.move is not None
            game.push(node.move)
        return game

    def to_move(self) -> str:
        """The side to move at the puzzle position (the set-up's, in set-up mode)."""
        setup = self.setup()
        return setup.to_move if setup is not None else self.puzzle_game().to_move

    def relation(self) -> str:
        """Where the position shown is, seen from the puzzle position ('' there)."""
        node, anchor = self.session.node, self.anchor
        if node is anchor:
            return ""
        ours, theirs = node.path(), anchor.path()
        if ours[: len(theirs)] == theirs:
            moves = moves_said(len(ours) - len(theirs))
            return M_("{moves} after the puzzle position", moves=moves)
        if theirs[: len(ours)] == ours:
            moves = moves_said(len(theirs) - len(ours))
            return M_("{moves} before the puzzle position", moves=moves)
        return M_("on another line than the puzzle position")

    def go_to_puzzle(self) -> None:
        if self.session.node is not self.anchor:
            self.session.lines.goto_node(self.anchor)

    def set_here(self) -> None:
        """The position shown is the puzzle position."""
        self.anchor = self.session.node
        self.say(M_("the puzzle is set at the position shown (save to keep it)"))

    def follow(self, reason: PositionChange) -> Literal["fresh", "kept", ""]:
        """The puzzle position follows a change of the session: another file or game comes
        ("fresh": its puzzle is read anew), a set-up is applied or undone ("kept": a goal
        set here in moves keeps its moves), the file is saved (it holds this position)."""
        session = self.session
        if reason in ("load", "new"):
            fresh = session.puzzle is not self.seen
            self.seen = session.puzzle
            self.anchor = session.node
            self.clear_verdict()
            if fresh:
                self.goal_moves = None
                return "fresh"
            return "kept"
        if reason == "saved":
            self.anchor = session.node
        return ""

    # ---- the puzzle's texts -------------------------------------------------------------

    def commit(self, puzzle: Mapping[str, object]) -> bool:
        """Check ``puzzle`` and make it the session's (unsaved until File > Save)."""
        try:
            checked = check_puzzle(puzzle, self.session.game)
        except PositionFormatError as exc:
            self.say(M_("Puzzle: {error}", error=reason_of(exc)))
            return False
        self.writing = True
        try:
            self.session.set_puzzle(checked)  # "puzzle": the window marks the file unsaved
        finally:
            self.writing = False
        return True

    def edit(self, key: str, value: PuzzleValue) -> bool:
        """The puzzle's ``key`` set to ``value`` (gone when empty); False, said, when the
        puzzle so made is refused."""
        puzzle: dict[str, object] = dict(self.session.puzzle)
        if value:
            puzzle[key] = value
        else:
            puzzle.pop(key, None)
        return self.commit(puzzle)

    def goal_of_moves(self, side: str, moves: int) -> Goal:
        """The goal "``side`` wins within ``moves`` moves", in plies from the puzzle
        position."""
        return Goal(side, plies_for(moves, side, self.to_move(), self.session.game.players))

    def goal_moves_shown(self) -> int:
        """The moves of the puzzle's goal (else the last set here, else 1)."""
        goal = goal_of(self.session.puzzle)
        if goal is None:
            return self.goal_moves or 1
        return moves_for(goal.within, goal.side, self.to_move(), self.session.game.players)

    def goal_text(self) -> str:
        """The goal in words, in moves and plies ("the puzzle" when there is none)."""
        goal = goal_of(self.session.puzzle)
        if goal is None:
            return M_("the puzzle")
        moves = moves_for(goal.within, goal.side, self.to_move(), self.session.game.players)
        return M_(
            "{side} wins within {moves} ({plies})",
            side=word(goal.side),
            moves=moves_said(moves),
            plies=plies_said(goal.within),
        )

    def replay_problem(self, moves: list[str]) -> str:
        """Why ``moves`` do not replay from the puzzle position ('' when they do)."""
        if not moves:  # (nothing to replay: no copy of the game, which grows with it)
            return ""
        setup = self.setup()
        try:
            game = setup.build() if setup is not None else self.puzzle_game()
        except PositionFormatError:
            return ""  # the set-up is not a position yet: checked when it is applied
        copy = game.copy()
        for index, text in enumerate(moves, start=1):
            try:
                copy.push_text(text)
            except (InvalidMoveError, IllegalMoveError) as exc:
                return M_(
                    "Move {index} of the solution: {reason}",
                    index=index,
                    reason=not_replayed(text, exc),
                )
        return ""

    def refused_solution(self, problem: str) -> str:
        """What a solution that does not replay is told: the puzzle keeps its own."""
        kept = " ".join(self.session.puzzle.get("solution", []))
        if not kept:
            return M_("{problem}. Not saved: the puzzle keeps no solution.", problem=problem)
        return M_("{problem}. Not saved: the puzzle keeps {kept}.", problem=problem, kept=kept)

    def solution_check(self, typed: list[str]) -> str:
        """Whether the saved solution replays from the puzzle position, and the one
        ``typed`` (not saved) if it differs: the words to show ('' when both do)."""
        saved = solution_of(self.session.puzzle)
        problem = self.replay_problem(saved)
        if not problem and typed != saved:
            problem = self.replay_problem(typed)
            if problem:
                return self.refused_solution(problem)
        if not problem:
            return ""
        return M_("The puzzle's solution does not replay here: {problem}", problem=problem)

    def played_since(self) -> list[str] | str:
        """The moves played since the puzzle position, or why they cannot be the solution."""
        session = self.session
        ours, theirs = session.node.path(), self.anchor.path()
        if session.node is self.anchor or ours[: len(theirs)] != theirs:
            return M_(
                "play the solution on the board from the puzzle position first, then press "
                "From the moves played"
            )
        return [str(node.move) for node in ours[len(theirs) :]]

    # ---- Verify's verdict ---------------------------------------------------------------

    def verified(self, verdict: Verdict, at: tuple[Hashable, int]) -> None:
        """Verify's verdict, proven at the position ``at`` (its key and ply)."""
        self.verdict, self.verdict_at = verdict, at

    def clear_verdict(self) -> None:
        self.verdict = self.verdict_at = None

    def verdict_here(self, game: Game) -> Verdict | None:
        """The verdict while ``game`` is the position it was proven at, else None."""
        return self.verdict if position_of(game) == self.verdict_at else None

    def verdict_layer(self, game: Game, ui: UI, frame: Frame) -> Frame:
        """The frame layer: while the verified position is shown (Solve mode draws its own),
        its winning first moves as ghosts of the side's colour, labelled "key" (the
        solution's first move, or the only winning one) and "cook" (the others), with the
        move."""
        verdict = self.verdict_here(game)
        if verdict is None:
            return frame
        marks = verdict_marks(game, verdict)
        if not marks:
            return frame
        ghosts = dict(frame.ghosts)
        texts: dict[int, list[str]] = {}
        for move, text in marks:
            sites = ui.move_sites(game, move)
            for site in sites:
                ghosts.setdefault(site, verdict.goal.side)
            if sites:
                texts.setdefault(sites[0], []).append(mark_said(text, str(move)))
        labels = tuple(Label(site, joined(words, " / ")) for site, words in texts.items())
        return dataclasses.replace(frame, ghosts=ghosts, labels=(*frame.labels, *labels))


def no_proof(game: Game) -> str:
    """Why Verify and Solve cannot work on ``game`` ('' when they can): the prover takes
    no chance node (a game with dice)."""
    return no_proof_with_chance(game.title) if game.has_chance else ""


def mark_said(text: str, move: str) -> str:
    """A mark of :func:`verdict_marks` (``text``) on ``move``, the board's label."""
    if text == "key":
        return M_("key {move}", move=move)
    if text == "cook":
        return M_("cook {move}", move=move)
    return M_("key: no win {move}", move=move)


def verdict_marks(game: Game, verdict: Verdict) -> list[tuple[Move, str]]:
    """The moves a verdict puts on the board: (move, "key" / "cook" / "key: no win")."""
    winners: list[Move] = []
    for text, _ in verdict.winning_moves:
        try:
            winners.append(game.parse_move(text))
        except InvalidMoveError:
            continue
    key: Move | None = None
    if verdict.key_move and not verdict.solution_error:
        try:
            key = game.parse_move(verdict.key_move)
        except InvalidMoveError:
            key = None
    if key is None and len(winners) == 1:
        key = winners[0]
    marks = [(move, "key" if move == key else "cook") for move in winners]
    if key is not None and key not in winners and verdict.result == "proven":
        marks.append((key, "key: no win"))
    return marks


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
