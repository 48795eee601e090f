"""Pyramid Partition (Mark Steere, 2024): both versions, any base N >= 2.

Holding a corner c (reading R1 of the spec): player P holds c when one P-group contains a
ball on a wall of W(c) (the anchor) and every contact path from c to W(c) passes through
that group. Equivalently, with A the union of P's groups that touch W(c): c is in A, or no
path from c avoiding A reaches W(c). Three corners win.

Holdings are kept move by move:

* groups live in a union-find (union by size, no path compression, so ``pop`` reverts it
  exactly) with a wall mask per group;
* for every (player, corner) not yet held we keep a *witness*: a shortest path from the
  corner to W(c) that avoids A. A move only changes the mover's A, and only by the group
  the new ball joined, so the witness stays valid unless that group touches W(c) and lies
  on the path. Only then is a new path searched (A*, exact heuristic in the empty pyramid);
  finding none means the corner is now held. Holdings never shrink.

Where the balls may stand is here too: a move's problem (outside, taken, not supported) and
the set-up's checks (in the stacking version every ball supported, the balls' counts a game
reaches with the side to move, no side already won before the other's last move; a study
may break the counts and the win). The values and the analysis recomputed from scratch, the
reference the engine is tested against, are :mod:`.analysis`'s.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from pyramid_lab.i18n import M_, N_, Mn_

from ..game import (
    STUDY_HINT,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    OptionSpec,
    Outcome,
    Piece,
    PositionFormatError,
    Termination,
    quote,
    register_game,
)
from ..lattice import CORNERS, MAX_SIZE, Corner, Point, PyramidLattice, lattice
from ..setup import check_setup, record_setup
from ..words import colour
from .analysis import BLUE as BLUE
from .analysis import COLOURS as COLOURS
from .analysis import EMPTY as EMPTY
from .analysis import RED as RED
from .analysis import CornerReport as CornerReport
from .analysis import Group as Group
from .analysis import PartitionAnalysis as PartitionAnalysis
from .analysis import empty_escapes, holding_group, sealed_region, shortest_escape
from .analysis import holdings_from_scratch as holdings_from_scratch


def check_placed(
    lat: PyramidLattice,
    placed: Mapping[int, int],
    pieces: Sequence[Piece],
    *,
    stacking: bool,
    to_move: str,
    study: bool,
) -> None:
    """PositionFormatError naming the key when the balls ``placed`` (point id -> player)
    cannot stand or cannot arise with ``to_move`` to move."""
    if stacking:
        for index, (coords, _colour) in enumerate(pieces):
            pid = lat.id_of(*coords)
            empty = [s for s in lat.support_lists[pid] if s not in placed]
            if empty:
                raise PositionFormatError(
                    f"pieces[{index}]",
                    M_(
                        "the ball at {point} is not supported: {empty} empty (stacking "
                        "version: a ball needs all four balls below it)",
                        point=str(lat.point(pid)),
                        empty=", ".join(str(lat.point(s)) for s in empty),
                    ),
                )
    reds = sum(1 for c in placed.values() if c == RED)
    blues = len(placed) - reds
    expected_reds = blues if to_move == "red" else blues + 1
    if reds != expected_reds and not study:
        # (Messages: said in the reader's language, the way round a text's own, issue 108)
        words = (
            M_(
                "red has {reds} balls and blue {blues}, which no game reaches with red to "
                "move (red moves first, one ball a turn, so red must have as many balls as "
                "blue; {hint} to analyse any colouring)",
                reds=reds,
                blues=blues,
                hint=STUDY_HINT,
            )
            if to_move == "red"
            else M_(
                "red has {reds} balls and blue {blues}, which no game reaches with blue to "
                "move (red moves first, one ball a turn, so red must have one ball more "
                "than blue; {hint} to analyse any colouring)",
                reds=reds,
                blues=blues,
                hint=STUDY_HINT,
            )
        )
        raise PositionFormatError("pieces", words)


def won_before(winner: str, corners: Sequence[str]) -> str:
    """Why a set-up where ``winner`` already holds ``corners`` (three: a won game) and is
    to move cannot arise: the game ended before the other side's last move."""
    loser = COLOURS[1 - COLOURS.index(winner)]
    return M_(
        "{winner} already holds {corners} and so won before {loser}'s last move: with "
        "{winner} to move this position cannot arise ({hint} to analyse it anyway)",
        winner=colour(winner),
        corners=", ".join(corners),
        loser=colour(loser),
        hint=STUDY_HINT,
    )


