"""The Fights dock's log kept move by move matches the log replayed from the start, through
moves, undo and another line, and replays only the moves that changed."""

from __future__ import annotations

import random

from pyramid_lab.model.rolling import RollingPyramids
from pyramid_lab.viewer.games.rolling.docks import FightLog, fight_log


def test_the_fight_log_follows_moves_undo_and_other_lines(monkeypatch):
    game = RollingPyramids.new(RollingPyramids.parse_options({"players": 3}))
    rng = random.Random(5)
    log = FightLog()
    seen_rounds = 0
    for step in range(260):
        if game.is_over():
            break
        if step % 37 == 36:  # back a few moves, then on along another line
            for _ in range(rng.randint(1, 12)):
                game.pop()
        else:
            game.push(rng.choice(sorted(game.legal_moves(), key=repr)))
        rounds = log.rounds(game)
        if step % 4 == 0 or step % 37 == 36:  # (the replay from the start is slow)
            assert rounds == fight_log(game)
        seen_rounds = max(seen_rounds, len(rounds))
    assert seen_rounds >= 3  # fights were resolved, and followed

    pushed = []
    real = RollingPyramids.push_search
    monkeypatch.setattr(
        RollingPyramids, "push_search", lambda self, move: (pushed.append(move), real(self, move))
    )
    game.push(rng.choice(sorted(game.legal_moves(), key=repr)))
    log.rounds(game)
    assert len(pushed) == 1  # one move played: one move replayed


def test_another_game_starts_the_log_again():
    log = FightLog()
    first = RollingPyramids.new(RollingPyramids.parse_options({"players": 2}))
    rng = random.Random(1)
    while first.phase != "deploy" or first.round < 3:
        first.push(rng.choice(sorted(first.legal_moves(), key=repr)))
    assert log.rounds(first) == fight_log(first) != []
    second = RollingPyramids.new(RollingPyramids.parse_options({"players": 2}))
    assert log.rounds(second) == [] == fight_log(second)
