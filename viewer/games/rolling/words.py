"""Rolling Pyramids' decisions in words: a faction board's slot, a die taken and where it
is written, and each other decision as the Turn dock and the status bar say it."""

from __future__ import annotations

from pyramid_lab.i18n import M_, N_, _
from pyramid_lab.model.game import Move
from pyramid_lab.model.rolling import (
    ALL,
    DONE,
    Cross,
    Develop,
    Place,
    RollingPyramids,
    Soldiers,
    StartArea,
    Take,
)


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
        return f"footmen f{group}: box {space}"
    return f"line {slot[0]}, circle {slot[1]}"


def footmen_box(group: int, space: int, number: int, d4: bool) -> str:
    """A footmen box by what the faction board prints in it and where: "footmen f1: cross
    off ▲2 (box 5)" (the boxes counted with the circles between them, as the slot's name
    counts them: "space 5" read as the map's space 5)."""
    return f"footmen f{group}: cross off {'▲' if d4 else '◆'}{number} (box {space})"


def slot_box(slot: str) -> str:
    """The faction board's box a slot is in, by the name the board's heading gives it:
    'Army line a', 'Develop pairs', 'Footmen f2', 'Heroes' (or 'Nowhere')."""
    if slot == "none":
        return "Nowhere"
    if slot == "hero":
        return "Heroes"
    if slot.startswith("dev"):
        return "Develop pairs"
    if slot.startswith("f"):
        return f"Footmen f{slot[1:].split('.')[0]}"
    return f"Army line {slot[0]}"


def take_words(move: Take, own: bool) -> str:
    """'line a, circle 1: 5 (6, own colour -1)'; a footmen box by its number, "footmen f1:
    cross off ▲2 (box 5) (3, own colour -1)"."""
    where = slot_words(move.slot)
    if move.written is None:
        return where
    if move.slot.startswith("f"):
        group, space = move.slot[1:].split(".")
        text = footmen_box(int(group), int(space), move.written, move.sides == 4)
    else:
        text = f"{where}: {move.written}"
    if move.written != move.value:
        change = move.written - move.value
        why = "own colour" if own and abs(change) == 1 else "factory"
        text += f" ({move.value}, {why} {change:+d})"
    return text


def crossed_number(game: RollingPyramids, player: int, move: Move) -> int | None:
    """The number a conquest's triangle holds on ``player``'s faction board (None: no
    conquest, or no such box)."""
    if not isinstance(move, Cross) or not 0 <= player < len(game.factions):
        return None
    groups = game.factions[player].groups
    if not 0 < move.group <= len(groups) or not 0 < move.space <= len(groups[move.group - 1]):
        return None
    return groups[move.group - 1][move.space - 1].number


def move_words(move: Move, crossed: int | None = None) -> str:
    """A decision in the Turn dock's words (``crossed``: the number a conquest's triangle
    holds on the faction board, where known)."""
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
        if crossed is not None:
            return footmen_box(move.group, move.space, crossed, True)
        return f"footmen f{move.group}: cross off the triangle in box {move.space}"
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


#: What a newcomer reads under the Turn dock's heading: each kind of choice of a phase in
#: plain words (the faction board's jargon: circles, triangles, pairs, "2*"). Marked for the
#: catalog and said in the window's language where shown (:func:`phase_help`); the
#: examples quoted from the choices, which are notation, are filled in after translation.
PHASE_HELP = {
    "start": N_(
        "A starting area is yours for the whole game: your troops go to spaces next to it, "
        "and from there onwards."
    ),
    "draft": N_(
        "Each choice is where the die's number goes on your faction board: a line's circle "
        "(lines a, b, c: three fitting numbers make an army), a develop pair (a d4 number "
        "below a d8 number buys an upgrade), a footmen box (▲ d4 or ◆ d8, that exact "
        "number: crossed off, more footmen) or a hero slot (that many heroes). {example}: "
        "the die shows 3, written as 2; a die of your colour may change by 1, a number in "
        "a factory's section by 2."
    ),
    "develop": N_(
        "A develop pair whose d4 number is below its d8 number buys one upgrade: a device "
        "for the fights (ram, spikes, umbrella), a line's next bonus circle (a bigger army "
        "from that line) or a line upgrade (the line's middle number counts instead of its "
        "first)."
    ),
    "deploy": N_(
        "Each unit is troops ready this round: heroes, a full army line (a, b, c; line c is "
        "a bomb that may hit any space), the footmen f1 and f2 (solo: also the reserve). "
        "{five} is 5 troops, {heroes} two heroes (a star marks heroes), {both} both."
    ),
    "conquest": N_(
        "For each space you took this round you may cross off one triangle (▲, a footmen "
        "box of a d4) on your faction board, without a die: crossed boxes unlock the "
        "footmen's circles, more footmen every round."
    ),
    "soldiers": N_(
        "Each space you hold gives new soldiers, its pyramid's top number. Stay: they join "
        "the troops on that space. Reserve: they become one unit (the reserve) you deploy "
        "next round. The spaces are asked one at a time in number order; {all} decides for "
        "every space still waiting."
    ),
    "cleanup": N_(
        "The devices you developed go on the map for the next round's fights: a ram on a "
        "border halves the defenders you attack, spikes halve the attackers, an umbrella "
        "shields half of a space's defenders from bombs."
    ),
}

