"""Fuzzing the per-user files (lesson progress, puzzles solved) and the collection index:
whatever bytes or JSON stand in their place, a store either reads them (and a change keeps
what they held), or sets them aside whole beside themselves and tells once, or leaves them
untouched (a newer format) and writes nothing; ``collection.load`` gives a collection or a
PositionFormatError; ``pyramid-lab puzzles`` exits 0 or 2 with one-line messages. Never
another exception, never an earlier file lost (issue 34). A few seconds in CI;
``PYRAMID_FUZZ=full`` runs ten times as many, random ones."""

from __future__ import annotations

import contextlib
import io
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pyramid_lab.model.collection import INDEX, INDEX_FORMAT, PROGRESS_FILE, Entry, Progress, load
from pyramid_lab.model.game import PositionFormatError
from pyramid_lab.model.lesson_progress import LESSON_PROGRESS_FILE, LessonProgress

ROOT = Path(__file__).resolve().parents[2]
PUZZLE = ROOT / "model" / "data" / "puzzles" / "partition" / "floating-3-win-in-1-a.pyr.json"
FULL = os.environ.get("PYRAMID_FUZZ") == "full"
LESSON = Path("/lessons/fuzz.lesson.json")


def fuzz(cases: int) -> settings:
    return settings(
        max_examples=cases * 10 if FULL else cases,
        derandomize=not FULL,
        deadline=None,
        database=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.function_scoped_fixture,
        ],
    )


ODD_TEXT = st.sampled_from(["", "\ud800", "\x00", "a" * 300, "é", "9" * 120, "lessons"])
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
    ODD_TEXT,
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)


def formats(name: str) -> st.SearchStrategy[Any]:
    return st.sampled_from([f"{name}/1", f"{name}/1", f"{name}/2", f"{name}/0", f"{name}/x", name])


def lesson_docs() -> st.SearchStrategy[dict[str, Any]]:
    entry = st.fixed_dictionaries(
        {},
        optional={
            "at": st.one_of(st.integers(0, 50), JSON),
            "done": st.one_of(st.lists(st.integers(0, 50), max_size=5), JSON),
            "more": JSON,
        },
    )
    lessons = st.one_of(st.dictionaries(st.text(max_size=10), entry, max_size=3), JSON)
    return st.fixed_dictionaries(
        {"format": formats("pyramid-lab-lesson-progress"), "lessons": lessons},
        optional={"extra": JSON},
    )


def tick_docs() -> st.SearchStrategy[dict[str, Any]]:
    solved = st.one_of(
        st.dictionaries(st.text(max_size=16), st.text(max_size=10), max_size=4), JSON
    )
    return st.fixed_dictionaries(
        {"solved": solved},
        optional={"format": formats("pyramid-lab-puzzles-solved"), "extra": JSON},
    )


