"""Position texts: a position of any game in one line, as FEN writes a chess position, to
paste into a forum, an issue, a test or a command line (``docs/file-formats.md``, "Position
texts")::

    partition size=3,version=floating r2/3/3|2/2|1 blue

The line is fields parted by single spaces: the game, its options (every one, written
``name=value`` and parted by commas; a reader takes those left out at their defaults, and
``-`` for none given), the board (each game's own: :mod:`model.partition.text` and the
others), the side to move, then the game's own ``name=value`` fields and ``study`` for a
study. The history is left out, as FEN leaves it out: what a position needs of it (the
Pyramid Ball's scores and special moves, Rolling Pyramids' dice and sheets, the pusher
Allmer's Pyramid may not push back) is written; what only counts repetitions is not.

:func:`position_text` writes one and :func:`read_position_text` reads it back through the
game's own set-up check (:meth:`Game.from_setup` or the file ``state``'s reader), so a text
admits exactly the positions a position file does. A text that is not one raises
:class:`PositionTextError` (a PositionFormatError, so a ValueError) naming the character
where it goes wrong and what is wrong there.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pyramid_lab.i18n import M_, number, shown

from .game import Game, PositionFormatError, game_class, game_names, quote
from .textcodec import Field, PositionTextError, TextCodec, TextFields
from .words import colour

#: The longest text read: a base-50 Partition with every point filled and Rolling
#: Pyramids' richest state stay far below it.
MAX_TEXT = 200_000

# ---- writing ---------------------------------------------------------------------------


def position_text(game: Game) -> str:
    """``game``'s position in one line (see the module's docstring)."""
    board, named = codec_for(game.name).write(game)
    parts = [game.name, write_options(game.options.to_json()), board, game.to_move, *named]
    if game.study:
        parts.append("study")
    return " ".join(parts)


def write_options(options: Mapping[str, Any]) -> str:
    """``name=value`` for each option, parted by commas (``-`` for none)."""
    if not options:
        return "-"
    return ",".join(f"{name}={_option_value(value)}" for name, value in options.items())


def _option_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# ---- reading ---------------------------------------------------------------------------

_NAMED = re.compile(r"([a-z_]+)=(.*)", re.DOTALL)
#: White space other than a space (``\s`` is ``str.isspace``): a line break, a tab.
_NOT_A_SPACE = re.compile(r"[^\S ]")


def read_position_text(text: str) -> Game:
    """The position written ``text`` (:func:`position_text`'s line; spaces around it are
    let be); PositionTextError (a ValueError) naming the character where it goes wrong."""
    if not isinstance(text, str):
        raise TypeError(f"a position text is a str, not {quote(text)}")
    if len(text) > MAX_TEXT:
        raise PositionTextError(
            MAX_TEXT, M_("too long: a position text is at most {count}", count=number(MAX_TEXT))
        )
    lead = len(text) - len(text.lstrip())
    line = Field(text.strip(), lead)
    if not line.text:
        raise PositionTextError(0, M_("empty: a position text starts with the game's name"))
    found = _NOT_A_SPACE.search(line.text)
    if found is not None:
        bad = found.start()
        raise line.fail(
            M_(
                "{character}: a position text is one line, fields parted by spaces",
                character=quote(line.text[bad]),
            ),
            bad,
        )
    fields = [f for f in line.split(" ")]
    empty = next((f for f in fields if not f.text), None)
    if empty is not None:
        raise empty.fail(M_("two spaces: fields are parted by one space"))
    cls = _game(fields[0])
    if len(fields) < 4:
        at = fields[-1].start + len(fields[-1].text)
        need = (M_("its options"), M_("its board"), M_("the side to move"))[len(fields) - 1]
        raise PositionTextError(
            at, M_("the text ends before {need} ({shape})", need=need, shape=_SHAPE)
        )
    options = _options(cls, fields[1])
    to_move = _side(cls, options, fields[3])
    named: dict[str, Field] = {}
    study = False
    for field in fields[4:]:
        if field.text == "study" and not study:
            study = True
            continue
        match = _NAMED.fullmatch(field.text)
        if match is None:
            raise field.fail(
                M_(
                    "{field} is no field: after the side to move come name=value fields and "
                    "'study'",
                    field=quote(field.text),
                )
            )
        if match.group(1) in named:
            raise field.fail(M_("{name} is given twice", name=match.group(1)))
        named[match.group(1)] = field.part(match.end(1) + 1)
    parts = TextFields(fields[2], to_move, fields[3], named, study)
    game = codec_for(cls.name).read(cls, options, parts)
    if parts.named:
        name, field = next(iter(parts.named.items()))
        raise Field(name, field.start - len(name) - 1).fail(
            M_("{game} has no field {name}", game=cls.title, name=quote(name))
        )
    return game


_SHAPE = "GAME OPTIONS BOARD SIDE [FIELDS]"


def _game(field: Field) -> type[Game]:
    try:
        return game_class(field.text)
    except KeyError:
        known = ", ".join(game_names())
        raise field.fail(
            M_("{name} is no game; the games: {known}", name=quote(field.text), known=known)
        ) from None


def _options(cls: type[Game], field: Field) -> Any:
    raw: dict[str, object] = {}
    if field.text != "-":
        for part in field.split(","):
            name, equals, value = part.text.partition("=")
            if not equals or not name:
                raise part.fail(
                    M_("{text}: an option is written name=value", text=quote(part.text))
                )
            if name in raw:
                raise part.fail(M_("the option {name} is given twice", name=name))
            raw[name] = _typed(value)
    try:
        return cls.parse_options(raw)
    except PositionFormatError as exc:
        at = _option_at(field, exc.key.removeprefix("options.").removeprefix("options"))
        reason = M_("{key}: {reason}", key=exc.key, reason=exc.reason) if exc.key else exc.reason
        raise at.fail(reason) from None


def _typed(value: str) -> object:
    """An option's value as its kind: true/false, a whole number, else the text."""
    if value in ("true", "false"):
        return value == "true"
    if re.fullmatch(r"-?\d{1,9}", value):
        return int(value)
    return value


