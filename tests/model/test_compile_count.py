"""Issue 109 item 12: the first analysis after an install compiled for 261.6 s at load
12-14 saying its first word at 1.2 s and then nothing until the answer. A compile says how
far it is: each part with the functions numba has compiled of about how many a whole
compile makes, on stderr for a command or a script (a line at most every 10 s) and in the
window's status (each count, through the child's lines). numba's compile events are sent
here without compiling anything (``trigger_event``), on a fake clock."""

from __future__ import annotations

import logging

import pytest
from numba.core import event

from pyramid_lab import i18n
from pyramid_lab.model.search.compiled import first_use, warm


def compile_one() -> None:
    """What numba sends for one function compiled (a load from its cache sends nothing)."""
    with event.trigger_event("numba:compile", data={}):
        pass


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_count_is_said_at_most_every_second():
    clock, said = Clock(), []
    count = warm.CompileCount(said.append, clock)
    with count.listening():
        for _ in range(5):
            compile_one()  # the same instant: said once
        clock.now += warm.COUNT_EVERY
        compile_one()
    compile_one()  # no longer listening
    assert said == [1, 6]
    assert count.count == 6


def test_the_warm_up_says_how_far_its_compile_is(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(warm.time, "perf_counter", clock)

    def compiles(n: int):
        def make() -> None:
            for _ in range(n):
                clock.now += 2.0
                compile_one()

        return make

    monkeypatch.setattr(warm, "_MAKE", {"tree": compiles(3), "proof": compiles(2)})
    monkeypatch.setattr(first_use, "mark", lambda part: None)
    steps: list[tuple[float, str]] = []
    warm.warm_up(lambda fraction, text: steps.append((fraction, str(text))), ("tree", "proof"))
    total = warm.COMPILES["tree"] + warm.COMPILES["proof"]
    texts = [text for _, text in steps]
    assert texts[:2] == [
        "the tree search",
        f"the tree search (1 of about {total} functions compiled)",
    ]
    assert f"the proof searches (5 of about {total} functions compiled)" in texts
    assert texts[-1] == "ready, the search starts"
    fractions = [fraction for fraction, _ in steps]
    assert fractions == sorted(fractions)  # it only goes forward
    assert warm.expected_compiles(first_use.PROVER) == warm.PROVER_ALONE


def test_the_window_hears_a_count_in_its_language():
    line = "the tree search (12 of about 76 functions compiled)"
    heard = first_use.heard(f"{first_use.COMPILING}: {line}")
    assert isinstance(heard, i18n.Message)
    assert str(heard) == f"{first_use.COMPILING}: {line}"
    german = i18n.shown(heard, "de")
    assert "12" in german
    assert "76" in german
    assert "tree search" not in german


def test_a_command_logs_a_count_at_most_every_ten_seconds(monkeypatch, caplog):
    clock = Clock()
    monkeypatch.setattr(first_use.time, "perf_counter", clock)
    monkeypatch.setattr(first_use, "_logged", [-first_use.LINE_EVERY])
    step = first_use.step
    with caplog.at_level(logging.WARNING, logger=first_use.log.name):
        first_use._log(0.0, step(first_use.COMPILING, first_use.PART_WORDS["tree"]))
        for done in range(1, 4):
            clock.now += 4.0
            words = first_use.counted(first_use.PART_WORDS["tree"], done, 76)
            first_use._log(0.1, step(first_use.COMPILING, words))
    said = [record.getMessage() for record in caplog.records]
    assert len(said) == 2  # the step, then the count 12 s later (not at 4 s nor 8 s)
    assert said[1].endswith("the tree search (3 of about 76 functions compiled)")


@pytest.mark.parametrize("steps", [False, True])
def test_the_warm_up_command_prints_counts_sparingly(monkeypatch, capsys, steps):
    clock = Clock()
    monkeypatch.setattr(warm.time, "perf_counter", clock)

    def ready(progress=None, parts=first_use.PARTS):
        tree = first_use.PART_WORDS["tree"]
        progress(0.0, first_use.step(first_use.COMPILING, tree))
        for done in range(1, 5):
            clock.now += 3.0
            words = first_use.counted(tree, done, 76)
            progress(done / 100, first_use.step(first_use.COMPILING, words))
        return 12.0

    monkeypatch.setattr(warm, "ready", ready)
    monkeypatch.setattr(warm, "_end_with_parent", lambda: None)
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    try:
        assert warm.main(["--steps"] if steps else []) == 0
    finally:
        i18n.use("en")
    out = capsys.readouterr().out.splitlines()
    counts = [line for line in out if "functions compiled" in line]
    if steps:  # the window's child: every count, for the status
        assert len(counts) == 4
    else:  # a reader of lines: the first at 3 s is 3 s after the step's line... at 12 s
        assert counts == ["  the tree search (4 of about 76 functions compiled)"]
