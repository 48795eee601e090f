"""The Pyraos book of proven values (a value book: the one entry shape of every game's
book): its file and its first format read in the one shape, look-up under symmetry,
re-verification from scratch, the perfect-play oracle with its live endgame, and a sample of
the shipped book proven again."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramid_lab.model.game import PositionFormatError
from pyramid_lab.model.pyraos import Pyraos, PyraosOptions
from pyramid_lab.model.search import analyse, knowledge_for
from pyramid_lab.model.search.book import bare
from pyramid_lab.model.search.games.pyraos.book import BOARD_FORMAT, BOOK, BOOK_PATH
from pyramid_lab.model.search.solver import Solver
from pyramid_lab.model.search.value_book import FORMAT, BookEntry
from tests.model import test_files_fuzz as fz
from tests.model.handed import solver_for
from tests.model.test_pyraos import P7A, P7B, P7C, board

Book = BOOK.Book
perfect_moves = BOOK.perfect_moves
position_key = BOOK.Book.key
shipped = BOOK.shipped
verify_entry = BOOK.verify_entry


def entry_of(game, **more):
    result = solver_for(game, table_mb=4).solve()
    return BOOK.entry(game, result.value, result.plies, result.plies_exact, **more)


def test_an_entry_is_the_position_it_was_made_from():
    game = board(P7C, "white")
    entry = entry_of(game)
    assert (entry.value, entry.plies, entry.exact) == ("win", 7, True)
    assert entry.game().masks() == game.masks()
    assert entry.game().to_move == "white"
    assert dict(entry.options) == {"variant": "standard", "removal": "0-2"}  # no repetition
    assert BookEntry.from_json(json.loads(json.dumps(entry.to_json())), "x", "pyraos") == entry


def test_the_book_file_round_trips(tmp_path):
    entries = [entry_of(board(P7A, "black")), entry_of(board(P7B, "black"), line=("1,1,0",))]
    path = tmp_path / "book.json"
    Book(entries, "made in a test").write(path)
    again = Book.read(path)
    assert again.entries == entries
    assert again.note == "made in a test"
    assert not list(tmp_path.glob("*.tmp"))


def test_look_up_finds_mirrored_positions_and_ignores_history():
    game = board(P7A, "black")
    book = Book([entry_of(game)])
    mirrored = [((3 - k - i, j, k), colour) for (i, j, k), colour in game.pieces()]
    twin = Pyraos.from_setup(game.options, "black", mirrored)
    assert twin.masks() != game.masks()
    assert book.lookup(twin) is not None
    assert book.lookup(board(P7A, "white")) is None  # the other side to move
    assert book.lookup(board(P7A, "black", "children")) is None  # another version
    for repetition in (3, 4, 5):  # a value holds whatever the repetition draw's count
        again = Pyraos.from_setup(PyraosOptions(repetition=repetition), "black", game.pieces())
        assert book.lookup(again) is not None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"pieces": [[[0, 0, 0], "white"]] * 2}, "entry 1"),
        ({"value": "draw"}, "win or loss"),
        ({"options": {"variant": "mature", "removal": "0-2"}}, "mature"),
        ({"plies": "many"}, "bad entry"),
        ({"plies": 8}, "odd number of plies"),  # a win in 8 cannot be
        ({"exact": "false"}, "exact must be true or false"),
    ],
)
def test_a_bad_entry_is_named(change, message):
    raw = {**entry_of(board(P7A, "black")).to_json(), **change}
    with pytest.raises(PositionFormatError, match=message) as caught:
        BookEntry.from_json(raw, "book.json: entry 1", "pyraos")
    assert str(caught.value).startswith("book.json: entry 1")


def in_first_format(entry: BookEntry) -> dict:
    """An entry as the book's first format wrote it (a board of 30 letters)."""
    white, black = entry.game().masks()
    letters = "".join("W" if white >> p & 1 else "B" if black >> p & 1 else "." for p in range(30))
    raw = {k: v for k, v in entry.to_json().items() if k not in ("game", "options", "pieces")}
    return {**dict(entry.options), "board": letters, **raw}


