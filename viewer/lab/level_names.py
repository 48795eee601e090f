"""The computer players' names as a person reads them, Qt-free plain words (the window's
widgets, the Game menu and the lab's status line all read them from here)."""

from __future__ import annotations

from pyramid_lab.i18n import N_, _

#: The computer players' names as a person reads them, one set everywhere (the New game
#: dialog, the Game menu, the status line): the shared levels, and Rolling Pyramids' own
#: players (its plug-in's ``own_levels``). The keys are the levels' names in files and
#: settings; each name comes from the catalog.
LEVEL_NAMES: dict[str, str] = {
    "easy": N_("easy"),
    "medium": N_("medium"),
    "strong": N_("strong"),
    "random": N_("random"),
    "greedy": N_("greedy"),
    "planner": N_("planner"),
}


def level_name(level: str) -> str:
    """A computer player's level as a person reads it, in the catalog's words."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level
