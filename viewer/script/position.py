"""A position for scripts and notebooks (``docs/api.md``): :func:`load` a position file or
make a :func:`new` game, ask it its moves and its outcome, :meth:`Position.play` a move (a
new position: the old one is left as it was), save it, analyse and solve it, draw it.

Everything is done by the functions the command line and the window call: a file is read
by the lab's reader (:func:`viewer.lab.reading.read_position`) and written atomically
(:func:`model.files.write`). A position's doors are grouped by concern in the classes it is
made of: python-chess's habits (:mod:`.habits`), the rules' answers (:mod:`.rules`), the
engine and the solver (:mod:`.searching`) and the pictures (:mod:`.drawing`).
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

from pyramid_lab.i18n import _, current
from pyramid_lab.model import files
from pyramid_lab.model.files import Lesson, PositionDocument
from pyramid_lab.model.game import (
    Game,
    Move,
    PositionFormatError,
    game_class,
    game_names,
    quote,
)
from pyramid_lab.model.puzzle import puzzle_text
from pyramid_lab.model.review import GameReview

from . import checks
from .drawing import PositionDrawing
from .habits import PositionHabits
from .named import read as read_named
from .rules import PositionRules
from .searching import PositionSearch


def games() -> dict[str, str]:
    """Each game by the name :func:`new` and position files take, with its title."""
    return {name: game_class(name).title for name in game_names()}


def new(game: str, /, **options: Any) -> Position:
    """The starting position of ``game`` (a name of :func:`games`) under ``options``, the
    options of a position file's ``"options"`` (those left out take their defaults:
    ``new(name).options`` lists them all). ValueError naming the games, or the game's
    options, or what an option takes, for a game or an option that is not one."""
    try:
        cls = game_class(game)
    except (KeyError, TypeError):
        known = ", ".join(game_names())
        raise ValueError(
            _("unknown game {game}; the games: {games}").format(game=quote(game), games=known)
        ) from None
    try:
        parsed = cls.parse_options(options)
    except PositionFormatError as exc:
        raise exc.with_source(f"new({quote(game)})") from None
    return Position(cls.new(parsed))


def load(path: str | os.PathLike[str]) -> Position:
    """The position in the position file (``*.pyr.json``) at ``path``, of any game, with its
    history, puzzle, lesson, variations and review; or of a shipped puzzle, lesson or example
    by its name (``"puzzle:partition/floating-3-win-in-1-a"``, :mod:`.named`).
    PositionFormatError (a ValueError) naming the file and what is wrong with it, as the
    window and ``pyramid-lab analyze`` say it; ValueError naming near names for a name that
    is not shipped."""
    return Position._read(read_named(path))


class Position(PositionHabits, PositionRules, PositionSearch, PositionDrawing):
    """A position of a game, with the moves that led to it. A position does not change:
    :meth:`play` returns a new one (:meth:`pop` the one before); :meth:`to_game` gives the
    rules' own mutable position (``push``/``pop``) as a copy. python-chess's habits
    (:attr:`parent`, ``print(pos)``, :meth:`to_text`, :meth:`is_legal`,
    :meth:`random_move`) are :class:`~viewer.script.habits.PositionHabits`'.

    In a notebook a position shows itself as its diagram (:meth:`svg`, a few KB a cell);
    :meth:`view_3d` shows the 3D page one can turn (about 1 MB a cell), and after
    ``Position.notebook_3d = True`` every position shows that page as well."""

    __slots__ = ("_game", "_lesson", "_puzzle", "_review", "_variations")

    def __init__(self, game: Game) -> None:
        """The position of ``game`` (a rules object, :mod:`pyramid_lab.model`), copied: the
        game may go on changing, this position does not."""
        if not isinstance(game, Game):
            raise TypeError(
                _("a Position is made of a game's position, not {value}").format(value=quote(game))
            )
        self._game = game.copy()
        self._puzzle: dict[str, Any] = {}
        self._lesson: Lesson | None = None
        self._variations: tuple[tuple[Move, ...], ...] = ()
        self._review: GameReview | None = None

    @classmethod
    def _read(cls, doc: PositionDocument) -> Position:
        position = cls(doc.game)
        position._puzzle = dict(doc.puzzle)
        position._lesson = doc.lesson
        position._variations = tuple(tuple(line) for line in doc.variations)
        position._review = doc.review
        return position

    # ---- what the position is --------------------------------------------------------

    @property
    def game(self) -> str:
        """The game's name, as :func:`new` and position files take it ("partition")."""
        return self._game.name

    @property
    def title(self) -> str:
        """The game's name in words ("Pyramid Partition")."""
        return self._game.title

    @property
    def options(self) -> dict[str, Any]:
        """The game's options, every one, as a position file writes them."""
        written: dict[str, Any] = self._game.options.to_json()
        return written

    @property
    def players(self) -> tuple[str, ...]:
        """The players' colours, the first mover first."""
        return tuple(self._game.players)

    @property
    def to_move(self) -> str:
        """The colour of the player to move (once the game is over: who would move next)."""
        return self._game.to_move

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves played from the start (of the game, or of a file's set-up)."""
        return tuple(self._game.move_stack)

    @property
    def ply(self) -> int:
        """The number of moves in :attr:`history`."""
        return len(self._game.move_stack)

    @property
    def puzzle(self) -> dict[str, Any]:
        """The puzzle of the file read (title, goal, solution...), or {} (a copy); a text
        the file has in several languages (the shipped puzzles' title and notes) in the
        script's (:func:`pyramid_lab.i18n.use`), English where it lacks it."""
        out = copy.deepcopy(self._puzzle)
        for key, value in out.items():
            if isinstance(value, dict) and "en" in value:
                out[key] = puzzle_text(self._puzzle, key, current())
        return out

    def to_game(self) -> Game:
        """The rules' own position (:class:`pyramid_lab.model.game.Game`: ``push``, ``pop``
        and the rest), a copy: changing it changes no position."""
        return self._game.copy()

    # ---- playing -------------------------------------------------------------------

    def play(self, move: Move | str) -> Position:
        """The position after ``move`` (a move of :meth:`legal_moves`, or its text): a new
        position, this one left as it is. IllegalMoveError (a ValueError) saying why the
        move is not legal here, InvalidMoveError for text that is no move. A position that
        play makes is the game alone: a file's puzzle, lesson, variations and review were
        of the position read, and stay with it."""
        if isinstance(move, str):
            move = self._game.parse_move(move)
        elif not isinstance(move, Move):
            raise TypeError(_("a move or its text, not {value}").format(value=quote(move)))
        game = self._game.copy()
        game.push(move)  # IllegalMoveError leaves the copy as it was
        return Position(game)

    def push(self, move: Move | str) -> None:
        """Play ``move`` on this position itself, as python-chess's ``board.push(move)``
        does (:meth:`play` returns a new position instead and leaves this one as it is):
        ``move`` a move of :meth:`legal_moves` or its text, the same errors as
        :meth:`play`, and on an error the position is left as it was. Like :meth:`play`'s,
        the position is then the game alone (a file's puzzle, lesson, variations and
        review were of the position read). A position pushed is another key in a dict or
        set: push one that is no key of any."""
        self._game = self.play(move)._game
        self._puzzle = {}
        self._lesson = None
        self._variations = ()
        self._review = None

    # ---- files ---------------------------------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the position to the position file ``path`` (its name ends in ``.pyr.json``)
        as the window saves one: atomically, the file holding the old document or the new,
        never half of one. Returns the path written (a symbolic link's target: a link is
        followed only to a position file's name, and only where no one else could have
        planted it; UnsafeLinkError, an OSError, otherwise). ``path``: str, bytes or a
        path (TypeError for anything else); ValueError for another name; OSError
        (ReadOnlyError for a read-only file) naming ``path`` where it cannot be written,
        and then nothing was."""
        text = checks.position_path(path)
        written, _kept = files.write(
            text, self._game, self._puzzle, self._lesson, self._variations, self._review
        )
        return written

    # ---- values --------------------------------------------------------------------

    def _key(self) -> tuple[str, str, Any]:
        options = json.dumps(self.options, sort_keys=True)
        return self._game.name, options, self._game.position_key()

    def __eq__(self, other: object) -> bool:
        """Equal positions: the same game, options, board and side to move (the moves
        that led there may differ)."""
        if not isinstance(other, Position):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        outcome = self._game.outcome()
        state = outcome.describe() if outcome is not None else f"{self.to_move} to move"
        options = json.dumps(self.options)
        return f"<Position {self.game} {options}, {state}, ply {self.ply}>"
