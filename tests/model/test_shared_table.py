"""The tables that several processes search at once (a split solve's workers on one
machine), df-pn's and the bounded search's: mapped from one file, what one search proved
the other finds, and an entry torn by two writers reads as absent, never as a wrong proof."""

from __future__ import annotations

import pathlib

import numpy as np

from pyramid_lab.model.files import read
from pyramid_lab.model.search.compiled import bounded, dfpn
from pyramid_lab.model.search.compiled.proof import BoundedSearch, ProofSearch
from tests.model.handed import adapter_for

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"


def _question(name: str = "partition/empty-base3-stacking"):
    game = read(EXAMPLES / f"{name}.pyr.json").game
    adapter = adapter_for(game)
    assert adapter is not None
    return adapter, adapter.state(game)


def test_two_searches_on_one_mapped_table_share_what_they_proved(tmp_path):
    adapter, state = _question()
    path = tmp_path / "table"
    first, second = ProofSearch(adapter, table_mb=8), ProofSearch(adapter, table_mb=8)
    # two maps of the file, as two processes have
    assert first.share(first.shared_table(path, 8))
    assert second.share(dfpn.Table(8, path))
    assert not first.share(bounded.Table(8))  # the other engine's table: not taken
    alone = ProofSearch(adapter, table_mb=8)
    # blue wins the empty base-3 pyramid: the side to move (red) has no win within 14 plies
    asked = alone.ask(state, True, 14)
    assert not asked.proven
    assert first.ask(state, True, 14) == asked
    again = second.ask(state, True, 14)
    assert not again.proven
    # the second search finds the root's disproof in the table the first wrote
    assert again.nodes < asked.nodes / 100
    # and its own table again: nothing there
    second.share(None)
    assert second.ask(state, True, 14).nodes == asked.nodes


def test_an_entry_torn_by_two_writers_reads_as_absent():
    table = dfpn.Table(1)
    st = np.zeros(dfpn.REGISTERS, dtype=np.int64)
    found = np.zeros(3, dtype=np.int64)
    key = 123_456_789
    dfpn.store(table.entries, st, key, 1, 9, 0, dfpn.INF, 5, 1)  # a win in 5 plies
    assert dfpn.probe(table.entries, key, 1, 9, found)
    assert list(found) == [0, dfpn.INF, 5]
    (row,) = np.nonzero(table.entries[:, dfpn.KEY])[0]
    # another process's write reached the entry's info word but not its key word yet
    table.entries[row, dfpn.INFO] ^= 3 << 8  # the win's length, as a new entry would have it
    found[:] = 0
    assert not dfpn.probe(table.entries, key, 1, 9, found)
    assert list(found) == [0, 0, 0]
    # the next store of the position writes it whole again
    dfpn.store(table.entries, st, key, 1, 9, 0, dfpn.INF, 7, 1)
    assert dfpn.probe(table.entries, key, 1, 9, found)
    assert list(found) == [0, dfpn.INF, 7]


def test_the_bounded_search_shares_its_table_too(tmp_path):
    adapter, state = _question("pyraos/endgame-win-in-7")
    path = tmp_path / "table"
    first, second = BoundedSearch(adapter, table_mb=8), BoundedSearch(adapter, table_mb=8)
    assert first.share(first.shared_table(path, 8))
    assert second.share(bounded.Table(8, path))
    asked = first.ask(state, True, 7)
    assert asked.proven
    assert asked.plies == 7
    again = second.ask(state, True, 7)
    assert again.proven
    assert again.plies == 7
    assert again.nodes < asked.nodes / 10


def test_a_bounded_entry_torn_by_two_writers_reads_as_absent():
    table = bounded.Table(1)
    st = np.zeros(bounded.REGISTERS, dtype=np.int64)
    key = 987_654_321
    bounded.store(table.keys, table.data, st, key, 5, bounded.UNKNOWN_BOUND, 0, 0, 0)
    assert bounded.probe(table.keys, table.data, key) & 255 == 5
    (row,) = np.nonzero(table.keys)[0]
    table.data[row] ^= 2  # half of another process's write
    assert bounded.probe(table.keys, table.data, key) == bounded.EMPTY_DATA
