"""The scripting API (``import pyramid_lab as pl``, docs/api.md): docs/api.md's examples run
and print what the page says; the package's lazy names are one table; a script that only
reads and plays loads no search, Qt or VTK; positions do not change; the answers are the
command line's (analyse, render) and the files the window's (save)."""

from __future__ import annotations

import ast
import json
import os
import pathlib
import re
import stat
import sys

import numpy as np
import pytest
from PIL import Image

import pyramid_lab as pl
from pyramid_lab.model import files
from pyramid_lab.model.game import game_class, game_names
from pyramid_lab.viewer.cli import main
from tests.patience import WAIT_S, python_says
from tests.viewer.api_page import page_blocks

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").rglob("*.pyr.json"))
WIN_IN_1 = ROOT / "model" / "data" / "puzzles" / "partition" / "floating-3-win-in-1-a.pyr.json"
FULL = ROOT / "examples" / "partition" / "t6-full-red-wins.pyr.json"


# ---- the page -----------------------------------------------------------------------------


def test_the_page_s_examples_are_doctests_and_reach_nothing_in_the_repository():
    # The examples run, and print what the page says, once in the suite: against the
    # installed wheel, from a folder outside the repository (tests/viewer/test_install.py,
    # through tests/viewer/api_page.py: every doctest passes, at least 40 of them, the
    # picture drawn and the game saved); here, what the page holds.
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    blocks = page_blocks(text)
    assert [kind for kind, _, _ in blocks].count("pycon") >= 8
    assert [kind for kind, _, _ in blocks].count("python") >= 1
    # no example reaches into the repository (the package's puzzles, lessons and examples
    # are opened by name)
    assert not re.search(r"(examples|model/data)/", text)


def test_the_readme_points_at_the_page():
    assert "(docs/api.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


# ---- the package's names --------------------------------------------------------------------


def _typed_names(init: pathlib.Path) -> dict[str, str | None]:
    """The names a package's ``__init__.py`` imports for the type checker -> their module."""
    tree = ast.parse(init.read_text(encoding="utf-8"))
    typed: dict[str, str | None] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            for imported in node.body:
                assert isinstance(imported, ast.ImportFrom)
                typed |= {alias.name: imported.module for alias in imported.names}
    return typed


def test_the_package_s_names_are_one_table():
    # pyramid_lab/__init__.py: _API (name -> module), the same names imported for the type
    # checker, and __all__ (with __version__), each name of one module there
    assert _typed_names(ROOT / "pyramid_lab" / "__init__.py") == pl._API
    assert sorted(pl.__all__) == sorted([*pl._API, "__version__"])
    assert {"load", "new", "games", "Position", "IllegalMoveError"} <= set(pl._API)
    for name in pl._API:
        assert getattr(pl, name) is getattr(sys.modules[pl._API[name]], name)
    assert issubclass(pl.IllegalMoveError, ValueError)
    assert set(pl.__all__) <= set(dir(pl))
    with pytest.raises(AttributeError, match="has no attribute 'lod'"):
        _ = pl.lod


def test_the_script_package_s_names_are_one_table_and_a_command_reads_through_named_alone():
    # viewer/script/__init__.py is lazy as pyramid_lab's is: _NAMES (name -> its module of
    # the package), the same imported for the type checker, and __all__
    from pyramid_lab.viewer import script

    assert _typed_names(ROOT / "viewer" / "script" / "__init__.py") == script._NAMES
    assert sorted(script.__all__) == sorted(script._NAMES)
    for name, module in script._NAMES.items():
        assert getattr(script, name) is getattr(sys.modules[f"{script.__name__}.{module}"], name)
    assert set(script.__all__) <= set(dir(script))
    with pytest.raises(AttributeError, match="has no attribute 'lod'"):
        _ = script.lod
    # a command that reads a position (read_or_say) loads the reading, not the drawing,
    # the review or the engine of a Position (11 ms of analyze's 69)
    code = (
        "import sys\n"
        "from pyramid_lab.viewer.cli import main\n"
        "assert main(['analyze', 'puzzle:partition/floating-3-win-in-1-a']) == 0\n"
        "print(sorted(m for m in sys.modules if m.startswith('pyramid_lab.viewer.script.')))"
    )
    assert python_says(code, ROOT).splitlines()[-1] == "['pyramid_lab.viewer.script.named']"


def test_a_script_that_reads_and_plays_loads_no_search_qt_or_vtk():
    code = (
        "import sys\n"
        "import pyramid_lab as pl\n"
        "before = sorted(m for m in sys.modules if m.startswith('pyramid_lab.'))\n"
        "pos = pl.load('examples/partition/t4-anchored-sheet.pyr.json')\n"
        "after = pos.play(pos.legal_moves()[0])\n"
        "assert after.ply == 1 and pos.ply == 0 and pos.outcome() is None\n"
        "pl.new('pyraos', removal='1-2').legal_moves()\n"
        "heavy = ('numba', 'PySide6', 'vtkmodules', 'vtk', 'pyvista', 'pyramid_lab.model.search')\n"
        "print(before, sorted(m for m in sys.modules if m.startswith(heavy)))"
    )
    assert python_says(code, ROOT).strip() == "[] []"


