"""The puzzle of the open file, made, with no Qt in it: the state behind the window's Puzzle
dock (:mod:`viewer.desktop.puzzle` shows it and binds its fields to it).

Its title, goal (a side "wins within N moves", kept in plies), notes and solution are edited
into the session's puzzle at once, each edit checked with ``model.puzzle.check_puzzle`` (a
solution must also replay from the puzzle position: one that does not is refused, and the
file keeps the last good one). The puzzle position is the position the file was opened at
(or a set-up applied, or the file last saved at); the moves played since it can become the
solution. Verify's verdict is held with the position it was proven at."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, Literal

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

from .count_words import moves_said, plies_said
from .frame import Frame, Label
from .jobs import position_of
from .outcome_words import joined, word

if TYPE_CHECKING:
    from .bulletin import Say
    from .events import PositionChange
    from .game_ui import UI
    from .session import Session
    from .setup_editor import SetupEditor


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
