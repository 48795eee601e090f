"""The door's ``cluster`` namespace: the same value proven by many processes on a Dask
cluster (:mod:`model.search.split`), the workers handed the door's lookup of a game's
plug-in by the door (:func:`model.search.wiring.handed`; their processes import it by
name)."""

from ..split import SchedulerError as SchedulerError
from ..split import SplitResult as SplitResult
from ..split import SplitStatus as SplitStatus
from ..split import scheduler_security as scheduler_security
from ..split import split_solve as split_solve
