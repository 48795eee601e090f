"""``solve`` and ``analyze --engine`` of a position the book knows answer from it without
loading a search (issue 76 item 6): no numba, no compiled core, no prover, no numpy (the
opening's blocks are read one at a time, in Python), and no game but the position's (its
rules and its search plug-in alone); ``--version`` says the program's version."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.patience import WAIT_S

ROOT = Path(__file__).resolve().parents[2]
EMPTY = ROOT / "examples" / "pyraos" / "empty.pyr.json"

CHECK = """
import json, sys
from pyramid_lab.viewer.cli import main
code = main(sys.argv[1:])
others = ("ball", "partition", "rolling", "terrace")
unasked = [f"pyramid_lab.model.{g}" for g in others]
unasked += [f"pyramid_lab.model.search.games.{g}" for g in others]
loaded = sorted(m for m in ("numba", "llvmlite", "numpy", *unasked) if m in sys.modules)
print(json.dumps({"code": code, "loaded": loaded}))
"""


@pytest.mark.parametrize("command", [["solve"], ["analyze", "--engine"]])
def test_a_book_position_is_answered_without_loading_a_search(command, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "-c", CHECK, *command, str(EMPTY)],
        env=env,
        capture_output=True,
        text=True,
        timeout=WAIT_S,
    )
    *answer, last = run.stdout.strip().splitlines()
    assert last == '{"code": 0, "loaded": []}', run.stderr
    text = "\n".join(answer)
    assert '"value": "loss", "plies": 40' in text or '"proven": "loss", "plies": 40' in text


def test_version_says_the_programs_version(capsys):
    from pyramid_lab import __version__
    from pyramid_lab.viewer.cli import main

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"pyramid-lab {__version__}\n"
