"""Fill at random (the Corners dock's button), without Qt at import: the empty points are
filled with alternating colours, shown ball by ball over ``FILL_SECONDS``, then the full
pyramid replaces the position (undoable) and its one winner is named."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyramid_lab.i18n import M_, shown
from pyramid_lab.model.game import Game
from pyramid_lab.model.partition import Partition
from pyramid_lab.model.teaching import describe_result

from ...lab.frame import Frame
from ...lab.game_ui import Clock, Host
from .teaching import TeachingView

if TYPE_CHECKING:
    from .docks import CornerDock

FILL_SECONDS = 1.5  # Fill at random: the balls go in over this time, then the result shows


def why_not(game: Game) -> str:
    """Why a fill has nothing to do in ``game`` (its end: a Message), or ""."""
    if not game.is_over():
        return ""
    return M_(
        "the game is over ({result}): nothing to fill (Undo goes back)",
        result=describe_result(game),
    )


class RandomFill:
    """Fill at random of the Partition UI (a part of it): one fill at a time; ``dock`` is
    the Corners dock whose button starts it (None until the window makes it)."""

    def __init__(self, host: Host | None) -> None:
        self.host = host
        self.dock: CornerDock | None = None
        self.tip = ""  # the button's tooltip while the game goes on
        # the fill under way: (the full game, the fill order, its seed)
        self._fill: tuple[Partition, list[tuple[int, str]], int] | None = None
        self._clock: Clock | None = None

    @property
    def filling(self) -> bool:
        """Fill at random is putting its balls in (the position changes when it ends)."""
        return self._fill is not None

    def follow(self, game: Game) -> None:
        """Fill at random is off once the game is over (won: its winner stands; full:
        nothing to fill), the tooltip saying why, as the window's other verbs say then."""
        dock = self.dock
        if dock is None or self._fill is not None:
            return
        over = why_not(game)
        dock.fill.setEnabled(not over)
        dock.fill.setToolTip(shown(over) or self.tip)  # (in the window's language)

    def start(self) -> None:
        """Fill the empty points with alternating colours (undoable) and name the winner."""
        host, dock = self.host, self.dock
        if host is None or dock is None or self._fill is not None:
            return  # one fill at a time
        if host.setup_active():
            host.show_message(
                M_("Fill at random fills the game's position: leave set-up mode first")
            )
            return
        game = host.game
        assert isinstance(game, Partition)
        if why_not(game):
            host.show_message(why_not(game))
            return
        seed = dock.seed.value()
        order = game.fill_order(seed)
        if not order:
            host.show_message(M_("the pyramid is full: nothing to fill"))
            return
        self._fill = (game.filled(order), order, seed)
        dock.seed.setValue(seed + 1)  # the next fill differs; set it back to repeat
        dock.fill.setEnabled(False)
        self._clock = host.animation(FILL_SECONDS, self._step)
        self._clock.start()
        host.redraw()

    def frame(self, pieces: dict[int, str]) -> Frame | None:
        """The board with the fill's balls in so far over ``pieces`` (None: no fill)."""
        if self._fill is None:
            return None
        return Frame(pieces={**pieces, **dict(self._fill[1][: self._shown()])})

    def _shown(self) -> int:
        """How many of the fill's balls are shown by now."""
        assert self._fill is not None
        assert self._clock is not None
        return int(self._clock.progress() * len(self._fill[1]))

    def _step(self, t: float) -> None:
        if self._fill is None or self.host is None:
            return
        if t < 1.0:
            self.host.redraw()
            return
        full, order, seed = self._fill
        self.stop()
        winner = TeachingView(full).winner_text()
        self.host.apply_position(
            full,
            f"filled {len(order)} points at random (seed {seed}): {winner} "
            "- a full pyramid has exactly one winner (Undo brings the position back)",
        )

    def stop(self) -> None:
        if self._clock is not None:
            self._clock.stop()
        self._fill = None
        if self.dock is not None:
            self.dock.fill.setEnabled(True)
            if self.host is not None:
                self.follow(self.host.game)

    def prompt(self) -> str:
        if self._fill is None:
            return ""
        return M_(
            "filling at random (seed {seed}): {shown}/{count}",
            seed=str(self._fill[2]),  # (a seed: notation, as the command line takes it)
            shown=self._shown(),
            count=len(self._fill[1]),
        )

    def busy(self) -> str:
        """Why a move is refused while the fill plays itself out (a Message)."""
        if not self._fill:
            return ""
        return M_("filling at random: wait for the result (Undo afterwards)")
