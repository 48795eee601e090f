"""What a game says to students and teachers, beside its rules: a teaching companion.

A :class:`~model.game.Game` is the rules (players, moves, notation, outcome, copying). The
words about a position — how the game ended (:func:`describe_result`), what a move did,
the wins it leaves, a teacher's lines about the position, the ``analyze`` summary — and
the lesson judging (the points a lesson names, its goals and click-points questions) are a
companion's, registered by the game's name as the search plug-ins are. python-chess keeps
``Board`` to the rules and has ``chess.svg`` and ``chess.pgn`` beside it; this is that split.

The lesson and review code ask :func:`teaching_for` ``(game)``; a game without a companion
still plays and gets the plain words of :class:`Teaching`. Each game's companion is the
``teaching`` module of its package (``model/partition/teaching.py``, ...), imported when
:func:`teaching_for` is first asked for that game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from pyramid_lab.i18n import M_, Message

from .game import GAMES, Game, Move, Outcome, SaidError, load_game, quote
from .words import colour, joined

G = TypeVar("G", bound=Game)


@dataclass(frozen=True, slots=True)
class OverlaySpec:
    """An overlay a lesson file may ask for: a toggle, or one of ``choices`` (or null)."""

    name: str
    help: str
    choices: tuple[str, ...] = ()  # empty: a true/false toggle


@dataclass(frozen=True, slots=True)
class GoalCheck:
    """Whether a position meets a lesson task's goal (see :meth:`Teaching.lesson_goal`), and
    if not, why, in the rules' words, with the points the reason speaks of (a path to draw)."""

    met: bool
    reason: str = ""
    points: tuple[tuple[int, ...], ...] = ()
    #: What the points are, in a line for the legend beside the drawn path ('' if plain).
    about: str = ""


class Teaching(Generic[G]):
    """The words and lesson judging of one game; the defaults suit any game.

    Every method takes the position it speaks of (``game``) and leaves it as it was.
    """

    #: The registry key: the :attr:`Game.name` of the game spoken of ('' for the default).
    game_name: ClassVar[str] = ""
    #: The overlays a lesson file of this game may ask for.
    lesson_overlays: ClassVar[tuple[OverlaySpec, ...]] = ()
    #: The goals a lesson task may set in this game (name: what it asks), beyond the
    #: generic ``{"win": COLOUR}``; see :meth:`lesson_goal`.
    lesson_goals: ClassVar[Mapping[str, str]] = {}
    #: The questions a click-points task may ask (name: what it asks); see
    #: :meth:`lesson_points`.
    lesson_questions: ClassVar[Mapping[str, str]] = {}
    #: The values each key of a goal of :attr:`lesson_goals` may take, by the goal's name
    #: (``{"holds": {"holds": ("SW", ...), "by": ("red", "blue")}}``): what the lesson
    #: editor offers as choices. A goal without an entry is written as JSON.
    lesson_goal_keys: ClassVar[Mapping[str, Mapping[str, tuple[Any, ...]]]] = {}
    #: The same for the questions of :attr:`lesson_questions` (``None`` a value like any).
    lesson_question_keys: ClassVar[Mapping[str, Mapping[str, tuple[Any, ...]]]] = {}

    # -- the position in words --

    def describe_outcome(self, game: G, outcome: Outcome) -> str:
        """The ending ``outcome`` of ``game`` in words (the status bar, a lesson, a
        refused move): the winner and the reason by default (:meth:`Outcome.describe`)."""
        return outcome.describe()

    def explain(self, game: G) -> list[str]:
        """Lines a teacher would say about the position, beyond who is to move
        (``analyze --text``); none by default."""
        return []

    def summary(self, game: G) -> dict[str, Any]:
        """The JSON object ``pyramid-lab analyze`` prints for this position."""
        outcome = game.outcome()
        report: dict[str, Any] = {
            "game": game.name,
            "to_move": game.to_move,
            "legal_move_count": 0 if outcome else game.legal_move_count(),
            "winner": outcome.result if outcome else None,
            "termination": outcome.reason if outcome else None,
        }
        report.update(self.summary_extras(game))
        return report

    def summary_extras(self, game: G) -> dict[str, Any]:
        """Game-specific keys added to :meth:`summary`."""
        return {}

    def explain_move(self, game: G, move: Move) -> str:
        """What the legal ``move`` does here by the rules, in words a lesson gives back
        for a wrong answer: what it makes, what it leaves, what the next player can then
        do ('' when there is nothing to say).

        By default: what the move did besides moving (:meth:`Game.last_effect`), the end
        it makes, and a win the next player then has at once; games say more."""
        after = game.copy()
        after.push(move)
        parts = []
        effect = after.last_effect()
        said = effect.describe() if effect is not None else ""
        if said:
            parts.append(said)
        parts += self.threats_words(after)
        return joined(parts)

    def threats_words(self, game: G) -> list[str]:
        """This position (after a lesson's move) seen from the side now to move: the end
        of the game if it is over, else the wins it has at once (two-player games without
        chance, with few moves to try)."""
        said = ending_or_win(
            game,
            lambda wins: M_(
                "{colour} can then win at once with {moves}",
                colour=colour(game.to_move),
                moves=first_few([str(m) for m in wins], 2),
            ),
        )
        return [said] if said else []

    # -- lessons --

    def lesson_point(self, game: G, text: str) -> tuple[int, ...]:
        """A point of the board written in a lesson (``"1,0,2"``: the coordinates of a
        piece in position files); ValueError saying why not. Games may take names too."""
        parts = text.split(",")
        try:
            coords = tuple(int(p) for p in parts)
        except ValueError:
            coords = ()
        if len(coords) != game.coordinate_count:
            raise SaidError(
                M_(
                    "{text} is not a point: write {count} whole numbers separated by commas",
                    text=quote(text),
                    count=game.coordinate_count,
                )
            )
        return coords

    def point_name(self, game: G, point: tuple[int, ...]) -> str:
        """How a lesson's messages name ``point``."""
        return ",".join(map(str, point))

    def lesson_goal(self, game: G, goal: Mapping[str, Any]) -> GoalCheck:
        """Whether this position (after the student's move) meets ``goal``, one of
        :attr:`lesson_goals`; ValueError for a goal the game does not know. The generic
        goal ``{"win": COLOUR}`` is checked by the lesson model itself."""
        raise SaidError(M_("{game} has no lesson goals; use answers or win", game=game.title))

    def lesson_point_reason(
        self, game: G, question: Mapping[str, Any], point: tuple[int, ...]
    ) -> str:
        """Why ``point`` does or does not answer ``question`` here, in the rules' words
        ('' when the game has nothing to add)."""
        return ""

    def lesson_points(self, game: G, question: Mapping[str, Any]) -> frozenset[tuple[int, ...]]:
        """The points that answer a click-points ``question`` (one of
        :attr:`lesson_questions`) here; ValueError for one the game does not know."""
        raise SaidError(
            M_("{game} has no click-points questions; list the answers", game=game.title)
        )


