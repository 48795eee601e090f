"""The English of each board's hover text (``describe``: a point of Pyramid Partition's or
Pyraos's lattice, a field of Terrace with what moving there does, a square of Pyramid
Ball), over positions of games played at random by seed, every site of each.
``python tests/lab/hover_english.py`` wrote ``tests/lab/data/hover_words_en.json`` before
the hovers became Messages (issue 90); ``test_hover_said.py`` compares."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

from pyramid_lab.model.files import read
from pyramid_lab.model.game import Game, game_class
from pyramid_lab.viewer.games import ui_class
from pyramid_lab.viewer.games.terrace import TerraceTurn

DATA_FILE = Path(__file__).parent / "data" / "hover_words_en.json"
EXAMPLES = Path(__file__).parents[2] / "examples"
GAMES = ("partition", "pyraos", "terrace", "ball")


class Playing:
    """What Pyramid Partition's hover asks of the window: not in set-up mode."""

    def setup_active(self) -> bool:
        return False


def positions(name: str) -> Iterator[Game]:
    """The examples of ``name`` and positions of two games of it played at random (each
    7th ply, and the end; Pyramid Ball's moves, whole programs, are too many to list)."""
    for path in sorted((EXAMPLES / name).glob("*.pyr.json")):
        yield read(path).game
    if name == "ball":
        return
    cls = game_class(name)
    for seed in (1, 2):
        game = cls.new(cls.parse_options({}))
        rng = random.Random(seed)
        for ply in range(120):
            if game.is_over():
                break
            if ply % 7 == 0:
                yield game
            game.push(rng.choice(sorted(game.legal_moves(), key=repr)))
        yield game


def hovers(name: str) -> list[str]:
    """Every hover text met on the boards of ``name``'s positions (each once, in order)."""
    ui = ui_class(name)()
    ui.host = Playing()  # type: ignore[assignment]  # (the one method the hover asks)
    found: dict[str, None] = {}
    for game in positions(name):
        count = ui.geometry(game).count
        turns = [ui.turn(game)]
        if isinstance(turns[0], TerraceTurn) and not game.is_over():
            for stone in sorted(turns[0].highlighted()):  # (each stone picked: its moves)
                turns.append(TerraceTurn(game))
                turns[-1].click(stone)
        for turn in turns:
            said = (ui.describe(game, turn, s, turn.pieces()) for s in range(count))
            found.update(dict.fromkeys(said))  # (each a Message, kept: the test says it)
    return list(found)


def captured() -> dict[str, list[str]]:
    return {name: hovers(name) for name in GAMES}


if __name__ == "__main__":
    DATA_FILE.parent.mkdir(exist_ok=True)
    text = json.dumps(captured(), indent=0, ensure_ascii=False) + "\n"
    DATA_FILE.write_text(text, encoding="utf-8")
    print(sys.argv[0], "wrote", DATA_FILE, len(text), "characters")
