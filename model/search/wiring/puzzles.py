"""The door's ``puzzles`` namespace: puzzles made on demand and their collections
(:mod:`model.search.composer`), each search handed the position's game's plug-in by the
door (:func:`model.search.wiring.handed`)."""

from ..composer import BANDS as BANDS
from ..composer import CAP as CAP
from ..composer import DIFFICULTIES as DIFFICULTIES
from ..composer import Composed as Composed
from ..composer import band as band
from ..composer import compose as compose
from ..composer import difficulty as difficulty
from ..composer import make_puzzle as make_puzzle
from ..composer import shortest_win as shortest_win
from ..composer import title as title
from ..composer import write_collection as write_collection
from ..difficulty import playouts_to_find as playouts_to_find
from ..prover import first_moves as first_moves
from ..prover import node_budget as node_budget
