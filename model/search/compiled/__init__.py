"""The compiled search core (numba): one kernel a game, one MCTS and one proof search for all.

- each game's kernel, in its package of the search (:mod:`model.search.games.partition.kernel`,
  :mod:`model.search.games.terrace.kernel` and Pyraos's
  :mod:`model.search.games.pyraos.state` over the bitboards of its ``kernel``) gives the
  game's position as a few int64 words, its legal moves, copy-make, the end test, a
  symmetry key and a random playout;
- :mod:`.core` dispatches to them by a game code, so :mod:`.mcts` (UCT with RAVE and the
  MCTS-Solver), :mod:`.dfpn` (depth-first proof-number search with a fixed-size table) and
  :mod:`.bounded` (depth-bounded AND/OR search) are written once for every game; the one
  solver (:mod:`.solver`) asks either of the two proof searches;
- an adapter (:class:`.adapters.Adapter`; each game's beside its kernel) maps a
  :class:`model.game.Game` to its kernel's words and the kernel's moves back to the game's.
  The layer above hands each search its adapter (the game's plug-in makes it:
  ``model.search.kernels``); nothing here asks the registry or names a game's module but
  :mod:`.core`, which dispatches to the kernels, and :mod:`.warm`, which compiles them.

The Python model stays the reference: tests compare each kernel's moves, perft counts and
outcomes with it on random play.

Numba caches compiled code beside the source and checks only the file a function is written
in, not the files it calls or whose tables it reads, so a changed kernel would leave a stale
MCTS in the cache. :func:`_drop_stale_cache` compares a hash of every source the compiled
code depends on with the one stored at the last compile and, when they differ, deletes the
cached code (it is compiled again on first use, or by ``scripts/setup.sh``).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path

_HERE = Path(__file__).resolve().parent
#: The modules of this package that hold numba functions.
COMPILED = ("bits", "core", "mcts", "dfpn", "bounded")
_SEARCH = _HERE.parent
_MODEL = _SEARCH.parent
#: The game packages of the search that hold numba functions, and those modules.
GAME_COMPILED = {
    _SEARCH / "games" / "partition": ("kernel",),
    _SEARCH / "games" / "pyraos": ("kernel", "state", "retro"),
    _SEARCH / "games" / "terrace": ("kernel",),
}
#: The rules' packages whose tables the kernels read.
_RULES = ("partition", "pyraos", "terrace")
#: Every file whose code or tables the compiled functions are built from (the Python
#: drivers, adapters and agents are not: editing them keeps the compiled code).
SOURCES = (
    *(_HERE / f"{name}.py" for name in COMPILED),
    *(folder / f"{name}.py" for folder, names in GAME_COMPILED.items() for name in names),
    _MODEL / "lattice.py",
    *(path for game in _RULES for path in sorted((_MODEL / game).glob("*.py"))),
)
STAMP = "compiled-sources.sha256"


def _cache_folders() -> list[Path]:
    folders = [_HERE / "__pycache__", _SEARCH / "__pycache__"]
    folders += [folder / "__pycache__" for folder in GAME_COMPILED]
    user = os.environ.get("NUMBA_CACHE_DIR")
    if user:  # numba mirrors the source tree under it
        folders += [Path(user) / str(f.parent).lstrip(os.sep) / f.name for f in folders]
    return folders


def sources_digest() -> str:
    """A hash of every source the compiled code is built from (:data:`SOURCES`)."""
    digest = hashlib.sha256()
    for path in SOURCES:
        try:
            digest.update(path.read_bytes())
        except OSError:
            continue
    return digest.hexdigest()


def _drop_stale_cache() -> None:
    want = sources_digest()
    stamp = _HERE / "__pycache__" / STAMP
    try:
        if stamp.read_text() == want:
            return
    except OSError:
        pass
    for folder in _cache_folders():
        for pattern in ("*.nbi", "*.nbc"):
            for cached in folder.glob(pattern):
                with contextlib.suppress(OSError):  # gone already, or a read-only install
                    cached.unlink()
    try:
        stamp.parent.mkdir(exist_ok=True)
        stamp.write_text(want)
    except OSError:
        pass


_drop_stale_cache()