def place_problem(
    lat: PyramidLattice, cells: Sequence[int], point: Point, *, stacking: bool
) -> str | None:
    """Why a ball may not be put on ``point`` (outside the pyramid, taken, or in the
    stacking version not supported); None when it may."""
    if not lat.contains(*point):
        return M_("{point} is outside the base-{size} pyramid", point=str(point), size=lat.n)
    pid = lat.id_of(*point)
    if cells[pid] != EMPTY:
        if COLOURS[cells[pid]] == "red":
            return M_("{point} already holds a red ball", point=str(point))
        return M_("{point} already holds a blue ball", point=str(point))
    if not stacking:
        return None
    empty = [str(lat.point(s)) for s in lat.support_lists[pid] if cells[s] == EMPTY]
    if empty:
        return Mn_(
            "{point} is not supported: {empty} is empty (stacking version)",
            "{point} is not supported: {empty} are empty (stacking version)",
            len(empty),
            point=str(point),
            empty=", ".join(empty),
        )
    return None


@dataclass(frozen=True, slots=True, repr=False)
class Place(Move):
    """Put a ball of the side to move on ``point``. Written ``i,j,k``."""

    point: Point

    def __str__(self) -> str:
        return str(self.point)


VERSIONS = ("floating", "stacking")
WIN_CORNERS = 3


@dataclass(frozen=True, slots=True)
class PartitionOptions:
    """``size``: the base N; ``version``: ``floating`` (any empty point) or ``stacking``."""

    size: int = 5
    version: str = "floating"

    def to_json(self) -> dict[str, Any]:
        return {"size": self.size, "version": self.version}


