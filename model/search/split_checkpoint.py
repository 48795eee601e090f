"""The split solve's checkpoint (:mod:`.split`): the settled units of one solve in a
folder, one small JSON file a unit written atomically, under a header naming the format,
its version and the solve's key; a folder that is not one is named and not trusted."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from ..files import write_bytes
from ..game import Game, shorten
from .split_tree import stable
from .symmetry import search_key

#: The checkpoint's header: its format and version.
FORMAT = "pyramid-lab split checkpoint"
VERSION = 1
HEADER = "checkpoint.json"


def solve_key(game: Game, plies: int, max_depth: int, table_mb: float) -> dict[str, Any]:
    """What a checkpoint must have been made for to be trusted: the game, its rule options,
    the root position (up to the symmetries), the frontier's plies and the depth asked
    (``table_mb`` changes no proven value and is left out)."""
    del table_mb
    return {
        "game": game.name,
        "options": stable(game.options),
        "position": stable(search_key(game)),
        "plies": plies,
        "max_depth": max_depth,
    }


def default_checkpoint(game: Game, plies: int, max_depth: int) -> Path:
    """The checkpoint folder of this solve under the user's cache (``XDG_CACHE_HOME``, else
    ``~/.cache``): ``pyramid-lab/solve/<game>-<digest of the key>``."""
    key = solve_key(game, plies, max_depth, 0)
    digest = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "pyramid-lab" / "solve" / f"{game.name}-{digest}"


class Checkpoint:
    """The units settled so far, in ``folder`` (see the module)."""

    def __init__(self, folder: Path, key: dict[str, Any]) -> None:
        self.folder = folder
        self.key = key

    def _untrusted(self, why: str) -> str:
        return f"checkpoint {shorten(str(self.folder))}: {why}; not trusted (not read, not written)"

    def open(self) -> tuple[dict[str, tuple[str, int | None]], str]:
        """The units settled in the folder (id -> value, plies), made ready for more;
        or nothing and the line saying why the folder is not trusted."""
        header = self.folder / HEADER
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            # a name with a dot first is a write's temporary file (model.files.write_bytes),
            # never renamed where a kill stopped it: not a unit
            names = [p.name for p in self.folder.iterdir() if not p.name.startswith(".")]
            if not names:
                made = {"format": FORMAT, "version": VERSION, "key": self.key}
                write_bytes(header, json.dumps(made).encode())
                return {}, ""
            if HEADER not in names:
                return {}, self._untrusted(f"holds files but no {HEADER}: not a checkpoint")
            try:
                head = json.loads(header.read_text())
            except (ValueError, UnicodeDecodeError) as exc:
                return {}, self._untrusted(f"{HEADER} does not parse ({shorten(str(exc))})")
            if not isinstance(head, dict) or head.get("format") != FORMAT:
                return {}, self._untrusted("not a split solve's checkpoint")
            if head.get("version") != VERSION:
                return {}, self._untrusted(f"version {shorten(repr(head.get('version')))}")
            if head.get("key") != self.key:
                return {}, self._untrusted("made for another position or other options")
            settled: dict[str, tuple[str, int | None]] = {}
            for name in names:
                if name == HEADER:
                    continue
                path = self.folder / name
                try:
                    data = json.loads(path.read_text())
                    uid, value, plies = data["unit"], data["value"], data["plies"]
                    ok = (
                        name == f"{uid}.json"
                        and value in ("win", "loss", "draw")
                        and (plies is None or (isinstance(plies, int) and plies >= 0))
                    )
                except (ValueError, UnicodeDecodeError, KeyError, TypeError):
                    ok = False
                if not ok:
                    return {}, self._untrusted(f"{shorten(name)} is damaged")
                settled[uid] = (value, plies)
            return settled, ""
        except OSError as exc:
            return {}, self._untrusted(shorten(exc.strerror or str(exc)))

    def write(self, unit: str, value: str, plies: int | None, nodes: int, seconds: float) -> None:
        """Keep a settled unit (atomically: a kill leaves it whole or absent)."""
        data = {"unit": unit, "value": value, "plies": plies, "nodes": nodes, "seconds": seconds}
        write_bytes(self.folder / f"{unit}.json", json.dumps(data).encode())
