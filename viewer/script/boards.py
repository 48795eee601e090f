"""Text boards: a position drawn in characters, whole on a terminal (``print(pos)``, as
python-chess prints a board), in ASCII or with Unicode symbols (``pos.unicode()``).

Each game its own: a pyramid level by level (side by side while they fit in
:data:`WIDTH` columns, else one under another), the terraced board with each empty field's
level, Pyramid Ball's field, Rolling Pyramids' map of hexes. Under the board a line says
who is to move (or how the game ended) and what the game keeps beyond its pieces.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from pyramid_lab.model.game import Game

#: The widest text board laid side by side (a terminal's columns).
WIDTH = 100

_ASCII = {"red": "r", "blue": "b", "white": "w", "black": "b", None: "."}
_UNICODE = {"red": "●", "blue": "○", "white": "○", "black": "●", None: "·"}


def board_text(game: Game, *, symbols: bool = False) -> str:
    """``game``'s position as a text board; ``symbols``: Unicode's ● ○ · for the letters."""
    draw = _DRAWERS.get(game.name, _pieces_list)
    return f"{draw(game, symbols)}\n{_status(game)}"


def _status(game: Game) -> str:
    outcome = game.outcome()
    if outcome is not None:
        return outcome.describe()
    return f"{game.to_move} to move"


# ---- pyramids ----------------------------------------------------------------------------


def _pyramid(game: Game, symbols: bool) -> str:
    size = game.options.size if game.name == "partition" else 4
    marks = _UNICODE if symbols else _ASCII
    at = {tuple(coords): marks[colour] for coords, colour in game.pieces()}
    levels = []
    for k in range(size):
        width = size - k
        rows = [
            " ".join(at.get((i, j, k), marks[None]) for i in range(width)) for j in range(width)
        ]
        levels.append([f"level {k}".ljust(2 * width - 1), *rows])
    return _side_by_side(levels)


def _side_by_side(blocks: list[list[str]]) -> str:
    """Blocks of lines beside each other, tops aligned, while they fit in :data:`WIDTH`;
    one under another otherwise."""
    widths = [max(map(len, block)) for block in blocks]
    if sum(widths) + 3 * (len(blocks) - 1) > WIDTH:
        return "\n\n".join("\n".join(block) for block in blocks)
    height = max(map(len, blocks))
    lines = []
    for row in range(height):
        parts = [
            (block[row] if row < len(block) else "").ljust(width)
            for block, width in zip(blocks, widths, strict=True)
        ]
        lines.append("   ".join(parts).rstrip())
    return "\n".join(lines)


# ---- the terraced board ----------------------------------------------------------------------


def _terrace(game: Game, symbols: bool) -> str:
    from pyramid_lab.model.terrace import LEVEL, SIZE, fid

    marks = _UNICODE if symbols else _ASCII
    at = {tuple(coords): marks[colour] for coords, colour in game.pieces()}
    lines = ["   a b c d e f g"]
    for r in range(SIZE):
        cells = [at.get((r, c)) or str(LEVEL[fid(r, c)]) for c in range(SIZE)]
        lines.append(f"{r + 1}  " + " ".join(cells))
    lines.append("(an empty field shows its level, 0 the rim, 3 the top)")
    return "\n".join(lines)


# ---- Pyramid Ball's field ----------------------------------------------------------------------


def _ball(game: Game, symbols: bool) -> str:
    from pyramid_lab.model.ball import BallPosition
    from pyramid_lab.model.ball.rules import COLS, ROWS, parse_square

    assert isinstance(game, BallPosition)
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
    scores = ", ".join(f"{c} {n}" for c, n in game.scores.items())
    lines.append(f"red L M S, blue l m s, * the ball's carrier; {game.ball_text()}; {scores}")
    return "\n".join(line.rstrip() for line in lines)


# ---- Rolling Pyramids' map ----------------------------------------------------------------------


def _rolling(game: Game, symbols: bool) -> str:
    from pyramid_lab.model.rolling import RollingPyramids

    assert isinstance(game, RollingPyramids)
    holders = {code: (colour, troops, heroes) for (code, troops, heroes), colour in game.pieces()}
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


def _pieces_list(game: Game, symbols: bool) -> str:
    """A game without a drawing of its own: its pieces listed."""
    return "\n".join(f"{list(coords)} {colour}" for coords, colour in sorted(game.pieces()))


_DRAWERS: dict[str, Callable[[Game, bool], str]] = {
    "partition": _pyramid,
    "pyraos": _pyramid,
    "terrace": _terrace,
    "ball": _ball,
    "rolling": _rolling,
}
