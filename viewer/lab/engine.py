"""The computer player and Hint, Qt-free: who plays each seat (``seats``:
:mod:`viewer.lab.seats`), the search under way on the lab's
:class:`~viewer.lab.jobs.JobRunner`, Stop, Undo with the computer on, the hint (``hints``:
:class:`Hints`), and holding everything while a question is open. The one copy: the
window's ``viewer.desktop.engine.EngineControl`` only shows it (the progress bar, Stop, the hint
drawn) and the lab's tests drive it with no front end at all.

Stop and Undo pause the computer until the next move made on the board (so you can take
over) or a new choice of players, which switches it on again. The computer may play every
colour (it then takes at least ``pace`` seconds a move, so a game can be watched).

At a simultaneous node (every side hands in its part of a joint move in secret, as Pyramid
Ball's programs) the computer makes the parts of the colours it plays that the front's turn
still waits for (:meth:`Table.waiting_sides`), all in one job, and hands them to the turn
(:meth:`Table.submit`); the joint move is played when every part is in. Stop there lets
the humans make the computer's parts for this turn. A hint at a simultaneous node is the
part of the side whose turn the front has open (:meth:`Table.hint_side`).

The front's turn on the board as the computer player asks about it is its :class:`Table`
(the window's game UI and turn builder answer it: ``board.BoardTable``), and :class:`Bare`
the table with no front end (a script, the lab's tests). One concept over 600 lines: the
computer player, its hint, and what they ask of the board.

Its changes are announced by ``changed(what)``: "thinking" (a search began: the text is
``thinking_text``), "stopped" (it ended without an answer), "hint", "players"."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from pyramid_lab.i18n import M_, Message
from pyramid_lab.model import search
from pyramid_lab.model.game import SIMULTANEOUS, Game, IllegalMoveError, JointMove, Move
from pyramid_lab.model.words import reason_of

from .engine_words import book_ends, describe_choice, hint_words
from .events import EngineChange, PositionChange, Signal
from .frame import Frame
from .jobs import JOIN_SECONDS, EngineAnswer, HintAnswer, Job, JobRunner, position_of
from .level_names import LEVEL_NAMES
from .modes import Mode, Shown
from .outcome_words import joined, word
from .seats import Seats
from .session import Session
from .turn_builder import STEPPED, Declined, Ready, TurnAnswer

if TYPE_CHECKING:
    from .game_ui import UI


class Table(Protocol):
    """The front's turn on the board, as the computer player asks about it (the window's
    game UI and turn builder; :class:`Bare` with no front end)."""

    def in_setup(self) -> bool:
        """Set-up mode is on (no hint there)."""

    def busy(self) -> bool:
        """The board may not move now (set-up mode, an animation the UI plays)."""

    def computer_waits(self, game: Game) -> bool:
        """At a simultaneous node: the UI asks the computer to wait (a hand-over)."""

    def waiting_sides(self, game: Game) -> Sequence[int]:
        """At a simultaneous node: the sides whose parts are still due."""

    def hint_refusal(self, game: Game) -> str:
        """Why no hint is given here ('' when one is)."""

    def hint_side(self, game: Game) -> int | None:
        """At a simultaneous node: the side whose part a hint is for (None: none open)."""

    def submit(self, game: Game, side: int, move: Move) -> TurnAnswer:
        """The computer's part for ``side``: ``Ready`` with the joint move once every part
        is in, ``Declined`` with the reason, or ``Stepped`` while parts are still due."""

    def played(self, game: Game, mover: str, move: Move) -> str:
        """What the status line says of a move played."""

    def move_said(self, move: Move) -> str:
        """A move as the status line names it (the hint's)."""

    def hinted(self, game: Game, move: Move, words: str) -> None:
        """A hint came (a UI may show it in its dock; ``words``: the status bar's sentence
        on it, which a long one may not fit)."""

    def players_changed(self) -> None:
        """Who is being thought for changed (a UI's docks say it)."""


class Bare:
    """The table with no front end: nothing is busy, the computer makes a joint move only
    when it plays every side, and a hint at a simultaneous node is refused."""

    def __init__(self, seats: Seats) -> None:
        self.seats = seats
        self._parts: dict[int, Move] = {}
        self._node: tuple[Hashable, int] | None = None

    def in_setup(self) -> bool:
        return False

    def busy(self) -> bool:
        return False

    def computer_waits(self, game: Game) -> bool:
        return not self.seats.plays_all(game)  # a human hands in a part: a front's turn

    def waiting_sides(self, game: Game) -> Sequence[int]:
        return range(len(game.players))

    def hint_refusal(self, game: Game) -> str:
        return ""

    def hint_side(self, game: Game) -> int | None:
        raise ValueError("a hint at a simultaneous node is the window's (its open part)")

    def submit(self, game: Game, side: int, move: Move) -> TurnAnswer:
        node = position_of(game)
        if node != self._node:
            self._node, self._parts = node, {}
        self._parts[side] = move
        if len(self._parts) < len(game.players):
            return STEPPED
        parts, self._parts = self._parts, {}
        return Ready(JointMove(tuple(parts[s] for s in sorted(parts))))

    def played(self, game: Game, mover: str, move: Move) -> str:
        return M_("{mover} played {move}", mover=word(mover), move=str(move))

    def move_said(self, move: Move) -> str:
        return str(move)

    def hinted(self, game: Game, move: Move, words: str) -> None:
        pass

    def players_changed(self) -> None:
        pass


def parts_due(table: Table, game: Game) -> tuple[int, ...]:
    """At a simultaneous node the sides whose parts ``table`` still waits for; () else."""
    if game.current_player() == SIMULTANEOUS:
        return tuple(table.waiting_sides(game))
    return ()


class Engine:
    """Hint, who plays each colour, and the computer's moves, on ``runner``."""

    #: With the computer on every side, a move takes at least this long (seconds).
    pace = 0.6

    def __init__(
        self,
        session: Session,
        runner: JobRunner[EngineAnswer],
        say: Callable[[str], None],
        fail: Callable[[Job, BaseException], None],
        *,
        threads: Callable[[], int] = lambda: 1,
        table: Table | None = None,
        build_item: str = "",
    ) -> None:
        self.session = session
        self.runner = runner
        self.say = say  # the status line
        self.fail = fail  # a search failed: the front says it (its own way)
        self.threads = threads  # a hint's threads; the computer player searches on one
        self.changed: Signal[[EngineChange]] = Signal()
        self.seats = Seats()
        #: what the engine asks of the board on show (the front end's), else the bare one
        self.table: Table = table if table is not None else Bare(self.seats)
        #: After the computer's move, say its win rate and line (a spoiler in a game: off
        #: unless the player asks, Game > Show the computer's reckoning)
        self.show_reckoning = False
        self._holds = 0  # questions and file dialogs open (:meth:`held`): nothing starts
        #: Hint: asked of the position shown, searched here (``hints.shown``: the move)
        self.hints = Hints(self, build_item)
        self.seed: int | None = None  # tests make the searches repeatable
        self.thinking_text = ""
        self._thinking = ""  # the thinking text without what it waits for first
        #: The colours whose parts of a simultaneous turn the computer handed in last (the
        #: joint move waits for the humans'); () again when it next starts thinking
        self.parts_in: tuple[str, ...] = ()
        runner.answered.connect(self._on_answer)
        runner.preparing.connect(self._preparing)
        runner.failed.connect(self._on_failed)

    # ---- state ---------------------------------------------------------------------------

    @property
    def computer_thinking(self) -> bool:
        job = self.runner.job
        return job is not None and job.purpose == "play"

    def thinking_sides(self) -> tuple[int, ...]:
        """At a simultaneous node: the sides whose parts the computer is making now."""
        job = self.runner.job
        return job.sides if job is not None and job.purpose == "play" else ()

    def busy(self) -> str:
        """Why a click or a move is refused now ('' when it is not). At a simultaneous
        node the humans go on making their own parts while the computer makes its."""
        if self.computer_thinking and not self.thinking_sides():
            return M_("the computer is thinking: Stop to take over")
        return ""

    def start(self, purpose: str, level: str, sides: tuple[int, ...] = ()) -> Job:
        """Think for ``purpose`` ("play", "hint"); at a simultaneous node, for the parts of
        ``sides``."""
        game = self.session.game
        alone = purpose == "play" and all(c in self.seats.computer for c in game.players)
        pace = self.pace if alone else 0
        if sides:
            levels = {s: self.seats.computer.get(game.players[s], level) for s in sides}
            job = self.runner.start_parts(purpose, levels, seed=self.seed, min_seconds=pace)
            colours = joined(game.players[s] for s in sides)
            level = joined(_level(name) for name in dict.fromkeys(levels.values()))
        else:
            # a hint on every core the Analysis dock says (the same playouts, sooner); the
            # computer player on one, as its levels were matched
            threads = self.threads() if purpose == "hint" else 1
            job = self.runner.start(
                purpose, level, seed=self.seed, min_seconds=pace, threads=threads
            )
            colours, level = word(game.to_move), _level(level)
        self.thinking_text = self._thinking = _thinking(purpose, bool(sides), colours, level)
        self.parts_in = ()
        self.changed.emit("thinking")
        self.say(self.thinking_text)
        if sides:
            self.table.players_changed()  # its docks say who is being thought for
        return job

    # ---- actions -------------------------------------------------------------------------

    def stop(self) -> None:
        self.hints.waiting = None
        job = self.runner.stop()
        self.changed.emit("done")
        if job is None:
            self.changed.emit("stopped")
            return
        if job.purpose == "play":
            self.seats.paused = True
            game = self.session.game
            if job.sides:
                colours = joined((game.players[s] for s in job.sides), " and ")
                self.say(
                    M_(
                        "stopped: make {colours}'s part of this turn yourself (the computer "
                        "plays again on the next turn)",
                        colours=colours,
                    )
                )
            elif all(c in self.seats.computer for c in game.players):
                self.say(
                    M_(
                        "stopped: make a move, or choose the players in the Game menu, and "
                        "the computer goes on"
                    )
                )
            else:
                self.say(M_("stopped: your move (the computer plays again after it)"))
            self.table.players_changed()
        else:
            self.say(M_("hint stopped"))
        self.changed.emit("stopped")

    def interrupt(self) -> None:
        """Drop the search under way without pausing the computer (set-up mode begins: it
        thinks again on the position that comes out of it)."""
        if self.runner.stop() is not None:
            self.changed.emit("done")
            self.table.players_changed()

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """No move is played meanwhile (a question or a file dialog is open: the game asked
        about would change under it): the search under way is dropped, nothing starts, and
        afterwards the computer thinks again if it is still to move. Holds nest: only the
        outermost ends the hold."""
        self.interrupt()
        self._holds += 1
        try:
            yield
        finally:
            self._holds -= 1
            if not self._holds:
                self.consider()

    def set_player(self, colour: str, level: str | None) -> None:
        """``colour`` is played by the computer at ``level``, or by a human (None)."""
        game = self.session.game
        was_thinking = self.computer_thinking and (
            game.players.index(colour) in self.thinking_sides() if colour in game.players else False
        )
        mover = game.current_player() >= 0 and game.to_move == colour
        if not self.seats.set(game, colour, level):
            return
        if was_thinking or (self.computer_thinking and mover):
            self.runner.stop()  # a human now, or another level: think again (or not)
            self.changed.emit("done")
        self.changed.emit("players")
        self.consider()

    def choose_players(self, computer: Mapping[str, str]) -> bool:
        """The New game dialog's choice, before its game comes: the computer plays these
        colours (colour -> level), humans the others (none: every seat to a human, as a
        file opened says nothing of who plays). Nothing starts here: the new position
        starts the computer if it is to move. True when the computer played a seat."""
        had = bool(self.seats.computer)
        self.seats.choose(computer)
        self.changed.emit("players")
        return had

    # ---- the position --------------------------------------------------------------------

    def position_changed(self, reason: PositionChange) -> None:
        """After every change of position: a search for the last one is void, and so is a
        hint of another position."""
        if reason == "saved":
            return
        self.hints.forget_elsewhere()
        if self.runner.thinking:
            self.runner.stop()
            self.changed.emit("done")
        self.consider()

    def human_move(self) -> None:
        """A move made on the board: the computer may answer again."""
        self.seats.paused = False

    def undo(self) -> None:
        """Undo with the computer on: stop it; take back its move and yours."""
        session = self.session
        thinking = self.computer_thinking
        self.seats.paused = True
        if thinking:
            self.runner.stop()
            self.changed.emit("done")
        session.undo()
        game = session.game
        if game.current_player() == SIMULTANEOUS:
            # a joint move held every side's part: each side makes its part again, the
            # computer too (nothing of the human's is lost by its thinking)
            self.seats.paused = False
            self.table.players_changed()
            self.consider()
            return
        # that was the computer's move: yours goes too, and any move of the computer's before
        # it (Rolling's draft gives a side two in a row): the undo ends where you decide
        everyone = all(c in self.seats.computer for c in game.players)
        while not thinking and session.can_undo and self._computer_sides(session.game):
            session.undo()
            if everyone:
                break
        self.table.players_changed()

    def _computer_sides(self, game: Game) -> tuple[int, ...]:
        """The sides the computer should move for now: the side to move, or at a
        simultaneous node each side of its whose part the turn still waits for."""
        return self.seats.sides(game, parts_due(self.table, game))

    def consider(self) -> None:
        """Start the computer when it is to move (and not paused, held or busy; at a
        simultaneous node, not while the front asks it to wait)."""
        game = self.session.game
        if self._holds or self.seats.paused or self.runner.thinking or self.table.busy():
            return
        if game.is_over():
            return
        sides = self._computer_sides(game)
        if not sides:
            return
        if game.current_player() == SIMULTANEOUS:
            if self.table.computer_waits(game):
                return
            self.start("play", "", sides)
        else:
            self.start("play", self.seats.computer[game.to_move])

    # ---- answers -------------------------------------------------------------------------

    def _preparing(self, text: str) -> None:
        """The job waits for the compiled search first (its first use in this process): the
        thinking text says so, and the status line once; '' once the search started."""
        self.thinking_text = (
            M_("{thinking} First: {step}...", thinking=self._thinking, step=text)
            if text
            else self._thinking
        )
        self.changed.emit("thinking")
        if text:
            self.say(text)

    def _on_answer(self, job: Job, result: EngineAnswer) -> None:
        self.changed.emit("done")
        if isinstance(result, dict):  # a simultaneous node's parts
            self._on_parts(job, result)
            return
        hint = result if isinstance(result, HintAnswer) else None
        choice = result.choice if isinstance(result, HintAnswer) else result
        if choice.move is None:
            self.say(M_("the engine found no move"))
            self.changed.emit("stopped")
            return
        if hint is not None:
            self.hints.answered(job, hint)
            return
        game = self.session.game
        mover = game.to_move
        try:
            self.session.play(choice.move)  # (an illegal one is said, never played)
        except IllegalMoveError as exc:  # an engine bug: said, never played
            self.say(M_("the computer's move was illegal: {error}", error=reason_of(exc)))
            return
        text = self.table.played(self.session.game, mover, choice.move)
        if self.show_reckoning:
            how = describe_choice(choice) if choice.judged else choice.agent  # (may be secret)
            self.say(M_("{played} (computer: {how})", played=text, how=how))
        else:
            self.say(M_("{played} (computer)", played=text))

    def _on_parts(self, job: Job, choices: dict[int, search.Choice]) -> None:
        """A simultaneous node's parts: a hint is drawn; the computer's parts go to the
        turn, and the joint move is played once every part is in."""
        game = self.session.game
        if job.purpose == "hint":
            side, choice = next(iter(choices.items()))
            if choice.move is None:
                self.say(M_("the engine found no move"))
                self.changed.emit("stopped")
                return
            self.hints.answered_part(job, side, choice.move, choice)
            return
        result: TurnAnswer = STEPPED
        for side, choice in choices.items():
            if choice.move is None:
                self.say(
                    M_("the computer found no move for {colour}", colour=word(game.players[side]))
                )
                continue
            result = self.table.submit(game, side, choice.move)
            if isinstance(result, Declined):  # an engine bug: said, never played
                self.say(
                    M_(
                        "the computer's part for {colour}: {refusal}",
                        colour=word(game.players[side]),
                        refusal=word(result.reason),
                    )
                )
                self.table.players_changed()
                self.changed.emit("stopped")
                return
        self.table.players_changed()
        if isinstance(result, Ready):
            mover = game.to_move
            try:
                self.session.play(result.move)
            except IllegalMoveError as exc:
                self.say(M_("the joint move was illegal: {error}", error=reason_of(exc)))
                return
            self.say(self.table.played(self.session.game, mover, result.move))
        else:
            # the front says the part is in (hidden); the status line keeps what the last
            # turn did (a message here replaced it at once against the computer), or says
            # the part is in where it still says the computer thinks (``parts_in``)
            self.parts_in = tuple(game.players[side] for side in choices)
            self.changed.emit("stopped")
            self.hints.give_waiting()

    def _on_failed(self, job: Job, exc: BaseException) -> None:
        self.changed.emit("done")
        if job.sides:
            self.table.players_changed()
        self.fail(job, exc)

    def shutdown(self, wait: float = JOIN_SECONDS) -> None:
        self.runner.shutdown(wait)


class Hints:
    """The hint: ``shown`` (position key, ply, move) once a search answered, ``level``
    the search's unless the game has its own players; the engine's "hint" after each.

    A hint searches for the side to move (the computer player's search, on the engine's
    runner); the move hinted is drawn while its position is on show, and said. A hint
    never names a move the book proves lost while one not proven lost is left
    (:func:`model.search.books.proven_choice`, looked up on the hint's job: the book's key
    is compiled, and its first call waits for numba's compiler lock, which another job's
    compile may hold for a minute or more).

    At a simultaneous node a hint is the part of the side whose turn the front has open
    (:meth:`Table.hint_side`); asked while the computer makes its own part, it waits and
    comes as soon as that part is in (:meth:`give_waiting`), for the same side at the same
    position only."""

    def __init__(self, engine: Engine, build_item: str) -> None:
        self.engine = engine
        #: the front end's way to build a table where the book ends (a hint's words)
        self.build_item = build_item
        self.level = "strong"  # a hint is worth the wait (progress bar, Stop)
        self.shown: tuple[Hashable, int, Move] | None = None  # (position key, ply, move)
        # a hint asked at a simultaneous node while the computer made its own part: the side
        # and the position (its key and ply), given as soon as the computer's part is in
        self.waiting: tuple[int, Hashable, int] | None = None

    def ask(self, level: str | None = None) -> Job | None:
        """Search the position shown for the side to move (at ``level``, else the game's
        own best player or ``level``); the answer is ``shown``. None: refused, said."""
        engine = self.engine
        game = engine.session.game
        refused = self._refusal(game)
        if refused:
            engine.say(refused)
            return None
        sides: tuple[int, ...] = ()
        if game.current_player() == SIMULTANEOUS:
            side = engine.table.hint_side(game)
            if side is None:
                engine.say(M_("no hint now: no side is making its part of the turn here"))
                return None
            if engine.computer_thinking:
                # the computer programs its side meanwhile: the hint (of this side's own
                # information only) comes as soon as the computer's part is in
                self.waiting = (side, game.position_key(), len(game.move_stack))
                engine.say(
                    M_(
                        "hint for {colour}: asked; it comes as soon as the computer has "
                        "programmed its side",
                        colour=word(game.players[side]),
                    )
                )
                return None
            sides = (side,)
        if self.shown is not None:  # the last hint goes from the board while this one is
            self.shown = None  # searched (a second H mid-turn left its ghost drawn)
            engine.changed.emit("hint")
        return engine.start("hint", self._best_level(game) if level is None else level, sides)

    def _refusal(self, game: Game) -> str:
        """Why no hint is given now ('' when one is)."""
        if self.engine.table.in_setup():
            return M_("no hint in set-up mode")
        if game.is_over():
            return M_("the game is over: no hint")
        if self.engine.computer_thinking and not self.engine.thinking_sides():
            return self.engine.busy()
        return self.engine.table.hint_refusal(game)

    def _best_level(self, game: Game) -> str:
        """The game's own best player, else ``level``."""
        own = search.computer.own_levels(game)
        return own[-1] if own else self.level

    def move(self) -> Move | None:
        """The hinted move while its position is shown, else None."""
        if self.shown is None:
            return None
        key, ply, move = self.shown
        return move if position_of(self.engine.session.game) == (key, ply) else None

    def forget_elsewhere(self) -> None:
        """The position changed: a hint of another position goes (the board drew it only
        on its own position)."""
        if self.shown is not None and self.move() is None:
            self.shown = None

    def answered(self, job: Job, hint: HintAnswer) -> None:
        """The search's choice for the side to move, as the book left it, shown and said.
        The book was looked up on the hint's job (:func:`.jobs.hint_answer`: never a move
        the book proves lost while one not proven lost is left): its key is compiled, and a
        first call here waited for another job's compile."""
        move = hint.choice.move
        assert move is not None  # (the engine said a choice of no move)
        said = self.engine.table.move_said(move)
        ends = book_ends(self.build_item) if hint.book_ends else ""
        self._show(job, move, hint_words(hint.choice, hint.proven, ends, said=said))

    def answered_part(self, job: Job, side: int, move: Move, choice: search.Choice) -> None:
        """The search's ``choice`` of ``side``'s part at a simultaneous node."""
        game = self.engine.session.game
        words = M_(
            "hint for {colour}: {choice}",
            colour=word(game.players[side]),
            choice=describe_choice(choice, part=True),
        )
        self._show(job, move, words)

    def _show(self, job: Job, move: Move, words: str) -> None:
        """The hinted ``move`` of ``job``'s position drawn on the board and said."""
        self.shown = (job.key, job.ply, move)
        self.engine.table.hinted(self.engine.session.game, move, words)
        self.engine.changed.emit("hint")
        self.engine.say(words)

    def give_waiting(self) -> None:
        """The hint asked while the computer made its part, now that the part is in: for
        the same side at the same position only (else forgotten)."""
        waiting, self.waiting = self.waiting, None
        if waiting is None:
            return
        side, key, ply = waiting
        game = self.engine.session.game
        if (
            game.current_player() != SIMULTANEOUS
            or game.position_key() != key
            or len(game.move_stack) != ply
            or self.engine.table.hint_side(game) != side
        ):
            return
        self.engine.start("hint", self._best_level(game), (side,))


def _level(level: str) -> Message:
    """A computer player's level as a word of a sentence (its name in the catalog's words;
    one the catalog lacks as it is)."""
    return Message(LEVEL_NAMES.get(level, level))


def _thinking(purpose: str, parts: bool, colours: str, level: str) -> Message:
    """The line that says who thinks, for ``purpose`` ("hint" or "play"), ``parts``: at
    a simultaneous node, for the parts of ``colours``; ``level``: the computer's level."""
    if purpose == "hint" and not parts:
        return M_("hint is thinking ({level})...", level=level)
    if purpose == "hint":
        return M_("hint for {colours} is thinking ({level})...", colours=colours, level=level)
    return M_("the computer ({colours}) is thinking ({level})...", colours=colours, level=level)


class ComputerBoard(Mode):
    """The computer player as a board mode: on while it plays a colour or thinks; a click
    waits while it thinks (the prompt says who); Undo takes back its move and yours,
    after the turn half built (play's); over the board, the hint."""

    name = "computer"

    def __init__(self, engine: Engine, board: Shown) -> None:
        self.engine = engine
        self.board = board

    def active(self) -> bool:
        return bool(self.engine.seats.computer) or self.engine.computer_thinking

    def busy(self) -> str:
        return self.engine.busy()

    def undo(self) -> bool:
        if not self.engine.seats.computer or self.board.turn.building:
            return False
        self.engine.undo()  # the computer's move and yours; it waits for your move
        return True

    def layer(self, game: Game, ui: UI, frame: Frame) -> Frame:
        """The hint while its position shows: the UI draws the hinted move
        (:meth:`GameUI.hint_frame`: by default a ghost piece where it puts one, rims where
        it comes from and on what it removes)."""
        hint = self.engine.hints.move()
        return frame if hint is None else ui.hint_frame(game, hint, frame)

    def prompt(self) -> str:
        return self.engine.thinking_text if self.engine.busy() else ""
