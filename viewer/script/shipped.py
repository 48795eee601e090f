"""What the package ships (``docs/api.md``): the puzzles, the lessons and the example
positions inside the installed package (:mod:`pyramid_lab.model.content`), listed by
:func:`puzzles`, :func:`lessons` and :func:`examples`, each with the name
:func:`~pyramid_lab.viewer.script.load` opens it by (:mod:`.named`: ``puzzle:GAME/NAME``,
``lesson:GAME/NAME``, ``example:GAME/NAME``). The lists are read as the window's menus
read them: the puzzles in their collection's order (easiest first,
:func:`pyramid_lab.model.collection.load`), the lessons in the lessons' order.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from pyramid_lab.i18n import _, current
from pyramid_lab.model import content
from pyramid_lab.model.collection import LEVELS
from pyramid_lab.model.collection import load as load_collection
from pyramid_lab.model.files import SUFFIX, PositionDocument
from pyramid_lab.model.game import game_names, quote
from pyramid_lab.model.lesson import SUFFIX as LESSON_SUFFIX
from pyramid_lab.model.lesson import Task, lesson_folders, lesson_step_document, step_document
from pyramid_lab.model.lesson import read as read_lesson
from pyramid_lab.model.puzzle import puzzle_text

from ..lab.reading import read_position
from .position import Position


def _position(document: PositionDocument) -> Position:
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
        raise ValueError(
            _("game must be one of {games} (or None for all), not {value}").format(
                games=known, value=quote(game)
            )
        )
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
            title = puzzle_text(read_position(path).puzzle, "title", current()) or stem.replace(
                "-", " "
            )
            found.append(Example(f"{name}/{stem}", name, title, path))
    return found
