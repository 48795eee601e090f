"""The content Pyramid Lab ships: its lessons, its puzzle collections, its certificates and
its example positions, package data of :mod:`model` (``model/data/lessons/<game>/``,
``model/data/puzzles/<game>/``, ``model/data/certificates/``,
``model/data/examples/<game>/``), found through :mod:`importlib.resources`, so they are
there however the package was installed (a wheel, an editable install, a source checkout).

``examples/`` in the repository holds the same example positions as
``model/data/examples/`` (a test keeps the two alike), for the commands and paths that
the README, the docs and the tests write; nothing of the program reads it.
"""

from __future__ import annotations

import atexit
import contextlib
import shutil
import tempfile
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

#: The kinds of content, each a folder of ``model/data``.
KINDS = ("lessons", "puzzles", "certificates", "examples")

_found: dict[str, Path] = {}


def shipped(kind: str) -> Path:
    """The folder of the shipped ``kind`` (one of :data:`KINDS`) on the file system: the
    package's own folder where the package lies in folders (a wheel installed, an editable
    install), else a copy made once for the process (a package imported from a zip
    archive), removed at exit."""
    if kind not in KINDS:
        raise ValueError(f"no shipped content {kind!r}: one of {', '.join(KINDS)}")
    found = _found.get(kind)
    if found is None:
        found = _found[kind] = _on_disk(files(__package__ or "pyramid_lab.model") / "data" / kind)
    return found


def lessons() -> Path:
    """The shipped lessons: a folder a game, and ``order.json``."""
    return shipped("lessons")


def puzzles() -> Path:
    """The shipped puzzle collections: a folder a game, each with its ``collection.json``."""
    return shipped("puzzles")


def certificates() -> Path:
    """The shipped certificates (``*.cert.gz``)."""
    return shipped("certificates")


def examples() -> Path:
    """The shipped example positions: a folder a game of position files (``*.pyr.json``)."""
    return shipped("examples")


def is_shipped(path: str | Path) -> bool:
    """Whether ``path`` is (inside) the shipped content: a lesson, puzzle, certificate or
    example that came with Pyramid Lab, to keep as it came (saved elsewhere)."""
    try:
        where = Path(path).resolve()
    except (OSError, RuntimeError, ValueError):
        return False
    return any(where.is_relative_to(shipped(kind).resolve()) for kind in KINDS)


def _on_disk(folder: Traversable) -> Path:
    if isinstance(folder, Path):
        # its real place: in the repository, model/data (not through pyramid_lab/'s link)
        return folder.resolve()
    target = Path(tempfile.mkdtemp(prefix="pyramid-lab-content-"))
    atexit.register(shutil.rmtree, target, ignore_errors=True)
    _copy(folder, target)
    return target


def _copy(source: Traversable, target: Path) -> None:
    """Copy the tree ``source`` (of a zip archive) to the folder ``target``."""
    with contextlib.suppress(FileExistsError):
        target.mkdir()
    for item in source.iterdir():
        if item.is_dir():
            _copy(item, target / item.name)
        else:
            (target / item.name).write_bytes(item.read_bytes())
