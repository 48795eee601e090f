"""Start-up: what the command line and the window import before their first frame.

Each check runs in a fresh process (the test process has loaded everything long ago); the
window's two first frames are seen in one start of the window."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

# One window's start, a position opened from the command line, seen at its two first frames
# (one process: a window's start costs it about a second of processor time). At the opening
# screen's first paint (the window's first frame): which modules it did without, and what the
# window is made on. At the 3D view's first paint: which of the modules the window should not
# need are loaded (a stand-in of viewer.desktop.deferred is not loaded: ``is_loaded`` tells
# them apart); then the process ends.
FRAMES = r"""
import gc, importlib.abc, importlib.util, os, sys
import pyramid_lab.viewer.desktop.app as app

LATER = ("matplotlib.pyplot", "matplotlib.backends.backend_agg", "pooch",
         "pyramid_lab.viewer.boards.grid", "pyramid_lab.viewer.boards.hex_map",
         "pyramid_lab.viewer.boards.stepped")

paint = app.OpeningScreen.paintEvent

def opening_paint(self, event):
    paint(self, event)
    app.OpeningScreen.paintEvent = paint  # (said at its first paint only)
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtOpenGLWidgets import QOpenGLWidget
    window = self.window()
    later = ("pyramid_lab.model.lesson", "pyramid_lab.model.search", "pyvista", "vtk",
             "pyramid_lab.viewer.lab.session")
    print("opening loaded:", *[m for m in later if m in sys.modules])
    print("opening collecting:", gc.isenabled())
    print("opening platform:", QGuiApplication.platformName())
    print("opening surface:", window.windowHandle().surfaceType().name)
    print("opening opengl widgets:", len(window.findChildren(QOpenGLWidget)), flush=True)

app.OpeningScreen.paintEvent = opening_paint

class Wrap(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name != "pyvistaqt.rwi":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        run = spec.loader.exec_module
        def exec_module(module):
            run(module)
            cls = module.QVTKRenderWindowInteractor
            paint = cls.paintGL
            def first_paint(self, *args):
                paint(self, *args)
                from pyramid_lab.viewer.desktop.deferred import is_loaded
                print("first collecting:", gc.isenabled())  # (the window is built by now)
                print("first loaded:", *[m for m in LATER if is_loaded(m)], flush=True)
                os._exit(0)
            cls.paintGL = first_paint
        spec.loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, Wrap())
