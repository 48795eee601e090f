"""The user's base folders as the XDG Base Directory specification says them: a variable
set to an absolute path names the folder; one unset, empty or relative is ignored and the
default under the home folder stands ("If an implementation encounters a relative path
in any of these variables it should consider the path invalid and ignore it")."""

from __future__ import annotations

import os
from pathlib import Path


def xdg_home(variable: str, *default: str) -> Path:
    """The folder ``$variable`` names where it is an absolute path, else ``~/`` joined with
    ``default`` (``xdg_home("XDG_CACHE_HOME", ".cache")``)."""
    given = os.environ.get(variable, "")
    if os.path.isabs(given):
        return Path(given)
    return Path(os.path.expanduser("~"), *default)
