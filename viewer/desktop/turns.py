"""What the user's hand does to the game: a click on a site of the board, Finish and
Cancel turn, and Undo / Redo, each routed by the board's modes (:mod:`viewer.lab.modes`) to the
mode that has the board (set-up mode, Solve mode, the computer's move and yours, ...).
Play is the last mode, :class:`PlayBoard`: a click goes to the game UI's turn builder,
and a move it makes is played here; Undo takes back the turn half built, else the last
move."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from model.game import IllegalMoveError

from ..lab.modes import Mode
from ..lab.slots import slot

if TYPE_CHECKING:
    from model.game import Game

    from ..games import GameUI
    from ..lab import Lab
    from ..lab.frame import Frame
    from ..lab.modes import Router
    from .qt_port import QtPort
    from .stage import Stage


#: Board modes whose clicks are not moves (a lesson's click-points task picks the ball
#: clicked, set-up paints it): a click there is no refused move to offer a point behind for.
NOT_MOVES = ("lesson", "set-up")


def position_here(lab: Lab, stage: Stage) -> Any:
    """The position on the board and the turn half built: a click's advice holds while it
    is the same."""
    game = lab.session.game
    return (game.position_key(), len(game.move_stack), stage.turn.building)


class TurnControl:
    """The board's input, routed by ``router`` (the board's modes, most particular first;
    the last of them is ``play``, the :class:`PlayBoard`)."""

    def __init__(
        self, lab: Lab, port: QtPort, stage: Stage, router: Router, play: PlayBoard
    ) -> None:
        self.lab, self.port, self.stage = lab, port, stage
        self.router, self.play_board = router, play
        # a refused click on a ball with one empty point behind it: (site, position, the
        # point); a second click there plays that point
        self.offered: tuple[int, Any, int] | None = None

    def show_message(self, text: str) -> None:
        self.lab.bulletin.say(text)

    @slot
    def click(self, site: int) -> None:
        """A click on ``site`` of the board. A click that lands on a ball in front of
        empty points and changes nothing says what would reach them: the point itself on
        a second click where one lies behind, peeling to its level, or the ghosts."""
        stage = self.stage
        where = self._where()
        offered, self.offered = self.offered, None
        self.play_board.advise(None)
        if offered is not None and offered[:2] == (site, where):
            self.router.click(offered[2])  # the second click: the point behind
            return
        self.router.click(site)
        picking = any(mode.name in NOT_MOVES for mode in self.router.chain())
        if self._where() == where and stage.setup is None and not picking:
            self._offer(site, where)

    def _where(self) -> Any:
        return position_here(self.lab, self.stage)

    def _offer(self, site: int, where: Any) -> None:
        """After a click on ``site`` that changed nothing: the empty points behind it."""
        stage = self.stage
        ui = stage.ui
        try:
            coords = ui.coords_of(site)
        except (KeyError, ValueError, IndexError, NotImplementedError):
            return
        taken = {tuple(c) for c, _colour in self.lab.session.game.pieces()}
        if tuple(coords) not in taken:
            return  # not a ball in front
        empty = []
        for other in stage.board.behind(site):
            try:
                point = tuple(ui.coords_of(other))
            except (KeyError, ValueError, IndexError, NotImplementedError):
                continue
            if point not in taken:
                empty.append((other, point))
        if not empty:
            return
        name = ",".join(map(str, coords))
        names = [",".join(map(str, p)) for _s, p in empty]
        said = self.port.current_message().rstrip(". ")  # why the click was refused, kept
        level = empty[0][1][-1]
        reach = f"peel to level {level} (View dock: Levels) or show hidden balls as ghosts"
        if len(empty) == 1:
            self.offered = (site, where, empty[0][0])
            advice = f"Click {name} again to play {names[0]}, the point its ball hides, or {reach}"
        else:
            first = names[:3]
            shown = (
                f"{', '.join(first[:-1])} and {first[-1]}"
                if len(names) <= 3
                else f"{', '.join(first)} ..."
            )
            advice = f"To reach {shown}, hidden behind the ball at {name}: {reach}"
        # what to do first (the status bar cuts a long line), the whole of it over the scene
        self.show_message(f"{advice}. {said}" if said else advice)
        self.play_board.advise((where, advice))
        self.lab.bulletin.show_prompt(self.router.prompt())

    def play(self, move: Any) -> None:
        """Play what Finish turn, the Analysis dock or a lesson gave: a move, or a
        sentence saying why not; refused, said, while a mode is busy."""
        if isinstance(move, str):
            self.show_message(move)
            return
        busy = self.router.busy()
        if busy:
            self.show_message(busy)
            return
        self.play_board.play_now(move)

    @slot
    def finish(self) -> None:
        result = self.stage.turn.finish()
        if result is None:
            self.stage.redraw()  # a step of the turn (a part handed in), no move yet
        else:
            self.play(result)

    @slot
    def cancel(self) -> None:
        self.stage.turn.cancel()
        self.stage.redraw()

    @slot
    def undo(self) -> None:
        self.router.undo()

    @slot
    def redo(self) -> None:
        self.router.redo()


class PlayBoard(Mode):
    """Play, the last board mode: always on, it has the board when no mode before it
    took it. A click is a step of the turn the game UI builds (or the move it completes);
    Undo takes back the turn half built, else the last move; it draws the position."""

    name = "play"

    def __init__(self, lab: Lab, stage: Stage) -> None:
        self.lab, self.stage = lab, stage
        self.say = lab.bulletin.say
        # what would reach the points behind a ball clicked, in full over the scene (the
        # prompt's line) while the position is the same: (position, the words)
        self.advice: tuple[Any, str] | None = None

    def advise(self, advice: tuple[Any, str] | None) -> None:
        """The words on the points behind a ball clicked, at that position (None: none)."""
        self.advice = advice

    def advice_now(self) -> str:
        """The words on the points behind the ball last clicked, while that position shows."""
        if self.advice is None or self.advice[0] != position_here(self.lab, self.stage):
            return ""
        return self.advice[1]

    def play_now(self, move: Any) -> None:
        """Play ``move`` (the modes were asked already)."""
        lab, stage = self.lab, self.stage
        mover = lab.session.game.to_move
        try:
            lab.play(move)  # the computer may answer it
        except IllegalMoveError as exc:
            self.say(str(exc))
            return
        self.say(stage.ui.played(lab.session.game, mover, move))

    def active(self) -> bool:
        return True

    def claims(self) -> bool:
        return True

    def busy(self) -> str:
        return self.stage.ui.busy()

    def click(self, site: int) -> bool:
        lab, stage = self.lab, self.stage
        result = stage.ui.click(lab.session.game, stage.turn, site)
        if result is None:
            stage.redraw()  # a step of the turn being built
        elif isinstance(result, str):
            self.say(result)
        else:
            self.play_now(result)
        return True

    def undo(self) -> bool:
        lab, stage = self.lab, self.stage
        if stage.turn.building:  # the turn half built goes first, the last move stays
            stage.turn.cancel()
            stage.redraw()
            self.say("the turn being built was taken back (Undo again: the last move)")
        else:
            lab.session.undo()
        return True

    def redo(self) -> bool:
        self.lab.session.redo()
        return True

    def layer(self, game: Game, ui: GameUI, frame: Frame) -> Frame:
        return ui.frame(game, self.stage.turn)  # the position: the others draw over it

    def prompt(self) -> str:
        return self.advice_now() or self.stage.ui.prompt() or self.stage.turn.prompt()
