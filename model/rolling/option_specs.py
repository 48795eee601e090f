"""Rolling Pyramids' options: the New game dialog's (:data:`OPTION_SPECS`, each word marked
for the catalog) and every option a file may give (:data:`FILE_OPTIONS`), read by
:meth:`model.rolling.RollingPyramids.parse_options` into a
:class:`~model.rolling.state.RollingOptions`."""

from __future__ import annotations

from dataclasses import replace

from pyramid_lab.i18n import N_

from ..game import OptionSpec
from .maps import faction_names, faction_words, map_names, map_words
from .rules import HALVING
from .state import CONQUEST, LAST_ROUND, PHARAOH_LEVELS

#: The New game dialog's options (:attr:`RollingPyramids.option_specs`).
OPTION_SPECS = (
    OptionSpec(
        "players",
        N_("Players"),
        2,
        minimum=1,
        maximum=4,
        help=N_("1 is the solo variant, Hyskosian revolution (15 rounds)"),
    ),
    OptionSpec(
        "map",
        N_("Map"),
        "inner-factories",
        choices=map_names(),
        help=N_("made for this project: the published maps are lost"),
        choice_words=map_words(),
    ),
    OptionSpec(
        "first_faction",
        N_("First player's faction"),
        "anubian",
        choices=faction_names(),
        help=N_("the seats alternate between the factions"),
        choice_words=faction_words(),
    ),
    OptionSpec(
        "last_round",
        N_("Round 10 scores"),
        "both",
        choices=LAST_ROUND,
        help=N_(
            "each pyramid's top and bottom numbers (as every round, and the last "
            "round's bottom), or its bottom number instead of the top"
        ),
        # TRANSLATORS: round 10 scores both numbers of each pyramid, or the bottom one
        choice_words=(N_("both"), N_("bottom")),
        only_when=("players", ("2", "3", "4")),  # the solo game scores no points
    ),
    OptionSpec(
        "pharaoh",
        N_("Pharaoh's strength"),
        "strong",
        choices=tuple(PHARAOH_LEVELS),
        help=N_("solo: the Pharaoh's troops on the spaces at the start"),
        choice_help=(
            N_("the map's own numbers: a planned revolution nearly always wins"),
            N_("twice the map's numbers: a challenge (our planner wins about 2 in 3)"),
            N_("2.5 times the map's numbers: our planner wins about 1 in 4"),
        ),
        choice_words=(N_("gentle"), N_("strong"), N_("mighty")),
        only_when=("players", ("1",)),
    ),
)
_DIALOG = {spec.name: spec for spec in OPTION_SPECS}
#: Every option a file may give, in :class:`RollingOptions`' order (read by
#: :meth:`RollingPyramids.parse_options`): the New game dialog's, but for the solo Pharaoh's
#: default, "gentle" in files (every file before the option had the maps' own fill), and
#: the variants of the rules that the dialog does not offer.
FILE_OPTIONS = (
    _DIALOG["players"],
    _DIALOG["map"],
    _DIALOG["first_faction"],
    _DIALOG["last_round"],
    OptionSpec("rotate_first_player", "Rotate the first player", False),
    OptionSpec(
        "stack_modifiers", "Stack modifiers", False, help="own colour ±1 and factory ±2 on one die"
    ),
    OptionSpec("halving", "Halving", "device", choices=HALVING),
    OptionSpec("conquest", "Conquest", "new", choices=CONQUEST),
    replace(_DIALOG["pharaoh"], default="gentle"),
)
