"""Screenshots of every game as a new user meets it: the window on each game's new
position and on one example of each (with its docks), the Rules dock and the shortcut list,
Pyramid Ball mid-replay, Allmer's Pyramid with a stone selected, and a clip plane. Lessons
have their own scripts (scripts/lesson_steps_shots.py, scripts/lesson_reasons_shots.py);
scripts/screenshots.sh runs all three. Run by
hand on a display:

    xvfb-run -a -s "-screen 0 1400x950x24" .venv/bin/python scripts/screenshots.py [OUT]

OUT defaults to out/screenshots; one PNG per picture, named after what it shows.
"""

from __future__ import annotations

import sys
from pathlib import Path

from shot_window import ROOT, ShotWindow

EXAMPLES = {  # one example per game: a position with something to look at
    "partition": "examples/partition/full-random-base5.pyr.json",
    "pyraos": "examples/pyraos/endgame-win-in-7.pyr.json",
    "terrace": "examples/terrace/opening.pyr.json",
    "ball": "examples/ball/advanced-specials.pyr.json",
}


def main(out: Path) -> int:
    from pyramid_lab.model.game import game_class, game_names
    from pyramid_lab.viewer.widgets.help import ShortcutsDialog

    shots = ShotWindow(out, name="screenshots", size=(1360, 900))
    window, shot = shots.window, shots.shot

    for name in game_names():
        window.session.replace_game(game_class(name).new())
        shot(f"{name}-new")
        example = ROOT / EXAMPLES.get(name, "")
        if example.is_file():
            window.lab.documents.open(example)
            shot(f"{name}-example")
        window.parts.commands.show_rules()
        shot(f"{name}-rules")
        window.parts.rules_dock.hide()
    # a stone of Allmer's Pyramid chosen: its destinations by kind
    window.lab.documents.open(ROOT / EXAMPLES["terrace"])
    turn = window.board.turn
    stone = next(
        iter(window.board.ui.frame(window.session.game, turn).highlights.get("clickable", ())), None
    )
    if stone is not None:
        window.board.ui.click(window.session.game, turn, stone)
        window.stage.redraw()
        shot("terrace-stone-selected")
    # Pyramid Ball: a turn played by hot seat, shown at its second row
    window.lab.documents.open(ROOT / "examples/ball/setup.pyr.json")
    red, blue = window.board.ui.program_docks
    red.editor.text.setText("S,F,S/S,F,S/S,>L,S")
    red.editor.text.returnPressed.emit()
    red.editor.submit.click()
    blue.hand_over.click()
    blue.editor.text.setText("L,S,S/S,S,S/S,S,S")
    blue.editor.text.returnPressed.emit()
    blue.editor.submit.click()
    window.board.ui.show_row(2)
    shot("ball-row-2")
    # a clip plane through a full Partition pyramid, hidden balls as ghosts
    window.lab.documents.open(ROOT / EXAMPLES["partition"])
    window.parts.view_dock.clip_on[1].setChecked(True)
    window.parts.view_dock.clip_slider[1].setValue(9)
    window.parts.view_dock.ghosts.setChecked(True)
    shot("partition-clip-plane")
    dialog = ShortcutsDialog(window)
    dialog.show()
    shot("shortcuts", dialog)
    dialog.close()
    window.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "out" / "screenshots"))
