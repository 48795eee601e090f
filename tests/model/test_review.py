"""The review of a game (model.search.reviewer, model.review) and puzzles composed on demand
(model.search.composer): a missed win is called one, a review round-trips through a file,
a composed set verifies."""

from __future__ import annotations

import json
import random

import pytest

from pyramid_lab.model.collection import load
from pyramid_lab.model.files import dumps, loads, read, write
from pyramid_lab.model.game import Game, PositionFormatError, game_class
from pyramid_lab.model.review import MISSED_WIN, VERDICTS, GameReview, read_review
from pyramid_lab.model.search import knowledge_for, prove, puzzles, review, verify
from pyramid_lab.model.setup import start_copy


def partition(size: int = 3) -> Game:
    cls = game_class("partition")
    return cls.new(cls.parse_options({"size": size, "version": "floating"}))


def missed_win_game() -> tuple[Game, int, list[str]]:
    """A game of seeded random moves up to a position where the prover finds a forced win
    for the side to move, then a move that lets it go (after it the other side wins), then
    random moves to the end: the game, the ply of the bad move (from 1) and the winning
    first moves it passed over."""
    for seed in range(200):
        game = partition()
        rng = random.Random(seed)
        while not game.is_over():
            side = game.to_move
            proof = prove(
                game, side, 3, first_moves=True, line=False, knowledge=knowledge_for(game)
            )
            if proof.result == "proven" and len(game.legal_moves()) > len(proof.first_moves):
                winners = [m for m, _ in proof.first_moves]
                for move in game.legal_moves():
                    if move in winners:
                        continue
                    game.push(move)
                    lost = (
                        prove(
                            game, game.to_move, 3, line=False, knowledge=knowledge_for(game)
                        ).result
                        == "proven"
                    )
                    if lost:
                        ply = len(game.move_stack)
                        while not game.is_over():
                            game.push(rng.choice(game.legal_moves()))
                        return game, ply, [str(m) for m in winners]
                    game.pop()
                break
            game.push(rng.choice(game.legal_moves()))
    raise AssertionError("no seed gives a missed win")


def test_a_missed_win_is_called_one_with_the_winning_move_as_better():
    game, ply, winners = missed_win_game()
    # 0.1 s a position: the base-3 game's every position is settled by the book and the
    # solver's share of CPU seconds, and its verdicts and puzzle spots are those of 0.3 s
    # (also beside four busy processes); the review's processor time is half
    result = review(game, seconds=0.1, seed=1, knowledge=knowledge_for(game))
    assert not result.stopped
    assert len(result.moves) == len(game.move_stack)
    assert len(result.values) == len(game.move_stack) + 1
    judged = result.at(ply)
    assert judged is not None
    assert judged.verdict == MISSED_WIN, judged.text
    assert judged.better in winners
    assert judged.proven == "win"
    assert judged.value_before == 1.0
    assert judged.value_after is not None
    assert judged.value_after < 1.0
    assert all(m.verdict in VERDICTS for m in result.moves)
    # the position before it is a puzzle spot when the win there is one move's only
    spot = result.spot(ply - 1)
    if len(winners) == 1:
        assert spot is not None
        assert spot.key == winners[0]
        assert spot.side == judged.side
    # a finished game's last value is the result: the winner's
    outcome = game.outcome()
    assert outcome is not None
    assert result.values[-1] == (1.0 if outcome.result == game.players[0] else 0.0)


@pytest.fixture(scope="module")
def reviewed() -> tuple[Game, int, GameReview]:
    """The missed win's game, its bad move's ply and its review in 0.1 s a position, made
    once for the tests that only read them (the JSON, the file's round trip, the damaged
    reviews): a review costs about 0.2 s of processor time, and each of them made its own
    (the verdicts are those of a longer review: test_a_missed_win_is_called_one_...)."""
    game, ply, _ = missed_win_game()
    return game, ply, review(game, seconds=0.1, seed=1, knowledge=knowledge_for(game))


def test_the_review_json_has_every_move_with_its_verdict_and_values(reviewed):
    game, _ply, result = reviewed
    out = result.to_json()
    assert [m["ply"] for m in out["moves"]] == list(range(1, len(game.move_stack) + 1))
    assert [m["move"] for m in out["moves"]] == [str(m) for m in game.move_stack]
    for move in out["moves"]:
        assert set(move) >= {"ply", "move", "verdict", "better", "value_before", "value_after"}
        assert (move["better"] is None) == (move["verdict"] in ("best", "good"))
    json.dumps(out)


def test_stop_ends_the_review_with_the_moves_reached():
    game, _ply, _ = missed_win_game()
    calls = [0]

    def stop() -> bool:
        calls[0] += 1
        return calls[0] > 40

    result = review(game, seconds=0.2, stop=stop, seed=1, knowledge=knowledge_for(game))
    assert result.stopped
    assert len(result.moves) < len(game.move_stack)


