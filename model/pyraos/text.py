"""Pyraos' position text (:mod:`model.text`): the pyramid of base 4 level by level from
the base, ``w`` a white sphere, ``b`` a black one, a number a run of empty points; the
reserves are what is not on the board. The repetition count is history, left out::

    pyraos variant=standard,removal=0-2,repetition=3 w3/4/4/3b|3/3/3|2/2|1 white
"""

from __future__ import annotations

from ..partition.text import PyramidCodec
from . import LATTICE

CODEC = PyramidCodec({"w": "white", "b": "black"}, lambda options: LATTICE.n)
