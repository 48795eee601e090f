"""The seams, as tests: board views never import a game; nothing in the viewer outside a
game's own folder (``viewer/games/<name>/``) names a game, its class or its module; a game's
folder names no other game; the viewer has no import cycle; every registered game has a UI
whose board kind has a view; and every board view draws a frame with every field set."""

from __future__ import annotations

import ast
import os
import pathlib

import numpy as np
import pytest

from model.game import game_class, game_names

ROOT = pathlib.Path(__file__).resolve().parents[2]
VIEWER = ROOT / "viewer"
GAMES = {name: game_class(name) for name in game_names()}
GAME_MODULES = {cls.__module__ for cls in GAMES.values()}


def _module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(path: pathlib.Path, *, top_level_only: bool = False) -> set[str]:
    """Absolute names of the modules ``path`` imports (relative imports resolved; with
    ``top_level_only``, imports inside functions and TYPE_CHECKING blocks are left out)."""
    tree = ast.parse(path.read_text(), str(path))
    package = _module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    nodes: list[ast.AST] = []
    if top_level_only:
        todo = list(tree.body)
        while todo:
            node = todo.pop()
            if isinstance(node, ast.If) and not _is_type_checking(node):
                todo += node.body + node.orelse
            elif isinstance(node, ast.Try):
                todo += node.body
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                nodes.append(node)
    else:
        nodes = list(ast.walk(tree))
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            for alias in node.names:  # "from . import palette" imports a module
                candidate = f"{module}.{alias.name}"
                as_path = ROOT / candidate.replace(".", "/")
                if as_path.with_suffix(".py").exists() or (as_path / "__init__.py").exists():
                    found.add(candidate)
    return found


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
    tree = ast.parse(path.read_text(), str(path))
    words: set[str] = set()
    for node in ast.walk(tree):
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
        if module in GAME_MODULES or module.startswith("viewer.games")
    ]
    assert offenders == []


def test_no_game_is_named_outside_its_own_folder():
    offenders = []
    for path in viewer_files():
        own = game_folder(path)
        for name, cls in GAMES.items():
            if name == own:
                continue
            words = names_in(path)
            hits = {cls.__name__, name} & words
            hits |= {m for m in imports(path) if m == cls.__module__}
            offenders += [f"{path.relative_to(ROOT)}: {hit}" for hit in sorted(hits)]
    assert offenders == []


def test_the_contract_test_would_see_a_game_named_in_the_shell(tmp_path):
    # The detector itself: a file that names a game is caught.
    fake = VIEWER / "_contract_probe.py"
    fake.write_text('from model.pyraos import Pyraos\nNAME = "partition"\n')
    try:
        words = names_in(fake)
        assert {"Pyraos", "partition"} <= words
        assert "model.pyraos" in imports(fake)
    finally:
        os.unlink(fake)


def test_no_import_cycle_in_the_viewer():
    modules = {_module_name(p): p for p in viewer_files()}
    graph = {
        name: {m for m in imports(path, top_level_only=True) if m in modules and m != name}
        for name, path in modules.items()
    }
    # Importing a submodule runs its package's __init__ first.
    for name in modules:
        parent = name.rsplit(".", 1)[0]
        if parent in modules and parent != name:
            graph[name].add(parent)
    cycle = _real_cycle(graph)
    assert cycle == [], " -> ".join(cycle)


def _real_cycle(graph: dict[str, set[str]]) -> list[str]:
    """A cycle that does not go through a package's edge to its own submodule."""
    pruned = {
        name: {m for m in deps if not m.startswith(name + ".")} for name, deps in graph.items()
    }
    seen: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> list[str]:
        seen[node] = 1
        for nxt in sorted(pruned[node]):
            if seen.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in seen:
                found = visit(nxt, [*path, nxt])
                if found:
                    return found
        seen[node] = 2
        return []

    for name in sorted(pruned):
        if name not in seen:
            found = visit(name, [name])
            if found:
                return found
    return []


def test_every_game_has_a_ui_with_a_board_view():
    from viewer.boards import BOARD_VIEWS
    from viewer.games import ui_class, ui_names

    assert ui_names() == game_names()
    for name, cls in GAMES.items():
        ui = ui_class(name)
        assert ui.game_name == name
        assert ui.board_kind in BOARD_VIEWS
        assert set(ui.overlay_names) <= {spec.name for spec in cls.lesson_overlays}


@pytest.mark.parametrize("name", game_names())
def test_each_board_view_draws_a_frame_with_every_field(plotter, name):
    from viewer.boards import make_board_view
    from viewer.frame import Frame, Label, Marker, Path, Pointer, Region, Slide, Vanish
    from viewer.games import ui_class
    from viewer.view_state import ViewState

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
    from viewer.boards import make_board_view
    from viewer.frame import Frame
    from viewer.games import ui_class
    from viewer.view_state import ViewState

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


@pytest.mark.parametrize("name", game_names())
def test_each_board_view_draws_frame_labels(plotter, name):
    """Frame.labels are drawn as text on every board (a puzzle's "key" and "cook"
    captions, a row's "blocked"), and go when the frame has none."""
    from viewer.boards import make_board_view
    from viewer.frame import Frame, Label
    from viewer.games import ui_class
    from viewer.view_state import ViewState

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
