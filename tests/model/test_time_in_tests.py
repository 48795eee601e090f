"""The suite passes on a busy machine (issue 63; docs/development.md, "Time in tests"): no
test asserts a wall-clock duration against a figure a load of 10 can break, and no wait for
something that must happen gives up sooner than tests/patience.py's ``WAIT_S``. This reads
every test file (not tests/bench/, where speed is measured) and finds

- an ``assert`` that bounds a wall time from above by a number: a difference of
  ``time.perf_counter()``, ``time.monotonic()`` or ``time.time()`` (or a name bound to one),
  or a result's ``seconds`` (``analysis.seconds``, ``report["verify_seconds"]``), compared ``<`` or
  ``<=`` with a literal (a lower bound, or a bound of ``WAIT_S``, is no load's to break);
- a wait whose literal time is shorter than ``WAIT_S``: ``qtbot.waitUntil``/``waitSignal``
  (milliseconds; pytest-qt's default is 5 s), the lab's ``inbox.until``, an asserted
  ``Event.wait`` or ``Queue.get``.

One that is meant (a bound with slack against what a broken program takes, a stop checked
against the time the search would have run) says why on its line or the line above, in a
comment ``# wall-clock: <why>``."""

from __future__ import annotations

import ast
import functools
import itertools
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from import_graph import trees_read

from tests.patience import WAIT_MS, WAIT_S

TESTS = Path(__file__).resolve().parents[1]
WALL_CLOCKS = {"perf_counter", "monotonic", "time", "perf_counter_ns", "monotonic_ns"}
SECONDS_FIELDS = {"seconds", "elapsed", "wall"}
MARK = re.compile(r"#\s*wall-clock:\s*(.*)")
QT_WAITS = {"waitUntil", "waitSignal", "waitSignals", "waitCallback", "waitExposed", "waitActive"}
#: pytest-qt's waits that are context managers only: called bare, they wait for nothing.
QT_WITH_ONLY = {"waitExposed", "waitActive"}


@pytest.fixture(autouse=True, scope="module")
def _trees_read():
    """The sources' trees read with the collector paused, let go of after (import_graph)."""
    with trees_read(_test_files.cache_clear, _nodes.cache_clear):
        yield


@functools.cache
def _test_files() -> tuple[tuple[Path, ast.Module, list[str]], ...]:
    """Every test file (not tests/bench/, nor this one): its path, tree and lines."""
    paths = sorted(
        path
        for path in TESTS.rglob("*.py")
        if "bench" not in path.relative_to(TESTS).parts and path != Path(__file__).resolve()
    )
    read = [(path, path.read_text(encoding="utf-8")) for path in paths]
    return tuple((path, ast.parse(text), text.splitlines()) for path, text in read)


@functools.cache
def _nodes(tree: ast.AST) -> tuple[ast.AST, ...]:
    """Every node of ``tree``, as ``ast.walk`` gives them, walked once: each scan below
    reads every test file's nodes, some twice."""
    return tuple(ast.walk(tree))


def _is_wall_call(node: ast.AST) -> bool:
    """``time.perf_counter()`` and the like (or ``perf_counter()`` imported bare)."""
    if not isinstance(node, ast.Call) or node.args:
        return False
    func = node.func
    if isinstance(func, ast.Attribute):
        return (
            func.attr in WALL_CLOCKS
            and isinstance(func.value, ast.Name)
            and func.value.id in ("time", "_time")
        )
    return isinstance(func, ast.Name) and func.id in WALL_CLOCKS - {"time"}


def _has_wall_difference(node: ast.AST, durations: set[str]) -> bool:
    for part in ast.walk(node):
        if (
            isinstance(part, ast.BinOp)
            and isinstance(part.op, ast.Sub)
            and any(_is_wall_call(side) for side in ast.walk(part))
        ):
            return True
        if isinstance(part, ast.Name) and part.id in durations:
            return True
    return False


