"""Pyramid Ball's report of one turn's resolution (:func:`model.ball.rules.resolve_turn`
makes it): each row's pyramids, pass and events, and the turn's end, in words and as JSON.
Frozen values, no game state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


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
        line = f"pass {self.source}->{self.target}"
        if self.interceptor:
            return f"{line} intercepted by {self.interceptor}"
        crossed = ", ".join(self.crossed) if self.crossed else "no square"
        return f"{line} complete ({self.passer} to {self.receiver}; crosses {crossed})"

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
                out.append(f"{p.pyramid} {p.source}->{p.end}")
            elif p.outcome == "pushed":
                out.append(f"{p.pyramid} pushed {p.source}->{p.end} by {p.pushed_by}")
            elif p.outcome == "blocked":
                out.append(f"{p.pyramid} blocked: {p.reason}")
        out += list(self.events)
        return out or ["nothing moves"]

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
        parts = [f"{event}: {scorer} scores" for event, scorer in points] or ["no score"]
        if self.ball is not None:
            parts.append(f"the ball lies loose on {self.ball}")
        if self.recovered is not None:
            parts.append(f"{self.recovered.replace(' on ', ' recovers the ball on ')}")
        return "; ".join(parts)

    def lines(self) -> list[str]:
        """A line a row; where a tackle or interception swapped the roles within the turn,
        each row says who was on offence (its O and D labels follow)."""
        swapped = any(row.offence not in (None, self.offence) for row in self.rows)
        return [
            f"row {row.name}"
            + (f" ({row.offence} on offence)" if swapped and row.offence else "")
            + f": {'; '.join(row.lines())}"
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
