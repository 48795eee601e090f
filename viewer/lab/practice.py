"""Practice, with no Qt in it: a collection of puzzles played one after another, with
hints and ticks.

The collection is a folder (``model.collection``: in order of difficulty, the shipped
``model/data/puzzles/<game>/`` or any other). Playing a puzzle opens its file and starts
Solve mode (:mod:`viewer.lab.solve`) on it: the player plays the puzzle's side, the
computer answers with its best defence on a worker thread, and a wrong move is refuted (the
computer's winning answer, or its escape, is played; Try again goes back to the puzzle
position). A puzzle solved without the solution revealed is ticked in
:class:`model.collection.Progress` (a JSON file in the user's config folder), so the ticks
stay between runs.

Hints come in two steps from the position shown: the first says which piece moves or, for
a placement, the idea of the winning line rather than its place (the corner at stake where
the game reports corners; else how the line ends in the rules' words and the counts the
game reports on the way); the second gives the move itself. The line is the written
solution's while the attempt follows it, else the prover's quickest win from there (on a
worker thread). A failed attempt says what the wrong move did in the same terms
(:meth:`Practice.miss_text`).
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from pyramid_lab.i18n import M_, N_, Message, Mn_
from pyramid_lab.model import search
from pyramid_lab.model.collection import Collection, Progress, load
from pyramid_lab.model.game import (
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    PositionFormatError,
    shorten,
)
from pyramid_lab.model.puzzle import Goal, solution_of
from pyramid_lab.model.teaching import describe_result, teaching_for
from pyramid_lab.model.words import reason_of

from .events import Signal
from .frame import Frame, Label, Region
from .jobs import JOIN_SECONDS, Job, JobRunner, Post, position_of
from .jobs import Progress as SearchProgress
from .modes import Mode
from .outcome_words import word

if TYPE_CHECKING:
    from .bulletin import Say
    from .documents import Documents
    from .game_ui import UI
    from .session import Session
    from .solve import SolveMode


def hint_task(
    side: str, left: int
) -> Callable[[Game, SearchProgress, threading.Event], list[Move] | None]:
    """The task that finds the quickest win of ``side`` (to move) within ``left`` plies:
    its main line (the winning move first), or None."""

    def task(game: Game, progress: SearchProgress, stop: threading.Event) -> list[Move] | None:
        prover = search.Prover(game, side, stop=stop, knowledge=search.knowledge_for(game))
        plies = prover.shortest(left)
        if plies is None:
            return None
        return list(prover.line(plies)) or None

    return task


#: What the Hint says while it searches.
HINT_LOOKING = M_("Hint: looking for the winning move...")


class Practice:
    """Practice: ``solver`` (Solve mode) plays the puzzles of a collection opened through
    ``documents``; ``changed()`` says the state changed (what the Practice dock shows)."""

    def __init__(
        self,
        session: Session,
        documents: Documents,
        solver: SolveMode,
        say: Say,
        post: Post,
        *,
        start_solve: Callable[[], object] | None = None,
        moves_piece: Callable[[Game, Move], bool] | None = None,
    ) -> None:
        self.session, self.documents, self.solver, self.say = session, documents, solver, say
        self.changed: Signal[[]] = Signal()  # the collection, the puzzle, the attempt or the hint
        #: Solve mode started on the puzzle just opened: the front's own way (its checks and
        #: docks), else the lab's
        self.start_solve = start_solve or (lambda: solver.start(session.node))
        #: Whether a move takes a piece from somewhere (the front's board knows; a hint's
        #: first step then rims the piece, else it says the idea of a placement)
        self.moves_piece = moves_piece or (lambda _game, _move: False)
        # a damaged ticks file: told once, by the front end (``progress.tell_with``) when
        # it comes, else held in the store's notice
        self.progress = Progress()
        self.collection: Collection | None = None
        self.current: int | None = None  # the index of the puzzle played
        self.hint_stage = 0  # 0: none, 1: which piece or area, 2: the move
        #: (position, move) of the hint
        self.hint_move: tuple[tuple[Hashable, int], Move] | None = None
        self.hint_idea: Idea | None = None  # what a placement's first hint says
        self.used_hints = 0
        self.runner: JobRunner[list[Move] | None] = JobRunner(lambda: session.game, post)
        self.runner.answered.connect(self._on_hint)
        self.runner.failed.connect(self._on_hint_failed)
        self.runner.preparing.connect(  # a first use of the compiled search, said
            lambda text: self.say(
                M_("Hint: {step}; then the winning move", step=text) if text else HINT_LOOKING
            )
        )
        self.solver.changed.connect(self._solver_changed)

    # ---- the collection -----------------------------------------------------------------

    def open_collection(self, folder: str | Path) -> bool:
        """Read the puzzles of ``folder`` and play the first unsolved one; False, said,
        when it has none."""
        if not self.read_collection(folder):
            return False
        return self.next_unsolved()

    def read_collection(self, folder: str | Path) -> bool:
        """Read the puzzles of ``folder``; False, said, when it has none."""
        try:
            collection = load(folder)
        except (NotADirectoryError, PositionFormatError) as exc:
            self.say(M_("Practice: {error}", error=reason_of(exc)))
            return False
        if not collection.entries:
            where = shorten(str(folder))
            if collection.problems:
                said = M_(
                    "Practice: {folder} holds no puzzle with a goal ({problem})",
                    folder=where,
                    problem=shorten(collection.problems[0]),
                )
            else:
                said = M_("Practice: {folder} holds no puzzle with a goal", folder=where)
            self.say(said)
            return False
        self.collection, self.current = collection, None
        self._reset_hints()
        solved = self.progress.count(collection)
        self.say(
            M_(
                "Practice: {count} puzzles in {folder}, {solved} solved",
                count=len(collection.entries),
                folder=shorten(Path(folder).name),
                solved=solved,
            )
        )
        self.changed.emit()
        return True

    def play(self, index: int) -> bool:
        """Open puzzle ``index`` of the collection and start solving it (unsaved changes
        are asked about first)."""
        collection = self.collection
        if collection is None or not 0 <= index < len(collection.entries):
            return False
        entry = collection.entries[index]
        if not self.documents.open(entry.path):
            return False
        if not self.solver.active:
            self.start_solve()
        if not self.solver.active:
            return False
        self.current = index
        self._reset_hints()
        self.changed.emit()
        return True

    def next_unsolved(self) -> bool:
        if self.collection is None:
            self.say(M_("Practice: open a collection first (Puzzles menu)"))
            return False
        index = self.progress.next_unsolved(self.collection, self.current)
        if index is None:
            self.say(M_("Practice: every puzzle of this collection is solved"))
            return False
        return self.play(index)

    def playing(self) -> bool:
        """A puzzle of the collection is being solved."""
        return self.current is not None and self.solver.active

    def forget_ticks(self) -> None:
        if self.collection is None:
            return
        try:
            self.progress.forget([e.key for e in self.collection.entries])
        except OSError as exc:
            self.say(M_("Practice: the ticks could not be written: {error}", error=reason_of(exc)))
        self.changed.emit()

    # ---- the attempt --------------------------------------------------------------------

    def _solver_changed(self) -> None:
        kind, _ = self.solver.status
        if kind == "solved" and self.playing() and self.solver.solution is None:
            assert self.collection is not None
            assert self.current is not None
            entry = self.collection.entries[self.current]
            try:
                if self.progress.mark(entry):
                    solved = self.progress.count(self.collection)
                    total = len(self.collection.entries)
                    said = M_(
                        "Solved and ticked: {solved} of {total} solved", solved=solved, total=total
                    )
                    self.say(said)
            except OSError as exc:
                said = M_(
                    "Solved, but the tick could not be written: {error}", error=reason_of(exc)
                )
                self.say(said)
        if self.hint_move is not None and self.hint_move[0] != position_of(self.session.game):
            self._reset_hints()
        self.changed.emit()

    def _reset_hints(self) -> None:
        self.runner.stop()
        self.hint_stage, self.hint_move, self.hint_idea = 0, None, None

    def miss_text(self) -> str:
        """For a failed attempt: what the wrong move did and what the goal needed, in the
        rules' terms ('0,0,1 does not win at once: red still holds only NE, AP; a win takes
        3 corners'); '' when there is nothing to add."""
        solver, goal = self.solver, self.solver.goal
        if solver.status[0] != "failed" or solver.refuted is None or goal is None:
            return ""
        wrong, answer = solver.refuted
        texts = solution_of(self.session.puzzle)
        return miss_words(self.session.game, goal, wrong, answer, texts[0] if texts else None)

    def retry(self) -> None:
        self._reset_hints()
        self.solver.restart()

    def hint(self) -> None:
        """The next step of the hint (which piece or area, then the move)."""
        solver = self.solver
        game = self.session.game
        if not solver.active or solver.goal is None:
            self.say(M_("Hint: play a puzzle first (Puzzles menu)"))
            return
        if solver.busy() or game.is_over() or game.to_move != solver.goal.side:
            why = solver.busy() or M_("it is not your move")
            self.say(M_("Hint: {reason}", reason=why))
            return
        self.hint_stage = min(2, self.hint_stage + 1)
        self.used_hints += 1
        here = position_of(game)
        if self.hint_move is None or self.hint_move[0] != here:
            line = self._solution_line()
            if not line:
                left = solver.goal.within - solver.plies_played()
                self.runner.run("hint", hint_task(solver.goal.side, left))
                self.say(HINT_LOOKING)
                self.changed.emit()
                return
            self._set_hint(line)
        self._say_hint()
        self.changed.emit()

    def _set_hint(self, line: list[Move]) -> None:
        """The hint is the first move of the winning ``line`` from the position on the
        board; a placement's first step says the line's idea."""
        game = self.session.game
        self.hint_move = (position_of(game), line[0])
        side = self.solver.goal.side if self.solver.goal is not None else game.to_move
        placement = not self.moves_piece(game, line[0])
        self.hint_idea = idea_of(game, side, line) if placement else None

    def _solution_line(self) -> list[Move] | None:
        """The rest of the written solution while the attempt follows it (its next move
        first)."""
        solver, session = self.solver, self.session
        texts = session.puzzle.get("solution") or []
        anchor = solver.anchor
        if anchor is None:
            return None
        played = [n.move for n in session.node.path()[len(anchor.path()) :]]
        game = session.game.copy()
        for _ in played:
            game.pop()
        try:
            solution = [game.push_text(t) for t in texts]
        except (InvalidMoveError, IllegalMoveError):
            return None
        if len(played) >= len(solution) or played != solution[: len(played)]:
            return None
        return solution[len(played) :]

    def _on_hint(self, job: Job, line: list[Move] | None) -> None:
        if not line:  # (hint_task's: no win in time)
            self.say(M_("Hint: no win in time from here: Try again"))
            self.hint_stage = 0
        else:
            self._set_hint(line)
            self._say_hint()
        self.changed.emit()

    def _on_hint_failed(self, job: Job, exc: BaseException) -> None:
        self.hint_stage = 0
        self.say(M_("Hint: the search failed: {error}", error=reason_of(exc)))
        self.changed.emit()

    def _say_hint(self) -> None:
        if self.hint_move is None:
            return
        move = self.hint_move[1]
        if self.hint_stage >= 2:
            self.say(M_("Hint 2 of 2: play {move}", move=str(move)))
        elif self.hint_idea is not None:
            idea = self.hint_idea.text
            self.say(M_("Hint 1 of 2: {idea} (Hint again shows the move)", idea=idea))
        elif self.moves_piece(self.session.game, move):
            self.say(M_("Hint 1 of 2: this piece moves (Hint again shows the move)"))
        else:
            self.say(M_("Hint 1 of 2: the move goes here (Hint again shows the move)"))

    def shutdown(self, wait: float = JOIN_SECONDS) -> None:
        self.runner.shutdown(wait)


