"""Capability lookups by a literal name (issue 74 item 5): ``getattr(x, "name")``,
``getattr(x, "name", default)``, ``hasattr(x, "name")`` (and ``setattr``) in the product
code (model/ and viewer/), read with ``ast``. Asking a game, a game UI, a geometry, a
board view, a table or a solver whether it has a member by its name hides a protocol the
type checker cannot see: a typed member, or a method with a default on the base class,
says it instead. At most five such lookups stay, each listed with why.

Every other lookup by a literal name is listed too, with why it is no capability of those
(the platform's optional flags, a stream's, a callable's name, an object's own lazily set
attribute): a new one fails here until it is listed, so each is a decision.

model/search/games/pyraos/ is left out: it is being rewritten (its lookups are the
platform's ``os`` flags)."""

from __future__ import annotations

import ast
import pathlib

import pytest
from import_graph import trees_read

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGES = ("model", "viewer")
LEFT_OUT = ("model/search/games/pyraos/",)
MOST_CAPABILITIES = 5


@pytest.fixture(autouse=True, scope="module")
def _trees_read():
    """The sources' trees read with the collector paused, let go of after (import_graph)."""
    with trees_read():
        yield


#: (file, the call as ast.unparse writes it) -> why it stays: a capability of a game, UI,
#: geometry, board view, table or solver.
CAPABILITIES = {
    ("viewer/cli/resolve.py", "getattr(doc.game, 'resolve_text', None)"): (
        "resolve plays a programmed turn: Pyramid Ball's alone, and the command says so for "
        "any other game"
    ),
    ("viewer/classroom/sites.py", "getattr(drawn, 'level_count', 1)"): (
        "the board view's levels (a pyramid's; a flat board has one)"
    ),
    ("viewer/classroom/sites.py", "getattr(drawer, 'views', {})"): (
        "the board view's own camera presets, where it has them (the palette's otherwise)"
    ),
    ("viewer/desktop/framing.py", "getattr(board, 'cell_centres', None)"): (
        "a flat board view's cells (a pyramid has none)"
    ),
    ("viewer/pictures/sheet.py", "hasattr(game.options, 'to_json')"): (
        "a game's options in words, where its options are a record that writes itself"
    ),
}

#: The same, for lookups that ask no game, UI, geometry, board view, table or solver.
OTHERS = {
    **{
        (path, f"getattr(os, '{flag}', 0)"): "an open flag the platform may lack"
        for path in (
            "model/certificate.py",
            "model/files/reading.py",
            "model/files/saving.py",
            "model/userfiles.py",
        )
        for flag in ("O_NOCTTY", "O_NONBLOCK", "O_BINARY", "O_DIRECTORY")
    },
    ("model/files/saving.py", "hasattr(os, 'fchmod')"): "a call the platform may lack",
    ("model/files/saving.py", "hasattr(os, 'fchown')"): "a call the platform may lack",
    ("model/save_links.py", "hasattr(os, 'getuid')"): "a call the platform may lack",
    ("model/save_links.py", "getattr(os, 'O_PATH', os.O_RDONLY)"): (
        "an open flag the platform may lack (Linux's: a folder passed, not read)"
    ),
    ("model/search/compiled/memory.py", "getattr(mmap, 'MADV_HUGEPAGE', None)"): (
        "a flag the platform may lack"
    ),
    **{
        ("model/search/split_cluster.py", call): (
            "multiprocessing's resource tracker, reset in a child"
        )
        for call in (
            "getattr(tracker, '_fd', None)",
            "getattr(tracker, '_pid', None)",
            "setattr(tracker, '_fd', write)",
            "setattr(tracker, '_pid', process.pid)",
        )
    },
    ("model/search/stop.py", "hasattr(stop, 'is_set')"): "a stop is an Event or a callable",
    ("viewer/boards/ball_pyramid.py", "getattr(self, 'last_ray', None)"): "its own, set late",
    ("viewer/boards/meshes.py", "getattr(mesh, '_copies', None)"): "a mesh's note of copies",
    ("viewer/boards/meshes.py", "getattr(self, '_label_key', ())"): "its own, set late",
    ("viewer/classroom/pages.py", "getattr(self.transport, 'get_write_buffer_size', None)"): (
        "an asyncio transport's"
    ),
    ("viewer/cli/__init__.py", "getattr(command, 'WINDOW', False)"): (
        "a command module's flag: it opens the window"
    ),
    ("viewer/cli/__init__.py", "getattr(stream, 'reconfigure', None)"): "a text stream's",
    ("viewer/cli/common.py", "getattr(self.stream, 'encoding', 'utf-8')"): "a text stream's",
    ("viewer/desktop/scene.py", "getattr(type(plotter), '_cleanup_context', None)"): (
        "pyvista's plotter, across its versions"
    ),
    ("viewer/widgets/slots.py", "getattr(call, '__name__', 'a slot')"): "a callable's name",
    ("viewer/games/partition/__init__.py", "getattr(call, '__name__', 'Corners dock')"): (
        "a callable's name"
    ),
    ("viewer/games/rolling/__init__.py", "getattr(self, '_codes', {})"): "its own, set late",
    ("viewer/pictures/render.py", "getattr(self, 'plotter', None)"): "its own, set late",
}

LOOKUPS = ("getattr", "hasattr", "setattr", "delattr")


def lookups(source: str) -> list[str]:
    """The calls of ``source`` that look a member up by a literal name, as ast writes them."""
    if not any(name in source for name in LOOKUPS):
        return []  # (a call writes its function's name out: most files' trees not read)
    return [
        ast.unparse(node)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in LOOKUPS
        and len(node.args) >= 2
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
    ]


def found() -> set[tuple[str, str]]:
    out = set()
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if not name.startswith(LEFT_OUT):
                out |= {(name, call) for call in lookups(path.read_text(encoding="utf-8"))}
    return out


def test_at_most_five_capability_lookups_by_name_each_listed():
    assert len(CAPABILITIES) <= MOST_CAPABILITIES
    here = found()
    assert sorted(here - set(CAPABILITIES) - set(OTHERS)) == [], "list it, with why"
    assert len(here & set(CAPABILITIES)) <= MOST_CAPABILITIES


def test_the_count_sees_each_form():
    source = (
        "getattr(game, 'lattice', None)\nhasattr(tables, 'whole_count')\n"
        "getattr(ui, name)\nsetattr(x, 'y', 1)\ngetattr(book, 'book_end')\n"
    )
    assert lookups(source) == [
        "getattr(game, 'lattice', None)",
        "hasattr(tables, 'whole_count')",
        "setattr(x, 'y', 1)",
        "getattr(book, 'book_end')",
    ]
