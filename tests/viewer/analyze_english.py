"""The English of ``pyramid-lab analyze --text`` (issue 90): each example's reading (who is
to move or who won, and each game's own lines: Pyramid Partition's corners and groups,
Rolling Pyramids' round, points and factions), and the positions of games played at random
by seed. ``python tests/viewer/analyze_english.py`` wrote
``tests/viewer/data/analyze_text_en.json`` before the lines became Messages;
``test_analyze_said.py`` compares."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

from pyramid_lab.model.files import read
from pyramid_lab.model.game import Game, game_class
from pyramid_lab.viewer.cli.analyze import _explain

DATA_FILE = Path(__file__).parent / "data" / "analyze_text_en.json"
EXAMPLES = Path(__file__).parents[2] / "examples"


def positions() -> Iterator[tuple[str, Game]]:
    """Every example, and positions of Pyramid Partition and Rolling Pyramids games played
    at random (each 11th ply, and the end)."""
    for path in sorted(EXAMPLES.glob("*/*.pyr.json")):
        yield path.relative_to(EXAMPLES).as_posix(), read(path).game
    for name, options in (
        ("partition", {}),
        ("partition", {"size": 3}),
        ("rolling", {"players": 2}),
        ("rolling", {"players": 1}),
    ):
        cls = game_class(name)
        game = cls.new(cls.parse_options(options))
        rng = random.Random(5)
        for ply in range(300):
            if game.is_over():
                break
            if ply % 11 == 0:
                yield f"{name} {ply}", game.copy()
            game.push(rng.choice(sorted(game.legal_moves(), key=repr)))
        yield f"{name} end", game


def captured() -> list[str]:
    return [_explain(label, game) for label, game in positions()]


if __name__ == "__main__":
    DATA_FILE.parent.mkdir(exist_ok=True)
    text = json.dumps(captured(), indent=0, ensure_ascii=False) + "\n"
    DATA_FILE.write_text(text, encoding="utf-8")
    print(sys.argv[0], "wrote", DATA_FILE, len(text), "characters")
