"""A position for scripts and notebooks (``docs/api.md``): :func:`load` a position file or
make a :func:`new` game, ask it its moves and its outcome, :meth:`Position.play` a move (a
new position: the old one is left as it was), save it, analyse and solve it, draw it.

Everything is done by the functions the command line and the window call: a file is read
by the lab's reader (:func:`viewer.lab.reading.read_position`) and written atomically
(:func:`model.files.write`), a position text read back by :func:`from_text`, a search by
:mod:`.engine`'s, a picture by :mod:`viewer.pictures`' (the checks of a picture's
arguments in :mod:`.drawing`).
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pyramid_lab.i18n import _, current
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
from pyramid_lab.model.puzzle import puzzle_text
from pyramid_lab.model.review import GameReview
from pyramid_lab.model.teaching import teaching_for
from pyramid_lab.model.text import board_text, position_text, read_position_text

from . import checks, drawing, engine
from .named import read as read_named

if TYPE_CHECKING:
    from pyramid_lab.model.search import Analysis, SolveResult


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


def from_text(text: str) -> Position:
    """The position written ``text``, a position text (:meth:`Position.to_text`'s line):
    PositionTextError (a PositionFormatError, so a ValueError) naming the character where
    it goes wrong and what is wrong there."""
    return Position(read_position_text(text))


class Position:
    """A position of a game, with the moves that led to it. A position does not change:
    :meth:`play` returns a new one (:meth:`pop` the one before); :meth:`to_game` gives the
    rules' own mutable position (``push``/``pop``) as a copy.

    One concept, one class, whatever its size (issue 110), as python-chess keeps its
    ``Board`` whole: a script meets every door of a position in ``help(pl.Position)``
    and in one file, in sections by concern (what it is, playing, the rules' answers,
    python-chess's habits, files, the engine, pictures, its value). Each door is a few
    lines over the functions the command line and the window call; it was four mixins
    that made the class no smaller to its reader, only spread over five files.

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

    # ---- what the rules say of it ----------------------------------------------------

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
                raise ValueError(
                    _("{player} is not a player of {game}: {players}").format(
                        player=quote(player), game=self._game.title, players=players
                    )
                )
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

    # ---- python-chess's habits -------------------------------------------------------

    @property
    def parent(self) -> Position | None:
        """The position before the last move of :attr:`history` (None at its start: the
        game's, or a file's set-up)."""
        if not self._game.move_stack:
            return None
        game = self._game.copy()
        game.pop()
        return type(self)(game)

    def pop(self) -> Position:
        """:attr:`parent`, the last move taken back (this position is left as it is);
        IndexError at the start of the history."""
        parent = self.parent
        if parent is None:
            raise IndexError(_("no move to take back: the position is at the start of its history"))
        return parent

    def to_text(self) -> str:
        """The position in one line, as FEN writes a chess position: the game, its
        options, the board, the side to move and what else the position holds, the
        history left out (``docs/file-formats.md``, "Position texts");
        ``pl.from_text(pos.to_text()) == pos``."""
        return position_text(self._game)

    def fen(self) -> str:
        """:meth:`to_text`, by python-chess's name (``board.fen()``): the game's own
        one-line grammar, which no chess program reads; :func:`from_text` reads it
        back."""
        return self.to_text()

    @property
    def turn(self) -> str:
        """The colour of the player to move, as :attr:`to_move` (python-chess's
        ``board.turn``, here a colour's name: a game may have more than two)."""
        return self._game.to_move

    def is_game_over(self) -> bool:
        """Whether the game is over (python-chess's name; :meth:`is_over`)."""
        return self._game.is_over()

    def result(self) -> str:
        """The game's result as python-chess's ``board.result()`` writes it: ``"1-0"``
        (the first player won), ``"0-1"`` (the second), ``"1/2-1/2"`` (a draw) and ``"*"``
        while the game runs; in a game of one, three or four players (Rolling Pyramids)
        the winner's colour or ``"draw"`` once it is over."""
        outcome = self._game.outcome()
        if outcome is None:
            return "*"
        players = tuple(self._game.players)
        if len(players) != 2:
            return outcome.result
        if outcome.winner is None:
            return "1/2-1/2"
        return "1-0" if outcome.winner == players[0] else "0-1"

    def peek(self) -> Move:
        """The last move of the history (python-chess's ``board.peek()``); IndexError at
        its start."""
        if not self._game.move_stack:
            raise IndexError(_("no move played: the position is at the start of its history"))
        return self._game.move_stack[-1]

    def __str__(self) -> str:
        """The position as a text board (letters, dots), whole on a terminal."""
        return board_text(self._game)

    def unicode(self) -> str:
        """:meth:`__str__`'s board with Unicode symbols (● ○ ·) for its letters."""
        return board_text(self._game, symbols=True)

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` (a move, or its text in the game's notation) is legal here:
        ``pos.is_legal("1,1,0")``; text that is no move of the game is not legal (False, as
        python-chess answers; :meth:`parse_move` says why it is no move). TypeError for
        what is neither a move nor text."""
        if isinstance(move, str):
            try:
                move = self._game.parse_move(move)
            except ValueError:  # InvalidMoveError, or a rules' own refusal of the text
                return False
        elif not isinstance(move, Move):
            raise TypeError(_("a move or its text, not {value}").format(value=quote(move)))
        return self._game.why_illegal(move) is None

    def random_move(self, rng: random.Random | None = None) -> Move:
        """A legal move drawn at random by ``rng`` (default: a new unseeded one): at a roll
        of the dice an outcome by its probability, else each legal move alike. In Pyramid
        Ball a turn is read at a random index of the lazy space of joint moves (each
        side's program drawn alike from its own), without listing the millions.
        IndexError once the game is over."""
        rng = random.Random() if rng is None else rng
        if not isinstance(rng, random.Random):
            raise TypeError(_("rng must be a random.Random, not {value}").format(value=quote(rng)))
        game = self._game
        if game.is_over():
            raise IndexError(_("no legal move: the game is over"))
        if game.current_player() == CHANCE:
            outcomes = game.chance_outcomes()
            return rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
        moves = game.legal_moves()  # (Pyramid Ball's: a lazy space, read at one index)
        return moves[rng.randrange(len(moves))]

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

    # ---- the engine and the solver (the search imported when first used) -------------

    def analyse(
        self, seconds: float = engine.ENGINE_SECONDS, *, threads: int | None = None
    ) -> Analysis:
        """The engine's analysis, as ``pyramid-lab analyze --engine --seconds S`` gives it
        (:func:`engine_analysis`): ``win_rate`` for the side to move, every legal move
        ranked in ``moves`` (each one's ``proven`` "win", "loss" or "draw" where the
        search proved it, None for an estimate), a forced ``win`` the prover found, and
        ``to_json()`` the command's JSON. ValueError where the engine does not analyse the
        position (a game of chance, simultaneous turns), saying so."""
        checks.engine_seconds("seconds", seconds)
        return engine.engine_analysis(self._game, seconds=seconds, threads=threads)

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
            raise ValueError(
                _("max_depth must be a whole number of plies, not {value}").format(
                    value=quote(max_depth)
                )
            )
        return engine.solve_position(
            self._game, max_seconds=max_seconds, max_depth=max_depth, table_mb=table_mb, book=book
        )

    def review(
        self, seconds: float = engine.REVIEW_SECONDS, *, seed: int | None = None
    ) -> GameReview:
        """``pyramid-lab review``'s review of the moves that led here (:meth:`history`),
        ``seconds`` of thought a position (:func:`.engine.review_game`): each move's
        verdict, the values along the line, the positions that make puzzles. ValueError
        saying why for a game or a line it does not judge."""
        checks.engine_seconds("seconds", seconds)
        return engine.review_game(self._game, seconds=seconds, seed=seed)

    # ---- pictures (pyvista imported when first used) ---------------------------------

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

        return render_game(
            self._game, os.fspath(path), drawing.render_options(self._lesson, view, size)
        )

    def picture(self, *, view: str = "iso", size: tuple[int, int] = drawing.PICTURE_SIZE) -> bytes:
        """The PNG picture :meth:`render` would write, as bytes."""
        from ..pictures.export import picture_bytes

        return picture_bytes(self._game, ".png", drawing.render_options(self._lesson, view, size))

    def web_page(
        self, *, title: str | None = None, size: tuple[int, int] = drawing.PICTURE_SIZE
    ) -> str:
        """``pyramid-lab export``'s interactive 3D web page of the position (.html): one
        self-contained page (vtk.js inline; drag to turn, scroll to zoom) titled ``title``
        (default: the puzzle's title, else the game's)."""
        from ..pictures.render import ExportOptions
        from ..pictures.web_page import web_page

        name = (
            title
            if title is not None
            else (puzzle_text(self._puzzle, "title", current()) or self._game.title)
        )
        options = ExportOptions(
            render=drawing.render_options(self._lesson, "iso", size), title=name
        )
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
        from ..pictures.export import export_game
        from ..pictures.render import ExportOptions

        title = puzzle_text(self._puzzle, "title", current()) or self._game.title
        options = ExportOptions(
            drawing.render_options(self._lesson, view, size), motion=motion, title=title
        )
        return export_game(self._game, os.fspath(path), options)

    def svg(
        self,
        *,
        size: int = drawing.SVG_SIDE,
        orientation: str | None = None,
        lastmove: Move | str | None = None,
        arrows: Iterable[Sequence[object]] = (),
        squares: Iterable[object] = (),
        flipped: bool = False,
    ) -> str:
        """The position's diagram as an SVG document: every game drawn flat without VTK,
        in the window's colours, from the frame the window draws (the pyramid's levels
        side by side, each point shown; the terraced board, Ball's field and Rolling's
        map from above), a file's lesson overlays and highlights included. ``size``: its
        longer side in pixels (it is drawn in vectors: crisp at any zoom).

        As python-chess's ``chess.svg.board`` takes them: ``orientation``, the player
        whose side is below (the first player's unless told; the second's turns the board
        half round, as ``flipped=True`` does); ``lastmove``, a move (or its text) whose
        points are rimmed (the last move of :attr:`history`, or a legal move here);
        ``arrows``, each ``(tail, head)`` or ``(tail, head, colour)`` of points (colour:
        green, red, blue or yellow) drawn as a line with a dot at its head; ``squares``,
        points marked as a lesson marks them. A point is written as position files write
        it, ``(1, 1, 0)`` or ``"1,1,0"``. ValueError or TypeError for what it cannot take,
        before anything is drawn."""
        return drawing.diagram_svg(
            self._game,
            self._lesson,
            puzzle_text(self._puzzle, "title", current()),
            size=size,
            orientation=orientation,
            lastmove=lastmove,
            arrows=arrows,
            squares=squares,
            flipped=flipped,
        )

    def view_3d(self, *, size: tuple[int, int] = drawing.PICTURE_SIZE) -> drawing.View3D:
        """The 3D view of the position for a notebook (a :class:`View3D`: shown as
        :meth:`web_page`'s page in a frame of its own, about 1 MB; ``.save(path)`` writes
        the page). ImportError where the page cannot be made here (trame-vtk missing)."""

        page = self.web_page(size=size)
        return drawing.View3D(
            page,
            (size[0], size[1]),
            (puzzle_text(self._puzzle, "title", current()) or self._game.title),
        )

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
