"""The English of Pyramid Ball's status line (``BallUI.status``: the score, the ball, the
goal-row rule, the specials held, a special being chosen), that issue 90 made Messages, in
games played at random by seed. ``python tests/lab/ball_english.py`` wrote
``tests/lab/data/ball_status_en.json`` before the change; ``test_ball_said.py`` compares."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

from pyramid_lab.model.ball import PyramidBall

DATA_FILE = Path(__file__).parent / "data" / "ball_status_en.json"


def games() -> Iterator[PyramidBall]:
    """Every position of basic and advanced games played at random (one at a time: the
    game plays on after each)."""
    for options, seed in (
        ({"mode": "basic"}, 1),
        ({"mode": "advanced"}, 2),
        ({"mode": "advanced", "restart": "formation"}, 3),
        ({"mode": "advanced"}, 4),
    ):
        game = PyramidBall.new(PyramidBall.parse_options(options))
        rng = random.Random(seed)
        step = 0
        while not game.is_over() and step < 300:
            yield game
            game.push(game.random_move(rng))
            step += 1
        yield game


def statuses() -> list[str]:
    """The status line of every position met, each once."""
    from pyramid_lab.viewer.games.ball import BallUI

    ui = BallUI()
    return list(dict.fromkeys(str(ui.status(game)) for game in games()))


if __name__ == "__main__":
    text = json.dumps({"statuses": statuses()}, indent=0, ensure_ascii=False) + "\n"
    DATA_FILE.write_text(text, encoding="utf-8")
    print(sys.argv[0], "wrote", DATA_FILE, len(text), "characters")
