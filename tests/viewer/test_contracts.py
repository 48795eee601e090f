"""The seams, as tests: board views never import a game; nothing in the viewer outside a
game's own folder (``viewer/games/<name>/``) names a game, its class or its module; a game's
folder names no other game; every registered game has a UI whose board kind has a view; and
every board view draws a frame with every field set. (No import cycle anywhere, model and
viewer: ``tests/model/test_imports.py``.)"""

from __future__ import annotations

import ast
import functools
import inspect
import pathlib

import numpy as np
import pytest
from import_graph import imported, modules, trees_read, walked

from pyramid_lab.model.game import game_class, game_names
from pyramid_lab.model.teaching import teaching_for


@pytest.fixture(autouse=True, scope="module")
def _trees_read():
    """The sources' trees read with the collector paused, let go of after (import_graph)."""
    with trees_read():
        yield


ROOT = pathlib.Path(__file__).resolve().parents[2]
VIEWER = ROOT / "viewer"
GAMES = {name: game_class(name) for name in game_names()}
GAME_MODULES = {cls.__module__ for cls in GAMES.values()}
KNOWN = modules()  # the model's and the viewer's modules, by name


def imports(path: pathlib.Path, root: pathlib.Path = ROOT) -> set[str]:
    """The modules of the model and the viewer that ``path`` imports, anywhere in it (read
    once a module for each version of the file: several contracts ask of every file),
    ``path`` named as a module from its place under ``root``."""
    stat = path.stat()
    return set(_imports(path, root, stat.st_mtime_ns, stat.st_size))


@functools.cache
def _imports(path: pathlib.Path, root: pathlib.Path, _mtime_ns: int, _size: int) -> frozenset[str]:
    return frozenset(imported(path, KNOWN, root))


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    """Module -> the modules it imports, as ``import_graph.import_graph`` gives it, made
    once for this file's contracts (each walked every module's syntax tree again: a third
    of the file's processor time)."""
    return {name: imports(path) - {name} for name, path in KNOWN.items()}


def viewer_files() -> list[pathlib.Path]:
    return sorted(VIEWER.rglob("*.py"))


def game_folder(path: pathlib.Path) -> str | None:
    """The game whose folder ``path`` is in (viewer/games/<name>/), else None."""
    parts = path.relative_to(VIEWER).parts
    if len(parts) >= 3 and parts[0] == "games":
        return parts[1]
    return None


def names_in(path: pathlib.Path) -> set[str]:
    """Identifiers and string constants of a file (the words a contract looks for)."""
    words: set[str] = set()
    for node in walked(path):
        if isinstance(node, ast.Name):
            words.add(node.id)
        elif isinstance(node, ast.Attribute):
            words.add(node.attr)
        elif isinstance(node, ast.alias):
            words.add(node.asname or node.name.split(".")[-1])
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            words.add(node.value)
    return words


def test_every_game_folder_is_a_registered_game():
    folders = {p.name for p in (VIEWER / "games").iterdir() if (p / "__init__.py").exists()}
    assert folders == set(GAMES), "each viewer/games/<name>/ is the UI of the game <name>"


def test_board_views_import_no_game():
    offenders = [
        f"{path.relative_to(ROOT)}: {module}"
        for path in sorted((VIEWER / "boards").rglob("*.py"))
        for module in imports(path)
        if module in GAME_MODULES or module.startswith("pyramid_lab.viewer.games")
    ]
    assert offenders == []


def test_no_game_is_named_outside_its_own_folder():
    offenders = []
    for path in viewer_files():
        own = game_folder(path)
        words, modules_imported = names_in(path), imports(path)
        for name, cls in GAMES.items():
            if name == own:
                continue
            hits = {cls.__name__, name} & words
            hits |= {m for m in modules_imported if m == cls.__module__}
            offenders += [f"{path.relative_to(ROOT)}: {hit}" for hit in sorted(hits)]
    assert offenders == []


def probe(root: pathlib.Path, place: str, source: str) -> pathlib.Path:
    """A module written at ``place`` in a copy of the repository's layout under ``root`` (a
    test's folder: never in viewer/ itself, where another worker's contracts would read it)."""
    fake = root / place
    fake.parent.mkdir(parents=True, exist_ok=True)
    fake.write_text(source)
    return fake


