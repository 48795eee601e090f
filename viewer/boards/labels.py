"""Labels placed on the screen, not in the scene: read whole, over everything, and apart.

pyvista's point labels stand at a 3D point and are drawn with the scene's depth: a corner's
name slid under the board's edge or a pointer cone ("SW" showed as "W"), a label at the
picture's edge lost its first letters ("refutes 3,0,0" as "efutes 3,0,0"), and two labels
near each other ran together. Here each label is a 2D text actor that, before every render
(the camera may have turned), is placed from its anchor's projection: its box starts a few
pixels beyond the anchor, away from the board's middle (so it clears the site's pointer),
is kept inside the picture, and moves on outward past any label already placed there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pyvista as pv
from vtkmodules.vtkRenderingCore import vtkTextActor

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in display pixels

GAP = 4.0  # pixels between an anchor and its label's box
EDGE = 3.0  # pixels a label keeps from the picture's edge
SIDEWAYS = 0.38  # a direction this far along an axis puts the box wholly to that side
STEPS = 24  # moves outward past other labels before a label stays where it is
PLATE_OPACITY = 0.55  # a soft plate behind the text: legible over balls and stones


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class ScreenLabels:
    """Text labels at world anchors, each pushed along its own outward direction (a world
    vector; none: straight up on the screen), drawn over the scene. ``close`` removes them."""

    def __init__(
        self,
        plotter: pv.BasePlotter,
        labels: Sequence[tuple[str, Any, Any]],
        *,
        font_size: int = 15,
        rgb: tuple[int, int, int] = (40, 40, 40),
        plate: tuple[int, int, int] | None = None,
    ) -> None:
        self.renderer = plotter.renderer
        self.font_size = font_size
        self.rgb = rgb
        self.plate = plate
        self.actors: list[vtkTextActor] = []
        self.anchors = np.zeros((0, 3))
        self.outward = np.zeros((0, 3))
        self.visible = True
        self.boxes: list[Box] = []  # where each label was put at the last render
        self._placed_for: tuple[object, ...] | None = None  # the camera and size placed for
        self.set_labels(labels)
        self._observer = self.renderer.AddObserver("StartEvent", self._place)

    def set_labels(self, labels: Sequence[tuple[str, Any, Any]]) -> None:
        """Show these labels instead. A label whose text was shown already keeps its actor
        (VTK draws a text actor's text into a texture once, at its first render: a long
        game's labels change a few at a time, and remaking them all each move grew its
        renders)."""
        spare: dict[str, list[vtkTextActor]] = {}
        for actor in self.actors:
            spare.setdefault(actor.GetInput(), []).append(actor)
        self.anchors = np.array([anchor for _, anchor, _ in labels], dtype=float).reshape(-1, 3)
        self.outward = np.array(
            [(0.0, 0.0, 0.0) if out is None else out for _, _, out in labels], dtype=float
        ).reshape(-1, 3)
        self.actors = []
        for text, _, _ in labels:
            kept = spare.get(text)
            actor = kept.pop() if kept else self._new_actor(text)
            actor.SetVisibility(self.visible)
            self.actors.append(actor)
        for unused in spare.values():
            for actor in unused:
                self.renderer.RemoveViewProp(actor)
        self.boxes = []
        self._placed_for = None

    def _new_actor(self, text: str) -> vtkTextActor:
        actor = vtkTextActor()
        actor.SetInput(text)
        style = actor.GetTextProperty()
        style.SetFontSize(self.font_size)
        style.SetColor(*(c / 255 for c in self.rgb))
        style.SetBold(True)
        style.SetJustificationToLeft()
        style.SetVerticalJustificationToBottom()
        if self.plate is not None:
            style.SetBackgroundColor(*(c / 255 for c in self.plate))
            style.SetBackgroundOpacity(PLATE_OPACITY)
        actor.SetPickable(False)
        self.renderer.AddViewProp(actor)
        return actor

    def set_visible(self, on: bool) -> None:
        self.visible = on
        self._placed_for = None
        for actor in self.actors:
            actor.SetVisibility(on)

    def close(self) -> None:
        self.renderer.RemoveObserver(self._observer)
        for actor in self.actors:
            self.renderer.RemoveViewProp(actor)
        self.actors = []

    # ---- placing -------------------------------------------------------------------------

    def _display(self, point: np.ndarray) -> np.ndarray:
        renderer = self.renderer
        renderer.SetWorldPoint(float(point[0]), float(point[1]), float(point[2]), 1.0)
        renderer.WorldToDisplay()
        x, y, _ = renderer.GetDisplayPoint()
        return np.array([x, y])

    def _place(self, *_args: object) -> None:
        if not self.actors or not self.visible:
            return
        # Placed again only when the camera or the picture's size changed: measuring and
        # projecting every label before each render grew a long game's renders
        camera = self.renderer.GetActiveCamera()
        key = (camera.GetMTime(), *self.renderer.GetSize(), *self.renderer.GetViewport())
        if key == self._placed_for:
            return
        self._placed_for = key
        width, height = self.renderer.GetSize()
        placed: list[Box] = []
        size = [0.0, 0.0]
        for actor, anchor, out in zip(self.actors, self.anchors, self.outward, strict=True):
            actor.GetSize(self.renderer, size)
            w, h = size
            at = self._display(anchor)
            direction = np.array([0.0, 1.0])
            if out.any():
                screen = self._display(anchor + out) - at
                norm = float(np.hypot(*screen))
                if norm > 1e-6:
                    direction = screen / norm
            # the box's side (or corner) that faces the anchor sits GAP beyond it
            corner = at + direction * GAP
            offset = np.array([-w / 2, -h / 2])
            for axis, extent in ((0, w), (1, h)):
                if direction[axis] > SIDEWAYS:
                    offset[axis] = 0.0
                elif direction[axis] < -SIDEWAYS:
                    offset[axis] = -extent
            centre = corner + offset + np.array([w / 2, h / 2])
            box = self._inside(centre, w, h, width, height)
            for _ in range(STEPS):
                if not any(_overlaps(box, other) for other in placed):
                    break
                centre = centre + direction * (0.5 * h + 2)
                box = self._inside(centre, w, h, width, height)
            placed.append(box)
            actor.SetPosition(box[0], box[1])
        self.boxes = placed

    @staticmethod
    def _inside(centre: np.ndarray, w: float, h: float, width: int, height: int) -> Box:
        x0 = min(max(centre[0] - w / 2, EDGE), max(EDGE, width - EDGE - w))
        y0 = min(max(centre[1] - h / 2, EDGE), max(EDGE, height - EDGE - h))
        return (x0, y0, x0 + w, y0 + h)
