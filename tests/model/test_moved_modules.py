"""Pyramid Ball and Rolling Pyramids are packages now, and the search of Pyraos, Partition
and Allmer's Pyramid lives in each game's package of the search; their old module paths,
which users' scripts may import, still work for one release and warn. So do the names of
the methods that left Game (``game.describe_result()``, ``game.perft(d)``, ...)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from model import files
from model._moved import MOVED, MOVED_METHODS, SEARCH_MOVED
from model.game import Game
from model.partition import Partition, PartitionOptions
from model.setup import file_state, setup_position, start_copy
from model.speed import perft
from model.teaching import describe_result

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "ball" / "setup.pyr.json"

OLD_TO_NEW = [
    ("model.rolling_state", "model.rolling.state"),
    ("model.rolling_moves", "model.rolling.moves"),
    ("model.rolling_resolve", "model.rolling.resolve"),
    ("model.rolling_files", "model.rolling.files"),
    ("model.rolling_rules", "model.rolling.rules"),
    ("model.ball_state", "model.ball.state"),
    ("model.ball_moves", "model.ball.moves"),
    ("model.ball_files", "model.ball.files"),
    ("model.ball_rules", "model.ball.rules"),
]


def test_the_table_names_every_moved_module():
    assert sorted(MOVED.items()) == sorted(OLD_TO_NEW)


def test_an_old_path_gives_the_moved_module_itself_and_warns():
    # A fresh interpreter: this process may have imported the old names already.
    script = f"""
import importlib, warnings
for old, new in {OLD_TO_NEW!r}:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = importlib.import_module(old)
    print(module is importlib.import_module(new), module.__spec__.name, module.__name__,
          [str(warning.message) for warning in caught if warning.category is DeprecationWarning])
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    assert len(lines) == len(OLD_TO_NEW)
    for line, (old, new) in zip(lines, OLD_TO_NEW, strict=True):
        message = f"{old} moved to {new}; the old name goes in the next release"
        assert line == f"True {new} {new} [{message!r}]"


SEARCH_OLD_TO_NEW = [
    ("model.search.pyraos_book", "model.search.games.pyraos.book"),
    ("model.search.pyraos_endgame", "model.search.games.pyraos.endgame"),
    ("model.search.compiled.pyraos_kernel", "model.search.games.pyraos.kernel"),
    ("model.search.compiled.pyraos_retro", "model.search.games.pyraos.retro"),
    ("model.search.compiled.pyraos_state", "model.search.games.pyraos.state"),
    ("model.search.compiled.partition_kernel", "model.search.games.partition.kernel"),
    ("model.search.games.partition_certificate", "model.search.games.partition.certificates"),
    ("model.search.compiled.terrace_kernel", "model.search.games.terrace.kernel"),
]


def test_the_search_table_names_every_moved_module():
    assert sorted(SEARCH_MOVED.items()) == sorted(SEARCH_OLD_TO_NEW)


@pytest.mark.parametrize(("old", "new"), SEARCH_OLD_TO_NEW)
def test_an_old_search_path_gives_the_moved_module_itself_and_warns_once(old, new):
    # A fresh interpreter each: the warning is said of the line that imports the old name,
    # and once (a second import finds the moved module under the old name).
    script = f"""
import importlib, warnings
warnings.simplefilter("always")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import {old} as module
    import {old} as again
from {old.rpartition(".")[0]} import {old.rpartition(".")[2]} as attribute
print(module is importlib.import_module({new!r}) is again is attribute, module.__name__)
print([(str(w.message), w.filename, w.lineno) for w in caught if w.category is DeprecationWarning])
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    same, warned = run.stdout.splitlines()
    assert same == f"True {new}"
    message = f"{old} moved to {new}; the old name goes in the next release"
    assert warned == str([(message, "<string>", 6)])


@pytest.mark.parametrize("game", ["partition", "pyraos", "terrace"])
def test_the_old_plug_in_module_names_give_the_plug_in_and_warn_once(game):
    script = f"""
