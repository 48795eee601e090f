"""Pyramid Ball in position files: the pyramids (the file's ``pieces``) and the ``state``
beyond them (the ball, the scores, the special moves, the goal-row rule, a pending choice of
a special move), written by :func:`write_state` and read back, every value checked, by
:func:`read_setup`. The keys are described at :meth:`model.ball.PyramidBall.from_setup_state`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from pyramid_lab.i18n import M_, Message

from ..errors import either, not_a_player
from ..game import Piece, PositionFormatError, quote
from ..words import colour as colour_word
from ..words import joined
from .rules import (
    COLOURS,
    FILE_SIZE,
    OFF,
    SIZE_LETTERS,
    SIZE_NAMES,
    SPECIALS,
    BallOptions,
    parse_square,
    square,
    square_name,
)


class BallFields(Protocol):
    """What a file's ``state`` reads and writes of a game: :class:`model.ball.PyramidBall`'s
    position (named by its fields, as the rules object imports this module)."""

    _options: BallOptions
    _pos: list[int]
    _carrier: int
    _ball: int
    _offence: int
    _barred: int | None
    _scores: list[int]
    _held: tuple[frozenset[str], frozenset[str]]
    _gained: tuple[frozenset[str], frozenset[str]]
    _choosing: tuple[int, ...]

    @property
    def loose_ball(self) -> str | None: ...

    @property
    def scores(self) -> dict[str, int]: ...

    def specials(self, colour: str) -> list[str]: ...


STATE_KEYS = (
    "ball",
    "scores",
    "specials",
    "specials_gained",
    "goal_row_barred",
    "choosing",
    "offence",
)


#: A basic game's refusal of the special moves a file gives it.
NO_SPECIALS = M_("the basic game has no special moves")


def _not_a_ball(ball: object) -> Message:
    """Why ``ball`` is neither a carrier's size letter nor a square."""
    return M_("must be L, M, S or a square a1..g8, not {value}", value=quote(ball))


def write_state(game: BallFields) -> dict[str, Any]:
    """The file's ``state``: ``specials_gained``, ``goal_row_barred``, ``choosing`` and
    ``offence`` only where they say something (older files stay equal)."""
    state: dict[str, Any] = {
        "ball": game.loose_ball or SIZE_LETTERS[game._carrier % 3],
        "scores": game.scores,
        "specials": {c: game.specials(c) for c in COLOURS},
    }
    if game._gained != _default_gained(game):  # what older files could not say
        state["specials_gained"] = {
            c: [s for s in SPECIALS if s in game._gained[i]] for i, c in enumerate(COLOURS)
        }
    if game._barred is not None:
        state["goal_row_barred"] = COLOURS[game._barred]
    if game._choosing:
        state["choosing"] = [COLOURS[s] for s in game._choosing]
        state["offence"] = COLOURS[game._offence]
    return state


def gained_due(game: BallFields, side: int) -> int:
    """How many special moves ``side`` has gained: one each time the opponent scored one
    of its first three points (the advanced game only), less those still to be chosen."""
    if game._options.mode != "advanced":
        return 0
    return min(len(SPECIALS), game._scores[1 - side]) - game._choosing.count(side)


def _default_gained(game: BallFields) -> tuple[frozenset[str], ...]:
    """The gained special moves a file without ``specials_gained`` stands for."""
    out = []
    for side in (0, 1):
        due = gained_due(game, side)
        rest = [s for s in SPECIALS if s not in game._held[side]]
        out.append(game._held[side] | frozenset(rest[: max(0, due - len(game._held[side]))]))
    return tuple(out)


def read_setup(
    game: BallFields,
    to_move: str,
    pieces: Sequence[Piece],
    state: Mapping[str, Any],
    study: bool,
) -> None:
    """Sets up ``game`` (a new one) from a file's ``to_move``, ``pieces`` and ``state``
    (``study``: a side may lack pyramids, the special moves gained need not match the
    score); PositionFormatError naming the key."""
    if to_move not in COLOURS:
        raise PositionFormatError("to_move", not_a_player(COLOURS, to_move))
    _read_pieces(game, pieces, study)
    _StateReader(game, study).read(state, COLOURS.index(to_move))


