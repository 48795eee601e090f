"""What the package ships, by name (``docs/api.md``): the puzzles, the lessons and the
example positions inside the installed package (:mod:`pyramid_lab.model.content`), listed
by :func:`puzzles`, :func:`lessons` and :func:`examples` and opened by
:func:`~pyramid_lab.viewer.script.load` from a name instead of a path:

- ``puzzle:GAME/NAME``, a puzzle of the game's collection
  (``puzzle:partition/floating-3-win-in-1-a``);
- ``lesson:GAME/NAME``, a lesson's first step (``lesson:partition/08-three-corners-win``;
  :attr:`Lesson.steps` has them all);
- ``example:GAME/NAME``, an example position (``example:terrace/opening``).

``NAME`` is the file's name without its ``.pyr.json`` or ``.lesson.json``. The lists are
read as the window's menus read them: the puzzles in their collection's order (easiest
first, :func:`pyramid_lab.model.collection.load`), the lessons in the lessons' order.
"""

from __future__ import annotations

import difflib
import functools
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pyramid_lab.model import content
from pyramid_lab.model.collection import LEVELS
from pyramid_lab.model.collection import load as load_collection
from pyramid_lab.model.files import SUFFIX, PositionDocument
from pyramid_lab.model.game import game_names, quote
from pyramid_lab.model.lesson import SUFFIX as LESSON_SUFFIX
from pyramid_lab.model.lesson import Task, lesson_folders, lesson_step_document, step_document
from pyramid_lab.model.lesson import read as read_lesson

from ..lab.reading import read_position

if TYPE_CHECKING:
    from .position import Position

#: The kinds of names :func:`read` takes, each ``KIND:GAME/NAME``.
KINDS = ("puzzle", "lesson", "example")
#: Near names an unknown name's error lists, at most.
NEAR = 5