def first_few(items: Sequence[str], most: int = 3, more: str = " ...") -> str:
    """The first ``most`` of ``items`` joined by commas, and ``more`` after them when some
    are left out."""
    return ", ".join(items[:most]) + (more if len(items) > most else "")


def reply_words(
    found: Sequence[str], then: Callable[[str], str], none: str, *, more: str = " ..."
) -> str:
    """What the next player can do with the next move, in a lesson's words: ``then`` of
    the first three of ``found`` (see :func:`first_few`; a sentence with them in it), or
    ``none`` when none is found."""
    return then(first_few(found, more=more)) if found else none


def repeated(times: int) -> Message:
    """A draw by repetition, the position come back ``times`` times, in words."""
    if times == 3:
        return M_("the same position came a third time: a draw")
    if times == 4:
        return M_("the same position came a fourth time: a draw")
    if times == 5:
        return M_("the same position came a fifth time: a draw")
    # TRANSLATORS: {times} is 6 or more: "the same position came a 6th time"
    return M_("the same position came a {times}th time: a draw", times=str(times))


def describe_result(game: Game) -> str:
    """The end of ``game`` in words, for the status bar ('' while it runs): its outcome as
    its companion says it (:meth:`Teaching.describe_outcome`)."""
    outcome = game.outcome()
    return "" if outcome is None else teaching_for(game).describe_outcome(game, outcome)


def game_ends(game: Game) -> str:
    """'the game ends: ' and how (:func:`describe_result`), a lesson's words for a move that
    ends the game."""
    return M_("the game ends: {result}", result=describe_result(game))


def ending_or_win(game: Game, win: Callable[[list[Move]], str]) -> str:
    """``game`` (after a lesson's move) seen from the side now to move: the end of the game
    if it is over, else ``win`` of the moves that win it at once (:func:`winning_moves`),
    else ''."""
    if game.is_over():
        return game_ends(game)
    wins = winning_moves(game)
    return win(wins) if wins else ""


def winning_moves(game: Game, limit: int = 400) -> list[Move]:
    """The moves that win the game at once for the side to move (none tried in a game
    of chance, of more than two players, or with more than ``limit`` moves)."""
    if game.has_chance or len(game.players) != 2 or game.is_over():
        return []
    if game.legal_move_count() > limit:
        return []
    me, probe, wins = game.to_move, game.copy(), []
    for move in game.legal_moves():
        probe.push(move)
        outcome = probe.outcome()
        if outcome is not None and outcome.winner == me:
            wins.append(move)
        probe.pop()
    return wins


# ---- registry -------------------------------------------------------------------------

_PLAIN: Teaching[Any] = Teaching()
_COMPANIONS: dict[str, Teaching[Any]] = {}
_T = TypeVar("_T", bound=type[Teaching[Any]])


def register_teaching(cls: _T) -> _T:
    """Class decorator: make ``cls`` the companion of the game named ``cls.game_name``."""
    if not cls.game_name:
        raise ValueError(f"{cls.__name__} names no game (game_name)")
    if cls.game_name in _COMPANIONS and type(_COMPANIONS[cls.game_name]) is not cls:
        raise ValueError(f"two teaching companions registered for {cls.game_name!r}")
    _COMPANIONS[cls.game_name] = cls()
    return cls


def teaching_for(game: Game | type[Game] | str) -> Teaching[Any]:
    """The companion of ``game`` (a position, a game class or a game's name); the plain
    :class:`Teaching` for a game that has none. One of the lab's own games not yet imported
    is imported, its companion with it (:func:`model.game.load_game`)."""
    name = game if isinstance(game, str) else game.name
    if name not in _COMPANIONS and name in GAMES:
        load_game(name)
    return _COMPANIONS.get(name, _PLAIN)
