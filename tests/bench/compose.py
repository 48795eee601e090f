"""How long ``pyramid-lab puzzles compose`` takes: twenty base-4 floating Pyramid Partition
puzzles, wins within 3 plies (the issue's yardstick), and a few other asks, each from a
fresh start of the compiled core (warmed first, off the clock). Prints the seconds, the
games played, the puzzles by length and difficulty, and the machine's load.

    PYTHONPATH=. .venv/bin/python tests/bench/compose.py
"""

from __future__ import annotations

import os
import time
from collections import Counter

from pyramid_lab.model.game import game_class
from pyramid_lab.model.search import knowledge_for, puzzles, verify, warm_up

ASKS = [
    ("partition", {"size": 4, "version": "floating"}, 20, 3, None),
    ("partition", {"size": 4, "version": "floating"}, 10, 5, None),
    ("partition", {"size": 4, "version": "floating"}, 5, 3, "hard"),
    ("pyraos", {"variant": "standard", "removal": "0-2"}, 10, 3, None),
    ("terrace", {}, 5, 3, None),
]


def main() -> None:
    warm_up(knowledge=None)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for name, options, count, within, band in ASKS:
        cls = game_class(name)
        start = cls.new(cls.parse_options(options))
        games = [0]

        def progress(_fraction: float, text: str, seen: list[int] = games) -> None:
            if text.startswith("game "):
                seen[0] = int(text.split()[1].rstrip(":"))

        began = time.perf_counter()
        made = puzzles.compose(
            start,
            count=count,
            within=within,
            difficulty_band=band,
            progress=progress,
            knowledge=knowledge_for(start),
        )
        seconds = time.perf_counter() - began
        lengths = Counter(m.plies for m in made)
        checked = sum(
            verify(m.game, m.puzzle, knowledge=knowledge_for(m.game)).verified
            and not verify(m.game, m.puzzle, knowledge=knowledge_for(m.game)).cooks
            for m in made
        )
        what = f"{name} {options or ''} {count} within {within}" + (f" ({band})" if band else "")
        print(
            f"{what}: {len(made)} puzzles in {seconds:.1f} s, {games[0]} games played; "
            f"plies {dict(sorted(lengths.items()))}; "
            f"difficulty {[m.difficulty for m in made]}; verified again {checked}/{len(made)}"
        )


if __name__ == "__main__":
    main()