def test_a_book_of_the_first_format_is_read_in_the_one_shape(tmp_path):
    entries = [entry_of(board(P7A, "black")), entry_of(board(P7B, "black"), line=("1,1,0",))]
    path = tmp_path / "book.json"
    old = {"format": BOARD_FORMAT, "note": "old", "entries": [in_first_format(e) for e in entries]}
    path.write_text(json.dumps(old))
    assert BOOK.owns(old)
    again = Book.read(path)
    assert again.entries == entries
    assert again.note == "old"
    again.write(path)  # written in the one format
    written = json.loads(path.read_text())
    assert (written["format"], written["game"]) == (FORMAT, "pyraos")
    assert Book.read(path).entries == entries


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"board": "W" * 29}, "board must be 30 letters W, B or ., not 'WWW"),
        ({"board": None}, "board must be 30 letters"),
        ({"variant": "mature"}, "mature"),
        ({"value": "draw"}, "win or loss"),
    ],
)
def test_a_bad_entry_of_the_first_format_is_named(tmp_path, change, message):
    raw = {**in_first_format(entry_of(board(P7A, "black"))), **change}
    path = tmp_path / "book.json"
    path.write_text(json.dumps({"format": BOARD_FORMAT, "entries": [raw]}))
    with pytest.raises(PositionFormatError, match=message) as caught:
        Book.read(path)
    assert str(caught.value).startswith(f"{path}: entry 1: ")


def test_a_book_of_another_format_is_refused(tmp_path):
    path = tmp_path / "book.json"
    path.write_text('{"format": "something else", "entries": []}')
    with pytest.raises(PositionFormatError, match="not a book of pyraos"):
        Book.read(path)
    path.write_text("{not json")
    with pytest.raises(PositionFormatError, match="not a readable book"):
        Book.read(path)


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(
            ["game", "options", "pieces", "to_move", "value", "plies", "exact", "line"]
        ),
        st.one_of(
            st.none(),
            st.integers(-3, 40),
            st.text(max_size=32),
            st.lists(st.text(max_size=6), max_size=3),
        ),
    )
)
def test_fuzzed_entries_are_read_or_refused_clearly(raw):
    base = entry_of(board(P7B, "black")).to_json()
    try:
        BookEntry.from_json({**base, **raw}, "fuzz", "pyraos")
    except PositionFormatError as exc:
        message = str(exc)
    else:
        return
    assert message.startswith("fuzz: ")  # every refusal names the entry


SHIPPED_TEXT = BOOK_PATH.read_text(encoding="utf-8")


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(st.randoms(use_true_random=False))
def test_fuzzed_book_files_are_read_or_refused_clearly(rng):
    """A book file changed as position files are fuzzed (tests/model/test_files_fuzz.py):
    it is read or refused with PositionFormatError naming the file, never anything else
    (a RecursionError once escaped for deep nesting)."""
    fz.check_mutated_book(SHIPPED_TEXT, rng, Book.read)


FIRST_FORMAT_TEXT = json.dumps(
    {
        "format": BOARD_FORMAT,
        "note": "the shipped book in the first format",
        "entries": [in_first_format(e) for e in Book.read(BOOK_PATH).entries],
    },
    indent=1,
)


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(st.randoms(use_true_random=False))
def test_fuzzed_book_files_of_the_first_format_are_read_or_refused_clearly(rng):
    fz.check_mutated_book(FIRST_FORMAT_TEXT, rng, Book.read)


def test_verify_proves_a_true_entry_and_catches_false_ones():
    game = board(P7C, "black")
    true = entry_of(game)
    assert verify_entry(true).ok
    wrong_value = BOOK.entry(game, "win", 7, True)
    verdict = verify_entry(wrong_value)
    assert not verdict.ok
    assert "no win within 7" in verdict.reason
    too_long = BOOK.entry(game, "loss", 10, True)  # the loss comes in 8: not exact
    verdict = verify_entry(too_long)
    assert not verdict.ok
    assert "not exact" in verdict.reason
    assert verify_entry(BOOK.entry(game, "loss", 10, False)).ok  # a bound is fine
    white = board(P7C, "white")  # a win in 7: "in 9, exact" is caught though 9 > 7
    verdict = verify_entry(BOOK.entry(white, "win", 9, True))
    assert not verdict.ok
    assert "a win in 7 plies: not exact" in verdict.reason


