"""No import cycle in the packages: every module's imports, read from its source (ast),
make a graph over ``model`` and ``viewer``, and it has no loop.

Every import counts: at the top of a module, inside a function, inside an
``if TYPE_CHECKING:`` block (a loop that only the type checker walks is still two modules
that each need the other to be understood) and a dynamic ``import_module``; ``model/`` has
none of those at all. The rules sit below the search: no module of ``model/`` outside
``model/search`` imports it (a game's search knowledge is its plug-in there), and every
caller outside it goes through its one door, ``model.search``. The search's generic modules
name no game. A window controller takes the lab, its port and the stage, never the window.
Reads files only: no Qt, nothing is imported."""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys

import pytest
from import_graph import (
    ROOT,
    dynamic_imports,
    find_cycle,
    import_graph,
    imported,
    modules,
    parsed,
    trees_read,
    walked,
)


@pytest.fixture(autouse=True, scope="module")
def _trees_read():
    """The sources' trees read with the collector paused, let go of after (import_graph)."""
    with trees_read():
        yield


@pytest.fixture(scope="module")
def graph() -> dict[str, frozenset[str]]:
    """The packages' import graph, read once for this file's questions (each reads it
    alone; frozen, so that none can change what the next one reads)."""
    return {name: frozenset(imports) for name, imports in import_graph().items()}


def test_no_import_cycle(graph):
    assert len(graph) > 60  # the packages were found
    cycle = find_cycle(graph)
    assert cycle == [], "import cycle: " + " -> ".join(cycle)


def test_the_game_modules_reach_no_search(graph):
    # The search imports the games (its plug-ins), never the other way round. Followed
    # through everything a game module imports.
    from pyramid_lab.model.game import game_class, game_names

    for name in game_names():
        start = game_class(name).__module__
        seen, todo = {start}, [start]
        while todo:
            for module in graph[todo.pop()] - seen:
                seen.add(module)
                todo.append(module)
        assert sorted(m for m in seen if m.startswith("pyramid_lab.model.search")) == [], start


def test_the_rules_import_no_search_and_nothing_dynamically(graph):
    # model/ outside model/search (the rules, files, puzzles, lessons) imports no search
    # module, in any way; and no module of model/ imports by a name in a string.
    rules = sorted(m for m in graph if m.startswith("pyramid_lab.model") and not _in_search(m))
    assert "pyramid_lab.model.files" in rules
    assert "pyramid_lab.model.lesson" in rules
    assert "pyramid_lab.model.puzzle" in rules
    for name in rules:
        assert sorted(m for m in graph[name] if _in_search(m)) == [], name
    dynamic = {
        name: found
        for name, path in modules().items()
        if name.startswith("pyramid_lab.model") and (found := dynamic_imports(path))
    }
    assert dynamic == {}


def test_the_check_sees_a_dynamic_import(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "a.py").write_text(
        "from importlib import import_module\ndef f():\n    return import_module('pkg.b')\n"
    )
    (tmp_path / "pkg" / "b.py").write_text("from . import a\n")
    graph = import_graph(tmp_path, ("pkg",))
    assert graph["pkg.a"] == {"pkg.b"}
    assert find_cycle(graph) == ["pkg.a", "pkg.b", "pkg.a"]
    assert dynamic_imports(tmp_path / "pkg" / "a.py") == ["3: import_module('pkg.b')"]


