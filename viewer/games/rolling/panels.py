"""Rolling Pyramids' panels beside the board, Qt-free: the dice pool and each player's
faction board as the window's Turn and Faction boards docks show them (``docks.py``, Qt)
and as the classroom's page does (:meth:`RollingUI.panels`), made once and said in each
reader's language (:class:`~viewer.lab.said_html.SaidHtml`: the window's, each page's).
Every word from the rules (a faction's name, its heroes' text, a line's name) is escaped:
the HTML is safe to show."""

from __future__ import annotations

import html

from pyramid_lab.i18n import M_, N_, Message
from pyramid_lab.model.rolling import RollingPyramids
from pyramid_lab.model.rolling.maps import faction_word
from pyramid_lab.model.rolling.rules import DEVICES, footmen

from ...lab import palette
from ...lab.outcome_words import joined, word
from ...lab.said_html import SaidHtml

#: A hovered choice's box on the faction board.
BOX_MARK = "#fff0a0"
DIE_RGB = {"grey": (150, 150, 150)}


def die_colour(game: RollingPyramids, owner: int) -> str:
    return "grey" if owner < 0 else game.players[owner]


def die_text(sides: int, value: int | None, taker: str | None = None) -> str:
    """A die as the pool shows it: "d4: 3" (notation), a taken one "d4: 3 taken by red" (a
    Message: its colour is its owner's; a bare "(red)" read as a red die)."""
    text = f"d{sides}: {'?' if value is None else value}"
    return text if taker is None else M_("{die} taken by {taker}", die=text, taker=word(taker))


def rgb_of(colour: str) -> tuple[int, int, int]:
    return DIE_RGB.get(colour, palette.piece_rgb(colour))


def pool_html(game: RollingPyramids) -> SaidHtml:
    """The dice pool as the Turn dock shows it: each die's sides and value in its owner's
    colour (grey: nobody's), a taken one in grey with its taker."""
    out: list[str] = []
    for die in game.state.dice:
        colour = die_colour(game, die.owner)
        taker = None if die.taker is None else game.players[die.taker]
        text = die_text(die.sides, die.value, taker)
        if die.taker is not None:
            style = "color: gray; border: 1px solid #bbb;"
        else:
            r, g, b = rgb_of(colour)
            ink = "black" if colour in ("yellow", "grey") else "white"
            style = f"background: rgb({r},{g},{b}); color: {ink};"
        said = text if isinstance(text, Message) else html.escape(text)
        out += [" " if out else "", f"<span class='cr-die' style='{style}'>", said, "</span>"]
    return SaidHtml(out)


def _n(value: int | None) -> str:
    return "_" if value is None else str(value)


#: The shipped faction files' own words the faction boards show (their heroes' text, their
#: army lines' names), words of the catalog; a faction file added later shows its own.
FACTION_WORDS = (
    # TRANSLATORS: a Rolling Pyramids faction's heroes (the Anubians'), on its faction board
    N_("Each hero destroys 2 defenders when they attack"),
    # TRANSLATORS: a Rolling Pyramids faction's heroes (Bastet's), on its faction board
    N_("Each hero needs 2 points to be destroyed"),
    # TRANSLATORS: an army line's name: its circles' numbers each smaller than the next
    N_("ascending line"),
    # TRANSLATORS: an army line's name: its triangle's number equal to its rhombus's
    N_("matching line"),
    # TRANSLATORS: an army line's name: its army is 8 minus its leftmost number
    N_("8- line"),
)

#: A device's count on the faction board ("ram x2"), by the device (the rules' name).
DEVICE_COUNTS = {
    # TRANSLATORS: a Rolling Pyramids faction board's count of rams (a device): "ram x2"
    "ram": N_("ram x{count}"),
    # TRANSLATORS: a Rolling Pyramids faction board's count of spikes (a device): "spikes x2"
    "spikes": N_("spikes x{count}"),
    # TRANSLATORS: a faction board's count of umbrellas (a device): "umbrella x2"
    "umbrella": N_("umbrella x{count}"),
}


