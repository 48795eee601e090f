"""Names for the numpy arrays the compiled searches pass around, for the type checker (numba
types the arguments itself when it compiles; annotations are never read there)."""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
import numpy.typing as npt

#: int64 words: a kernel's state row or its context, a table, registers, moves.
Words: TypeAlias = npt.NDArray[np.int64]
#: int32 counts (the MCTS tree's visits and children).
Counts: TypeAlias = npt.NDArray[np.int32]
#: int16 (the MCTS tree's plies to the end).
Shorts: TypeAlias = npt.NDArray[np.int16]
#: int8 flags (proven values, fixed children).
Flags: TypeAlias = npt.NDArray[np.int8]
#: uint8 bytes (an endgame table's values).
Bytes: TypeAlias = npt.NDArray[np.uint8]
#: float64 (rewards, parameters).
Floats: TypeAlias = npt.NDArray[np.float64]
#: Several arrays of a search handed over as one tuple (its frames, its workspace).
Arrays: TypeAlias = tuple[npt.NDArray[np.generic], ...]
#: The MCTS tree (:meth:`model.search.compiled.mcts.Tree.arrays`): first, count, move,
#: visits, wins, proven, plies, rave_n, rave_w.
TreeArrays: TypeAlias = tuple[Counts, Counts, Words, Counts, Floats, Flags, Shorts, Counts, Floats]
