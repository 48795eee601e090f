"""The lab's review of the game (Analysis > Review game), with no Qt in it: the game's line
judged move by move by :func:`model.search.review` on a runner of its own (Stop keeps the
moves judged so far), kept in the session (``Session.review``: saved into the file), and
"Make a puzzle of this": a puzzle of the position shown where the review found a missed
win, or a mistake that one move refutes, verified as Verify does (unique key move, no
cooks; :func:`model.search.make_puzzle`) before it is written into the folder of made
puzzles (:func:`model.userfiles.made_puzzles_folder`), which Practice then opens.

``changed(what, *args)`` announces what a front end shows:

- "started" (positions, seconds each): a review began;
- "progress" (fraction, text): how far it is;
- "stopping": Stop was asked, the moves judged so far come next;
- "reviewed" (review): the review came and is the session's;
- "stale": it came for a line that changed meanwhile (not kept);
- "dropped": another game came, the review under way was dropped;
- "verifying": a puzzle is being verified;
- "puzzle" (path or None): the puzzle was written, or not kept (said);
- "failed" (exception): the search failed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, Literal

from pyramid_lab.i18n import M_
from pyramid_lab.model import search
from pyramid_lab.model.files import SUFFIX, write
from pyramid_lab.model.game import Game, shorten
from pyramid_lab.model.review import FLAWED, GameReview, PuzzleSpot
from pyramid_lab.model.setup import start_copy
from pyramid_lab.model.userfiles import made_puzzles_folder
from pyramid_lab.model.words import reason_of

from .events import Signal
from .frame import Frame
from .jobs import JOIN_SECONDS, Job, JobRunner, Post, Progress
from .modes import Mode, Shown
from .session import saved_review

#: What ``Reviews.changed`` names first (the module's docstring says each and what follows).
ReviewChange = Literal[
    "started",
    "progress",
    "stopping",
    "reviewed",
    "stale",
    "dropped",
    "verifying",
    "puzzle",
    "failed",
]

if TYPE_CHECKING:
    from .bulletin import Say
    from .events import PositionChange
    from .game_ui import UI
    from .session import Session


#: A puzzle made of a review's spot (:func:`model.search.puzzles.make_puzzle`): the
#: puzzle's fields, or None and why not.
MadePuzzle = tuple[dict[str, Any] | None, str]


class Reviews:
    """The review of ``session``'s line, on a runner of its own (``post``: the front end's
    thread); ``in_setup`` says when set-up mode is on (no review then)."""

    def __init__(
        self, session: Session, say: Say, post: Post, in_setup: Callable[[], bool]
    ) -> None:
        self.session, self.say = session, say
        self.in_setup = in_setup
        self.changed: Signal[Concatenate[ReviewChange, ...]] = Signal()
        self._line_end: Game | None = None  # the reviewed line's last position, while busy
        self.runner: JobRunner[GameReview | MadePuzzle] = JobRunner(self._runner_game, post)
        self.runner.progressed.connect(lambda f, text: self.changed.emit("progress", f, text))
        self.runner.answered.connect(self._answered)
        self.runner.failed.connect(self._failed)
        self.seed: int | None = None  # tests make the searches repeatable
        self.last_puzzle: Path | None = None  # the last puzzle made (tests, the message)
        self._pending: tuple[Game, int, Path | None] | None = None  # the puzzle verified

    def _runner_game(self) -> Game:
        """The runner's position: the reviewed line's end while a review runs (browsing the
        game meanwhile drops nothing), else the position shown."""
        return self._line_end if self._line_end is not None else self.session.game

    @property
    def thinking(self) -> bool:
        return self.runner.thinking

    def current(self) -> GameReview | None:
        """The session's review while it judges the current line, else None."""
        return saved_review(self.session)

    def spot(self) -> PuzzleSpot | None:
        """The puzzle the review found at the position shown, or None."""
        review_now = self.current()
        return review_now.spot(self.session.ply) if review_now is not None else None

    def refusal(self) -> str:
        """Why the line cannot be reviewed now ('' when it can)."""
        if self.in_setup():
            return M_("no review in set-up mode: Apply or Cancel the set-up first")
        game = self.session.game
        why = search.unreviewable(game, knowledge=search.knowledge_for(game))
        if why is not None:
            return M_("no review: {reason}", reason=why)
        if not self.session.history():
            return M_("no review: the game has no moves yet")
        return ""

    # ---- actions ---------------------------------------------------------------------------

    def review(self, seconds: float) -> str:
        """Review the current line from its start, ``seconds`` a position (a review under
        way starts again); the refusal, said, when it may not ('' when it started)."""
        refused = self.refusal()
        if refused:
            self.say(refused)
            return refused
        session = self.session
        end = start_copy(session.game)
        for move in session.history():
            end.push(move)
        seed = self.seed
        count = len(end.move_stack) + 1

        def task(_copy: Game, progress: Progress, stop: threading.Event) -> GameReview:
            line = end.copy()
            return search.review(
                line,
                knowledge=search.knowledge_for(line),
                seconds=seconds,
                progress=progress,
                stop=stop,
                seed=seed,
            )

        self.runner.stop()
        self._line_end = end
        self.runner.run("review", task)
        self.changed.emit("started", count, seconds)
        each = format(seconds, "g")  # (a figure as it was written: '0.5', '2')
        self.say(
            M_("reviewing the game: {count} positions, {seconds} s each", count=count, seconds=each)
        )
        return ""

    def stop(self) -> bool:
        """End the review now: the moves judged so far are kept (False: none runs)."""
        if not self.runner.finish_once():
            return False
        self.changed.emit("stopping")
        self.say(M_("review stopped: the moves judged so far are shown"))
        return True

    def position_changed(self, reason: PositionChange) -> None:
        """Another game came: the review under way is void."""
        if reason in ("load", "new") and self.thinking:
            self.runner.stop()
            self._line_end = self._pending = None
            self.changed.emit("dropped")

    def make_puzzle(self) -> bool:
        """A puzzle of the position shown (a puzzle spot of the review), verified on the
        runner, then written into the folder of made puzzles (False, said: none here)."""
        if self.thinking:
            self.say(M_("the review is at work: wait for it, or Stop it, first"))
            return False
        spot = self.spot()
        if spot is None:
            self.say(
                M_(
                    "no puzzle here: pick a missed win or a mistake one move refutes "
                    "(the position before the missed win, after the mistake)"
                )
            )
            return False
        position = self.session.game.copy()
        source = self.session.path
        ply = self.session.ply

        def task(_copy: Game, progress: Progress, stop: threading.Event) -> MadePuzzle:
            progress(0.1, M_("verifying the puzzle: unique key move, no cooks"))
            return search.puzzles.make_puzzle(
                position,
                spot.within,
                spot.key,
                max_nodes=None,
                stop=stop,
                knowledge=search.knowledge_for(position),
            )

        self._line_end = position
        self.runner.run("puzzle", task)
        self._pending = (position, ply, source)
        self.changed.emit("verifying")
        self.say(M_("verifying the puzzle..."))
        return True

    def shutdown(self, wait: float = JOIN_SECONDS) -> None:
        self.runner.shutdown(wait)

    # ---- answers -----------------------------------------------------------------------

    def _answered(self, job: Job, result: GameReview | MadePuzzle) -> None:
        self._line_end = None
        if not isinstance(result, GameReview):  # a puzzle made (the "puzzle" job's)
            self.changed.emit("puzzle", self._keep_puzzle(result))
            return
        session = self.session
        if not result.covers(session.history()):
            self.changed.emit("stale")
            return
        session.set_review(result)
        self.changed.emit("reviewed", result)
        summary = result.summary()
        if result.stopped:
            said = M_(
                "review (stopped: the moves reached): {summary} (saved with the file)",
                summary=summary,
            )
        else:
            said = M_("review: {summary} (saved with the file)", summary=summary)
        self.say(said)

    def _failed(self, job: Job, exc: BaseException) -> None:
        self._line_end = None
        self.changed.emit("failed", exc)
        error = shorten(reason_of(exc))
        if job.purpose == "puzzle":
            self.say(M_("the puzzle search failed: {error}", error=error))
        else:
            self.say(M_("the review search failed: {error}", error=error))

    def _keep_puzzle(self, made: MadePuzzle) -> Path | None:
        puzzle, why = made
        if self._pending is None:
            return None
        position, ply, source = self._pending
        self._pending = None
        if puzzle is None:
            self.say(M_("not kept: {reason}", reason=why))
            return None
        where = source.name.removesuffix(SUFFIX) if source is not None else "a game"
        puzzle["notes"] = f"From {where}, after move {ply}."
        folder = made_puzzles_folder(position.name)
        # named after the game (its file, else the game's name) and the move
        stem = source.name.removesuffix(SUFFIX) if source is not None else position.name
        path = folder / f"{stem}-after-move-{ply}{SUFFIX}"
        number = 1
        while path.exists():
            number += 1
            path = folder / f"{stem}-after-move-{ply}-{number}{SUFFIX}"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write(path, position, puzzle)
        except OSError as exc:
            self.say(M_("puzzle not written: {error}", error=shorten(reason_of(exc))))
            return None
        self.last_puzzle = path
        self.say(
            M_(
                "puzzle made and verified: {name}, in Puzzles > My puzzles > {title} (made) "
                "to practise",
                name=path.name,
                title=position.title,
            )
        )
        return path


class ReviewBoard(Mode):
    """The review as a board mode: never has the board, only draws the better move of the
    move played from the position shown (a flawed move of the reviewed line), as the
    Hint's ghost."""

    name = "review"

    def __init__(self, reviews: Reviews, board: Shown) -> None:
        self.reviews = reviews
        self.board = board

    def layer(self, game: Game, ui: UI, frame: Frame) -> Frame:
        review_now = self.reviews.current()
        if review_now is None or self.board.setup is not None:
            return frame
        judged = review_now.at(len(game.move_stack) + 1)
        if judged is None or judged.verdict not in FLAWED or not judged.better:
            return frame
        try:
            move = game.parse_move(judged.better)
        except ValueError:
            return frame
        return ui.hint_frame(game, move, frame)