def test_the_contract_test_would_see_a_game_named_in_the_shell(tmp_path):
    # The detector itself: a file that names a game is caught.
    fake = probe(
        tmp_path,
        "viewer/_contract_probe.py",
        'from pyramid_lab.model.pyraos import Pyraos\nNAME = "partition"\n',
    )
    assert {"Pyraos", "partition"} <= names_in(fake)
    assert "pyramid_lab.model.pyraos" in imports(fake, tmp_path)


#: What a widget (viewer/widgets/) may import of the viewer besides other widgets: plain
#: data and helpers (the frame, the palette, the view state, the set-up editor, the export's
#: choices, signals, the error guard, the legend's entries) and the board views; never a
#: controller (the window, the menus, the engine, Solve mode, the puzzle, practice,
#: lessons, set-up mode, analysis, recovery, the scene, the export's driver, the session,
#: the game UIs...).
WIDGET_MAY_IMPORT = {
    "viewer",
    "pyramid_lab.viewer.lab",
    "pyramid_lab.viewer.lab.frame",
    "pyramid_lab.viewer.lab.palette",
    "pyramid_lab.viewer.lab.events",
    "pyramid_lab.viewer.lab.view_state",
    "pyramid_lab.viewer.lab.setup_editor",
    "pyramid_lab.viewer.lab.export_plan",
    "pyramid_lab.viewer.lab.legend_entries",
    "pyramid_lab.viewer.lab.analysis_words",
    "pyramid_lab.viewer.lab.level_names",
}


def widget_offences(path: pathlib.Path, root: pathlib.Path = ROOT) -> list[str]:
    """The modules of the viewer ``path`` (a widget, under ``root``) imports and may not."""
    return sorted(
        module
        for module in imports(path, root)
        if module.startswith("pyramid_lab.viewer")
        and not module.startswith(("pyramid_lab.viewer.widgets", "pyramid_lab.viewer.boards"))
        and module not in WIDGET_MAY_IMPORT
    )


def test_widgets_are_leaves():
    """A widget imports no controller: the controllers own their widgets (Solve mode and
    the puzzle their dock, Practice its dock, the export its dialog), not the reverse."""
    offenders = [
        f"{path.relative_to(ROOT)}: {module}"
        for path in sorted((VIEWER / "widgets").rglob("*.py"))
        for module in widget_offences(path)
    ]
    assert offenders == []


def test_the_leaf_contract_sees_a_controller_imported_anywhere_in_a_widget(tmp_path):
    # The detector itself: a controller imported inside a function or a TYPE_CHECKING
    # block is caught; plain data is not.
    fake = probe(
        tmp_path,
        "viewer/widgets/_contract_probe.py",
        "from typing import TYPE_CHECKING\n"
        "from ..lab.frame import Frame\n"
        "if TYPE_CHECKING:\n    from ..lab.session import Session\n"
        "def f():\n    from ..desktop import engine\n"
        "    from ..desktop.review import ReviewControl\n",
    )
    assert widget_offences(fake, tmp_path) == [
        "pyramid_lab.viewer.desktop",
        "pyramid_lab.viewer.desktop.engine",
        "pyramid_lab.viewer.desktop.review",
        "pyramid_lab.viewer.lab.session",
    ]


def test_every_game_has_a_ui_with_a_board_view():
    from pyramid_lab.viewer.boards import BOARD_VIEWS
    from pyramid_lab.viewer.games import ui_class, ui_names

    assert ui_names() == game_names()
    for name, cls in GAMES.items():
        ui = ui_class(name)
        assert ui.game_name == name
        assert ui.board_kind in BOARD_VIEWS
        assert set(ui.overlay_names) <= {spec.name for spec in teaching_for(cls).lesson_overlays}


def test_a_board_kind_no_view_draws_is_refused_naming_the_kinds():
    from pyramid_lab.viewer.boards import BOARD_VIEWS, make_board_view, meshes_only

    known = "known: ball-pyramid, grid, hex-map, stepped"
    for ask in (lambda: make_board_view("hexes", None, None), lambda: meshes_only("hexes", None)):
        with pytest.raises(KeyError, match=f"no board view 'hexes'; {known}"):
            ask()
    assert "hexes" not in BOARD_VIEWS
    assert "grid" in BOARD_VIEWS