#: Unit tests and benchmarks of the search's own modules (a kernel against the model, the
#: Pyraos book and solver, the agents' internals, the Rolling planner, the reference solver
#: and prover that the compiled ones are compared with, the plug-ins): they may import below
#: the door; every other caller imports ``model.search`` only.
SEARCH_UNIT_TESTS = {
    "tests.lab.test_lab_solving",  # (a slow book stood in inside the solve: search.entry)
    "tests.model.test_agents",
    "tests.model.test_analysis",
    "tests.model.test_analysis_threads",
    "tests.model.test_ball_agents",
    "tests.model.test_ball_restart",
    "tests.model.test_compiled_kernels",
    "tests.model.test_compiled_search",
    "tests.model.test_deadlines",
    "tests.model.test_exact_budget",
    "tests.model.test_first_run",
    "tests.model.test_first_use",
    "tests.model.test_imports",
    "tests.model.handed",
    "tests.model.test_information_state",
    "tests.model.test_protocol",
    "tests.model.test_prover",
    "tests.model.test_prover_helps",
    "tests.model.test_proof_rank",
    "tests.model.test_pyraos",
    "tests.model.test_pyraos_book",
    "tests.model.test_pyraos_kernel",
    "tests.model.test_pyraos_prober",
    "tests.model.test_pyraos_keys",
    "tests.model.test_pyraos_solver",
    "tests.model.test_pyraos_whole",
    "tests.model.test_pyraos_whole_files",
    "tests.model.test_pyraos_whole_lean",
    "tests.model.test_pyraos_whole_resume",
    "tests.model.test_rolling_planner",
    "tests.model.test_shared_table",
    "tests.model.test_solver",
    "tests.model.test_split",
    "tests.model.test_split_hostile",
    "tests.model.test_value_book",
    "tests.viewer.test_cli_book",
    "tests.model.test_showing",  # (builds the search's answers to show them)
    "tests.viewer.test_api_waits",  # (fakes the compiled core's first use, as test_first_use)
    "tests.viewer.test_last_english_words",  # (says the first use's and a split's words)
    "tests.viewer.test_last_english_sentences",  # (a book's, a build's and a split's words)
    "tests.lab.test_lab_hint_book",  # (a compile holds numba's lock; the book's key, new)
    "tests.viewer.test_sides",
    "tests.viewer.test_quit",  # (its child windows hold the compiled core's first use)
    "tests.patience",  # (its helpers of the search's tests tell the exact step what it saw)
    "tests.compile_stand_in",  # (holds the compiled core's first use, as another thread's)
    "tests.whole_kernels",  # (compiles the whole-game tables' build kernels once a suite)
    "tests.zero_table",  # (a Pylos table written in the prober's own format)
    "tests.conftest",  # (the split tests' shared Dask cluster: the solve's own quiet settings)
    "tests.model.test_book_repetition",  # (the book's repetition rule, unit by unit)
    "tests.model.test_compile_count",  # (counts the compile's functions as numba makes them)
    "tests.viewer.test_analysis_numbers",  # (a search's choice made by hand, its numbers shown)
    "tests.viewer.test_solve_time_limit",  # (the solve's clock faked inside its units)
    "tests.model.test_machine_code",  # (the install's machine code shared, unit by unit)
}


def _in_search(module: str) -> bool:
    return module == "pyramid_lab.model.search" or module.startswith("pyramid_lab.model.search.")


def test_callers_go_through_the_one_door():
    # Outside model/search (the rest of model, the viewer, the scripts, the tests) the
    # search is imported as ``model.search`` only, never one of its modules. A module whose
    # source never says "search" imports none (an import of it names it, relative or not,
    # as a dynamic one does): the others alone are read (of the scripts' and tests' 310
    # files, half: 0.8 s of processor time less)
    known = modules(ROOT, ("model", "viewer", "scripts", "tests"))
    graph = {
        name: imported(path, known) - {name} if "search" in path.read_text() else set()
        for name, path in known.items()
    }
    assert "scripts.make_puzzles" in graph
    assert "pyramid_lab.viewer.cli.solve" in graph
    below = {
        name: sorted(m for m in imports if m.startswith("pyramid_lab.model.search."))
        for name, imports in graph.items()
        if not _in_search(name)
        and name not in SEARCH_UNIT_TESTS
        and not name.startswith("tests.bench.")
    }
    assert {name: found for name, found in below.items() if found} == {}
    assert "pyramid_lab.model.search" in graph["pyramid_lab.viewer.cli.solve"]
    assert "pyramid_lab.model.search" in graph["pyramid_lab.viewer.desktop.engine"]
    assert "pyramid_lab.model.search" in graph["scripts.make_puzzles"]


#: The search's modules written once for every game: they are handed a game's plug-in
#: (model.search.wiring, behind the door, looks it up) and never name a game.
GENERIC = (
    "__init__.py",
    "agents.py",
    "alphabeta_agent.py",
    "analysis.py",
    "analysis_record.py",
    "book.py",
    "book_verify.py",
    "choice.py",
    "exact.py",
    "levels.py",
    "mcts_agent.py",
    "prover.py",
    "registry.py",
    "solver.py",
    "split.py",
    "split_checkpoint.py",
    "split_cluster.py",
    "split_worker.py",
    "symmetry.py",
    "teaching.py",
    "value_book.py",
    "value_book_build.py",
    "compiled/adapters.py",
    "compiled/core.py",
)


