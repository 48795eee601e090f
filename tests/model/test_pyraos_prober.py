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
import zlib
from pathlib import Path

import pytest

from pyramid_lab.model.files import read as read_position
from tests.patience import WAIT_S

ROOT = Path(__file__).resolve().parents[2]
TOP_IN_ONE = ROOT / "examples" / "pyraos" / "top-in-one.pyr.json"
EMPTY = ROOT / "examples" / "pyraos" / "empty.pyr.json"
#: The issue's bound on what a probe loads of ``model/search``.
MOST_LINES = 3000
#: What builds a table, never loaded by a probe.
BUILDER = (
    "whole",
    "whole_build",
    "whole_moves",
    "whole_push",
    "whole_rounds",
    "whole_steps",
    "whole_stops",
    "whole_store",
    "whole_verify",
    "whole_walk",
    "whole_words",
    "agreement",
)
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
    """A finished base-4 table of the standard version, every byte 0 (a draw), its layers
    sparse files: the header names each layer's size and the checksum of the two layers
    probed here (the others are never read)."""
    from pyramid_lab.model.search.games.pyraos.whole_files import FORMAT, VERSION
    from pyramid_lab.model.search.games.pyraos.whole_index import index

    folder = tmp_path_factory.mktemp("cache") / "pyramid-lab" / "pyraos-standard-0-2-whole"
    folder.mkdir(parents=True)
    probed = {0, len(read_position(TOP_IN_ONE).game.pieces())}
    layers = []
    for n, size in enumerate(index(4).sizes):
        with open(folder / f"layer-{n:02d}.bin", "wb") as f:
            f.truncate(size)
        crc, left, block = 0, size if n in probed else 0, bytes(1 << 24)
        while left:
            crc = zlib.crc32(block[: min(left, len(block))], crc)
            left -= min(left, len(block))
        layers.append({"positions": size, "crc": [crc]})
    head = {"format": FORMAT, "version": VERSION, "base": 4, "variant": "standard"}
    head |= {"removal": "0-2", "round": 0, "done": [], "finished": True}
    head |= {"layers": layers, "decided": []}
    (folder / "table.json").write_text(json.dumps(head))
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
    assert not [m for m in modules if m.rsplit(".", 1)[-1] in BUILDER], sorted(modules)
    games = "pyramid_lab.model.search.games."
    assert not [m for m in modules if m.startswith(games) and m.split(".")[4] in OTHERS]
    assert not [g for g in OTHERS if f"pyramid_lab.model.{g}" in found["games"]]
    largest = sorted(modules.items(), key=lambda kv: -kv[1])
    assert sum(modules.values()) <= MOST_LINES, largest
    return found["answer"], modules


TABLE = "pyramid_lab.model.search.games.pyraos.whole_table"


def test_a_probe_of_the_whole_table_loads_no_builder_and_no_other_game(table: Path) -> None:
    answer, modules = _loaded(PROBE, table, TOP_IN_ONE, cache=table.parents[1])
    assert answer == 0
    assert TABLE in modules
    assert "pyramid_lab.model.search.games.pyraos.book" not in modules  # (nor a solver)


def test_the_book_answers_from_a_table_or_its_opening_and_loads_no_builder(
    table: Path, tmp_path: Path
) -> None:
    answer, modules = _loaded(BOOK, EMPTY, cache=table.parents[1])
    assert answer == ["table", ["draw", 0]]  # (this table: every position a draw)
    assert TABLE in modules
    answer, modules = _loaded(BOOK, EMPTY, cache=tmp_path)
    assert answer == ["book", ["loss", 40]]
    assert TABLE not in modules
