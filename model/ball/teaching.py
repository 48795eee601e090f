"""Pyramid Ball's teaching companion: how a turn played out row by row, the score and where
the ball ends, and a teacher's lines about the position. The rules are
:class:`model.ball.PyramidBall`'s."""

from __future__ import annotations

import re
from typing import Any

from pyramid_lab.i18n import M_, Message, Mn_

from ..game import Move, Outcome
from ..teaching import Teaching, describe_result, register_teaching
from ..words import colour, joined
from . import PyramidBall
from .rules import COLOURS, COLS, GOAL_ROW, SIZE_LETTERS, SIZE_NAMES, pyramid_word


@register_teaching
class PyramidBallTeaching(Teaching[PyramidBall]):
    game_name = "ball"

    def describe_outcome(self, game: PyramidBall, outcome: Outcome) -> str:
        red, blue = game._scores
        score = f"{max(red, blue)}-{min(red, blue)}"
        return M_("{winner} wins {score}", winner=Message(str(outcome.winner)), score=score)

    def explain_move(self, game: PyramidBall, move: Move) -> str:
        """How the turn played out row by row (the rows where something moved), its score
        or none, and where the ball ends: with whom, and how far from that side's goal
        row. A Message: the rows' role labels (OM, DL) named by colour and size as words
        (``red's Medium``), said in the reader's language."""
        after = game.copy()
        after.push(move)
        report = after.last_effect()
        if report is None:  # a special move's choice: nothing moves
            return super().explain_move(game, move)
        rows: list[str] = []
        for row in report.rows:
            offence = row.offence or report.offence
            said = [_named(line, offence) for line in row.lines()]
            if said != ["nothing moves"]:
                rows.append(M_("row {row}: {lines}", row=row.name, lines=joined(said)))
        parts = rows or [M_("nothing moves in any row")]
        parts.append(report.describe())
        parts.append(_ball_words(after))
        carrier = after.carrier
        if carrier is not None and not after.is_over():
            side = COLOURS.index(carrier[0])
            rows_left = abs(after._pos[after._carrier] // COLS - GOAL_ROW[side])
            if rows_left:
                parts.append(
                    Mn_(
                        "{count} row short of {colour}'s goal row, row {row}",
                        "{count} rows short of {colour}'s goal row, row {row}",
                        rows_left,
                        count=rows_left,
                        colour=colour(carrier[0]),
                        row=GOAL_ROW[side] + 1,
                    )
                )
        if after.is_over():
            parts.append(M_("the game ends: {result}", result=describe_result(after)))
        return joined(parts)

    def summary_extras(self, game: PyramidBall) -> dict[str, Any]:
        return {
            **game._standing_json(),
            "programs": {c: len(game.program_space(i)) for i, c in enumerate(COLOURS)}
            if not game.is_over() and not game._choosing
            else {c: 0 for c in COLOURS},
        }

    def explain(self, game: PyramidBall) -> list[str]:
        red, blue = game._scores
        target = game._options.target
        lines: list[str] = [
            M_(
                "score red {red} - blue {blue} (first to {target})",
                red=red,
                blue=blue,
                target=target,
            ),
            game.ball_text(),
        ]
        if game._barred is not None:
            row = GOAL_ROW[game._barred] + 1
            barred = colour(game.goal_row_barred or "")
            lines.append(M_("goal-row rule: {side} may not enter row {row}", side=barred, row=row))
        for c in COLOURS:
            if game.specials(c):  # (the specials by the rules' names: notation)
                held = ", ".join(game.specials(c))
                lines.append(M_("{side} holds {specials}", side=colour(c), specials=held))
        if game.choosing is not None:
            names = ", ".join(c.special for c in game.choices())
            lines.append(
                M_(
                    "{side} chooses a special move: {names}",
                    side=colour(game.choosing),
                    names=names,
                )
            )
        return lines


#: a role label of a row's lines: O or D (the side on offence or defence), L, M or S
_ROLE = re.compile(r"\b([OD])([LMS])\b")


def _named(line: str, offence: str) -> str:
    """A row's line with its role labels (a value ``OM``, ``DL``) named by colour and size,
    ``offence`` the colour on offence in that row: a Message rebuilt with its values named
    (its own words untouched); a label inside another text as English names it."""
    defence = COLOURS[1 - COLOURS.index(offence)]
    if isinstance(line, Message):
        values = {
            name: _named(value, offence) if isinstance(value, str) else value
            for name, value in line.values
        }
        return Message(line.msgid, line.plural, line.n, values) if values else line
    label = _ROLE.fullmatch(line)
    if label is not None:
        return pyramid_word(offence if label.group(1) == "O" else defence, label.group(2))

    def english(found: re.Match[str]) -> str:
        side = offence if found.group(1) == "O" else defence
        return f"{side}'s {SIZE_NAMES[SIZE_LETTERS.index(found.group(2))]}"

    return _ROLE.sub(english, line)


def _ball_words(after: PyramidBall) -> Message:
    """Where the ball is after the turn: ``red's Medium on d4 has the ball``, or loose
    (``ball loose on c8 (red on offence)``)."""
    carrier = after.carrier
    square = after.ball_square()
    if carrier is None:
        return M_(
            "ball loose on {square} ({colour} on offence)",
            square=square,
            colour=colour(COLOURS[after._offence]),
        )
    return M_("{pyramid} on {square} has the ball", pyramid=pyramid_word(*carrier), square=square)