def test_the_generic_search_modules_name_no_game():
    from pyramid_lab.model.game import game_names

    names = set(game_names())
    assert {"partition", "pyraos", "terrace", "rolling", "ball"} <= names
    search = pathlib.Path(ROOT, "model", "search")
    for relative in GENERIC:
        keys = [
            node.value
            for node in walked(search / relative)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value in names
        ]
        assert keys == [], relative


def test_no_generic_module_asks_the_registry():
    # The search is handed its knowledge (issue 56): only the door's wiring looks a game's
    # plug-in up; every other module of the search but the registry and the games' own
    # takes what it needs from whoever builds it.
    search = pathlib.Path(ROOT, "model", "search")
    asking = {}
    for path in sorted(search.rglob("*.py")):
        relative = path.relative_to(search).as_posix()
        if relative == "registry.py" or relative.startswith(("wiring/", "games/")):
            continue
        names = {
            node.id if isinstance(node, ast.Name) else node.attr
            for node in walked(path)
            if isinstance(node, ast.Name | ast.Attribute)
        }
        imported = {
            alias.name
            for node in walked(path)
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("registry")
            for alias in node.names
        }
        found = sorted({"plugin_for", "plugins"} & (names | imported))
        if found:
            asking[relative] = found
    assert "levels.py" in {p.relative_to(search).as_posix() for p in search.rglob("*.py")}
    assert asking == {}


def _searches_taking_knowledge(tree: ast.Module) -> dict[str, tuple[str, bool]]:
    """The functions and classes of ``tree`` that take ``knowledge`` (a game's plug-in) or
    ``knowledge_of`` (who gives each game's), each with that parameter and whether it has a
    default."""
    found = {}
    for node in ast.walk(tree):
        init = node
        if isinstance(node, ast.ClassDef):
            init = next((f for f in node.body if getattr(f, "name", "") == "__init__"), None)
        if not isinstance(init, ast.FunctionDef):
            continue
        arguments = init.args
        positional = arguments.posonlyargs + arguments.args
        defaulted = {a.arg for a in positional[len(positional) - len(arguments.defaults) :]}
        defaulted |= {
            a.arg for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True) if d
        }
        for argument in positional + arguments.kwonlyargs:
            if argument.arg in ("knowledge", "knowledge_of"):
                found[node.name] = (argument.arg, argument.arg in defaulted)
    return found


def test_each_search_takes_its_knowledge_as_a_required_argument():
    # Issue 74: a search that needs a game's knowledge takes it from its caller, required
    # (``knowledge=search.knowledge_for(game)``, or ``knowledge_of=search.knowledge_for``
    # where one search meets several games): none defaults to no knowledge, so none falls
    # back to the reference searches unseen, and nothing hands it behind the caller's back.
    taking = {name: _searches_taking_knowledge(parsed(path)) for name, path in modules().items()}
    assert {"solve", "warm_up", "exact_choice", "write_certificate"} <= set(
        taking["pyramid_lab.model.search.entry"]
    )
    assert {"prove", "Prover", "first_moves"} <= set(taking["pyramid_lab.model.search.prover"])
    assert {"verify", "Judge"} <= set(taking["pyramid_lab.model.search.teaching"])
    assert taking["pyramid_lab.model.search.split"]["split_solve"] == ("knowledge_of", False)
    defaulted = sorted(
        f"{module}.{search}: {parameter}"
        for module, found in taking.items()
        for search, (parameter, default) in found.items()
        if default
    )
    assert defaulted == []


def test_the_check_sees_a_knowledge_with_a_default():
    tree = ast.parse(
        "def solve(game, *, knowledge=NONE, seconds=1.0): ...\n"
        "def prove(game, knowledge): ...\n"
        "class Judge:\n    def __init__(self, knowledge_of=none): ...\n"
    )
    assert _searches_taking_knowledge(tree) == {
        "solve": ("knowledge", True),
        "prove": ("knowledge", False),
        "Judge": ("knowledge_of", True),
        "__init__": ("knowledge_of", True),
    }