#: A placement's first hint with no corner to point at: the site and this many other empty
#: sites nearest to it.
AREA_SITES = 4


class PracticeBoard(Mode):
    """Practice as a board mode: its hints over the board while a puzzle of the collection
    is played (Solve mode has the clicks and Undo): which piece or the area of the corner
    at stake, then the move, and the refutation of a wrong move (a label on the computer's
    answer)."""

    name = "practice"

    def __init__(self, practice: Practice) -> None:
        self.practice = practice

    def layer(self, game: Game, ui: UI, frame: Frame) -> Frame:
        """The hint (which piece or the area, then the move) and the refutation of a
        wrong move (a label on the computer's answer)."""
        state = self.practice
        if not state.playing():
            return frame
        solver = state.solver
        if solver.refuted is not None and solver.status[0] == "failed" and game.move_stack:
            wrong, answer = solver.refuted
            if answer is not None and game.move_stack[-1] == answer:
                before = game.copy()
                before.pop()
                sites = ui.move_sites(before, answer) or ui.move_from(before, answer)
                if sites:
                    label = Label(sites[0], M_("refutes {move}", move=str(wrong)))
                    frame = dataclasses.replace(frame, labels=(*frame.labels, label))
            return frame
        if state.hint_move is None or state.hint_stage == 0:
            return frame
        here, move = state.hint_move
        if here != position_of(game):
            return frame
        if state.hint_stage >= 2:
            frame = ui.hint_frame(game, move, frame)
            sites = ui.move_sites(game, move) or ui.move_from(game, move)
            if sites:
                frame = dataclasses.replace(
                    frame, labels=(*frame.labels, Label(sites[0], M_("hint")))
                )
            return frame
        source = ui.move_from(game, move)
        if source:
            highlights = dict(frame.highlights)
            highlights["selected"] = (*highlights.get("selected", ()), *source)
            labels = (*frame.labels, Label(source[0], M_("this piece")))
            return dataclasses.replace(frame, highlights=highlights, labels=labels)
        idea = state.hint_idea
        if idea is not None:  # a placement: the idea, not the place
            found = [(ui.corner_site(game, c), c) for c in idea.corners]
            marks = [
                (site, M_("{corner} at stake", corner=str(c)))
                for site, c in found
                if site is not None
            ]
            if not marks:
                return frame
            regions = (*frame.regions, Region(tuple(site for site, _ in marks), "hint"))
            labels = (*frame.labels, *(Label(site, text) for site, text in marks))
            return dataclasses.replace(frame, regions=regions, labels=labels)
        area = self._area(game, ui, move)  # no idea found: where it goes, among a few
        if not area:
            return frame
        regions = (*frame.regions, Region(tuple(area), "hint"))
        labels = (*frame.labels, Label(area[0], M_("somewhere here")))
        return dataclasses.replace(frame, regions=regions, labels=labels)

    def _area(self, game: Game, ui: UI, move: Move) -> list[int]:
        """The move's site and the sites of the other legal moves nearest to it (a few):
        where a placement goes, without saying which."""
        target = ui.move_sites(game, move)
        if not target:
            return []
        others: set[int] = set()
        for other in game.legal_moves():
            if other != move:
                others.update(ui.move_sites(game, other))
        others -= set(target)
        centres = np.asarray(ui.geometry(game).centres)
        origin = centres[target[0]]
        near = sorted(others, key=lambda s: float(np.linalg.norm(centres[s] - origin)))
        area = [*target, *near[: AREA_SITES - 1]]
        return sorted(area)


