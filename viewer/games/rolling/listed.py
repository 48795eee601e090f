"""Rolling Pyramids' moves as the Moves dock lists them: the notation with its verb (and a
die's colour, a device) a word of the catalog, so a German list reads "Rot nimm rot d4 2 >
a1", not "Rot take red d4 2 > a1" (issue 90). Each a Message whose English is the move's
notation, exactly: an English list is what it was, and a move is still typed as written."""

from __future__ import annotations

from pyramid_lab.i18n import M_, N_
from pyramid_lab.model.game import Move
from pyramid_lab.model.rolling import (
    DONE,
    Cross,
    Deploy,
    Develop,
    Place,
    Roll,
    Soldiers,
    StartArea,
    Take,
)
from pyramid_lab.model.words import colour

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
        return _placed(move)
    if move == DONE:
        return M_("done")
    return str(move)


def _placed(move: Place) -> str:
    where = move.cell if move.other is None else f"{move.cell}-{move.other}"
    if move.device == "ram":
        return M_("ram {where}", where=where)
    if move.device == "spikes":
        return M_("spikes {where}", where=where)
    if move.device == "umbrella":
        return M_("umbrella {where}", where=where)
    return str(move)
