"""Where a version's tables live in the user's cache (``$XDG_CACHE_HOME`` or
``~/.cache``, then ``pyramid-lab/``), named by the rules: the whole-game table's folder.
Nothing else: the book asks it of every position without loading a table's reader (numpy,
a kernel)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any


def cache_root() -> Path:
    """The program's folder in the user's cache."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pyramid-lab"


def whole_folder(options: Any, base: int = 4) -> Path:
    """The whole-game table's folder for the rules ``options`` (a PyraosOptions) and the
    pyramid's ``base`` (4: the game's)."""
    suffix = "" if base == 4 else f"-base{base}"
    return cache_root() / f"pyraos-{options.variant}-{options.removal}-whole{suffix}"
