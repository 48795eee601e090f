"""Screenshots of the review as a teacher sees it after a game the computer played against
itself (Pyramid Partition, base 4, floating, medium level on both sides): the Review dock
while it works, its graph and verdicts when done, a flawed move's position with the better
move drawn as a ghost, "Make a puzzle of this" on the missed-win game of the tests, and the
Compose dialog at work and done. Run by hand on a display:

    xvfb-run -a -s "-screen 0 1400x950x24" .venv/bin/python scripts/review_shots.py [OUT]

OUT defaults to /tmp/review-shots; one PNG per picture, named after what it shows.
"""

from __future__ import annotations

import sys
from pathlib import Path

from shot_window import ShotWindow


def main(out: Path) -> int:
    from pyramid_lab.model import search
    from pyramid_lab.model.files import write
    from pyramid_lab.model.game import game_class
    from pyramid_lab.viewer.desktop.compose import ComposeDialog
    from tests.model.test_review import missed_win_game

    cls = game_class("partition")
    game = cls.new(cls.parse_options({"size": 4, "version": "floating"}))
    players = {
        side: search.agent_for(game, "medium", seed=7 + i, knowledge=search.knowledge_for(game))
        for i, side in enumerate(cls.players)
    }
    while not game.is_over():
        agent, limits = players[game.to_move]
        game.push(agent.choose(game.copy(), limits).move)
    shots = ShotWindow(out, cls.new(game.options), name="review-shots")
    window, shot, wait, scratch = shots.window, shots.shot, shots.wait, shots.scratch
    played = scratch / "medium-game.pyr.json"
    write(played, game)

    window.lab.documents.open(played)
    window.lab.review.seed = 1
    window.parts.reviewer.dock.seconds.setValue(1.0)
    window.menus.actions["review"].trigger()
    wait(lambda: window.parts.reviewer.dock.bar.value() > 30)
    shot("1-review-working")
    wait(lambda: not window.lab.review.thinking)
    review = window.session.review
    print(review.summary())
    shot("2-review-graph-and-verdicts")
    flawed = [m for m in review.moves if m.better]
    if flawed:
        worst = max(flawed, key=lambda m: (m.verdict == "missed win", m.verdict == "mistake"))
        window.parts.reviewer.dock.table.selectRow(worst.ply - 1)
        shot(f"3-better-move-of-{worst.ply}-{worst.verdict.replace(' ', '-')}")

    missed, ply, _winners = missed_win_game()
    path = scratch / "missed-win.pyr.json"
    write(path, missed)
    window.lab.documents.open(path)
    window.parts.reviewer.dock.seconds.setValue(0.5)
    window.menus.actions["review"].trigger()
    wait(lambda: not window.lab.review.thinking)
    window.parts.reviewer.dock.table.selectRow(ply - 1)
    shot("4-missed-win-with-the-winning-move")
    spot = window.session.review.spot(ply - 1)
    if spot is not None:
        window.menus.actions["make_puzzle"].trigger()
        wait(lambda: window.lab.review.last_puzzle is not None, 60)
        shot("5-make-a-puzzle-of-this")

    window.session.replace_game(cls.new(game.options))
    window.menus.puzzles.compose.trigger()
    dialog = window.findChild(ComposeDialog)
    dialog.count.setValue(20)
    dialog.within.setValue(3)
    dialog.folder.setText(str(scratch / "composed"))
    dialog.compose.click()
    wait(lambda: dialog.bar.value() >= 30, 60)
    shot("6-compose-dialog-working", dialog)
    wait(lambda: bool(dialog.composer.written), 300)
    shot("7-compose-dialog-done", dialog)
    dialog.close()
    shot("8-composed-set-in-practice")
    window.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/review-shots")))
