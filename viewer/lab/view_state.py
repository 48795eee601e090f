"""What the viewer shows, apart from the game: level range, peeled shells, clip planes,
hover. Qt-free and VTK-free; the scene turns it into a per-point visibility mask."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, Protocol

import numpy as np

from .events import Signal

#: The field of the view that changed (``ViewState.changed``); "reset": all of them.
ViewField = Literal[
    "levels", "peel", "ghost_peeled", "clip", "free_plane", "cut_open", "hover", "reset"
]

AXES = "xyz"


@dataclass(frozen=True)
class ClipPlane:
    """Hide the balls whose centre lies beyond ``value`` on ``axis`` (0 x, 1 y, 2 z);
    ``keep_below`` keeps the side with smaller coordinates."""

    axis: int
    enabled: bool = False
    value: float = 0.0
    keep_below: bool = True

    def keeps(self, centres: np.ndarray) -> np.ndarray:
        if not self.enabled:
            return np.ones(len(centres), dtype=bool)
        coord = centres[:, self.axis]
        eps = 1e-6
        return coord <= self.value + eps if self.keep_below else coord >= self.value - eps


class BoardGeometry(Protocol):
    """Per site: its centre, level and distance to each wall (for peeling); read by the
    view state, the clip planes and set-up mode."""

    @property
    def count(self) -> int: ...

    @property
    def centres(self) -> np.ndarray:
        """(count, 3)."""

    @property
    def levels(self) -> np.ndarray:
        """(count,)."""

    @property
    def wall_distance(self) -> np.ndarray:
        """(count, walls): steps to each wall; peeling hides the least."""


class ViewState:
    def __init__(self) -> None:
        self.changed: Signal[[ViewField]] = Signal()
        self.levels: tuple[int, int] = (0, 10**6)  # lowest and highest level shown
        self.peel = 0  # hide the points within this many steps of any wall
        self.ghost_peeled = False  # draw peeled balls as faint ghosts instead of hiding
        self.clips = [ClipPlane(0), ClipPlane(1), ClipPlane(2)]
        self.free_plane: tuple[tuple[float, ...], tuple[float, ...]] | None = None
        self.cut_open = False  # draw balls that straddle a plane cut open, not whole or gone
        self.hover: int | None = None

    def set_levels(self, lo: int, hi: int) -> None:
        lo, hi = max(0, lo), max(0, hi)
        if lo > hi:
            lo, hi = hi, lo
        if (lo, hi) != self.levels:
            self.levels = (lo, hi)
            self.changed.emit("levels")

    def set_peel(self, shells: int) -> None:
        shells = max(0, shells)
        if shells != self.peel:
            self.peel = shells
            self.changed.emit("peel")

    def set_ghost_peeled(self, on: bool) -> None:
        if on != self.ghost_peeled:
            self.ghost_peeled = on
            self.changed.emit("ghost_peeled")

    def set_clip(
        self,
        axis: int,
        *,
        enabled: bool | None = None,
        value: float | None = None,
        keep_below: bool | None = None,
    ) -> None:
        """Change the given fields of the clip plane on ``axis`` (None: as it is)."""
        old = self.clips[axis]
        new = replace(
            old,
            enabled=old.enabled if enabled is None else enabled,
            value=old.value if value is None else value,
            keep_below=old.keep_below if keep_below is None else keep_below,
        )
        if new != self.clips[axis]:
            self.clips[axis] = new
            self.changed.emit("clip")

    def set_free_plane(
        self, normal: tuple[float, ...] | None, origin: tuple[float, ...] = (0, 0, 0)
    ) -> None:
        """Hide the balls on the side ``normal`` points to (None: no free plane)."""
        plane = None if normal is None else (tuple(map(float, normal)), tuple(map(float, origin)))
        if plane != self.free_plane:
            self.free_plane = plane
            self.changed.emit("free_plane")

    def set_cut_open(self, on: bool) -> None:
        if on != self.cut_open:
            self.cut_open = on
            self.changed.emit("cut_open")

    def planes(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """Active planes as (normal, origin), the normal pointing to the hidden side."""
        out = []
        for clip in self.clips:
            if clip.enabled:
                normal = np.zeros(3)
                normal[clip.axis] = 1.0 if clip.keep_below else -1.0
                origin = np.zeros(3)
                origin[clip.axis] = clip.value
                out.append((normal, origin))
        if self.free_plane is not None:
            normal, origin = (np.asarray(v, dtype=float) for v in self.free_plane)
            out.append((normal / (np.linalg.norm(normal) or 1.0), origin))
        return out

    def cut(self, lat: BoardGeometry, radius: float) -> np.ndarray:
        """Per point: a ball of ``radius`` there straddles an active plane (with cut_open on),
        within the level range and peel."""
        planes = self.planes()
        if not self.cut_open or not planes:
            return np.zeros(lat.count, dtype=bool)
        side = np.stack([(lat.centres - origin) @ normal for normal, origin in planes])
        crossing = (np.abs(side) < radius).any(axis=0) & (side < radius).all(axis=0)
        cut: np.ndarray = crossing & self._levels_and_peel(lat)
        return cut

    def _levels_and_peel(self, lat: BoardGeometry) -> np.ndarray:
        lo, hi = self.levels
        keep = (lat.levels >= lo) & (lat.levels <= hi)
        if self.peel:
            keep &= lat.wall_distance.min(axis=1) >= self.peel
        return keep

    def set_hover(self, pid: int | None) -> None:
        if pid != self.hover:
            self.hover = pid
            self.changed.emit("hover")

    def reset(self) -> None:
        self.levels, self.peel, self.ghost_peeled = (0, 10**6), 0, False
        self.clips = [ClipPlane(0), ClipPlane(1), ClipPlane(2)]
        self.free_plane = None
        self.cut_open = False
        self.hover = None  # a site of the board the view was set for
        self.changed.emit("reset")

    def visible(self, lat: BoardGeometry) -> np.ndarray:
        """Per point id: shown (and clickable) under the level range, peel and clips."""
        keep = self._levels_and_peel(lat)
        for clip in self.clips:
            keep &= clip.keeps(lat.centres)
        if self.free_plane is not None:
            normal, origin = (np.asarray(v) for v in self.free_plane)
            keep &= (lat.centres - origin) @ normal <= 1e-6
        return keep

    def describe(self) -> str:
        parts = []
        if self.levels != (0, 10**6):
            parts.append(f"levels {self.levels[0]}-{self.levels[1]}")
        if self.peel:
            parts.append(f"peeled {self.peel}")
        parts += [
            f"{AXES[c.axis]}{'<=' if c.keep_below else '>='}{c.value:g}"
            for c in self.clips
            if c.enabled
        ]
        return ", ".join(parts)
