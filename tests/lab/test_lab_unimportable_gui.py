"""``import pyramid_lab.viewer.lab`` and a game through it in a fresh interpreter where Qt, VTK and
pyvista cannot be imported from the start (the folder's conftest blocks them only once
pytest-qt has chosen its binding)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.patience import WAIT_S

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import sys
from importlib.abc import MetaPathFinder

BLOCKED = {"PySide6", "shiboken6", "vtk", "vtkmodules", "pyvista", "pyvistaqt"}

class NoFrontEnd(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError(name + " is blocked")

sys.meta_path.insert(0, NoFrontEnd())
import threading
from pyramid_lab.model.game import game_class
from pyramid_lab.viewer.lab import Lab
from pyramid_lab.viewer.lab.session import Session

class Port:
    def choose_file(self, purpose, start): return None
    def ask(self, question, detail, *, can_save=True): return "cancel"
    def show_message(self, title, text): print("message", title, text)

WAIT_S = {wait_s}
moved = threading.Event()
lab = Lab(Session(game_class("partition").new()), Port(), seed=1)
lab.session.changed.connect(lambda reason: moved.set())
lab.engine.set_player("red", "easy")
assert moved.wait(WAIT_S), "the computer did not move"
lab.shutdown()
loaded = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
print("loaded", loaded, "ply", lab.session.ply)
"""


def run(script: str) -> subprocess.CompletedProcess[str]:
    # the computer's first move may wait for a first use's compile (minutes at load 10)
    script = script.replace("{wait_s}", str(WAIT_S))
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=WAIT_S + 60,
    )


def test_the_lab_imports_and_plays_with_no_gui_importable():
    done = run(SCRIPT)
    assert done.returncode == 0, done.stderr
    assert "loaded [] ply 1" in done.stdout


def test_the_block_is_real():
    # The same finder refuses the window: the test above would have seen Qt.
    done = run(SCRIPT.split("import threading")[0] + "import pyramid_lab.viewer.desktop.app\n")
    assert done.returncode != 0
    assert "is blocked" in done.stderr


BOARDS = """
from pyramid_lab.model.game import game_class
from pyramid_lab.viewer.games import ui_class, ui_names
from pyramid_lab.viewer.lab import Lab
from pyramid_lab.viewer.lab.session import Session

class Port:
    def choose_file(self, purpose, start): return None
    def ask(self, question, detail, *, can_save=True): return "cancel"
    def show_message(self, title, text): print("message", title, text)

for name in ui_names():
    lab = Lab(Session(game_class(name).new()), Port(), seed=1, uis=ui_class)
    board = lab.board
    game = board.session.game
    move = game.legal_moves()[0]
    board.play(move)  # through the board's modes, as Finish turn hands a move in
    board.undo()
    board.redo()
    print(name, len(board.session.game.move_stack), board.geometry().count > 0)
    lab.shutdown()
loaded = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
print("loaded", loaded)
"""


def test_every_game_s_board_runs_with_no_gui_importable():
    """The five games' UIs and their boards' geometries (``viewer.boards.geometries``)
    import no Qt, VTK or pyvista: each game's board plays, undoes and redoes a move in a
    fresh interpreter where they are blocked from its start."""
    done = run(SCRIPT.split("import threading")[0] + BOARDS)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "loaded []"
    played = dict(line.split(" ", 1) for line in lines[:-1])
    assert set(played) == {"ball", "partition", "pyraos", "rolling", "terrace"}
    assert all(not said.startswith("0 ") and said.endswith("True") for said in played.values())
