"""The machine code a regular install made (``setup.py``, issue 111: numba 0.68 keys its
cache by the source's content, so the installed copy finds it), shared with numba's cache
folder where that is not beside the modules, once, before a search's first use
(:mod:`.first_use`: the kernels are loaded there)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path

#: The install's mark beside the machine code it made (``setup.py``; in ``__pycache__``).
INSTALLED = "machine-code-installed"

#: The files of numba's cache and the warm-up's marks, as the install lays them out.
_MADE = ("*.nbi", "*.nbc", "compiled-*.sha256")


def share_installed_code(
    folders: list[Path], cache_folder: Callable[[Path], Path], mark: str
) -> None:
    """Where numba keeps its cache elsewhere than beside the modules (an install nobody may
    write: the user's cache folder; ``NUMBA_CACHE_DIR``), the machine code the install made
    beside them (``mark`` there) is copied there once: the same index and files,
    which numba keys by the sources' content, not their folder. Nothing where the install
    made none (an editable install, a checkout) or the cache is beside the modules."""
    shipped = folders[0] / "__pycache__"
    if not (shipped / mark).is_file():
        return
    target = cache_folder(folders[0])
    if target == shipped or _read(target / mark) == _read(shipped / mark):
        return  # (the mark holds the sources' hash: another version's code is replaced)
    with contextlib.suppress(OSError):  # (a cache nobody may write: compiled on first use)
        for folder in (*folders[1:], folders[0]):  # the mark last: a copy cut short is redone
            there = cache_folder(folder)
            there.mkdir(parents=True, exist_ok=True)  # (a new user's cache folder: none yet)
            for pattern in _MADE:
                for made in (folder / "__pycache__").glob(pattern):
                    _copy(made, there / made.name)
        _copy(shipped / mark, target / mark)


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _copy(source: Path, target: Path) -> None:
    """``source`` to ``target``, whole or not at all (another process may read it)."""
    partial = target.with_name(f"{target.name}.{os.getpid()}.part")
    partial.write_bytes(source.read_bytes())
    partial.replace(target)
