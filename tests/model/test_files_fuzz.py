"""Fuzzing position files: whatever the input, ``files.loads`` returns a document or raises
PositionFormatError, never anything else; and a document that loads comes back the same
through ``dumps`` and ``loads``.

Inputs: valid documents of every game (built here by playing random moves, plus the
repository's ``examples/``) mutated as JSON trees and as text, random bytes, random JSON,
deep nesting, huge numbers and odd unicode. A few thousand cases in CI (about 10 s); set
``PYRAMID_FUZZ=full`` for ten times as many, and see ``tests/bench/fuzz_files.py`` for a long
run that counts failures by kind instead of stopping at the first. The generators take a
``random.Random``, so the benchmark shares them.
"""

from __future__ import annotations

import copy
import json
import math
import os
import pathlib
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pyramid_lab.model import files
from pyramid_lab.model.game import PositionFormatError, game_class, game_names
from pyramid_lab.model.teaching import teaching_for

ROOT = pathlib.Path(__file__).resolve().parents[2]
FULL = os.environ.get("PYRAMID_FUZZ") == "full"


def fuzz(cases: int) -> settings:
    """``cases`` examples in CI (the same ones every run), ten times as many random ones
    under PYRAMID_FUZZ=full."""
    return settings(
        max_examples=cases * 10 if FULL else cases,
        derandomize=not FULL,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# ---- valid documents of every game ---------------------------------------------------------


def _options(cls: type, rng: random.Random) -> dict[str, Any]:
    """Random option values from the game's own specs (small sizes keep replays fast)."""
    options: dict[str, Any] = {}
    for spec in cls.option_specs:
        if spec.choices:
            options[spec.name] = rng.choice(spec.choices)
        elif isinstance(spec.default, bool):
            options[spec.name] = rng.random() < 0.5
        elif isinstance(spec.default, int):
            low = spec.minimum if spec.minimum is not None else 0
            options[spec.name] = rng.randint(low, min(low + 4, spec.maximum or low + 4))
    return options


def _play(game: Any, rng: random.Random, plies: int) -> None:
    for _ in range(plies):
        moves = [] if game.is_over() else game.legal_moves()
        if not moves:
            return
        game.push(rng.choice(moves))


def valid_document(rng: random.Random) -> dict[str, Any]:
    """A document that loads: a random game of a random kind, some moves into it, sometimes
    saved from a set-up, with puzzle texts, a lesson or variations."""
    cls = game_class(rng.choice(game_names()))
    game = cls.new(cls.parse_options(_options(cls, rng)))
    _play(game, rng, rng.randint(0, 12))
    if rng.random() < 0.3:  # continue from a set-up: the history starts from 'pieces'
        to_move, pieces = game.to_move, game.pieces()
        game = cls.from_setup(game.options, to_move, pieces)
        _play(game, rng, rng.randint(1, 4))
    variations = []
    if game.move_stack and rng.random() < 0.3:
        other = game.copy()
        while other.move_stack:
            other.pop()
        _play(other, rng, rng.randint(1, 3))
        if other.move_stack:
            variations.append(list(other.move_stack))
    puzzle = {}
    if rng.random() < 0.3:
        puzzle["title"] = rng.choice(["Seal the apex", "Zug", "☃ ünïcode"])
    lesson = None
    if teaching_for(cls).lesson_overlays and rng.random() < 0.3:
        spec = rng.choice(teaching_for(cls).lesson_overlays)
        value = rng.choice(spec.choices) if spec.choices else True
        lesson = files.Lesson("Look here.", {spec.name: value})
    return files.to_json(game, puzzle, lesson, variations)


EXAMPLES = [json.loads(p.read_text()) for p in sorted((ROOT / "examples").rglob("*.pyr.json"))]


def seed_document(rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.3:
        return copy.deepcopy(rng.choice(EXAMPLES))
    return valid_document(rng)


# ---- mutations --------------------------------------------------------------------------

ODD_TEXT = [
    "",
    " ",
    "\x00",
    "\ud800",  # a lone surrogate (JSON lets it be written as an escape)
    "\udfff\ud800",
    "\ufeff",
    "\u202e",  # right-to-left override
    "e\u0301",
    "🂡" * 3,
    "\uffff",
    "red\x00",
    "RED",
    "ｒｅｄ",  # full-width letters
    "x" * 5000,
]
NAMES = [
    *sorted(files.KEYS),
    "size",
    "version",
    "variant",
    "removal",
    "last_stones_lose",
    "no_push_back",
    "caption",
    "overlays",
    "walls",
    "region",
    "title",
    "__proto__",
]
#: Puzzle goals: the short form with odd numbers (5,000 digits was a ValueError out of
#: int()), odd sides and objects with odd counts.
ODD_GOALS = [
    "red wins in 2",
    "white wins in 1 move",
    "black wins in 0",
    "red wins in 101",
    "blue wins in " + "9" * 5000,
    "red wins in " + "1" * 4301,
    "red wins in ٣",  # an Arabic-Indic three
    "red wins in -1",
    {"side": "red", "within": 10**30},
    {"side": "black", "within": 2.0},
    {"side": "white", "result": "win", "within": 3},
]
WORDS = [*game_names(), "red", "blue", "white", "black", "pieces", "pass", "1,1,0", "a7-a5", "SW"]


def random_scalar(rng: random.Random) -> Any:
    kind = rng.randrange(9)
    if kind == 0:
        return rng.randint(-3, 8)
    if kind == 1:
        return rng.choice([-(2**63), 2**63, 10**30, -1, 0, 1, 2, 5, 12, 51, 100, 10**6])
    if kind == 2:
        return rng.choice([0.5, -0.0, 1e308, 2.0, 1e-300, 3.0])
    if kind == 3:
        return rng.choice([True, False, None])
    if kind == 4:
        return rng.choice(ODD_TEXT)
    if kind == 5:
        return rng.choice(NAMES)
    return rng.choice(WORDS)


def random_json(rng: random.Random, depth: int = 0) -> Any:
    if depth > 3 or rng.random() < 0.6:
        return random_scalar(rng)
    if rng.random() < 0.5:
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(5))]
    keys = rng.sample(NAMES + ODD_TEXT[:6], rng.randrange(4))
    return {k: random_json(rng, depth + 1) for k in keys}


