"""The lab's tests run with Qt, VTK and pyvista made unimportable: a finder first on
``sys.meta_path`` refuses them, so a test that reached the window would fail at once. It
goes in for each test here and out after it (the window's tests need Qt; a folder without
``__init__.py`` has no package scope of its own). What
pytest-qt loaded at start-up (PySide6.QtCore, to choose its binding) stays loaded: taking a
compiled module out of ``sys.modules`` crashes the interpreter. So ``test_lab_unimportable_gui.py``
imports the lab and plays a game with it in a fresh interpreter, blocked from its start. The
fake port records what the lab asked of the user and answers from a script; the inbox is
the front end's thread: a job's deliveries wait there until a test takes them in."""

from __future__ import annotations

import contextlib
import queue
import sys
import time
from collections.abc import Callable, Iterator
from importlib.abc import MetaPathFinder
from pathlib import Path
from typing import Any

import pytest
from lab_helpers import partition_lab

from pyramid_lab.viewer.lab import Lab
from pyramid_lab.viewer.lab.bulletin import Bulletin, BulletinField
from tests.patience import WAIT_S

BLOCKED = ("PySide6", "shiboken6", "vtk", "vtkmodules", "pyvista", "pyvistaqt")


class NoFrontEnd(MetaPathFinder):
    """Refuses the GUI libraries: ``import PySide6`` raises ImportError here."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name.split(".")[0] in BLOCKED:
            raise ImportError(f"{name} is not importable in the lab's tests")
        return None


@pytest.fixture(autouse=True)
def no_front_end() -> Iterator[None]:
    """Qt, VTK and pyvista unimportable while a test of this folder runs."""
    finder = NoFrontEnd()
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)


class FakePort:
    """The lab's port, scripted: ``answers`` for ask(), ``files`` for choose_file(); and a
    front end's side of the lab's bulletin (a lab made with ``bulletin=port.bulletin``):
    every line said and every progress shown, in order."""

    def __init__(self) -> None:
        self.bulletin = Bulletin()
        self.bulletin.changed.connect(self._heard)
        self.answers: list[str] = []
        self.files: list[str | None] = []
        self.asked: list[tuple[str, str, bool]] = []
        self.chosen: list[tuple[str, Path]] = []
        self.messages: list[tuple[str, str]] = []
        self.progress: list[tuple[float | None, str]] = []
        self.statuses: list[str] = []
        self.numbers: list[int | None] = []  # ask_number's answers
        self.numbers_asked: list[tuple[str, str, int, int, int]] = []
        self.confirms: list[bool] = []  # confirm()'s answers
        self.confirmed: list[tuple[str, str, str, str]] = []

    def choose_file(self, purpose: str, start: Path) -> str | None:
        self.chosen.append((purpose, start))
        return self.files.pop(0)

    def ask(self, question: str, detail: str, *, can_save: bool = True) -> str:
        self.asked.append((question, detail, can_save))
        return self.answers.pop(0)

    def confirm(self, title: str, question: str, detail: str, go: str) -> bool:
        self.confirmed.append((title, question, detail, go))
        return self.confirms.pop(0)

    def ask_number(self, title: str, text: str, value: int, low: int, high: int) -> int | None:
        self.numbers_asked.append((title, text, value, low, high))
        return self.numbers.pop(0)

    def show_message(self, title: str, text: str) -> None:
        self.messages.append((title, text))

    def _heard(self, field: BulletinField) -> None:
        bulletin = self.bulletin
        if field == "status":
            self.statuses.append(bulletin.status)
        elif field == "progress":
            self.progress.append((bulletin.progress, bulletin.progress_text))


class Inbox:
    """The front end's thread: ``post`` keeps a delivery, ``take`` runs those waiting."""

    def __init__(self) -> None:
        self.calls: queue.Queue[Callable[[], None]] = queue.Queue()

    def post(self, call: Callable[[], None]) -> None:
        self.calls.put(call)

    def take(self, timeout: float = 0.5) -> int:
        """Run what arrives within ``timeout`` seconds of the last; how many ran."""
        ran = 0
        while True:
            try:
                call = self.calls.get(timeout=timeout)
            except queue.Empty:
                return ran
            call()
            ran += 1

    def until(self, done: Callable[[], bool], seconds: float = WAIT_S) -> None:
        """Run deliveries until ``done()`` (a test fails after ``seconds``)."""
        end = time.monotonic() + seconds
        while not done():
            assert time.monotonic() < end, "the lab did not get there in time"
            with contextlib.suppress(queue.Empty):
                self.calls.get(timeout=0.05)()


@pytest.fixture
def port() -> FakePort:
    return FakePort()


@pytest.fixture
def inbox() -> Inbox:
    return Inbox()


@pytest.fixture
def lab(port: FakePort, inbox: Inbox) -> Iterator[Lab]:
    """A lab on a new game of Partition (``lab_helpers.partition_lab``), shut down after
    the test (a test file that needs another lab has a ``lab`` fixture of its own)."""
    lab = partition_lab(port, inbox)
    yield lab
    lab.shutdown()