def contents(docs: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[bytes]:
    """The bytes of a file: a document of about the format, cut short or not; any JSON;
    any bytes; nesting of any depth."""
    text = docs.map(lambda d: json.dumps(d).encode("utf-8", "surrogatepass"))
    cut = st.tuples(text, st.floats(0, 1)).map(lambda t: t[0][: int(len(t[0]) * t[1])])
    anything = JSON.map(lambda v: json.dumps(v).encode("utf-8", "surrogatepass"))
    deep = st.integers(1, 5_000).map(lambda n: b"[" * n + b"]" * n)
    return st.one_of(text, text, cut, anything, st.binary(max_size=200), deep)


@pytest.fixture(autouse=True)
def no_fsync(monkeypatch):
    """Writes are not flushed to the disk here (what is fuzzed is the reading): thrice as
    many cases in the same time."""
    monkeypatch.setattr(os, "fsync", lambda _fd: None)


STORES = {
    PROGRESS_FILE: (Progress, tick_docs()),
    LESSON_PROGRESS_FILE: (LessonProgress, lesson_docs()),
}


def check_store(name: str, data: bytes) -> None:
    cls, _ = STORES[name]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        aside = Path(folder) / f"{path.stem}.damaged.json"
        path.write_bytes(data)
        told: list[str] = []
        store = cls(path, tell=told.append)
        assert len(told) <= 1
        if not told:  # read: untouched, and a change keeps what it held
            assert path.read_bytes() == data
            held = json.loads(json.dumps(store.data))
            change(store)
            again = cls(path)
            assert again.take_notice() == ""
            assert ticked(again)
            if isinstance(store, Progress):
                assert held.items() <= again.data.items()
            else:
                assert set(held) <= set(again.data)
        elif "newer Pyramid Lab" in told[0]:  # left alone, never written
            assert store.kept
            with contextlib.suppress(OSError):
                change(store)
            assert path.read_bytes() == data
            assert sorted(os.listdir(folder)) == [name]
        else:  # set aside whole, and a fresh one
            assert "was damaged" in told[0], told
            assert aside.read_bytes() == data
            assert not path.exists()
            assert not store.data
            change(store)
            assert ticked(cls(path))
            assert aside.read_bytes() == data


def change(store: Progress | LessonProgress) -> None:
    if isinstance(store, Progress):
        store.mark(Entry(Path("/p/fuzz.pyr.json"), "t", "g", None, "fuzz-key"))
    else:
        store.record(LESSON, 4, done=3)


def ticked(store: Progress | LessonProgress) -> bool:
    if isinstance(store, Progress):
        return store.is_solved("fuzz-key")
    return 3 in store.done(LESSON) and store.at(LESSON) == 4


DEEP = b"[" * 100_000 + b"]" * 100_000


@fuzz(100)
@given(data=contents(tick_docs()))
@example(data=DEEP)
def test_any_ticks_file_is_read_or_set_aside_never_lost(data):
    check_store(PROGRESS_FILE, data)


@fuzz(100)
@given(data=contents(lesson_docs()))
@example(data=DEEP)
def test_any_lesson_progress_is_read_or_set_aside_never_lost(data):
    check_store(LESSON_PROGRESS_FILE, data)


def index_docs() -> st.SearchStrategy[dict[str, Any]]:
    item = st.fixed_dictionaries(
        {"file": st.one_of(st.just(PUZZLE.name), st.text(max_size=10), JSON)},
        optional={"difficulty": st.one_of(st.integers(-5, 10**40), JSON)},
    )
    return st.fixed_dictionaries(
        {
            "format": st.sampled_from([INDEX_FORMAT, INDEX_FORMAT, "pyramid-lab-collection/2"]),
            "puzzles": st.one_of(st.lists(item, max_size=3), JSON),
        },
        optional={"measure": JSON},
    )


@fuzz(100)
@given(raw=contents(index_docs()))
@example(raw=DEEP)
def test_any_collection_index_gives_a_collection_or_a_clear_error(monkeypatch, raw):
    from pyramid_lab.viewer.cli import main

    with tempfile.TemporaryDirectory() as root:
        folder = Path(root) / "set"
        folder.mkdir()
        (folder / PUZZLE.name).write_bytes(PUZZLE.read_bytes())
        (folder / INDEX).write_bytes(raw)
        problem = ""
        try:
            collection = load(folder)
        except PositionFormatError as exc:
            problem = str(exc)
        else:
            assert [e.path.name for e in collection.entries] == [PUZZLE.name]
        if problem:
            assert problem.startswith(str(folder / INDEX))
            assert "\n" not in problem
            assert len(problem) < 800
        monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(Path(root) / "config"))
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["puzzles", str(folder)])
        assert code in (0, 2), err.getvalue()
        assert "Traceback" not in err.getvalue()
        assert all(len(line) < 800 for line in err.getvalue().splitlines())
        assert (folder / INDEX).read_bytes() == raw  # a collection is only read
