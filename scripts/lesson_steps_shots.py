"""Screenshots of lesson files (issue 28) as a student and as a teacher sees them: a step
with its task, a wrong answer with its reason and escape path, the hint, a right answer,
a click-points task, a win-within task answered with another winning move than the
author's, one step of every other game, and teacher mode editing a step. Progress goes to
a temporary file. Run by hand on a display:

    xvfb-run -a -s "-screen 0 1400x950x24" .venv/bin/python scripts/lesson_steps_shots.py [OUT]
"""

from __future__ import annotations

import sys
from pathlib import Path

from shot_window import ROOT, ShotWindow


def main(out: Path) -> None:
    from pyramid_lab.model import lesson as lessons
    from pyramid_lab.viewer.desktop.lessons import play_answer

    folder = ROOT / "model" / "data" / "lessons"
    first = folder / "partition" / "01-corners-and-walls.lesson.json"
    shots = ShotWindow(out, lessons.read(first).steps[0].position(), (1400, 900), "lesson-shots")
    window = shots.window

    def shot(name: str) -> None:
        shots.shot(name, None, window.parts.lessons.panel.verdict.text())

    def lesson(relative: str, step: int = 0) -> None:
        assert window.lab.documents.open(folder / relative, ask=False)
        window.lab.lessons.go(step)

    control = window.parts.lessons
    lesson("partition/01-corners-and-walls.lesson.json", 1)
    shot("student-01-click-a-corner")
    lesson("partition/03-a-corner-ball.lesson.json")
    shot("student-03-task")
    play_answer(window.board, "0,1,0")
    shot("student-03-wrong-with-path")
    control.state.hint()
    shot("student-03-hint")
    control.state.retry()
    play_answer(window.board, "2,0,1")
    shot("student-03-right")
    control.state.go(1)
    for point in ((0, 0, 0), (3, 0, 0)):
        window.board.click(window.board.ui.site_of(point))
    shot("student-03-points-picked")
    control.state.check()
    shot("student-03-points-right")
    lesson("partition/09-two-threats.lesson.json", 1)
    play_answer(window.board, "0,0,3")  # not the author's answer: the prover accepts it
    shot("student-09-other-winning-move")
    for relative, answer in (
        ("pyraos/01-squares-and-removals.lesson.json", "1,1,0 x0,0,0"),
        ("terrace/01-pushes.lesson.json", None),
        ("ball/01-programming.lesson.json", None),
        ("rolling/02-fights.lesson.json", None),
    ):
        lesson(relative, 1)
        task = control.state.step.task
        play_answer(window.board, answer or task.answers[0])
        shot(f"student-{relative.split('/')[0]}")
    lesson("partition/05-escape-paths.lesson.json", 1)
    control.panel.teach.setChecked(True)
    shot("teacher-editor")
    window.parts.setup_mode.enter()
    shot("teacher-setup-mode")
    window.parts.setup_mode.leave()
    control.panel.editor.add.click()
    control.panel.editor.edit_title.setText("My own step")
    control.panel.editor.edit_text.setPlainText("A step written in the window.")
    control.panel.footer.apply.click()
    shot("teacher-added-step")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/lesson-steps-shots"))
