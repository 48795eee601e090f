"""A script's waits are said (issue 87 item 1): the first analysis or solve that compiles the
search says so on stderr as a library does (a warning of :mod:`logging`, which Python prints
where the script set up none), at once, before the compile begins, with what it does and
about how long; ``pl.warm_up()`` compiles ahead, saying so. The same first use's words
that the command line prints (:mod:`pyramid_lab.model.search.compiled.first_use`).

The compile is faked ("not yet compiled": a warm-up that only says its steps), so nothing
is compiled here; tests/model/test_first_run.py compiles from an empty cache for real, and
tests/bench/first_use.py (``--uses script``) times a script's first word on stderr."""

from __future__ import annotations

import logging
import subprocess
import sys

import pytest

import pyramid_lab as pl
from pyramid_lab.model.search.compiled import first_use, warm
from tests.patience import WAIT_S

#: A script whose process has not compiled the search: the compile is faked, each of its
#: steps marked on stderr ("WORK ...") after what the first use said, and then stopped.
NOT_COMPILED = """
import logging, pathlib, sys, types
from pyramid_lab.model.search import compiled
from pyramid_lab.model.search.compiled import first_use  # (light: no numba)
first_use.compiled = lambda parts=first_use.PARTS: False
first_use._lock_path = lambda: pathlib.Path(sys.argv[1]) / "lock"

class Stop(Exception):
    pass

def compile_(progress, parts):
    for part in parts:
        progress(0.0, "the " + part)
        print("WORK", part, file=sys.stderr, flush=True)
    raise Stop

warm = types.ModuleType(compiled.__name__ + ".warm")  # the warm-up, numba's importer, faked
warm.PARTS, warm.PROVER = first_use.PARTS, first_use.PROVER
warm.ready = lambda progress=None, parts=first_use.PARTS: first_use.ready(compile_, progress, parts)
sys.modules[warm.__name__] = compiled.warm = warm

def numba_yet(record):  # (a filter: no handler is set up, Python's last resort prints it)
    print("NUMBA", "numba" in sys.modules, file=sys.stderr, flush=True)
    return True

logging.getLogger(first_use.__name__).addFilter(numba_yet)
import pyramid_lab as pl
pos = pl.load("puzzle:partition/floating-3-win-in-2-a")  # no book answers it: the search
try:
    {call}
except Stop:
    print("stopped")
"""


@pytest.mark.parametrize("call", ["pos.analyse(seconds=1)", "pos.solve(book=False)"])
def test_a_first_use_says_it_compiles_before_it_does(call, tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", NOT_COMPILED.format(call=call), str(tmp_path)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=WAIT_S,
    )
    assert done.stdout.strip() == "stopped", done.stderr
    lines = [line for line in done.stderr.splitlines() if not line.startswith("NUMBA")]
    assert lines, "nothing said"
    # what it does and about how long, said first, before numba is imported (seconds)
    assert lines[0] == f"{first_use.COMPILING}: {first_use.STARTING}"
    assert "a minute or two" in lines[0]
    assert done.stderr.startswith("NUMBA False\n")
    assert lines[1].startswith(first_use.COMPILING)  # the first step, then its work
    assert lines[2].startswith("WORK ")
    parts = first_use.PARTS if call.startswith("pos.analyse") else first_use.PROVER
    assert [line.split()[1] for line in lines if line.startswith("WORK")] == list(parts)
    assert f"{first_use.COMPILING}: the {parts[1]}" in lines  # each step said


@pytest.fixture
def fresh_process(monkeypatch, tmp_path):
    """This process as one that has not compiled the search: a warm-up that says its steps
    and compiles nothing; the parts it was asked for."""
    monkeypatch.setattr(first_use, "_lock_path", lambda: tmp_path / "compiled-warm.lock")
    monkeypatch.setattr(first_use, "_state", first_use._State())
    monkeypatch.setattr(first_use, "compiled", lambda parts=first_use.PARTS: False)
    asked: list[tuple[str, ...]] = []

    def compile_(progress=None, parts=first_use.PARTS):
        asked.append(tuple(parts))
        for part in parts:
            progress(0.0, warm.STEPS[part][0])
        progress(1.0, "ready, the search starts")
        return 0.0

    monkeypatch.setattr(warm, "warm_up", compile_)
    return asked


def test_warm_up_compiles_ahead_saying_so(fresh_process, caplog, monkeypatch):
    with caplog.at_level(logging.WARNING, logger=first_use.__name__):
        assert pl.warm_up() >= 0.0
    assert fresh_process == [first_use.PARTS]
    said = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert said[0] == f"{first_use.COMPILING}: {warm.STEPS['tree'][0]}"
    assert said[-1] == f"{first_use.COMPILING}: ready, the search starts"
    caplog.clear()
    assert pl.warm_up() == 0.0  # ready in this process: nothing to do, nothing said
    assert fresh_process == [first_use.PARTS]
    # where the cache has it, it loads (a second): not worth a word
    monkeypatch.setattr(first_use, "_state", first_use._State())
    monkeypatch.setattr(first_use, "compiled", lambda parts=first_use.PARTS: True)
    pl.warm_up()
    assert len(fresh_process) == 2
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
