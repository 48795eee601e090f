"""Solve mode, with no Qt in it.

:class:`SolveMode`: the user plays a puzzle's side, the computer defends. The attempt is
played on the session like any moves (so the board, the turn builder and the Moves dock
all work as usual), from the puzzle position. After each of the user's moves the defence
is searched on a worker thread with the prover (``model.search.Prover``): if the side still
wins within the plies left, the computer plays the reply that resists longest; if not, the
user's move let the defence escape, and the computer plays the escape (or, when it has
one, the defender's own forced win: the refutation): failed. The side winning within the
bound is solved. Nothing of an attempt stays: the session's tree and unsaved flag are
snapshotted when Solve mode starts and restored when it ends (Try again, Reveal, Stop
solving, Save, or anything that asks about unsaved work), so the document is as it was.

What Solve mode says of an attempt (:func:`started`, :func:`solved`, ...) is each a
sentence of the catalog made language-free (:func:`pyramid_lab.i18n.M_`), the window saying
it in its language; a colour a word, a move its notation. The Game menu's Solve position is
:mod:`.value_solve`'s.
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pyramid_lab.i18n import M_, Message
from pyramid_lab.model import search
from pyramid_lab.model.game import Game, IllegalMoveError, InvalidMoveError, Move
from pyramid_lab.model.puzzle import (
    Goal,
    PuzzleValue,
    goal_of,
    solution_of,
)
from pyramid_lab.model.teaching import describe_result
from pyramid_lab.model.tree import Node
from pyramid_lab.model.words import reason_of

from .events import PositionChange, Signal
from .frame import Frame, Label
from .jobs import JOIN_SECONDS, Job, JobRunner, Post, Progress
from .modes import Mode
from .outcome_words import moves_said, plies_said, word

if TYPE_CHECKING:
    from .bulletin import Say
    from .engine import Engine
    from .game_ui import UI
    from .session import Session, Snapshot

#: The refutation of a wrong move is the defender's own forced win when it has one within
#: this many plies (its moves and the side's replies), else any escape.
REFUTE_PLIES = 5


@dataclass(frozen=True)
class Defence:
    """The computer's answer: ``move`` resists longest and the side still wins in
    ``plies`` (counting from before it), or, with ``plies`` None, ``move`` escapes; with
    ``wins`` set, ``move`` starts the defender's own forced win in that many plies."""

    move: Move | None
    plies: int | None
    wins: int | None = None


def defend(side: str, left: int) -> Callable[[Game, Progress, threading.Event], Defence]:
    """The task that finds the defence to play with ``left`` plies left for ``side``."""

    def task(game: Game, progress: Progress, stop: threading.Event) -> Defence:
        knowledge = search.knowledge_for(game)
        prover = search.Prover(game, side, stop=stop, knowledge=knowledge)
        plies = prover.shortest(left) if left > 0 else None
        if plies is not None:
            line = prover.line(plies)
            return Defence(line[0] if line else None, plies)
        # the side cannot win: the refutation is the defender's own win, when it has one
        defender = search.Prover(game, game.to_move, stop=stop, knowledge=knowledge)
        wins = defender.shortest(REFUTE_PLIES)
        if wins is not None:
            line = defender.line(wins)
            if line:
                return Defence(line[0], None, wins)
        if left <= 0:  # the attempt failed already: only a win of the defender shows
            return Defence(None, None)
        for move in game.legal_moves():  # else show a way out
            prover.game.push(move)
            try:
                holds = prover.wins_within(left - 1)
            finally:
                prover.game.pop()
            if not holds:
                return Defence(move, None)
        return Defence(None, None)

    return task