def test_a_repeated_position_is_seen_and_the_oracle_keeps_out():
    # each side fills a square and takes the same sphere back: the board comes round again
    game = board("BB../B.../...W/..WW|.../.../...|../..|.", "black")
    assert not game.repeats_in_history()
    game.push_text("1,1,0 x1,1,0")
    game.push_text("2,2,0 x2,2,0")
    assert game.repeats_in_history()
    # Issue 109 item 21: the book's values stand where the repetition cannot change them
    # (the one position repeated is this one, which the winner's ever shorter wins never
    # meet again); where it may, the oracle keeps out.
    assert perfect_moves(game, book=Book([])) == perfect_moves(bare(game), book=Book([]))
    from pyramid_lab.model.search import book_repetition

    real = book_repetition.repetition_may_change
    book_repetition.repetition_may_change = lambda game, value_of: True
    try:
        assert perfect_moves(game, book=Book([])) is None
    finally:
        book_repetition.repetition_may_change = real
    game.pop()
    assert not game.repeats_in_history()


def test_perfect_moves_agree_with_the_reference_solver():
    game = board(P7C, "white")
    moves = perfect_moves(game, book=Book([]))  # an endgame: solved live
    assert moves is not None
    assert {m.source for m in moves} <= {"solved", "rules"}
    assert len(moves) == game.legal_move_count()
    for move in moves:
        child = game.copy()
        child.push(child.parse_move(move.move))
        expected = Solver(bare(child)).solve()
        mine = "loss" if expected.value == "win" else "win"
        assert (move.value, move.plies) == (mine, expected.plies + 1)
    assert moves[0].value == "win"
    assert moves[0].plies == 7


def test_perfect_moves_come_from_the_book_near_the_opening(monkeypatch):
    from pyramid_lab.model.search.games.pyraos.prober import opening

    monkeypatch.setattr(opening, "shipped", lambda variant, removal: None)  # entries only
    game = Pyraos.new(PyraosOptions("children"))
    assert perfect_moves(game, book=Book([])) is None  # far from the end, not in the book
    # a made-up book, to see the look-up: every first move "loses for its player in 9"
    made = []
    for move in game.legal_moves():
        child = game.copy()
        child.push(move)
        made.append(BOOK.entry(bare(child), "win", 8, False))
    moves = perfect_moves(game, book=Book(made))
    assert moves is not None
    assert len(moves) == 16
    assert {(m.value, m.plies, m.exact, m.source) for m in moves} == {("loss", 9, False, "book")}


def test_analysis_shows_perfect_play_without_searching(monkeypatch):
    game = board(P7A, "black")
    analysis = analyse(game, seconds=5.0, knowledge=knowledge_for(game))
    assert analysis.agent.startswith("perfect play")
    assert analysis.visits == 0
    assert analysis.seconds < 5.0  # wall-clock: 0.06 s at load 5 (the book), not the 5 s asked
    assert [m.proven_text for m in analysis.moves] == ["win in 7 plies", "loss in 6 plies"]
    assert analysis.proven_text == "proven: black wins in 4 moves (3,0,0)"
    assert "black to move wins with perfect play" in analysis.evaluation_text


def test_a_book_position_keeps_its_value_where_not_every_move_is_known(monkeypatch):
    """After 1. 0,0,0 of the children's version the book's entries know the position
    (black wins) and two of black's replies, not the others (without the opening taken
    from a whole table, which knows them all): the analysis samples, and still says the
    book's value and the known replies' values."""
    from pyramid_lab.model.search.games.pyraos.prober import opening

    monkeypatch.setattr(opening, "shipped", lambda variant, removal: None)
    game = Pyraos.new(PyraosOptions("children"))
    game.push(game.parse_move("0,0,0"))
    entry = shipped().lookup(game)
    assert entry is not None
    assert entry.value == "win"
    assert perfect_moves(game) is None  # not every reply is in the book
    analysis = analyse(
        game, seconds=1.0, seed=1, knowledge=knowledge_for(game)
    )  # time for the replies' look-ups too
    assert analysis.visits > 0  # sampled
    assert analysis.win is not None
    assert analysis.win.side == "black"
    assert analysis.win.by == "perfect play (opening book)"
    assert analysis.win.plies == entry.plies
    assert not analysis.exact
    assert "black wins within" in analysis.proven_text
    known = [m for m in analysis.moves if m.proven == "win"]
    assert known  # the replies whose positions the book has
    assert analysis.moves[0] is known[0]  # a known win first
    assert analysis.win.first_move == known[0].move
    for stat in known:
        child = game.copy()
        child.push(stat.move)
        assert stat.plies == shipped().lookup(child).plies + 1
    assert any(m.proven is None for m in analysis.moves)  # the others: not known


