"""Why the first player wins every free-floating Pyramid Partition pyramid, and what the
searches found agrees: a ball of one's own never hurts (the strategy-stealing argument
in docs/engines.md rests on these two facts of the rules, checked here on random positions
of bases 2 to 6), and the game always has a winner (the spec's "fundamental" property,
tests/model/test_partition.py ``test_fill_at_random_always_ends_with_exactly_one_winner``).

Adding a ball of colour P at an empty point (1) keeps every corner P held (its groups only
grow, and paths may run through any point), and (2) leaves the other side's holdings as
they were (the other side's groups do not change, and a path may use P's balls as it used
the empty point). So in the free-floating version, where every empty point is a legal
move, red can play any first move and then answer as a winning second player would: an
extra red ball never spoils it. The stacking version has no such argument: a ball changes
which points can be played (base 4 stacking: blue, the second player, wins)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pyramid_lab.model.partition import Partition, PartitionOptions


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(
    size=st.integers(2, 6),
    seed=st.integers(0, 10**6),
    fraction=st.floats(0.0, 1.0),
    extra=st.integers(0, 10**6),
    colour=st.sampled_from(["red", "blue"]),
)
def test_a_ball_of_ones_own_never_hurts(size, seed, fraction, extra, colour):
    empty = Partition.new(PartitionOptions(size, "floating"))
    order = empty.fill_order(seed)
    placed = int(len(order) * fraction)
    position = empty.filled(order[:placed])
    free = [p for p, _ in order[placed:]]
    if not free:
        return
    point = free[extra % len(free)]
    pieces = [*position.pieces(), (tuple(position.lattice.point(point)), colour)]
    more = Partition.from_setup(position.options, position.to_move, pieces, study=True)
    other = "blue" if colour == "red" else "red"
    assert set(position.held_corners(colour)) <= set(more.held_corners(colour))
    assert position.held_corners(other) == more.held_corners(other)
