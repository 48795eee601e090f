"""What an export draws besides the view (:class:`ExportOptions`): the render's options,
an animation's motion and frames, the title. Apart from :mod:`.export`, which the motions,
the sheet and the page it calls read it from."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..lab.export_plan import DEFAULT_FPS, DEFAULT_FRAMES, DEFAULT_HOLD
from .render import RenderOptions


@dataclass
class ExportOptions:
    """What to export besides the view (``render``: size, levels, peel, clips, camera)."""

    render: RenderOptions = field(default_factory=RenderOptions)
    motion: str | None = None  # an animation's: "turntable" or "replay"
    frames: int = DEFAULT_FRAMES  # a turntable's frames for one turn
    hold: int = DEFAULT_HOLD  # a replay's frames per position (a GIF shows one as long)
    fps: int = DEFAULT_FPS  # an animation's frames per second
    title: str = ""  # the sheet's and the page's title (a puzzle's title, the file's name)
