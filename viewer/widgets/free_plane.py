"""The free clip plane: pyvista's plane widget in the scene, dragged by the user; pieces on
the side its normal points to are hidden (through the view state)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from ..boards.base import padded_bounds
from ..lab.view_state import ViewState
from .slots import guarded

if TYPE_CHECKING:
    import pyvista as pv

NORMAL = (-1.0, -1.0, 0.0)  # towards the default camera: the cut face shows


class FreePlane:
    def __init__(
        self, plotter: pv.BasePlotter, view: ViewState, report: Callable[[str], None]
    ) -> None:
        self.plotter = plotter
        self.view = view
        self.report = report
        self.widget: Any = None

    def toggle(self, on: bool, centres: np.ndarray) -> None:
        if on and self.widget is None:
            centre = tuple(centres.mean(axis=0))
            # (through the widgets part: the plotter's own forwarder reads, to a type
            # checker, as an unbound method; see viewer/boards/meshes.py)
            self.widget = self.plotter.widgets.add_plane_widget(
                self._on_moved,
                normal=(1.0, 1.0, 0.0),
                origin=centre,
                bounds=padded_bounds(centres),
                implicit=True,
                outline_translation=False,
                interaction_event="end",
                pass_widget=False,
            )
            self.view.set_free_plane(NORMAL, centre)
        elif not on and self.widget is not None:
            self.clear()
            self.view.set_free_plane(None)

    def clear(self) -> None:
        """Take the widget out of the scene (the view state is left as it is)."""
        if self.widget is not None:
            self.plotter.widgets.clear_plane_widgets()
            self.widget = None

    def _on_moved(self, normal: Any, origin: Any) -> None:
        guarded(
            lambda: self.view.set_free_plane(tuple(normal), tuple(origin)),
            self.report,
            "plane widget",
        )
