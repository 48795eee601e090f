"""Rolling Pyramids' words, without Qt: a faction board's slot, a die taken and where it
is written, and each other decision as the Turn dock and the status bar say it; the moves
as the Moves dock lists them (the notation with its verb, a die's colour and a device a
word of the catalog, so a German list reads "Rot nimm rot d4 2 > a1", not "Rot take red d4
2 > a1", issue 90: each a Message whose English is the move's notation, exactly, so an
English list is what it was and a move is still typed as written); and the sentences the
UI's words say (:class:`~viewer.games.rolling.RollingUI`: the status line, a decision
played, the legend, the choices listed for a host without the Turn dock, the classroom's
page, and its docks' panels). Each sentence a message of the catalog made language-free
(:func:`pyramid_lab.i18n.M_`): the window says it in its language, each page of the
classroom in its own. One module as Pyramid Ball's ``words.py``: the game's words, one
concept."""

from __future__ import annotations

from pyramid_lab.i18n import M_, N_, Mn_, _
from pyramid_lab.model.game import Game, Move
from pyramid_lab.model.rolling import (
    ALL,
    DONE,
    PHARAOH_COLOUR,
    Cross,
    Deploy,
    Develop,
    Place,
    Roll,
    RollingPyramids,
    Soldiers,
    StartArea,
    Take,
)
from pyramid_lab.model.words import colour

from ...lab import palette
from ...lab.frame import Frame
from ...lab.outcome_words import word


def slot_words(slot: str) -> str:
    """A slot of the faction board in words (a Message)."""
    if slot == "none":
        return M_("written nowhere (no slot takes it)")
    if slot == "hero":
        return M_("the next hero slot")
    if slot.startswith("dev"):
        pair, shape = slot[3:].split(".")
        return M_("develop pair {pair} ({shape})", pair=pair, shape=shape)
    if slot.startswith("f"):
        group, space = slot[1:].split(".")
        return M_("footmen f{group}: box {space}", group=group, space=space)
    return M_("line {line}, circle {circle}", line=slot[0], circle=slot[1])


def footmen_box(group: int, space: int, number: int, d4: bool) -> str:
    """A footmen box by what the faction board prints in it and where: "footmen f1: cross
    off ▲2 (box 5)" (the boxes counted with the circles between them, as the slot's name
    counts them: "space 5" read as the map's space 5)."""
    box = ("▲" if d4 else "◆") + str(number)  # (what the box prints: notation)
    return M_(
        "footmen f{group}: cross off {box} (box {space})",
        group=str(group),
        box=box,
        space=str(space),
    )


def slot_box(slot: str) -> str:
    """The faction board's box a slot is in, by the name the board's heading gives it:
    'Army line a', 'Develop pairs', 'Footmen f2', 'Heroes' (or 'Nowhere'): a key (the
    board marks the box by it), said by :func:`box_words`."""
    if slot == "none":
        return "Nowhere"
    if slot == "hero":
        return "Heroes"
    if slot.startswith("dev"):
        return "Develop pairs"
    if slot.startswith("f"):
        return f"Footmen f{slot[1:].split('.')[0]}"
    return f"Army line {slot[0]}"


def box_words(box: str) -> str:
    """A box of :func:`slot_box` in words (a Message), as the Turn dock's heading says it."""
    if box.startswith("Footmen f"):
        return M_("Footmen f{group}", group=box.removeprefix("Footmen f"))
    if box.startswith("Army line "):
        return M_("Army line {line}", line=box.removeprefix("Army line "))
    return {"Nowhere": M_("Nowhere"), "Heroes": M_("Heroes")}.get(box, M_("Develop pairs"))


def take_words(move: Take, own: bool) -> str:
    """'line a, circle 1: 5 (6, own colour -1)'; a footmen box by its number, "footmen f1:
    cross off ▲2 (box 5) (3, own colour -1)" (a Message)."""
    where = slot_words(move.slot)
    if move.written is None:
        return where
    text: str
    if move.slot.startswith("f"):
        group, space = move.slot[1:].split(".")
        text = footmen_box(int(group), int(space), move.written, move.sides == 4)
    else:
        text = M_("{where}: {number}", where=where, number=str(move.written))
    if move.written != move.value:
        change = move.written - move.value
        value, by = str(move.value), f"{change:+d}"
        if own and abs(change) == 1:
            return M_("{said} ({value}, own colour {change})", said=text, value=value, change=by)
        return M_("{said} ({value}, factory {change})", said=text, value=value, change=by)
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