def test_every_game_with_a_kernel_has_its_plug_in():
    from pyramid_lab.model.game import game_class, game_names
    from pyramid_lab.model.search.registry import plugin_for

    assert {p for p in game_names() if plugin_for(p).adapter is not None} == {
        "partition",
        "pyraos",
        "terrace",
    }
    for name in game_names():
        plugin = plugin_for(game_class(name))
        assert plugin.game in (name, "")


def test_the_compiled_layer_imports_no_game(graph):
    # Each game's kernel and adapter are in its package of the search (model.search.games);
    # the compiled searches take any kernel by its code, handed an adapter. Only the core
    # (it dispatches to the kernels) and the warm-up (it compiles them) import a game's
    # module of the search or of the rules.
    from pyramid_lab.model.game import game_class, game_names

    games = {"pyramid_lab.model.search.games"}
    games |= {".".join(game_class(name).__module__.split(".")[:3]) for name in game_names()}
    assert {
        "pyramid_lab.model.partition",
        "pyramid_lab.model.pyraos",
        "pyramid_lab.model.terrace",
    } <= games
    allowed = {"pyramid_lab.model.search.compiled.core", "pyramid_lab.model.search.compiled.warm"}
    reached = {
        name: sorted(m for m in imports if any(m == g or m.startswith(g + ".") for g in games))
        for name, imports in graph.items()
        if name.startswith("pyramid_lab.model.search.compiled") and name not in allowed
    }
    assert "pyramid_lab.model.search.compiled.agent" in reached
    assert {name: found for name, found in reached.items() if found} == {}


CONTROLLERS = (
    "pyramid_lab.viewer.desktop.engine",
    "pyramid_lab.viewer.desktop.analysis",
    "pyramid_lab.viewer.desktop.menus",
    "pyramid_lab.viewer.desktop.parts",
    "pyramid_lab.viewer.desktop.puzzle",
    "pyramid_lab.viewer.desktop.export_control",
    "pyramid_lab.viewer.desktop.lessons",
    "pyramid_lab.viewer.desktop.practice",
    "pyramid_lab.viewer.desktop.review",
    "pyramid_lab.viewer.desktop.setup_mode",
    "pyramid_lab.viewer.desktop.recovery",
    "pyramid_lab.viewer.desktop.compose",
)


def test_the_controllers_take_the_lab_and_the_port_not_the_window(graph):
    # The window (viewer.desktop.app) is a shell; viewer.desktop.binding builds the lab, the
    # port, the stage and the controllers and connects them. A controller imports neither, nor the
    # protocols' module imports a controller. Only the command line's ``open`` (and
    # ``practice`` through it) opens the window.
    assert sorted(
        name for name, imports in graph.items() if "pyramid_lab.viewer.desktop.app" in imports
    ) == ["pyramid_lab.viewer.cli.open"]
    assert sorted(
        name for name, imports in graph.items() if "pyramid_lab.viewer.desktop.binding" in imports
    ) == ["pyramid_lab.viewer.desktop.app"]
    assert graph["pyramid_lab.viewer.desktop.host"].isdisjoint(CONTROLLERS)
    for name in ("pyramid_lab.viewer.desktop.stage", "pyramid_lab.viewer.desktop.qt_port"):
        assert graph[name].isdisjoint(CONTROLLERS), name
    for name in CONTROLLERS:
        assert "pyramid_lab.viewer.lab" in graph[name] or any(
            m.startswith("pyramid_lab.viewer.lab.") for m in graph[name]
        ), name


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


def test_the_door_is_narrow_and_every_name_answers():
    # At most 30 names (issue 47): the verbs, the types their answers come in and four
    # namespaces; the rest is reached through those. Each name resolves.
    import pyramid_lab.model.search as search
    from pyramid_lab.model.search.registry import plugin_for

    assert len(search.__all__) <= 30
    assert sorted(search.__all__) == search.__all__
    for name in search.__all__:
        assert getattr(search, name) is not None, name
    assert search.knowledge_for("partition") is plugin_for("partition")
    assert search.Judge(search.knowledge_for).knowledge_of is search.knowledge_for
    assert search.computer.MAX_THREADS >= 1
    assert "partition" in search.books.book_games()
    assert callable(search.cluster.split_solve)
    assert callable(search.puzzles.make_puzzle)
    with pytest.raises(AttributeError, match="no attribute 'Solver'"):
        _ = search.Solver  # below the door: model.search.solver, for its own tests


