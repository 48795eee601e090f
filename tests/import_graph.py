"""The modules of the packages and what each imports, read from the source (ast, nothing
is imported): every import counts, at the top of a module, inside a function, inside an
``if TYPE_CHECKING:`` block, or a dynamic ``import_module("...")`` of a name written out.
Shared by the import-cycle test (tests/model/test_imports.py) and the viewer's seams
(tests/viewer/test_contracts.py)."""

from __future__ import annotations

import ast
import atexit
import contextlib
import functools
import gc
import pathlib
from collections.abc import Callable, Iterator

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGES = ("model", "viewer")


def parsed(path: pathlib.Path) -> ast.Module:
    """``path``'s syntax tree, parsed once a process for each version of the file (until a
    ``trees_read`` block ends): the contract tests read every module of the packages many
    times over (the viewer's, once for each game and each question). Nobody changes the
    trees it hands out."""
    stat = path.stat()
    return _parse(path, stat.st_mtime_ns, stat.st_size)


@functools.cache
def _parse(path: pathlib.Path, _mtime_ns: int, _size: int) -> ast.Module:
    return ast.parse(path.read_text(), str(path))


def walked(path: pathlib.Path) -> tuple[ast.AST, ...]:
    """Every node of ``parsed(path)``, as ``ast.walk`` gives them, walked once a process
    for each version of the file (as ``parsed``): several contracts walk every module."""
    stat = path.stat()
    return _walk(path, stat.st_mtime_ns, stat.st_size)


@functools.cache
def _walk(path: pathlib.Path, mtime_ns: int, size: int) -> tuple[ast.AST, ...]:
    return tuple(ast.walk(_parse(path, mtime_ns, size)))


@contextlib.contextmanager
def trees_read(*caches: Callable[[], None]) -> Iterator[None]:
    """A test module that reads the sources' trees runs inside: Python's cyclic collector
    paused, and the trees let go of (``parsed``'s, by their counts: a tree holds no
    cycle) before it runs again. The packages' trees are a million and a half objects;
    the collector, run as they piled up, walked everything the process holds at each
    quarter's growth, and after, at each full collection of every later test in the
    process, them too (tests/model/test_imports.py: 3 s of its 5 s in the collector).
    ``caches``: the clear functions of a test module's own caches of trees, let go of
    then too."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        _parse.cache_clear()
        _walk.cache_clear()
        for clear in caches:
            clear()
        if was:
            gc.enable()
            # the module's own garbage (all of it young: nothing was collected since)
            # freed now, between two modules, not at some allocation in a later test's
            # drawing (docs/history/tests.md: a VTK object freed by the collector deletes
            # its GL names in whatever context is current then)
            gc.collect(0)


# The trees let go of before the interpreter's own clean-up, read outside a trees_read
# block too: the packages', scripts' and tests' trees are a million and a half objects,
# which each of its last collections walked (a process that had read them all took 5 to
# 7 s of processor time more to end).
atexit.register(_parse.cache_clear)
atexit.register(_walk.cache_clear)


#: The folders of the repository that the installed package maps into ``pyramid_lab``
#: (``pyramid_lab/`` links to them): their modules are named as imported.
IN_PACKAGE = ("model", "viewer", "shaders")


def module_name(path: pathlib.Path, root: pathlib.Path = ROOT) -> str:
    """The name ``path`` is imported as: ``model/game.py`` is ``pyramid_lab.model.game``;
    ``scripts/x.py`` and ``tests/y.py`` keep their folders' names."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    if parts and parts[0] in IN_PACKAGE:
        parts.insert(0, "pyramid_lab")
    return ".".join(parts)


def modules(
    root: pathlib.Path = ROOT, packages: tuple[str, ...] = PACKAGES
) -> dict[str, pathlib.Path]:
    """Module name -> source file, for every module of ``packages`` under ``root``."""
    return {
        module_name(path, root): path
        for package in packages
        for path in sorted((root / package).rglob("*.py"))
    }


def imported(
    path: pathlib.Path, known: dict[str, pathlib.Path], root: pathlib.Path = ROOT
) -> set[str]:
    """The modules of ``known`` that ``path`` imports anywhere in its source (relative
    imports resolved; ``from package import module`` imports that module)."""
    package = module_name(path, root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: set[str] = set()
    for node in walked(path):
        if isinstance(node, ast.Call) and _dynamic(node) is not None:
            argument = node.args[0] if node.args else None
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                found.add(argument.value)  # import_module("pyramid_lab.model.x")
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            submodules = {f"{module}.{alias.name}" for alias in node.names}
            if node.module or not submodules <= known.keys():  # (``from . import moves``: a
                found.add(module)  # sibling module, not the package's __init__)
            found |= submodules
    return {name for name in found if name in known}


def _dynamic(node: ast.Call) -> str | None:
    """The name of a dynamic import that ``node`` calls (``import_module``,
    ``importlib.import_module``, ``__import__``), or None."""
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    return name if name in ("import_module", "__import__") else None


def dynamic_imports(path: pathlib.Path) -> list[str]:
    """Every dynamic import in ``path``'s source, as "LINE: CALL" (whatever it names: a
    string, or a name the reader cannot follow)."""
    return [
        f"{node.lineno}: {ast.unparse(node)}"
        for node in walked(path)
        if isinstance(node, ast.Call) and _dynamic(node) is not None
    ]


def import_graph(
    root: pathlib.Path = ROOT, packages: tuple[str, ...] = PACKAGES
) -> dict[str, set[str]]:
    """Module -> the modules it imports (itself left out)."""
    known = modules(root, packages)
    return {name: imported(path, known, root) - {name} for name, path in known.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """A loop of imports as [a, b, ..., a], or [] when there is none (depth first, in
    sorted order, so the same loop is named each time)."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done, no loop through it

    def visit(node: str, path: list[str]) -> list[str]:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt, [*path, nxt])
                if found:
                    return found
        state[node] = 2
        return []

    for name in sorted(graph):
        if name not in state:
            found = visit(name, [name])
            if found:
                return found
    return []