@pytest.mark.parametrize("name", game_names())
def test_each_board_view_draws_a_frame_with_every_field(plotter, name):
    from pyramid_lab.viewer.boards import make_board_view
    from pyramid_lab.viewer.games import ui_class
    from pyramid_lab.viewer.lab.frame import (
        Frame,
        Label,
        Marker,
        Path,
        Pointer,
        Region,
        Slide,
        Vanish,
    )
    from pyramid_lab.viewer.lab.view_state import ViewState

    cls = GAMES[name]
    game = cls.new()
    ui = ui_class(name)()
    geometry = ui.geometry(game)
    board = make_board_view(ui.board_kind, plotter, geometry)
    n = geometry.count
    colour = cls.players[0]
    frame = Frame(
        pieces={0: colour, 1: colour},
        piece_rgb=np.full((n, 3), 90, dtype=np.uint8),
        markers=(Marker(2, "target"), Marker(3, "run"), Marker(3, "landing")),
        highlights={"clickable": (0,), "group": (1,), "anchor": (1,), "selected": ()},
        pointers=(Pointer(n - 1, colour), Pointer(0, "fall", (1.0, 0.0))),
        paths=(Path((0, 1, 2), "red"),),
        regions=(Region((2, 3), colour),),
        labels=(Label(n - 1, "here"),),
        ghosts={4: colour},
        heat={5: 0.0, 6: 0.5, 7: 1.0},
        decorations=frozenset({"walls", "inlays-won"}),
        slides=(Slide(1, 2, 0.5),),
    )
    view = ViewState()
    board.show(frame, view)
    board.set_view("top")
    plotter.render()
    assert board.shown[0]
    assert board.shown[1]
    seconds = board.play([Vanish(0, colour, "fall", (0.0, 1.0)), Vanish(1, colour, "rise")])
    board.advance(0.5)
    board.advance(1.0)
    assert seconds >= 0
    board.show(Frame(), view)  # nothing at all is a frame too
    assert board.shown.shape == (n,)
    board.close()
    board.close()  # twice is safe


@pytest.mark.parametrize("name", game_names())
def test_each_board_view_draws_heat_by_its_value(plotter, name):
    """Frame.heat changes the picture, and a value of 0 looks unlike a value of 1."""
    from pyramid_lab.viewer.boards import make_board_view
    from pyramid_lab.viewer.games import ui_class
    from pyramid_lab.viewer.lab.frame import Frame
    from pyramid_lab.viewer.lab.view_state import ViewState

    game = GAMES[name].new()
    ui = ui_class(name)()
    board = make_board_view(ui.board_kind, plotter, ui.geometry(game))
    board.set_view("top")
    pictures = []
    for heat in ({}, {5: 0.0}, {5: 1.0}):
        board.show(Frame(heat=heat), ViewState())
        plotter.render()
        pictures.append(np.asarray(plotter.screenshot(None, return_img=True)).astype(int))
    none, cold, hot = pictures
    assert (none != cold).any()
    assert (cold != hot).any()
    board.close()


def test_each_board_drawn_into_meshes_says_what_the_page_asks():
    """``meshes_only`` gives a typed ``BoardMeshes`` for every kind a game shows: its
    levels, its camera presets, its meshes and labels, picking and bounds (the classroom
    asks for nothing by name)."""
    from pyramid_lab.model.game import game_class
    from pyramid_lab.viewer.boards import BoardMeshes, meshes_only
    from pyramid_lab.viewer.games import ui_class, ui_names
    from pyramid_lab.viewer.lab.frame import Frame
    from pyramid_lab.viewer.lab.palette import VIEWS
    from pyramid_lab.viewer.lab.view_state import ViewState

    for name in ui_names():
        ui = ui_class(name)()
        game = game_class(name).new()
        drawn = meshes_only(ui.board_kind, ui.geometry(game))
        assert isinstance(drawn, BoardMeshes), name
        assert drawn.level_count >= 1
        direction, up = {**VIEWS, **drawn.views}["iso"]  # the page's first camera
        assert len(direction) == len(up) == 3
        drawn.show(Frame(pieces=ui.sites(game)), ViewState())
        assert drawn.still_meshes()
        assert len(drawn.bounds()) == 6