from pyramid_lab.viewer.cli import main
sys.exit(main(["open", sys.argv[1]]))
"""


def run_python(code: str, *args: str, tmp_path: pathlib.Path) -> str:
    env = {
        **os.environ,
        "QT_API": "pyside6",
        "PYTHONPATH": str(ROOT),
        "PYRAMID_LAB_AUTOSAVE": str(tmp_path / "autosave"),
        "PYRAMID_LAB_CONFIG": str(tmp_path / "config"),
        "XDG_CONFIG_HOME": str(tmp_path),
    }
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.fixture(scope="module")
def frames(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """What :data:`FRAMES` said at the two first frames, by the words before the colon."""
    out = run_python(
        FRAMES,
        str(ROOT / "examples/pyraos/square-removals.pyr.json"),
        tmp_path=tmp_path_factory.mktemp("frames"),
    )
    lines = [line.split(":", 1) for line in out.splitlines() if ":" in line]
    return {said: what.strip() for said, what in lines}


def test_the_first_frame_loads_no_plotting_nor_the_other_boards(frames):
    # pyvista imports matplotlib.pyplot for plots the window never draws, and a Pyraos
    # position needs the ball pyramid's view only: none of them is loaded by its first frame
    # (and the cyclic collector, waiting while the window opened, collects again)
    assert (frames["first collecting"], frames["first loaded"]) == ("True", "")


def test_the_command_lines_help_imports_no_game(tmp_path):
    code = textwrap.dedent(
        """
        import contextlib, io, sys
        from pyramid_lab.viewer.cli import main
        with contextlib.redirect_stdout(io.StringIO()) as out:
            try:
                main(["--help"])
            except SystemExit:
                pass
        assert "render" in out.getvalue() and "classroom" in out.getvalue()
        ours = ("pyramid_lab.model.", "numpy")
        print(sorted(m for m in sys.modules if m == "pyramid_lab.model" or m.startswith(ours)))
        """
    )
    assert run_python(code, tmp_path=tmp_path).strip() == "[]"


def test_a_deferred_package_loads_at_its_first_use_and_is_real_after(tmp_path, monkeypatch):
    from pyramid_lab.viewer.desktop.deferred import Later, deferred, is_loaded

    package = tmp_path / "deferredpkg"
    (package / "plots").mkdir(parents=True)
    (package / "__init__.py").write_text("LOADS = []\nclass Map:\n    pass\n")
    (package / "plots" / "__init__.py").write_text(
        "import deferredpkg\ndeferredpkg.LOADS.append('plots')\ndef figure():\n"
        "    return 'a figure'\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with deferred("deferredpkg", "no_such_package_here"):
        import deferredpkg.plots as plots
        from deferredpkg import Map

        assert isinstance(Map, Later)
        assert not is_loaded("deferredpkg")
        assert not is_loaded("deferredpkg.plots")
        with pytest.raises(ImportError):
            import no_such_package_here  # noqa: F401  (missing, as without the block)
    assert "deferredpkg" not in sys.modules  # the block's stand-ins are gone
    assert plots.figure() == "a figure"  # the first use loads the real module
    assert is_loaded("deferredpkg.plots")
    import deferredpkg

    assert deferredpkg.LOADS == ["plots"]  # loaded once
    assert isinstance(deferredpkg.Map(), Map)
    assert sys.modules["deferredpkg.plots"].figure is plots.figure
    for name in ("deferredpkg", "deferredpkg.plots"):
        sys.modules.pop(name)


def test_a_stand_in_used_within_the_block_loads_the_real_module(tmp_path, monkeypatch):
    from pyramid_lab.viewer.desktop.deferred import deferred, is_loaded

    (tmp_path / "deferredmod.py").write_text("class Colormap:\n    name = 'viridis'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with deferred("deferredmod"):
        from deferredmod import Colormap

        assert not is_loaded("deferredmod")
        assert Colormap.name == "viridis"  # a use while importing: the real one at once
        assert is_loaded("deferredmod")
        assert isinstance(Colormap(), sys.modules["deferredmod"].Colormap)
    sys.modules.pop("deferredmod")


def test_the_board_table_names_each_view_by_its_kind():
    from pyramid_lab.viewer.boards import BOARD_VIEWS, GridBoard, HexMap, SteppedBoard

    assert len(BOARD_VIEWS) == 4
    for kind in BOARD_VIEWS:
        assert BOARD_VIEWS[kind].kind == kind
    assert [GridBoard.__name__, HexMap.__name__, SteppedBoard.__name__] == [
        "GridBoard",
        "HexMap",
        "SteppedBoard",
    ]


def test_the_opening_frame_draws_without_the_lessons_and_on_an_opengl_surface(frames):
    # issue 90: a position opened from the command line draws its first frame before the
    # lessons' modules, the search and the session load (all after it), the cyclic collector
    # waiting (it collects once the window is built), and on X11 in a window made on
    # an OpenGL surface for the scene to come (issue 89) but with no OpenGL widget in it:
    # that frame is flushed as any, not composed through OpenGL (+30 ms to the first paint)
    assert frames["opening loaded"].split() == []
    assert frames["opening collecting"] == "False"
    assert frames["opening surface"] == "OpenGLSurface"
    if frames["opening platform"] == "xcb":
        assert frames["opening opengl widgets"] == "0"


def test_the_collector_waits_only_while_a_command_starts(monkeypatch, capsys):
    # viewer.cli.main pauses the cyclic collector while the command line is parsed and its
    # modules load; a command that is no window's runs with it, and main leaves it on
    import gc

    from pyramid_lab.viewer.cli import main, perft

    seen = []
    monkeypatch.setattr(perft, "run", lambda args: seen.append(gc.isenabled()) or 0)
    example = str(ROOT / "examples/pyraos/square-removals.pyr.json")
    assert main(["perft", example, "1"]) == 0
    assert seen == [True]
    assert gc.isenabled()