#: A device developed, in words, by the rules' name for it.
DEVELOP_WORDS = {
    "ram": N_("develop a ram (breaks defenders in half)"),
    "spikes": N_("develop spikes (break attackers in half)"),
    "umbrella": N_("develop an umbrella (protects half the defenders from bombs)"),
}


#: A device to place, in the cleanup's choices, by the rules' name for it ("place a spikes"
#: before: spikes are a plural).
PLACE_WORDS = {
    "ram": N_("place a ram"),
    "spikes": N_("place spikes"),
    "umbrella": N_("place an umbrella"),
}


def move_words(move: Move, crossed: int | None = None) -> str:
    """A decision in the Turn dock's words, a Message (``crossed``: the number a conquest's
    triangle holds on the faction board, where known)."""
    if isinstance(move, Develop):
        up = move.upgrade
        if up in DEVELOP_WORDS:
            return M_(DEVELOP_WORDS[up])
        if up.endswith("+"):
            return M_("develop line {line}'s next bonus circle", line=up[0])
        return M_("develop line {line}'s line upgrade (the middle number counts)", line=up[0])
    if isinstance(move, Cross):
        if crossed is not None:
            return footmen_box(move.group, move.space, crossed, True)
        return M_(
            "footmen f{group}: cross off the triangle in box {space}",
            group=str(move.group),
            space=str(move.space),
        )
    if isinstance(move, Soldiers):
        if move.cell == ALL:
            if move.stay:
                return M_("all stay: every space keeps its new soldiers")
            return M_("all join the reserve (a unit to deploy next round)")
        if move.stay:
            return M_("space {space}: the soldiers stay there", space=str(move.cell))
        return M_("space {space}: the soldiers join the reserve", space=str(move.cell))
    if isinstance(move, StartArea):
        return M_("starting area {area}", area=str(move.cell))
    if isinstance(move, Place):
        return _placed(move)
    if move == DONE:
        return M_("done")
    return str(move)


def _placed(move: Place) -> str:
    """A device placed, in words (a Message)."""
    if move.device == "umbrella":
        return M_(
            "an umbrella on space {space} (for the next round's fights)", space=str(move.cell)
        )
    border = {"space": str(move.cell), "other": str(move.other)}
    if move.device == "ram":
        return M_("a ram on the border {space}-{other} (for the next round's fights)", **border)
    return M_("spikes on the border {space}-{other} (for the next round's fights)", **border)


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
    """A draft choice's tooltip: what the slot is and why the number changed (a Message)."""
    slot = move.slot
    text: str
    if slot == "none":
        text = M_("no free place on your board takes this die: it is taken and written nowhere")
    elif slot == "hero":
        text = M_("a hero slot: that many heroes deploy this round (each slot is used once)")
    elif slot.startswith("dev"):
        text = M_(
            "a develop pair: a d4 number below a d8 number completes it and buys an "
            "upgrade in the develop phase"
        )
    elif slot.startswith("f"):
        text = M_(
            "a footmen space: the number matches the space, which is crossed off; crossed "
            "spaces unlock the group's circles (more footmen every round)"
        )
    else:
        text = M_(
            "army line {line}, circle {circle}: three numbers that fit the line make "
            "an army that deploys this round",
            line=slot[0],
            circle=slot[1],
        )
    if move.written is not None and move.written != move.value:
        change = move.written - move.value
        why = (
            M_("a die of your colour may change by 1")
            if own and abs(change) == 1
            else M_("a factory you hold changes numbers in its section by up to 2")
        )
        return M_(
            "{slot}; the die shows {value}, written as {written} ({why})",
            slot=text,
            value=str(move.value),
            written=str(move.written),
            why=why,
        )
    return text


