"""Pyramid Ball's words and planned tracks, without Qt (the window's Turn and Program docks,
the status bar and the classroom's page use them): a pyramid's name, a special move's
choice, a replayed row's lines, the tracks a program plans."""

from __future__ import annotations

from pyramid_lab.model.ball import COLOURS, SPECIAL_TITLES, Program, PyramidBall, relative_direction
from pyramid_lab.model.ball.report import RowReport
from pyramid_lab.model.ball.rules import MOVES, PASSES, parse_square, step

from ...lab.frame import Path

SIZE_NAMES = ("Large", "Medium", "Small")


def pyramid_words(colour: str, size: str) -> str:
    return f"{colour} {SIZE_NAMES['LMS'.index(size)]}"


def choice_text(game: PyramidBall) -> str:
    """What a special move's choice asks, for the status bar and the Turn dock."""
    names = ", ".join(SPECIAL_TITLES[c.special] for c in game.choices())
    chooser = str(game.choosing)
    more = game.choices_pending(chooser)
    which = f" (the first of {more})" if more > 1 else ""
    return f"{chooser} was scored on and chooses a special move to keep{which}: {names}"


def explain_row(row: RowReport) -> list[str]:
    """One line per pyramid (its entry, what happened, why), the pass and the events."""
    lines = []
    for p in row.pyramids:
        who = f"{pyramid_words(p.colour, p.size)} ({p.pyramid})"
        told = p.entry if p.direction is None else f"{p.entry} ({p.direction})"
        if p.outcome == "moved":
            what = f"moved {p.source} -> {p.end}"
        elif p.outcome == "pushed":
            what = f"pushed {p.source} -> {p.end} by {p.pushed_by}"
        elif p.outcome == "blocked":
            what = f"blocked on {p.end}: {p.reason}"
        elif p.outcome == "passed":
            what = f"stands on {p.end} and passes"
        else:
            what = f"stands on {p.end}" + (f" ({p.reason})" if p.reason else "")
        lines.append(f"{who}: {told}: {what}")
    if row.pass_line is not None:
        lines.append(row.pass_line.describe())
    lines += list(row.events)
    return lines


def tracks(game: PyramidBall, side: int, program: Program) -> tuple[Path, ...]:
    """The tracks ``program`` plans for ``side``'s pyramids, in the side's colour (each
    alone on the board: a step off the board ends its track), and its pass as a
    "planned-pass" line between the passer's and the receiver's planned squares in that
    row (not yet resolved: it may be intercepted)."""
    colour = COLOURS[side]
    paths = []
    squares: dict[str, list[int]] = {}  # size letter -> its square at the start of each row
    for square, c, size, _ball in game.pyramids():
        if c != colour:
            continue
        k = "LMS".index(size)
        sq = parse_square(square)
        track = [sq * 3 + k]
        at = [sq]
        for row in program.rows:
            entry = row[k]
            if entry in MOVES and sq >= 0:
                direction = relative_direction(colour, entry)
                nxt = step(sq, direction) if direction else -1
                if nxt >= 0:
                    track.append(nxt * 3 + k)
                sq = nxt  # off the board: the track ends there
            at.append(sq)
        squares[size] = at
        if len(track) > 1:
            paths.append(Path(tuple(track), colour))
    for r, row in enumerate(program.rows):
        for k, entry in enumerate(row):
            if entry not in PASSES:
                continue
            passer, receiver = squares.get("LMS"[k]), squares.get(entry[1])
            if passer and receiver and passer[r] >= 0 and receiver[r] >= 0:
                ends = (passer[r] * 3 + k, receiver[r] * 3 + "LMS".index(entry[1]))
                paths.append(Path(ends, "planned-pass"))
    return tuple(paths)
