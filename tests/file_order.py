"""The order in which the suite's files run, from the seconds each took last time (issue 88
item 7): no hand-kept list of slow files, which a new slow file silently missed.

``tests/conftest.py`` keeps each file's seconds (its tests' set-up, call and tear-down, as
pytest reports them) in pytest's cache under ``CACHE_KEY`` at the end of a run, and sorts the
next run's files by them. A fresh clone (CI) has no cache: it reads ``tests/durations.json``
where one is committed (the cache's record, written by ``python -m pytest --write-durations``;
``--co -q -n 0`` writes what the cache holds, after a run of the whole suite), else every
file but the lab's has no record and they run in collection order. The rules, in
``order_files``:

- the lab's files first (``tests/lab/``): they make Qt unimportable, which proves something
  only in a worker that has run no window test yet, and every worker starts on one;
- then the files with no record (new ones; their cost unknown, they start early rather than
  end the run alone);
- then the rest, longest first, so that the run ends on short files and the workers end
  together. Ties keep the files' collection order."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path

#: The cache's key (pytest's ``config.cache``: ``.pytest_cache/v/pyramid_lab/file_seconds``).
CACHE_KEY = "pyramid_lab/file_seconds"
#: The record committed, for a run with no cache.
COMMITTED = Path(__file__).with_name("durations.json")
#: The files that run first.
FIRST = "tests/lab/"


def file_of(nodeid: str) -> str:
    """The file of a test's node id (``tests/viewer/test_app.py``): the unit that ``--dist
    loadfile`` keeps on one worker (a file's module fixtures are made once)."""
    return nodeid.split("::")[0]


def order_files(files: Iterable[str], seconds: Mapping[str, float]) -> list[str]:
    """``files`` (each once, in collection order) in the order they run: the lab's first,
    then those ``seconds`` has no record of, then the rest longest first."""

    def rank(file: str) -> tuple[int, int, float]:
        lab = 0 if file.startswith(FIRST) else 1
        known = seconds.get(file)
        return (lab, 0, 0.0) if known is None else (lab, 1, -known)

    return sorted(dict.fromkeys(files), key=rank)  # (stable: ties keep their order)


def read_record(text: str) -> dict[str, float]:
    """A record of seconds by file from its JSON text; none from text that is not JSON (one
    half written by a run beside this one)."""
    try:
        return record_of(json.loads(text))
    except ValueError:
        return {}


def record_of(data: object) -> dict[str, float]:
    """A record of seconds by file: what is not a file's number is left out (a record of
    another version, or none: ``None``)."""
    if not isinstance(data, dict):
        return {}
    return {
        str(file): float(value)
        for file, value in data.items()
        if isinstance(value, int | float) and not isinstance(value, bool) and value >= 0
    }


def committed_record(path: Path = COMMITTED) -> dict[str, float]:
    """The committed record (``tests/durations.json``), or none."""
    try:
        return read_record(path.read_text(encoding="utf-8"))
    except OSError:
        return {}


def known_seconds(cached: object, committed: Mapping[str, float]) -> dict[str, float]:
    """Each file's seconds: the cache's record where it has one, else the committed one's."""
    record = dict(committed)
    record.update(record_of(cached))
    return record


class RunSeconds:
    """The seconds each file's tests took in this run, from pytest's reports."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def add(self, nodeid: str, duration: float) -> None:
        file = file_of(nodeid)
        self.seconds[file] = self.seconds.get(file, 0.0) + duration

    def merged(self, old: Mapping[str, float]) -> dict[str, float]:
        """``old`` with this run's files measured again, rounded to a tenth of a second."""
        record = dict(old)
        record.update(self.seconds)
        return {file: round(seconds, 1) for file, seconds in sorted(record.items())}


def whole_files_ran(args: Iterable[str], keyword: str, markexpr: str, last_failed: bool) -> bool:
    """Whether the run ran every test of each file it ran (so its seconds are the file's):
    not a run of some of them (``-k``, ``-m``, a test's node id, ``--lf``)."""
    return not (keyword or markexpr or last_failed or any("::" in arg for arg in args))


def write_committed(record: Mapping[str, float], path: Path = COMMITTED) -> None:
    """The committed record written: one file a line, sorted by name (a small diff)."""
    path.write_text(json.dumps(dict(sorted(record.items())), indent=0) + "\n", encoding="utf-8")
