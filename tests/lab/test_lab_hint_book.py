"""What the Pyraos book proves of a hint's moves is looked up on the hint's job, never on
the front end's thread: the book's key (:func:`.kernel.canonical`) is compiled, and its first
call in a process takes numba's compiler lock, which the computer player's compile holds for
a minute or more (the lesson's verdict waited 65 s there: ``test_lab_lesson_judge``). The
compile under way is a stand-in here: numba's compiler lock held by a thread of the test
until it lets it go, while the book's key is a kernel not yet compiled in this process."""

from __future__ import annotations

import threading

import numba
import pytest
from numba.core.compiler_lock import global_compiler_lock

from pyramid_lab.model.pyraos import Pyraos, PyraosOptions
from pyramid_lab.model.search.compiled import first_use
from pyramid_lab.model.search.games.pyraos import kernel
from pyramid_lab.viewer.lab import Lab
from pyramid_lab.viewer.lab.session import Session
from tests.patience import WAIT_S

#: A position the book knows with its best move (the hint's search answers from the book at
#: once), of whose moves the shipped opening knows too few: the book's entries are looked
#: up by their key for the others (the children's version, its line of best play to ply 9,
#: then a move off it).
LINE = "0,0,0 3,0,0 1,0,0 2,0,0 3,1,0 1,1,0 2,1,0 3,0,0>1,0,1 1,2,0 3,0,0"
PROVEN = "9 moves not proven; 1 proven lost"  # what the book proves of its moves


@pytest.fixture(autouse=True)
def no_table(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # no whole table: the book's entries
    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(tmp_path / "config"))


@pytest.fixture(autouse=True)
def core_ready(monkeypatch):
    """This process as one whose compiled core is ready (the hint's job waits for none);
    the book answers the hint's search, so nothing of the core runs."""
    state = first_use._State()
    state.parts.update(first_use.PARTS)
    monkeypatch.setattr(first_use, "_state", state)


def position() -> Pyraos:
    game = Pyraos.new(PyraosOptions("children", "0-2"))
    for text in LINE.split():
        game.push_text(text)
    return game


def hold_compiler_lock(go: threading.Event) -> threading.Thread:
    """A thread that holds numba's compiler lock (a compile under way) until ``go``."""
    taken = threading.Event()

    def compile_elsewhere() -> None:
        with global_compiler_lock:
            taken.set()
            go.wait(WAIT_S)

    held = threading.Thread(target=compile_elsewhere, name="compile-stand-in", daemon=True)
    held.start()
    assert taken.wait(WAIT_S)
    return held


def test_the_hint_is_shown_while_a_compile_holds_numbas_lock(port, inbox, monkeypatch):
    lab = Lab(Session(position()), port, post=inbox.post, bulletin=port.bulletin)
    go = threading.Event()
    try:
        job = lab.engine.hints.ask()
        assert job is not None
        assert job.thread is not None
        job.thread.join(WAIT_S)  # the job answered: its answer waits for this thread
        assert not job.thread.is_alive()
        # the book's key as a kernel this process has not compiled yet: its first call
        # compiles, under numba's compiler lock
        fresh = numba.njit(kernel.canonical.py_func)
        monkeypatch.setattr(kernel, "canonical", fresh)
        held = hold_compiler_lock(go)
        # before: the answer looked the book up here, and waited for the lock
        inbox.until(lambda: lab.engine.hints.shown is not None)
        assert held.is_alive()  # shown while the compile still went on
        assert not fresh.signatures  # the front end's thread never called the kernel
        said = port.bulletin.status
        assert said.startswith("hint: "), said
        assert PROVEN in said  # what the book proves, looked up on the job
    finally:
        go.set()
        lab.shutdown()
