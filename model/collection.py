"""Puzzle collections: a folder of puzzle files in order of difficulty, and the player's
ticks for the puzzles solved.

A folder is a collection: its ``*.pyr.json`` files that state a goal (see
:mod:`model.puzzle`). ``collection.json`` beside them (written by
``scripts/make_puzzles.py``) gives the order and each puzzle's difficulty::

    {"format": "pyramid-lab-collection/1", "measure": "...",
     "puzzles": [{"file": "a.pyr.json", "difficulty": 64}, ...]}

Files it does not list come after those it lists, by the difficulty written in their
puzzle (``"difficulty": "64 playouts"``), then by name. A puzzle is known by its
position (game, options, side to move, pieces), not by its path: a tick follows the
puzzle when the folder moves or the file is renamed.

:class:`Progress` keeps the ticks in a JSON file, by default
``$XDG_CONFIG_HOME/pyramid-lab/puzzles-solved.json`` (``~/.config/...``);
``PYRAMID_LAB_CONFIG`` names another folder (the tests use a temporary one).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .files import SUFFIX, read, to_json, write_text
from .game import Game, PositionFormatError
from .puzzle import goal_of

INDEX = "collection.json"
INDEX_FORMAT = "pyramid-lab-collection/1"
PROGRESS_FILE = "puzzles-solved.json"
_NUMBER = re.compile(r"^\s*(\d+)")


@dataclass(frozen=True)
class Entry:
    """One puzzle of a collection."""

    path: Path
    title: str
    goal: str  # the goal in words
    difficulty: int | None  # the engine's measure (larger is harder), when known
    key: str  # the puzzle's identity: its position

    @property
    def name(self) -> str:
        return self.path.name.removesuffix(SUFFIX)


@dataclass
class Collection:
    folder: Path
    entries: list[Entry]
    problems: list[str]  # files that could not be read: 'name: why'
    measure: str = ""  # how the difficulty was measured, from the index

    def index_of(self, key: str) -> int | None:
        return next((i for i, e in enumerate(self.entries) if e.key == key), None)


def position_key(game: Game) -> str:
    """The identity of a puzzle: a digest of its position as a file writes it (the
    history left out: the same position reached otherwise is the same puzzle)."""
    doc = to_json(game)
    fields = {k: doc.get(k) for k in ("game", "options", "to_move", "pieces", "state")}
    if doc.get("start") == "pieces":  # the pieces are the set-up: the position is after it
        fields["pieces"] = [[*c, colour] for c, colour in sorted(game.pieces())]
        fields["to_move"] = game.to_move
        fields["state"] = game.file_state()
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


def difficulty_of(puzzle: dict[str, Any]) -> int | None:
    """The number a puzzle's ``difficulty`` text starts with ('64 playouts' -> 64)."""
    text = puzzle.get("difficulty")
    match = _NUMBER.match(text) if isinstance(text, str) else None
    return int(match.group(1)) if match else None


def read_index(folder: Path) -> dict[str, Any] | None:
    """The folder's collection.json, None without one; PositionFormatError when bad."""
    path = folder / INDEX
    if not path.is_file():
        return None
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise PositionFormatError(INDEX, f"cannot be read: {exc}") from None
    if not isinstance(raw, dict) or raw.get("format") != INDEX_FORMAT:
        raise PositionFormatError(INDEX, f'must be an object with "format": "{INDEX_FORMAT}"')
    puzzles = raw.get("puzzles")
    if not isinstance(puzzles, list) or not all(
        isinstance(p, dict) and isinstance(p.get("file"), str) for p in puzzles
    ):
        raise PositionFormatError(f"{INDEX}.puzzles", 'must be a list of {"file": ...}')
    return raw


def load(folder: str | os.PathLike[str]) -> Collection:
    """The puzzles of ``folder`` in order (NotADirectoryError when it is not a folder;
    PositionFormatError when its collection.json is bad). Files that do not read, or
    state no goal, are left out and named in ``problems``."""
    root = Path(folder)
    if not root.is_dir():
        raise NotADirectoryError(f"{folder}: not a folder")
    index = read_index(root)
    listed: dict[str, int | None] = {}
    if index is not None:
        for item in index["puzzles"]:
            value = item.get("difficulty")
            listed[item["file"]] = value if isinstance(value, int) else None
    entries: list[tuple[tuple[Any, ...], Entry]] = []
    problems: list[str] = []
    order = {name: i for i, name in enumerate(listed)}
    for path in sorted(root.glob(f"*{SUFFIX}")):
        try:
            doc = read(path)
        except (OSError, PositionFormatError, ValueError) as exc:
            problems.append(f"{path.name}: {exc}")
            continue
        goal = goal_of(doc.puzzle)
        if goal is None:
            if "goal" in doc.puzzle or doc.puzzle.get("title"):
                problems.append(f"{path.name}: the puzzle states no goal that can be solved")
            continue
        difficulty = listed.get(path.name) if path.name in listed else None
        if difficulty is None:
            difficulty = difficulty_of(doc.puzzle)
        entry = Entry(
            path,
            doc.puzzle.get("title") or path.name.removesuffix(SUFFIX),
            goal.describe(),
            difficulty,
            position_key(doc.game),
        )
        if path.name in order:
            rank: tuple[Any, ...] = (0, order[path.name])
        else:
            rank = (1, difficulty is None, difficulty or 0, path.name)
        entries.append((rank, entry))
    entries.sort(key=lambda pair: pair[0])
    measure = str(index.get("measure", "")) if index is not None else ""
    return Collection(root, [e for _, e in entries], problems, measure)


# ---- the player's ticks -----------------------------------------------------------------


def config_dir() -> Path:
    own = os.environ.get("PYRAMID_LAB_CONFIG")
    if own:
        return Path(own)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "pyramid-lab"


class Progress:
    """The puzzles solved, by :func:`position_key`, kept in a JSON file (written at once,
    atomically, on each tick). A file that does not read counts as none solved; it is
    only replaced when a puzzle is ticked."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else config_dir() / PROGRESS_FILE
        self.solved: dict[str, str] = {}  # key -> the file's name when solved
        self.problem = ""
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            self.problem = f"{self.path}: cannot be read ({exc}); no puzzle counts as solved"
            return
        solved = raw.get("solved") if isinstance(raw, dict) else None
        if isinstance(solved, dict):
            self.solved = {str(k): str(v) for k, v in solved.items()}
        else:
            self.problem = f"{self.path}: not a list of solved puzzles; none counts as solved"

    def is_solved(self, key: str) -> bool:
        return key in self.solved

    def mark(self, entry: Entry) -> bool:
        """Tick ``entry``; True when it was not ticked before. OSError when the file
        cannot be written (the tick stays for this run)."""
        if entry.key in self.solved:
            return False
        self.solved[entry.key] = entry.path.name
        self.save()
        return True

    def forget(self, keys: list[str] | None = None) -> None:
        """Untick ``keys`` (every puzzle without)."""
        if keys is None:
            self.solved.clear()
        else:
            for key in keys:
                self.solved.pop(key, None)
        self.save()

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"solved": self.solved}, indent=1, sort_keys=True) + "\n"
        write_text(self.path, text)

    def count(self, collection: Collection) -> int:
        return sum(1 for e in collection.entries if e.key in self.solved)

    def next_unsolved(self, collection: Collection, after: int = -1) -> int | None:
        """The index of the first unsolved puzzle after ``after`` (wrapping), or None."""
        n = len(collection.entries)
        for step in range(1, n + 1):
            i = (after + step) % n
            if collection.entries[i].key not in self.solved:
                return i
        return None
