"""Pyramid Ball's position text (:mod:`model.text`): the 7x8 field row by row from row 8
(blue's side, the top of the text board) to row 1, each row from column a to g: red's
Large, Medium and Small ``L M S``, blue's ``l m s``, the ball's carrier followed by ``*``,
a ball lying loose ``o``, a number a run of empty squares. The side to move is the offence
(while a special move is chosen, the chooser). Then, where they say something, the
file ``state``'s other keys::

    ball mode=basic,... 7/1l1m1s1/7/7/7/1L1M*1S1/7/7 red
    ... scores=2-1 specials=dash/- gained=dash/quick_pass+blitz barred=blue
        choosing=red offence=blue

``scores=RED-BLUE``; ``specials`` and ``gained`` each side's special moves (red's, then
blue's, parted by ``/``; several joined by ``+``; none ``-``); ``barred`` the side under
the goal-row rule; ``choosing`` the sides still to choose a special move (parted by
commas) and ``offence`` the side on offence meanwhile. A turn's programs are moves, not
state: between turns nothing is secret.
"""

from __future__ import annotations

from typing import Any

from pyramid_lab.i18n import M_, shown

from ..game import Game, PositionFormatError
from ..setup import from_setup_state
from ..textcodec import Field, PositionTextError, TextFields, read_rows, write_rows
from ..words import colour as colour_word
from ..words import joined
from . import PyramidBall
from .rules import COLOURS, COLS, FILE_SIZE, ROWS, SIZE_LETTERS, parse_square, square_name

#: (colour, size letter) -> the symbol on the board.
SYMBOLS = {(colour, k): k if colour == "red" else k.lower() for colour in COLOURS for k in "LMS"}
_PIECE = {symbol: key for key, symbol in SYMBOLS.items()}
#: The file state's keys written as text fields (the ball is on the board).
_NAMES = {
    "scores": "scores",
    "specials": "specials",
    "specials_gained": "gained",
    "goal_row_barred": "barred",
    "choosing": "choosing",
    "offence": "offence",
}


