"""The one port through which the lab asks the user things: a front end (the Qt window, a
test's fake, one day a web page) implements it. Qt-free: nothing here draws. What the lab
only tells (the status line, the prompt, progress) is its state, :mod:`.bulletin`, which
each front end observes."""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Protocol


class Port(Protocol):
    """What the lab asks of its front end."""

    def choose_file(self, purpose: Literal["open", "save"], start: Path) -> str | None:
        """A file to open, or to save to (``start``: the folder, or the name suggested);
        None when the user cancelled."""
        ...

    def ask(self, question: str, detail: str, *, can_save: bool = True) -> str:
        """Yes / no / cancel: SAVE, DISCARD or CANCEL (no SAVE when ``can_save`` is
        false)."""
        ...

    def confirm(self, title: str, question: str, detail: str, go: str) -> bool:
        """Go on with something that cannot wait (``go``: the button's words, e.g. "Stop
        and quit") or Cancel: True to go on."""
        ...

    def ask_number(self, title: str, text: str, value: int, low: int, high: int) -> int | None:
        """A whole number from ``low`` to ``high`` (``value`` proposed); None when the user
        cancelled."""
        ...

    def show_message(self, title: str, text: str) -> None:
        """A message the user must read (an error: a file that cannot be opened)."""
        ...
