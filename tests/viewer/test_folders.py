"""No two folders of viewer/ import each other (issue 88 item 5): each folder stands above
or beside another, never both, so a change below never reaches back up. The window's error
guard is a widget (viewer/widgets/slots.py) that the game UIs and the window stand above."""

from __future__ import annotations

from collections import defaultdict

import pytest
from import_graph import imported, modules, trees_read

VIEWER = "pyramid_lab.viewer."


@pytest.fixture(autouse=True, scope="module")
def _trees_read():
    """The sources' trees read with the collector paused, let go of after (import_graph)."""
    with trees_read():
        yield


def folder(module: str) -> str:
    """The folder of viewer/ ``module`` lives in (``viewer.games.ball.x`` -> ``games``);
    a module at viewer/'s top is its own."""
    return module[len(VIEWER) :].split(".")[0]


def folder_pairs(graph: dict[str, set[str]]) -> list[str]:
    """Each pair of viewer/'s folders that import each other, with one import each way."""
    between: dict[tuple[str, str], str] = defaultdict(str)
    for name, deps in sorted(graph.items()):
        if not name.startswith(VIEWER):
            continue
        for dep in sorted(deps):
            if dep.startswith(VIEWER) and folder(dep) != folder(name):
                between.setdefault((folder(name), folder(dep)), f"{name} -> {dep}")
    return sorted(
        f"{a} <-> {b}: {line}; {between[(b, a)]}"
        for (a, b), line in between.items()
        if a < b and (b, a) in between
    )


def test_no_two_folders_of_the_viewer_import_each_other():
    # viewer/'s modules alone: what they import elsewhere joins no two of its folders (the
    # model's 200 modules read too were 0.8 s of processor time for nothing)
    known = modules(packages=("viewer",))
    assert len(known) > 100
    graph = {name: imported(path, known) for name, path in known.items()}
    assert folder_pairs(graph) == []


def test_the_folder_test_sees_two_folders_that_import_each_other():
    graph = {
        f"{VIEWER}desktop.app": {f"{VIEWER}widgets.dock"},
        f"{VIEWER}widgets.dock": {f"{VIEWER}desktop.slots"},
        f"{VIEWER}games.ball": {f"{VIEWER}widgets.dock"},
    }
    assert folder_pairs(graph) == [
        "desktop <-> widgets: pyramid_lab.viewer.desktop.app -> pyramid_lab.viewer.widgets.dock; "
        "pyramid_lab.viewer.widgets.dock -> pyramid_lab.viewer.desktop.slots"
    ]