class BallCodec:
    def write(self, game: Game) -> tuple[str, list[str]]:
        assert isinstance(game, PyramidBall)
        state = game.file_state()
        at: dict[tuple[int, int], str] = {}
        for (col, row, size), colour in game.pieces():
            letter = SIZE_LETTERS[FILE_SIZE.index(size)]
            carried = game.carrier == (colour, letter)
            at[col, row] = SYMBOLS[colour, letter] + ("*" if carried else "")
        loose = game.loose_ball
        if loose is not None:
            sq = parse_square(loose)
            at[sq % COLS, sq // COLS] = "o"
        board = write_rows([[at.get((c, r)) for c in range(COLS)] for r in reversed(range(ROWS))])
        return board, _named(state)

    def read(self, cls: type[Game], options: Any, fields: TextFields) -> Game:
        rows = read_rows(fields.board, [COLS] * ROWS, "LMSlmso", M_("the field"), stars=True)
        pieces: list[tuple[tuple[int, ...], str]] = []
        ball: tuple[str | None, str, int] | None = None  # (carrier's colour, letter or square)
        for index, cells in enumerate(rows):
            row = ROWS - 1 - index
            for symbol, col, place in cells:
                if symbol == "o*":
                    raise PositionTextError(place, M_("the loose ball 'o' has no carrier ('*')"))
                if symbol[-1] in "*o":
                    if ball is not None:
                        raise PositionTextError(
                            place, M_("a second ball on the field ('*' or 'o')")
                        )
                    colour = _PIECE[symbol[0]][0] if symbol != "o" else None
                    where = _PIECE[symbol[0]][1] if symbol != "o" else square_name(row * COLS + col)
                    ball = (colour, where, place)
                if symbol != "o":
                    colour, letter = _PIECE[symbol[0]]
                    pieces.append(((col, row, FILE_SIZE[SIZE_LETTERS.index(letter)]), colour))
                    fields.places.append(place)
        state, given = _state(fields)
        if ball is not None:
            offence = state.get("offence", fields.to_move)
            if ball[0] is not None and ball[0] != offence:
                raise PositionTextError(
                    ball[2],
                    M_(
                        "{carrier} carries the ball ('*'), so {carrier} is on offence: the side "
                        "to move (or offence= while a special move is chosen), not {offence}",
                        carrier=colour_word(ball[0]),
                        offence=colour_word(offence),
                    ),
                )
            state["ball"] = ball[1]
        try:
            return from_setup_state(cls, options, fields.to_move, pieces, state, study=fields.study)
        except PositionFormatError as exc:
            key = exc.key.removeprefix("state.").split(".")[0]
            if key in given:
                raise given[key].fail(
                    M_("{key}: {reason}", key=_NAMES[key], reason=exc.reason)
                ) from None
            raise fields.setup_error(exc) from None

    def board(self, game: Game, symbols: bool) -> str:
        """The field from blue's side down (row 8 on top): red L M S, blue l m s, ``*``
        the ball's carrier, ``o`` a loose ball; the ball and the scores under it."""
        assert isinstance(game, PyramidBall)
        at: dict[tuple[int, int], str] = {}
        for square, colour, letter, carries in game.pyramids():
            sq = parse_square(square)
            mark = letter if colour == "red" else letter.lower()
            at[sq % COLS, sq // COLS] = mark + ("*" if carries else " ")
        loose = game.loose_ball
        if loose is not None:
            sq = parse_square(loose)
            at[sq % COLS, sq // COLS] = "● " if symbols else "o "
        empty = "· " if symbols else ". "
        lines = ["   a  b  c  d  e  f  g"]
        for row in reversed(range(ROWS)):
            lines.append(f"{row + 1}  " + " ".join(at.get((c, row), empty) for c in range(COLS)))
        scores = joined(
            [M_("{side} {score}", side=colour_word(c), score=n) for c, n in game.scores.items()],
            ", ",
        )
        # TRANSLATORS: the text board's key (L M S: red's pyramids, l m s: blue's), the ball
        # and the scores
        legend = M_(
            "red L M S, blue l m s, * the ball's carrier; {ball}; {scores}",
            ball=game.ball_text(),
            scores=scores,
        )
        lines.append(shown(legend))  # (in the script's language: i18n.use)
        return "\n".join(line.rstrip() for line in lines)


def _named(state: dict[str, Any]) -> list[str]:
    out = []
    for key, name in _NAMES.items():
        value = state.get(key)
        if key == "scores" and value == dict.fromkeys(COLOURS, 0):
            continue
        if key == "specials" and value is not None and not any(value.values()):
            continue
        if value is None:
            continue
        out.append(f"{name}={_value(key, value)}")
    return out


def _value(key: str, value: Any) -> str:
    if key == "scores":
        return "-".join(str(value[c]) for c in COLOURS)
    if key in ("specials", "specials_gained"):
        return "/".join("+".join(value[c]) or "-" for c in COLOURS)
    if key == "choosing":
        return ",".join(value)
    return str(value)


def _state(fields: TextFields) -> tuple[dict[str, Any], dict[str, Field]]:
    """The file ``state`` of the text's fields (checked by the file state's reader), and
    the field that gave each key."""
    state: dict[str, Any] = {}
    given: dict[str, Field] = {}
    for key, name in _NAMES.items():
        field = fields.take(name)
        if field is not None:
            state[key] = _parsed(key, field)
            given[key] = field
    return state, given


def _parsed(key: str, field: Field) -> Any:
    text = field.text
    if key == "scores":
        parts = text.split("-")
        if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) < 4 for p in parts):
            raise field.fail(M_("scores are written RED-BLUE (2-1), not {text}", text=repr(text)))
        return {c: int(p) for c, p in zip(COLOURS, parts, strict=True)}
    if key in ("specials", "specials_gained"):
        sides = text.split("/")
        if len(sides) != 2:
            raise field.fail(M_("special moves are written red's/blue's (dash+blitz/-)"))
        return {c: [] if s == "-" else s.split("+") for c, s in zip(COLOURS, sides, strict=True)}
    if key == "choosing":
        return text.split(",")
    return text


CODEC = BallCodec()
