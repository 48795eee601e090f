"""What the installed wheel's package finds by itself, asked in one process of the installed
Python (``python installed_checks.py`` from a folder outside the repository; the test of a
regular install, tests/viewer/test_install.py, runs it): where ``pyramid_lab`` comes from,
what a script opens by name, the certificates shipped, and the command line's ``puzzles``,
``lesson check`` and ``certificate check`` run through its ``main`` (their exit codes,
stdout and stderr), as one JSON object on stdout. Each process of the installed package
costs a second of processor time before it does anything; these checks are about the
package's data, not the program's start, which the test's other commands run."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json

import pyramid_lab as pl
import pyramid_lab.model
import pyramid_lab.viewer
from pyramid_lab.model import content
from pyramid_lab.viewer.cli import main


def command(*argv: str) -> dict[str, object]:
    """``pyramid-lab ARGV``'s exit code and what it wrote, through the package's ``main``."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return {"code": code, "out": out.getvalue(), "err": err.getvalue()}


def checks() -> dict[str, object]:
    position = pl.load("puzzle:partition/floating-3-win-in-1-a")
    certificates = [str(path) for path in sorted(content.certificates().glob("*"))]
    return {
        "files": [pyramid_lab.model.__file__, pyramid_lab.viewer.__file__],
        "beside": [n for n in ("model", "viewer", "shaders") if importlib.util.find_spec(n)],
        "counts": [len(pl.puzzles()), len(pl.lessons()), len(pl.examples()), position.ply],
        "title": pl.load("example:terrace/opening").title,
        "ball_example": str(pl.examples("ball")[0].path),
        "certificates": certificates,
        "puzzles": command("puzzles"),
        "puzzles_json": command("puzzles", "partition", "--json"),
        "lesson_check": command("lesson", "check"),
        "certificate_check": command("certificate", "check", "--quiet", *certificates[-1:]),
    }


if __name__ == "__main__":
    print(json.dumps(checks()))
