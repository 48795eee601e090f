"""One root builds the window's parts (issue 56, item 2; STYLE lesson 19): each part gets
what it needs in its constructor, in dependency order, so nothing is wired onto a built
part afterwards and no part can be asked for something not set yet; the lab follows the
session in one order for every front end, the window's steps among its, said as code.
The board on show is the lab's (``viewer.lab.board``: its game UI, turn builder, modes and
verbs); the window's stage only draws it, made whole (issue 64, item 1)."""

from __future__ import annotations

import ast
import pathlib

import pytest

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILT = [ROOT / "viewer" / "lab", ROOT / "viewer" / "desktop"]
THE_ROOT = ROOT / "viewer" / "desktop" / "binding.py"


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


def test_the_root_writes_nothing_onto_the_window_or_a_part() -> None:
    """The root hands the window one record of what it made (were eight attributes
    written onto the window: the port, the lab, the board, the scene, the stage, the
    menus, the parts, the binding; then the scene's keyboard point and keys)."""
    late = {f"{obj}.{attr}" for _line, obj, attr, _value in assignments(THE_ROOT)}
    assert late == set(), late  # (nor anything like w.turns.modes = ...)


def test_the_session_is_followed_in_the_labs_one_order() -> None:
    """The window listens to no session: the lab follows it in one order for every front
    end (``Lab.follow``, no ``follow=False``) and publishes what it did as typed events
    (``lab.follows``); the window subscribes once and sits in on no named step."""
    text = THE_ROOT.read_text(encoding="utf-8")
    assert text.count("session.changed.connect(") == 0
    assert text.count("follows.connect(") == 1
    assert "lab.follows.connect(binding.follow)" in text
    assert "taking" not in text
    assert ".followed" not in text
    lab = (ROOT / "viewer" / "lab" / "lab.py").read_text(encoding="utf-8")
    assert lab.count("session.changed.connect(") == 1
    assert "session.changed.connect(self.follow)" in lab
    assert "follow=" not in text + lab


def test_nothing_is_set_on_the_stage_once_made() -> None:
    """The stage is made whole (the board, the scene, the port, the view, the hover text):
    nothing of the viewer assigns an attribute of it afterwards."""
    set_later = [
        f"{path.relative_to(ROOT)}:{line} {obj}.{attr}"
        for path in sorted((ROOT / "viewer").rglob("*.py"))
        for line, obj, attr, _value in assignments(path)
        if obj.split(".")[-1] == "stage"
    ]
    assert set_later == []


def base_names(path: pathlib.Path) -> list[tuple[str, list[str]]]:
    """(class, the names of its bases) of each class defined in ``path``."""
    return [
        (node.name, [ast.unparse(base) for base in node.bases])
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef)
    ]


def test_the_board_modes_are_the_lab_s() -> None:
    """No class of the window is a board mode: each stands in the lab beside the part it
    routes (viewer/lab/), and the window forwards its input to the lab's board."""
    modes_here = [
        f"{path.name}: {name}"
        for path in sorted((ROOT / "viewer" / "desktop").glob("*.py"))
        for name, bases in base_names(path)
        if any(base.split(".")[-1] in ("Mode", "BoardMode") for base in bases)
    ]
    assert modes_here == []
    in_lab = {
        name
        for path in sorted((ROOT / "viewer" / "lab").glob("*.py"))
        for name, bases in base_names(path)
        if "Mode" in bases
    }
    assert {
        "SetupBoard",
        "PracticeBoard",
        "LessonBoard",
        "SolveBoard",
        "AnalysisBoard",
        "ReviewBoard",
        "ComputerBoard",
        "PlayBoard",
    } <= in_lab