@pytest.mark.parametrize("name", game_names())
def test_each_board_view_draws_frame_labels(plotter, name):
    """Frame.labels are drawn as text on every board (a puzzle's "key" and "cook"
    captions, a row's "blocked"), and go when the frame has none."""
    from pyramid_lab.viewer.boards import make_board_view
    from pyramid_lab.viewer.games import ui_class
    from pyramid_lab.viewer.lab.frame import Frame, Label
    from pyramid_lab.viewer.lab.view_state import ViewState

    game = GAMES[name].new()
    ui = ui_class(name)()
    board = make_board_view(ui.board_kind, plotter, ui.geometry(game))
    board.set_view("top")
    board.show(Frame(), ViewState())
    plotter.render()
    before = np.asarray(plotter.screenshot(None, return_img=True)).astype(int)
    board.show(Frame(labels=(Label(3, "key"), Label(4, "cook"))), ViewState())
    plotter.render()
    labelled = np.asarray(plotter.screenshot(None, return_img=True)).astype(int)
    assert (before != labelled).any()
    board.show(Frame(), ViewState())
    plotter.render()
    after = np.asarray(plotter.screenshot(None, return_img=True)).astype(int)
    assert (before == after).all()
    board.close()


def _protocol_members(protocol: type) -> set[str]:
    """The names a protocol of viewer.desktop.host asks for, its bases' included."""
    names: set[str] = set()
    for cls in protocol.__mro__:
        if (
            getattr(cls, "_is_protocol", False)
            and cls.__module__ == "pyramid_lab.viewer.desktop.host"
        ):
            names |= set(inspect.get_annotations(cls))
            names |= {n for n, v in vars(cls).items() if callable(v) or isinstance(v, property)}
    return {n for n in names if not n.startswith("__") and n != "_is_protocol"}


def test_the_few_protocols_between_controllers_are_fulfilled(make_window):
    """viewer.desktop.host keeps at most five protocols (issue 43: it held 25, one slice of the
    window for each controller); each is fulfilled by the part the binding hands over."""
    from pyramid_lab.viewer.desktop import host

    window = make_window()
    protocols = [
        p
        for p in vars(host).values()
        if getattr(p, "_is_protocol", False) and p.__module__ == host.__name__
    ]
    assert 1 <= len(protocols) <= 5, [p.__name__ for p in protocols]
    parts = {
        host.PuzzleActions: window.parts.puzzle,
        host.PracticeActions: window.menus.puzzles.practising(),
    }
    assert set(parts) == set(protocols)
    missing = [
        f"{protocol.__name__}.{name}"
        for protocol, owner in parts.items()
        for name in sorted(_protocol_members(protocol))
        if not hasattr(owner, name)
    ]
    assert missing == []


#: The front end's libraries: the lab (viewer/lab/) reaches none of them.
GUI_LIBRARIES = {"PySide6", "shiboken6", "vtk", "vtkmodules", "pyvista", "pyvistaqt"}


def gui_imports(path: pathlib.Path) -> set[str]:
    """The GUI libraries ``path`` imports anywhere in its source (TYPE_CHECKING too)."""
    found: set[str] = set()
    for node in walked(path):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found & GUI_LIBRARIES


def test_the_lab_reaches_no_qt_vtk_or_pyvista(graph):
    """Every module the lab imports, and every module those import, imports no GUI
    library: a web page or a test drives the lab with no Qt (tests/lab runs so)."""
    start = {
        name
        for name in graph
        if name == "pyramid_lab.viewer.lab" or name.startswith("pyramid_lab.viewer.lab.")
    }
    assert {
        "pyramid_lab.viewer.lab",
        "pyramid_lab.viewer.lab.lab",
        "pyramid_lab.viewer.lab.jobs",
        "pyramid_lab.viewer.lab.port",
    } <= start
    seen, todo = set(start), list(start)
    while todo:
        for module in graph[todo.pop()] - seen:
            seen.add(module)
            todo.append(module)
    reached = {name: found for name in sorted(seen) if (found := gui_imports(KNOWN[name]))}
    assert reached == {}


def test_the_lab_contract_sees_qt_imported_anywhere(tmp_path):
    fake = tmp_path / "fake.py"
    fake.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from PySide6.QtCore import QObject\n"
        "def f():\n    import pyvista.plotting\n"
    )
    assert gui_imports(fake) == {"PySide6", "pyvista"}


