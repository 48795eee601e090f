"""Shared test helpers: building Pyramid Partition positions from lists of points."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from model.partition import Partition, PartitionOptions

Coords = tuple[int, int, int]


def make_partition(
    n: int,
    red: Iterable[Coords] = (),
    blue: Iterable[Coords] = (),
    *,
    to_move: str = "red",
    version: str = "floating",
    study: bool = True,
) -> Partition:
    pieces = [(tuple(p), "red") for p in red] + [(tuple(p), "blue") for p in blue]
    return Partition.from_setup(PartitionOptions(n, version), to_move, pieces, study=study)


@pytest.fixture
def partition_factory():
    return make_partition