def _type_checking_names(tree: ast.Module) -> dict[str, tuple[str, str | None]]:
    """The names the door's ``TYPE_CHECKING`` block imports -> (module, name there; None:
    the module itself)."""
    block = next(n for n in tree.body if isinstance(n, ast.If) and "TYPE_CHECKING" in ast.dump(n))
    names: dict[str, tuple[str, str | None]] = {}
    for node in ast.walk(block):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if node.module is None:  # ``from . import composer as puzzles``
                    names[alias.asname or alias.name] = (alias.name, None)
                else:
                    names[alias.asname or alias.name] = (node.module, alias.name)
    return names


def test_the_door_hands_nothing_behind_the_callers_back():
    # Issue 74: each name of the door is the object its module defines (no wrapper, no
    # signature read at run time), a namespace the module itself; a search takes the game's
    # knowledge from its caller (required: no call without it), and the caller's knowledge
    # is what it searches with (Rolling's plug-in: players of its own, which the engine's
    # analysis does not judge; none: the reference searches over the protocol).
    import pyramid_lab.model.search as search
    from pyramid_lab.model.game import game_class
    from pyramid_lab.model.search import analysis, composer, prover, split, teaching, wiring
    from pyramid_lab.model.search.registry import NO_KNOWLEDGE
    from pyramid_lab.model.search.wiring import computer

    for name in search.__all__:
        value = getattr(search, name)
        assert not hasattr(value, "__wrapped__"), name
    assert search.unanalysable is analysis.unanalysable
    assert search.Prover is prover.Prover
    assert search.Judge is teaching.Judge
    assert search.puzzles is composer
    assert search.cluster is split
    assert search.computer is computer
    assert not hasattr(wiring, "handed")

    rolling = game_class("rolling").new()
    with pytest.raises(TypeError, match="knowledge"):
        search.unanalysable(rolling)  # type: ignore[call-arg]  # (the call mypy refuses)
    assert "chance games" in search.unanalysable(rolling, knowledge=search.knowledge_for(rolling))
    assert search.unanalysable(rolling, knowledge=NO_KNOWLEDGE) is None
    own = search.computer.agent_for(rolling, "planner", knowledge=search.knowledge_for(rolling))
    assert own[0] is not None
    with pytest.raises(ValueError, match="level must be one of easy"):
        search.computer.agent_for(rolling, "planner", knowledge=NO_KNOWLEDGE)
    with pytest.raises(AttributeError, match="has no attribute 'agent_fro'"):
        _ = search.computer.agent_fro

    partition = game_class("partition").new()
    proving = search.Prover(
        partition, partition.to_move, compiled=False, knowledge=search.knowledge_for(partition)
    )
    assert isinstance(proving, search.Prover)
    assert isinstance(search.Judge(search.knowledge_for), search.Judge)
    assert not isinstance(partition, search.Prover)


def test_the_door_reads_a_plain_table_named_as_the_type_checker_reads_it():
    # The door is lazy through a plain table (_NAMES), written once, and never reads its own
    # source; its TYPE_CHECKING block (what mypy sees) names the same things from the same
    # modules.
    import pyramid_lab.model.search as search

    path = pathlib.Path(ROOT, "model", "search", "__init__.py")
    tree = parsed(path)
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    names |= {
        a.name
        for n in ast.walk(tree)
        if isinstance(n, ast.Import | ast.ImportFrom)
        for a in n.names
    }
    assert {"__file__", "ast", "read_text", "inspect", "handed"} & names == set()
    table = search._NAMES
    assert sorted(table) == search.__all__
    seen = _type_checking_names(tree)
    assert set(seen) == set(table)
    for name, (where, inside) in table.items():
        module, there = seen[name]
        if inside is None:  # a namespace: the module itself
            assert there is None or module.rpartition(".")[2] + "." + there == where, name
            assert there is not None or module == where, name
        else:
            assert (module.lstrip("."), there) == (where, inside), name


