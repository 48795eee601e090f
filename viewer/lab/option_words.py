"""A game's rule options in words, as the New game dialog names them (issue 90): each its
label and its value's word (``Base size: 4, Version: floating``), said in the reader's
language; an option the dialog does not offer as a file writes it (``halving=device``).
The command line's ``analyze --text`` and the print sheet's game line say it."""

from __future__ import annotations

import json

from pyramid_lab.i18n import M_
from pyramid_lab.model.game import Game
from pyramid_lab.model.words import joined


def options_words(game: Game) -> str:
    """``game``'s options, a Message of the ``{option}: {value}`` pairs joined by ", "
    ('' where it has none)."""
    specs = {spec.name: spec for spec in game.option_specs}
    raw = game.options.to_json()  # (every game's options write themselves so: a file's)
    parts: list[str] = []
    for name, value in raw.items():
        spec = specs.get(name)
        if spec is None:  # (a variant of the rules a file may name: notation)
            parts.append(f"{name}={value if isinstance(value, str) else json.dumps(value)}")
            continue
        said: str | int
        if isinstance(value, bool):
            said = M_("yes") if value else M_("no")
        elif isinstance(value, str) and value in spec.choices:
            said = M_(spec.words()[spec.choices.index(value)])
        else:
            said = str(value)
        parts.append(M_("{option}: {value}", option=M_(spec.label), value=said))
    return joined(parts, ", ")