def unit_help(unit: str, troops: str, bomb: bool = False) -> str:
    """A deployment choice's tooltip: what the unit is and what its number says (a
    Message; ``troops`` is notation: "5", "2*", "5+2*")."""
    what: str
    if unit.startswith("f"):
        what = M_(
            "footmen group {group}: 1 plus the numbers of its unlocked circles", group=unit[1:]
        )
    elif unit in ("a", "b", "c"):
        what = M_("the army of line {line}, its three circles filled", line=unit)
    elif unit == "reserve":
        what = M_("the soldiers kept back last round")
    else:
        what = M_("the heroes written this round")
    if bomb:
        what = M_("{unit} (a bomb: it may hit any space, and its survivors do not stay)", unit=what)
    if troops.endswith("*"):
        return M_("{unit}; {troops}: heroes (a star marks heroes)", unit=what, troops=troops)
    if troops:
        return M_("{unit}; {troops}: troops", unit=what, troops=troops)
    return what


#: A Turn dock choice's tooltip, by the kind of decision (a Soldiers' by whether they stay).
_MOVE_HELP = {
    "develop": N_("spends one completed develop pair (a d4 number below a d8 number)"),
    "cross": N_(
        "a triangle is a footmen space for a d4 (▲ on the faction board); a conquest "
        "crosses it off without a die, nearer to the group's next circle"
    ),
    "stay": N_("the new soldiers join the troops on the space: a stronger garrison"),
    "reserve": N_("the new soldiers form the reserve, one unit to deploy next round"),
    "start": N_("your starting area for the game: you may send troops next to it"),
}


def move_help(move: Move) -> str:
    """A Turn dock choice's tooltip (develop, conquest, soldiers, starting area: a Message;
    "" for another decision)."""
    if isinstance(move, Develop):
        kind = "develop"
    elif isinstance(move, Cross):
        kind = "cross"
    elif isinstance(move, Soldiers):
        kind = "stay" if move.stay else "reserve"
    elif isinstance(move, StartArea):
        kind = "start"
    else:
        return ""
    return M_(_MOVE_HELP[kind])


def white_pyramid_words(
    top: int, bottom: int, rounds: int = 10, last_round: str = "both", solo: bool = False
) -> str:
    """What a white pyramid scores, as a space's hover says it: "white pyramid: 1 point a
    round (round 10: 1 + 2 = 3 points)"; solo, where nobody scores, the top number is the
    holder's new soldiers: "white pyramid: 1 new soldier a round for its holder" (a
    Message)."""
    if solo:
        return Mn_(
            "white pyramid: {count} new soldier a round for its holder",
            "white pyramid: {count} new soldiers a round for its holder",
            top,
            count=top,
        )
    points = Mn_("{count} point", "{count} points", top, count=top)
    if last_round == "both":
        total = top + bottom
        return M_(
            "white pyramid: {points} a round (round {rounds}: {top} + {bottom} = {total})",
            points=points,
            rounds=rounds,
            top=top,
            bottom=bottom,
            total=Mn_("{count} point", "{count} points", total, count=total),
        )
    return M_(
        "white pyramid: {points} a round (round {rounds}: {last})",
        points=points,
        rounds=rounds,
        last=Mn_("{count} point", "{count} points", bottom, count=bottom),
    )


def white_pyramids_legend(rounds: int, last_round: str = "both", solo: bool = False) -> str:
    """The legend's line for the "1/2" under a space's number on the map (solo: soldiers,
    not points), short: the legend stands beside the map, and a long line steps the map
    back (a hover on a space says its numbers whole)."""
    if solo:
        return M_('"1/2": new soldiers a round (the first number)')
    if last_round == "both":
        return M_('"1/2": points a round (round {rounds}: both)', rounds=rounds)
    return M_('"1/2": points a round (round {rounds}: the second)', rounds=rounds)


#: The devices a develop names, as words (their notation the rules' names).
DEVICES = {"ram": N_("ram"), "spikes": N_("spikes"), "umbrella": N_("umbrella")}


