"""The GUI monkey's teacher in each game (monkey.py): teacher mode reached, the step editor
worked, a lesson saved and opened again, nothing through the guard. A file of its own, so a
process of its own in scripts/test.sh: with the seeded monkeys before it, one process opened
enough windows that Mesa's software OpenGL crashed in VTK's paint (twice in a row).

The teacher reads the lab, the editor's words and the files, never the screen: its windows
are neither drawn nor put on the X screen (``unrendered_paints``, ``unmapped_windows``:
3.3 and 3.2 s of processor time before, 2.0 and 1.7 after, alternated). The seeded monkeys of
test_monkey.py draw every paint on the screen, teacher mode's among their actions."""

from __future__ import annotations

import random

import pytest
from monkey import Monkey, report

from pyramid_lab.model.game import game_class, game_names

pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")


@pytest.mark.parametrize("name", sorted(game_names()))
def test_the_monkey_teaches_in_every_game(make_window, guard_errors, tmp_path, qtbot, name):
    """The monkey's teacher action in each game: teacher mode reached, the step editor
    worked, a lesson saved and opened again, nothing through the guard."""
    window = make_window(game_class(name).new())
    monkey = Monkey(window, random.Random(3), [], qtbot)
    monkey.export_folder = tmp_path / "exports"
    monkey.export_folder.mkdir()
    monkey.actions = [(1, monkey.teacher)]
    monkey.run(40, guard_errors)
    assert not guard_errors, report(3, monkey, guard_errors)
    assert window.lab.lessons.active or any("teacher: open" in line for line in monkey.log)
    saved = list((monkey.export_folder / "lessons").glob("*.lesson.json"))
    assert saved, monkey.log[-20:]
    assert any("saved" in line and line.endswith(": ok") for line in monkey.log)
