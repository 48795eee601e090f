"""docs/explore.md's commands run as printed from the repository root: every file one
reads is shipped, or made by a command before it (issue 77 item 4: ``review`` was shown
on a ``game.pyr.json`` that no one had). The commands themselves were run by hand."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: What a command names that is a file (a position, a lesson, a certificate).
FILE = re.compile(r"\.(pyr\.json|lesson\.json|cert\.gz)$")
#: The options whose next word is a file the command writes.
WRITES = {"-o", "--certificate", "--graph"}


def commands(page: Path) -> list[list[str]]:
    """The words of each command of ``page``'s ``sh`` blocks (a line's comment, and a
    line that is only one, left out; a backslash joins the next line)."""
    blocks = re.findall(r"```sh\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    found = []
    for block in blocks:
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            if words:
                found.append(words)
    return found


def test_explore_md_names_only_files_there_are():
    made: set[str] = set()
    missing = []
    for words in commands(ROOT / "docs" / "explore.md"):
        if words[0] == "cp":
            made.add(words[-1])
        for before, word in zip(["", *words], words, strict=False):
            if before in WRITES:
                made.add(word)
            elif FILE.search(word) and word not in made and not list(ROOT.glob(word)):
                missing.append(" ".join(words))
    assert not missing, missing


def test_the_readme_reaches_the_command_it_shows():
    # Issue 109 item 9: the README showed a bare ``pyramid-lab``, "command not found" after
    # scripts/open.sh (the command is in .venv/bin, on no PATH until the venv is activated).
    readme = ROOT / "README.md"
    for words in commands(readme):
        for word in words:
            assert word != "pyramid-lab", f"a bare pyramid-lab in a command: {shlex.join(words)}"
    text = readme.read_text(encoding="utf-8")
    bare = re.findall(r"`(?:[A-Z_]+=\S+ )+pyramid-lab [^`]*`", text)
    assert not bare, bare  # an inline command to copy as it is, bare
    head = text[: text.index("## What it is")]
    assert ".venv/bin/pyramid-lab" in head
    assert "source .venv/bin/activate" in head
    setup = (ROOT / "scripts" / "setup.sh").read_text(encoding="utf-8")
    assert setup.count("bin/pyramid-lab") >= 2  # its two "ready" lines name the command
