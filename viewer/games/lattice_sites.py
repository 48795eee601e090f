"""Sites of the ball-pyramid board for the games played on it: a site is a lattice point's
id, written ``i,j,k`` in moves and files."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Generic

import numpy as np

from pyramid_lab.i18n import M_
from pyramid_lab.model.game import Game
from pyramid_lab.model.lattice import PyramidLattice

from ..lab.outcome_words import word
from ..lab.turn_builder import Declined, Turn, TurnAnswer


class LatticeSites(Generic[Turn]):
    """Mixin for the UIs of ball-pyramid games: sites are lattice point ids."""

    lattice: PyramidLattice

    def lattice_for(self, game: Game) -> PyramidLattice:
        """The pyramid ``game`` is played on."""
        raise NotImplementedError

    def geometry(self, game: Game) -> PyramidLattice:
        self.lattice = self.lattice_for(game)
        return self.lattice

    def sites(self, game: Game) -> dict[int, str]:
        lat = self.geometry(game)
        pieces = game.pieces()
        if not pieces:
            return {}
        # all at once (a full base-30 pyramid: 9,455 pieces, each frame)
        flat = itertools.chain.from_iterable(c for c, _ in pieces)
        ids = lat.ids_of(np.fromiter(flat, dtype=np.int64, count=3 * len(pieces))).tolist()
        return dict(zip(ids, (colour for _, colour in pieces), strict=True))

    def site_of(self, coords: tuple[int, ...]) -> int:
        return self.lattice.id_of(*coords)

    def coords_of(self, site: int) -> tuple[int, ...]:
        return tuple(self.lattice.point(site))

    def site_name(self, site: int) -> str:
        return str(self.lattice.point(site))

    def describe_point(self, site: int, shown: Mapping[int, str]) -> str:
        """Coordinates, level and content of a point, as the scene shows it."""
        point = self.lattice.point(site)
        colour = shown.get(site)
        return f"({point}) level {point.k}" + (f", {colour}" if colour else ", empty")

    def click(self, game: Game, turn: Turn, site: int) -> TurnAnswer:
        """The turn builder's answer; a refusal names the point it is about."""
        answer = turn.click(site)
        if isinstance(answer, Declined):
            return Declined(
                M_(
                    "({point}): {reason}",
                    point=str(self.lattice.point(site)),
                    reason=word(answer.reason),
                )
            )
        return answer