def ui_clicks(path: pathlib.Path) -> list[int]:
    """The lines of ``path`` that call a game UI's ``click`` (``<...>.ui.click(...)``)."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "click"
        and ast.unparse(node.func.value).split(".")[-1] == "ui"
    ]


def test_a_game_ui_s_click_is_called_only_in_the_lab() -> None:
    """A click means one thing: the lab's board asks the game UI (play, its last mode:
    in viewer/lab/board.py); the window and the classroom forward clicks to a board."""
    outside = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "viewer").rglob("*.py"))
        if not path.is_relative_to(ROOT / "viewer" / "lab")
        for line in ui_clicks(path)
    ]
    inside = ui_clicks(ROOT / "viewer" / "lab" / "board.py")
    assert outside == []  # (a student's click goes to that student's lab board as a site)
    assert inside  # (the test sees such a call where there is one)


def window_parts() -> list[str]:
    """The parts the main window declares (``viewer/desktop/window.py``)."""
    tree = ast.parse((ROOT / "viewer" / "desktop" / "window.py").read_text(encoding="utf-8"))
    (window,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Window"]
    return [
        node.target.id
        for node in window.body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    ]


def test_the_window_keeps_a_few_parts_and_a_frozen_typed_record_of_the_rest() -> None:
    """The window's own (the session, the view, the scene's widget, the prompt) and the
    record of what the root made, typed and frozen (were twelve parts, at the bar)."""
    import dataclasses
    import typing

    parts = window_parts()
    assert parts == ["session", "view", "plotter", "prompt_bar", "made"], parts
    from pyramid_lab.viewer.desktop.window import Built

    assert Built.__setattr__ is not object.__setattr__  # frozen: an assignment raises
    from pyramid_lab.viewer.desktop.parts import Parts

    assert dataclasses.is_dataclass(Parts)
    assert Parts.__setattr__ is not object.__setattr__  # frozen: an assignment raises
    hints = typing.get_type_hints(Parts, include_extras=False, localns=_controller_names())
    assert all(hint is not typing.Any for hint in hints.values())


def _controller_names() -> dict[str, object]:
    """The names Parts' annotations use, resolved (they are imported for type checking)."""
    import PySide6.QtWidgets as widgets

    from pyramid_lab.viewer.desktop import (
        analysis,
        autosave,
        lessons,
        puzzle,
        recovery,
        review,
        setup_mode,
    )
    from pyramid_lab.viewer.desktop.parts import Commands
    from pyramid_lab.viewer.widgets import (
        board_words,
        help,
        lesson_dock,
        move_list,
        prompt_bar,
        puzzle_dock,
        setup_dock,
        view_dock,
    )

    return {
        "QLabel": widgets.QLabel,
        "ViewDock": view_dock.ViewDock,
        "BoardWordsDock": board_words.BoardWordsDock,
        "MoveListDock": move_list.MoveListDock,
        "SetupDock": setup_dock.SetupDock,
        "LessonDock": lesson_dock.LessonDock,
        "RulesDock": help.RulesDock,
        "PuzzleDock": puzzle_dock.PuzzleDock,
        "PromptBar": prompt_bar.PromptBar,
        "SetupControl": setup_mode.SetupControl,
        "PuzzleControl": puzzle.PuzzleControl,
        "AnalysisControl": analysis.AnalysisControl,
        "ReviewControl": review.ReviewControl,
        "LessonControl": lessons.LessonControl,
        "Commands": Commands,
        "Autosave": autosave.Autosave,
        "Recovery": recovery.Recovery,
    }


def test_the_root_and_the_binding_read_few_parts_of_the_window() -> None:
    """Each part is handed what it uses: the root and the binding read the window's parts
    (``w.lab``, ``self.window.menus``...) at most 40 times."""
    parts = set(window_parts())
    tree = ast.parse(THE_ROOT.read_text(encoding="utf-8"))
    reads = [
        ast.unparse(node)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.ctx, ast.Load)
        and ast.unparse(node.value) in ("w", "window", "self.window")
        and node.attr in parts
    ]
    assert 0 < len(reads) <= 40, reads


def test_the_menus_are_a_table_of_items_whose_verbs_the_window_holds(make_window) -> None:
    """The File, Edit, Analysis, Game and Help menus are data (``ITEMS``: menu, text,
    shortcut, verb, when enabled) turned into actions; each verb names a command of the
    lab, the board or a controller; the menus hold a few methods, the behaviour is the
    lab's and the controllers' (the Lessons, Puzzles and players' menus among them)."""
    from pyramid_lab.viewer.desktop.menus import ITEMS, Menus

    window = make_window()
    menus = window.menus
    verbs = [item.verb for item in ITEMS if item.verb]
    assert len(verbs) >= 20
    assert all(callable(menus.verb(verb)) for verb in verbs)
    named = [item.name for item in ITEMS if item.name and item.name != "recent"]
    assert sorted(menus.actions) == sorted(named)
    bar = window.menuBar()
    shown = {a.text() for top in bar.actions() if top.menu() for a in top.menu().actions()}
    assert {item.text for item in ITEMS if item.text != "-"} <= shown
    methods = [name for name, value in vars(Menus).items() if callable(value)]
    assert len(methods) <= 12, methods
    board, game = window.lab.board, window.session.game
    assert not menus.actions["undo"].isEnabled()
    board.click(board.ui.move_sites(game, game.legal_moves()[0])[0])  # a move: Undo is on
    assert menus.actions["undo"].isEnabled()