def _is_seconds_field(node: ast.AST) -> bool:
    """``analysis.seconds``, ``report["verify_seconds"]``: a time a result says it took."""
    name = None
    if isinstance(node, ast.Attribute):
        name = node.attr
    elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        name = node.slice.value
    return isinstance(name, str) and (name in SECONDS_FIELDS or name.endswith("_seconds"))


def _literal(node: ast.AST) -> float | None:
    """The number ``node`` is when it is made of literals only (``2 * (0.5 + 1.5)``)."""
    names = [n for n in ast.walk(node) if isinstance(n, ast.Name | ast.Attribute | ast.Call)]
    if names:
        return None
    try:
        value = eval(compile(ast.Expression(node), "<literal>", "eval"), {"__builtins__": {}})
    except Exception:
        return None
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _durations(scope: ast.AST) -> set[str]:
    """The names bound in ``scope`` to a difference of wall clocks (or of one of these)."""
    found: set[str] = set()
    for node in _nodes(scope):
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if _has_wall_difference(node.value, found):
                found |= {t.id for t in targets if isinstance(t, ast.Name)}
    return found


def _wall_upper_bounds(tree: ast.Module) -> Iterator[ast.stmt]:
    durations = _durations(tree)  # (by name in the whole file: a heuristic, as a mark is)
    for node in _nodes(tree):
        if not isinstance(node, ast.Assert):
            continue
        for compare in (n for n in ast.walk(node.test) if isinstance(n, ast.Compare)):
            sides = [compare.left, *compare.comparators]
            for (left, right), op in zip(itertools.pairwise(sides), compare.ops, strict=True):
                if isinstance(op, ast.Gt | ast.GtE):
                    left, right = right, left
                elif not isinstance(op, ast.Lt | ast.LtE):
                    continue
                wall = _has_wall_difference(left, durations) or _is_seconds_field(left)
                if wall and _literal(right) is not None and _literal(right) < WAIT_S:
                    yield node