#: The notation PHASE_HELP quotes from the choices and the map (the same in every language).
_HELP_EXAMPLES = {
    "example": '"(3, own colour -1)"',
    "five": '"5"',
    "heroes": '"2*"',
    "both": '"5+2*"',
    "all": '"all"',
}


def phase_help(phase: str) -> str:
    """What the choices of ``phase`` mean, in the current language ("" for a phase
    without words)."""
    words = PHASE_HELP.get(phase)
    return _(words).format(**_HELP_EXAMPLES) if words is not None else ""


def take_help(move: Take, own: bool) -> str:
    """A draft choice's tooltip: what the slot is and why the number changed."""
    slot = move.slot
    if slot == "none":
        text = "no free place on your board takes this die: it is taken and written nowhere"
    elif slot == "hero":
        text = "a hero slot: that many heroes deploy this round (each slot is used once)"
    elif slot.startswith("dev"):
        text = (
            "a develop pair: a d4 number below a d8 number completes it and buys an "
            "upgrade in the develop phase"
        )
    elif slot.startswith("f"):
        text = (
            "a footmen space: the number matches the space, which is crossed off; crossed "
            "spaces unlock the group's circles (more footmen every round)"
        )
    else:
        text = (
            f"army line {slot[0]}, circle {slot[1]}: three numbers that fit the line make "
            "an army that deploys this round"
        )
    if move.written is not None and move.written != move.value:
        change = move.written - move.value
        why = (
            "a die of your colour may change by 1"
            if own and abs(change) == 1
            else "a factory you hold changes numbers in its section by up to 2"
        )
        text += f"; the die shows {move.value}, written as {move.written} ({why})"
    return text


def unit_help(unit: str, troops: str, bomb: bool = False) -> str:
    """A deployment choice's tooltip: what the unit is and what its number says."""
    if unit.startswith("f"):
        what = f"footmen group {unit[1:]}: 1 plus the numbers of its unlocked circles"
    elif unit in ("a", "b", "c"):
        what = f"the army of line {unit}, its three circles filled"
    elif unit == "reserve":
        what = "the soldiers kept back last round"
    else:
        what = "the heroes written this round"
    if bomb:
        what += " (a bomb: it may hit any space, and its survivors do not stay)"
    if troops:
        what += f"; {troops}: " + (
            "heroes (a star marks heroes)" if troops.endswith("*") else "troops"
        )
    return what


def move_help(move: Move) -> str:
    """A Turn dock choice's tooltip (develop, conquest, soldiers, starting area)."""
    if isinstance(move, Develop):
        return "spends one completed develop pair (a d4 number below a d8 number)"
    if isinstance(move, Cross):
        return (
            "a triangle is a footmen space for a d4 (▲ on the faction board); a conquest "
            "crosses it off without a die, nearer to the group's next circle"
        )
    if isinstance(move, Soldiers):
        if move.stay:
            return "the new soldiers join the troops on the space: a stronger garrison"
        return "the new soldiers form the reserve, one unit to deploy next round"
    if isinstance(move, StartArea):
        return "your starting area for the game: you may send troops next to it"
    return ""


def _points(count: int) -> str:
    return f"{count} point{'s' * (count != 1)}"


def white_pyramid_words(
    top: int, bottom: int, rounds: int = 10, last_round: str = "both", solo: bool = False
) -> str:
    """What a white pyramid scores, as a space's hover says it: "white pyramid: 1 point a
    round (round 10: 1 + 2 = 3 points)"; solo, where nobody scores, the top number is the
    holder's new soldiers: "white pyramid: 1 new soldier a round for its holder"."""
    if solo:
        return f"white pyramid: {top} new soldier{'s' * (top != 1)} a round for its holder"
    last = (
        f"{top} + {bottom} = {_points(top + bottom)}" if last_round == "both" else _points(bottom)
    )
    return f"white pyramid: {_points(top)} a round (round {rounds}: {last})"


def white_pyramids_legend(rounds: int, last_round: str = "both", solo: bool = False) -> str:
    """The legend's line for the "1/2" under a space's number on the map (solo: soldiers,
    not points), short: the legend stands beside the map, and a long line steps the map
    back (a hover on a space says its numbers whole)."""
    if solo:
        return M_('"1/2": new soldiers a round (the first number)')
    if last_round == "both":
        return M_('"1/2": points a round (round {rounds}: both)', rounds=rounds)
    return M_('"1/2": points a round (round {rounds}: the second)', rounds=rounds)
