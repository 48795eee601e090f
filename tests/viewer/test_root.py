"""One root builds the window's parts (issue 56, item 2; STYLE lesson 19): each part gets
what it needs in its constructor, in dependency order, so nothing is wired onto a built
part afterwards and no part can be asked for something not set yet; the session has one
listener in the window, which says the order its followers go in as code, not comments.
(The stage's board on show, its game UI, scene, turn builder, input and modes, is still
put in by the root after the controllers that take the stage are made: ``STAGE_LATE``.)"""

from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILT = [ROOT / "viewer" / "lab", ROOT / "viewer" / "desktop"]
THE_ROOT = ROOT / "viewer" / "desktop" / "binding.py"
#: What the root still puts into the stage once made (the stage is the board on show, and
#: the controllers that draw it are made with it).
STAGE_LATE = {"ui", "turn", "scene", "turns", "modes", "held"}


def assignments(path: pathlib.Path) -> list[tuple[int, str, str, ast.expr]]:
    """(line, object, attribute, value) of each ``object.attribute = value`` whose object
    is not ``self``, in ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        for target in targets:
            for one in target.elts if isinstance(target, ast.Tuple) else [target]:
                if isinstance(one, ast.Attribute) and ast.unparse(one.value) != "self":
                    found.append((node.lineno, ast.unparse(one.value), one.attr, value))
    return found


def sources() -> list[pathlib.Path]:
    return sorted(path for folder in BUILT for path in folder.glob("*.py"))


def test_no_part_can_be_asked_for_something_not_set_yet() -> None:
    said = [p.name for p in sources() if "not set yet" in p.read_text(encoding="utf-8")]
    assert said == []


def test_no_behaviour_is_poked_into_a_built_part() -> None:
    poked = [
        f"{path.relative_to(ROOT)}:{line} {obj}.{attr}"
        for path in sources()
        for line, obj, attr, value in assignments(path)
        if isinstance(value, ast.Lambda)
    ]
    assert poked == []


def test_the_root_assigns_only_the_windows_parts_and_the_stages_board_on_show() -> None:
    late = {
        f"{obj}.{attr}"
        for _line, obj, attr, _value in assignments(THE_ROOT)
        if obj not in ("w", "self.window") and not obj.startswith("w.")
    }
    assert late <= {f"stage.{attr}" for attr in STAGE_LATE} | {"w.stage"}, late
    wired_after = {
        f"{obj}.{attr}" for _line, obj, attr, _value in assignments(THE_ROOT) if "." in obj
    }
    assert wired_after == set(), wired_after  # nothing like w.turns.modes = ...


def test_the_session_has_one_listener_in_the_window() -> None:
    text = THE_ROOT.read_text(encoding="utf-8")
    assert text.count("session.changed.connect(") == 1