# ---- positions ------------------------------------------------------------------------------


def test_play_makes_a_new_position_and_an_illegal_move_changes_nothing():
    pos = pl.new("partition", size=4, version="floating")
    move = pos.legal_moves()[5]
    after = pos.play(move)
    assert (pos.ply, pos.to_move, pos.pieces()) == (0, "red", [])
    assert after.history == (move,)
    assert after.pieces() == [((1, 1, 0), "red")]
    assert after == pos.play(str(move)) != pos
    assert len({after, pos.play("1,1,0"), pos}) == 2
    with pytest.raises(pl.IllegalMoveError, match="already holds a red ball"):
        after.play(move)
    with pytest.raises(pl.InvalidMoveError):
        after.play("one-one")
    with pytest.raises(TypeError, match="a move or its text, not 7"):
        after.play(7)
    assert after.ply == 1
    assert after.to_move == "blue"
    game = after.to_game()
    game.pop()
    assert after.ply == 1  # the rules' copy is the caller's
    with pytest.raises(ValueError, match="'green' is not a player of Pyramid Partition"):
        after.legal_moves("green")


@pytest.mark.parametrize("name", game_names())
def test_every_game_is_made_played_saved_and_read_back(name, tmp_path):
    pos = pl.new(name)
    cls = game_class(name)
    options = cls.new().options
    assert (pos.game, pos.title) == (name, cls.title)
    assert pos.players == cls.players_for(options)
    assert pos.options == options.to_json()
    if cls.simultaneous_turns:  # a turn is every side's part joined
        move = pos.parse_move(" | ".join(str(pos.legal_moves(p)[0]) for p in pos.players))
    else:
        move = pos.legal_moves()[0]
    assert pos.parse_move(str(move)) == move  # the files' notation
    after = pos.play(move)
    assert after.ply == 1
    assert pos.ply == 0
    written = after.save(tmp_path / f"{name}.pyr.json")
    again = pl.load(written)
    assert again == after
    assert again.history == after.history


def test_a_game_of_chance_is_played_through_its_rolls():
    pos = pl.load(ROOT / "examples" / "rolling" / "two-players-new.pyr.json")
    assert pos.chance_outcomes() == []
    rolls = 0
    while not pos.is_over() and pos.ply < 60:
        outcomes = pos.chance_outcomes()
        if outcomes:
            rolls += 1
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert {m for m, _ in outcomes} == set(pos.legal_moves())
        pos = pos.play(outcomes[-1][0] if outcomes else pos.legal_moves()[-1])
    assert rolls > 0


@pytest.mark.parametrize("name", game_names())
def test_an_unknown_option_names_the_game_s_options(name):
    with pytest.raises(ValueError, match="unknown option") as caught:
        pl.new(name, colour="green")
    for spec in game_class(name).option_specs:
        assert spec.name in str(caught.value)
    assert f"new('{name}')" in str(caught.value)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_load_then_save_keeps_the_whole_file(path, tmp_path):
    doc = files.read(path)
    pos = pl.load(path)
    game = doc.game
    assert (pos.game, pos.to_move, pos.ply) == (game.name, game.to_move, len(game.move_stack))
    out = pos.save(tmp_path / path.name)
    expected = files.to_json(doc.game, doc.puzzle, doc.lesson, doc.variations, doc.review)
    assert json.loads(out.read_text(encoding="utf-8")) == expected
    assert pl.load(out) == pos


def test_a_save_refused_writes_nothing(tmp_path):
    pos = pl.new("terrace")
    with pytest.raises(ValueError, match=r"ends in \.pyr\.json"):
        pos.save(tmp_path / "board.json")
    with pytest.raises(FileNotFoundError):
        pos.save(tmp_path / "no-folder" / "board.pyr.json")
    kept = tmp_path / "kept.pyr.json"
    pl.new("pyraos").save(kept)
    before = kept.read_bytes()
    kept.chmod(stat.S_IRUSR)
    try:
        with pytest.raises(files.ReadOnlyError):
            pos.save(kept)
    finally:
        kept.chmod(stat.S_IRUSR | stat.S_IWUSR)
    assert kept.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.pyr.json"]


# ---- the engine -----------------------------------------------------------------------------