def test_the_classroom_reaches_no_qt(graph):
    """The classroom's server (viewer/classroom/, its command) and every module it imports,
    and those they import, import no Qt: it runs on a machine with no display, and trame and
    vtk.js draw in the browsers (pyvista builds the meshes; VTK and pyvista are allowed)."""
    start = {
        name
        for name in graph
        if name.startswith("pyramid_lab.viewer.classroom")
        or name == "pyramid_lab.viewer.cli.classroom"
    }
    assert {
        "pyramid_lab.viewer.classroom.room",
        "pyramid_lab.viewer.classroom.scene",
        "pyramid_lab.viewer.classroom.web",
    } <= start
    seen, todo = set(start), list(start)
    while todo:
        for module in graph[todo.pop()] - seen:
            seen.add(module)
            todo.append(module)
    reached = {
        name: found
        for name in sorted(seen)
        if (found := gui_imports(KNOWN[name]) & {"PySide6", "shiboken6", "pyvistaqt"})
    }
    assert reached == {}
    assert "pyramid_lab.viewer.lab.lesson" in seen  # built on the lab's lesson state, not beside it


def test_the_classroom_imports_nothing_of_the_window(graph):
    """The classroom is a front end of its own: it imports nothing of viewer/widgets/ or
    viewer/desktop/ (the legend's entries it shares with the window are the lab's)."""
    reached = sorted(
        f"{name}: {module}"
        for name, modules in graph.items()
        if name.startswith("pyramid_lab.viewer.classroom")
        for module in modules
        if module.startswith(("pyramid_lab.viewer.widgets", "pyramid_lab.viewer.desktop"))
    )
    assert reached == []
    assert "pyramid_lab.viewer.lab.legend_entries" in graph["pyramid_lab.viewer.classroom.sites"]


def game_only_names() -> set[str]:
    """The public names some games have and others lack (beyond :class:`model.game.Game`'s
    protocol and what every game has): Partition's ``analysis``, ``holders``,
    ``escape_path``, Rolling's ``garrison``, ..."""
    from pyramid_lab.model.game import Game

    # (a game's fresh position: its attributes too, as ``move_stack``)
    named = [{n for n in dir(cls.new()) if not n.startswith("_")} for cls in GAMES.values()]
    return set.union(*named) - set.intersection(*named) - set(dir(Game))


#: Game-only names the classroom uses for things that are not a game, each for its reason.
CLASSROOM_WORDS = {
    "groups": "a move form's groups of rows (choices._form_json)",
    "choices": "a form part's choices",
    "state": "a layer's mesh state",
    "resolve": "Path.resolve",
}


def classroom_offences(path: pathlib.Path, root: pathlib.Path = ROOT) -> list[str]:
    """What ``path`` (under ``root``) imports of a game (its model or its UI package) or
    asks a game for by name: a name only some games have, as an attribute or a string
    (``getattr(game, "holders")``)."""
    parts = [(module, module.split(".")[1:]) for module in imports(path, root)]
    found = [
        module
        for module, part in parts
        if (part[0] == "model" and len(part) > 1 and part[1] in GAMES)
        or (part[:2] == ["viewer", "games"] and len(part) > 2)
    ]
    words: set[str] = set()
    for node in walked(path):
        if isinstance(node, ast.Attribute):
            words.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            words.add(node.value)
    found += sorted((words & game_only_names()) - set(CLASSROOM_WORDS))
    return found


def test_the_classroom_imports_no_game_nor_asks_one_by_name():
    """One picture: the classroom draws every board from the game UI's frame (found by
    the game's name through viewer.games), never reading the rules a second time."""
    offenders = {
        str(path.relative_to(ROOT)): found
        for path in sorted((VIEWER / "classroom").glob("*.py"))
        if (found := classroom_offences(path))
    }
    assert offenders == {}
    assert {"analysis", "holders", "escape_path"} <= game_only_names()


def test_the_classroom_contract_sees_a_game_asked_by_name(tmp_path):
    fake = probe(
        tmp_path,
        "viewer/classroom/_contract_probe.py",
        "from pyramid_lab.model.partition import Partition\n"
        "from ..games.partition.teaching import TeachingView\n"
        "def f(game):\n    return getattr(game, 'holders')(), game.escape_path\n",
    )
    found = classroom_offences(fake, tmp_path)
    assert {
        "pyramid_lab.model.partition",
        "pyramid_lab.viewer.games.partition.teaching",
        "holders",
        "escape_path",
    } <= set(found)


