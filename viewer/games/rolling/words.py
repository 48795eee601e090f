"""Rolling Pyramids' decisions in words: a faction board's slot, a die taken and where it
is written, and each other decision as the Turn dock and the status bar say it."""

from __future__ import annotations

from model.game import Move
from model.rolling import ALL, DONE, Cross, Develop, Place, Soldiers, StartArea, Take


def slot_words(slot: str) -> str:
    """A slot of the faction board in words."""
    if slot == "none":
        return "written nowhere (no slot takes it)"
    if slot == "hero":
        return "the next hero slot"
    if slot.startswith("dev"):
        pair, shape = slot[3:].split(".")
        return f"develop pair {pair} ({shape})"
    if slot.startswith("f"):
        group, space = slot[1:].split(".")
        return f"footmen {group}, space {space} (crossed off)"
    return f"line {slot[0]}, circle {slot[1]}"


def take_words(move: Take, own: bool) -> str:
    """'line a, circle 1: 5 (6, own colour -1)'."""
    where = slot_words(move.slot)
    if move.written is None:
        return where
    text = f"{where}: {move.written}"
    if move.written != move.value:
        change = move.written - move.value
        why = "own colour" if own and abs(change) == 1 else "factory"
        text += f" ({move.value}, {why} {change:+d})"
    return text


def move_words(move: Move) -> str:
    """A decision in the Turn dock's words."""
    if isinstance(move, Develop):
        names = {
            "ram": "a ram (breaks defenders in half)",
            "spikes": "spikes (break attackers in half)",
            "umbrella": "an umbrella (protects half the defenders from bombs)",
        }
        up = move.upgrade
        if up in names:
            return f"develop {names[up]}"
        if up.endswith("+"):
            return f"develop line {up[0]}'s next bonus circle"
        return f"develop line {up[0]}'s line upgrade (the middle number counts)"
    if isinstance(move, Cross):
        return f"cross off footmen {move.group}, space {move.space} (a triangle)"
    if isinstance(move, Soldiers):
        if move.cell == ALL:
            if move.stay:
                return "all stay: every space keeps its new soldiers"
            return "all join the reserve (a unit to deploy next round)"
        return (
            f"space {move.cell}: the soldiers {'stay there' if move.stay else 'join the reserve'}"
        )
    if isinstance(move, StartArea):
        return f"starting area {move.cell}"
    if isinstance(move, Place):
        if move.device == "umbrella":
            return f"an umbrella on space {move.cell} (for the next round's fights)"
        what = "a ram" if move.device == "ram" else "spikes"
        return f"{what} on the border {move.cell}-{move.other} (for the next round's fights)"
    if move == DONE:
        return "done"
    return str(move)
