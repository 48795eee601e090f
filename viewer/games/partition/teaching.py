"""Teaching Pyramid Partition's connection concept (Qt-free): which overlays are on, and
what they show for a position, computed once per position from the model's analysis.

- walls and corners: the five walls, and the five corner points coloured by holder;
- groups: each group its own shade of its player's colour (red's in reds, blue's in blues);
- a corner's partition: its isolated region, holding group and anchor balls, or, while
  nobody holds it, each player's shortest escape path from the corner to a far wall.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from pyramid_lab.i18n import M_, N_, Mn_
from pyramid_lab.model.lattice import CORNERS, Corner, wall_names
from pyramid_lab.model.partition import COLOURS, CornerReport, Group, Partition

from ...lab import palette
from ...lab.events import Signal
from ...lab.outcome_words import joined, word

#: The walls' names (``model.lattice.wall_names``), put in sentences as words.
WALL_WORDS = (N_("base"), N_("west"), N_("east"), N_("south"), N_("north"))


class Overlays:
    """Which teaching overlays are shown; ``changed`` names the field that changed."""

    def __init__(self) -> None:
        self.changed: Signal[[str]] = Signal()  # the overlay's field
        self.walls = False
        self.corners = False
        self.group_colours = False
        self.region: Corner | None = None
        self.selected: int | None = None  # a ball of the selected group

    def set(self, **changes: object) -> None:
        for name, value in changes.items():
            if not hasattr(self, name) or name == "changed":
                raise AttributeError(f"no overlay {name!r}")
            if getattr(self, name) != value:
                setattr(self, name, value)
                self.changed.emit(name)

    def apply(self, values: Mapping[str, Any]) -> None:
        """Show what a lesson (or render's options) asks for, by the game's lesson overlay
        names (walls, corners, groups, region); everything else goes off."""
        region = values.get("region")
        self.set(
            walls=bool(values.get("walls")),
            corners=bool(values.get("corners")),
            group_colours=bool(values.get("groups")),
            region=None if region is None else Corner(str(region).upper()),
            selected=None,
        )

    @property
    def any(self) -> bool:
        return bool(self.walls or self.corners or self.group_colours or self.region)


#: What the teaching overlays mean, for the scene's legend (see TeachingView.legend_words
#: for a corner's partition).
LEGEND_WORDS: dict[tuple[str, str], str] = {
    ("decoration", "walls"): N_("the walls: base, west, east, south, north"),
    ("pointer", "red"): N_("a corner red holds"),
    ("pointer", "blue"): N_("a corner blue holds"),
    ("pointer", "none"): N_("a corner nobody holds yet"),
    ("labels", ""): N_("corner names (AP: the apex)"),
    ("piece-colours", ""): N_(
        "each group its own shade of its player's colour: red's reds, blue's blues"
    ),
    ("rim", "selected"): N_("the group you clicked (click it again to clear)"),
    ("rim", "clickable"): N_("the winner's corners"),
}


@dataclass(frozen=True)
class CornerRow:
    """One line of the corner panel."""

    corner: Corner
    holder: str | None
    group_size: int
    anchor_walls: tuple[str, ...]  # the far walls the anchor balls stand on


class TeachingView:
    """What the overlays draw for one position of a Partition game."""

    def __init__(self, game: Partition) -> None:
        self.game = game
        self.lattice = game.lattice
        analysis = game.analysis(with_regions=False)  # regions on demand: see region()
        self.groups: tuple[Group, ...] = analysis.groups
        self.reports: dict[Corner, CornerReport] = analysis.corners
        self.group_of = np.full(self.lattice.count, -1, dtype=np.int64)
        for index, group in enumerate(self.groups):
            self.group_of[list(group.points)] = index

    # ---- groups -------------------------------------------------------------------------

    @functools.cached_property
    def group_rgb(self) -> np.ndarray:
        """Per point: its group's colour, a shade of its player's family (red's groups in
        reds, blue's in blues: :func:`viewer.lab.palette.group_shade`), black if empty."""
        rgb = np.zeros((self.lattice.count, 3), dtype=np.uint8)
        seen = dict.fromkeys(COLOURS, 0)
        for index, group in enumerate(self.groups):
            n = seen[group.colour]
            seen[group.colour] += 1
            rgb[self.group_of == index] = palette.group_shade(group.colour, COLOURS, n)
        return rgb

    def group_at(self, pid: int) -> Group | None:
        index = int(self.group_of[pid])
        return None if index < 0 else self.groups[index]

    def group_ids(self, pid: int) -> np.ndarray:
        """The point ids of the group of the ball on ``pid`` (empty if no ball)."""
        group = self.group_at(pid)
        return np.array(sorted(group.points) if group else [], dtype=np.int64)

    def describe_group(self, pid: int) -> str:
        group = self.group_at(pid)
        if group is None:
            return ""
        if not group.wall_names:
            return M_("group of {count} touching no wall", count=len(group))
        return M_(
            "group of {count} touching {walls}", count=len(group), walls=joined(group.wall_names)
        )

    # ---- corners ------------------------------------------------------------------------

    @functools.cache  # noqa: B019 - one view per position, dropped with it
    def rows(self) -> tuple[CornerRow, ...]:
        rows = []
        for corner in CORNERS:
            report = self.reports[corner]
            walls = np.bitwise_or.reduce(self.lattice.wall_mask[list(report.anchors)], initial=0)
            rows.append(
                CornerRow(
                    corner,
                    report.holder,
                    len(report.group) if report.group else 0,
                    tuple(wall_names(int(walls) & corner.far_walls)),
                )
            )
        return tuple(rows)

    def holder(self, corner: Corner) -> str | None:
        return self.reports[corner].holder

    @functools.cache  # noqa: B019 - one view per position, dropped with it
    def region(self, corner: Corner) -> np.ndarray:
        """The isolated region's point ids (empty while nobody holds the corner)."""
        group = self.reports[corner].group
        if group is None:
            return np.zeros(0, dtype=np.int64)
        region = np.array(sorted(self.game.isolated_region(corner, group)), dtype=np.int64)
        region.setflags(write=False)
        return region

    def holding_group(self, corner: Corner) -> np.ndarray:
        group = self.reports[corner].group
        return np.array(sorted(group.points) if group else [], dtype=np.int64)

    def anchors(self, corner: Corner) -> np.ndarray:
        return np.array(sorted(self.reports[corner].anchors), dtype=np.int64)

    @functools.cache  # noqa: B019 - one view per position, dropped with it
    def escape(self, corner: Corner, colour: str) -> tuple[int, ...]:
        """Point ids of the shortest path from ``corner`` to a far wall that avoids
        ``colour``'s groups on those walls; () when ``colour`` holds the corner."""
        path = self.game.escape_path(corner, colour)
        return () if path is None else tuple(self.lattice.id_of(*p) for p in path)

    def explain(self, corner: Corner) -> str:
        """The corner's state in a sentence, for the panel and the status bar."""
        report = self.reports[corner]
        if report.holder is not None:
            row = next(r for r in self.rows() if r.corner is corner)
            size = len(self.region(corner))
            return Mn_(
                "{corner}: {holder} holds it with a group of {size} anchored on {walls}; "
                "{count} point cut off",
                "{corner}: {holder} holds it with a group of {size} anchored on {walls}; "
                "{count} points cut off",
                size,
                corner=corner.value,
                holder=word(report.holder),
                size=row.group_size,
                walls=joined(row.anchor_walls),
                count=size,
            )
        far = joined(wall_names(corner.far_walls), " and ")
        red, blue = (
            M_(
                "{side}'s groups leave a path of {steps} steps",
                side=word(c),
                steps=len(self.escape(corner, c)) - 1,
            )
            for c in ("red", "blue")
        )
        return M_(
            "{corner}: not held, open to the {far} walls: {red}; {blue}",
            corner=corner.value,
            far=far,
            red=red,
            blue=blue,
        )

    def legend_words(self, region: Corner) -> dict[tuple[str, str], str]:
        """What each teaching overlay means, for the scene's legend (by the legend's
        (kind, style)), while ``region``'s partition is shown."""
        words = dict(LEGEND_WORDS)
        corner = region.value
        far = joined(wall_names(region.far_walls), " or ")
        holder = self.holder(region)
        if holder is not None:
            walls = next(r.anchor_walls for r in self.rows() if r.corner is region)
            words[("region", holder)] = M_(
                "{corner}'s isolated region: the points cut off", corner=corner
            )
            words[("rim", "group")] = M_(
                "{side}'s group holding {corner}", side=word(holder), corner=corner
            )
            words[("rim", "anchor")] = M_(
                "its anchors: balls on a far wall ({walls})", walls=joined(walls)
            )
        for colour in ("red", "blue"):
            words[("path", colour)] = M_(
                "{side}'s escape path: {corner} to a far wall ({far}), "
                "blocked by no anchored {side} group",
                side=word(colour),
                corner=corner,
                far=far,
            )
        words[("path", "both")] = M_(  # red's and blue's paths are the same points
            "red's and blue's escape path (the same points): {corner} to a far wall "
            "({far}), blocked by no anchored group of either",
            corner=corner,
            far=far,
        )
        return words

    def winner_text(self) -> str:
        """'red wins: holds SW, SE, AP' once a player holds three corners, else ''."""
        outcome = self.game.outcome()
        if outcome is None or outcome.winner is None:
            return ""
        held = ", ".join(self.game.held_corners(outcome.winner))
        return M_("{side} wins: holds {corners}", side=word(outcome.winner), corners=held)
