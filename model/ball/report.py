"""Pyramid Ball's report of one turn's resolution (:func:`model.ball.turn.resolve_turn`
makes it): each row's pyramids, pass and events, and the turn's end, in words and as JSON.
Frozen values, no game state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyramid_lab.i18n import M_

from ..words import colour, joined


@dataclass(frozen=True, slots=True)
class PyramidRow:
    """What one pyramid tried in one row and what happened.

    ``outcome``: ``moved``, ``pushed`` (shifted by a defender's push, ``pushed_by``),
    ``blocked`` (its move failed now: ``reason``), ``stood`` (Stand, or blocked earlier),
    ``passed`` (stood and passed). ``entry`` is the program's entry, ``direction`` the
    absolute one (N, S, E, W) or None."""

    pyramid: str  # "OM", "DL"
    colour: str
    size: str  # "L", "M", "S"
    entry: str
    direction: str | None
    outcome: str
    reason: str
    source: str
    target: str | None
    end: str
    pushed_by: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


@dataclass(frozen=True, slots=True)
class PassLine:
    """A pass: passer and receiver, their squares, the squares crossed (nearest the passer
    first) and the interceptor, if any."""

    passer: str
    receiver: str
    source: str
    target: str
    crossed: tuple[str, ...]
    interceptor: str | None
    complete: bool

    def describe(self) -> str:
        line = f"{self.source}->{self.target}"
        if self.interceptor:
            return M_("pass {line} intercepted by {pyramid}", line=line, pyramid=self.interceptor)
        if not self.crossed:
            return M_(
                "pass {line} complete ({passer} to {receiver}; crosses no square)",
                line=line,
                passer=self.passer,
                receiver=self.receiver,
            )
        return M_(
            "pass {line} complete ({passer} to {receiver}; crosses {squares})",
            line=line,
            passer=self.passer,
            receiver=self.receiver,
            squares=", ".join(self.crossed),
        )

    def to_json(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self.__slots__}
        data["crossed"] = list(self.crossed)
        return data


@dataclass(frozen=True, slots=True)
class RowReport:
    """One row: its name ("1", "1b" in a Blitz, "4" for the Dash), each pyramid's line,
    the pass, the events (tackle, goal, interception, in words) and the pieces after the
    row as ``(square, colour, size letter, carries the ball)``."""

    name: str
    pyramids: tuple[PyramidRow, ...]
    pass_line: PassLine | None
    events: tuple[str, ...]
    after: tuple[tuple[str, str, str, bool], ...]
    ball: str | None = None  # the loose ball's square after the row (None: carried)
    #: The colour on offence while the row's steps were judged (the O of its labels):
    #: after a tackle or interception that plays on, the roles swap within the turn.
    offence: str | None = None

    def lines(self) -> list[str]:
        out = []
        if self.pass_line is not None:
            out.append(self.pass_line.describe())
        for p in self.pyramids:
            if p.outcome == "moved":
                # TRANSLATORS: a pyramid's step in a row: its label (OM) or name, and squares
                out.append(M_("{pyramid} {line}", pyramid=p.pyramid, line=p.source + "->" + p.end))
            elif p.outcome == "pushed":
                out.append(
                    M_(
                        "{pyramid} pushed {line} by {other}",
                        pyramid=p.pyramid,
                        line=p.source + "->" + p.end,
                        other=str(p.pushed_by),
                    )
                )
            elif p.outcome == "blocked":
                out.append(M_("{pyramid} blocked: {reason}", pyramid=p.pyramid, reason=p.reason))
        out += list(self.events)
        return out or [M_("nothing moves")]

    def to_json(self) -> dict[str, Any]:
        return {
            "row": self.name,
            "pyramids": [p.to_json() for p in self.pyramids],
            "pass": self.pass_line.to_json() if self.pass_line else None,
            "events": list(self.events),
            "after": [list(p) for p in self.after],
            "ball": self.ball,
            "offence": self.offence,
            "explanation": self.lines(),
        }


@dataclass(frozen=True, slots=True)
class TurnReport:
    """A whole turn, row by row, and how it ended: ``offence`` the colour on offence when
    it began; ``event`` is ``tackle``, ``goal``, ``interception`` or None and ``scorer``
    the colour that scored (the first point: ``points`` has them all); ``blocked`` the
    pyramids blocked at the end of the turn, labelled by the roles it began with."""

    offence: str
    rows: tuple[RowReport, ...]
    event: str | None
    scorer: str | None
    blocked: tuple[str, ...]
    ball: str | None = None  # the loose ball's square at the end (None: carried)
    recovered: str | None = None  # "DM on c8": the defender that recovered the loose ball
    #: Every point of the turn in order, (event, scoring colour): after a tackle or an
    #: interception the turn may go on and score again (``event``/``scorer``: the first).
    points: tuple[tuple[str, str], ...] = ()

    def describe(self) -> str:
        points = self.points or (((self.event, self.scorer),) if self.event else ())
        parts = [_scored(event, str(scorer)) for event, scorer in points] or [M_("no score")]
        if self.ball is not None:
            parts.append(M_("the ball lies loose on {square}", square=self.ball))
        if self.recovered is not None:
            pyramid, _on, square = self.recovered.partition(" on ")
            parts.append(
                M_("{pyramid} recovers the ball on {square}", pyramid=pyramid, square=square)
            )
        return joined(parts)

    def lines(self) -> list[str]:
        """A line a row; where a tackle or interception swapped the roles within the turn,
        each row says who was on offence (its O and D labels follow)."""
        swapped = any(row.offence not in (None, self.offence) for row in self.rows)
        return [
            M_(
                "row {row} ({colour} on offence): {lines}",
                row=row.name,
                colour=colour(row.offence),
                lines=joined(row.lines()),
            )
            if swapped and row.offence
            else M_("row {row}: {lines}", row=row.name, lines=joined(row.lines()))
            for row in self.rows
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "offence": self.offence,
            "rows": [row.to_json() for row in self.rows],
            "event": self.event,
            "scorer": self.scorer,
            "blocked": list(self.blocked),
            "ball": self.ball,
            "recovered": self.recovered,
            "points": [{"event": e, "scorer": c} for e, c in self.points],
        }


def _scored(event: str, scorer: str) -> str:
    """A point of the turn in words ("goal: red scores")."""
    if event == "goal":
        return M_("goal: {colour} scores", colour=colour(scorer))
    if event == "tackle":
        return M_("tackle: {colour} scores", colour=colour(scorer))
    if event == "interception":
        return M_("interception: {colour} scores", colour=colour(scorer))
    return M_("{event}: {colour} scores", event=event, colour=colour(scorer))