# ---- Practice's words: where a side stands in the terms the game's rules report (its
# corners, else its counts), the idea of a winning line that a placement's first hint says
# instead of its place, and what a wrong move did in the same terms (Practice.miss_text)


def standing(game: Game, side: str, *, still: bool = False) -> str:
    """Where ``side`` stands, in the terms the game's rules report about a position (its
    summary): the corners it holds ('red holds NE, AP'), else each per-player count
    ('reserves: white 5, black 4'); '' when the game reports none. ``still``: nothing
    changed ('red still holds only NE, AP')."""
    extras = teaching_for(game).summary_extras(game)
    holders = extras.get("holders")
    if isinstance(holders, dict):
        held = ", ".join(str(c) for c, who in holders.items() if who == side)
        if not held and still:
            return M_("{side} still holds no corner", side=word(side))
        if not held:
            return M_("{side} holds no corner", side=word(side))
        if still:
            return M_("{side} still holds only {corners}", side=word(side), corners=held)
        return M_("{side} holds {corners}", side=word(side), corners=held)
    parts = [
        f"{key}: " + ", ".join(f"{who} {n}" for who, n in value.items())
        for key, value in extras.items()
        if isinstance(value, dict) and side in value
    ]
    return "; ".join(parts)


def held_corners(game: Game, side: str) -> list[str]:
    """The corners ``side`` holds, for a game whose summary reports them ([] otherwise)."""
    holders = teaching_for(game).summary_extras(game).get("holders")
    if not isinstance(holders, dict):
        return []
    return [str(c) for c, who in holders.items() if who == side]