def _option_at(field: Field, name: str) -> Field:
    """The part of the options field that gives ``name`` (else the whole field)."""
    for part in field.split(","):
        if name and part.text.partition("=")[0] == name:
            return part
    return field


def _side(cls: type[Game], options: Any, field: Field) -> str:
    players = cls.players_for(options)
    if field.text in players:
        return field.text
    raise field.fail(
        M_(
            "{name} is not a player; {game}'s: {players}",
            name=quote(field.text),
            game=cls.title,
            players=", ".join(players),
        )
    )


# ---- the games' codecs --------------------------------------------------------------------


def codec_for(name: str) -> TextCodec:
    """The position-text codec of the lab's game ``name`` (each beside its rules)."""
    match name:
        case "ball":
            from .ball import text as ball

            return ball.CODEC
        case "partition":
            from .partition import text as partition

            return partition.CODEC
        case "pyraos":
            from .pyraos import text as pyraos

            return pyraos.CODEC
        case "rolling":
            from .rolling import text as rolling

            return rolling.CODEC
        case "terrace":
            from .terrace import text as terrace

            return terrace.CODEC
    raise KeyError(f"{quote(name)} has no position text")


def board_text(game: Game, *, symbols: bool = False) -> str:
    """``game``'s position as a text board that a terminal shows whole (``print(pos)``, as
    python-chess prints a board), its game's own drawing (beside its codec), and under it
    who is to move or how the game ended; ``symbols``: Unicode's ● ○ · for the letters."""
    try:
        drawn = codec_for(game.name).board(game, symbols)
    except KeyError:  # a game without a text of its own: its pieces listed
        drawn = "\n".join(f"{list(c)} {colour}" for c, colour in sorted(game.pieces()))
    outcome = game.outcome()
    said = (
        outcome.describe()
        if outcome is not None
        else M_("{side} to move", side=colour(game.to_move))
    )
    return f"{drawn}\n{shown(said)}"  # (its words in the script's language: i18n.use)