def test_a_stopped_analysis_does_not_go_on_asking_for_the_perfect_line():
    from pyramid_lab.model.search.analysis import perfect_line
    from pyramid_lab.model.search.registry import plugin_for

    game = board(P7A, "black")
    book = plugin_for(game).book
    best = perfect_moves(game, book=Book([]))[0]
    assert len(perfect_line(game, book, best.move, best.plies)) == 7  # the whole line
    assert [str(m) for m in perfect_line(game, book, best.move, best.plies, lambda: True)] == [
        best.move
    ]  # Stop pressed: the first move only, no more solving


def test_positions_within_two_plies_are_distinct_up_to_symmetry():
    lines = BOOK.positions_within("standard", "0-2", 2)
    assert lines[0] == ()
    assert len(lines) == 1 + 3 + len({position_key(_play(line)) for line in lines[4:]})
    assert len({position_key(_play(line)) for line in lines}) == len(lines)


def _play(line):
    game = Pyraos.new()
    for text in line:
        game.push_text(text)
    return game


def test_the_shipped_book_reads_and_its_lines_reach_its_boards():
    book = shipped()
    for entry in book.entries:
        if entry.line is not None:
            game = Pyraos.new(PyraosOptions(**dict(entry.options)))
            for text in entry.line:
                game.push_text(text)
            assert position_key(game) == position_key(entry.game())


