"""Where a version's tables live in the user's cache (``$XDG_CACHE_HOME`` or
``~/.cache``, then ``pyramid-lab/``), named by the rules: the whole-game table's folder.
Nothing else: the book asks it of every position without loading a table's reader (numpy,
a kernel)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pyramid_lab.xdg import xdg_home


def cache_root() -> Path:
    """The program's folder in the user's cache."""
    return xdg_home("XDG_CACHE_HOME", ".cache") / "pyramid-lab"


def whole_folder(options: Any, base: int = 4) -> Path:
    """The whole-game table's folder for the rules ``options`` (a PyraosOptions) and the
    pyramid's ``base`` (4: the game's)."""
    suffix = "" if base == 4 else f"-base{base}"
    return cache_root() / f"pyraos-{options.variant}-{options.removal}-whole{suffix}"
