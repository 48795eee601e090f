"""Rolling Pyramids' panels beside the board, Qt-free: the dice pool and each player's
faction board as the window's Turn and Faction boards docks show them (``docks.py``, Qt)
and as the classroom's page does (:meth:`RollingUI.panels`). Every word from the rules
(a faction's name, its heroes' text, a line's name) is escaped: the HTML is safe to show."""

from __future__ import annotations

import html

from pyramid_lab.model.rolling import RollingPyramids
from pyramid_lab.model.rolling.rules import DEVICES, footmen

from ...lab import palette

#: A hovered choice's box on the faction board.
BOX_MARK = "#fff0a0"
DIE_RGB = {"grey": (150, 150, 150)}


def die_colour(game: RollingPyramids, owner: int) -> str:
    return "grey" if owner < 0 else game.players[owner]


def die_text(sides: int, value: int | None, taker: str | None = None) -> str:
    """A die as the pool shows it: "d4: 3", a taken one "d4: 3 taken by red" (its colour
    is its owner's; a bare "(red)" read as a red die)."""
    text = f"d{sides}: {'?' if value is None else value}"
    return text if taker is None else f"{text} taken by {taker}"


def rgb_of(colour: str) -> tuple[int, int, int]:
    return DIE_RGB.get(colour, palette.piece_rgb(colour))


def pool_html(game: RollingPyramids) -> str:
    """The dice pool as the Turn dock shows it: each die's sides and value in its owner's
    colour (grey: nobody's), a taken one in grey with its taker."""
    out = []
    for die in game.state.dice:
        colour = die_colour(game, die.owner)
        taker = None if die.taker is None else game.players[die.taker]
        text = html.escape(die_text(die.sides, die.value, taker))
        if die.taker is not None:
            style = "color: gray; border: 1px solid #bbb;"
        else:
            r, g, b = rgb_of(colour)
            ink = "black" if colour in ("yellow", "grey") else "white"
            style = f"background: rgb({r},{g},{b}); color: {ink};"
        out.append(f"<span class='cr-die' style='{style}'>{text}</span>")
    return " ".join(out)


def _n(value: int | None) -> str:
    return "_" if value is None else str(value)


def sheet_html(game: RollingPyramids, p: int, box: str | None = None) -> str:
    """A faction board as HTML: what is written, crossed, upgraded; ``box`` (a box's name,
    :func:`slot_box`) marked, as a choice of the Turn dock is hovered."""

    def marked(name: str, text: str) -> str:
        return _marked(box, name, text)

    s = game.state
    sheet = s.sheets[p]
    faction = game.factions[p]
    colour = game.players[p]
    out = [f"<h3 style='color: rgb{rgb_of(colour)}'>{colour}: {html.escape(faction.name)}</h3>"]
    if not game.options.solo:
        out.append(f"<p><b>Points: {s.scores[p]}</b></p>")
    else:
        out.append(f"<p>Reserve: {sheet.reserve}</p>")
    out.append(f"<p><i>Heroes: {html.escape(faction.hero_text)}</i></p>")
    heroes = " ".join(f"[{_n(v)}]" for v in sheet.heroes)
    out.append(
        "<p>"
        + marked(
            "Heroes",
            f"<b>Heroes</b> {heroes}"
            + (f" (this round: {sheet.hero_unit})" if sheet.hero_unit else ""),
        )
        + "</p>"
    )
    pairs = []
    for i, (a, b) in enumerate(zip(sheet.dev4, sheet.dev8, strict=True)):
        used = " spent" if sheet.dev_used[i] else ""
        pairs.append(f"{i + 1}: {_n(a)}&lt;{_n(b)}{used}")
    out.append(
        "<p>"
        + marked("Develop pairs", "<b>Develop pairs</b> (d4 &lt; d8) " + ", ".join(pairs))
        + "</p>"
    )
    devices = ", ".join(
        f"{d} x{sheet.devices[k]}" for k, d in enumerate(DEVICES) if sheet.devices[k]
    )
    if not game.options.solo:  # (the solo variant uses no ram, spikes or umbrella)
        out.append(f"<p><b>Devices</b> {devices or 'none'}</p>")
    out.extend(_army_lines(game, p, box))
    out.extend(_footmen(game, p, box))
    out.append("</ul>")
    if sheet.conquests:
        out.append(f"<p>Conquests to cross off: {sheet.conquests}</p>")
    units = game.units(p)
    if units and game.phase == "deploy":
        out.append("<p>To deploy: " + ", ".join(f"{u.name} {u.troops}" for u in units) + "</p>")
    return "".join(out)


def _marked(box: str | None, name: str, text: str) -> str:
    """``text`` of the faction board's box ``name``, marked where it is ``box``."""
    if name != box:
        return text
    return f"<a name='marked'></a><span style='background: {BOX_MARK}'>&#9658; {text}</span>"


def _army_lines(game: RollingPyramids, p: int, box: str | None) -> list[str]:
    """The faction board's army lines: written numbers, bonus, upgrades (opens a list)."""
    sheet, faction = game.state.sheets[p], game.factions[p]
    out = ["<p><b>Army lines</b></p><ul>"]
    for i, line in enumerate(faction.lines):
        values = " ".join(f"[{_n(v)}]" for v in sheet.lines[i])
        bonus = line.bonus[sheet.bonus[i]]
        extra = " line upgrade" if sheet.line_up[i] else ""
        unit = " (a bomb)" if line.unit == "bomb" else ""
        shapes = "/".join(line.shapes)
        text = (
            f"{line.id}, {html.escape(line.name)}{unit}: {values} "
            f"bonus {bonus}{extra} <small>({shapes})</small>"
        )
        out.append(f"<li>{_marked(box, f'Army line {line.id}', text)}</li>")
    return out


def _footmen(game: RollingPyramids, p: int, box: str | None) -> list[str]:
    """The faction board's footmen groups, crossed-off spaces marked X (closes the list
    the army lines opened and opens its own)."""
    sheet, faction = game.state.sheets[p], game.factions[p]
    out = ["</ul><p><b>Footmen</b></p><ul>"]
    counts = footmen(faction, sheet.crossed)
    for g, group in enumerate(faction.groups):
        spaces = []
        for k, space in enumerate(group):
            if space.is_circle:
                spaces.append(f"({space.circle})")
            else:
                mark = "X" if sheet.crossed[g][k] else ""
                shape = "▲" if space.shape == "d4" else "◆"
                spaces.append(f"{shape}{space.number}{mark}")
        text = f"f{g + 1} = {counts[g]}: {' '.join(spaces)}"
        out.append(f"<li>{_marked(box, f'Footmen f{g + 1}', text)}</li>")
    return out
