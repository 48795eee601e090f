"""Names of what the package ships (``docs/api.md``): ``KIND:GAME/NAME`` -> its file, for
:func:`~pyramid_lab.viewer.script.load` (:mod:`.shipped` lists them):

- ``puzzle:GAME/NAME``, a puzzle of the game's collection
  (``puzzle:partition/floating-3-win-in-1-a``);
- ``lesson:GAME/NAME``, a lesson's first step (``lesson:partition/08-three-corners-win``);
- ``example:GAME/NAME``, an example position (``example:terrace/opening``).

``NAME`` is the file's name without its ``.pyr.json`` or ``.lesson.json``; a text that
starts with no kind and a colon is a path.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable
from pathlib import Path

from pyramid_lab.i18n import N_, _
from pyramid_lab.model import content
from pyramid_lab.model.files import SUFFIX, PositionDocument
from pyramid_lab.model.game import game_names, quote
from pyramid_lab.model.lesson import SUFFIX as LESSON_SUFFIX
from pyramid_lab.model.lesson import lesson_step_document

from ..lab.reading import read_position


#: The kinds of names :func:`read` takes, each ``KIND:GAME/NAME``.
def _parted(text: str, sep: str) -> tuple[str, str, str]:
    """``text`` cut at its first ``sep``: (before, sep, after), or (text, "", "") without
    one (``str.partition``'s answer, by a name no game has)."""
    at = text.find(sep)
    if at < 0:
        return text, "", ""
    return text[:at], sep, text[at + len(sep) :]


KINDS = ("puzzle", "lesson", "example")
#: Near names an unknown name's error lists, at most.
NEAR = 5


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
    kind, colon, rest = _parted(source, ":")
    if not colon or kind not in KINDS:
        return None
    paths = _paths(kind)
    found = paths.get(rest.removesuffix(SUFFIX).removesuffix(LESSON_SUFFIX))
    if found is not None:
        return kind, found
    near = _near(rest, list(paths))
    lister = {"puzzle": "puzzles", "lesson": "lessons", "example": "examples"}[kind]
    values = {
        "name": quote(rest),
        "near": ", ".join(f"{kind}:{name}" for name in near),
        "kind": kind,
        "games": ", ".join(game_names()),
        "lister": f"pl.{lister}()",
    }
    said = {
        ("puzzle", True): N_(
            "no shipped puzzle {name}; near names: {near} ({lister} lists them all)"
        ),
        ("lesson", True): N_(
            "no shipped lesson {name}; near names: {near} ({lister} lists them all)"
        ),
        ("example", True): N_(
            "no shipped example {name}; near names: {near} ({lister} lists them all)"
        ),
        ("puzzle", False): N_(
            "no shipped puzzle {name}; the names are {kind}:GAME/NAME, GAME one of {games} "
            "({lister} lists them all)"
        ),
        ("lesson", False): N_(
            "no shipped lesson {name}; the names are {kind}:GAME/NAME, GAME one of {games} "
            "({lister} lists them all)"
        ),
        ("example", False): N_(
            "no shipped example {name}; the names are {kind}:GAME/NAME, GAME one of {games} "
            "({lister} lists them all)"
        ),
    }[kind, bool(near)]
    raise ValueError(_(said).format(**values))


def _near(name: str, names: list[str]) -> list[str]:
    """The names near ``name`` (``GAME/NAME``): of its game, those whose NAME is like its
    own, else the game's first few; of a game misspelt, those like it whole."""
    game, _, stem = _parted(name, "/")
    of_game = {_parted(known, "/")[2]: known for known in names if known.startswith(f"{game}/")}
    if not of_game:
        return difflib.get_close_matches(name, names, n=NEAR, cutoff=0.6)
    like = difflib.get_close_matches(stem, list(of_game), n=NEAR, cutoff=0.6)
    return [of_game[found] for found in like] or list(of_game.values())[:NEAR]


def read(
    source: str | os.PathLike[str], reader: Callable[[str], PositionDocument] = read_position
) -> PositionDocument:
    """The position document of ``source``: a shipped name (:func:`named`; a lesson's: its
    first step, caption and overlays included), else what ``reader`` reads of the path (by
    default a position file or a position text: PositionFormatError naming the file and
    what is wrong). :func:`load` and the command line read a position so."""
    found = named(source)
    if found is None:
        return reader(os.fsdecode(source))
    kind, path = found
    read_file: Callable[[Path], PositionDocument] = (
        lesson_step_document if kind == "lesson" else read_position
    )
    return read_file(path)