def test_analyse_is_the_command_s_analysis(capsys, monkeypatch):
    """Position.analyse and ``analyze --engine`` ask the search the same question and give
    the same answer (a win in 1, proven by the rules: no clock decides it)."""
    import pyramid_lab.model.search as search

    asked = []
    analyse = search.analyse

    def spy(game, **kwargs):
        asked.append((game.position_key(), kwargs))
        return analyse(game, **kwargs)

    monkeypatch.setattr(search, "analyse", spy)
    # the compiled search loaded first, as a script's pl.warm_up() does it: the first
    # analysis of a process otherwise loads it within its half second, and a loaded
    # machine left the proof no time (the page's examples, run here first, loaded it)
    pl.warm_up()
    mine = pl.load(WIN_IN_1).analyse(seconds=0.5)
    assert main(["analyze", "--engine", "--seconds", "0.5", str(WIN_IN_1)]) == 0
    theirs = json.loads(capsys.readouterr().out)["engine"]
    threads = search.computer.default_threads()
    assert len(asked) == 2
    assert asked[0] == asked[1]
    knowledge = search.knowledge_for("partition")  # the game's, handed by the caller
    assert asked[0][1] == {"knowledge": knowledge, "seconds": 0.5, "threads": threads}
    ours = mine.to_json()
    for key in ("game", "to_move", "ply", "win", "result", "legal"):
        assert ours[key] == theirs[key], key
    assert ours["win"]["first_move"] == ours["moves"][0]["move"] == "0,0,0"
    assert ours["moves"][0]["estimate"] is False  # exact, and marked so


def test_what_the_engine_cannot_do_it_says():
    with pytest.raises(ValueError, match="one player to move"):
        pl.new("ball").analyse(seconds=1)
    with pytest.raises(ValueError, match=r"cannot be solved: .*chance"):
        pl.new("rolling").solve(max_seconds=1)
    with pytest.raises(ValueError, match=r"^max_seconds must be more than 0, not 0"):
        pl.new("partition").solve(max_seconds=0)
    with pytest.raises(TypeError, match=r"^seconds must be a number of seconds, not '1'"):
        pl.new("partition").analyse(seconds="1")
    with pytest.raises(ValueError, match="threads must be 1 to"):
        pl.new("partition").analyse(seconds=1, threads=0)


def test_solve_proves_a_position_and_leaves_it():
    pos = pl.load(ROOT / "examples" / "partition" / "t3-lone-apex.pyr.json")
    result = pos.solve(max_seconds=WAIT_S, book=False)
    assert (result.value, result.stopped) == ("loss", None)
    assert pos.ply == 0
    assert pos.outcome() is None


# ---- pictures -------------------------------------------------------------------------------


def picture(path: pathlib.Path) -> np.ndarray:
    return np.asarray(Image.open(path).convert("RGB"))


def test_render_draws_what_the_command_draws(tmp_path):
    path = ROOT / "examples" / "partition" / "teaching-anchored-partition.pyr.json"
    mine = pl.load(path).render(tmp_path / "mine.png", view="top", size=(320, 240))
    theirs = tmp_path / "theirs.png"
    argv = ["render", str(path), "-o", str(theirs), "--view", "top", "--size", "320x240"]
    assert main(argv) == 0
    assert picture(mine).shape == (240, 320, 3)
    assert np.array_equal(picture(mine), picture(theirs))
    with pytest.raises(ValueError, match="size must be"):
        pl.load(path).render(tmp_path / "x.png", size=(10, 10))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.png", "theirs.png"]


def test_a_position_shows_itself_in_a_notebook(monkeypatch):
    # the diagram by default, a few KB (tests/viewer/test_diagrams.py draws it in a
    # browser); the 3D page only when asked
    pos = pl.load(FULL)
    assert pos._repr_svg_().startswith("<svg ")
    assert len(pos._repr_svg_()) < 10_000
    assert pos._repr_html_() is None
    frame = pos.view_3d()._repr_html_()
    assert frame.startswith('<iframe srcdoc="')
    import html

    page = html.unescape(frame[len('<iframe srcdoc="') : frame.index('" width=')])
    assert page.lstrip().lower().startswith("<!doctype html>")
    assert "T6: a full pyramid, Red wins" in page  # the puzzle's title
    assert "vtk" in page
    assert not re.search(r"<script[^>]+src=", page)
    monkeypatch.setattr(pl.Position, "notebook_3d", True)
    shown = pos._repr_html_()
    assert shown is not None
    assert shown.startswith('<iframe srcdoc="')


def test_the_api_is_checked_strictly():
    # pyproject's mypy section holds the API to --strict's flags (scripts/test.sh runs mypy)
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    blocks = config["tool"]["mypy"]["overrides"]
    api = next(b for b in blocks if "pyramid_lab.viewer.script" in b["module"])
    assert "pyramid_lab" in api["module"]
    assert api["disallow_untyped_defs"]
    assert api["disallow_any_generics"]
    assert api["warn_return_any"]
    assert not api["implicit_reexport"]
    assert os.path.isfile(ROOT / "pyramid_lab" / "py.typed")
