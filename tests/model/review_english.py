"""The English of a game review's words (issue 90): each move's line
(``MoveReview.text``: its verdict, the win rates before and after, estimated or proven,
the better move) and the summary (``GameReview.summary``: each side's tally of verdicts,
no move to judge, where the book ends), in every combination.
``python tests/model/review_english.py`` wrote ``tests/model/data/review_words_en.json``
before the words became Messages; ``test_review_said.py`` compares."""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path

from pyramid_lab.model.review import VERDICTS, GameReview, MoveReview

DATA_FILE = Path(__file__).parent / "data" / "review_words_en.json"


def moves() -> list[MoveReview]:
    made = []
    values = ((None, None), (0.59, 0.52), (1.0, 0.0))
    kinds = ((False, None), (True, None), (False, "win in 5"))
    for verdict, (before, after), (estimate, proven), better in itertools.product(
        VERDICTS, values, kinds, (None, "f7^f6")
    ):
        made.append(
            MoveReview(
                7, "white", "a7-a6", verdict, better, before, after, proven, estimate=estimate
            )
        )
    return made


def reviews() -> list[GameReview]:
    made = [GameReview((), (), 0.0), GameReview((), (), 0.0, book_end="the book ends here")]
    all_moves = moves()
    for n in (1, 2, 5, len(all_moves)):
        picked = tuple(
            MoveReview(k, ("red", "blue")[k % 2], m.move, m.verdict, None, None, None)
            for k, m in enumerate(all_moves[:n])
        )
        made.append(GameReview(picked, (), 0.0))
        made.append(GameReview(picked, (), 0.0, book_end="after ply 9, the book ends here"))
    return made


def captured() -> dict[str, list[str]]:
    return {
        "moves": [m.text for m in moves()],
        "summaries": [r.summary() for r in reviews()],
    }


if __name__ == "__main__":
    DATA_FILE.parent.mkdir(exist_ok=True)
    text = json.dumps(captured(), indent=0, ensure_ascii=False) + "\n"
    DATA_FILE.write_text(text, encoding="utf-8")
    print(sys.argv[0], "wrote", DATA_FILE, len(text), "characters")