def _read_pieces(game: BallFields, pieces: Sequence[Piece], study: bool) -> None:
    """Each pyramid ``[column, row, size, colour]`` on its square: a side has one of each
    size (a study may leave some out), a square holds one."""
    names = either(COLOURS)
    for index, (coords, colour) in enumerate(pieces):
        key = f"pieces[{index}]"
        if colour not in COLOURS:
            raise PositionFormatError(
                key, M_("colour must be {colours}, not {value}", colours=names, value=quote(colour))
            )
        if len(coords) != 3:
            raise PositionFormatError(key, M_("a pyramid is [column, row, size, colour]"))
        col, row, size = coords
        sq = square(col, row)
        if sq == OFF:
            off = M_("[{column}, {row}] is off the 7x8 board", column=str(col), row=str(row))
            raise PositionFormatError(key, off)
        if size not in FILE_SIZE:
            raise PositionFormatError(
                key, M_("size must be 3 (Large), 2 or 1 (Small), not {size}", size=str(size))
            )
        pid = COLOURS.index(colour) * 3 + FILE_SIZE.index(size)
        if game._pos[pid] != OFF:
            raise PositionFormatError(
                key,
                M_(
                    "{colour} has two {size} pyramids (a side has one each)",
                    colour=colour_word(colour),
                    size=_size(pid % 3),
                ),
            )
        if sq in game._pos:
            raise PositionFormatError(key, M_("two pyramids on {square}", square=square_name(sq)))
        game._pos[pid] = sq
    missing = [_pyramid(p) for p in range(6) if game._pos[p] == OFF]
    if missing and not study:
        raise PositionFormatError(
            "pieces",
            M_(
                "missing: {pyramids} (a side has a Large, a Medium, a Small)",
                pyramids=joined(missing, ", "),
            ),
        )


def _size(k: int) -> Message:
    """A pyramid's size (``Large``) as a word put in a sentence."""
    return Message(SIZE_NAMES[k])


