"""Information states: what a seat may see (``Game.information_state``), and computer
players that decide from it alone.

Rolling Pyramids deploys in secret ("Players cover their sheets so other players can't see
what they are writing"): the model plays the deployment one seat after the other, so the
later seats' positions hold the earlier seats' orders. The test plays real games and, at
each deployment where another seat's orders are hidden, replays that seat's orders to other
legal targets: the seat's information state, and every computer player's decision, must
stay the same.
"""

from __future__ import annotations

import random

import pytest

from pyramid_lab.model.game import CHANCE, Game, decision_view, game_class, game_names
from pyramid_lab.model.rolling import Deploy, RollingPyramids
from pyramid_lab.model.rolling.players import GreedyPlayer, RandomPlayer
from pyramid_lab.model.search import agent_for, knowledge_for
from pyramid_lab.model.search.games.rolling import PlannerPlayer


def new(players: int, **options) -> RollingPyramids:
    return RollingPyramids.new(RollingPyramids.parse_options({"players": players, **options}))


def other_orders(game: RollingPyramids, rng: random.Random) -> RollingPyramids:
    """``game`` with the other seats' deployments of this round sent to other legal targets
    (the same units, in the same order; the deciding seat's own orders kept)."""
    seat = game.current_player()
    line = game.copy()
    sent: list[Deploy] = []
    while line.move_stack and isinstance(line.move_stack[-1], Deploy):
        sent.append(line.pop())  # type: ignore[arg-type]
    for move in reversed(sent):
        if line.current_player() == seat:
            line.push(move)
            continue
        targets = [m for m in line.legal_moves() if isinstance(m, Deploy) and m.unit == move.unit]
        line.push(rng.choice(targets))
    assert line.current_player() == seat
    return line


def hidden_positions(players: int, seed: int, rounds: int):
    """Positions of a greedy game where the seat deploying cannot see some orders."""
    game = new(players)
    seats = [GreedyPlayer(seed * 10 + k) for k in range(players)]
    while not game.is_over() and game.round <= rounds:
        node = game.current_player()
        if game.phase == "deploy" and any(o.player != node for o in game.state.orders):
            yield game
        game.push((seats[0] if node == CHANCE else seats[node]).move(game))


def secrets(game: RollingPyramids, seat: int) -> list:
    return sorted((o.player, o.unit, o.cell) for o in game.state.orders if o.player != seat)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_decisions_do_not_depend_on_the_other_seats_secret_orders(players):
    rng = random.Random(players)
    positions = changed = 0
    for game in hidden_positions(players, seed=players, rounds=4):
        seat = game.current_player()
        view = game.information_state(seat)
        assert all(o.cell is None for o in view.state.orders if o.player != seat)
        assert not view.move_stack  # the history names the targets
        colour = game.players[seat]
        assert all(o[2] is None for o in view.setup_state()["orders"] if o[0] != colour)
        for k in range(2):
            other = other_orders(game, rng)
            changed += secrets(other, seat) != secrets(game, seat)
            assert other.information_state(seat).position_key() == view.position_key()
            for make in (GreedyPlayer, RandomPlayer, PlannerPlayer):
                assert make(k).move(other) == make(k).move(game), (make.name, game.state)
            answers = []
            for position in (other, game):
                agent, limits = agent_for(
                    position, "greedy", seed=k, knowledge=knowledge_for(position)
                )  # the window's way
                answers.append(agent.choose(position, limits).move)
            assert answers[0] == answers[1]
        positions += 1
    assert positions >= 10
    assert changed >= positions  # the replays did send units elsewhere


def test_the_information_state_hides_only_the_secret_targets():
    game = next(hidden_positions(3, seed=7, rounds=3))
    seat = game.current_player()
    view = game.information_state(seat)
    real = game.state.orders
    assert [o.player for o in view.state.orders if o.player == seat] == [
        o.player for o in real if o.player == seat
    ]
    assert sorted((o.player, o.unit, o.troops) for o in view.state.orders) == sorted(
        (o.player, o.unit, o.troops) for o in real
    )
    assert view.pieces() == game.pieces()
    assert view.scores() == game.scores()
    assert view.legal_moves() == game.legal_moves()
    assert game.state.orders == real  # the position itself is untouched
    # the seat deciding plays on from its view: the fights know only its own orders
    hidden = [(o.player, o.unit) for o in view.state.orders if o.cell is None]
    player = GreedyPlayer(1)
    while view.phase == "deploy":
        view.push(player.move(view))
    assert hidden == [(o.player, o.unit) for o in view.state.orders if o.cell is None]
    known = {view.cell_name(o.cell) for o in view.state.orders if o.cell is not None}
    for line in view.last_effect().lines:
        assert line.split(":")[0] in known, line


def test_nothing_is_hidden_outside_the_secret_deployment():
    game = new(3)
    player = RandomPlayer(3)
    while game.round < 2:
        node = game.current_player()
        if node >= 0 and game.phase != "deploy":
            assert game.information_state(node).position_key() == game.position_key()
        game.push(player.move(game))


@pytest.mark.parametrize("name", game_names())
def test_a_game_without_secrets_shows_each_seat_the_position(name):
    cls = game_class(name)
    game: Game = cls.new(cls.parse_options({}))
    for seat in range(len(game.players)):
        assert game.information_state(seat).position_key() == game.position_key()
    view = decision_view(game)
    assert view is not game
    assert view.position_key() == game.position_key()
