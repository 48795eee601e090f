"""docs/api.md's examples, run as a reader runs them: ``python api_page.py PAGE`` from any
folder, with whatever ``pyramid_lab`` that Python imports (the test of a regular install,
tests/viewer/test_install.py, runs it with the installed wheel's, from a folder outside the
repository). ``pycon`` blocks are doctests (``...`` matches anything), ``python`` blocks run
as a script, in the page's order, sharing their names. It prints the doctests' report and
the count run, and exits 1 on a failed example."""

from __future__ import annotations

import doctest
import io
import re
import sys
from pathlib import Path

FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def page_blocks(text: str) -> list[tuple[str, str, int]]:
    """The page's code blocks to run: (language, code, line), ``pycon`` (doctest) and
    ``python`` (run as a script) alike, in the page's order."""
    return [
        (match.group(1), match.group(2), text.count("\n", 0, match.start()) + 1)
        for match in FENCE.finditer(text)
        if match.group(1) in ("pycon", "python")
    ]


def run_page(page: Path) -> tuple[int, int, str]:
    """Run ``page``'s examples: (examples run, failures, the doctests' report)."""
    names: dict[str, object] = {"__name__": "__main__"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report = io.StringIO()
    ran = 0
    for kind, code, line in page_blocks(page.read_text(encoding="utf-8")):
        if kind == "python":
            exec(compile(code, f"{page}:{line}", "exec"), names)
            continue
        test = parser.get_doctest(code, names, f"api.md:{line}", str(page), line)
        ran += len(test.examples)
        runner.run(test, out=report.write, clear_globs=False)
        names.update(test.globs)  # (a doctest runs on a copy of the names)
    return ran, runner.failures, report.getvalue()


def say_page(page: Path) -> int:
    """Run ``page``'s examples and print the doctests' report, where ``pyramid_lab`` came
    from and the count run; the count failed."""
    import pyramid_lab

    ran, failures, report = run_page(page)
    print(report)
    print(f"pyramid_lab from {Path(pyramid_lab.__file__).parent}")
    print(f"{ran} examples run, {failures} failed")
    return failures


if __name__ == "__main__":
    sys.exit(1 if say_page(Path(sys.argv[1])) else 0)