def _pyramid(pid: int) -> Message:
    """A side's pyramid of a size, as a refusal names it ("red Large")."""
    # TRANSLATORS: a side's pyramid of a size in Pyramid Ball ("red Large")
    return M_("{colour} {size}", colour=colour_word(COLOURS[pid // 3]), size=_size(pid % 3))


class _StateReader:
    """Reads a file's ``state`` into the game, part by part in the order the checks run."""

    def __init__(self, game: BallFields, study: bool) -> None:
        self.game = game
        self.study = study
        options = game._options
        self.sheet = options.mode == "advanced" and options.restart == "sheet"

    def read(self, state: Mapping[str, Any], to_move: int) -> None:
        if not isinstance(state, Mapping):
            raise PositionFormatError("state", M_("must be an object: ball, scores, specials"))
        unknown = sorted(set(state) - set(STATE_KEYS))
        if unknown:
            raise PositionFormatError(
                f"state.{unknown[0]}",
                M_("unknown key; known: {known}", known=", ".join(STATE_KEYS)),
            )
        self._roles(state, to_move)
        self._ball(state.get("ball"))
        self._barred(state.get("goal_row_barred"))
        self._scores(state.get("scores", {}))
        self._specials(state)

    def _roles(self, state: Mapping[str, Any], to_move: int) -> None:
        """``choosing`` (the sides still to choose a special move, the first to move) and
        ``offence`` (given only while one is chosen; otherwise the side to move)."""
        game = self.game
        choosing = state.get("choosing", [])
        if not isinstance(choosing, list) or not all(c in COLOURS for c in choosing):
            raise PositionFormatError("state.choosing", M_("must be a list of red and blue"))
        if choosing and game._options.mode == "basic":
            raise PositionFormatError("state.choosing", NO_SPECIALS)
        if choosing and COLOURS.index(choosing[0]) != to_move:
            raise PositionFormatError(
                "to_move",
                M_(
                    "{colour} is still to choose a special move, so {colour} is to move; choose "
                    "it first, then set the position up",
                    colour=colour_word(choosing[0]),
                ),
            )
        offence = to_move
        if "offence" in state:
            if state["offence"] not in COLOURS:
                raise PositionFormatError(
                    "state.offence",
                    M_("must be red or blue, not {value}", value=quote(state["offence"])),
                )
            if not choosing and state["offence"] != COLOURS[to_move]:
                raise PositionFormatError(
                    "state.offence", M_("differs from to_move: give it only with 'choosing'")
                )
            offence = COLOURS.index(state["offence"])
        elif choosing:
            raise PositionFormatError(
                "state.offence", M_("the side on offence is needed while a special move is chosen")
            )
        game._choosing = tuple(COLOURS.index(c) for c in choosing)
        game._offence = offence

    def _ball(self, ball: Any) -> None:
        """The carrier's size letter (default: the offence's Medium, or its first pyramid),
        or the empty square a loose ball lies on (the sheet's restart)."""
        game = self.game
        offence = game._offence
        own = [k for k in (1, 0, 2) if game._pos[offence * 3 + k] != OFF]
        if isinstance(ball, str) and len(ball) == 2:  # loose
            try:
                sq = parse_square(ball)
            except ValueError:
                raise PositionFormatError("state.ball", _not_a_ball(ball)) from None
            if not self.sheet:
                raise PositionFormatError(
                    "state.ball",
                    M_("a loose ball needs the advanced game with the sheet's restart"),
                )
            if sq in game._pos:
                raise PositionFormatError(
                    "state.ball",
                    M_("a loose ball lies on an empty square, not {square}", square=ball),
                )
            game._carrier, game._ball = OFF, sq
            return
        if ball is None:
            if not own:
                raise PositionFormatError(
                    "pieces",
                    M_("{colour} (to move) has no pyramid", colour=colour_word(COLOURS[offence])),
                )
            k = own[0]
        elif ball not in ("L", "M", "S"):
            raise PositionFormatError("state.ball", _not_a_ball(ball))
        else:
            k = SIZE_LETTERS.index(ball)
            if k not in own:
                raise PositionFormatError(
                    "state.ball",
                    M_(
                        "{colour} has no {size} to carry the ball",
                        colour=colour_word(COLOURS[offence]),
                        size=_size(k),
                    ),
                )
        game._carrier = offence * 3 + k

    def _barred(self, barred: Any) -> None:
        """The colour under the goal-row rule (the sheet's restart), not the carrier's."""
        if barred is None:
            return
        game = self.game
        if barred not in COLOURS:
            raise PositionFormatError(
                "state.goal_row_barred",
                M_("must be red, blue or null, not {value}", value=quote(barred)),
            )
        if not self.sheet:
            raise PositionFormatError(
                "state.goal_row_barred",
                M_("the goal-row rule needs the advanced game with the sheet's restart"),
            )
        side = COLOURS.index(barred)
        if game._carrier != OFF and game._carrier // 3 == side:
            raise PositionFormatError(
                "state.goal_row_barred",
                M_(
                    "{colour} carries the ball: the rule lasts until the other side has it",
                    colour=colour_word(barred),
                ),
            )
        game._barred = side

    def _scores(self, scores: Any) -> None:
        game = self.game
        target = game._options.target
        if not isinstance(scores, Mapping) or set(scores) - set(COLOURS):
            raise PositionFormatError("state.scores", M_('must be {"red": N, "blue": N}'))
        for side, colour in enumerate(COLOURS):
            value = scores.get(colour, 0)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= target:
                raise PositionFormatError(
                    f"state.scores.{colour}",
                    M_(
                        "must be a whole number 0 to {most}, not {value}",
                        most=target,
                        value=quote(value),
                    ),
                )
            game._scores[side] = value
        if min(game._scores) >= target:
            raise PositionFormatError("state.scores", M_("both sides cannot have won"))

    def _specials(self, state: Mapping[str, Any]) -> None:
        """The special moves held and gained: one gained each time the opponent scored one
        of its first three points, less those still to be chosen. Points of the turn that
        ended the game gain none (nothing is chosen after it): then fewer may be gained."""
        game = self.game
        over = max(game._scores) >= game._options.target
        held = self._special_lists(state, "specials")
        given = None
        if "specials_gained" in state:
            given = self._special_lists(state, "specials_gained")
        gained = []
        for side, colour in enumerate(COLOURS):
            due = gained_due(game, side)
            if given is None:  # older files: the rest of the count in the fixed order
                rest = [s for s in SPECIALS if s not in held[side]]
                have = held[side] | frozenset(rest[: max(0, due - len(held[side]))])
            else:
                have = given[side]
            key = f"state.specials.{colour}"
            if not held[side] <= have:
                raise PositionFormatError(
                    key,
                    M_(
                        "{colour} holds a special move it has not gained",
                        colour=colour_word(colour),
                    ),
                )
            if not self.study and (len(have) > due if over else len(have) != due):
                raise PositionFormatError(
                    key if given is None else f"state.specials_gained.{colour}",
                    M_(
                        "{colour} has gained {count} special move(s), not {due} (one each time "
                        "the opponent scored one of its first three points, less those still to "
                        "be chosen)",
                        colour=colour_word(colour),
                        count=len(have),
                        due=max(due, 0),
                    ),
                )
            # the first to choose has a choice; a later one with one left takes it when
            # its turn comes (PyramidBall._settle_choices), so it may stand in the queue
            if game._choosing[:1] == (side,) and len(SPECIALS) - len(have) < 2:
                raise PositionFormatError(
                    "state.choosing",
                    M_(
                        "{colour} has fewer than two special moves left to choose",
                        colour=colour_word(colour),
                    ),
                )
            gained.append(have)
        game._held = (held[0], held[1])
        game._gained = (gained[0], gained[1])

    def _special_lists(self, state: Mapping[str, Any], name: str) -> list[frozenset[str]]:
        """``state[name]``: each colour's special moves, each once."""
        specials = state.get(name, {})
        if not isinstance(specials, Mapping) or set(specials) - set(COLOURS):
            raise PositionFormatError(f"state.{name}", M_('must be {"red": [...], "blue": [...]}'))
        out = []
        for colour in COLOURS:
            names = specials.get(colour, [])
            key = f"state.{name}.{colour}"
            if not isinstance(names, list) or not all(n in SPECIALS for n in names):
                raise PositionFormatError(
                    key, M_("must be a list of {choices}", choices=", ".join(SPECIALS))
                )
            if len(set(names)) != len(names):
                raise PositionFormatError(key, M_("a special move comes once at most"))
            if names and self.game._options.mode == "basic":
                raise PositionFormatError(key, NO_SPECIALS)
            out.append(frozenset(names))
        return out
