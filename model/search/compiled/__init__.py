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

Numba caches compiled code beside the source (or where :func:`cache_folder` says) and checks
only the file a function is written in, not the files it calls or whose tables it reads, so
a changed kernel would leave a stale MCTS in the cache. :func:`_drop_stale_cache` compares a
hash of every source the compiled code depends on with the one stored at the last compile
and, when they differ, deletes the cached code (it is compiled again on first use, by
``scripts/setup.sh`` or by the window's warm-up: :mod:`.first_use`).

``pip install .`` makes the machine code for the machine that installs (:mod:`.first_use`).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path

from pyramid_lab.xdg import xdg_home

_HERE = Path(__file__).resolve().parent
#: The modules of this package that hold numba functions.
COMPILED = ("bits", "core", "stacks", "mcts", "dfpn", "bounded", "lanes")
_SEARCH = _HERE.parent
_MODEL = _SEARCH.parent
#: The game packages of the search that hold numba functions, and those modules (with
#: Pyraos's ``pyramid_arrays``, the tables its kernels compile in as constants).
GAME_COMPILED = {
    _SEARCH / "games" / "partition": ("kernel", "outlook"),
    _SEARCH / "games" / "pyraos": ("pyramid_arrays", "kernel", "state"),
    _SEARCH / "games" / "pyraos" / "prober": ("index",),
    _SEARCH / "games" / "pyraos" / "builder": ("walk", "moves", "rounds", "pushing"),
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


def _writable(folder: Path) -> bool:
    """Whether numba can keep its cache in ``folder`` (made where missing), as numba tries
    it: a file written there and taken away."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".writable-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError:
        return False
    return True


def cache_folder(source: Path) -> Path:
    """Where numba keeps the compiled code of the modules in folder ``source``, as its
    cache locators choose (numba.core.caching): under ``NUMBA_CACHE_DIR`` where it is set,
    else beside the source (``__pycache__``: an editable or a regular install into an
    environment of the user's), else, where that is read-only (an install by root), under
    the user's cache folder (``$XDG_CACHE_HOME/numba``); the last two in a folder named
    after the source folder and a hash of its path."""
    path = os.path.abspath(source)  # as numba has it from the module's __file__: unresolved
    named = f"{os.path.basename(path)}_{hashlib.sha1(path.encode()).hexdigest()}"
    user = os.environ.get("NUMBA_CACHE_DIR")
    if user and _writable(Path(user) / named):
        return Path(user) / named
    beside = Path(path) / "__pycache__"
    if _writable(beside):
        return beside
    home = str(xdg_home("XDG_CACHE_HOME", ".cache"))
    return Path(home) / "numba" / named


def sources_digest() -> str:
    """A hash of every source the compiled code is built from (:data:`SOURCES`)."""
    digest = hashlib.sha256()
    for path in SOURCES:
        try:
            digest.update(path.read_bytes())
        except OSError:
            continue
    return digest.hexdigest()


def _source_folders() -> list[Path]:
    """The folders of every module with numba functions, as this package was imported (not
    resolved: numba names its cache folders after the path the modules were found at)."""
    here = Path(os.path.dirname(os.path.abspath(__file__)))
    return [here, *(here.parent / folder.relative_to(_SEARCH) for folder in GAME_COMPILED)]


def _drop_stale_cache() -> None:
    """Delete numba's cached code of the compiled core where it was compiled from other
    sources (the hash in :data:`STAMP`, kept in the cache folder beside the code it
    stamps, differs): the next search compiles it again."""
    want = sources_digest()
    stamp = cache_folder(_source_folders()[0]) / STAMP
    try:
        if stamp.read_text() == want:
            return
    except OSError:
        pass
    for folder in _source_folders():
        cached = cache_folder(folder)
        for pattern in ("*.nbi", "*.nbc"):
            for found in cached.glob(pattern):
                with contextlib.suppress(OSError):  # gone already, or not ours to delete
                    found.unlink()
    with contextlib.suppress(OSError):
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(want)


_drop_stale_cache()
