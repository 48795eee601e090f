"""No import cycle in the packages: every module's imports, read from its source (ast),
make a graph over ``model`` and ``viewer``, and it has no loop.

Every import counts: at the top of a module, inside a function, and inside an
``if TYPE_CHECKING:`` block (a loop that only the type checker walks is still two modules
that each need the other to be understood). A game names its book and solver as strings
(``Game.book_module``) and never imports search; a window controller takes a protocol of
``viewer.host``, never the window. Reads files only: no Qt, nothing is imported."""

from __future__ import annotations

from import_graph import find_cycle, import_graph


def test_no_import_cycle():
    graph = import_graph()
    assert len(graph) > 60  # the packages were found
    cycle = find_cycle(graph)
    assert cycle == [], "import cycle: " + " -> ".join(cycle)


def test_the_game_modules_reach_no_search():
    # A game points to its book and solver by name (Game.book_module); search imports the
    # games. Followed through everything a game module imports.
    from model.game import game_class, game_names

    graph = import_graph()
    for name in game_names():
        start = game_class(name).__module__
        seen, todo = {start}, [start]
        while todo:
            for module in graph[todo.pop()] - seen:
                seen.add(module)
                todo.append(module)
        assert sorted(m for m in seen if m.startswith("model.search")) == [], start


CONTROLLERS = (
    "viewer.engine",
    "viewer.analysis",
    "viewer.solve",
    "viewer.menus",
    "viewer.widgets.puzzle_dock",
    "viewer.widgets.export_dialog",
)


def test_the_controllers_take_a_host_not_the_window():
    # The window (viewer.app) wires the controllers; each takes its protocol of
    # viewer.host, which names none of them. Only the command line opens the window.
    graph = import_graph()
    assert sorted(name for name, imports in graph.items() if "viewer.app" in imports) == [
        "viewer.cli"
    ]
    assert graph["viewer.host"].isdisjoint(CONTROLLERS)
    for name in CONTROLLERS:
        assert "viewer.host" in graph[name], name


def test_the_check_sees_a_cycle_through_type_checking_and_function_imports(tmp_path):
    # The detector itself, on a package of its own: a loop closed only by an import in a
    # TYPE_CHECKING block, or only by one inside a function, is found and named.
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "a.py").write_text("from .sub import b\n")
    (package / "sub" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..c import C\n"
    )
    (package / "c.py").write_text("def f():\n    from pkg.a import A\n")
    graph = import_graph(tmp_path, ("pkg",))
    assert graph["pkg.a"] == {"pkg.sub", "pkg.sub.b"}
    assert graph["pkg.sub.b"] == {"pkg.c"}
    assert graph["pkg.c"] == {"pkg.a"}
    assert find_cycle(graph) == ["pkg.a", "pkg.sub.b", "pkg.c", "pkg.a"]
    (package / "c.py").write_text("import json\n")
    assert find_cycle(import_graph(tmp_path, ("pkg",))) == []