class SolveMode:
    """Solve mode: the user plays the puzzle's side in ``session``, the defence answers on
    a runner of its own (``post``: the front end's thread). ``changed()`` is announced
    whenever its status (what the Puzzle and Practice docks show) changes."""

    def __init__(self, session: Session, engine: Engine, say: Say, post: Post) -> None:
        self.session, self.engine, self.say = session, engine, say
        self.changed: Signal[[]] = Signal()  # the status, the attempt or Solve mode itself changed
        #: the solution revealed (its moves), or the defence's answer
        self.runner: JobRunner[list[Move] | Defence] = JobRunner(lambda: session.game, post)
        self.runner.answered.connect(self._on_answer)
        self.runner.failed.connect(self._on_failed)
        self.active = False
        self.goal: Goal | None = None
        self.anchor: Node | None = None  # the puzzle position
        self.snapshot: Snapshot | None = None  # the document before Solve mode
        self.final: tuple[Node, str, str] | None = None  # node, "solved"/"failed", text
        self.status = ("", "")  # (kind, text) the dock shows
        self.solution: list[Move] | None = None  # revealed: the moves from the anchor
        self._quiet = False  # the solver is moving the session: no evaluation meanwhile
        self._pending_fail: str | None = None  # the escape being played fails the attempt
        #: (the wrong move, the computer's answer) of the last refuted attempt (the
        #: answer None: the attempt failed with no answer to show), or None
        self.refuted: tuple[Move | None, Move | None] | None = None

    # ---- starting and ending ------------------------------------------------------------

    def start(self, anchor: Node) -> bool:
        """Solve the puzzle of the session from ``anchor`` (the puzzle position, shown
        first). False, with a message, when the puzzle states no goal."""
        session = self.session
        goal = goal_of(session.puzzle)
        if goal is None:
            self.say(M_("this puzzle states no goal to solve (set one in the Puzzle dock)"))
            return False
        if self.active:
            self.leave()
        engine = self.engine
        engine.stop()
        computer = list(engine.seats.computer)
        for colour in computer:
            engine.set_player(colour, None)
        self.goal, self.anchor = goal, anchor
        self.snapshot = session.snapshot()
        self.final, self.solution, self._pending_fail = None, None, None
        self.refuted = None
        self.active = True
        if session.node is not anchor:
            self._move(lambda: session.lines.goto_node(anchor))
        self.say(started(goal.side, computer_off=bool(computer)))
        self._evaluate()
        return True

    def leave(self) -> None:
        """End Solve mode: the attempt goes, the position and the file are as before."""
        if not self.active:
            return
        snapshot = self._drop_attempt()
        if snapshot is not None:
            with contextlib.suppress(ValueError):  # another game came: nothing to restore
                self.session.restore(snapshot)
        self.changed.emit()

    def _drop_attempt(self) -> Snapshot | None:
        """Stop the defence and forget the attempt (Solve mode is off after it)."""
        self.runner.stop()
        self.active = False
        snapshot, self.snapshot = self.snapshot, None
        self.final, self.solution = None, None
        self._set_status("", "")
        return snapshot

    def restart(self) -> None:
        """Try again: back to the puzzle position, the last attempt gone."""
        if not self.active or self.snapshot is None or self.anchor is None:
            return
        self.runner.stop()
        self.final, self._pending_fail, self.refuted = None, None, None
        snapshot, anchor = self.snapshot, self.anchor
        self._move(lambda: self.session.restore(snapshot, anchor))
        self._evaluate()

    def reveal(self) -> None:
        """Back to the puzzle position with the solution listed and its next move shown
        on the board while the attempt follows it."""
        if not self.active or self.goal is None:
            return
        self.restart()
        solution = written_solution(self.session.puzzle, self.session.game)
        if solution is not None:
            self._revealed(solution)
            return
        goal = self.goal

        def task(game: Game, progress: Progress, stop: threading.Event) -> list[Move]:
            proof = search.prove(
                game, goal.side, goal.within, stop=stop, knowledge=search.knowledge_for(game)
            )
            return _replay(game, list(proof.line))

        self.runner.run("reveal", task)
        self._set_status("thinking", M_("looking for the solution..."))

    def _revealed(self, solution: list[Move]) -> None:
        self.solution = solution
        if solution:
            moves = " ".join(map(str, solution))
            self.say(M_("the solution: {moves} (back at the puzzle position)", moves=moves))
        else:
            self.say(M_("no solution found: the goal cannot be forced"))
        self._evaluate()

    def session_changed(self, reason: PositionChange) -> None:
        """The session changed (after the window followed it)."""
        if not self.active or self._quiet:
            return
        session = self.session
        if reason in ("load", "new"):  # another document: nothing to restore
            self.runner.stop()
            self.active, self.snapshot, self.final, self.solution = False, None, None, None
            self._set_status("", "")
            self.say(M_("Solve mode ended: another position came"))
            return
        if reason in ("saved", "puzzle", "lines"):
            return
        if not follows(session.node, self.anchor):  # the Moves dock went elsewhere
            snapshot = self._drop_attempt()
            if snapshot is not None:
                try:
                    session.restore(snapshot, move=False)
                except ValueError as exc:  # (another game came meanwhile: nothing to restore)
                    self.say(M_("Solve mode: {error}", error=reason_of(exc)))
            self.say(M_("Solve mode ended: you left the puzzle position"))
            return
        self._evaluate()

    def _move(self, action: Callable[[], object]) -> None:
        self._quiet = True
        try:
            action()
        finally:
            self._quiet = False

    # ---- the attempt --------------------------------------------------------------------

    def plies_played(self) -> int:
        """The plies of the attempt: from the puzzle position to the position shown."""
        assert self.anchor is not None
        return self.session.ply - len(self.anchor.path())

    def _side_move_count(self) -> int:
        session, goal = self.session, self.goal
        assert goal is not None
        line = session.lines.line()[session.ply - self.plies_played() : session.ply]
        return sum(1 for mover, _ in line if mover == goal.side)

    def _evaluate(self) -> None:
        """Say where the attempt stands, and let the defence move when it is to move."""
        if not self.active or self.goal is None:
            return
        session, goal = self.session, self.goal
        game, node = session.game, session.node
        if self._pending_fail is not None:
            self.final = (node, "failed", self._pending_fail)
            self._pending_fail = None
        if self.final is not None and self.final[0] is node:
            self._set_status(self.final[1], self.final[2])
            return
        self.final = None
        left = goal.within - self.plies_played()
        outcome = game.outcome()
        if outcome is not None:
            if outcome.winner == goal.side:
                helped = self.solution is not None
                self._finish("solved", solved(self._side_move_count(), helped=helped))
            else:
                self._finish("failed", M_("Failed: {result}", result=describe_result(game)))
            return
        if left <= 0 and game.to_move != goal.side and self.refuted is None:
            self.runner.run("refute", defend(goal.side, left))  # the defender's winning answer
            self._set_status(
                "thinking", M_("{colour} looks for its answer...", colour=word(game.to_move))
            )
            return
        if left <= 0:
            self._finish("failed", not_won(goal.side, self._side_move_count()))
            return
        if game.to_move == goal.side:
            moves = -(-left // len(game.players))  # the side's turns in the plies left
            self._set_status("info", to_play(goal.side, moves, left))
            return
        self.runner.run("defend", defend(goal.side, left))
        self._set_status(
            "thinking", M_("{colour} looks for the best defence...", colour=word(game.to_move))
        )

    def _finish(self, kind: str, text: str) -> None:
        self.final = (self.session.node, kind, text)
        self._set_status(kind, text)

    def _set_status(self, kind: str, text: str) -> None:
        self.status = (kind, text)
        self.changed.emit()

    def _on_answer(self, job: Job, result: list[Move] | Defence) -> None:
        if not self.active or self.goal is None:
            return
        if isinstance(result, list):  # the solution revealed (the "reveal" job's)
            self._revealed(result)
            return
        defence = result
        session, goal = self.session, self.goal
        if defence.move is None and job.purpose == "refute":
            self.refuted = (session.node.move, None)
            self._finish("failed", not_won(goal.side, self._side_move_count()))
            return
        if defence.move is None:
            self._finish("failed", M_("Failed: the defence has no move"))
            return
        mover = session.game.to_move
        if defence.plies is None and defence.wins is not None:
            last = session.node.move
            self.refuted = (last, defence.move)
            moves = -(-defence.wins // len(session.game.players))
            self._pending_fail = refuted(str(last), mover, str(defence.move), moves)
        elif defence.plies is None:
            last = session.node.move
            left = goal.within - self.plies_played()
            self.refuted = (last, defence.move)
            self._pending_fail = escaped(str(last), mover, str(defence.move), goal.side, left - 1)
        session.play(defence.move)  # the window follows; then _evaluate
        self.say(self.engine.table.played(session.game, mover, defence.move))

    def _on_failed(self, job: Job, exc: BaseException) -> None:
        self._set_status("failed", M_("The search failed: {error}", error=reason_of(exc)))

    # ---- the window's questions ---------------------------------------------------------

    def busy(self) -> str:
        """Why a move on the board waits ('' when it does not)."""
        if not self.active or self.goal is None:
            return ""
        if self.runner.thinking:
            return M_("the defence is thinking: wait for its move")
        session = self.session
        if self.final is not None and self.final[0] is session.node:
            return M_(
                "{verdict} Try again, Reveal the solution, or Stop solving", verdict=self.final[2]
            )
        if not session.game.is_over() and session.game.to_move != self.goal.side:
            return M_("wait for the defence's move")
        return ""

    def undo(self) -> None:
        """Undo in Solve mode: take back your last move and the defence's reply."""
        session = self.session
        if self.anchor is None or session.node is self.anchor:
            self.say(M_("at the puzzle position: nothing to undo"))
            return
        self.runner.stop()
        self._pending_fail, self.refuted = None, None
        assert self.goal is not None
        side = self.goal.side

        def back() -> None:
            session.undo()
            while session.node is not self.anchor and (
                session.game.to_move != side or session.game.is_over()
            ):
                session.undo()

        self._move(back)
        self._evaluate()

    def shutdown(self, wait: float = JOIN_SECONDS) -> None:
        self.runner.shutdown(wait)


def _replay(game: Game, texts: list[str]) -> list[Move]:
    """``texts`` as moves, replayed from ``game`` (left unchanged)."""
    copy = game.copy()
    return [copy.push_text(text) for text in texts]


def written_solution(puzzle: Mapping[str, PuzzleValue], game: Game) -> list[Move] | None:
    """``puzzle``'s written solution as moves from ``game`` (the puzzle position); None
    when it has none or it does not replay."""
    texts = solution_of(puzzle)
    if not texts:
        return None
    try:
        return _replay(game, texts)
    except (InvalidMoveError, IllegalMoveError):
        return None


def follows(node: Node, anchor: Node | None) -> bool:
    """``node`` is ``anchor`` (the puzzle position) or after it."""
    walk: Node | None = node
    while walk is not None:
        if walk is anchor:
            return True
        walk = walk.parent
    return False


def solution_layer(solver: SolveMode, game: Game, ui: UI, frame: Frame) -> Frame:
    """Once revealed, the solution's next move as a ghost while the attempt follows
    the solution."""
    if not solver.active or not solver.solution or solver.goal is None or solver.anchor is None:
        return frame
    if game.is_over() or game.to_move != solver.goal.side:
        return frame
    played = [n.move for n in solver.session.node.path()[len(solver.anchor.path()) :]]
    if len(played) >= len(solver.solution) or played != solver.solution[: len(played)]:
        return frame
    move = solver.solution[len(played)]
    sites = ui.move_sites(game, move)
    if not sites:
        return frame
    ghosts = {**frame.ghosts, **{site: solver.goal.side for site in sites}}
    said = M_("key {move}", move=str(move)) if not played else M_("next {move}", move=str(move))
    labels = (*frame.labels, Label(sites[0], said))
    return dataclasses.replace(frame, ghosts=ghosts, labels=labels)


FrameLayer = Callable[[Game, "UI", Frame], Frame]


# ---- what Solve mode says of an attempt -----------------------------------------------


def started(side: str, *, computer_off: bool) -> Message:
    """Solve mode began: the user plays ``side`` (the computer player was switched off
    for it: ``computer_off``)."""
    if computer_off:
        return M_(
            "Solve mode: play {side}, the computer defends (the computer player is off)",
            side=word(side),
        )
    return M_("Solve mode: play {side}, the computer defends", side=word(side))


def solved(moves: int, *, helped: bool) -> Message:
    """The goal reached in ``moves`` of the side's (``helped``: the solution was shown)."""
    if helped:
        return M_("Solved in {moves} (with the solution shown)!", moves=moves_said(moves))
    return M_("Solved in {moves}!", moves=moves_said(moves))


def not_won(side: str, moves: int) -> Message:
    """The attempt's end: ``side`` has not won within the ``moves`` it had."""
    return M_(
        "Failed: {side} has not won within {moves}.", side=word(side), moves=moves_said(moves)
    )


def refuted(last: str, mover: str, move: str, moves: int) -> Message:
    """After the user's ``last`` move, ``mover`` answers ``move`` and wins within ``moves``."""
    return M_(
        "Refuted: after {last}, {colour} answers {move} and wins within {moves}.",
        last=last,
        colour=word(mover),
        move=move,
        moves=moves_said(moves),
    )


def escaped(last: str, mover: str, move: str, side: str, plies: int) -> Message:
    """After the user's ``last`` move, ``mover`` escapes with ``move``: ``side`` cannot win
    in the ``plies`` left."""
    return M_(
        "Failed: after {last}, {colour} escapes with {move}: {side} can no longer win in "
        "time ({plies} left).",
        last=last,
        colour=word(mover),
        move=move,
        side=word(side),
        plies=plies_said(plies),
    )


def to_play(side: str, moves: int, plies: int) -> Message:
    """The user's move: ``side`` to win within ``moves`` (``plies`` left)."""
    return M_(
        "Your move: {side} to win within {moves} ({plies} left).",
        side=word(side),
        moves=moves_said(moves),
        plies=plies_said(plies),
    )


class SolveBoard(Mode):
    """Solve mode as a board mode: while on, a click waits for the defence (or for Try
    again once the attempt is over), Undo takes back your move and the defence's reply;
    over the board, a puzzle's verdict (``verdict``: the key move and the cooks, while
    Solve mode is off) and the revealed solution's next move."""

    name = "solve"

    def __init__(self, solver: SolveMode, verdict: FrameLayer) -> None:
        self.solver = solver
        self.verdict = verdict

    def active(self) -> bool:
        return self.solver.active

    def busy(self) -> str:
        return self.solver.busy()

    def undo(self) -> bool:
        if not self.solver.active:
            return False
        self.solver.undo()
        return True

    def layer(self, game: Game, ui: UI, frame: Frame) -> Frame:
        if not self.solver.active:  # a verdict's marks, while Solve mode is off
            frame = self.verdict(game, ui, frame)
        return solution_layer(self.solver, game, ui, frame)
