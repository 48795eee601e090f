"""The names the window says for the rules' values (a colour; a computer's level is in
``viewer.lab.level_names``), from the
catalog (``docs/i18n.md``): the rules keep their own language-free names (``red``,
``easy``), the window says them in the person's language."""

from __future__ import annotations

from pyramid_lab.i18n import N_, _

#: The players' colours of every game (``Game.players``), capitalised as a name is
COLOUR_NAMES = {
    "red": N_("Red"),
    "blue": N_("Blue"),
    "green": N_("Green"),
    "yellow": N_("Yellow"),
    "white": N_("White"),
    "black": N_("Black"),
}


def colour_name(colour: str) -> str:
    """A player's colour as a name (``Red``; a colour not listed capitalised as it is)."""
    return _(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else colour.capitalize()


#: The players' colours as a word inside a sentence (``red to move``)
COLOUR_WORDS = {
    "red": N_("red"),
    "blue": N_("blue"),
    "green": N_("green"),
    "yellow": N_("yellow"),
    "white": N_("white"),
    "black": N_("black"),
}


def colour_word(colour: str) -> str:
    """A player's colour as a word inside a sentence (``red``; one not listed as it is)."""
    return _(COLOUR_WORDS[colour]) if colour in COLOUR_WORDS else colour


#: What a game calls its pieces (``GameUI.piece_word``), a plural noun inside a sentence
PIECE_WORDS = {
    # TRANSLATORS: the pieces of a game, a plural noun inside sentences ("Hide the {pieces}")
    "pieces": N_("pieces"),
    "balls": N_("balls"),
    "spheres": N_("spheres"),
    "pyramids": N_("pyramids"),
    "troops": N_("troops"),
    "stones": N_("stones"),
}


def piece_word(pieces: str) -> str:
    """What a game calls its pieces, in words (a word not listed as it is)."""
    return _(PIECE_WORDS[pieces]) if pieces in PIECE_WORDS else pieces
