"""Pyramid Ball and Rolling Pyramids are packages now; their old module paths, which users'
scripts may import, still work for one release and warn."""

from __future__ import annotations

import subprocess
import sys

import pytest

from model._moved import MOVED

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
