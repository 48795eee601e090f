"""docs/accessibility.md (issue 107 item 7): its key tables list every key the code binds,
the window's (viewer/desktop/board_keys.py) and the page's (the board's keys in
viewer/classroom/www/classroom.js), and each translation has the same sections, the same
tables and the same keys; the README, the pages' keys text and the window's Help name it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyramid_lab.viewer.desktop import board_keys

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SCRIPT = ROOT / "viewer" / "classroom" / "www" / "classroom.js"
LANGUAGES = ("de", "fr", "es", "sv")
TABLE = re.compile(r"^<!-- keys: (\w+)")


def tables(text: str) -> dict[str, list[list[str]]]:
    """Each key table (after its ``<!-- keys: NAME`` line): the keys of each row, as
    written in backticks in its first column."""
    found: dict[str, list[list[str]]] = {}
    name = ""
    for line in text.splitlines():
        if match := TABLE.match(line):
            name = match.group(1)
            found[name] = []
        elif name and line.startswith("|"):
            first = line.split("|")[1]
            keys = re.findall(r"`([^`]+)`", first)
            if keys:
                found[name].append(keys)
        elif name and not line.strip():
            name = ""
    return found


def headings(text: str) -> list[str]:
    """The heading marks in order (``##``, ``###``): the sections' shape."""
    return [line.split(" ")[0] for line in text.splitlines() if re.match(r"#{1,4} ", line)]


def window_keys() -> set[str]:
    """Every key board_keys.py binds, by its Qt name without ``Key_`` (Shift's as
    ``Shift+Left``)."""
    bound = (*board_keys.STEP_KEYS, *board_keys.PRESS_KEYS)
    named = {key.name.removeprefix("Key_") for key in bound}
    return named | {"Shift+" + key.name.removeprefix("Key_") for key in board_keys.CAMERA_KEYS}


def page_keys() -> set[str]:
    """Every key the page's board takes (``C.board_key``): the ``WAYS`` table's and those it
    compares ``key`` with (``" "`` named ``Space``)."""
    script = SCRIPT.read_text(encoding="utf-8")
    ways = re.search(r"const WAYS = \{(.*?)\};", script, re.S)
    handler = re.search(r"C\.board_key = function \(event\) \{(.*?)\n  \};", script, re.S)
    assert ways, "classroom.js: the board's key table (WAYS) moved"
    assert handler, "classroom.js: the board's key handler (C.board_key) moved"
    keys = set(re.findall(r'(?:^|[\s,{])"?([\w+-]+?)"?:\s*"', ways.group(1)))
    keys |= set(re.findall(r'key === "([^"]+)"', handler.group(1)))
    return {"Space" if key == " " else key for key in keys}


def read(language: str = "") -> str:
    name = f"accessibility.{language}.md" if language else "accessibility.md"
    return (DOCS / name).read_text(encoding="utf-8")


def test_the_code_tables_are_read() -> None:
    """(The readers above find what the code binds: a moved table fails here, not silently.)"""
    assert {"Left", "PageUp", "Home", "Space", "Shift+Up"} <= window_keys()
    assert {"ArrowLeft", "PageUp", "+", "-", "Home", "End", "Enter", "Space"} <= page_keys()


def test_the_document_lists_every_key_the_code_binds() -> None:
    listed = tables(read())
    window = {key for row in listed["window"] for key in row}
    page = {key for row in listed["page"] for key in row}
    assert window_keys() - window == set(), "window keys missing from docs/accessibility.md"
    assert page_keys() - page == set(), "page keys missing from docs/accessibility.md"


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_translation_has_the_same_sections_and_keys(language: str) -> None:
    english, translated = read(), read(language)
    assert headings(translated) == headings(english)
    assert tables(translated) == tables(english)
    # the code's names and paths stay as they are
    assert re.findall(r"`[^`]+`", translated) == re.findall(r"`[^`]+`", english)


def test_the_readme_the_pages_and_the_window_name_it() -> None:
    assert "docs/accessibility.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    for page in ("student.html", "teacher.html"):
        text = (ROOT / "viewer" / "classroom" / "www" / page).read_text(encoding="utf-8")
        assert "docs/accessibility.md" in text, page
    help_text = (ROOT / "viewer" / "widgets" / "help.py").read_text(encoding="utf-8")
    assert "docs/accessibility.md" in help_text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pages_and_the_window_name_the_readers_translation(language: str) -> None:
    """The pages' and the window's line about the guide names the file in the reader's
    language (the file exists)."""
    from babel.messages.pofile import read_po

    po = ROOT / "pyramid_lab" / "locale" / language / "LC_MESSAGES" / "pyramid_lab.po"
    with po.open("rb") as file:
        catalog = read_po(file)
    lines = [m for m in catalog if m.id and "docs/accessibility.md" in str(m.id)]
    assert len(lines) == 2, [m.id for m in lines]  # the pages' and the window's
    name = f"docs/accessibility.{language}.md"
    assert (ROOT / name).is_file()
    for message in lines:
        assert name in str(message.string), (message.id, message.string)


def test_f1_names_the_guide_in_the_windows_language(german, make_window):
    from pyramid_lab.viewer.widgets.help import ShortcutsDialog

    dialog = ShortcutsDialog(make_window())
    assert "docs/accessibility.de.md" in dialog.guide.text()
    dialog.close()