def _fresh_python(code: str) -> str:
    """What ``code`` prints in a fresh interpreter (stripped); its failure fails the test."""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_door_loads_no_kernel_for_its_cheap_names():
    # The window asks for the levels and the threads before it draws: numba (a second and
    # more to import) and the compiled core load on the first search, not then.
    code = (
        "import sys\n"
        "from pyramid_lab.model import search\n"
        "search.computer.LEVELS, search.computer.default_threads(), search.Choice\n"
        "search.levels_for('partition'), search.computer.own_levels('rolling')\n"
        "core = 'pyramid_lab.model.search.compiled.core'\n"
        "print(sorted(m for m in ('numba', core) if m in sys.modules))"
    )
    assert _fresh_python(code) == "[]"


def test_the_model_imports_a_game_when_first_asked_for():
    # Importing the model imports no game (each costs tens of milliseconds, all five 0.3 s
    # and numpy): the registry names them, and a game's package, its teaching companion and
    # its search plug-in are imported when the game is first asked for.
    code = (
        "import sys\n"
        "from pyramid_lab.model import game_names, game_class\n"
        "from pyramid_lab.model.game import GAMES\n"
        "from pyramid_lab.model import search\n"
        "def games():\n"
        "    return sorted(g for g in GAMES if f'pyramid_lab.model.{g}' in sys.modules)\n"
        "before = games(), 'numpy' in sys.modules, game_names()\n"
        "search.knowledge_for(game_class('terrace'))\n"
        "from pyramid_lab.model.teaching import teaching_for\n"
        "words = type(teaching_for('partition')).__name__\n"
        "inside = 'pyramid_lab.model.search.games.'\n"
        "plugged = sorted(m[len(inside):] for m in sys.modules\n"
        "                 if m.startswith(inside) and m.count('.') == 4)\n"
        "print(before, games(), words, plugged)"
    )
    every = ["ball", "partition", "pyraos", "rolling", "terrace"]
    said = f"([], False, {every}) ['partition', 'terrace'] PartitionTeaching ['plugins', 'terrace']"
    assert _fresh_python(code) == said


def test_every_game_of_the_registry_is_imported_by_its_name():
    from pyramid_lab.model.game import GAMES, game_class
    from pyramid_lab.model.search.games import plugins
    from pyramid_lab.model.teaching import Teaching, teaching_for

    assert plugins.GAMES == GAMES
    for name in GAMES:
        assert game_class(name).name == name
        assert type(teaching_for(name)) is not Teaching, name
        assert getattr(plugins.import_plugin(name), "game", None) == name


def test_the_compiled_layer_is_handed_its_adapter(graph):
    # The generic search asks a game's plug-in (model.search.registry, through
    # model.search.kernels) and hands the compiled layer what it needs: nothing in
    # model/search/compiled imports the registry, the kernels' finder or a plug-in (a
    # game's kernel beside its plug-in, in its package of the search, it may).
    compiled = sorted(m for m in graph if m.startswith("pyramid_lab.model.search.compiled"))
    assert "pyramid_lab.model.search.compiled.agent" in compiled
    plugins = {
        name
        for name in graph
        if name.startswith("pyramid_lab.model.search.games")
        and "pyramid_lab.model.search.registry" in graph[name]
    }
    assert {
        f"pyramid_lab.model.search.games.{game}.plugin"
        for game in ("partition", "pyraos", "terrace")
    } <= (plugins)
    above = {"pyramid_lab.model.search.registry", "pyramid_lab.model.search.kernels", *plugins}
    reached = {name: sorted(graph[name] & above) for name in compiled}
    assert {name: found for name, found in reached.items() if found} == {}


def test_pyraos_rules_load_no_numpy():
    # A Pyraos position read, played and keyed for its book loads no numpy: the lattice's
    # numpy tables are made on first use, and the small pyramid's symmetries in Python.
    code = (
        "import sys\n"
        "from pyramid_lab.model import game_class\n"
        "from pyramid_lab.model.search.games.pyraos.keys import board_key\n"
        "game = game_class('pyraos').new()\n"
        "game.push(game.legal_moves()[0])\n"
        "board_key(*game.masks())\n"
        "print('numpy' in sys.modules, len(game.legal_moves()))"
    )
    assert _fresh_python(code).split()[0] == "False"
