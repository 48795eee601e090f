"""Pyramid Ball's words and planned tracks, without Qt (the window's Turn and Program docks,
the status bar and the classroom's page use them): a pyramid's name, a special move's
choice, a replayed row's lines, the tracks a program plans, and the sentences the UI's
words say (:class:`~viewer.games.ball.BallUI`: the status line, a turn played, the form)."""

from __future__ import annotations

import re

from pyramid_lab.i18n import M_, N_
from pyramid_lab.model.ball import (
    COLOURS,
    Program,
    PyramidBall,
    relative_direction,
)
from pyramid_lab.model.ball.report import RowReport
from pyramid_lab.model.ball.rules import MOVES, PASSES, parse_square, step
from pyramid_lab.model.words import colour as side_word
from pyramid_lab.model.words import joined

from ...lab.frame import Path
from ...lab.outcome_words import word

SIZE_NAMES = (N_("Large"), N_("Medium"), N_("Small"))
#: A ball put in a sentence as a word (``viewer.lab.outcome_words.word``; a Pyramid
#: Partition ball too, ``piece_word`` without its s: declared here, the game of that name).
BALL_WORD = N_("ball")
#: The ball's carrier in the status line, by its size (whole sentences: a translator says
#: "{side}'s Medium" in the language's way).
CARRIED = (
    N_("ball: {side} Large on {square}"),
    N_("ball: {side} Medium on {square}"),
    N_("ball: {side} Small on {square}"),
)
#: The special moves held, as the status line names them, by the rules' name.
SPECIAL_NAMES = {
    # TRANSLATORS: Pyramid Ball's special moves in the status line ("red holds dash, blitz")
    "dash": N_("dash"),
    "quick_pass": N_("quick pass"),
    "blitz": N_("blitz"),
}
#: What the form's entries mean, under it (the Program dock's words, docs/pyramid-ball.md).
FORM_KEY = M_(
    "Entries: F forward, B back, L left, R right (each as the pyramid's player sees it), "
    "S stand; >L, >M, >S: a pass, the carrier stands and passes the ball to that pyramid "
    "of its side (the Large, the Medium, the Small): only the carrier, once a turn, in "
    "row 2 or 3 (row 1 with Quick Pass)."
)


#: A pyramid by its side and size ("red Large"), as a word put in a sentence.
PYRAMID_NAMES = (N_("{side} Large"), N_("{side} Medium"), N_("{side} Small"))


def pyramid_words(colour: str, size: str) -> str:
    """``colour``'s pyramid of ``size`` (L, M, S) in words: a Message ("red Large")."""
    return M_(PYRAMID_NAMES["LMS".index(size)], side=side_word(colour))


#: The special moves by their rules' titles, as words (each language keeps the names).
SPECIAL_SHOWN = {"dash": N_("Dash"), "quick_pass": N_("Quick Pass"), "blitz": N_("Blitz")}


def choice_text(game: PyramidBall) -> str:
    """What a special move's choice asks, for the status bar and the Turn dock: a Message,
    said in each reader's language (issue 108: English in every language before)."""
    names = joined([word(SPECIAL_SHOWN[c.special]) for c in game.choices()], ", ")
    chooser = str(game.choosing)
    more = game.choices_pending(chooser)
    if more > 1:
        return M_(
            "{side} was scored on and chooses a special move to keep (the first of {count}): "
            "{moves}",
            side=side_word(chooser),
            count=more,
            moves=names,
        )
    return M_(
        "{side} was scored on and chooses a special move to keep: {moves}",
        side=side_word(chooser),
        moves=names,
    )


#: A replayed row's line of one pyramid, by its outcome: its words and code (OL), what it
#: was told (its entry, and the direction: notation), what happened (whole sentences).
ROW_LINES = {
    # TRANSLATORS: the Turn dock's line of a pyramid in a replayed row: "red Large (OL): F
    # (N): moved d2 -> d3" (the entry, the squares and the codes are notation)
    "moved": N_("{pyramid} ({label}): {entry}: moved {source} -> {end}"),
    "pushed": N_("{pyramid} ({label}): {entry}: pushed {source} -> {end} by {other}"),
    "blocked": N_("{pyramid} ({label}): {entry}: blocked on {end}: {reason}"),
    "passed": N_("{pyramid} ({label}): {entry}: stands on {end} and passes"),
    "stood": N_("{pyramid} ({label}): {entry}: stands on {end}"),
    "stood, why": N_("{pyramid} ({label}): {entry}: stands on {end} ({reason})"),
}


def explain_row(row: RowReport) -> list[str]:
    """One line per pyramid (its entry, what happened, why), the pass and the events:
    Messages, said in each reader's language (issue 108: English in every one before)."""
    lines: list[str] = []
    for p in row.pyramids:
        told = p.entry if p.direction is None else f"{p.entry} ({p.direction})"
        outcome = p.outcome if p.outcome in ROW_LINES else "stood"
        if outcome == "stood" and p.reason:
            outcome = "stood, why"
        values: dict[str, str] = {
            "pyramid": pyramid_words(p.colour, p.size),
            "label": p.pyramid,
            "entry": told,
            "source": p.source,
            "end": p.end,
            "other": str(p.pushed_by),
            "reason": p.reason,
        }
        needed = set(re.findall(r"\{(\w+)\}", ROW_LINES[outcome]))
        lines.append(M_(ROW_LINES[outcome], **{k: v for k, v in values.items() if k in needed}))
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
