"""The computer player and Hint, Qt-free: who plays each seat (:mod:`viewer.lab.seats`),
the search under way on the lab's :class:`~viewer.lab.jobs.JobRunner`, Stop, Undo with the
computer on, the hint, and holding everything while a question is open. The one copy: the
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

Its changes are announced by ``changed(what)``: "thinking" (a search began: the text is
``thinking_text``), "stopped" (it ended without an answer), "hint", "players"."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Literal, Protocol

from pyramid_lab.model import search
from pyramid_lab.model.game import SIMULTANEOUS, Game, IllegalMoveError, JointMove, Move

from .events import Signal
from .frame import Frame
from .jobs import Job, JobRunner, answer, position_of
from .modes import Mode, Shown
from .seats import Seats
from .session import PositionChange, Session
from .table_build import with_build_item

if TYPE_CHECKING:
    from .game_ui import UI

#: What the engine announces (``Engine.changed``): "thinking" (a search began), "done" (it
#: ended: the bar goes), "stopped" (ended with nothing to play: the board shows that),
#: "hint", "players" (who plays a seat changed).
EngineChange = Literal["thinking", "done", "stopped", "hint", "players"]


def describe_choice(choice: search.Choice, *, part: bool = False) -> str:
    """'1,0,0 (win rate 63%, 100 playouts, line 1,0,0 0,0,1)'. With ``part`` (one side's
    part of a joint move, judged against a sample of the other sides' likely parts) the
    rate is said as what it is."""
    if not choice.judged:  # a game's own simple player: it says no chances
        return f"{choice.move} ({choice.agent})"
    parts = []
    if part:
        parts.append(
            f"better off after the turn against {round(choice.win_rate * 100)}% of the likely"
            " replies it sampled; the real reply may differ"
        )
    elif choice.proven is not None:
        plies = f" in {choice.plies} plies" if choice.plies else ""
        parts.append(f"proven {choice.proven}{plies}")
    else:
        parts.append(f"win rate {round(choice.win_rate * 100)}%")
    if choice.visits:
        parts.append(f"{choice.visits} {'nodes' if choice.score is not None else 'playouts'}")
    if len(choice.pv) > 1:
        parts.append("line " + " ".join(choice.pv[:5]))
    return f"{choice.move} ({', '.join(parts)})"


def book_end(game: Game, build_item: str = "") -> str:
    """'; the book ends here: ...' where the game's book ends at ``game`` (what it knows,
    and what would give every move exactly: Pyraos's whole table, with the command that
    builds it, and ``build_item``: the front end's way, the window's menu item), else ''."""
    book = search.books.book_for(game)
    words = book.book_end(game) if book is not None else ""
    return f"; {with_build_item(words, build_item)}" if words else ""


def book_ends(game: Game, build_item: str = "") -> str:
    """Where the game's book ends at ``game``, the way to every move's exact value in a
    few words (the front end's ``build_item``, else the command), for a line as short as
    the Hint's: 'exact: Analysis > Build the whole-game table'; '' where it does not end
    (the Analysis dock and ``analyze`` say it whole: :func:`book_end`)."""
    if not book_end(game):
        return ""
    return f"exact: {build_item or '`pyramid-lab endgame build --whole`'}"


def hint_words(choice: search.Choice, proven: str, ends: str) -> str:
    """The Hint's line: the move and what is known of it, then what the book proves of
    the moves (``proven``) and how to know every move exactly (``ends``), short enough to
    be read whole in a status bar (issue 89: one of 2,839 px was cut in 866); with
    neither, the search's full account (:func:`describe_choice`)."""
    if not proven and not ends:
        return f"hint: {describe_choice(choice)}"
    if choice.proven is not None:
        plies = f" in {choice.plies} plies" if choice.plies else ""
        known = f"proven {choice.proven}{plies}"
    else:
        known = f"win rate {round(choice.win_rate * 100)}%"
    return "; ".join(part for part in (f"hint: {choice.move} ({known})", proven, ends) if part)


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

    def submit(self, game: Game, side: int, move: Move) -> Move | str | None:
        """The computer's part for ``side``: the joint move once every part is in, a
        refusal (str), or None while parts are still due."""

    def played(self, game: Game, mover: str, move: Move) -> str:
        """What the status line says of a move played."""

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

    def submit(self, game: Game, side: int, move: Move) -> Move | str | None:
        node = position_of(game)
        if node != self._node:
            self._node, self._parts = node, {}
        self._parts[side] = move
        if len(self._parts) < len(game.players):
            return None
        parts, self._parts = self._parts, {}
        return JointMove(tuple(parts[s] for s in sorted(parts)))

    def played(self, game: Game, mover: str, move: Move) -> str:
        return f"{mover} played {move}"

    def hinted(self, game: Game, move: Move, words: str) -> None:
        pass

    def players_changed(self) -> None:
        pass


class Engine:
    """Hint, who plays each colour, and the computer's moves, on ``runner``."""

    #: With the computer on every side, a move takes at least this long (seconds).
    pace = 0.6

    def __init__(
        self,
        session: Session,
        runner: JobRunner,
        say: Callable[[str], None],
        fail: Callable[[Job, BaseException], None],
        *,
        threads: Callable[[], int] = lambda: 1,
        table: Table | None = None,
        build_item: str = "",
    ) -> None:
        self.session = session
        #: the front end's way to build a table where the book ends (a hint's words)
        self.build_item = build_item
        self.runner = runner
        self.say = say  # the status line
        self.fail = fail  # a search failed: the front says it (its own way)
        self.threads = threads  # a hint's threads; the computer player searches on one
        self.changed: Signal[[EngineChange]] = Signal()
        self.seats = Seats()
        #: what the engine asks of the board on show (the front end's), else the bare one
        self.table: Table = table if table is not None else Bare(self.seats)
        self.hint_level = "strong"  # a hint is worth the wait (progress bar, Stop)
        #: After the computer's move, say its win rate and line (a spoiler in a game: off
        #: unless the player asks, Game > Show the computer's reckoning)
        self.show_reckoning = False
        self._holds = 0  # questions and file dialogs open (:meth:`held`): nothing starts
        self.hint: tuple[Hashable, int, Move] | None = None  # (position key, ply, move) shown
        # a hint asked at a simultaneous node while the computer made its own part: the side
        # and the position (its key and ply), given as soon as the computer's part is in
        self.hint_waiting: tuple[int, Hashable, int] | None = None
        self.seed: int | None = None  # tests make the searches repeatable
        self.thinking_text = ""
        self._thinking = ""  # the thinking text without what it waits for first
        #: The colours whose parts of a simultaneous turn the computer handed in last (the
        #: joint move waits for the humans'); () again when it next starts thinking
        self.parts_in: tuple[str, ...] = ()
        runner.answered.connect(self._on_answer)
        runner.preparing.connect(self._preparing)
        runner.failed.connect(self._on_failed)

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def computer(self) -> dict[str, str]:
        """colour -> level, for the colours the computer plays (the seats')."""
        return self.seats.computer

    @property
    def paused(self) -> bool:
        """Stop or Undo: the computer waits for a move on the board (the seats')."""
        return self.seats.paused

    @paused.setter
    def paused(self, paused: bool) -> None:
        self.seats.paused = paused

    # ---- state ---------------------------------------------------------------------------

    @property
    def thinking(self) -> bool:
        return self.runner.thinking

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
            return "the computer is thinking: Stop to take over"
        return ""

    def playing(self) -> dict[str, str]:
        """colour -> level of the colours the computer plays now: none while it is paused
        at a simultaneous node (the humans make its parts of this turn)."""
        if self.paused and self.game.current_player() == SIMULTANEOUS:
            return {}
        return dict(self.computer)

    def _start(self, purpose: str, level: str, sides: tuple[int, ...] = ()) -> Job:
        """Think for ``purpose``; at a simultaneous node, for the parts of ``sides``."""
        game = self.game
        alone = purpose == "play" and all(c in self.computer for c in game.players)
        pace = self.pace if alone else 0
        if sides:
            levels = {s: self.computer.get(game.players[s], level) for s in sides}
            job = self.runner.start_parts(purpose, levels, seed=self.seed, min_seconds=pace)
            colours = ", ".join(game.players[s] for s in sides)
            level = ", ".join(dict.fromkeys(levels.values()))
        else:
            # a hint on every core the Analysis dock says (the same playouts, sooner); the
            # computer player on one, as its levels were matched
            threads = self.threads() if purpose == "hint" else 1
            job = self.runner.start(
                purpose, level, seed=self.seed, min_seconds=pace, threads=threads
            )
            colours = game.to_move
        if purpose == "hint":
            who = "hint" if not sides else f"hint for {colours}"
        else:
            who = f"the computer ({colours})"
        self.thinking_text = self._thinking = f"{who} is thinking ({level})..."
        self.parts_in = ()
        self.changed.emit("thinking")
        self.say(self.thinking_text)
        if sides:
            self.table.players_changed()  # its docks say who is being thought for
        return job

    # ---- actions -------------------------------------------------------------------------

    def ask_hint(self, level: str | None = None) -> Job | None:
        """Search the position shown for the side to move (at ``level``, else the game's
        own best player or ``hint_level``); the answer is ``hint``. None: refused, said."""
        game = self.game
        if self.table.in_setup():
            self.say("no hint in set-up mode")
            return None
        if game.is_over():
            self.say("the game is over: no hint")
            return None
        if self.computer_thinking and not self.thinking_sides():
            self.say(self.busy())
            return None
        refused = self.table.hint_refusal(game)
        if refused:
            self.say(refused)
            return None
        sides: tuple[int, ...] = ()
        if game.current_player() == SIMULTANEOUS:
            side = self.table.hint_side(game)
            if side is None:
                self.say("no hint now: no side is making its part of the turn here")
                return None
            if self.computer_thinking:
                # the computer programs its side meanwhile: the hint (of this side's own
                # information only) comes as soon as the computer's part is in
                self.hint_waiting = (side, game.position_key(), len(game.move_stack))
                self.say(
                    f"hint for {game.players[side]}: asked; it comes as soon as the computer "
                    "has programmed its side"
                )
                return None
            sides = (side,)
        if level is None:
            own = search.computer.own_levels(game)  # a game's own players: its best one hints
            level = own[-1] if own else self.hint_level
        self.hint = None
        return self._start("hint", level, sides)

    def stop(self) -> None:
        self.hint_waiting = None
        job = self.runner.stop()
        self.changed.emit("done")
        if job is None:
            self.changed.emit("stopped")
            return
        if job.purpose == "play":
            self.paused = True
            game = self.game
            if job.sides:
                colours = " and ".join(game.players[s] for s in job.sides)
                self.say(
                    f"stopped: make {colours}'s part of this turn yourself (the computer "
                    "plays again on the next turn)"
                )
            elif all(c in self.computer for c in game.players):
                self.say(
                    "stopped: make a move, or choose the players in the Game menu, and the "
                    "computer goes on"
                )
            else:
                self.say("stopped: your move (the computer plays again after it)")
            self.table.players_changed()
        else:
            self.say("hint stopped")
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
        game = self.game
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

    def choose_players(self, computer: Mapping[str, str]) -> None:
        """The New game dialog's choice, before its game comes: the computer plays these
        colours (colour -> level), humans the others. Nothing starts here: the new position
        starts the computer if it is to move."""
        self.seats.choose(computer)
        self.changed.emit("players")

    def keep_players(self, players: tuple[str, ...] | list[str]) -> None:
        """Another game came: colours it does not have, and levels it does not offer, are
        forgotten."""
        self.seats.keep(self.game, players)

    def release_players(self) -> bool:
        """Every seat to a human (a file opened says nothing of who plays); True when the
        computer played one."""
        had = bool(self.computer)
        self.choose_players({})
        return had

    # ---- the position --------------------------------------------------------------------

    def position_changed(self, reason: PositionChange) -> None:
        """After every change of position: a search for the last one is void, and so is a
        hint of another position."""
        if reason == "saved":
            return
        if self.hint is not None and self.hint_move() is None:
            self.hint = None  # (the board drew it only on its own position)
        if self.runner.thinking:
            self.runner.stop()
            self.changed.emit("done")
        self.consider()

    def human_move(self) -> None:
        """A move made on the board: the computer may answer again."""
        self.paused = False

    def undo(self) -> None:
        """Undo with the computer on: stop it; take back its move and yours."""
        session = self.session
        thinking = self.computer_thinking
        self.paused = True
        if thinking:
            self.runner.stop()
            self.changed.emit("done")
        session.undo()
        game = self.game
        if game.current_player() == SIMULTANEOUS:
            # a joint move held every side's part: each side makes its part again, the
            # computer too (nothing of the human's is lost by its thinking)
            self.paused = False
            self.table.players_changed()
            self.consider()
            return
        # that was the computer's move: yours goes too, and any move of the computer's before
        # it (Rolling's draft gives a side two in a row): the undo ends where you decide
        everyone = all(c in self.computer for c in game.players)
        while not thinking and session.can_undo and self._computer_sides(self.game):
            session.undo()
            if everyone:
                break
        self.table.players_changed()

    def _computer_sides(self, game: Game) -> tuple[int, ...]:
        """The sides the computer should move for now: the side to move, or at a
        simultaneous node each side of its whose part the turn still waits for."""
        waiting: tuple[int, ...] = ()
        if game.current_player() == SIMULTANEOUS:
            waiting = tuple(self.table.waiting_sides(game))
        return self.seats.sides(game, waiting)

    def consider(self) -> None:
        """Start the computer when it is to move (and not paused, held or busy; at a
        simultaneous node, not while the front asks it to wait)."""
        game = self.game
        if self._holds or self.paused or self.runner.thinking or self.table.busy():
            return
        if game.is_over():
            return
        sides = self._computer_sides(game)
        if not sides:
            return
        if game.current_player() == SIMULTANEOUS:
            if self.table.computer_waits(game):
                return
            self._start("play", "", sides)
        else:
            self._start("play", self.computer[game.to_move])

    # ---- answers -------------------------------------------------------------------------

    def _preparing(self, text: str) -> None:
        """The job waits for the compiled search first (its first use in this process): the
        thinking text says so, and the status line once; '' once the search started."""
        self.thinking_text = f"{self._thinking} First: {text}..." if text else self._thinking
        self.changed.emit("thinking")
        if text:
            self.say(text)

    def _on_answer(self, job: Job, choice: object) -> None:
        self.changed.emit("done")
        if not isinstance(choice, search.Choice):  # a simultaneous node's parts
            self._on_parts(job, answer(dict, choice))
            return
        if choice.move is None:
            self.say("the engine found no move")
            self.changed.emit("stopped")
            return
        game = self.game
        if job.purpose == "hint":
            # never a move the book proves lost while one not proven lost is left (a
            # millisecond a move: the book's values of the positions after them)
            hinted, proven = search.books.proven_choice(
                game, choice, knowledge=search.knowledge_for(game)
            )
            words = hint_words(hinted, proven, book_ends(game, self.build_item))
            self._show_hint(job, hinted.move or choice.move, words)
            return
        mover = game.to_move
        try:
            self.session.play(choice.move)  # (an illegal one is said, never played)
        except IllegalMoveError as exc:  # an engine bug: said, never played
            self.say(f"the computer's move was illegal: {exc}")
            return
        text = self.table.played(self.game, mover, choice.move)
        if self.show_reckoning:
            how = describe_choice(choice) if choice.judged else choice.agent  # (may be secret)
            self.say(f"{text} (computer: {how})")
        else:
            self.say(f"{text} (computer)")

    def _show_hint(self, job: Job, move: Move, words: str) -> None:
        """The hinted ``move`` of ``job``'s position drawn on the board and said."""
        self.hint = (job.key, job.ply, move)
        self.table.hinted(self.game, move, words)
        self.changed.emit("hint")
        self.say(words)

    def _on_parts(self, job: Job, choices: dict[int, search.Choice]) -> None:
        """A simultaneous node's parts: a hint is drawn; the computer's parts go to the
        turn, and the joint move is played once every part is in."""
        game = self.game
        if job.purpose == "hint":
            side, choice = next(iter(choices.items()))
            if choice.move is None:
                self.say("the engine found no move")
                self.changed.emit("stopped")
                return
            words = f"hint for {game.players[side]}: {describe_choice(choice, part=True)}"
            self._show_hint(job, choice.move, words)
            return
        result: Move | str | None = None
        for side, choice in choices.items():
            if choice.move is None:
                self.say(f"the computer found no move for {game.players[side]}")
                continue
            result = self.table.submit(game, side, choice.move)
            if isinstance(result, str):  # an engine bug: said, never played
                self.say(f"the computer's part for {game.players[side]}: {result}")
                self.table.players_changed()
                self.changed.emit("stopped")
                return
        self.table.players_changed()
        if isinstance(result, Move):
            mover = game.to_move
            try:
                self.session.play(result)
            except IllegalMoveError as exc:
                self.say(f"the joint move was illegal: {exc}")
                return
            self.say(self.table.played(self.game, mover, result))
        else:
            # the front says the part is in (hidden); the status line keeps what the last
            # turn did (a message here replaced it at once against the computer), or says
            # the part is in where it still says the computer thinks (``parts_in``)
            self.parts_in = tuple(game.players[side] for side in choices)
            self.changed.emit("stopped")
            self._give_waiting_hint()

    def _give_waiting_hint(self) -> None:
        """The hint asked while the computer made its part, now that the part is in: for
        the same side at the same position only (else forgotten)."""
        waiting, self.hint_waiting = self.hint_waiting, None
        if waiting is None:
            return
        side, key, ply = waiting
        game = self.game
        if (
            game.current_player() != SIMULTANEOUS
            or game.position_key() != key
            or len(game.move_stack) != ply
            or self.table.hint_side(game) != side
        ):
            return
        own = search.computer.own_levels(game)
        self._start("hint", own[-1] if own else self.hint_level, (side,))

    def _on_failed(self, job: Job, exc: BaseException) -> None:
        self.changed.emit("done")
        if job.sides:
            self.table.players_changed()
        self.fail(job, exc)

    def hint_move(self) -> Move | None:
        """The hinted move while its position is shown, else None."""
        if self.hint is None:
            return None
        key, ply, move = self.hint
        return move if position_of(self.game) == (key, ply) else None

    def shutdown(self) -> None:
        self.runner.shutdown()


class ComputerBoard(Mode):
    """The computer player as a board mode: on while it plays a colour or thinks; a click
    waits while it thinks (the prompt says who); Undo takes back its move and yours,
    after the turn half built (play's); over the board, the hint."""

    name = "computer"

    def __init__(self, engine: Engine, board: Shown) -> None:
        self.engine = engine
        self.board = board

    def active(self) -> bool:
        return bool(self.engine.computer) or self.engine.computer_thinking

    def busy(self) -> str:
        return self.engine.busy()

    def undo(self) -> bool:
        if not self.engine.computer or self.board.turn.building:
            return False
        self.engine.undo()  # the computer's move and yours; it waits for your move
        return True

    def layer(self, game: Game, ui: UI, frame: Frame) -> Frame:
        """The hint while its position shows: the UI draws the hinted move
        (:meth:`GameUI.hint_frame`: by default a ghost piece where it puts one, rims where
        it comes from and on what it removes)."""
        hint = self.engine.hint_move()
        return frame if hint is None else ui.hint_frame(game, hint, frame)

    def prompt(self) -> str:
        return self.engine.thinking_text if self.engine.busy() else ""
