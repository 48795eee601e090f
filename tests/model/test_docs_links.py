"""The README and docs/ (docs/history/ too): every relative link names a file or folder that
exists and, with a #, a heading (GitHub's anchor of it) or an <a id> there; the README keeps
its two commands first (CI and graders read them) and its pictures stay small. The guides
stay guides (issue 110): each lesson of docs/history/lessons.md keeps its number, its anchor
and one line in docs/development.md's index, and no table row of a guide runs on."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
GUIDES = [ROOT / "docs" / "development.md", ROOT / "docs" / "i18n.md"]
LESSONS = ROOT / "docs" / "history" / "lessons.md"


def slug(heading: str) -> str:
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = page.read_text()
    found = set(re.findall(r'<a id="([^"]+)"', text))
    fence = False
    for line in text.split("\n"):
        if line.startswith("```"):
            fence = not fence
        elif not fence and line.startswith("#"):
            found.add(slug(line.lstrip("#")))
    return found


def links(page: Path) -> list[str]:
    """The relative links of ``page``: none in a code block or a code span (a numba type,
    ``Literal[int](0)``, is no link), as GitHub renders it."""
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    return [t for t in re.findall(r"\]\(([^)\s]+)\)", text) if not re.match(r"[a-z]+:", t)]


def test_a_link_in_code_is_no_link_and_one_around_code_is(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("numba's `Literal[int](0)`; see [`engines.md`](engines.md) and [x](y.md)\n")
    assert links(page) == ["engines.md", "y.md"]


def test_slug_follows_github() -> None:
    assert slug("Position files (`*.pyr.json`, format `pyramid-lab/1`)") == (
        "position-files-pyrjson-format-pyramid-lab1"
    )


def test_every_relative_link_resolves() -> None:
    broken = []
    for page in PAGES:
        for target in links(page):
            name, _, anchor = target.partition("#")
            dest = (page.parent / name) if name else page
            if not dest.exists():
                broken.append(f"{page.name}: {target} (no file)")
            elif anchor and not dest.is_file():
                broken.append(f"{page.name}: {target} (an anchor in a folder)")
            elif anchor and anchor not in anchors(dest):
                broken.append(f"{page.name}: {target} (no heading)")
    assert not broken, broken
    assert len(links(ROOT / "README.md")) >= 10  # the README links into docs/


def test_readme_opens_with_the_two_commands_and_shows_small_pictures() -> None:
    lines = (ROOT / "README.md").read_text().split("\n")
    assert lines[3].startswith("bash scripts/open.sh")
    assert lines[4].startswith("bash scripts/test.sh")
    pictures = re.findall(r"!\[[^\]]*\]\((docs/images/[^)]+\.png)\)", "\n".join(lines))
    assert len(pictures) >= 3
    for picture in pictures:
        assert (ROOT / picture).stat().st_size < 300_000, picture


def test_the_history_folder_is_read() -> None:
    assert LESSONS in PAGES
    assert ROOT / "docs" / "history" / "README.md" in PAGES


def test_a_link_to_a_missing_anchor_or_file_is_found(tmp_path: Path) -> None:
    (tmp_path / "other.md").write_text('# Title\n\n1. <a id="lesson-7"></a>**Seven.**\n')
    assert anchors(tmp_path / "other.md") == {"title", "lesson-7"}


def numbered(page: Path, after: str = "") -> dict[int, str]:
    """The items of ``page``'s numbered lists that start a line, by number (outside code;
    only those after the line ``after`` where one is given)."""
    text = page.read_text()
    if after:
        text = text[text.index(f"\n{after}\n") :]
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return {int(m[1]): m[2] for m in re.finditer(r"^(\d+)\. (.*)$", text, flags=re.M)}


def test_every_lesson_keeps_its_number_its_anchor_and_a_line_in_the_index() -> None:
    """A reference such as docs/development.md, lesson 52, still finds it: a line of the
    guide's index, linked to its story (``history/lessons.md#lesson-52``), which keeps the
    anchor."""
    stories = numbered(LESSONS)
    index = numbered(ROOT / "docs" / "development.md", after="## Lessons we learned")
    assert sorted(stories) == list(range(39, max(stories) + 1))
    for number in stories:
        assert f'<a id="lesson-{number}"></a>' in stories[number], number
        assert number in index, f"lesson {number} has no line in development.md's index"
        assert f"(history/lessons.md#lesson-{number})" in index[number], number
    assert set(index) <= set(stories), set(index) - set(stories)


def test_a_guide_has_no_row_or_line_that_runs_on() -> None:
    """A guide's table is a table of short rows (i18n.md's once ran to 5,098 characters);
    the history keeps the long records."""
    long = [
        f"{page.name}:{n}: {len(line)} characters"
        for page in GUIDES
        for n, line in enumerate(page.read_text().split("\n"), 1)
        if len(line) > 300
    ]
    assert not long, long
