"""A position for scripts and notebooks (``docs/api.md``): :func:`load` a position file or
make a :func:`new` game, ask it its moves and its outcome, :meth:`Position.play` a move (a
new position: the old one is left as it was), save it, analyse and solve it, draw it.

Everything is done by the functions the command line and the window call: a file is read
by the lab's reader (:func:`viewer.lab.reading.read_position`) and written atomically
(:func:`model.files.write`); :meth:`Position.analyse` is ``pyramid-lab analyze --engine``'s
analysis (:func:`engine_analysis`, which the command calls), :meth:`Position.solve` the
door's :func:`~model.search.solve` through :func:`.engine.solve_position` (``pyramid-lab
solve``'s single search, the same function) and
:meth:`Position.render` ``pyramid-lab render`` (:func:`viewer.pictures.render.render_game`);
a notebook shows :meth:`Position.svg`, the position's diagram (:mod:`viewer.pictures.diagrams`,
drawn from the window's own frame without VTK), and :meth:`Position.view_3d` ``pyramid-lab
export``'s web page.
The search and pyvista are imported when first used, not when this module is.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pyramid_lab.model import files
from pyramid_lab.model.files import Lesson, PositionDocument
from pyramid_lab.model.game import (
    CHANCE,
    Game,
    Move,
    Outcome,
    PositionFormatError,
    game_class,
    game_names,
    quote,
)
from pyramid_lab.model.review import GameReview
from pyramid_lab.model.teaching import teaching_for

from ..lab.export_plan import SIDES
from ..lab.palette import VIEWS
from . import checks
from .engine import REVIEW_SECONDS, review_game, solve_position
from .habits import PositionHabits
from .named import read as read_named

if TYPE_CHECKING:
    from pyramid_lab.model.search import Analysis, SolveResult

    from ..pictures.render import RenderOptions
    from .view3d import View3D

#: Seconds the engine thinks on a position unless told (``analyze --engine``'s default).
ENGINE_SECONDS = 3.0
#: The size of a notebook's picture and 3D view of a position, in pixels.
PICTURE_SIZE = (640, 480)
#: The pictures' sides, in pixels, at least and at most (``render --size``'s; a picture of
#: 4096x4096 peaks at about 1.2 GB while it is drawn).
MIN_SIDE, MAX_SIDE = SIDES
#: The longer side of a position's diagram (:meth:`Position.svg`) in pixels unless told.
SVG_SIDE = 480


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
        raise ValueError(f"unknown game {quote(game)}; the games: {known}") from None
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


def engine_analysis(
    game: Game, *, seconds: float | None = None, threads: int | None = None
) -> Analysis:
    """The engine's analysis of ``game`` (left unchanged) as ``pyramid-lab analyze
    --engine`` makes it: ``seconds`` (default :data:`ENGINE_SECONDS`) on ``threads``
    (default: this machine's cores). ValueError where the engine analyses no position of
    the game or no one player is to move (its reason, and the games it analyses), or for
    seconds or threads it takes not. A first use that compiles the search says so on
    stderr (:mod:`.engine`)."""
    from pyramid_lab.model import search

    from .engine import check_analysed

    check_analysed(game)
    return search.analyse(
        game,
        knowledge=search.knowledge_for(game),
        seconds=ENGINE_SECONDS if seconds is None else seconds,
        threads=search.computer.default_threads() if threads is None else threads,
    )


def _side(value: object) -> bool:
    """Whether ``value`` is a picture's side in pixels (:data:`MIN_SIDE` to :data:`MAX_SIDE`)."""
    return isinstance(value, int) and not isinstance(value, bool) and MIN_SIDE <= value <= MAX_SIDE


class Position(PositionHabits):
    """A position of a game, with the moves that led to it. A position does not change:
    :meth:`play` returns a new one (:meth:`pop` the one before); :meth:`to_game` gives the
    rules' own mutable position (``push``/``pop``) as a copy. python-chess's habits
    (:attr:`parent`, ``print(pos)``, :meth:`to_text`, :meth:`is_legal`,
    :meth:`random_move`) are :class:`~viewer.script.habits.PositionHabits`'.

    In a notebook a position shows itself as its diagram (:meth:`svg`, a few KB a cell);
    :meth:`view_3d` shows the 3D page one can turn (about 1 MB a cell), and after
    ``Position.notebook_3d = True`` every position shows that page as well."""

    __slots__ = ("_game", "_lesson", "_puzzle", "_review", "_variations")

    #: Whether a notebook shows a position's 3D web page beside its diagram (1 MB a cell).
    notebook_3d: ClassVar[bool] = False

    def __init__(self, game: Game) -> None:
        """The position of ``game`` (a rules object, :mod:`pyramid_lab.model`), copied: the
        game may go on changing, this position does not."""
        if not isinstance(game, Game):
            raise TypeError(f"a Position is made of a game's position, not {quote(game)}")
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
        """The puzzle of the file read (title, goal, solution...), or {} (a copy)."""
        return copy.deepcopy(self._puzzle)

    def pieces(self) -> list[tuple[tuple[int, ...], str]]:
        """The pieces on the board: each one's coordinates (as in position files) and its
        colour."""
        return [(tuple(coords), colour) for coords, colour in self._game.pieces()]

    def legal_moves(self, player: str | None = None) -> Sequence[Move]:
        """Every legal move once (none once the game is over); ``str(move)`` is the move
        in the notation of position files and :meth:`play` takes it. In a game of
        simultaneous turns, ``player`` (a colour) asks for that player's part of a turn;
        there the joint moves are too many to list, and come as a sequence that makes each
        one when it is read."""
        index = None
        if player is not None:
            if player not in self._game.players:
                players = ", ".join(self._game.players)
                raise ValueError(f"{quote(player)} is not a player of {self.title}: {players}")
            index = self._game.players.index(player)
        moves = self._game.legal_moves(index)
        return list(moves) if isinstance(moves, list) else moves

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """At a roll of the dice (a game of chance): each outcome, a move :meth:`play`
        takes, with its probability; [] where a player moves."""
        if self._game.current_player() != CHANCE:
            return []
        return list(self._game.chance_outcomes())

    def parse_move(self, text: str) -> Move:
        """The move written ``text`` in the game's notation (InvalidMoveError, a
        ValueError, saying how a move is written); whether it is legal here is not asked."""
        return self._game.parse_move(text)

    def outcome(self) -> Outcome | None:
        """How the game ended (the winner, or a draw, and why), or None while it runs."""
        return self._game.outcome()

    def is_over(self) -> bool:
        return self._game.is_over()

    def summary(self) -> dict[str, Any]:
        """What ``pyramid-lab analyze`` prints of the position: the game, the side to move,
        the number of legal moves, the winner and the game's own facts (a Partition's
        corners held...)."""
        return teaching_for(self._game).summary(self._game)

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
            raise TypeError(f"a move or its text, not {quote(move)}")
        game = self._game.copy()
        game.push(move)  # IllegalMoveError leaves the copy as it was
        return Position(game)

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
        written, _ = files.write(
            text, self._game, self._puzzle, self._lesson, self._variations, self._review
        )
        return written

    # ---- the engine ----------------------------------------------------------------

    def analyse(self, seconds: float = ENGINE_SECONDS, *, threads: int | None = None) -> Analysis:
        """The engine's analysis, as ``pyramid-lab analyze --engine --seconds S`` gives it
        (:func:`engine_analysis`): ``win_rate`` for the side to move, every legal move
        ranked in ``moves`` (each one's ``proven`` "win", "loss" or "draw" where the
        search proved it, None for an estimate), a forced ``win`` the prover found, and
        ``to_json()`` the command's JSON. ValueError where the engine does not analyse the
        position (a game of chance, simultaneous turns), saying so."""
        checks.engine_seconds("seconds", seconds)
        return engine_analysis(self._game, seconds=seconds, threads=threads)

    def solve(
        self,
        max_seconds: float | None = None,
        *,
        max_depth: int = 200,
        table_mb: float | None = None,
        book: bool = True,
    ) -> SolveResult:
        """The value of the position for the side to move, proven by ``pyramid-lab
        solve``'s single search (from the game's book of proven values where it has it,
        unless ``book`` is False): ``value`` "win", "loss", "draw", or "unknown" when
        ``max_seconds`` or ``max_depth`` (plies) stopped it first (``stopped`` says
        which); ``plies``, ``best_move``, ``first_moves``; ``to_json()``. ``table_mb``: the
        compiled solver's table (default the search's, 1 GiB). ValueError for a position
        no solver proves, saying why."""
        if max_seconds is not None:
            checks.seconds("max_seconds", max_seconds)
        if table_mb is not None:
            checks.table_mb(table_mb)
        if isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 0:
            raise ValueError(f"max_depth must be a whole number of plies, not {quote(max_depth)}")
        return solve_position(
            self._game, max_seconds=max_seconds, max_depth=max_depth, table_mb=table_mb, book=book
        )

    def review(self, seconds: float = REVIEW_SECONDS, *, seed: int | None = None) -> GameReview:
        """``pyramid-lab review``'s review of the moves that led here (:meth:`history`),
        ``seconds`` of thought a position (:func:`.engine.review_game`): each move's
        verdict, the values along the line, the positions that make puzzles. ValueError
        saying why for a game or a line it does not judge."""
        checks.engine_seconds("seconds", seconds)
        return review_game(self._game, seconds=seconds, seed=seed)

    # ---- pictures ------------------------------------------------------------------

    def render(
        self,
        path: str | os.PathLike[str],
        *,
        view: str = "iso",
        size: tuple[int, int] = (1024, 768),
    ) -> Path:
        """Draw the position to the picture file ``path`` (.png, .jpg, .bmp, .tif: by its
        extension) as ``pyramid-lab render FILE -o PATH --view VIEW --size WxH`` draws it,
        off-screen, a file's lesson (caption, overlays) included. ``view``: iso, top, front
        or side. Returns the path written; the file is replaced atomically. ValueError for
        a view, a size or a file name it cannot take."""
        from ..pictures.render import render_game

        return render_game(self._game, os.fspath(path), self._render_options(view, size))

    def picture(self, *, view: str = "iso", size: tuple[int, int] = PICTURE_SIZE) -> bytes:
        """The PNG picture :meth:`render` would write, as bytes."""
        from ..pictures.export import picture_bytes

        return picture_bytes(self._game, ".png", self._render_options(view, size))

    def web_page(self, *, title: str | None = None, size: tuple[int, int] = PICTURE_SIZE) -> str:
        """``pyramid-lab export``'s interactive 3D web page of the position (.html): one
        self-contained page (vtk.js inline; drag to turn, scroll to zoom) titled ``title``
        (default: the puzzle's title, else the game's)."""
        from ..pictures.export import ExportOptions
        from ..pictures.web_page import web_page

        name = title if title is not None else str(self._puzzle.get("title") or self.title)
        options = ExportOptions(render=self._render_options("iso", size), title=name)
        return web_page(self._game, options)

    def export(
        self,
        path: str | os.PathLike[str],
        *,
        motion: str | None = None,
        view: str = "iso",
        size: tuple[int, int] = (1024, 768),
    ) -> Path:
        """``pyramid-lab export FILE -o PATH`` (the same function): by ``path``'s extension
        a picture, the 3D web page (.html), or an animation (.gif, .mp4) with ``motion``
        "turntable" (the board turning) or "replay" (the moves from the start). Returns
        the path written, replaced atomically; ValueError for what it cannot export."""
        from ..pictures.export import ExportOptions, export_game

        title = str(self._puzzle.get("title") or self.title)
        options = ExportOptions(self._render_options(view, size), motion=motion, title=title)
        return export_game(self._game, os.fspath(path), options)

    def _render_options(self, view: str, size: tuple[int, int]) -> RenderOptions:
        from ..pictures.render import RenderOptions

        if not isinstance(view, str) or view not in VIEWS:
            raise ValueError(f"{quote(view)} is not a view; the views: {', '.join(VIEWS)}")
        if not (isinstance(size, tuple | list) and len(size) == 2 and all(map(_side, size))):
            raise ValueError(
                f"size must be (width, height) in pixels, {MIN_SIDE} to {MAX_SIDE} each, "
                f"not {quote(size)}"
            )
        options = RenderOptions(size=(size[0], size[1]), view=view)
        return options.with_lesson(self._lesson)

    def svg(self, *, size: int = SVG_SIDE) -> str:
        """The position's diagram as an SVG document: every game drawn flat without VTK,
        in the window's colours, from the frame the window draws (the pyramid's levels
        side by side, each point shown; the terraced board, Ball's field and Rolling's
        map from above), a file's lesson overlays and highlights included. ``size``: its
        longer side in pixels (it is drawn in vectors: crisp at any zoom). ValueError
        for a size it cannot take."""
        if not _side(size):
            raise ValueError(
                f"size must be the picture's longer side in pixels, {MIN_SIDE} to {MAX_SIDE}, "
                f"not {quote(size)}"
            )
        from ..pictures.diagrams import diagram

        title = str(self._puzzle.get("title") or "")
        return diagram(self._game, self._lesson, side=size, title=title).svg

    def view_3d(self, *, size: tuple[int, int] = PICTURE_SIZE) -> View3D:
        """The 3D view of the position for a notebook (a :class:`View3D`: shown as
        :meth:`web_page`'s page in a frame of its own, about 1 MB; ``.save(path)`` writes
        the page). ImportError where the page cannot be made here (trame-vtk missing)."""
        from .view3d import View3D

        page = self.web_page(size=size)
        return View3D(page, (size[0], size[1]), str(self._puzzle.get("title") or self.title))

    def _repr_svg_(self) -> str:
        """The notebook's picture of the position: its diagram (:meth:`svg`)."""
        return self.svg()

    def _repr_html_(self) -> str | None:
        """Where :attr:`notebook_3d` is on, the 3D view (:meth:`view_3d`) in the
        notebook; else None (the notebook shows the diagram), as where the page cannot be
        made here (trame-vtk missing)."""
        if not self.notebook_3d:
            return None
        try:
            return self.view_3d()._repr_html_()
        except ImportError:
            return None

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
