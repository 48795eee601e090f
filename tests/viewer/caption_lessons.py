"""Old caption-only lessons, as a teacher may still have them: position files with a
``lesson`` key (a caption and overlays). The app no longer ships any (its lessons are
lesson files that answer back); such a file still opens, its caption in the Lesson dock
and its overlays on the board. These tests write their own."""

from __future__ import annotations

import json
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

CORNER_BALL = (
    "Red's ball sits on the SW corner, and the red balls touching it form one group that "
    "reaches the east wall. SW's far walls are east and north: the walls that do not meet at "
    "SW. Every path from SW to a far wall starts at the corner point itself, so this group "
    "cuts SW off from both far walls: it is a partition. Its ball on the east wall is its "
    "anchor (green rim). A partition with an anchor holds the corner: Red holds SW, and the "
    "gold rim marks the holding group.\n\n"
    + "\n".join(
        [
            "Terms:",
            "- corner: one of the pyramid's five tips, SW, SE, NW, NE on the base "
            "and AP, the apex; the cones point at them, coloured by who holds them "
            "(grey: nobody yet).",
            "- wall: one of the five faces, base, west, east, south and north (the "
            "faint named faces).",
            "- far wall: a wall that does not meet at the corner: east and north "
            "for SW, the base for AP.",
            "- group: balls of one colour connected by touching (beside, above or "
            "below; balls diagonal on one level do not touch).",
            "- partition: a group that every path from the corner to its far walls runs through.",
            "- anchor: a ball of that group on a far wall.",
            "- holding a corner: having one group that is both a partition of the "
            "corner and anchored. Hold three corners to win.",
            "- isolated region: the points the holding group cuts off on the corner's side.",
        ]
    )
)

#: (example position, title, caption, overlays) of each old lesson, in the old order.
OLD_LESSONS = (
    (
        "partition/t5-anchored-around-a-corner-ball",
        "Lesson 1: a corner ball is a partition by itself",
        CORNER_BALL,
        {"walls": True, "corners": True, "region": "SW"},
    ),
    (
        "partition/unanchored-sheet-apex",
        "Lesson 2: a sheet that isolates the apex but holds nothing",
        "Red's four balls fill level 1, so every path from the apex down to the base passes "
        "through them; none is on the base, so the sheet has no anchor and Red does not hold "
        "AP. The tubes show each player's escape path.\n\nTerms:\n"
        "- apex (AP): the top corner; its far wall is the base.\n"
        "- escape path: while a corner is open, the shortest path from it to a far wall.",
        {"walls": True, "corners": True, "region": "AP"},
    ),
    (
        "partition/teaching-anchored-partition",
        "Lesson 3: an anchored partition",
        "Red's balls touch the empty SW corner point from every side and reach the east wall: "
        "an anchored partition, so Red holds SW although the corner point itself is empty.\n\n"
        "Terms:\n- chain: a group in a line of touching balls.",
        {"walls": True, "corners": True, "region": "SW"},
    ),
    (
        "partition/full-random-base5",
        "Lesson 4: a full pyramid has exactly one winner",
        "Every point is filled, so each corner is held by exactly one player: exactly one "
        "winner.\n\nTerms:\n- group colours: each group in a shade of its player's colour.",
        {"corners": True, "groups": True},
    ),
)


def caption_lessons(folder: Path) -> list[Path]:
    """The old lessons written into ``folder`` (``1-....pyr.json`` ...), in order."""
    paths = []
    for number, (example, title, caption, overlays) in enumerate(OLD_LESSONS, start=1):
        raw = json.loads((EXAMPLES / f"{example}.pyr.json").read_text())
        raw["puzzle"] = {"title": title}
        raw["lesson"] = {"caption": caption, "overlays": overlays}
        path = folder / f"{number}-{example.split('/')[-1]}.pyr.json"
        path.write_text(json.dumps(raw, indent=2))
        paths.append(path)
    return paths
