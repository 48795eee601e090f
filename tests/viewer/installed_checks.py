"""What the installed wheel's package does from a folder outside the repository, asked of one
process of the installed Python (``python installed_checks.py PAGE`` in that folder; the
test of a regular install, tests/viewer/test_install.py, runs it): first docs/api.md's
examples as a reader runs them (:mod:`api_page`: its report, where ``pyramid_lab`` came
from, the count run and failed), then, as one JSON object on the last line, where
``pyramid_lab`` comes from, what a script opens by name, the certificates shipped, and the
command line's ``puzzles``, ``lesson check`` and ``certificate check`` run through its
``main`` (their exit codes, stdout and stderr). One process for both: these checks of the
package's data cost 1.3 s of processor time in a process of their own, and 0.1 s after the
page's examples (the interpreter, numpy and the searches' compiled code loaded already);
the program's own start is what the test's other commands run."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import sys
import traceback
from pathlib import Path

from api_page import say_page


def command(*argv: str) -> dict[str, object]:
    """``pyramid-lab ARGV``'s exit code and what it wrote, through the package's ``main``."""
    from pyramid_lab.viewer.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return {"code": code, "out": out.getvalue(), "err": err.getvalue()}


def checks() -> dict[str, object]:
    """The package's data as the installed package finds it (see the module)."""
    import pyramid_lab as pl
    import pyramid_lab.model
    import pyramid_lab.viewer
    from pyramid_lab.model import content

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
    try:  # (a page that breaks leaves the checks of the data to be made all the same)
        failed = say_page(Path(sys.argv[1]))
    except Exception:
        traceback.print_exc()
        failed = 1
    print(json.dumps(checks()))
    sys.exit(1 if failed else 0)
