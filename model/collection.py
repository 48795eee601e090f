"""Puzzle collections: a folder of puzzle files in order of difficulty, and the player's
ticks for the puzzles solved.

A folder is a collection: its ``*.pyr.json`` files that state a goal (see
:mod:`model.puzzle`). ``collection.json`` beside them (written by
``scripts/make_puzzles.py``) gives the order and each puzzle's difficulty::

    {"format": "pyramid-lab-collection/1", "measure": "...", "saturates_at": 13107,
     "puzzles": [{"file": "a.pyr.json", "difficulty": 64, "plies": 3,
                  "proof_nodes": 221}, ...]}

The playout measure saturates: a search that never settles on the key move counts the cap,
so a mean at or above ``saturates_at`` says only "the engine often misses it" (most of
Pyraos sits there). :func:`rank_key` orders such puzzles by what does not saturate: the
goal's length in plies, then the prover's nodes for the proof. Each puzzle with a measure
gets a :data:`LEVELS` level from its place in that order (thirds of the collection), the
words a person reads; the raw measure stays in :attr:`Entry.difficulty`.

Files it does not list come after those it lists, by the difficulty written in their
puzzle (``"difficulty": "64 playouts"``), then by name. A puzzle is known by its
position (game, options, side to move, pieces), not by its path: a tick follows the
puzzle when the folder moves or the file is renamed.

:class:`Progress` keeps the ticks in a JSON file, by default
``$XDG_CONFIG_HOME/pyramid-lab/puzzles-solved.json`` (``~/.config/...``);
``PYRAMID_LAB_CONFIG`` names another folder (the tests use a temporary one).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyramid_lab.i18n import M_, N_, Message, shown

from .files import COLLECTION_FORMAT, SUFFIX, read, read_json, to_json
from .game import Game, PositionFormatError, shorten
from .languages import pick
from .puzzle import goal_of, puzzle_text
from .setup import file_state
from .userfiles import UserFile, config_dir, is_count
from .words import joined, system_reason

INDEX = "collection.json"
INDEX_FORMAT = COLLECTION_FORMAT
PROGRESS_FILE = "puzzles-solved.json"
PROGRESS_FORMAT = "pyramid-lab-puzzles-solved"
#: Longest difficulty number read (the measures are playouts: a few digits).
MAX_DIFFICULTY_DIGITS = 18
_NUMBER = re.compile(rf"^\s*(\d{{1,{MAX_DIFFICULTY_DIGITS}}})(?!\d)")
#: A puzzle's level, from its place among the measured puzzles of its collection (thirds).
LEVELS = (N_("easy"), N_("medium"), N_("hard"))  # (words: said where they are shown)
STARS = ("\u2605\u2606\u2606", "\u2605\u2605\u2606", "\u2605\u2605\u2605")  # filled / empty
#: Largest collection.json read (a line a puzzle: thousands of puzzles fit in far less).
MAX_INDEX_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class Entry:
    """One puzzle of a collection."""

    path: Path
    title: str
    goal: str  # the goal in words
    difficulty: int | None  # the engine's measure (larger is harder), when known
    key: str  # the puzzle's identity: its position
    plies: int | None = None  # the goal's length, from the index
    proof_nodes: int | None = None  # the prover's nodes for the proof, from the index
    level: int | None = None  # 0 easy, 1 medium, 2 hard (see LEVELS); None: no measure
    capped: bool = False  # the playout measure saturates: ranked by plies, proof nodes
    #: The title in the puzzle's other languages: (language, text) pairs.
    titles: tuple[tuple[str, str], ...] = ()

    def title_in(self, language: str) -> str:
        """The title in ``language`` (a list's: the window's), English where it lacks it."""
        return pick(self.title, dict(self.titles), language)[0]

    @property
    def name(self) -> str:
        return self.path.name.removesuffix(SUFFIX)

    @property
    def level_name(self) -> str:
        """'easy' / 'medium' / 'hard' ('' without a measure)."""
        return "" if self.level is None else LEVELS[self.level]

    @property
    def stars(self) -> str:
        """The level as three stars, filled for each step ('' without a measure)."""
        return "" if self.level is None else STARS[self.level]

    def measure_text(self) -> str:
        """The raw measure in words: '26242 playouts (saturated: 3 plies, 129 proof
        nodes)'; '' when there is none (a Message: said in each reader's language)."""
        if self.difficulty is None:
            return ""
        # TRANSLATORS: the engine's measure of a puzzle: playouts, plies and proof nodes are
        # always many here (a plural's other form)
        text = M_("{count} playouts", count=self.difficulty)
        more = [M_("{count} plies", count=self.plies)] if self.plies is not None else []
        if self.proof_nodes is not None:
            more.append(M_("{count} proof nodes", count=self.proof_nodes))
        listed = joined(more, ", ")
        if self.capped:
            return M_(
                "{measure} (the engine often misses it; ranked by {more})",
                measure=text,
                more=listed,
            )
        return M_("{measure} ({more})", measure=text, more=listed) if more else text


def rank_key(
    difficulty: int | None,
    plies: int | None,
    proof_nodes: int | None,
    saturates_at: int | None,
) -> tuple[int, int, int, int]:
    """The order of puzzles by difficulty: by playouts while the measure tells them apart;
    a measure at or above ``saturates_at`` (a seed that never settled counts the cap) ranks
    after every unsaturated one, by the goal's length in plies then the prover's nodes,
    which do not saturate; no measure last."""
    big = 1 << 62
    p, n = plies if plies is not None else big, proof_nodes if proof_nodes is not None else big
    if difficulty is None:
        return (2, 0, p, n)
    if saturates_at is not None and difficulty >= saturates_at:
        return (1, 0, p, n)
    return (0, difficulty, p, n)


@dataclass
class Collection:
    folder: Path
    entries: list[Entry]
    problems: list[str]  # files that could not be read: 'name: why'
    measure: str = ""  # how the difficulty was measured, from the index


def position_key(game: Game) -> str:
    """The identity of a puzzle: a digest of its position as a file writes it (the
    history left out: the same position reached otherwise is the same puzzle)."""
    doc = to_json(game)
    fields = {k: doc.get(k) for k in ("game", "options", "to_move", "pieces", "state")}
    if doc.get("start") == "pieces":  # the pieces are the set-up: the position is after it
        fields["pieces"] = [[*c, colour] for c, colour in sorted(game.pieces())]
        fields["to_move"] = game.to_move
        fields["state"] = file_state(game)
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


def difficulty_of(puzzle: dict[str, Any]) -> int | None:
    """The number a puzzle's ``difficulty`` text starts with ('64 playouts' -> 64); None
    when there is none, or when it runs to more digits than a measure has (more than
    :data:`MAX_DIFFICULTY_DIGITS`)."""
    text = puzzle.get("difficulty")
    match = _NUMBER.match(text) if isinstance(text, str) else None
    return int(match.group(1)) if match else None


def read_index(folder: Path) -> dict[str, Any] | None:
    """The folder's collection.json, None without one; PositionFormatError naming it when
    it is bad (read as position files are: a regular file, its size, nesting and numbers
    within limits)."""
    path = folder / INDEX
    if not os.path.lexists(path):
        return None
    raw = read_json(path, MAX_INDEX_BYTES, "collection index")  # the error names the file
    if not isinstance(raw, dict) or raw.get("format") != INDEX_FORMAT:
        raise PositionFormatError(
            "", f'must be an object with "format": "{INDEX_FORMAT}"', source=str(path)
        )
    puzzles = raw.get("puzzles")
    if not isinstance(puzzles, list) or not all(
        isinstance(p, dict) and isinstance(p.get("file"), str) for p in puzzles
    ):
        said = M_('must be a list of {"file": ...}')
        raise PositionFormatError("puzzles", said, source=str(path))
    return raw


class NotAFolderError(NotADirectoryError):
    """A collection's folder refused (not a folder, or one that cannot be looked at): its
    words a Message (``args[0]``, kept for a front end that speaks another language), said
    in the language of whoever reads ``str()`` of it, as :class:`.errors.SaidError` does."""

    def __str__(self) -> str:
        if len(self.args) == 1 and isinstance(self.args[0], Message):
            return shown(self.args[0])
        return super().__str__()


def load(folder: str | os.PathLike[str]) -> Collection:
    """The puzzles of ``folder`` in order (NotAFolderError, a NotADirectoryError, when it
    is not a folder or cannot be looked at, its name cut to a line; PositionFormatError
    when its collection.json is bad). Files that do not read, or state no goal, are left out and
    named in ``problems``."""
    root = Path(folder)
    name = shorten(os.fspath(folder))
    try:
        is_folder = root.is_dir()
    except OSError as exc:  # a name too long, a folder that may not be looked into
        why = shorten(system_reason(exc))
        raise NotAFolderError(
            M_("{folder}: cannot be opened as a folder ({reason})", folder=name, reason=why)
        ) from None
    if not is_folder:
        raise NotAFolderError(M_("{folder}: not a folder", folder=name))
    index = read_index(root)
    listed, extra, saturates_at = _index_figures(index)
    entries: list[tuple[tuple[Any, ...], Entry]] = []
    problems: list[str] = []
    order = {name: i for i, name in enumerate(listed)}
    for path in sorted(root.glob(f"*{SUFFIX}")):
        entry = _entry(path, listed, extra, saturates_at, problems)
        if entry is None:
            continue
        if path.name in order:
            rank: tuple[Any, ...] = (0, order[path.name])
        else:
            rank = (1, entry.difficulty is None, entry.difficulty or 0, path.name)
        entries.append((rank, entry))
    entries.sort(key=lambda pair: pair[0])
    measured = [i for i, (_, e) in enumerate(entries) if e.difficulty is not None]
    for place, i in enumerate(measured):  # thirds of the measured ones, in order
        level = min(len(LEVELS) - 1, place * len(LEVELS) // len(measured))
        entries[i] = (entries[i][0], dataclasses.replace(entries[i][1], level=level))
    measure = index.get("measure", "") if index is not None else ""
    if not isinstance(measure, str):  # words for people: anything else is not shown
        problems.append(f'{INDEX}: "measure" is not a text; it is not shown')
        measure = ""
    return Collection(root, [e for _, e in entries], problems, measure)


def _index_figures(
    index: dict[str, Any] | None,
) -> tuple[dict[str, int | None], dict[str, tuple[int | None, int | None]], int | None]:
    """What the index says of each file it lists, in its order: the difficulty, and the
    plies and proof nodes; and the difficulty its measure saturates at."""
    listed: dict[str, int | None] = {}
    extra: dict[str, tuple[int | None, int | None]] = {}  # plies, proof nodes
    if index is None:
        return listed, extra, None
    saturates_at = index.get("saturates_at")
    for item in index["puzzles"]:
        value = item.get("difficulty")
        listed[item["file"]] = value if is_count(value) else None
        plies, nodes = item.get("plies"), item.get("proof_nodes")
        extra[item["file"]] = (
            plies if is_count(plies) else None,
            nodes if is_count(nodes) else None,
        )
    return listed, extra, saturates_at if is_count(saturates_at) else None


def _entry(
    path: Path,
    listed: dict[str, int | None],
    extra: dict[str, tuple[int | None, int | None]],
    saturates_at: int | None,
    problems: list[str],
) -> Entry | None:
    """The puzzle at ``path``, or None (its problem added) where it does not read or
    states no goal."""
    try:
        doc = read(path)
    except (OSError, PositionFormatError, ValueError) as exc:
        problems.append(f"{path.name}: {exc}")
        return None
    goal = goal_of(doc.puzzle)
    if goal is None:
        if "goal" in doc.puzzle or doc.puzzle.get("title"):
            problems.append(f"{path.name}: the puzzle states no goal that can be solved")
        return None
    difficulty = listed.get(path.name) if path.name in listed else None
    if difficulty is None:
        difficulty = difficulty_of(doc.puzzle)
    plies, nodes = extra.get(path.name, (None, None))
    return Entry(
        path,
        puzzle_text(doc.puzzle, "title") or path.name.removesuffix(SUFFIX),
        goal.describe(),
        difficulty,
        position_key(doc.game),
        plies if plies is not None else goal.within,
        nodes,
        capped=difficulty is not None and saturates_at is not None and difficulty >= saturates_at,
        titles=_titles(doc.puzzle.get("title")),
    )


def _titles(value: object) -> tuple[tuple[str, str], ...]:
    """A puzzle's title in its languages besides English (a file's object of languages)."""
    if not isinstance(value, dict):
        return ()
    return tuple(sorted((str(k), str(v)) for k, v in value.items() if k != "en"))


# ---- the player's ticks -----------------------------------------------------------------


class Progress(UserFile[dict[str, str]]):
    """The puzzles solved, by :func:`position_key` (the value is the file's name when it
    was solved), kept in ``puzzles-solved.json`` (see :mod:`model.userfiles`: read within
    limits, a damaged one set aside and told, a newer one left alone, each tick written at
    once and merged with the ticks of other windows)::

        {"format": "pyramid-lab-puzzles-solved/1", "solved": {"0a1b...": "a.pyr.json"}}

    A file without ``format`` holding only ``solved`` (as versions before it wrote) is
    read as version 1."""

    format_name = PROGRESS_FORMAT
    what = N_("Your puzzle ticks")
    lost = N_("puzzles solved are not ticked in it this run")

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        tell: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(Path(path) if path is not None else config_dir() / PROGRESS_FILE, tell)

    @property
    def solved(self) -> dict[str, str]:
        return self.data

    def empty(self) -> dict[str, str]:
        return {}

    def legacy(self, raw: dict[str, Any]) -> bool:
        return set(raw) == {"solved"}

    def parse(self, raw: dict[str, Any]) -> dict[str, str]:
        if set(raw) != {"solved"}:
            raise PositionFormatError("", M_('must hold "solved" and nothing else'))
        solved = raw["solved"]
        if not isinstance(solved, dict) or not all(isinstance(v, str) for v in solved.values()):
            raise PositionFormatError("solved", M_("must be an object of puzzle -> file name"))
        return dict(solved)

    def dump(self, data: dict[str, str]) -> dict[str, Any]:
        return {"solved": data}

    def is_solved(self, key: str) -> bool:
        return key in self.solved

    def mark(self, entry: Entry) -> bool:
        """Tick ``entry``; True when it was not ticked before. The tick is written at once,
        merged with the file (OSError when it cannot be: the tick stays for this run)."""
        if entry.key in self.solved:
            return False

        def change(solved: dict[str, str]) -> None:
            solved.setdefault(entry.key, entry.path.name)

        self.update(change)
        return True

    def forget(self, keys: list[str] | None = None) -> None:
        """Untick ``keys`` (every puzzle without); OSError when it cannot be written."""

        def change(solved: dict[str, str]) -> None:
            for key in list(solved) if keys is None else keys:
                solved.pop(key, None)

        self.update(change)

    def count(self, collection: Collection) -> int:
        return sum(1 for e in collection.entries if e.key in self.solved)

    def next_unsolved(self, collection: Collection, current: int | None = None) -> int | None:
        """The index of the first unsolved puzzle in the collection's order (the easiest
        not yet solved, a puzzle skipped earlier coming back before harder ones) other than
        ``current``, the one being played; ``current`` itself when it is the only one left
        unsolved; None when every puzzle is solved."""
        left = [i for i, e in enumerate(collection.entries) if e.key not in self.solved]
        others = [i for i in left if i != current]
        return others[0] if others else (left[0] if left else None)