def test_the_review_round_trips_through_a_file(tmp_path, reviewed):
    game, ply, result = reviewed
    path = tmp_path / "game.pyr.json"
    write(path, game, review=result)
    doc = read(path)
    assert doc.review is not None
    assert doc.review.to_json() == result.to_json()
    assert doc.review.at(ply).verdict == MISSED_WIN
    # written again, the same bytes
    assert dumps(doc.game, review=doc.review) == path.read_text(encoding="utf-8")
    # an older file without the key reads as before
    raw = json.loads(path.read_text(encoding="utf-8"))
    del raw["review"]
    assert loads(json.dumps(raw)).review is None
    # a file saved at an earlier position (the rest of the line in variations) keeps it
    shown = game.copy()
    for _ in range(3):
        shown.pop()
    write(path, shown, variations=[list(game.move_stack)], review=result)
    assert read(path).review.to_json() == result.to_json()


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (lambda r: r.update(moves=5), "review.moves"),
        (lambda r: r["moves"][0].update(verdict="brilliant"), "review.moves[0].verdict"),
        (lambda r: r["moves"][0].update(move="9,9,9"), "review.moves[0].move"),
        (lambda r: r["moves"][1].update(move=r["moves"][0]["move"]), "review.moves[1].move"),
        (lambda r: r["moves"][0].update(value_before=1.5), "review.moves[0].value_before"),
        (lambda r: r["moves"][0].update(ply=7), "review.moves[0].ply"),
        (lambda r: r.update(values="x"), "review.values"),
        (lambda r: r.update(colour=1), "review.colour"),
        (
            lambda r: r.update(puzzles=[{"ply": 999, "side": "red", "within": 1, "key": "0,0,0"}]),
            "review.puzzles[0].ply",
        ),
    ],
)
def test_a_bad_review_is_refused_naming_its_key(change, key, reviewed):
    game, _ply, result = reviewed
    raw = json.loads(dumps(game, review=result))  # (a fresh copy to damage)
    change(raw["review"])
    with pytest.raises(PositionFormatError) as caught:
        loads(json.dumps(raw))
    assert caught.value.key == key or key in str(caught.value)


def test_read_review_of_a_game_without_moves_wants_none():
    with pytest.raises(PositionFormatError):
        read_review({"moves": [{"move": "0,0,0", "verdict": "best"}] * 40}, partition())


def test_a_composed_set_verifies_and_is_a_collection(tmp_path):
    made = puzzles.compose(
        partition(4), count=4, within=3, seed=3, knowledge=knowledge_for("partition")
    )
    assert len(made) == 4
    for item in made:
        verdict = verify(item.game, item.puzzle, knowledge=knowledge_for(item.game))
        assert verdict.verified
        assert not verdict.cooks
        assert verdict.plies == item.plies <= 3
        assert item.puzzle["solution"][0] == verdict.key_move
        assert item.game.move_stack  # it replays from the start
    assert [m.difficulty for m in made] == sorted(m.difficulty for m in made)
    paths = puzzles.write_collection(tmp_path, made, "p4")
    collection = load(tmp_path)
    assert [e.path.name for e in collection.entries] == [p.name for p in paths]
    assert not collection.problems


def test_compose_keeps_the_band_asked_for_and_refuses_bad_requests():
    made = puzzles.compose(
        partition(4),
        count=2,
        within=3,
        difficulty_band="easy",
        seed=5,
        knowledge=knowledge_for("partition"),
    )
    assert made
    assert all(m.difficulty is not None and m.difficulty <= 64 for m in made)
    exact = puzzles.compose(
        partition(4), count=3, within=4, exact=True, seed=2, knowledge=knowledge_for("partition")
    )
    assert len(exact) == 3
    assert all(m.plies == 3 for m in exact)  # an even bound: the mover's wins end at 3
    with pytest.raises(ValueError, match="difficulty"):
        puzzles.compose(
            partition(4),
            count=2,
            within=3,
            difficulty_band="brutal",
            knowledge=knowledge_for("partition"),
        )
    with pytest.raises(ValueError, match="1 or more"):
        puzzles.compose(partition(4), count=0, within=3, knowledge=knowledge_for("partition"))


def test_make_puzzle_refuses_a_cooked_or_wrong_key():
    game, ply, winners = missed_win_game()
    position = start_copy(game)
    for move in list(game.move_stack)[: ply - 1]:
        position.push(move)
    plies = prove(
        position, position.to_move, 3, line=False, knowledge=knowledge_for(position)
    ).plies
    assert plies is not None
    wrong = next(str(m) for m in position.legal_moves() if str(m) not in winners)
    puzzle, why = puzzles.make_puzzle(position, plies, wrong, knowledge=knowledge_for(position))
    assert puzzle is None
    assert why
    puzzle, why = puzzles.make_puzzle(
        position, plies, winners[0], knowledge=knowledge_for(position)
    )
    shortest = [w for w in winners if prove_first(position, w, plies)]
    assert (puzzle is not None) == (len(shortest) == 1), why


def prove_first(position: Game, move: str, plies: int) -> bool:
    after = position.copy()
    after.push_text(move)
    if after.is_over():
        return True
    return (
        prove(after, position.to_move, plies - 1, line=False, knowledge=knowledge_for(after)).result
        == "proven"
    )
