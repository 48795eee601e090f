"""Pyramid Ball's teaching companion: how a turn played out row by row, the score and where
the ball ends, and a teacher's lines about the position. The rules are
:class:`model.ball.PyramidBall`'s."""

from __future__ import annotations

import re
from typing import Any

from pyramid_lab.i18n import M_, Message

from ..game import Move, Outcome
from ..teaching import Teaching, describe_result, register_teaching
from . import PyramidBall
from .rules import COLS, GOAL_ROW, SIZE_LETTERS, SIZE_NAMES
from .state import COLOURS


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
        row."""
        after = game.copy()
        after.push(move)
        report = after.last_effect()
        if report is None:  # a special move's choice: nothing moved
            return super().explain_move(game, move)
        rows = []
        for row in report.rows:  # the rows' role labels (OM, DL) named: red's Medium
            offence = row.offence or report.offence
            defence = COLOURS[1 - COLOURS.index(offence)]

            def named(match: re.Match[str], offence: str = offence, defence: str = defence) -> str:
                side = offence if match.group(1) == "O" else defence
                return f"{side}'s {SIZE_NAMES[SIZE_LETTERS.index(match.group(2))]}"

            said = [re.sub(r"\b([OD])([LMS])\b", named, line) for line in row.lines()]
            if said != ["nothing moves"]:
                rows.append(f"row {row.name}: {'; '.join(said)}")
        parts = rows or ["nothing moves in any row"]
        parts.append(report.describe())
        parts.append(
            after.ball_text().removeprefix("ball: ") + " has the ball"
            if after.carrier is not None
            else after.ball_text()
        )
        carrier = after.carrier
        if carrier is not None and not after.is_over():
            side = COLOURS.index(carrier[0])
            rows_left = abs(after._pos[after._carrier] // COLS - GOAL_ROW[side])
            if rows_left:
                parts.append(
                    f"{rows_left} row{'s' if rows_left > 1 else ''} short of {carrier[0]}'s "
                    f"goal row, row {GOAL_ROW[side] + 1}"
                )
        if after.is_over():
            parts.append(f"the game ends: {describe_result(after)}")
        return "; ".join(parts)

    def summary_extras(self, game: PyramidBall) -> dict[str, Any]:
        return {
            **game._standing_json(),
            "programs": {c: len(game.program_space(i)) for i, c in enumerate(COLOURS)}
            if not game.is_over() and not game._choosing
            else {c: 0 for c in COLOURS},
        }

    def explain(self, game: PyramidBall) -> list[str]:
        red, blue = game._scores
        lines = [
            f"score red {red} - blue {blue} (first to {game._options.target})",
            game.ball_text(),
        ]
        if game._barred is not None:
            row = GOAL_ROW[game._barred] + 1
            lines.append(f"goal-row rule: {game.goal_row_barred} may not enter row {row}")
        for c in COLOURS:
            if game.specials(c):
                lines.append(f"{c} holds {', '.join(game.specials(c))}")
        if game.choosing is not None:
            names = ", ".join(c.special for c in game.choices())
            lines.append(f"{game.choosing} chooses a special move: {names}")
        return lines
