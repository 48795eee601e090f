"""Screenshots of lessons answering a wrong move with the rules' reasons (issue 35): in
Partition (a ball that joins nothing: a third red group, the groups in their players'
shades with the legend), the unanchored sheet at the apex (the escape path through it and
the legend saying why), one wrong answer in each other game, and the group colours of a
full pyramid. Progress goes to a
temporary file. Run by hand on a display:

    xvfb-run -a -s "-screen 0 1400x950x24" .venv/bin/python scripts/lesson_reasons_shots.py [OUT]

Each picture's path is printed with the words the Lesson dock shows and the legend's lines.
"""

from __future__ import annotations

import sys
from pathlib import Path

from shot_window import ROOT, ShotWindow

#: (lesson file, step, wrong answer, picture name)
WRONG = (
    ("partition/02-touching-and-groups.lesson.json", 2, "3,0,0", "reasons-partition-groups"),
    ("partition/06-the-apex.lesson.json", 2, "0,0,2", "reasons-partition-unanchored-path"),
    ("pyraos/01-squares-and-removals.lesson.json", 1, "2,0,0", "reasons-pyraos"),
    ("terrace/01-pushes.lesson.json", 1, "b1^b2", "reasons-terrace"),
    ("ball/01-programming.lesson.json", 1, "S,F,S/S,S,S/S,S,S | S,S,S/S,S,S/S,S,S", "reasons-ball"),
    ("rolling/01-the-draft.lesson.json", 1, "take red d4 2 > a2", "reasons-rolling"),
)


def main(out: Path) -> None:
    from pyramid_lab.model import lesson as lessons
    from pyramid_lab.viewer.desktop.lessons import play_answer

    folder = ROOT / "model" / "data" / "lessons"
    first = folder / "partition" / "01-corners-and-walls.lesson.json"
    shots = ShotWindow(out, lessons.read(first).steps[0].position(), (1400, 900), "reasons")
    window = shots.window
    for relative, step, answer, name in WRONG:
        assert window.lab.documents.open(folder / relative, ask=False)
        window.lab.lessons.go(step)
        play_answer(window.board, answer)
        shots.shot(name, None, window.parts.lessons.panel.verdict.text())
        print("    legend:", " / ".join(window.scene.legend.texts()))
    # group colours on a full pyramid: each player's groups in shades of its own colour
    assert window.lab.documents.open(ROOT / "examples/partition/full-base4-blue-wins.pyr.json")
    window.board.ui.teaching_overlays.set(group_colours=True, corners=True)
    shots.shot("groups-full-pyramid", None, "legend: " + " / ".join(window.scene.legend.texts()))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/lesson-reasons-shots"))
