"""A compile under way, as a stand-in (issue 89's frozen window: the GUI monkey, seed 1, saw
the window's thread wait 65 s in the compiled search's first use behind the computer's
compile): a thread of the test holds the first use's lock, as another thread compiling the
search on its first use would, until the test lets it go. Shared by the lab's and the
window's tests of a lesson's verdict judged off the front end's thread."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from pyramid_lab.model.search.compiled import first_use, warm
from tests.patience import WAIT_S

ROOT = Path(__file__).resolve().parents[1]
#: a lesson whose step 2 ("Win with one red ball.", within 1 ply) the prover judges
LESSON = ROOT / "model" / "data" / "lessons" / "partition" / "08-three-corners-win.lesson.json"
#: the compile's step, as the first use says it to those who wait
STEP = f"{first_use.COMPILING}: the proof searches"


@contextmanager
def compile_held(
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[tuple[threading.Event, threading.Thread]]:
    """This process as one whose compiled core is not ready, and another thread making it
    ready: the first use's lock held until ``go`` (the first of the pair) is set; ``held``
    (the second) is that thread. The prover's part of the real core is made first, as that
    thread would leave it: marked ready without it, a proof's first call made it on the
    proof's clock (from an empty cache, a fresh clone's whole suite at load ~15: compiled
    there, "the prover could not settle this in time"; 17.8 s of a lesson's 20 at load 9)."""
    warm.ready(parts=warm.PROVER)  # (once a process: at once after)
    state = first_use._State()  # this process as one whose core is not ready yet
    monkeypatch.setattr(first_use, "_state", state)
    go, taken = threading.Event(), threading.Event()

    def compile_elsewhere() -> None:
        with state.lock:
            state.fraction, state.text = 0.1, STEP  # its step, for those who wait
            taken.set()
            go.wait(WAIT_S)
            state.parts.update(first_use.PARTS)  # made ready: the waiters go on at once
            state.text = ""

    held = threading.Thread(target=compile_elsewhere, name="compile-stand-in", daemon=True)
    held.start()
    assert taken.wait(WAIT_S)
    try:
        yield go, held
    finally:
        go.set()
        held.join(WAIT_S)