def test_a_sample_of_the_shipped_book_is_proven_again():
    # the entries with 18 spheres or more on the board prove in a second or so from scratch
    deep = [e for e in shipped().entries if len(e.game().pieces()) >= 18]
    assert len(deep) >= 6
    for entry in deep[:: max(1, len(deep) // 6)][:6]:
        verdict = verify_entry(entry, max_seconds=60)
        assert verdict.ok, (entry, verdict.reason)


def test_the_shipped_book_settles_the_childrens_version():
    game = Pyraos.new(PyraosOptions("children"))
    root = shipped().lookup(game)
    assert root is not None
    assert (root.value, root.plies, root.exact) == ("loss", 36, True)
    moves = perfect_moves(game)  # every first move, from the book, at once
    assert moves is not None
    assert len(moves) == 16
    assert {(m.value, m.source) for m in moves} == {("loss", "book")}
    assert max(m.plies for m in moves) == 36
    analysis = analyse(game, seconds=5.0, knowledge=knowledge_for(game))
    assert analysis.proven_text == "proven: black wins in 18 moves"  # exact: the opening


def test_the_search_compiles_once_and_off_the_clock_of_a_position():
    from pyramid_lab.model.search.compiled import bounded, proof
    from pyramid_lab.model.search.games.pyraos.adapters import PyraosAdapter

    adapter = PyraosAdapter("standard", "0-2")
    proof.warm_up(adapter, "bounded")
    assert bounded.run.signatures  # compiled (or loaded from numba's cache)
    assert proof.warm_up(adapter, "bounded") == 0.0  # not again in this process


# ---- the opening taken from a whole-game table (model/search/games/pyraos/prober/opening.py) ----


def _opening(variant="standard", removal="0-2"):
    from pyramid_lab.model.search.games.pyraos.prober import opening

    found = opening.shipped(variant, removal)
    assert found is not None, f"no opening of the {variant} version (removal {removal}) ships"
    return found


def _side(game):
    white, black = game.masks()
    return (white, black) if game.to_move == "white" else (black, white)


def _from_children(game, byte_of):
    """The byte a position's children give it (0 a draw, else 1 + plies), as a whole
    table's verify derives it: a win when a child is lost (the shortest), a loss when
    every child is won (the longest), else a draw."""
    lost, won, open_ = [], [], False
    for move in game.legal_moves():
        child = game.copy()
        child.push(move)
        if child.is_over():  # the top placed, or the other side left without a move
            lost.append(1)
            continue
        b = byte_of(child)
        assert b is not None, (game.pieces(), move)
        if b == 0:
            open_ = True
        elif b % 2:
            lost.append(b)
        else:
            won.append(b)
    if lost:
        return min(lost) + 1
    return 0 if open_ else max(won) + 1


def test_the_shipped_openings_fit_the_books_room():
    # issue 67: the book's package data at most 5 MB, the four versions' openings in it
    from pyramid_lab.model.search.games.pyraos.prober import opening

    files = sorted(opening.DATA.glob("pyraos-opening-*.bin"))
    assert files
    assert sum(f.stat().st_size for f in files) + BOOK_PATH.stat().st_size <= 5_000_000
    assert all(f.stat().st_size < 1_200_000 for f in files)  # room for all four versions


#: Each shipped opening's version and the plies of its empty pyramid's loss (the first
#: player's): the paper's 40 and 36; removal 1-2's and the alternate's this project's own.
SHIPPED = {
    ("standard", "0-2"): 40,
    ("children", "0-2"): 36,
    ("standard", "1-2"): 40,
    ("alternate", "0-2"): 40,
}


@pytest.mark.parametrize(("variant", "removal"), SHIPPED)
@pytest.mark.parametrize("seed", range(3))
def test_the_shipped_opening_follows_from_itself_on_random_games(seed, variant, removal):
    # Read only from the shipped file: each position of a random game up to 8 spheres has
    # the value and distance its children's give it (their positions, at most 9 spheres,
    # are all in the opening), as the table it was taken from was verified.
    import random

    op = _opening(variant, removal)
    rng = random.Random(seed)
    checked = 0
    for _ in range(12):
        game = Pyraos.new(PyraosOptions(variant, removal))
        while not game.is_over() and len(game.pieces()) <= 8:
            byte = op.byte(*_side(game))
            assert byte == _from_children(game, lambda g: op.byte(*_side(g)))
            checked += 1
            game.push(rng.choice(game.legal_moves()))
    assert checked >= 12 * 8


@pytest.mark.parametrize(("variant", "removal"), SHIPPED)
def test_the_shipped_opening_holds_the_line_of_best_play_to_the_end(variant, removal):
    # The empty pyramid: a loss for the first player in SHIPPED's plies (the ICGA paper's
    # 40 and 36; the children's also the forward solver's here; the others this project's);
    # along the opening's line every ply takes one from the distance, every position's
    # value follows from its children's (all in the file) and the line ends with the top
    # placed.
    plies = SHIPPED[variant, removal]
    op = _opening(variant, removal)
    assert op.byte(0, 0) == plies + 1
    assert op.spheres == 9
    game = Pyraos.new(PyraosOptions(variant, removal))
    line = op.head["line"]
    assert len(line) == plies
    for ply, text in enumerate(line):
        byte = op.byte(*_side(game))
        assert byte == plies + 1 - ply
        assert byte == _from_children(game, lambda g: op.byte(*_side(g)))
        game.push_text(text)
    assert game.is_over()
    assert game.outcome().value_for("black") > 0


def test_the_opening_agrees_with_the_forward_solver_deep_on_its_line():
    # The compiled forward solver, which shares nothing with the table but the rules,
    # settles the line's positions with 20 spheres or more: the same value and distance.
    op = _opening()
    game = Pyraos.new()
    checked = 0
    for text in op.head["line"]:
        if len(game.pieces()) >= 20:
            result = solver_for(bare(game), table_mb=64, max_seconds=30).solve()
            byte = op.byte(*_side(game))
            assert result.plies_exact
            assert (result.value, result.plies) == (
                "win" if (byte - 1) % 2 else "loss",
                byte - 1,
            )
            checked += 1
        game.push_text(text)
    assert checked >= 5


def test_the_books_entries_agree_with_the_shipped_openings():
    # The entries the forward solver proved (the children's version's) against the
    # opening taken from the whole table, where both hold the position: the same value,
    # the same length where the entry's is exact, no longer where it is a bound.
    from pyramid_lab.model.search.games.pyraos.prober import opening

    compared = 0
    for entry in shipped().entries:
        options = dict(entry.options)
        op = opening.shipped(options["variant"], options["removal"])
        if op is None:
            continue
        byte = op.byte(*_side(entry.game()))
        if not byte:
            continue
        assert entry.value == ("win" if (byte - 1) % 2 else "loss"), entry.board
        assert (byte - 1 == entry.plies) if entry.exact else (byte - 1 <= entry.plies)
        compared += 1
    versions = {(e.options, e.versions) for e in shipped().entries}
    if any(opening.shipped(**dict(o)) is not None for o, _ in versions):
        assert compared > 0


def test_analysis_and_hint_give_the_openings_exact_values_without_a_table(monkeypatch, tmp_path):
    from pyramid_lab.model.search import exact_choice, knowledge_for

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # no whole-game table here
    game = Pyraos.new()
    known = BOOK.perfect_value(game)
    assert (known.value, known.plies, known.exact, known.source) == ("loss", 40, True, "book")
    moves = perfect_moves(game)
    assert moves is not None
    assert len(moves) == 16
    assert {(m.value, m.exact, m.source) for m in moves} == {("loss", True, "book")}
    analysis = analyse(game, seconds=5.0, knowledge=knowledge_for(game))
    assert analysis.visits == 0  # not sampled: every move known at once
    assert analysis.agent.startswith("perfect play")
    assert analysis.proven_text == "proven: black wins in 20 moves"
    game.push_text(_opening().head["line"][0])  # black to move wins in 39
    hint = exact_choice(game, knowledge=knowledge_for(game))
    assert hint is not None
    assert (hint.proven, hint.plies) == ("win", 39)
    child = game.copy()
    child.push(hint.move)
    assert _opening().byte(*_side(child)) == 39  # the fastest win: a loss in 38 left


def test_an_opening_file_round_trips_and_a_bad_one_is_refused_in_one_line(tmp_path):
    import json
    import struct
    import zlib

    import numpy as np

    from pyramid_lab.model.search.games.pyraos.prober import opening

    keys = [3, 70, 1 << 40, (1 << 40) + 1, (1 << 59) + 5]
    made = opening.Opening(
        "standard", "1-2", 2, np.array(keys), np.array([5, 2, 9, 4, 7], dtype=np.uint8)
    )
    path = tmp_path / "o.bin"
    path.write_bytes(opening.to_bytes(made, block=2))  # three blocks: 2, 2 and 1 keys
    back = opening.read(path)
    assert (back.variant, back.removal, back.spheres) == ("standard", "1-2", 2)
    assert (back.count, back.head["blocks"]) == (5, 3)
    assert back.byte(0, 3) == 5  # the key of own 0, opp 3 (already least)
    assert back.byte(0, 0b1100) == 5  # its mirror image
    assert back.byte(0b1, 0b10) == 0  # two spheres, not there: a draw
    assert back.byte(0, 0b10101) is None  # three: not known here
    assert [back._blocks.find(k) for k in (*keys, 4, 71, (1 << 40) + 2)] == [
        5, 2, 9, 4, 7, None, None, None
    ]  # fmt: skip
    assert back.keys.tolist() == keys
    assert back.values.tolist() == [5, 2, 9, 4, 7]
    data = path.read_bytes()
    line, _, body = data.partition(b"\n")
    head = json.loads(line)

    def with_body(new_body, **changes):  # a file whose header agrees with its body
        fields = {**head, "size": len(new_body), "crc": zlib.crc32(new_body), **changes}
        return json.dumps(fields).encode() + b"\n" + new_body

    index = bytearray(body[:48])  # three entries of 16 bytes: first key, length, CRC
    index[0:8], index[16:24] = index[16:24], index[0:8]
    block = bytearray(body[48:])
    block[3] ^= 0xFF  # inside the first block, its CRC in the index left as it was
    bad = {
        "not a Pyraos opening": b"hello",
        "not a Pyraos opening (format)": b'{"format": "other"}\n',
        "cut short": data[:-20],
        "damaged (its CRC": data[:-1] + bytes([data[-1] ^ 1]),
        "not in order": with_body(bytes(index) + body[48:]),
        "its blocks do not match its keys": with_body(body, keys=9),
        "not xz": opening._XZ_MAGIC + b"garbage",
    }
    for words, data_bad in bad.items():
        path.write_bytes(data_bad)
        with pytest.raises(opening.OpeningError) as caught:
            opening.read(path)
        assert str(caught.value).startswith(f"{path}: ")
        assert "\n" not in str(caught.value)
        assert words.split(" (")[0] in str(caught.value), (words, str(caught.value))
    path.write_bytes(with_body(body[:48] + bytes(block)))  # the file's CRC holds, the block's not
    damaged = opening.read(path)
    with pytest.raises(opening.OpeningError, match=r"o\.bin: damaged \(block 0\)"):
        damaged.byte(0, 3)
    assert damaged._blocks.find((1 << 59) + 5) == 7  # the other blocks still read
    reordered = opening.Opening("standard", "0-2", 2, np.array([5, 3]), np.zeros(2, np.uint8))
    with pytest.raises(opening.OpeningError, match="ascending order"):
        opening.to_bytes(reordered)
    with pytest.raises(opening.OpeningError, match="No such file"):
        opening.read(tmp_path / "none.bin")
    assert struct.calcsize("<QII") == 16


def test_an_opening_of_the_first_format_is_still_read_and_written_again(tmp_path):
    # The first format (one xz stream, 8 bytes a key's difference): read whole, written
    # again in blocks (games/pyraos/opening_convert.py) with the same keys, bytes and line.
    import json
    import lzma
    import zlib

    import numpy as np

    from pyramid_lab.model.search.games.pyraos.prober import opening

    keys = np.array([3, 70, 1 << 40], dtype=np.int64)
    body = np.diff(keys, prepend=np.int64(0)).astype("<u8").tobytes() + bytes([5, 2, 9])
    head = {"format": opening.FORMAT_XZ, "variant": "children", "removal": "0-2"}
    head.update(spheres=2, keys=3, crc=zlib.crc32(body), line=["1,1,0"], empty=41)
    old = tmp_path / "old.xz"
    old.write_bytes(lzma.compress(json.dumps(head).encode() + b"\n" + body))
    first = opening.read(old)
    assert first.keys.tolist() == keys.tolist()
    assert first.byte(0, 0b1100) == 5
    new = tmp_path / "new.bin"
    opening.write(first, new)
    assert new.read_bytes().startswith(b'{"format": "pyramid-lab/pyraos-opening/2"')
    back = opening.read(new)
    assert (back.variant, back.removal, back.spheres) == ("children", "0-2", 2)
    assert (back.head["line"], back.head["empty"]) == (["1,1,0"], 41)
    assert (back.keys.tolist(), back.values.tolist()) == (keys.tolist(), [5, 2, 9])
    old.write_bytes(lzma.compress(json.dumps(head).encode() + b"\n" + body[:-1]))
    with pytest.raises(opening.OpeningError, match="damaged"):
        opening.read(old)


def test_a_damaged_block_of_an_opening_leaves_the_book_without_its_value(tmp_path):
    # A block whose contents do not match their CRC (the file's CRC holding): the look-up
    # says so in words, and the book does without the value (as without a file).
    import json
    import lzma
    import zlib

    import numpy as np

    from pyramid_lab.model.search.games.pyraos.book import opening_value
    from pyramid_lab.model.search.games.pyraos.prober import opening

    made = opening.Opening("standard", "0-2", 2, np.array([0, 9]), np.array([41, 3], np.uint8))
    data = opening.to_bytes(made)
    path = tmp_path / "o.bin"
    path.write_bytes(data)
    assert opening_value(Pyraos.new(), opening.read(path)) == ("loss", 40)
    line, _, body = data.partition(b"\n")
    raw = bytearray(lzma.decompress(body[16:], format=lzma.FORMAT_RAW, filters=opening._FILTERS))
    raw[-1] ^= 1  # the second key's byte
    block = lzma.compress(bytes(raw), format=lzma.FORMAT_RAW, filters=opening._FILTERS)
    index = body[:8] + len(block).to_bytes(4, "little") + body[12:16]
    new_body = index + block
    head = {**json.loads(line), "size": len(new_body), "crc": zlib.crc32(new_body)}
    path.write_bytes(json.dumps(head).encode() + b"\n" + new_body)
    damaged = opening.read(path)
    with pytest.raises(opening.OpeningError, match="damaged \\(block 0\\)"):
        damaged.byte(0, 0)
    assert opening_value(Pyraos.new(), damaged) is None
    twice = bytes([1, 0, 0, 41, 3])  # width 1, the differences 0 and 0: key 0 twice
    block = lzma.compress(twice, format=lzma.FORMAT_RAW, filters=opening._FILTERS)
    new_body = body[:8] + len(block).to_bytes(4, "little") + zlib.crc32(twice).to_bytes(4, "little")
    new_body += block
    head = {**json.loads(line), "size": len(new_body), "crc": zlib.crc32(new_body)}
    path.write_bytes(json.dumps(head).encode() + b"\n" + new_body)
    with pytest.raises(opening.OpeningError, match="damaged \\(its keys are not in order\\)"):
        opening.read(path).byte(0, 0)


def test_build_tightens_only_the_root_and_adds_the_main_line_from_its_table(monkeypatch):
    # The value book's build with Pyraos's two additions (its root's length exact, the
    # positions along the root's best line after the lines'), the solves stood in for.
    from types import SimpleNamespace

    from pyramid_lab.model.search import value_book_build
    from pyramid_lab.model.search.games.pyraos import book_line

    tightened = []

    def solve(book, solver, game, table_mb, seconds, *, tighten):
        tightened.append(tighten)
        result = SimpleNamespace(value="loss", plies=36, plies_exact=tighten, seconds=0.0)
        return "the table", result, 1

    more = []

    def main_line(book, solver, root, known, say):
        more.append((solver, root.line, len(known)))
        return []

    monkeypatch.setattr(value_book_build, "solve_one", solve)
    monkeypatch.setattr(book_line, "main_line", main_line)
    said = []
    entries = BOOK.build(PyraosOptions("children", "0-2"), plies=1, seconds=1, progress=said.append)
    assert len(entries) == 1 + 3
    assert tightened == [True, False, False, False]
    assert [e.exact for e in entries] == [True, False, False, False]
    assert more == [("the table", (), len(entries))]
    assert said[0] == "the start: loss within 36 plies, 1 nodes, 0.0 s"


def test_the_build_is_said_in_minutes_under_an_hour_and_in_hours_beyond(monkeypatch):
    from pyramid_lab.model.search.games.pyraos import endgame
    from pyramid_lab.model.search.games.pyraos.prober import cost

    rate = cost.WHOLE_PUSH_RATE
    positions = cost.WHOLE_POSITIONS[4]
    for cores in (1, 2, 8):
        words = endgame.whole_build_words("standard", "0-2", cores)  # (the door's, the cost's)
        seconds = positions / rate / cores
        assert seconds < 3600  # at the measured rate, under an hour even on one core
        minutes = max(1, round(seconds / 60))
        assert (
            f"(about {minutes} minutes on {cores} idle core{'s' if cores > 1 else ''} here" in words
        )
    monkeypatch.setattr(cost, "WHOLE_PUSH_RATE", positions // 7200)  # a slower rate
    assert "(about 2.0 hours on 1 idle core here" in endgame.whole_build_words("standard", "0-2", 1)


def test_an_opening_files_refusal_is_said_in_the_readers_language():
    """Pyraos's opening book's errors (the book reads the file; ``endgame book`` writes it
    and reads it back) are Messages (issue 90): English as before, German, every word
    marked in the pseudo-locale."""
    from pyramid_lab import i18n
    from pyramid_lab.model.search.games.pyraos.prober.opening import OpeningError, from_bytes

    with pytest.raises(OpeningError) as refused:
        from_bytes(b"\xfd7zXZ\x00 no xz", "book.bin")
    assert str(refused.value) == "book.bin: not a Pyraos opening (not xz)"
    try:
        i18n.use("de")
        assert str(refused.value) == "book.bin: keine Pyraos-Eröffnung (kein xz)"
        i18n.use("en_XA")
        pseudo = str(refused.value)
        assert pseudo.startswith("⟦book.bin: ")
        assert pseudo.endswith("⟧")
        assert "not" not in pseudo
        assert "opening" not in pseudo
    finally:
        i18n.use(i18n.ENGLISH)
