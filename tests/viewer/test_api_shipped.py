"""What the package ships, reachable by name from a script (issue 87 item 2): the puzzles,
lessons and example positions listed by ``pl.puzzles()``, ``pl.lessons()`` and
``pl.examples()`` and opened by ``pl.load("KIND:GAME/NAME")`` from any folder; a name that is
not shipped names the near ones. The examples shipped are the repository's ``examples/``."""

from __future__ import annotations

import pathlib

import pytest

import pyramid_lab as pl
from pyramid_lab.model import content
from pyramid_lab.model.collection import load as load_collection
from pyramid_lab.model.game import game_names
from tests.patience import python_says

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_the_puzzles_are_listed_in_their_collections_order_and_open_by_name():
    every = pl.puzzles()
    assert len(every) >= 99
    assert len({puzzle.name for puzzle in every}) == len(every)
    by_game = {name: pl.puzzles(name) for name in game_names()}
    assert [p for name in game_names() for p in by_game[name]] == every
    assert {name for name, found in by_game.items() if found} == {"partition", "pyraos", "terrace"}
    order = [entry.name for entry in load_collection(content.puzzles() / "terrace").entries]
    assert [p.name for p in by_game["terrace"]] == [f"terrace/{name}" for name in order]
    first = by_game["partition"][0]
    assert first.name == "partition/floating-3-win-in-1-a"
    assert (first.game, first.level) == ("partition", "easy")
    assert first.title == "Red holds NE and AP: red to move wins in 1 move"
    assert "win" in first.goal
    assert repr(first) == f"<Puzzle {first.name}: {first.title}>"
    pos = pl.load(f"puzzle:{first.name}")
    assert pos == first.position
    assert (pos.game, pos.ply, pos.puzzle["title"]) == ("partition", 10, first.title)
    assert pl.load(f"puzzle:{first.name}.pyr.json") == pos  # the file's name, whole


def test_the_lessons_have_their_steps_and_open_by_name():
    every = pl.lessons()
    assert len(every) >= 20
    assert [lesson.game for lesson in every][:2] == ["partition", "partition"]  # order.json's
    assert pl.lessons("terrace") == [lesson for lesson in every if lesson.game == "terrace"]
    lesson = next(lesson for lesson in every if lesson.name == "partition/08-three-corners-win")
    steps = lesson.steps
    assert [step.number for step in steps] == list(range(1, len(steps) + 1))
    assert steps[0].title
    assert steps[0].text
    assert any(step.task is not None for step in steps)
    first = pl.load("lesson:partition/08-three-corners-win")
    assert first == lesson.position == steps[0].position
    assert first.puzzle == {"title": lesson.title}
    assert repr(steps[0]) == f"<LessonStep 1: {steps[0].title}>"


def test_the_examples_open_by_name():
    every = pl.examples()
    assert {example.game for example in every} == set(game_names())
    opening = next(e for e in every if e.name == "terrace/opening")
    assert pl.load("example:terrace/opening") == opening.position
    assert pl.load("example:terrace/opening").title == "Allmer's Pyramid"
    assert pl.examples("ball") == [e for e in every if e.game == "ball"]
    full = next(e for e in every if e.name == "partition/t6-full-red-wins")
    assert full.title == "T6: a full pyramid, Red wins"  # the file's puzzle title


def test_the_shipped_examples_are_the_repository_s():
    # examples/ keeps the paths that the README, the docs and the tests write; the package
    # ships the same files (model/data/examples); an example added to one goes in both
    def tree(folder: pathlib.Path) -> dict[str, bytes]:
        return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*.pyr.json")}

    assert tree(ROOT / "examples") == tree(content.examples())
    assert len(tree(content.examples())) == len(pl.examples()) >= 40


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("puzzle:partition/floating-3-win-in-1", "near names: puzzle:partition/floating-3-win"),
        ("lesson:partition/three-corners", "lesson:partition/08-three-corners-win"),
        ("example:terrace/openin", "near names: example:terrace/opening"),
        ("example:chess/x", "the names are example:GAME/NAME, GAME one of ball,"),
        ("puzzle:", "no shipped puzzle ''"),
    ],
)
def test_a_name_not_shipped_names_the_near_ones(name, said):
    with pytest.raises(ValueError, match="no shipped") as caught:
        pl.load(name)
    assert said in str(caught.value)
    assert "lists them all" in str(caught.value)


def test_a_path_stays_a_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pl.new("terrace").save("opening.pyr.json")
    assert pl.load("opening.pyr.json") == pl.new("terrace")
    assert pl.load(pathlib.Path("opening.pyr.json")) == pl.new("terrace")
    with pytest.raises(pl.PositionFormatError, match="No such file"):
        pl.load("book:partition/x")  # no kind of name: a path
    with pytest.raises(ValueError, match="game must be one of ball, partition"):
        pl.puzzles("chess")
    with pytest.raises(ValueError, match="not 3"):
        pl.lessons(3)


def test_a_script_in_another_folder_reaches_them(tmp_path):
    code = (
        "import pyramid_lab as pl\n"
        "pos = pl.load('puzzle:partition/floating-3-win-in-1-a')\n"
        "print(pos.ply, len(pl.lessons('pyraos')) > 0, pl.load('example:ball/setup').game)"
    )
    assert python_says(code, tmp_path).split() == ["10", "True", "ball"]
