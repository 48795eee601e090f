"""Pyraos in the window: spheres on the ball pyramid; a turn is a placement, or a lift in
two clicks, followed by the removal step after a square (then Finish turn), or the
alternate version's forced pass.

The turn builder reads the position's legal moves as the model's public move values
(target, source, removed points) and never looks inside the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pyramid_lab.i18n import M_
from pyramid_lab.model.game import Game, Move
from pyramid_lab.model.lattice import PyramidLattice
from pyramid_lab.model.pyraos import LATTICE, Pyraos, PyraosMove
from pyramid_lab.model.teaching import describe_result

from ...lab.frame import Frame, Marker
from ...lab.game_ui import GameUI
from ...lab.game_words import ChoiceGroup
from ...lab.outcome_words import joined, word
from ...lab.turn_builder import STEPPED, Declined, Ready, TurnAnswer
from .. import register_ui
from ..lattice_sites import LatticeSites

#: A legal move in sites: (source or -1 for a placement, target or -1 for a pass, removed).
Steps = tuple[int, int, frozenset[int]]
PASS: Steps = (-1, -1, frozenset())


class PyraosTurn:
    """Place, lift, remove: the clicks of one Pyraos turn."""

    def __init__(self, game: Pyraos, sites: LatticeSites[PyraosTurn]) -> None:
        self.game = game
        self.lattice = sites.lattice
        self.source: int | None = None  # the sphere being lifted
        self.target: int | None = None  # placed or lifted to, removals pending
        self.removed: frozenset[int] = frozenset()  # spheres chosen for removal
        site = sites.site_of
        self._moves: dict[Steps, Move] = {}
        for move in game.legal_moves():
            assert isinstance(move, PyraosMove)
            steps = (
                PASS
                if move.target is None
                else (
                    site(move.source) if move.source else -1,
                    site(move.target),
                    frozenset(site(p) for p in move.removed),
                )
            )
            self._moves[steps] = move
        self._pieces = sites.sites(game)

    @property
    def forced_pass(self) -> bool:
        return list(self._moves) == [PASS]

    # ---- what to draw -------------------------------------------------------------------

    def pieces(self) -> dict[int, str]:
        """The board as it looks with the turn built so far."""
        pieces = dict(self._pieces)
        if self.target is not None:
            if self.source is not None:
                del pieces[self.source]
            pieces[self.target] = self.game.to_move
            for r in self.removed:
                del pieces[r]
        return pieces

    def targets(self) -> set[int]:
        """Points that take a click now: where a sphere can go."""
        if self.target is not None:
            return set()
        source = -1 if self.source is None else self.source
        return {t for s, t, _ in self._moves if s == source and t >= 0}

    def highlighted(self) -> set[int]:
        """Spheres that take a click now: to lift, the one lifted, or to remove."""
        if self.target is not None:
            return set(self._removable())
        if self.source is not None:
            return {self.source}
        return {s for s, _, _ in self._moves if s >= 0}

    @property
    def building(self) -> bool:
        return self.source is not None or self.target is not None

    @property
    def can_finish(self) -> bool:
        """Removals chosen (or none yet, where that is allowed), or the forced pass."""
        return self.target is not None or (bool(self._moves) and self.forced_pass)

    def prompt(self) -> str:
        if not self._moves:
            return ""
        if self.target is not None:
            return self._removal_prompt()
        if self.source is not None:
            return M_(
                "lifting {point}: click a higher point (Esc cancels)",
                point=str(self.lattice.point(self.source)),
            )
        if self.forced_pass:
            return M_("no move but to pass: press Finish turn")
        return ""

    def _removal_prompt(self) -> str:
        """The removal step: how many spheres are still to take back, and the mover's
        reserve with the turn's placement and those taken back so far (they return to it
        at Finish turn)."""
        source = -1 if self.source is None else self.source
        if not self.removed:
            if (source, self.target, frozenset()) in self._moves:
                return M_(
                    "square completed: click up to two of your free spheres to take back to "
                    "your reserve, then Finish turn (Esc cancels)"
                )
            return M_(
                "square completed: click one or two of your free spheres to take back to "
                "your reserve, then Finish turn (Esc cancels)"
            )
        taken = ", ".join(str(self.lattice.point(r)) for r in sorted(self.removed))
        # (a placement took one from the reserve; a lift took none)
        reserve = self.game.reserve(self.game.to_move) - (1 if self.source is None else 0)
        back = len(self.removed)
        values: dict[str, str | int] = {
            "taken": taken,
            "reserve": reserve,
            "back": back,
            "total": reserve + back,
        }
        if self._removable():
            return M_(
                "{taken} taken back: your reserve {reserve} + {back} = {total} at Finish turn; "
                "click 1 more of your free spheres, or Finish turn (Esc cancels)",
                **values,
            )
        return M_(
            "{taken} taken back: your reserve {reserve} + {back} = {total} at Finish turn; "
            "no other sphere is free: press Finish turn (Esc cancels)",
            **values,
        )

    # ---- clicks -------------------------------------------------------------------------

    def click(self, pid: int) -> TurnAnswer:
        game = self.game
        if game.is_over():
            return Declined(M_("the game is over: {result}", result=describe_result(game)))
        point = self.lattice.point(pid)
        if self.forced_pass:
            return Declined(M_("you have no move but to pass: press Finish turn"))
        if self.target is not None:  # the removal step
            if pid in self._removable():
                self.removed = self.removed | {pid}
                if len(self.removed) == 2:
                    return self.finish()
                return STEPPED
            return Declined(
                M_(
                    "{point} cannot be removed: only your own free spheres, at most two",
                    point=str(point),
                )
            )
        if self.source is not None and pid == self.source:
            self.source = None  # clicking the lifted sphere again puts it back
            return STEPPED
        if any(s == pid for s, _, _ in self._moves):  # select a sphere to lift (or another)
            self.source = pid
            return STEPPED
        source = -1 if self.source is None else self.source
        options = [r for s, t, r in self._moves if s == source and t == pid]
        if not options:
            if self.source is not None:
                lifted = self.lattice.point(self.source)
                return Declined(
                    M_(
                        "the sphere at {lifted} cannot be lifted to {point}",
                        lifted=str(lifted),
                        point=str(point),
                    )
                )
            why = game.why_illegal(game.parse_move(str(point)))
            return Declined(why or M_("{point}: no move here", point=str(point)))
        if options == [frozenset()]:
            move = self._moves[(source, pid, frozenset())]
            self.cancel()
            return Ready(move)
        self.target = pid
        return STEPPED

    def _removable(self) -> list[int]:
        """Spheres that may be added to the removal set chosen so far."""
        source = -1 if self.source is None else self.source
        chosen = self.removed
        return sorted(
            {
                q
                for s, t, r in self._moves
                if s == source and t == self.target and chosen <= r
                for q in r - chosen
            }
        )

    def finish(self) -> TurnAnswer:
        """Complete the turn being built (or the forced pass)."""
        if not self.can_finish:
            return Declined(M_("there is no turn to finish"))
        if self.target is None:
            self.cancel()
            return Ready(self._moves[PASS])
        source = -1 if self.source is None else self.source
        move = self._moves.get((source, self.target, self.removed))
        if move is None:
            return Declined(M_("remove at least one sphere: this game plays the 1-2 removal rule"))
        self.cancel()
        return Ready(move)

    def cancel(self) -> None:
        self.source = self.target = None
        self.removed = frozenset()


@register_ui
class PyraosUI(LatticeSites[PyraosTurn], GameUI[PyraosTurn]):
    game_name = Pyraos.name
    board_kind = "ball-pyramid"
    piece_word = "spheres"
    lattice = LATTICE

    def lattice_for(self, game: Game) -> PyramidLattice:
        return LATTICE

    def turn(self, game: Game) -> PyraosTurn:
        assert isinstance(game, Pyraos)
        return PyraosTurn(game, self)

    def frame(self, game: Game, turn: PyraosTurn) -> Frame:
        return Frame(
            pieces=turn.pieces(),
            markers=tuple(Marker(t, "target") for t in sorted(turn.targets())),
            highlights={"clickable": tuple(sorted(turn.highlighted()))},
        )

    def move_sites(self, game: Game, move: Any) -> tuple[int, ...]:
        """Where a placement or a lift puts the sphere (a pass puts none)."""
        assert isinstance(move, PyraosMove)
        return () if move.target is None else (self.site_of(move.target),)

    def move_from(self, game: Game, move: Any) -> tuple[int, ...]:
        """The lifted sphere's point."""
        assert isinstance(move, PyraosMove)
        return () if move.source is None else (self.site_of(move.source),)

    def move_removes(self, game: Game, move: Any) -> tuple[int, ...]:
        """The mover's spheres taken back after a square."""
        assert isinstance(move, PyraosMove)
        return tuple(self.site_of(p) for p in move.removed)

    def move_words(self, game: Game, move: Move) -> str:
        """A move in the rules' words: "place at 1,1,0, take back 0,0,0"."""
        assert isinstance(move, PyraosMove)
        return self.move_words_of(move)

    def move_said(self, move: Move) -> str:
        """A move that takes spheres back with its words: "2,3,0 x3,2,0 (place at 2,3,0,
        take back 3,2,0)": the ``x`` is said (issue 89); any other move, its notation."""
        assert isinstance(move, PyraosMove)
        if not move.removed:
            return str(move)
        return M_("{notation} ({words})", notation=str(move), words=self.move_words_of(move))

    @staticmethod
    def move_words_of(move: PyraosMove) -> str:
        head, taken = move_parts(move)
        return head if taken is None else M_("{move}, take back {taken}", move=head, taken=taken)

    def move_groups(self, game: Game, moves: Sequence[Move]) -> list[ChoiceGroup]:
        """The moves under the rules' words, each button's words short: a move that
        completes a square under its own heading ("place at 1,1,0: a square, take back"),
        a button per choice of spheres taken back ("nothing", "0,0,0 and 1,0,0"); then
        the placements, the raises and the pass, each button the points."""
        squares = {move_parts(m)[0] for m in moves if isinstance(m, PyraosMove) and m.removed}
        groups: dict[str, list[tuple[Move, str]]] = {}
        for move in moves:
            assert isinstance(move, PyraosMove)
            head, taken = move_parts(move)
            title: str
            words: str
            if head in squares:
                title, words = square_title(move), taken or M_("nothing")
            elif move.target is None:
                title, words = M_("No move: pass"), M_("pass")
            elif move.source is None:
                title, words = M_("Place a sphere from your reserve"), str(move.target)
            else:
                title = M_("Raise a free sphere")
                words = M_("{source} to {target}", source=str(move.source), target=str(move.target))
            groups.setdefault(title, []).append((move, words))
        ordered = sorted(groups.items(), key=lambda item: not item[0].endswith("take back"))
        return [ChoiceGroup(title, tuple(choices)) for title, choices in ordered]

    def status(self, game: Game) -> str:
        assert isinstance(game, Pyraos)
        return self._status(game, None)

    def turn_status(self, game: Game, turn: PyraosTurn) -> str:
        """During a square's take-back the mover's reserve as the prompt counts it: less
        the sphere placed, with the spheres taken back to come ("black 11 (+1 at Finish
        turn)")."""
        assert isinstance(game, Pyraos)
        building = isinstance(turn, PyraosTurn) and turn.target is not None
        return self._status(game, turn if building and not game.is_over() else None)

    def _status(self, game: Pyraos, turn: PyraosTurn | None) -> str:
        def reserve(colour: str) -> str:
            count = game.reserve(colour)
            if turn is None or colour != game.to_move:
                return M_("{side} {count}", side=word(colour), count=count)
            count -= 1 if turn.source is None else 0  # a placement took one from it
            if turn.removed:
                return M_(
                    "{side} {count} (+{back} at Finish turn)",
                    side=word(colour),
                    count=count,
                    back=len(turn.removed),
                )
            return M_("{side} {count}", side=word(colour), count=count)

        reserves = joined(reserve(c) for c in game.players)
        status = word(super().status(game))
        return M_("{status} (in reserve: {reserves})", status=status, reserves=reserves)

    def describe(self, game: Game, turn: PyraosTurn, site: int, shown: Mapping[int, str]) -> str:
        return self.describe_point(site, shown)


def move_parts(move: PyraosMove) -> tuple[str, str | None]:
    """What a move does before any spheres are taken back ("place at 1,1,0", "raise
    3,3,0 to 0,0,1", "pass") and the spheres it takes back ("0,0,0 and 1,0,0"; None:
    none)."""
    head: str
    if move.target is None:
        head = M_("pass")
    elif move.source is None:
        head = M_("place at {point}", point=str(move.target))
    else:
        head = M_("raise {source} to {target}", source=str(move.source), target=str(move.target))
    taken = joined((str(p) for p in move.removed), " and ") or None
    return head, taken


def square_title(move: PyraosMove) -> str:
    """The heading of the moves that complete a square as ``move`` does, before the
    spheres taken back: "Place at 1,1,0: a square, take back"."""
    if move.source is None:
        return M_("Place at {point}: a square, take back", point=str(move.target))
    return M_(
        "Raise {source} to {target}: a square, take back",
        source=str(move.source),
        target=str(move.target),
    )
