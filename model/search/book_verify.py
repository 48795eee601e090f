"""A book's entries proven again (``pyramid-lab book verify``): each with a compiled
solver, on one fresh table for the run. Apart from :mod:`.book` so that a look-up loads no
verifier."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from pyramid_lab.i18n import M_, Message, Mn_

from ..game import Game
from ..words import reason_of
from .stop import SearchStopped

G = TypeVar("G", bound=Game)

#: Why an entry is not proven again, by the value it claims ("win" or "loss"): not proven
#: within its plies, proven in other plies (not exact), proven in fewer (not exact); each
#: made from the plies.
_NOT_PROVEN: dict[str, tuple[Callable[[int], Message], ...]] = {
    "win": (
        lambda n: Mn_("no win within {plies} ply", "no win within {plies} plies", n, plies=n),
        lambda n: Mn_(
            "a win in {plies} ply: not exact", "a win in {plies} plies: not exact", n, plies=n
        ),
        lambda n: Mn_(
            "a win within {plies} ply: not exact",
            "a win within {plies} plies: not exact",
            n,
            plies=n,
        ),
    ),
    "loss": (
        lambda n: Mn_("no loss within {plies} ply", "no loss within {plies} plies", n, plies=n),
        lambda n: Mn_(
            "a loss in {plies} ply: not exact", "a loss in {plies} plies: not exact", n, plies=n
        ),
        lambda n: Mn_(
            "a loss within {plies} ply: not exact",
            "a loss within {plies} plies: not exact",
            n,
            plies=n,
        ),
    ),
}
_OTHER = (
    "no {value} within {plies} plies",
    "a {value} in {plies} plies: not exact",
    "a {value} within {plies} plies: not exact",
)


def _not_proven(value: str, which: int, plies: int) -> str:
    """Why an entry claiming ``value`` is not proven (:data:`_NOT_PROVEN`'s ``which``): a
    Message, its English what the verdict always said (its JSON's too; "1 ply" where it
    said "1 plies")."""
    said = _NOT_PROVEN.get(value)
    if said is None:  # (a value the book does not write: its words as they were)
        return _OTHER[which].format(value=value, plies=plies)
    return said[which](plies)


@dataclass(frozen=True, slots=True)
class Verdict:
    """A book entry proven again (``ok``) or not, and why (``reason``)."""

    entry: Any
    ok: bool
    reason: str
    nodes: int
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {
            **self.entry.to_json(),
            "verified": self.ok,
            "reason": self.reason,
            "verify_nodes": self.nodes,
            "verify_seconds": round(self.seconds, 2),
        }


def prove_again(solver: Any, entry: Any, start: float) -> Verdict:
    """Prove a book ``entry`` (``value``, ``plies``, ``exact``) again with a compiled
    ``solver`` set on its position: the winner wins within its plies, and where the entry
    says exact, not within two plies fewer; ``start`` is when the entry's clock began."""
    mover_wins = entry.value == "win"
    nodes = 0

    def verdict(ok: bool, reason: str) -> Verdict:
        return Verdict(entry, ok, reason, nodes, time.perf_counter() - start)

    try:
        proof = solver.prove(mover_wins, entry.plies)
        nodes += proof.nodes
        if not proof.proven:
            return verdict(False, _not_proven(entry.value, 0, entry.plies))
        if entry.exact and proof.plies != entry.plies:
            return verdict(False, _not_proven(entry.value, 1, proof.plies))
        shorter = entry.plies - 2
        lowest = solver.lower_bound(mover_wins)
        if entry.exact and shorter >= lowest:
            again = solver.prove(mover_wins, shorter)
            nodes += again.nodes
            if again.proven:
                return verdict(False, _not_proven(entry.value, 2, shorter))
    except SearchStopped:
        return verdict(False, M_("out of time"))
    return verdict(True, M_("proven"))


def prove_all_again(
    entries: Iterable[Any],
    position: Callable[[Any], G],
    make_solver: Callable[[G], Any],
    max_seconds: float | None,
) -> Iterator[Verdict]:
    """Prove each entry again (:func:`prove_again`), in the order given, with one fresh
    table for the run: an entry may use what the run proved for an earlier one (the fuller
    positions first make the emptier ones cheap), never the book's claims. ``position``
    gives an entry's position, ``make_solver`` a compiled solver on one (ValueError where
    there is none), retargeted while the rules stay the same; ``max_seconds`` is each
    entry's budget."""
    solver: Any = None
    for entry in entries:
        start = time.perf_counter()
        game = position(entry)
        if game.is_over():
            yield Verdict(entry, False, M_("the game is over there"), 0, 0.0)
            continue
        if solver is not None:
            try:
                solver.retarget(game)
            except ValueError:  # another version of the rules: another table
                solver = None
        if solver is None:
            try:
                solver = make_solver(game)
            except ValueError as exc:
                yield Verdict(entry, False, reason_of(exc), 0, 0.0)
                continue
        solver.max_seconds = max_seconds
        solver._start = start  # the budget is the entry's
        yield prove_again(solver, entry, start)