def move_listed(move: Move) -> str:
    """``move`` as the Moves dock lists it (a Message; the notation where it has no word)."""
    # TRANSLATORS: the Moves list's Rolling Pyramids moves: the verb is a word, the rest
    # (a die "d4 2", a slot "a1", a space "17", a unit "f2") notation
    if isinstance(move, Take):
        die = {"colour": colour(move.colour), "sides": str(move.sides), "value": str(move.value)}
        if move.written is not None and move.written != move.value:
            return M_(
                "take {colour} d{sides} {value} > {slot} = {written}",
                **die,
                slot=move.slot,
                written=str(move.written),
            )
        return M_("take {colour} d{sides} {value} > {slot}", **die, slot=move.slot)
    if isinstance(move, Roll):
        return M_(
            "roll {colour} d{sides} {value}",
            colour=colour(move.colour),
            sides=str(move.sides),
            value=str(move.value),
        )
    if isinstance(move, StartArea):
        return M_("start {area}", area=str(move.cell))
    if isinstance(move, Develop):
        upgrade = move.upgrade
        return M_(
            "develop {upgrade}", upgrade=M_(DEVICES[upgrade]) if upgrade in DEVICES else upgrade
        )
    if isinstance(move, Deploy):
        return M_("deploy {unit} {space}", unit=str(move.unit), space=str(move.cell))
    if isinstance(move, Cross):
        return M_("cross f{group}.{box}", group=str(move.group), box=str(move.space))
    if isinstance(move, Soldiers):
        if move.stay:
            return M_("stay {space}", space=str(move.cell))
        return M_("reserve {space}", space=str(move.cell))
    if isinstance(move, Place):
        return _placed_listed(move)
    if move == DONE:
        return M_("done")
    return str(move)


def _placed_listed(move: Place) -> str:
    where = move.cell if move.other is None else f"{move.cell}-{move.other}"
    if move.device == "ram":
        return M_("ram {where}", where=where)
    if move.device == "spikes":
        return M_("spikes {where}", where=where)
    if move.device == "umbrella":
        return M_("umbrella {where}", where=where)
    return str(move)


PHASE_WORDS = {
    "start": N_("choosing starting areas"),
    "solo_start": N_("rolling for the starting area"),
    "roll": N_("rolling the dice"),
    "draft": N_("draft"),
    "develop": N_("develop"),
    "deploy": N_("deploy (secret)"),
    "conquest": N_("conquests"),
    "soldiers": N_("new soldiers"),
    "cleanup": N_("cleanup"),
    "over": N_("over"),
}
#: The map's white pyramids, drawn with it: a decoration only so the legend explains the
#: "1/2" under a space's number (the hex map draws no decoration).
WHITE_PYRAMIDS = "white-pyramids"
WHITE_PYRAMID_DECORATION = frozenset({WHITE_PYRAMIDS})
#: The Pharaoh's stacks (solo), drawn as pieces: a decoration only so the legend names them.
PHARAOH_TROOPS = palette.PIECES_OF + PHARAOH_COLOUR

#: A side's initial, on a starting area it holds with no stack on it (its second cue beside
#: the tint: a word as narrow as a stack's number, the legend saying whose it is).
INITIALS = {
    # TRANSLATORS: red's initial on a starting area it holds (1-2 letters, each side's own)
    "red": N_("R"),
    # TRANSLATORS: blue's initial on a starting area it holds (1-2 letters, each side's own)
    "blue": N_("B"),
    # TRANSLATORS: green's initial on a starting area it holds (1-2 letters, each side's own)
    "green": N_("G"),
    # TRANSLATORS: yellow's initial on a starting area it holds (1-2 letters, each side's own)
    "yellow": N_("Y"),
}

DONE_WORDS = {
    "develop": N_("done developing (the unspent pairs are kept)"),
    "conquest": N_("done crossing off triangles"),
    "cleanup": N_("done placing devices"),
}


def phase_word(game: RollingPyramids) -> str:
    """The phase of ``game`` in words (marked for the catalog: translated where shown)."""
    if game.options.solo and game.phase == "deploy":
        return N_("deploy")  # (nobody to keep it secret from)
    return PHASE_WORDS.get(game.phase, game.phase)


def initials_shown(game: Game, frame: Frame) -> dict[str, str]:
    """The initials the map shows on starting areas (:data:`INITIALS`), by side."""
    if not isinstance(game, RollingPyramids):
        return {}
    on_map = {label.text for label in frame.labels}
    return {c: word(INITIALS[c]) for c in game.players if c in INITIALS and INITIALS[c] in on_map}
