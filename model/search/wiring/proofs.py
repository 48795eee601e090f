"""The door's prover (:func:`prove`, :class:`Prover`), handed the game's plug-in: apart from
the other verbs (:mod:`model.search.wiring`), since the prover imports the compiled core."""

from __future__ import annotations

from ...game import Game
from ..prover import Proof, ProverProgress
from ..prover import Prover as _Prover
from ..prover import prove as _prove
from ..registry import plugin_for
from ..stop import Stop


def prove(
    game: Game,
    side: str,
    within: int,
    *,
    shortest: bool = True,
    line: bool = True,
    first_moves: bool = False,
    max_seconds: float | None = None,
    stop: Stop | None = None,
    progress: ProverProgress | None = None,
) -> Proof:
    """:func:`model.search.prover.prove`, handed ``game``'s plug-in."""
    return _prove(
        game,
        side,
        within,
        shortest=shortest,
        line=line,
        first_moves=first_moves,
        max_seconds=max_seconds,
        stop=stop,
        progress=progress,
        knowledge=plugin_for(game),
    )


class Prover(_Prover):
    """:class:`model.search.prover.Prover`, handed ``game``'s plug-in."""

    def __init__(
        self,
        game: Game,
        side: str,
        *,
        max_seconds: float | None = None,
        stop: Stop | None = None,
        progress: ProverProgress | None = None,
        progress_every: float = 0.25,
        compiled: bool = True,
    ) -> None:
        super().__init__(
            game,
            side,
            max_seconds=max_seconds,
            stop=stop,
            progress=progress,
            progress_every=progress_every,
            compiled=compiled,
            knowledge=plugin_for(game),
        )