import warnings
warnings.simplefilter("always")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    from model.search.games.{game} import PLUGIN, evaluation
from model.search.registry import plugin_for
print(PLUGIN is plugin_for({game!r}), evaluation is PLUGIN.evaluation)
print([(str(w.message), w.lineno) for w in caught])
import model.search.games.{game}.adapters  # as the search loads it on first use
from model.search.games.{game} import adapter
print(type(adapter).__name__)
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    same, warned, adapter = run.stdout.splitlines()
    assert same == "True True"
    # the old name ``adapter`` is the plug-in's function still, not a module of the package
    # that a search imported meanwhile
    assert adapter == "function"
    old, new = f"model.search.games.{game}", f"model.search.games.{game}.plugin"
    messages = [
        (f"{old}.{name} moved to {new}.{name}; the old name goes in the next release", 6)
        for name in ("PLUGIN", "evaluation")
    ]
    assert warned == str(messages)


def test_the_old_partition_plug_in_names_give_its_book_and_key():
    script = """
import warnings
warnings.simplefilter("ignore")
from model.search.games.partition import BOOK, search_key
from model.search.registry import plugin_for
print(BOOK is plugin_for("partition").book, search_key is plugin_for("partition").search_key)
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "True True"


def test_the_compiled_sources_are_files():
    # numba's cache is dropped when one of these changes: each must be read (the games'
    # packages and Pyraos's kernels moved: a path left behind would be skipped unseen)
    from model.search.compiled import SOURCES

    names = {path.name for path in SOURCES}
    assert {"core.py", "kernel.py", "state.py", "retro.py", "lattice.py"} <= names
    games = {path.parent.name for path in SOURCES if path.name == "kernel.py"}
    assert games == {"partition", "pyraos", "terrace"}
    assert all(path.is_file() for path in SOURCES), [p for p in SOURCES if not p.is_file()]


def test_the_moved_kernels_are_still_warmed_up():
    # scripts/setup.sh compiles the core through model.search.compiled.warm: every game's
    # kernel (and Pyraos's endgame tables') among them, from their new place.
    from model.search.compiled import warm
    from model.search.games.pyraos import retro

    for game in ("Partition", "Pyraos", "Terrace"):
        adapter = getattr(warm, f"{game}Adapter")
        assert adapter.__module__ == f"model.search.games.{game.lower()}.adapters"
    assert warm.warm_up_endgame is retro.warm_up


def test_a_name_never_moved_is_not_found():
    with pytest.raises(ModuleNotFoundError):
        __import__("model.rolling_nothing")


def test_the_old_method_names_warn_and_give_what_the_functions_give():
    game = Partition.new(PartitionOptions(3))
    game.push_text("0,0,0")
    with pytest.warns(DeprecationWarning, match=r"Game\.perft\(\) moved to model\.speed\.perft"):
        assert game.perft(2) == perft(game, 2)
    with pytest.warns(DeprecationWarning, match="model.teaching.describe_result"):
        assert game.describe_result() == describe_result(game) == ""
    with pytest.warns(DeprecationWarning, match="model.setup.start_copy"):
        assert game.start_copy().move_stack == start_copy(game).move_stack == []
    with pytest.warns(DeprecationWarning, match="model.setup.setup_position"):
        assert game.setup() == setup_position(game)
    with pytest.warns(DeprecationWarning, match="model.setup.file_state"):
        assert game.file_state() is None
    with pytest.warns(DeprecationWarning, match="model.setup.check_setup"):
        assert Partition.check_setup("red", [((0, 0, 0), "blue")], game.lattice.id_of) == {0: 1}


def test_a_game_keeping_a_moved_method_keeps_its_own():
    # Pyramid Ball keeps a file state and a perft of its own: no wrapper, so no warning
    # (the suite turns warnings into errors).
    ball = files.read(EXAMPLE).game
    assert type(ball).file_state is not Game.file_state
    assert type(ball).perft is not Game.perft
    assert ball.file_state() == file_state(ball) is not None
    assert ball.perft(1) == ball.legal_move_count()
    assert all(callable(getattr(Game, name)) for name in MOVED_METHODS)