@dataclasses.dataclass(frozen=True)
class Idea:
    """What a placement's first hint says instead of where: the words, and the corners it
    points at (the corner at stake, by name), possibly none."""

    text: str
    corners: tuple[str, ...] = ()


def idea_of(game: Game, side: str, line: list[Move]) -> Idea | None:
    """The idea of the winning ``line`` (``side``'s move first) from ``game``: the corners
    ``side`` takes by its end where the game reports corners (the corner at stake, pointed
    at on the board); else how the line ends (the rules' words for the result) and what
    changes on the way in the game's reported counts. None when the line does not play."""
    before = standing(game, side)
    corners = held_corners(game, side)
    end = game.copy()
    try:
        for move in line:
            end.push(move)
    except (IllegalMoveError, InvalidMoveError):
        return None
    gained = [c for c in held_corners(end, side) if c not in corners]
    at_once = len(line) == 1
    if gained:
        message = _AT_STAKE[len(gained) == 1, at_once]
        values = {"corners": ", ".join(gained), "side": word(side)}
        return Idea(Message(message, values=values), tuple(gained))
    result = describe_result(end)
    if not result:
        return None
    after = standing(end, side)
    changes = ""
    if after and after != before:
        # TRANSLATORS: a clause added to the idea of a winning line
        changes = M_("; watch the {before}, at the end {after}", before=before, after=after)
    if at_once:
        return Idea(M_("the idea: {result} (at once){changes}", result=result, changes=changes))
    return Idea(
        Mn_(
            "the idea: {result} (within {plies} ply){changes}",
            "the idea: {result} (within {plies} plies){changes}",
            len(line),
            result=result,
            plies=len(line),
            changes=changes,
        )
    )


