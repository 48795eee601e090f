"""Pyramid Partition in the window: balls on the ball pyramid, one click a move, and the
teaching of its connection concept (walls, corners, groups, partitions; the Corners dock;
Fill at random).

Importing it imports no Qt: the frames, the teaching overlays and their words
(``teaching.py``) are Qt-free, and the Corners dock (``docks.py``) is imported where it is
made, so the classroom draws Partition's board from this very UI."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from pyramid_lab.i18n import M_, listed
from pyramid_lab.model.game import Game, Move
from pyramid_lab.model.lattice import CORNERS, PyramidLattice
from pyramid_lab.model.partition import Partition, Place
from pyramid_lab.model.teaching import describe_result, teaching_for

from ...lab.frame import Frame, Label, Marker, Path, Pointer, Region
from ...lab.game_ui import GameUI, Host
from ...lab.outcome_words import word
from ...lab.turn_builder import Declined, TurnAnswer, ready_or_declined
from ...widgets.slots import guarded, log
from .. import register_ui
from ..lattice_sites import LatticeSites
from .fill import RandomFill
from .teaching import LEGEND_WORDS, Overlays, TeachingView

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget

    from .docks import CornerDock


class PlacementTurn:
    """A move is one click on an empty point; other clicks say why not."""

    building = False
    can_finish = False

    def __init__(self, game: Partition, sites: LatticeSites[PlacementTurn]) -> None:
        self.game = game
        self.sites = sites
        self._pieces = sites.sites(game)

    def pieces(self) -> dict[int, str]:
        return self._pieces

    def targets(self) -> list[int]:
        lat = self.sites.lattice
        moves = self.game.legal_moves()
        return [lat.id_of(*move.point) for move in moves if isinstance(move, Place)]

    def winning_corners(self) -> list[int]:
        """The corner points held by the winner, once the game is won."""
        outcome = self.game.outcome()
        if outcome is None or outcome.winner is None:
            return []
        lat = self.sites.lattice
        return [lat.corner_ids[c] for c in CORNERS if self.game.holder(c) == outcome.winner]

    @functools.cached_property
    def markers(self) -> tuple[Marker, ...]:
        """Markers on the points that take a click (the winner's corners, tinted, once the
        game is won); computed once per position, as the window redraws on every hover."""
        sites = self.winning_corners() if self.game.is_over() else self.targets()
        return tuple(Marker(s, "target") for s in sites)

    def click(self, site: int) -> TurnAnswer:
        if self.game.is_over():
            return Declined(M_("the game is over: {result}", result=describe_result(self.game)))
        move = self.game.parse_move(self.sites.site_name(site))
        return ready_or_declined(move, self.game.why_illegal(move))

    def finish(self) -> TurnAnswer:
        return Declined(M_("there is no turn to finish: a move is one click on an empty point"))

    def cancel(self) -> None:
        return None

    def prompt(self) -> str:
        return ""


@register_ui
class PartitionUI(LatticeSites[PlacementTurn], GameUI[PlacementTurn]):
    game_name = Partition.name
    board_kind = "ball-pyramid"
    piece_word = "balls"
    heat_map = True  # a move is a ball on an empty point
    overlay_names = tuple(spec.name for spec in teaching_for(Partition).lesson_overlays)

    def __init__(self, host: Host | None = None) -> None:
        super().__init__(host)
        self.teaching_overlays = Overlays()
        self._teaching: TeachingView | None = None
        self._teaching_key: tuple[object, ...] = ()
        self.fill = RandomFill(host)  # Fill at random, shown ball by ball
        self.corner_dock: CornerDock | None = None
        if host is not None:
            self.teaching_overlays.changed.connect(lambda _field: self._guard(host.redraw))

    def _guard(self, call: Callable[[], Any]) -> None:
        """Run a handler of a dock's or the overlays' signal under the window's guard."""
        report = self.host.show_message if self.host is not None else log.warning
        guarded(call, report, getattr(call, "__name__", "Corners dock"))

    def lattice_for(self, game: Game) -> PyramidLattice:
        assert isinstance(game, Partition)
        return game.lattice

    def corner_site(self, game: Game, name: str) -> int | None:
        lattice = self.lattice_for(game)
        for corner, pid in lattice.corner_ids.items():
            if corner.value == name:
                return self.site_of(tuple(lattice.point(pid)))
        return None

    # ---- a position ---------------------------------------------------------------------

    def turn(self, game: Game) -> PlacementTurn:
        assert isinstance(game, Partition)
        self.geometry(game)
        return PlacementTurn(game, self)

    def teaching(self, game: Partition) -> TeachingView:
        """The overlays' view of the position, computed once per position."""
        key = (game, len(game.move_stack), game.position_key())  # a replay moves one game
        if self._teaching is None or self._teaching_key != key:
            self._teaching = TeachingView(game)
            self._teaching_key = key
        return self._teaching

    def move_sites(self, game: Game, move: Move) -> tuple[int, ...]:
        return (self.lattice.id_of(*move.point),) if isinstance(move, Place) else ()

    def frame(self, game: Game, turn: PlacementTurn) -> Frame:
        assert isinstance(game, Partition)
        filling = self.fill.frame(dict(turn.pieces()))
        if filling is not None:
            return filling
        fields: dict[str, Any] = {"pieces": turn.pieces(), "markers": turn.markers}
        highlights: dict[str, tuple[int, ...]] = {"clickable": tuple(turn.winning_corners())}
        on = self.teaching_overlays
        if on.any or on.selected is not None:
            fields.update(self._teaching_frame(self.teaching(game), highlights))
        return Frame(highlights=highlights, **fields)

    def _teaching_frame(
        self, teaching: TeachingView, highlights: dict[str, tuple[int, ...]]
    ) -> dict[str, Any]:
        on = self.teaching_overlays
        lat = self.lattice
        fields: dict[str, Any] = {}
        if on.group_colours:
            fields["piece_rgb"] = teaching.group_rgb
        if on.walls:
            fields["decorations"] = frozenset({"walls"})
        if on.corners:
            sites = [lat.corner_ids[c] for c in CORNERS]
            fields["pointers"] = tuple(
                Pointer(s, teaching.holder(c) or "none")
                for s, c in zip(sites, CORNERS, strict=True)
            )
            fields["labels"] = tuple(Label(s, c.value) for s, c in zip(sites, CORNERS, strict=True))
        if on.selected is not None and on.selected < lat.count:
            highlights["selected"] = tuple(int(s) for s in teaching.group_ids(on.selected))
        corner = on.region
        if corner is not None:
            holder = teaching.holder(corner)
            if holder is not None:
                region = tuple(int(s) for s in teaching.region(corner))
                fields["regions"] = (Region(region, holder),)
                highlights["group"] = tuple(int(s) for s in teaching.holding_group(corner))
                highlights["anchor"] = tuple(int(s) for s in teaching.anchors(corner))
            else:
                red, blue = (teaching.escape(corner, colour) for colour in ("red", "blue"))
                if red and red in (blue, blue[::-1]):  # one tube: drawn and said as one
                    fields["paths"] = (Path(red, "both"),)
                else:
                    fields["paths"] = (Path(red, "red"), Path(blue, "blue"))
        return fields

    def legend_words(self, game: Game, frame: Frame) -> Mapping[tuple[str, str], str]:
        assert isinstance(game, Partition)
        region = self.teaching_overlays.region
        words = LEGEND_WORDS if region is None else self.teaching(game).legend_words(region)
        outcome = game.outcome()
        if outcome is None or outcome.winner is None:
            return words
        # the rims at the end: which balls, whose corners, and why they win (it said "the
        # winner's corners", naming neither the winner nor what the rims are on)
        won = M_(
            "the ball on each corner {winner} holds ({corners}): holding three corners wins",
            winner=word(outcome.winner),
            corners=listed(game.held_corners(outcome.winner)),
        )
        return {**words, ("rim", "clickable"): won}

    def describe(self, game: Game, turn: PlacementTurn, site: int, shown: Mapping[int, str]) -> str:
        text = self.describe_point(site, shown)
        if site in shown and self.host is not None and not self.host.setup_active():
            assert isinstance(game, Partition)
            text = M_(
                "{point}; {group}", point=text, group=self.teaching(game).describe_group(site)
            )
        return text

    def click(self, game: Game, turn: PlacementTurn, site: int) -> TurnAnswer:
        """A click on a ball selects its group (again: clears it), and says why no ball
        goes there; a click on an empty point plays there."""
        assert isinstance(game, Partition)
        teaching = self.teaching(game)
        group = teaching.group_at(site)
        if group is None:
            played: TurnAnswer = super().click(game, turn, site)
            return played
        selected = self.teaching_overlays.selected
        same = selected is not None and teaching.group_at(selected) is group
        self.teaching_overlays.set(selected=None if same else site)
        answer = turn.click(site)
        point = str(self.lattice.point(site))
        said = M_("({point}): {group}", point=point, group=teaching.describe_group(site))
        if not same:
            said = M_("{said} (selected)", said=said)
        if isinstance(answer, Declined):
            said = M_("{said}; {reason}", said=said, reason=word(answer.reason))
        return Declined(said)

    # ---- overlays and docks -------------------------------------------------------------

    def set_overlays(self, values: Mapping[str, Any]) -> None:
        super().set_overlays(values)
        self.teaching_overlays.apply(values)

    def docks(self) -> list[QDockWidget]:
        if self.corner_dock is None:
            from .docks import CornerDock  # (Qt: the window's only)

            dock = CornerDock(self.teaching_overlays)
            dock.fill.clicked.connect(lambda: self._guard(self.fill.start))
            dock.visibilityChanged.connect(lambda _shown: self._guard(self._refresh_dock))
            self.fill.tip = dock.fill.toolTip()  # what it does (while the game goes on)
            self.corner_dock = self.fill.dock = dock
            if self.host is not None:
                self.fill.follow(self.host.game)
        return [self.corner_dock]

    def _refresh_dock(self) -> None:
        """The Corners dock follows the position while it is shown (and when it opens)."""
        if self.corner_dock is not None and self.corner_dock.isVisible() and self.host:
            game = self.host.game
            if isinstance(game, Partition):
                self.corner_dock.refresh(self.teaching(game))

    def position_changed(self, game: Game, reason: str) -> None:
        self.fill.stop()  # the position it was filling went away
        self._teaching = None
        selected = self.teaching_overlays.selected
        if reason in ("load", "new") or (selected is not None and selected >= self.lattice.count):
            self.teaching_overlays.set(selected=None)  # that group belonged to another position
        self._refresh_dock()
        self.fill.follow(game)

    def prompt(self) -> str:
        return self.fill.prompt()

    def busy(self) -> str:
        return self.fill.busy()

    def close(self) -> None:
        self.fill.stop()
        if self.corner_dock is not None:
            self.corner_dock.close()
            self.corner_dock.deleteLater()
            self.corner_dock = self.fill.dock = None