def lab_offences(graph: dict[str, set[str]]) -> list[str]:
    """The lab's imports of the viewer outside viewer/lab/, as "MODULE: IMPORTED"."""
    return sorted(
        f"{name}: {module}"
        for name, imported in graph.items()
        if name == "pyramid_lab.viewer.lab" or name.startswith("pyramid_lab.viewer.lab.")
        for module in imported
        if module.startswith("pyramid_lab.viewer.")
        and not module.startswith("pyramid_lab.viewer.lab")
    )


def test_the_folder_is_the_lab_s_boundary(graph):
    """viewer/lab/ imports nothing of the viewer outside it (anywhere in a module: in a
    function, under TYPE_CHECKING), so the folder is the boundary a front end binds to;
    and viewer/'s root holds no module, only the folders: the lab, the desktop window,
    the classroom, the command line, the pictures, the board views, the widgets and the
    games."""
    assert lab_offences(graph) == []
    assert sorted(path.name for path in VIEWER.glob("*.py")) == ["__init__.py"]


def test_the_boundary_test_sees_the_lab_reach_out():
    graph = {
        "pyramid_lab.viewer.lab.fake": {
            "pyramid_lab.viewer.lab.frame",
            "pyramid_lab.viewer.desktop.stage",
            "pyramid_lab.model.game",
        },
        "pyramid_lab.viewer.lab": {"pyramid_lab.viewer.games"},
        "pyramid_lab.viewer.desktop.app": {"pyramid_lab.viewer.widgets.help"},
    }
    assert lab_offences(graph) == [
        "pyramid_lab.viewer.lab.fake: pyramid_lab.viewer.desktop.stage",
        "pyramid_lab.viewer.lab: pyramid_lab.viewer.games",
    ]


def lab_rooms(graph: dict[str, set[str]]) -> list[str]:
    """The modules of viewer/lab/ that are not the application's: neither the lab
    (``viewer.lab.lab``) reaches them nor does anything outside the window
    (viewer/desktop/) import them: the window's own, which belong under viewer/desktop/."""
    seen, todo = {"pyramid_lab.viewer.lab.lab"}, ["pyramid_lab.viewer.lab.lab"]
    while todo:
        for module in graph[todo.pop()] - seen:
            seen.add(module)
            todo.append(module)
    users: dict[str, set[str]] = {}
    for name, names in graph.items():
        for module in names:
            users.setdefault(module, set()).add(name)
    return sorted(
        name
        for name in graph
        if name.startswith("pyramid_lab.viewer.lab.")
        and name not in seen
        and all(user.startswith("pyramid_lab.viewer.desktop.") for user in users.get(name, set()))
    )


def test_the_lab_holds_the_application_and_the_window_its_own(graph):
    """viewer/lab/ is the application (what the lab reaches, and what another front end
    uses: the classroom, the command line, the games, the widgets, the pictures), not
    whatever happens to be Qt-free: a module only the window uses (its autosave file,
    its deferred imports) is the window's and lives under viewer/desktop/; and nothing
    outside the window imports viewer/desktop/ but the command line that opens it (the
    window's error guard, which the widgets' and the game UIs' Qt slots run under, is a
    widget: viewer/widgets/slots.py, below every user of it)."""
    assert lab_rooms(graph) == []
    outside = sorted(
        f"{name}: {module}"
        for name, imported in graph.items()
        if not name.startswith("pyramid_lab.viewer.desktop")
        for module in imported
        if module.startswith("pyramid_lab.viewer.desktop")
    )
    assert all(line.startswith("pyramid_lab.viewer.cli.") for line in outside), outside


def test_the_rooms_test_sees_a_window_only_module_in_the_lab():
    graph = {
        "pyramid_lab.viewer.lab.lab": {"pyramid_lab.viewer.lab.session"},
        "pyramid_lab.viewer.lab.session": set(),
        "pyramid_lab.viewer.lab.legend_entries": set(),
        "pyramid_lab.viewer.lab.only_the_window": set(),
        "pyramid_lab.viewer.desktop.app": {
            "pyramid_lab.viewer.lab.only_the_window",
            "pyramid_lab.viewer.lab.legend_entries",
        },
        "pyramid_lab.viewer.widgets.legend": {"pyramid_lab.viewer.lab.legend_entries"},
    }
    assert lab_rooms(graph) == ["pyramid_lab.viewer.lab.only_the_window"]
