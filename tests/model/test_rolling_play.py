"""Rolling Pyramids in play: random games of 1 to 4 players always end with scores (with
the push / pop / copy / notation checks every registered game gets, from
``test_push_pop``), files round-trip through the class and through ``model.files``, the
examples replay, ``analyze``'s summary, and malformed states are refused with their key.

The game is not registered yet (its window comes later); the file tests register it for
their own duration, as ``test_ball`` does for Pyramid Ball.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from pathlib import Path

import pytest
from test_push_pop import option_sets, playout

from pyramid_lab.model import files
from pyramid_lab.model.game import CHANCE, PositionFormatError
from pyramid_lab.model.rolling import RollingPyramids
from pyramid_lab.model.rolling.players import GreedyPlayer, RandomPlayer, play, random_game
from pyramid_lab.model.teaching import describe_result, teaching_for

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rolling"
PENDING = ""  # the examples were *.pyr.json.pending until the game was registered


def new(players: int = 2, **options) -> RollingPyramids:
    return RollingPyramids.new(RollingPyramids.parse_options({"players": players, **options}))


@pytest.fixture
def registered():
    """Position files find games in the registry: put Rolling Pyramids in it for a test."""
    from pyramid_lab.model import game as protocol

    known = protocol._REGISTRY.get("rolling")
    protocol._REGISTRY["rolling"] = RollingPyramids
    yield
    if known is None:
        del protocol._REGISTRY["rolling"]


# ---- random games ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_end_with_scores(players):
    for seed in range(3):
        game = random_game(players, seed)
        outcome = game.outcome()
        assert outcome is not None
        assert len(outcome.returns()) == players
        if players == 1:
            assert outcome.returns() in ((1.0,), (-1.0,))
        else:
            assert outcome.returns() == tuple(float(v) for v in game.scores().values())
            assert outcome.reason == "score"


def distinct_option_sets() -> list[dict[str, object]]:
    """``option_sets`` less the sets that set an option where it does not apply (its spec's
    ``only_when``: the Pharaoh's strength outside the solo game, round 10's scoring in it)
    off its default: such a set plays the very game of the set with the default
    (``test_an_option_that_does_not_apply_changes_no_move``). 20 sets of the 48."""
    specs = RollingPyramids.option_specs

    def applies(spec, raw) -> bool:
        return all(str(raw[name]) in values for name, values in spec.conditions())

    return [
        raw
        for raw in option_sets(RollingPyramids)
        if all(applies(spec, raw) or raw[spec.name] == spec.default for spec in specs)
    ]


def test_every_option_set_plays_to_the_end():
    sets = distinct_option_sets()
    assert len(sets) == 20  # solo: 2 maps x 2 factions x 3 Pharaohs; else x 2 last rounds
    for k, raw in enumerate(sets):
        game = RollingPyramids.new(RollingPyramids.parse_options(raw))
        play(game, RandomPlayer(k))
        assert game.outcome() is not None


@pytest.mark.parametrize(
    "options", [{"players": 2, "pharaoh": "mighty"}, {"players": 1, "last_round": "bottom"}]
)
def test_an_option_that_does_not_apply_changes_no_move(options):
    """The same seed plays the same game with the option as with its default."""
    base = {"players": options["players"]}
    games = [new(**raw) for raw in (options, base)]
    for game in games:
        play(game, RandomPlayer(3))
    moves = [[str(move) for move in game.move_stack] for game in games]
    assert moves[0] == moves[1]
    assert games[0].outcome() == games[1].outcome()


@pytest.mark.parametrize(
    "options",
    [
        {"players": 1},
        {"players": 2, "stack_modifiers": True, "halving": "down", "conquest": "taken"},
        {"players": 3, "rotate_first_player": True},
        {"players": 4, "map": "outer-factories"},
    ],
)
def test_playouts_push_pop_copy_and_notation(options):
    """Every ply: str(move) parses back, push/pop restores everything, copies stay apart;
    one whole game for each count of players and each option a file may set beyond the
    dialog's (the defaults of two players: ``test_push_pop``'s first set)."""
    game = RollingPyramids.new(RollingPyramids.parse_options(options))
    plies = playout(game, random.Random(str(options)))
    assert game.is_over()
    assert game.outcome() is not None
    assert plies > 100


def test_rotating_first_player():
    game = new(3, rotate_first_player=True)
    player = RandomPlayer(1)
    firsts = {}
    while game.round <= 4 and not game.is_over():
        if game.phase == "draft" and game.state.pick == 0:
            firsts[game.round] = game.to_move
        game.push(player.move(game))
    assert firsts == {1: "red", 2: "blue", 3: "green", 4: "red"}


def test_greedy_beats_random_over_a_few_games():
    wins = 0
    for seed in range(4):
        game = new(2)
        seats = [GreedyPlayer(seed), RandomPlayer(seed)]
        while not game.is_over():
            node = game.current_player()
            game.push((seats[0] if node == CHANCE else seats[node]).move(game))
        wins += game.outcome().winner == "red"
    assert wins >= 3


def test_perft_from_the_start():
    # blue chooses one of 4 starting areas, then red one of the 3 left
    assert new(2).perft(2) == 12
    # the solo game starts with the d4 (4 outcomes), then the first die of round 1 (a d4)
    assert new(1).perft(2) == 16


# ---- files ------------------------------------------------------------------------------------


def through_class(game: RollingPyramids) -> RollingPyramids:
    """A copy of the position made from what a file holds, by the class alone."""
    doc = json.loads(json.dumps({"pieces": game.pieces(), "state": game.file_state()}))
    pieces = [(tuple(coords), colour) for coords, colour in doc["pieces"]]
    options = RollingPyramids.parse_options(json.loads(json.dumps(game.options.to_json())))
    return RollingPyramids.from_setup_state(options, game.to_move, pieces, doc["state"])


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_state_round_trips_through_the_class_at_every_ply(players):
    game = new(players)
    player = RandomPlayer(players)
    while True:
        again = through_class(game)
        assert again.position_key() == game.position_key()
        assert again.legal_moves() == game.legal_moves()
        assert again.current_player() == game.current_player()
        if game.is_over():
            assert again.outcome() == game.outcome()
            break
        game.push(player.move(game))


def test_a_set_up_from_pieces_alone_begins_round_one_with_to_move_first():
    # any position's pieces and side to move make a set-up (model.files' fuzzer does this)
    game = random_game(3, seed=2)
    while game.round != 4:
        game.pop()
    setup = RollingPyramids.from_setup(game.options, "blue", game.pieces())
    assert (setup.round, setup.phase, setup.to_move) == (1, "roll", "blue")
    assert sorted(setup.pieces()) == sorted(game.pieces())
    roller = RandomPlayer(1)
    for _ in range(12):  # three players' dice
        setup.push(roller.move(setup))
    assert (setup.phase, setup.to_move) == ("draft", "blue")
    play(setup, roller)
    assert setup.is_over()


def test_a_set_up_before_every_starting_area_is_chosen():
    game = new(3)
    game.push_text("start S2")
    setup = RollingPyramids.from_setup(game.options, "blue", game.pieces())
    assert (setup.phase, setup.to_move, setup.holder("S2")) == ("start", "blue", "green")
    with pytest.raises(PositionFormatError, match="chosen by the last player first"):
        RollingPyramids.from_setup(game.options, "red", game.pieces())


def test_a_set_up_from_pieces_replaces_the_solo_fill():
    game = RollingPyramids.from_setup(
        RollingPyramids.parse_options({"players": 1}), "red", [((1, 3, 0), "pharaoh")]
    )
    assert game.pieces() == [((1, 3, 0), "pharaoh")]
    assert game.current_player() == CHANCE


def test_files_round_trip_with_history(registered):
    game = random_game(3, seed=5)
    for cut in (0, 40, 200, len(game.move_stack)):
        partial = new(3)
        for move in game.move_stack[:cut]:
            partial.push(move)
        text = files.dumps(partial)
        again = files.loads(text).game
        assert again.position_key() == partial.position_key()
        assert [str(m) for m in again.move_stack] == [str(m) for m in partial.move_stack]
        assert files.dumps(again) == text


def test_files_round_trip_from_a_set_up(registered):
    game = RollingPyramids.from_setup_state(*_example_setup(), study=False)
    player = RandomPlayer(3)
    for _ in range(5):
        game.push(player.move(game))
    text = files.dumps(game)
    doc = json.loads(text)
    assert doc["start"] == "pieces"
    again = files.loads(text).game
    assert again.position_key() == game.position_key()


def _example_setup():
    raw = json.loads((EXAMPLES / f"ram-against-space-9.pyr.json{PENDING}").read_text())
    options = RollingPyramids.parse_options(raw["options"])
    pieces = [(tuple(p[:3]), p[3]) for p in raw["pieces"]]
    return options, raw["to_move"], pieces, raw["state"]


def test_a_history_that_does_not_replay_is_refused(registered):
    text = files.dumps(random_game(2, seed=1))
    doc = json.loads(text)
    doc["history"][5] = "roll red d4 9"
    with pytest.raises(PositionFormatError, match=r"history\[5\]"):
        files.loads(json.dumps(doc))


# ---- examples -----------------------------------------------------------------------------------


def test_examples_read_and_replay(registered):
    names = sorted(p.name for p in EXAMPLES.glob("*.pyr.json*"))
    assert names == [
        f"{name}.pyr.json{PENDING}"
        for name in (
            "four-players-round-3-draft",
            "ram-against-space-9",
            "solo-round-4-deploy",
            "three-players-finished",
            "two-players-new",
        )
    ]
    for name in names:
        document = files.read(EXAMPLES / name)
        game = document.game
        assert isinstance(game, RollingPyramids)
        assert files.dumps(game) == (EXAMPLES / name).read_text()
        summary = teaching_for(game).summary(game)
        json.dumps(summary)  # what analyze prints
        assert summary["game"] == "rolling"
        assert teaching_for(game).explain(game)


def test_example_positions_say_what_they_are(registered):
    finished = files.read(EXAMPLES / f"three-players-finished.pyr.json{PENDING}").game
    assert finished.is_over()
    assert teaching_for(finished).summary(finished)["winner"] == finished.outcome().winner
    assert describe_result(finished).startswith(f"{finished.outcome().winner} wins")
    draft = files.read(EXAMPLES / f"four-players-round-3-draft.pyr.json{PENDING}").game
    assert (draft.round, draft.phase, len(draft.players)) == (3, "draft", 4)
    assert draft.factions[0].id == "bastet"
    solo = files.read(EXAMPLES / f"solo-round-4-deploy.pyr.json{PENDING}").game
    assert (solo.round, solo.phase, solo.players) == (4, "deploy", ("red",))
    assert "objectives_held" in teaching_for(solo).summary(solo)


def test_the_ram_example_resolves_as_the_sheet_says(registered):
    game = files.read(EXAMPLES / f"ram-against-space-9.pyr.json{PENDING}").game
    assert game.garrison("9").plain == 10
    # red's line a is 5 + 2 = 7 against blue's 10 halved by the ram on 8-9: red keeps 2
    while game.phase == "deploy":
        unit = game.units(game.players.index(game.to_move))[0].name
        game.push_text(
            f"deploy {unit} {'9' if unit == 'a' else '8' if game.to_move == 'red' else '14'}"
        )
    assert game.holder("9") == "red"
    assert game.garrison("9").plain == 2
    assert "halved by a ram" in game.last_effect().describe()


# ---- malformed states ----------------------------------------------------------------------


@functools.cache
def _base():
    """The first deploy of a seeded game (made once: the tests only read it)."""
    game = new(2)
    player = RandomPlayer(9)
    while game.phase != "deploy":
        game.push(player.move(game))
    return game


def _order(state, cell):
    state["orders"].append(["red", "f1", cell, 1, 0, False])
    state["sheets"]["red"]["deployed"].append("f1")


def test_malformed_solo_soldiers_are_refused():
    game = new(1)
    player = RandomPlayer(2)
    while game.phase != "soldiers":
        game.push(player.move(game))
    state = copy.deepcopy(game.file_state())
    state["soldiers"] = ["1"]  # the Pharaoh's pyramid
    with pytest.raises(PositionFormatError, match=r"state\.soldiers"):
        RollingPyramids.from_setup_state(game.options, "red", game.pieces(), state)
    state["soldiers"] = game.file_state()["soldiers"] * 2  # each space once
    with pytest.raises(PositionFormatError, match=r"state\.soldiers"):
        RollingPyramids.from_setup_state(game.options, "red", game.pieces(), state)


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (lambda s, p: s.update(phase="nap"), "state.phase"),
        (lambda s, p: s.update(round=11), "state.round"),
        (lambda s, p: s.pop("dice"), "state.dice"),
        (lambda s, p: s["dice"][0].__setitem__(2, 7), r"state.dice\[0\]\[2\]"),
        (lambda s, p: s["dice"][0].__setitem__(1, 8), r"state.dice\[0\]"),
        (
            lambda s, p: s["sheets"]["red"]["lines"].update(a=[5, 3, None]),
            "state.sheets.red.lines.a",
        ),
        (lambda s, p: s["sheets"]["red"]["develop"].__setitem__(0, [5, 3, False]), "develop"),
        (lambda s, p: s["sheets"]["red"]["heroes"].__setitem__(0, 9), "heroes"),
        (lambda s, p: s["sheets"]["red"]["footmen"][0].append(4), "footmen"),
        (lambda s, p: p.append(((-2, 0, 0), "red")), "chosen by the last player first"),
        (lambda s, p: p.append(((-1, 3, 0), "blue")), r"pieces\[\d\]"),
        (lambda s, p: p.append(((99, 3, 0), "blue")), r"pieces\[2\]"),
        (lambda s, p: p.append(((9, 0, 0), "blue")), r"pieces\[2\]"),
        (lambda s, p: p.append(((-4, 1, 0), "blue")), r"pieces\[2\]"),
        (lambda s, p: s["devices"].append(["ram", "red", "8"]), "state.devices"),
        (lambda s, p: s["orders"].append(["red", "f1", "8", 1, 0, False]), "deployed"),
        (lambda s, p: s.update(first="blue"), "blue comes before red"),
        (lambda s, p: s.update(first="green"), "state.first"),
        (lambda s, p: s.update(colour="red"), "unknown key"),
        (lambda s, p: _order(s, "S1"), r"state.orders\[0\]"),
        (lambda s, p: (_order(s, "8"), s.update(phase="develop")), "state.orders"),
    ],
)
def test_malformed_states_are_refused_with_the_key(change, key):
    game = _base()
    state = copy.deepcopy(game.file_state())
    pieces = list(game.pieces())
    assert len(pieces) == 2  # the starting areas chosen
    change(state, pieces)
    with pytest.raises(PositionFormatError, match=key):
        RollingPyramids.from_setup_state(game.options, game.to_move, pieces, state)


def test_to_move_must_be_the_player_deciding():
    game = _base()
    with pytest.raises(PositionFormatError, match="to_move"):
        RollingPyramids.from_setup_state(game.options, "green", [], game.file_state())
    game = new(2)
    with pytest.raises(PositionFormatError, match="chosen by the last player first"):
        RollingPyramids.from_setup(game.options, "red", [])
