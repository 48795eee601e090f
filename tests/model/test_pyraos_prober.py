"""A probe of a whole-game table imports no builder (issue 88, STYLE.md lessons 29 and 34):
``pyramid-lab endgame probe --whole`` and the book's look-up of a position (from a table
in the user's cache, or from the shipped opening) load none of the modules that build,
push, count, walk or verify a table, no other game's rules or plug-in, and at most
:data:`MOST_LINES` lines of ``model/search``. Measured in a fresh process, as a user runs
it: its ``sys.modules`` read after the answer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from import_graph import imported, modules
from zero_table import write_zero_table

from pyramid_lab.model.files import read as read_position
from tests.patience import WAIT_S

ROOT = Path(__file__).resolve().parents[2]
TOP_IN_ONE = ROOT / "examples" / "pyraos" / "top-in-one.pyr.json"
EMPTY = ROOT / "examples" / "pyraos" / "empty.pyr.json"
#: The issue's bound on what a probe loads of ``model/search``.
MOST_LINES = 3000
PYRAOS = "pyramid_lab.model.search.games.pyraos"
#: What builds a table (a folder), never loaded by a probe.
BUILDER = f"{PYRAOS}.builder"
#: What a probe reads a table with (a folder): it imports no builder.
PROBER = f"{PYRAOS}.prober"
OTHERS = ("ball", "partition", "rolling", "terrace")

REPORT = """
import json, pathlib, sys
inside = "pyramid_lab.model.search"
found = {
    name: len(pathlib.Path(module.__file__).read_text().splitlines())
    for name, module in list(sys.modules.items())
    if name.startswith(inside) and getattr(module, "__file__", None)
}
games = sorted(m for m in sys.modules if m.startswith("pyramid_lab.model.") and m.count(".") == 2)
print(json.dumps({"answer": answer, "modules": found, "games": games}))
"""

PROBE = (
    "import sys\n"
    "from pyramid_lab.viewer.cli import main\n"
    "answer = main(['endgame', 'probe', '--whole', '--table', sys.argv[1], sys.argv[2]])\n"
) + REPORT

BOOK = (
    "import sys\n"
    "import pyramid_lab.model.search as search\n"
    "from pyramid_lab.model.files import read\n"
    "game = read(sys.argv[1]).game\n"
    "exact = search.books.book_for(game).exact(game)\n"
    "answer = [exact[1], exact[0](game)]\n"
) + REPORT


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished base-4 table of zeros, the two layers probed here checked
    (tests/zero_table.py)."""
    folder = tmp_path_factory.mktemp("cache") / "pyramid-lab" / "pyraos-standard-0-2-whole"
    write_zero_table(folder, {0, len(read_position(TOP_IN_ONE).game.pieces())})
    return folder


def _loaded(code: str, *argv: str | Path, cache: Path) -> tuple[object, dict[str, int]]:
    """What the code answered and the lines of each module of ``model/search`` it loaded
    (after checking that it loaded no builder, no other game and at most
    :data:`MOST_LINES` lines of them)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", code, *map(str, argv)],
        env=env,
        capture_output=True,
        text=True,
        timeout=WAIT_S,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    modules: dict[str, int] = found["modules"]
    assert not [m for m in modules if _in(m, BUILDER)], sorted(modules)
    games = "pyramid_lab.model.search.games."
    assert not [m for m in modules if m.startswith(games) and m.split(".")[4] in OTHERS]
    assert not [g for g in OTHERS if f"pyramid_lab.model.{g}" in found["games"]]
    largest = sorted(modules.items(), key=lambda kv: -kv[1])
    assert sum(modules.values()) <= MOST_LINES, largest
    return found["answer"], modules


TABLE = f"{PROBER}.table"


def test_a_probe_of_the_whole_table_loads_no_builder_and_no_other_game(table: Path) -> None:
    answer, modules = _loaded(PROBE, table, TOP_IN_ONE, cache=table.parents[1])
    assert answer == 0
    assert TABLE in modules
    assert f"{PYRAOS}.book" not in modules  # (nor a solver)


def test_the_book_answers_from_a_table_or_its_opening_and_loads_no_builder(
    table: Path, tmp_path: Path
) -> None:
    answer, modules = _loaded(BOOK, EMPTY, cache=table.parents[1])
    assert answer == ["table", ["draw", 0]]  # (this table: every position a draw)
    assert TABLE in modules
    answer, modules = _loaded(BOOK, EMPTY, cache=tmp_path)
    assert answer == ["book", ["loss", 40]]
    assert TABLE not in modules


def _in(module: str, folder: str) -> bool:
    """``module`` is ``folder`` (a package) or inside it."""
    return module == folder or module.startswith(folder + ".")


#: What a probe never reaches, by its imports: the builder, the tables' door (its builds:
#: the command line's way in), the command line and the window, another game.
NEVER = (
    BUILDER,
    f"{PYRAOS}.endgame",
    "pyramid_lab.viewer",
    *(f"pyramid_lab.model.{game}" for game in OTHERS),
    *(f"pyramid_lab.model.search.games.{game}" for game in OTHERS),
)


def _reached(start: list[str]) -> dict[str, str]:
    """Each module of the packages that ``start``'s modules import, directly or through
    others, read from the source (tests/import_graph.py: every import statement counts, at
    the top, inside a function or under TYPE_CHECKING), with the module that imports it."""
    known = modules()
    via: dict[str, str] = {}
    todo = list(start)
    while todo:
        name = todo.pop()
        for found in imported(known[name], known):
            if found not in via and found not in start:
                via[found] = name
                todo.append(found)
    return via


def test_nothing_the_prober_imports_reaches_the_builder_or_the_command_line() -> None:
    """The folders hold the probe's lightness, not lazy imports alone (issue 110): the
    prober's modules, and all they import in turn, import no module of the builder's
    folder, the tables' door, the command line or another game, whenever they run."""
    prober = [name for name in modules() if _in(name, PROBER)]
    assert {f"{PROBER}.{m}" for m in ("table", "files", "index", "opening", "places")} <= set(
        prober
    )
    via = _reached(prober)
    assert f"{PYRAOS}.pyramid_arrays" in via  # (what it reads is followed)
    wrong = {name: by for name, by in via.items() if any(_in(name, no) for no in NEVER)}
    assert not wrong, wrong


def test_the_book_imports_its_tables_from_the_prober_alone() -> None:
    """The book (the Analysis dock's, Hint's) imports a table's reader, the shipped
    opening's and what a missing table costs from the prober, never the builder or the
    tables' door (it did: the door's words of a build, issue 110)."""
    known = modules()
    found = imported(known[f"{PYRAOS}.book"], known)
    assert f"{PROBER}.table" in found
    assert not [m for m in found if any(_in(m, no) for no in NEVER)], sorted(found)


def test_no_module_of_the_builder_is_named_as_a_name_it_gives() -> None:
    """``from ...builder import push`` gave the package's ``push`` (a function), not the
    push kernels' module: a module of the builder's folder shares no name with what the
    package gathers (its ``__all__``)."""
    import pkgutil

    from pyramid_lab.model.search.games.pyraos import builder

    names = {found.name for found in pkgutil.iter_modules(builder.__path__)}
    assert {"building", "pushing", "steps", "walk"} <= names
    assert not names & set(builder.__all__)
