"""A shipped lesson checks ok on its first run from an empty compiled cache (issue 63): the
prover's part of the compiled core is compiled for real, in a process of its own, before
the check's 20 s start, and the wait is said.

No fixture here loads the core: in a fresh clone scripts/test.sh runs this file first, beside
the suite, with ``PYRAMID_LAB_FIRST_RUN_IN_PLACE=1``, so that this first run is the one that
fills numba's own cache with the prover's part (the suite's tests load it, and compile what
is left once, instead of the prover twice). Anywhere else, or once that cache holds the
prover, the run gets an empty cache of its own. Its lines are read in the environment's
language (a German one: German)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pyramid_lab import i18n
from pyramid_lab.model.search.compiled import first_use
from pyramid_lab.model.search.compiled.first_use import PART_WORDS, step

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "model/data/lessons/partition/08-three-corners-win.lesson.json"


def test_a_lesson_checks_ok_on_its_first_run_from_an_empty_cache(tmp_path):
    # a fresh process, numba's cache empty, the prover's part compiled (a quarter of a
    # minute of processor time, a minute on a busy machine) before its 20 s
    env = dict(os.environ)
    in_place = os.environ.get("PYRAMID_LAB_FIRST_RUN_IN_PLACE") == "1"
    if not in_place or first_use.compiled(first_use.PROVER):
        env["NUMBA_CACHE_DIR"] = str(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "pyramid_lab.viewer.cli", "lesson", "check", str(LESSON)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    # in the command's language, the environment's (a German one: German words)
    language = i18n.language_from_env(env)
    words = i18n.translations(language)
    ok = words.gettext("{path}: ok ({steps}, {tasks})").format(
        path="",
        steps=words.ngettext("{count} step", "{count} steps", 2).format(count=2),
        tasks=words.ngettext("{count} task", "{count} tasks", 1).format(count=1),
    )
    assert done.stdout.strip().endswith(ok), (ok, done.stdout)
    # it compiles, saying so; or, where another process compiles the same cache at that
    # moment (the suite's tests beside the warm-up), it says it waits for that one
    said = {
        "pyramid-lab: " + i18n.shown(step(first_use.COMPILING, what), language)
        for what in (PART_WORDS["proof"], first_use.WAITING)
    }
    assert any(line in done.stderr for line in said), (said, done.stderr)