def sheet_html(game: RollingPyramids, p: int, box: str | None = None) -> SaidHtml:
    """A faction board as HTML, its words said where shown (:class:`SaidHtml`): what is
    written, crossed, upgraded; ``box`` (a box's name, :func:`slot_box`) marked, as a
    choice of the Turn dock is hovered."""
    s = game.state
    sheet = s.sheets[p]
    faction = game.factions[p]
    colour = game.players[p]
    title = M_("{side}: {faction}", side=word(colour), faction=faction_word(faction))
    out: list[str] = [f"<h3 style='color: rgb{rgb_of(colour)}'>", title, "</h3>"]
    if not game.options.solo:
        out += ["<p><b>", M_("Points: {points}", points=str(s.scores[p])), "</b></p>"]
    else:
        out += ["<p>", M_("Reserve: {count}", count=str(sheet.reserve)), "</p>"]
    out += ["<p><i>", M_("Heroes: {text}", text=word(faction.hero_text)), "</i></p>"]
    heroes: list[str] = [
        "<b>",
        M_("Heroes"),
        "</b> " + " ".join(f"[{_n(v)}]" for v in sheet.heroes),
    ]
    if sheet.hero_unit:
        heroes += [" ", M_("(this round: {count})", count=str(sheet.hero_unit))]
    out += ["<p>", *_marked(box, "Heroes", heroes), "</p>"]
    pairs: list[str] = []
    for i, (a, b) in enumerate(zip(sheet.dev4, sheet.dev8, strict=True)):
        pair = f"{i + 1}: {_n(a)}<{_n(b)}"
        pairs += [
            ", " if pairs else "",
            M_("{pair} spent", pair=pair) if sheet.dev_used[i] else html.escape(pair),
        ]
    develop = ["<b>", M_("Develop pairs"), "</b> (d4 &lt; d8) ", *pairs]
    out += ["<p>", *_marked(box, "Develop pairs", develop), "</p>"]
    if not game.options.solo:  # (the solo variant uses no ram, spikes or umbrella)
        devices = [
            M_(DEVICE_COUNTS[d], count=str(sheet.devices[k]))
            for k, d in enumerate(DEVICES)
            if sheet.devices[k]
        ]
        out += [
            "<p><b>",
            M_("Devices"),
            "</b> ",
            joined(devices) if devices else M_("none"),
            "</p>",
        ]
    out.extend(_army_lines(game, p, box))
    out.extend(_footmen(game, p, box))
    out.append("</ul>")
    if sheet.conquests:
        out += ["<p>", M_("Conquests to cross off: {count}", count=str(sheet.conquests)), "</p>"]
    units = game.units(p)
    if units and game.phase == "deploy":
        listed = ", ".join(f"{u.name} {u.troops}" for u in units)
        out += ["<p>", M_("To deploy: {units}", units=listed), "</p>"]
    return SaidHtml(out)


def _marked(box: str | None, name: str, pieces: list[str]) -> list[str]:
    """``pieces`` of the faction board's box ``name``, marked where it is ``box``."""
    if name != box:
        return pieces
    return [
        "<a name='marked'></a>",
        f"<span style='background: {BOX_MARK}'>&#9658; ",
        *pieces,
        "</span>",
    ]


def _army_lines(game: RollingPyramids, p: int, box: str | None) -> list[str]:
    """The faction board's army lines: written numbers, bonus, upgrades (opens a list)."""
    sheet, faction = game.state.sheets[p], game.factions[p]
    out: list[str] = ["<p><b>", M_("Army lines"), "</b></p><ul>"]
    for i, line in enumerate(faction.lines):
        values = " ".join(f"[{_n(v)}]" for v in sheet.lines[i])
        bonus = str(line.bonus[sheet.bonus[i]])
        named = word(line.name)
        name = M_("{name} (a bomb)", name=named) if line.unit == "bomb" else named
        said = (
            M_(
                "{line}, {name}: {values} bonus {bonus} line upgrade",
                line=line.id,
                name=name,
                values=values,
                bonus=bonus,
            )
            if sheet.line_up[i]
            else M_(
                "{line}, {name}: {values} bonus {bonus}",
                line=line.id,
                name=name,
                values=values,
                bonus=bonus,
            )
        )
        shapes = html.escape("/".join(line.shapes))
        text = [said, f" <small>({shapes})</small>"]
        out += ["<li>", *_marked(box, f"Army line {line.id}", text), "</li>"]
    return out


def _footmen(game: RollingPyramids, p: int, box: str | None) -> list[str]:
    """The faction board's footmen groups, crossed-off spaces marked X (closes the list
    the army lines opened and opens its own)."""
    sheet, faction = game.state.sheets[p], game.factions[p]
    out: list[str] = ["</ul><p><b>", M_("Footmen"), "</b></p><ul>"]
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
        text = [f"f{g + 1} = {counts[g]}: {' '.join(spaces)}"]
        out += ["<li>", *_marked(box, f"Footmen f{g + 1}", text), "</li>"]
    return out