def _position(document: PositionDocument) -> Position:
    from .position import Position

    return Position._read(document)


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A shipped puzzle: its name (:func:`load` takes ``"puzzle:" + name``), its game, its
    title, its goal in words and its level ("easy", "medium", "hard", or None where it was
    not measured) in its collection."""

    name: str
    game: str
    title: str
    goal: str
    level: str | None
    path: Path

    @property
    def position(self) -> Position:
        """The puzzle's position (read from its file when asked), its ``puzzle`` the file's
        title, goal and solution."""
        return _position(read_position(self.path))

    def __repr__(self) -> str:
        return f"<Puzzle {self.name}: {self.title}>"


@dataclass(frozen=True, slots=True)
class LessonStep:
    """A step of a lesson: its number (from 1), its title and text, its position (the
    lesson's caption and overlays with it, as ``pyramid-lab render`` draws a step) and its
    task (what the student is asked, with its answers), or None."""

    number: int
    title: str
    text: str
    position: Position
    task: Task | None

    def __repr__(self) -> str:
        return f"<LessonStep {self.number}: {self.title}>"


@dataclass(frozen=True, slots=True)
class Lesson:
    """A shipped lesson: its name (:func:`load` takes ``"lesson:" + name``: its first
    step), its game, its title and its :attr:`steps`."""

    name: str
    game: str
    title: str
    path: Path

    @property
    def steps(self) -> tuple[LessonStep, ...]:
        """The lesson's steps in order (read from its file when asked)."""
        lesson = read_lesson(self.path)
        return tuple(
            LessonStep(
                number,
                step.title,
                step.text,
                _position(step_document(lesson, number - 1)),
                step.task,
            )
            for number, step in enumerate(lesson.steps, start=1)
        )

    @property
    def position(self) -> Position:
        """The first step's position."""
        return _position(lesson_step_document(self.path))

    def __repr__(self) -> str:
        return f"<Lesson {self.name}: {self.title}>"


@dataclass(frozen=True, slots=True)
class Example:
    """A shipped example position: its name (:func:`load` takes ``"example:" + name``),
    its game and its title (the file's puzzle title, or its name in words)."""

    name: str
    game: str
    title: str
    path: Path

    @property
    def position(self) -> Position:
        """The example's position (read from its file when asked)."""
        return _position(read_position(self.path))

    def __repr__(self) -> str:
        return f"<Example {self.name}: {self.title}>"


def _games(game: str | None) -> list[str]:
    """The games asked for: ``game`` alone, or every game (None). ValueError naming the
    games for another name."""
    if game is None:
        return game_names()
    if not isinstance(game, str) or game not in game_names():
        known = ", ".join(game_names())
        raise ValueError(f"game must be one of {known} (or None for all), not {quote(game)}")
    return [game]


def puzzles(game: str | None = None) -> list[Puzzle]:
    """The shipped puzzles of ``game`` (a name of :func:`games`; None: every game's), each
    game's in its collection's order, easiest first. The first call reads each file (a
    second or a few: the positions are replayed); later calls answer from memory."""
    return [puzzle for name in _games(game) for puzzle in _collection(name)]


@functools.cache
def _collection(game: str) -> tuple[Puzzle, ...]:
    """The shipped puzzles of ``game``, read once a process (the package's files do not
    change under it)."""
    folder = content.puzzles() / game
    if not folder.is_dir():
        return ()
    return tuple(
        Puzzle(
            f"{game}/{entry.name}",
            game,
            entry.title,
            entry.goal,
            None if entry.level is None else LEVELS[entry.level],
            entry.path,
        )
        for entry in load_collection(folder).entries
    )


def lessons(game: str | None = None) -> list[Lesson]:
    """The shipped lessons of ``game`` (None: every game's, in the lessons' order)."""
    wanted = set(_games(game))
    root = content.lessons()
    found: list[Lesson] = []
    for name in lesson_folders(root):
        if name not in wanted:
            continue
        for path in sorted((root / name).glob(f"*{LESSON_SUFFIX}")):
            title = read_lesson(path).title
            found.append(
                Lesson(f"{name}/{path.name.removesuffix(LESSON_SUFFIX)}", name, title, path)
            )
    return found


def examples(game: str | None = None) -> list[Example]:
    """The shipped example positions of ``game`` (None: every game's), by name."""
    found: list[Example] = []
    for name in _games(game):
        for path in sorted((content.examples() / name).glob(f"*{SUFFIX}")):
            stem = path.name.removesuffix(SUFFIX)
            title = str(read_position(path).puzzle.get("title") or stem.replace("-", " "))
            found.append(Example(f"{name}/{stem}", name, title, path))
    return found


def _paths(kind: str) -> dict[str, Path]:
    """Every shipped name of ``kind`` (``GAME/NAME``) -> its file, from the folders alone."""
    folder, suffix = {
        "puzzle": (content.puzzles(), SUFFIX),
        "lesson": (content.lessons(), LESSON_SUFFIX),
        "example": (content.examples(), SUFFIX),
    }[kind]
    return {
        f"{path.parent.name}/{path.name.removesuffix(suffix)}": path
        for path in sorted(folder.glob(f"*/*{suffix}"))
    }


def named(source: str | os.PathLike[str]) -> tuple[str, Path] | None:
    """The kind and the file of the shipped name ``source`` (``KIND:GAME/NAME``, a text that
    starts with a kind of :data:`KINDS` and a colon), or None where ``source`` is a path
    (any ``os.PathLike``, or a text of no kind). ValueError naming the near names, or the
    kinds' forms, for a name that is none of them."""
    if not isinstance(source, str):
        return None
    kind, colon, rest = source.partition(":")
    if not colon or kind not in KINDS:
        return None
    paths = _paths(kind)
    found = paths.get(rest.removesuffix(SUFFIX).removesuffix(LESSON_SUFFIX))
    if found is not None:
        return kind, found
    near = _near(rest, list(paths))
    hint = (
        f"near names: {', '.join(f'{kind}:{name}' for name in near)}"
        if near
        else f"the names are {kind}:GAME/NAME, GAME one of {', '.join(game_names())}"
    )
    lister = {"puzzle": "puzzles", "lesson": "lessons", "example": "examples"}[kind]
    raise ValueError(f"no shipped {kind} {quote(rest)}; {hint} (pl.{lister}() lists them all)")


def _near(name: str, names: list[str]) -> list[str]:
    """The names near ``name`` (``GAME/NAME``): of its game, those whose NAME is like its
    own, else the game's first few; of a game misspelt, those like it whole."""
    game, _, stem = name.partition("/")
    of_game = {known.partition("/")[2]: known for known in names if known.startswith(f"{game}/")}
    if not of_game:
        return difflib.get_close_matches(name, names, n=NEAR, cutoff=0.6)
    like = difflib.get_close_matches(stem, list(of_game), n=NEAR, cutoff=0.6)
    return [of_game[found] for found in like] or list(of_game.values())[:NEAR]


def read(source: str | os.PathLike[str]) -> PositionDocument:
    """The position document of ``source``: a shipped name (:func:`named`; a lesson's: its
    first step, caption and overlays included) or a position file's path (PositionFormatError
    naming the file and what is wrong)."""
    found = named(source)
    if found is None:
        return read_position(os.fspath(source))
    kind, path = found
    reader: Callable[[Path], PositionDocument] = (
        lesson_step_document if kind == "lesson" else read_position
    )
    return reader(path)
