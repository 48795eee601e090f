"""Pyramid Ball and Rolling Pyramids are packages now; their old module paths, which users'
scripts may import, still work for one release and warn. So do the names of the methods
that left Game (``game.describe_result()``, ``game.perft(d)``, ...)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from model import files
from model._moved import MOVED, MOVED_METHODS
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
