"""Rolling Pyramids' position text (:mod:`model.text`). The board is the garrisons and the
starting areas chosen, parted by commas (``-`` for none): the cell (``12``, a starting
area ``S2``), ``=``, its troops (``+`` its heroes where it has some) and its holder's
letter (``r`` red, ``b`` blue, ``g`` green, ``y`` yellow, ``p`` the Pharaoh)::

    rolling players=2,... 3=2r,7=1+1b,S1=0r,S3=0b red state={"round":1,...}

The rest of the position is the field ``state=``: the position file's ``state`` (round,
phase, first player, draft pick, scores, dice, sheets, devices, deployments) as compact
JSON, a space in it written ``\\u0020``. It is the whole position, as its file holds it:
the dice rolled so far (no chance to come: the next roll stays a chance node) and, during
the secret deployment, every deployment's target. A seat's own view (its
``information_state``) writes the others' targets as ``null``: no position of the game,
refused when read back, as a position file of it is.
"""

from __future__ import annotations

import json
import re
import textwrap
from typing import Any

from pyramid_lab.i18n import M_

from ..game import Game, PositionFormatError
from ..setup import file_state, from_setup_state
from ..textcodec import WIDTH, Field, TextFields
from .state import COLOURS, PHARAOH_COLOUR

LETTERS = {colour[0]: colour for colour in (*COLOURS, PHARAOH_COLOUR)}
_SYMBOL = {colour: letter for letter, colour in LETTERS.items()}
_GARRISON = re.compile(r"(S?)(\d{1,3})=(\d{1,4})(?:\+(\d{1,4}))?([rbgyp])")


class RollingCodec:
    def write(self, game: Game) -> tuple[str, list[str]]:
        garrisons = []
        for (code, troops, heroes), colour in sorted(game.pieces(), key=_cell_order):
            cell = f"S{-code}" if code < 0 else str(code)
            plus = f"+{heroes}" if heroes else ""
            garrisons.append(f"{cell}={troops}{plus}{_SYMBOL[colour]}")
        state = json.dumps(file_state(game), separators=(",", ":"), ensure_ascii=True)
        return ",".join(garrisons) or "-", ["state=" + state.replace(" ", "\\u0020")]

    def read(self, cls: type[Game], options: Any, fields: TextFields) -> Game:
        pieces = _garrisons(fields.board, fields.places)
        given = fields.take("state")
        if given is None:
            raise fields.side.fail(
                M_("the text ends before state=...: Rolling Pyramids' dice, sheets and phase"),
                len(fields.side.text),
            )
        try:
            state = json.loads(given.text)
        except json.JSONDecodeError as exc:
            raise given.fail(M_("state is JSON: {reason}", reason=exc.msg), exc.pos) from None
        except RecursionError:  # nesting far beyond the state's (four levels)
            raise given.fail(M_("state: lists or objects nested too deeply")) from None
        except ValueError:  # a number beyond Python's limit on digits read (4,300)
            raise given.fail(M_("state: a number with too many digits")) from None
        try:
            return from_setup_state(cls, options, fields.to_move, pieces, state, study=fields.study)
        except PositionFormatError as exc:
            if exc.key.startswith("state"):
                reason = M_("{key}: {reason}", key=exc.key, reason=exc.reason)
                raise given.fail(
                    M_("not a position of the game: {reason}", reason=reason)
                ) from None
            raise fields.setup_error(exc) from None

    def board(self, game: Game, symbols: bool) -> str:
        """The map's hexes where they lie, each its name, holder's initial and troops; the
        round, phase, scores and dice under it."""
        from . import RollingPyramids

        assert isinstance(game, RollingPyramids)
        holders = {code: (c, troops, heroes) for (code, troops, heroes), c in game.pieces()}
        cells = game.map.cells
        rows = [cell.hex[1] for cell in cells]
        columns = [2 * cell.hex[0] + cell.hex[1] for cell in cells]
        top, left = min(rows), min(columns)
        grid = [[" "] * (3 * (max(columns) - left) + 8) for _ in range(max(rows) - top + 1)]
        for cell in cells:
            held = holders.get(cell.code)
            mark = "." if held is None else f"{held[0][0]}{held[1] + held[2]}"
            token = f"{cell.name:>3}{mark:<4}"
            at = 3 * (2 * cell.hex[0] + cell.hex[1] - left)
            grid[cell.hex[1] - top][at : at + len(token)] = token
        s = game.state
        dice = " ".join(f"d{d.sides}:{'?' if d.value is None else d.value}" for d in s.dice)
        scores = ", ".join(f"{colour} {score}" for colour, score in game.scores().items())
        lines = ["".join(row).rstrip() for row in grid]
        lines.append("each hex: its name, its holder's initial and troops (p the Pharaoh)")
        lines.append(f"round {s.round}, {s.phase}; scores: {scores}")
        lines += textwrap.wrap(f"dice: {dice or 'none'}", WIDTH)
        return "\n".join(lines)


def _cell_order(piece: tuple[tuple[int, ...], str]) -> tuple[bool, int]:
    code = piece[0][0]
    return code < 0, abs(code)


def _garrisons(field: Field, places: list[int]) -> list[tuple[tuple[int, ...], str]]:
    """The garrisons of the board field, each one's place in the line put in ``places``."""
    if field.text == "-":
        return []
    pieces: list[tuple[tuple[int, ...], str]] = []
    for part in field.split(","):
        match = _GARRISON.fullmatch(part.text)
        if match is None:
            raise part.fail(
                M_(
                    "{text} is no garrison: CELL=TROOPS[+HEROES]HOLDER, e.g. 12=3r, "
                    "S2=0+1b (holders r, b, g, y, p)",
                    text=repr(part.text),
                )
            )
        start, number, troops, heroes, letter = match.groups()
        code = -int(number) if start else int(number)
        pieces.append(((code, int(troops), int(heroes or 0)), LETTERS[letter]))
        places.append(part.start)
    return pieces


CODEC = RollingCodec()
