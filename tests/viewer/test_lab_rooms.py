"""Each module of viewer/lab/ is the application's (issue 74 item 5): the lab reaches it
(``viewer.lab.lab`` and what it imports), or at least two front ends use it (the desktop
window, the classroom, the command line, the scripting API), or nothing outside the lab
imports it (the lab's own). A module that serves one front end only lives in that front
end's folder (the window's error guard in viewer/widgets/slots.py, a lesson's one-host
words in viewer/cli/lesson.py).

A front end uses a module when one of its modules imports it, or a shared module that
the front end reaches (a game UI, a board view, a widget, the pictures) imports it; the
search does not pass through another front end's folder (the command line's ``open``
starts the window, yet the window's modules are not the command line's)."""

from __future__ import annotations

import pytest
from import_graph import trees_read

#: A front end: its name and the prefixes of its modules.
FRONT_ENDS: dict[str, tuple[str, ...]] = {
    "desktop": ("pyramid_lab.viewer.desktop",),
    "classroom": ("pyramid_lab.viewer.classroom", "pyramid_lab.viewer.cli.classroom"),
    "cli": ("pyramid_lab.viewer.cli",),
    "script": ("pyramid_lab.viewer.script", "pyramid_lab"),
}
LAB = "pyramid_lab.viewer.lab"


@pytest.fixture(autouse=True, scope="module")
def _trees_read():
    """The sources' trees read with the collector paused, let go of after (import_graph)."""
    with trees_read():
        yield


def front_of(module: str) -> str | None:
    """The front end ``module`` belongs to (its longest prefix), or None (a shared one)."""
    best, length = None, -1
    for name, prefixes in FRONT_ENDS.items():
        for prefix in prefixes:
            inside = module == prefix or (
                module.startswith(prefix + ".") and prefix != "pyramid_lab"
            )
            if inside and len(prefix) > length:
                best, length = name, len(prefix)
    return best


def _reach(graph: dict[str, set[str]], starts: set[str], front: str | None) -> set[str]:
    """What ``starts`` import, and so on, outside the lab and other front ends' folders."""
    seen, todo = set(starts), list(starts)
    while todo:
        for module in graph.get(todo.pop(), set()) - seen:
            if module.startswith(LAB) or front_of(module) not in (None, front):
                continue
            seen.add(module)
            todo.append(module)
    return seen


def lonely_lab_modules(graph: dict[str, set[str]]) -> list[str]:
    """The modules of viewer/lab/ that neither the lab reaches nor two front ends use, and
    that something outside the lab imports: each with the front ends that use it."""
    in_lab = {f"{LAB}.lab"}
    todo = [f"{LAB}.lab"]
    while todo:
        for module in graph.get(todo.pop(), set()) - in_lab:
            in_lab.add(module)
            todo.append(module)
    reach = {
        front: _reach(graph, {m for m in graph if front_of(m) == front}, front)
        for front in FRONT_ENDS
    }
    out = []
    for name in sorted(graph):
        if not name.startswith(LAB + ".") or name in in_lab:
            continue
        users = {u for u, names in graph.items() if name in names and not u.startswith(LAB)}
        fronts = sorted({f for f in FRONT_ENDS for u in users if u in reach[f]})
        if users and len(fronts) < 2:
            out.append(f"{name}: {', '.join(fronts) or 'no front end'}")
    return out


def test_each_lab_module_is_the_lab_s_or_serves_two_front_ends():
    from import_graph import import_graph

    assert lonely_lab_modules(import_graph()) == []


def test_the_test_sees_a_module_only_one_front_end_uses():
    graph = {
        f"{LAB}.lab": {f"{LAB}.session"},
        f"{LAB}.session": set(),
        f"{LAB}.guard": set(),  # the window's only, through a widget
        f"{LAB}.words": set(),  # the command line's only
        f"{LAB}.shared": set(),  # a game UI's, which the window and the classroom show
        f"{LAB}.inner": set(),  # nothing outside the lab imports it
        "pyramid_lab.viewer.widgets.dock": {f"{LAB}.guard"},
        "pyramid_lab.viewer.desktop.app": {"pyramid_lab.viewer.widgets.dock", f"{LAB}.lab"},
        "pyramid_lab.viewer.cli.lesson": {f"{LAB}.words", "pyramid_lab.viewer.desktop.app"},
        "pyramid_lab.viewer.games.partition": {f"{LAB}.shared"},
        "pyramid_lab.viewer.classroom.student": {"pyramid_lab.viewer.games.partition"},
        "pyramid_lab.viewer.desktop.binding": {"pyramid_lab.viewer.games.partition"},
    }
    assert lonely_lab_modules(graph) == [f"{LAB}.guard: desktop", f"{LAB}.words: cli"]