def _containers(node: Any) -> list[Any]:
    """Every dict and list in the tree."""
    found, stack = [], [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            found.append(item)
            stack.extend(item)
    return found


def mutate_tree(doc: Any, rng: random.Random) -> Any:
    """One random change somewhere in the tree (in place where possible); the new root."""
    containers = _containers(doc)
    if not containers or rng.random() < 0.02:
        return random_json(rng)
    node = rng.choice(containers)
    keys = list(node) if isinstance(node, dict) else list(range(len(node)))
    op = rng.randrange(9)
    if op == 0 and keys:  # replace a value
        node[rng.choice(keys)] = random_json(rng)
    elif op == 1 and keys:  # delete
        del node[rng.choice(keys)]
    elif op == 2:  # add a key or an element
        if isinstance(node, dict):
            node[rng.choice(NAMES + ODD_TEXT)] = random_json(rng)
        else:
            node.insert(rng.randint(0, len(node)), random_json(rng))
    elif op == 3 and isinstance(node, list) and node:  # duplicate an element (a piece twice)
        node.append(copy.deepcopy(rng.choice(node)))
    elif op == 4 and keys:  # nudge a number
        key = rng.choice(keys)
        if isinstance(node[key], int) and not isinstance(node[key], bool):
            node[key] += rng.choice([-1, 1, -100, 10**9])
    elif op == 5 and isinstance(node, list) and len(node) > 1:  # swap
        a, b = rng.sample(range(len(node)), 2)
        node[a], node[b] = node[b], node[a]
    elif op == 6 and keys:  # change a value's type
        key = rng.choice(keys)
        value = node[key]
        node[key] = rng.choice([str(value), [value], {"x": value}, None])
    elif op == 7 and isinstance(node, list) and node:  # truncate
        del node[rng.randrange(len(node)) :]
    elif op == 8 and keys:  # the same value from elsewhere in the file
        other = rng.choice(containers)
        other_keys = list(other) if isinstance(other, dict) else list(range(len(other)))
        if other_keys:
            node[rng.choice(keys)] = copy.deepcopy(other[rng.choice(other_keys)])
    return doc


def mutate_text(text: str, rng: random.Random) -> str | bytes:
    """A change to the file's text or bytes."""
    op = rng.randrange(10)
    at = rng.randint(0, len(text))
    if op == 0:  # delete a stretch
        return text[:at] + text[at + rng.randint(1, 20) :]
    if op == 1:  # insert a character
        return text[:at] + rng.choice('{}[]",:0-9e.\\ \n') + text[at:]
    if op == 2:  # truncate
        return text[:at]
    if op == 3:  # deep nesting where a value goes
        depth = rng.choice([10, 100, 500, 999, 1000, 2000, 5000])
        opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
        nest = opener * depth + ("0" if opener != "[" else "") + closer * depth
        return _replace_a_value(text, nest, rng)
    if op == 4:  # a huge number
        digits = rng.choice([20, 101, 4300, 4301, 6000])
        return _replace_a_value(text, rng.choice(["", "-"]) + "7" * digits, rng)
    if op == 5:  # odd unicode escapes or raw characters
        odd = rng.choice(['"\\ud800"', '"\\u0000"', '"\\udc00\\ud800"', '"\u202e"', '"\\uffff"'])
        return _replace_a_value(text, odd, rng)
    if op == 6:  # bytes that are not UTF-8, a byte order mark, an overlong encoding
        raw = text.encode("utf-8", "surrogatepass")
        odd = rng.choice([b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\xef\xbb\xbf", b"\x00"])
        at = rng.randint(0, len(raw))
        return raw[:at] + odd + raw[at:]
    if op == 7:  # a key given twice
        first = text.find("{")
        key = rng.choice(NAMES)
        return text[: first + 1] + json.dumps(key) + ": 1, " + text[first + 1 :]
    if op == 8:  # NaN, Infinity and friends
        return _replace_a_value(text, rng.choice(["NaN", "Infinity", "-Infinity", "1e999"]), rng)
    return text.encode(rng.choice(["utf-16", "utf-32", "utf-8-sig", "latin-1"]), "replace")


def _replace_a_value(text: str, new: str, rng: random.Random) -> str:
    """``new`` in place of a random value (after a random colon or comma)."""
    spots = [i for i, ch in enumerate(text) if ch in ":,["]
    if not spots:
        return new
    at = rng.choice(spots) + 1
    end = at
    while end < len(text) and text[end] not in ",]}":
        end += 1
    return text[:at] + " " + new + text[end:]


def mutated_document(rng: random.Random) -> str | bytes:
    """A valid document changed once to a few times, as a tree, then maybe as text."""
    doc = seed_document(rng)
    if rng.random() < 0.1:  # a puzzle goal, often in the short form
        doc.setdefault("puzzle", {})["goal"] = copy.deepcopy(rng.choice(ODD_GOALS))
    for _ in range(rng.choice([0, 1, 1, 1, 2, 3])):
        doc = mutate_tree(doc, rng)
    text = json.dumps(doc, indent=rng.choice([None, 2]), ensure_ascii=rng.random() < 0.5)
    if rng.random() < 0.4:
        return mutate_text(text, rng)
    return text


def check_mutated_book(shipped: str, rng: random.Random, read: Callable[[Any], Any]) -> None:
    """A book file (``shipped``, its text) changed as position files are fuzzed here:
    ``read(path)`` reads it or refuses it with one PositionFormatError naming the file,
    never anything else (a RecursionError once escaped for deep nesting)."""
    import tempfile

    if rng.random() < 0.5:
        text = mutate_text(shipped, rng)
    else:
        text = json.dumps(mutate_tree(json.loads(shipped), rng))
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "book.json"
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
        message = f"{path}: "
        try:
            read(path)
        except PositionFormatError as exc:
            message = str(exc)
    assert message.startswith(f"{path}: ")


GENERATORS: dict[str, Callable[[random.Random], str | bytes]] = {
    "mutated document": mutated_document,
    "random JSON": lambda rng: json.dumps(random_json(rng)),
    "random bytes": lambda rng: rng.randbytes(rng.randrange(200)),
    "valid document": lambda rng: json.dumps(valid_document(rng)),
}


# ---- the property -----------------------------------------------------------------------


def _summary(doc: files.PositionDocument) -> tuple[Any, ...]:
    game = doc.game
    return (
        game.name,
        sorted(game.pieces()),
        game.to_move,
        [str(m) for m in game.move_stack],
        doc.puzzle,
        doc.lesson,
        [[str(m) for m in line] for line in doc.variations],
        None if doc.review is None else doc.review.to_json(),
    )


def check(text: str | bytes) -> str:
    """'refused' or 'loaded'; anything but PositionFormatError escapes, as does a round
    trip that changes the document or a save that writes what is then refused (load,
    save, load again: AssertionError)."""
    try:
        doc = files.loads(text)
    except PositionFormatError:
        return "refused"
    saved = files.dumps(doc.game, doc.puzzle, doc.lesson, doc.variations, doc.review)
    try:
        again = files.loads(saved)
    except PositionFormatError as exc:
        raise AssertionError(f"a document loaded, and its save is refused: {exc}") from None
    assert _summary(again) == _summary(doc), "the round trip changed the document"
    return "loaded"


# ---- the tests --------------------------------------------------------------------------

#: A random.Random seeded by hypothesis (the same seeds every run): each of its draws is
#: Python's, where a hypothesis-driven Random made each one a draw of hypothesis's own (a
#: third of a case's processor time, for thousands of draws a document).
seeds = st.randoms(use_true_random=True)


@fuzz(200)
@given(seeds)
def test_valid_documents_load_and_round_trip(rng):
    assert check(json.dumps(valid_document(rng))) == "loaded"


@fuzz(1200)
@given(seeds)
def test_mutated_documents(rng):
    check(mutated_document(rng))


@fuzz(300)
@given(st.binary(max_size=300))
def test_random_bytes(data):
    check(data)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)

# Big boards are slow to build (a base-50 lattice takes over a second), not to check.
option_values = json_values.filter(lambda v: not (isinstance(v, int) and 12 < v <= 50))


@fuzz(150)
@given(
    st.fixed_dictionaries(
        {
            "format": st.just(files.FORMAT) | json_values,
            "game": st.sampled_from(game_names()) | json_values,
            "options": st.dictionaries(st.sampled_from(NAMES), option_values, max_size=3),
            "to_move": st.sampled_from(WORDS) | json_values,
            "pieces": st.lists(
                st.lists(st.integers(-2, 7) | json_values, max_size=4) | json_values, max_size=6
            ),
        },
        optional={key: json_values for key in ("history", "start", "study", "puzzle", "lesson")},
    )
)
def test_documents_of_random_values(raw):
    check(json.dumps(raw))


@fuzz(150)
@given(st.integers(1, 6000), st.sampled_from(["[", '{"a":', '{"format":[']), seeds)
def test_deep_nesting(depth, opener, rng):
    closer = "]" if opener == "[" else "]}" if opener.endswith("[") else "}"
    inner = "" if opener == "[" else "0"
    check(opener * depth + inner + closer * depth)
    check(_replace_a_value(json.dumps(valid_document(rng)), "[" * depth + "]" * depth, rng))


@fuzz(150)
@given(
    st.one_of(
        st.floats(allow_nan=False, allow_infinity=False).map(repr),
        st.sampled_from(["1e400", "-1e400", "1e309", "2e308", "1.8e308", "9" * 400 + ".0"]),
    ),
    seeds,
)
def test_a_document_that_loads_saves_what_loads_again(number, rng):
    """Load, save, load again: any number where a value goes, a review's seconds above all
    (1e400 was read as infinity and saved as Infinity, which nothing reads)."""
    doc = valid_document(rng)
    doc["review"] = {"seconds": 0}
    text = json.dumps(doc).replace('"seconds": 0', f'"seconds": {number}')
    check(text)
    check(_replace_a_value(json.dumps(doc), number, rng))
    if not math.isfinite(float(number)):
        assert check(text) == "refused"


@fuzz(150)
@given(st.integers(1, 9000), st.booleans(), seeds)
def test_huge_numbers(digits, negative, rng):
    number = ("-" if negative else "") + "9" * digits
    check(_replace_a_value(json.dumps(valid_document(rng)), number, rng))


@fuzz(300)
@given(st.text(st.characters(exclude_categories=()), max_size=12), seeds)
def test_odd_unicode_in_keys_and_values(text, rng):
    doc = valid_document(rng)
    node = rng.choice(_containers(doc))
    if isinstance(node, dict):
        node[text] = text
    else:
        node.append(text)
    check(json.dumps(doc, ensure_ascii=rng.random() < 0.5))
    for key in list(doc):
        mutated = dict(doc)
        mutated[key] = text
        check(json.dumps(mutated))


@fuzz(100)
@given(
    st.text(min_size=1, max_size=12).filter(lambda name: name not in game_names()),
    st.dictionaries(st.sampled_from(sorted(files.KEYS - {"format", "game"})), json_values),
)
def test_an_unknown_game_is_said_first_whatever_else_is_there(name, rest):
    text = json.dumps({**rest, "format": files.FORMAT, "game": name})
    assume("Infinity" not in text and "NaN" not in text)  # not JSON: said as such
    with pytest.raises(PositionFormatError, match=r"^game: unknown game "):
        files.loads(text)


@fuzz(50)
@given(st.text(alphabet=" \t\r\n", max_size=20))
def test_a_file_of_nothing_or_white_space_is_called_empty(text):
    with pytest.raises(PositionFormatError, match=r"^the file is empty"):
        files.loads(text)
