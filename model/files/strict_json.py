"""JSON read strictly, for every document of the app: a size limit, no duplicate keys, no
NaN or Infinity, integers of at most 100 digits, nesting checked before it is parsed (no
recursion, however deep)."""

from __future__ import annotations

import json
import math
import re
from typing import Any

from pyramid_lab.i18n import M_, N_, Message, _, format_number, shown

from ..game import PositionFormatError, quote

#: Largest position file read: a full base-50 Partition pyramid with its whole game in the
#: history is about 1.6 MB, so 4 MiB leaves room for texts and is read in a blink.
MAX_FILE_BYTES = 4 * 1024 * 1024


def too_big(size: int, limit: int = MAX_FILE_BYTES, what: str = "position file") -> str:
    """The words of a file ``size`` bytes long refused as too big (over ``limit``)."""
    # (said in the process's language as it is made: its sizes are written with the
    # language's separators, which a Message's English text would lack)
    return _("too big: {size} bytes (a {what} is at most {limit} bytes, {mib})").format(
        size=format_number(size), what=shown(what), limit=format_number(limit), mib=mib(limit)
    )


def not_finite(path: str) -> Message:
    """A document not saved to ``path``: it holds inf or nan, which no reader takes back."""
    return M_(
        "{path}: not saved: the document holds a number that is not finite (inf or nan), "
        "which no position file can hold",
        path=path,
    )


def not_read_back(size: int) -> Message:
    """A document not saved: its ``size`` bytes are more than a position file's read."""
    return M_("not saved, it could not be read back: {reason}", reason=too_big(size))


#: What a file read with the limits is called in its refusals (``what``): words of the catalog.
FILE_WORDS = (
    N_("position file"),
    N_("lesson file"),
    N_("file"),
    N_("checkpoint file"),
    N_("certificate or key file"),
)


def mib(size: int) -> str:
    """``size`` bytes in MiB, in words."""
    return f"{size / 2**20:g} MiB"


def loads_json(
    text: str | bytes, max_bytes: int = MAX_FILE_BYTES, what: str = "position file"
) -> Any:
    """The JSON value of ``text`` read with the limits of position files: at most
    ``max_bytes``, UTF-8, integers of at most a hundred digits, no NaN or Infinity, no key
    twice in an object, no nesting beyond the decoder's stack. PositionFormatError (naming
    no key) on anything else."""
    if len(text) > max_bytes:
        raise PositionFormatError("", too_big(len(text), max_bytes, what))
    if not text.strip():
        raise PositionFormatError(
            "", M_("the file is empty") if not text else M_("the file is empty (only white space)")
        )
    try:
        return json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_reject_constant,
            object_pairs_hook=_unique_keys,
        )
    except UnicodeDecodeError as exc:
        raise PositionFormatError("", M_("not UTF-8 text ({reason})", reason=exc.reason)) from None
    except json.JSONDecodeError as exc:
        raise PositionFormatError(
            "",
            M_(
                "not valid JSON: {problem} at line {line}, column {column}",
                problem=exc.msg.removesuffix(" at"),
                line=exc.lineno,
                column=exc.colno,
            ),
        ) from None
    except RecursionError:
        # Only nesting far beyond the format's (a position file is at most four levels
        # deep) gets here: the decoder ran out of stack.
        raise PositionFormatError("", M_("lists or objects nested too deeply")) from None


def nested_over(text: str, limit: int) -> bool:
    """Whether ``text`` (JSON) nests lists and objects more than ``limit`` deep, found by
    one scan of its brackets outside strings: no recursion, whatever the depth, and linear
    in the text (a string left open runs to the end)."""
    depth = 0
    for token in _BRACKET_OR_STRING.finditer(text):
        bracket = token.group()
        if bracket in "[{":
            depth += 1
            if depth > limit:
                return True
        elif bracket in "]}":
            depth -= 1
    return False


_BRACKET_OR_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)


#: Longest integer literal read; the format's numbers are small coordinates and sizes.
_MAX_INT_DIGITS = 100


def _parse_int(literal: str) -> int:
    digits = len(literal.lstrip("-"))
    if digits > _MAX_INT_DIGITS:
        raise PositionFormatError(
            "",
            M_(
                "a number of {digits} digits (at most {most} are read)",
                digits=digits,
                most=_MAX_INT_DIGITS,
            ),
        )
    return int(literal)


def _parse_float(literal: str) -> float:
    """A number with a fraction or an exponent; one beyond any float (``1e400``, which
    Python would read as infinity, and no save could write back) is refused."""
    value = float(literal)
    if not math.isfinite(value):
        shown = literal if len(literal) <= 20 else f"{literal[:20]}..."
        raise PositionFormatError(
            "", M_("the number {number} is too big to read (beyond any float)", number=shown)
        )
    return value


def _reject_constant(name: str) -> Any:
    raise PositionFormatError("", M_("not valid JSON: {name} is not a JSON number", name=name))


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object, refusing a key given twice (JSON would silently keep only the last)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise PositionFormatError(
                    "", M_("the key {key} is given twice in one object", key=quote(key))
                )
            seen.add(key)
    return obj
