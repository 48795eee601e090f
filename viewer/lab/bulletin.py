"""What a front end shows beside the board, kept as the lab's state (as napari keeps
``ViewerModel.status``): the status line (the last thing said), the prompt (what to do
next, or who is thinking) and a long job's progress. The lab and the window write it; each
front end observes ``changed(field)`` and draws the field, so the lab's port only asks the
user things (a file, yes / no, a number, a message)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from .events import Signal

#: The field of the bulletin that changed.
BulletinField = Literal["status", "prompt", "progress"]


class Bulletin:
    """The status line, the prompt and the progress of the job under way."""

    def __init__(self) -> None:
        self.status = ""  # the last line said (a front end may let it fade)
        self.prompt = ""
        self.progress: float | None = None  # 0..1 while a job runs; None: none runs
        self.progress_text = ""  # what the job under way is at
        self.changed: Signal[[BulletinField]] = Signal()

    def say(self, text: str) -> None:
        """A line for the status bar (said again if it is the same: it is news again)."""
        self.status = text
        self.changed.emit("status")

    def show_prompt(self, text: str) -> None:
        """The prompt over the board: what to do next, or who is thinking."""
        if text != self.prompt:
            self.prompt = text
            self.changed.emit("prompt")

    def show_progress(self, fraction: float | None, text: str = "") -> None:
        """A long job's progress, 0..1; None: no job runs."""
        self.progress, self.progress_text = fraction, text
        self.changed.emit("progress")


#: How a part of the lab says a line (its bulletin's ``say``).
Say = Callable[[str], None]