#: The corners at stake of a winning line, by whether it is one corner and whether the
#: line wins at once.
_AT_STAKE = {
    (True, True): N_("the corner at stake: {corners} ({side} wins at once by taking it)"),
    (True, False): N_("the corner at stake: {corners} ({side} wins by taking it)"),
    (False, True): N_("the corners at stake: {corners} ({side} wins at once by taking them)"),
    (False, False): N_("the corners at stake: {corners} ({side} wins by taking them)"),
}


def miss_words(
    game: Game, goal: Goal, wrong: Move | None, answer: Move | None, key: str | None
) -> str:
    """What the ``wrong`` move did (refuted by ``answer``, maybe played last on ``game``)
    and what the goal needed, in the rules' terms ('0,0,1 does not win at once: red still
    holds only NE, AP; the win at once takes 3 corners'); ``key``: the written solution's
    first move; '' when there is nothing to add."""
    after = game.copy()
    if answer is not None and after.move_stack and after.move_stack[-1] == answer:
        after.pop()
    if wrong is None or not after.move_stack or after.move_stack[-1] != wrong:
        return ""
    if after.outcome() is not None:
        return ""  # the result says it
    before = after.copy()
    before.pop()
    side = goal.side
    where = standing(after, side, still=standing(before, side) == standing(after, side))
    if not where:
        return ""
    if goal.within != 1 or before.to_move != side:
        return M_("After {move}: {where}.", move=str(wrong), where=where)
    return M_(
        "{move} does not win at once: {where}{needs}.",
        move=str(wrong),
        where=where,
        needs=_win_needs(before, side, wrong, key),
    )


def _win_needs(before: Game, side: str, wrong: Move, key: str | None) -> str:
    """What the written key move (``key``) from ``before`` wins with, where it wins at
    once and is not the ``wrong`` move: '; the win at once takes 3 corners', else ''."""
    try:
        move = before.parse_move(key) if key else None
    except (InvalidMoveError, ValueError):
        return ""
    if move is None or move == wrong or before.why_illegal(move) is not None:
        return ""
    won = before.copy()
    won.push(move)
    outcome = won.outcome()
    if outcome is None or outcome.winner != side:
        return ""
    corners = held_corners(won, side)
    if corners:
        # TRANSLATORS: a clause added to what a wrong move did
        return M_("; the win at once takes {count} corners", count=len(corners))
    # TRANSLATORS: a clause added to what a wrong move did
    return M_("; the win at once: {result}", result=describe_result(won))