@register_game
class Partition(Game):
    """Pyramid Partition's rules: one object, as python-chess's ``Board`` is (35 methods,
    kept whole on purpose, issue 88). Its state is incremental: each push adds a ball to
    the union-find of groups (``_find``, ``_add_ball``), repairs the corners' witnesses
    and holdings (``_escape``, ``_refresh_holdings``) and records what ``pop`` undoes
    (``_unplace``, ``_remove_ball``); the legal moves, the outcome and the analysis the
    teaching and the window read (``groups``, ``analysis``, ``isolated_region``,
    ``escape_path``) all read that same state. Split into collaborators, each push and pop
    would cross objects in the search's hot path and the undo would be spread over them.
    Its words and its set-up live beside it (``teaching.py``, ``text.py``, ``model.setup``),
    and so do the searches over the points and the values they answer (``analysis.py``);
    where a ball may stand (:func:`check_placed`, :func:`place_problem`) is this module's."""

    name = "partition"
    title = "Pyramid Partition"
    players = COLOURS
    coordinate_count = 3
    options_type = PartitionOptions
    endings: ClassVar[Mapping[str, Termination]] = {
        "corners": Termination.GOAL,  # three corners held
        "no_moves": Termination.NO_MOVES,  # cannot happen (a full pyramid has a winner)
    }
    option_specs = (
        OptionSpec(
            "size",
            N_("Base size"),
            5,
            minimum=2,
            maximum=MAX_SIZE,
            help=N_("balls along an edge of the base"),
        ),
        OptionSpec(
            "version",
            N_("Version"),
            "floating",
            choices=VERSIONS,
            help=N_("floating: any empty point; stacking: only supported points"),
            # TRANSLATORS: Pyramid Partition's versions: balls float anywhere, or stack
            choice_words=(N_("floating"), N_("stacking")),
        ),
    )
    _copied = ("_cells", "_parent", "_size", "_mask", "_holdings", "move_stack", "_undo")

    def __init__(self, options: PartitionOptions | None = None) -> None:
        self._options = options or PartitionOptions()
        lat = lattice(self._options.size)
        self.lattice: PyramidLattice = lat
        self._stacking = self._options.version == "stacking"
        count = lat.count
        self._nbrs = lat.neighbour_lists
        self._supports = lat.support_lists
        self._wall_masks = lat.wall_masks
        self._corner_ids = [lat.corner_ids[c] for c in CORNERS]
        self._far = [int(c.far_walls) for c in CORNERS]
        self._far_dist = [lat.far_wall_distance(c) for c in CORNERS]

        self._cells = [EMPTY] * count
        self._parent = list(range(count))
        self._size = [1] * count
        self._mask = [0] * count
        self._filled = 0
        self._turn = RED
        self._holdings = [0, 0]  # bit ci set: that player holds CORNERS[ci]
        self._winner: int | None = None
        self.move_stack = []
        self._undo: list[tuple[Any, ...]] = []
        escapes: list[tuple[int, ...] | None] = [*empty_escapes(self._options.size)]
        self._witness = [escapes, list(escapes)]  # (the empty board's: nothing held)
        record_setup(self, from_setup=False)

    # ---- construction ------------------------------------------------------------------

    @classmethod
    def new(cls, options: PartitionOptions | None = None) -> Self:
        return cls(options)

    @classmethod
    def from_setup(
        cls,
        options: PartitionOptions | None,
        to_move: str,
        pieces: Sequence[Piece],
        *,
        study: bool = False,
    ) -> Self:
        game = cls(options)
        lat = game.lattice
        placed = check_setup(cls, to_move, pieces, lat.id_of)
        check_placed(lat, placed, pieces, stacking=game._stacking, to_move=to_move, study=study)
        for pid, side in placed.items():
            game._add_ball(pid, side)
        game._turn = COLOURS.index(to_move)
        game._refresh_holdings()
        if game._winner is not None and game._winner == game._turn and not study:
            winner = COLOURS[game._winner]
            raise PositionFormatError("to_move", won_before(winner, game.held_corners(winner)))
        record_setup(game, from_setup=True, study=study)
        return game

    def copy(self) -> Self:
        other = super().copy()
        other._witness = [list(w) for w in self._witness]
        return other

    # ---- state -------------------------------------------------------------------------

    def colour_at(self, point: Point | int) -> str | None:
        pid = point if isinstance(point, int) else self.lattice.id_of(*point)
        cell = self._cells[pid]
        return None if cell == EMPTY else COLOURS[cell]

    def cells(self) -> tuple[int, ...]:
        """Per point id: -1 empty, 0 red, 1 blue."""
        return tuple(self._cells)

    def pieces(self) -> list[Piece]:
        pts = self.lattice.points
        return [(tuple(pts[p]), COLOURS[c]) for p, c in enumerate(self._cells) if c != EMPTY]

    def position_key(self) -> tuple[tuple[int, ...], int]:
        return tuple(self._cells), self._turn

    def held_corners(self, colour: str) -> list[str]:
        mask = self._holdings[COLOURS.index(colour)]
        return [c.value for ci, c in enumerate(CORNERS) if mask >> ci & 1]

    def holder(self, corner: Corner) -> str | None:
        bit = 1 << CORNERS.index(corner)
        for player in (RED, BLUE):
            if self._holdings[player] & bit:
                return COLOURS[player]
        return None

    def holders(self) -> dict[str, str | None]:
        return {c.value: self.holder(c) for c in CORNERS}

    # ---- play --------------------------------------------------------------------------

    def _legal_ids(self) -> list[int]:
        if self._winner is not None:
            return []
        cells = self._cells
        if not self._stacking:
            return [p for p, c in enumerate(cells) if c == EMPTY]
        sup = self._supports
        return [
            p for p, c in enumerate(cells) if c == EMPTY and all(cells[s] != EMPTY for s in sup[p])
        ]

    def legal_moves(self, player: int | None = None) -> list[Move]:
        pts = self.lattice.points
        return [Place(pts[p]) for p in self._legal_ids()]

    def legal_move_count(self) -> int:
        if self._winner is None and not self._stacking:
            return self.lattice.count - self._filled
        return len(self._legal_ids())

    def parse_move(self, text: str) -> Place:
        try:
            return Place(Point.parse(text))
        except ValueError as exc:
            raise InvalidMoveError(*exc.args) from None  # (its Message kept)

    def why_illegal(self, move: Move) -> str | None:
        """None when ``move`` is legal, else a sentence saying why not."""
        if not isinstance(move, Place):
            return M_("{move} is not a Pyramid Partition move", move=quote(move))
        if self._winner is not None:
            if self._winner == RED:
                return M_("the game is over: red has won")
            return M_("the game is over: blue has won")
        return place_problem(self.lattice, self._cells, move.point, stacking=self._stacking)

    def push(self, move: Move) -> None:
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        assert isinstance(move, Place)
        self._place(self.lattice.id_of(*move.point))
        self.move_stack.append(move)

    def _place(self, pid: int) -> None:
        player = self._turn
        unions = self._add_ball(pid, player)
        root = self._find(pid)
        root_mask = self._mask[root]
        old_holdings = self._holdings[player]
        taken = self._holdings[RED] | self._holdings[BLUE]
        repaired = []
        cells, find = self._cells, self._find
        for ci in range(5):
            bit = 1 << ci
            # A corner held by either side stays held; and A grows only by this group.
            if taken & bit or not root_mask & self._far[ci]:
                continue
            path = self._witness[player][ci]
            assert path is not None
            if any(cells[q] == player and find(q) == root for q in path):
                repaired.append((ci, path))
                new_path = self._escape(player, ci)
                self._witness[player][ci] = new_path
                if new_path is None:
                    self._holdings[player] |= bit
        self._undo.append((pid, unions, old_holdings, repaired, self._winner))
        if self._holdings[player].bit_count() >= WIN_CORNERS:
            self._winner = player
        self._turn = 1 - player

    def pop(self) -> Move:
        if not self._undo:
            raise IndexError("no move to take back")
        self._unplace()
        return self.move_stack.pop()

    def _unplace(self) -> None:
        pid, unions, old_holdings, repaired, winner = self._undo.pop()
        player = 1 - self._turn
        self._turn = player
        self._winner = winner
        self._holdings[player] = old_holdings
        for ci, path in reversed(repaired):
            self._witness[player][ci] = path
        self._remove_ball(pid, unions)

    def outcome(self) -> Outcome | None:
        if self._winner is not None:
            return self._ending("corners", self._winner)
        if self.legal_move_count() == 0:  # cannot happen by the theorem; never hang on it
            return self._ending("no_moves", None)
        return None

    # ---- groups (union-find) -----------------------------------------------------------

    def _find(self, p: int) -> int:
        parent = self._parent
        while parent[p] != p:
            p = parent[p]
        return p

    def _add_ball(self, pid: int, player: int) -> list[tuple[int, int, int, int]]:
        """Put a ball in and merge its groups; returns what to revert, in order."""
        cells, parent, size, mask = self._cells, self._parent, self._size, self._mask
        cells[pid] = player
        parent[pid] = pid
        size[pid] = 1
        mask[pid] = self._wall_masks[pid]
        self._filled += 1
        unions = []
        for q in self._nbrs[pid]:
            if cells[q] != player:
                continue
            a, b = self._find(pid), self._find(q)
            if a == b:
                continue
            if size[a] < size[b]:
                a, b = b, a
            unions.append((b, a, size[a], mask[a]))
            parent[b] = a
            size[a] += size[b]
            mask[a] |= mask[b]
        return unions

    def _remove_ball(self, pid: int, unions: list[tuple[int, int, int, int]]) -> None:
        parent, size, mask = self._parent, self._size, self._mask
        for child, root, root_size, root_mask in reversed(unions):
            parent[child] = child
            size[root] = root_size
            mask[root] = root_mask
        self._cells[pid] = EMPTY
        parent[pid] = pid
        size[pid] = 1
        mask[pid] = 0
        self._filled -= 1

    # ---- holdings ----------------------------------------------------------------------

    def _refresh_holdings(self) -> None:
        """Holdings and witnesses of both players from the board alone."""
        self._holdings = [0, 0]
        for player in (RED, BLUE):
            for ci in range(5):
                path = self._escape(player, ci)
                self._witness[player][ci] = path
                if path is None:
                    self._holdings[player] |= 1 << ci
        winners = [p for p in (RED, BLUE) if self._holdings[p].bit_count() >= WIN_CORNERS]
        assert len(winners) <= 1, "both players hold three corners: the theorem is broken"
        self._winner = winners[0] if winners else None

    def _in_anchored(self, q: int, player: int, far: int) -> bool:
        """Is ball q part of one of ``player``'s groups that touch the walls ``far``?"""
        return self._cells[q] == player and bool(self._mask[self._find(q)] & far)

    def _escape(self, player: int, ci: int) -> tuple[int, ...] | None:
        """A shortest path from corner ci to W(c) avoiding player's anchored groups (A*),
        or None when there is none, i.e. the player holds the corner."""
        far = self._far[ci]
        start = self._corner_ids[ci]
        if self._in_anchored(start, player, far):
            return None
        return shortest_escape(
            self._nbrs,
            self._wall_masks,
            self._cells,
            self._mask,
            self._find,
            player,
            far,
            start,
            self._far_dist[ci],
        )

    def escape_path(self, corner: Corner, colour: str) -> list[Point] | None:
        """A shortest path of points from ``corner`` to its far walls that avoids every
        group of ``colour`` touching those walls; None when ``colour`` holds the corner."""
        path = self._escape(COLOURS.index(colour), CORNERS.index(corner))
        return None if path is None else [self.lattice.point(p) for p in path]

    # ---- lessons -----------------------------------------------------------------------

    def fill_order(self, seed: int) -> list[tuple[int, str]]:
        """The empty points in an order drawn from ``seed`` (level by level in the stacking
        version, so the fill could be played), each with its colour: alternating, the side
        to move first."""
        rng = random.Random(seed)
        empty = [p for p, c in enumerate(self._cells) if c == EMPTY]
        rng.shuffle(empty)
        if self._stacking:
            empty.sort(key=lambda p: self.lattice.levels[p])  # stable: random within a level
        return [(p, COLOURS[(self._turn + i) % 2]) for i, p in enumerate(empty)]

    def filled_at_random(self, seed: int) -> Partition:
        """The pyramid filled up in :meth:`fill_order`."""
        return self.filled(self.fill_order(seed))

    def filled(self, order: Sequence[tuple[int, str]]) -> Partition:
        """This position with the balls of ``order`` (point id, colour) added. When they
        fill the pyramid it has exactly one winner; the result is a study, as play stops
        at the third corner before the pyramid is full."""
        pieces = self.pieces() + [(tuple(self.lattice.point(p)), c) for p, c in order]
        to_move = COLOURS[(self._turn + len(order)) % 2]
        return type(self).from_setup(self._options, to_move, pieces, study=True)

    # ---- analysis ----------------------------------------------------------------------

    def groups(self) -> list[Group]:
        members: dict[int, list[int]] = {}
        for p, c in enumerate(self._cells):
            if c != EMPTY:
                members.setdefault(self._find(p), []).append(p)
        return [
            Group(COLOURS[self._cells[root]], frozenset(pts), self._mask[root])
            for root, pts in sorted(members.items(), key=lambda kv: min(kv[1]))
        ]

    def analysis(self, *, with_regions: bool = True) -> PartitionAnalysis:
        """For every corner its holder, holding group, anchors and isolated region; and
        every group with the walls it touches. The regions cost a flood of the whole
        pyramid per held corner; ``with_regions=False`` leaves them empty (see
        :meth:`isolated_region`)."""
        groups = self.groups()
        group_of = {p: g for g in groups for p in g.points}
        reports = {}
        for ci, corner in enumerate(CORNERS):
            holder = self.holder(corner)
            if holder is None:
                reports[corner] = CornerReport(corner, None, None, frozenset(), frozenset())
                continue
            player, far = COLOURS.index(holder), self._far[ci]
            group = holding_group(self.lattice, corner, player, self._in_anchored, group_of)
            anchors = frozenset(p for p in group.points if self._wall_masks[p] & far)
            start = self._corner_ids[ci]
            region = (
                sealed_region(self.lattice, far, start, group.points)
                if with_regions
                else frozenset()
            )
            reports[corner] = CornerReport(corner, holder, group, anchors, region)
        return PartitionAnalysis(reports, tuple(groups))

    def isolated_region(self, corner: Corner, group: Group) -> frozenset[int]:
        """Point ids cut off from ``corner``'s far walls by ``group`` (its holding group)."""
        ci = CORNERS.index(corner)
        return sealed_region(self.lattice, self._far[ci], self._corner_ids[ci], group.points)

    # ---- testing aids ------------------------------------------------------------------

    def _state(self) -> tuple[Any, ...]:
        """Everything that must come back exactly after push + pop."""
        return (
            tuple(self._cells),
            tuple(self._parent),
            tuple(self._size),
            tuple(self._mask),
            tuple(self._holdings),
            tuple(map(tuple, self._witness)),
            self._turn,
            self._winner,
            self._filled,
            len(self.move_stack),
        )