def _short_waits(tree: ast.Module) -> Iterator[ast.AST]:
    for node in _nodes(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        name = node.func.attr
        timeout = next((k.value for k in node.keywords if k.arg in ("timeout", "seconds")), None)
        if name in QT_WAITS:
            if timeout is None:
                yield node  # pytest-qt's 5 s
            elif (ms := _literal(timeout)) is not None and ms < WAIT_MS:
                yield node
        elif name == "until" and isinstance(node.func.value, ast.Name):
            if node.func.value.id == "inbox" and timeout is None and len(node.args) > 1:
                timeout = node.args[1]
            if timeout is not None and (s := _literal(timeout)) is not None and s < WAIT_S:
                yield node
    for node in _nodes(tree):  # assert event.wait(5), assert queue.get(timeout=5)
        if isinstance(node, ast.Assert):
            for call in (n for n in ast.walk(node.test) if isinstance(n, ast.Call)):
                if isinstance(call.func, ast.Attribute) and call.func.attr in ("wait", "get"):
                    given = call.args[:1] or [k.value for k in call.keywords if k.arg == "timeout"]
                    if given and (s := _literal(given[0])) is not None and s < WAIT_S:
                        yield call


def _bare_window_waits(tree: ast.Module) -> Iterator[ast.AST]:
    managed = {
        id(item.context_expr)
        for node in _nodes(tree)
        if isinstance(node, ast.With)
        for item in node.items
    }
    for node in _nodes(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in QT_WITH_ONLY
            and id(node) not in managed
        ):
            yield node


def _unmarked(path: Path, nodes: Iterator[ast.AST], lines: list[str]) -> list[str]:
    found = []
    for node in nodes:
        first, last = node.lineno, getattr(node, "end_lineno", node.lineno) or node.lineno
        near = lines[max(first - 2, 0) : last]
        reasons = [m.group(1).strip() for line in near if (m := MARK.search(line))]
        if not any(len(reason) >= 10 for reason in reasons):
            found.append(f"{path.relative_to(TESTS.parent)}:{first}: {lines[first - 1].strip()}")
    return found


def _everywhere(scan: Callable[[ast.Module], Iterator[ast.AST]]) -> str:
    """What ``scan`` finds unmarked in every test file, a line each ("" for nothing)."""
    found = []
    for path, tree, lines in _test_files():
        found += _unmarked(path, scan(tree), lines)
    return "\n".join(found)


def test_no_test_bounds_a_wall_time_by_a_figure_load_can_break():
    found = _everywhere(_wall_upper_bounds)
    assert not found, (
        "wall-clock bounds (a busy machine stretches them; bound processor time, wait for "
        f"an event, or say why with '# wall-clock: <why>'):\n{found}"
    )


def test_no_wait_for_what_must_happen_gives_up_before_wait_s():
    found = _everywhere(_short_waits)
    assert not found, (
        "short waits (tests/patience.WAIT_S / WAIT_MS: a wait returns as soon as its "
        f"condition holds; or say why with '# wall-clock: <why>'):\n{found}"
    )


def test_a_window_wait_is_a_with():
    found = "\n".join(
        f"{path.relative_to(TESTS.parent)}:{node.lineno}: {lines[node.lineno - 1].strip()}"
        for path, tree, lines in _test_files()
        for node in _bare_window_waits(tree)
    )
    assert not found, (
        "qtbot.waitExposed / waitActive called outside 'with' wait for nothing (pytest-qt's "
        f"context managers: 'with qtbot.waitExposed(w, timeout=WAIT_MS): w.show()'):\n{found}"
    )


def test_the_scan_finds_what_it_is_meant_to():
    bad = ast.parse(
        "def test_x(qtbot, inbox, done):\n"
        "    began = time.perf_counter()\n"
        "    spent = time.perf_counter() - began\n"
        "    assert spent < 2.0\n"
        "    assert time.monotonic() - began <= 0.5\n"
        "    assert 3 > analysis.seconds\n"
        "    assert report['verify_seconds'] < 5\n"
        "    qtbot.waitUntil(lambda: done)\n"
        "    qtbot.waitUntil(lambda: done, timeout=5000)\n"
        "    inbox.until(lambda: done, 10)\n"
        "    assert done.wait(5)\n"
        "    qtbot.waitExposed(window, timeout=WAIT_MS)\n"
    )
    assert [n.lineno for n in _wall_upper_bounds(bad)] == [4, 5, 6, 7]
    assert sorted(n.lineno for n in _short_waits(bad)) == [8, 9, 10, 11]
    assert [n.lineno for n in _bare_window_waits(bad)] == [12]
    fine = ast.parse(
        "def test_y(qtbot, inbox, done):\n"
        "    began = time.perf_counter()\n"
        "    spent = time.process_time() - began\n"
        "    assert spent < 2.0\n"  # processor time: load does not stretch it
        "    assert time.monotonic() - began >= 2.9\n"  # a lower bound
        "    assert time.monotonic() - began < WAIT_S\n"  # a hang's bound
        "    qtbot.waitUntil(lambda: done, timeout=WAIT_MS)\n"
        "    inbox.until(lambda: done)\n"
        "    assert done.wait(WAIT_S)\n"
        "    with qtbot.waitExposed(window, timeout=WAIT_MS):\n"
        "        window.show()\n"
    )
    assert list(_wall_upper_bounds(fine)) == []
    assert list(_short_waits(fine)) == []
    assert list(_bare_window_waits(fine)) == []
    lines = ["x = 1", "# wall-clock: a stop checked against the 120 s it would run", "assert 1"]
    node = ast.parse("assert 1").body[0]
    node.lineno = node.end_lineno = 3
    assert _unmarked(Path(__file__), iter([node]), lines) == []
    assert _unmarked(Path(__file__), iter([node]), ["", "", "assert 1"]) != []
