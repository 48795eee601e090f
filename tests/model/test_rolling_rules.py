"""Rolling Pyramids' formulas, fights and data files, one test per sentence of the rule
sheet where the sentence can be tested. The quoted sentences are the sheet's
(``rolling-pyramids.txt``); the tests never read it."""

from __future__ import annotations

import copy
import json

import pytest

from pyramid_lab.model.rolling.fights import (
    PHARAOH,
    Troops,
    bombard,
    fight,
    half,
    halved,
    reinforcement_walk,
    take_losses,
    walk_size,
)
from pyramid_lab.model.rolling.maps import (
    faction_names,
    load_faction,
    load_map,
    map_names,
    parse_faction,
    parse_map,
)
from pyramid_lab.model.rolling.rules import (
    DATA,
    RollingDataError,
    footmen,
    line_problem,
    line_ready,
    line_value,
    shape_takes,
    snake_order,
    space_points,
    written_choices,
)

# ---- 1. Roll and draft ---------------------------------------------------------------------


def test_snake_draft_for_three_players():
    # "A takes 1, then B takes 1, then C takes 1, Then C takes 1, Then B takes 1 Then A
    # takes 1, Then A ..., then B ..., then C ..., Then C ..., then B ..., Then A takes 1."
    a, b, c = 0, 1, 2
    assert snake_order(3) == (a, b, c, c, b, a, a, b, c, c, b, a)


def test_each_player_ends_up_with_four_dice():
    for players in (1, 2, 3, 4):
        order = snake_order(players)
        assert all(order.count(p) == 4 for p in range(players))


def test_snake_from_another_first_player():
    assert snake_order(2, first=1) == (1, 0, 0, 1, 1, 0, 0, 1)


def test_slot_shapes():
    # "To [any] he can write down any number, to [triangle] he can write down only number
    # from d4, to [rhombus] he can write down only number from d8."
    assert shape_takes("any", 4)
    assert shape_takes("any", 8)
    assert shape_takes("d4", 4)
    assert not shape_takes("d4", 8)
    assert shape_takes("d8", 8)
    assert not shape_takes("d8", 4)


def test_factory_adds_or_subtracts_two():
    # "If player controls a factory, if he is writing a number to that part of the player
    # board he can add or subtract 2 from the number."
    assert written_choices(5, own_colour=False, factory=True) == (3, 5, 7)


def test_own_colour_adds_or_subtracts_one():
    # "If player chooses his own color of dice he can add or subtract 1 from the number."
    assert written_choices(5, own_colour=True, factory=False) == (4, 5, 6)
    assert written_choices(5, own_colour=False, factory=False) == (5,)


def test_modifiers_do_not_stack_unless_the_option_says_so():
    assert written_choices(5, own_colour=True, factory=True) == (3, 4, 5, 6, 7)
    assert written_choices(5, True, True, stack=True) == (2, 3, 4, 5, 6, 7, 8)


def test_written_numbers_stay_between_one_and_eight():
    assert written_choices(1, True, True) == (1, 2, 3)
    assert written_choices(8, True, True) == (6, 7, 8)


# ---- 2. Develop: the army lines --------------------------------------------------------------


def test_ascending_line_conditions():
    # "Number in each circle must be smaller than the number in next circle."
    assert line_problem("ascending", [2, None, None], 1, 3) is None
    assert line_problem("ascending", [2, None, None], 1, 2) is not None
    assert line_problem("ascending", [None, None, 5], 0, 6) is not None
    assert line_problem("ascending", [2, None, 5], 1, 5) is not None
    assert line_problem("ascending", [2, None, 5], 1, 4) is None


def test_ascending_line_value():
    # "number from the leftmost circle is taken, and added to the number below. Without
    # upgrades it is number plus 2. If player has upgraded +4, it would be number plus 4.
    # If the player has upgraded the line, middle number would be taken into account."
    assert line_value("ascending", [2, 4, 7], 2) == 4
    assert line_value("ascending", [2, 4, 7], 4) == 6
    assert line_value("ascending", [2, 4, 7], 2, line_upgraded=True) == 6
    assert line_value("ascending", [2, 4, 7], 4, line_upgraded=True) == 8


def test_matching_line_conditions():
    # "Number in the Triangle on the left, and Romb on the right must be the same."
    assert line_problem("matching", [3, None, None], 2, 3) is None
    assert line_problem("matching", [3, None, None], 2, 4) is not None
    assert line_problem("matching", [3, None, None], 1, 8) is None  # the middle is free


def test_matching_line_value():
    # "number from the triangle is taken, and multiplied with the number below. Without
    # upgrades it is number times 1. If player has upgraded x2, it would be number times 2."
    assert line_value("matching", [3, 7, 3], 1) == 3
    assert line_value("matching", [3, 7, 3], 2) == 6


def test_descending_line_conditions():
    # "Number in each circle must be bigger then the number in next circle."
    assert line_problem("descending", [6, None, None], 1, 4) is None
    assert line_problem("descending", [6, None, None], 1, 6) is not None
    assert line_problem("descending", [None, 3, None], 2, 3) is not None


def test_descending_line_value():
    # "number from the leftmost circle is taken, Subtracted from 8 and multiplied with the
    # number below. Without upgrades it is number times 2. If player has upgraded x3, it
    # would be number times 3. If the player has upgraded the line, middle number would be
    # taken into account."
    assert line_value("descending", [6, 4, 1], 2) == 4
    assert line_value("descending", [6, 4, 1], 3) == 6
    assert line_value("descending", [6, 4, 1], 2, line_upgraded=True) == 8
    assert line_value("descending", [8, 4, 1], 2) == 0


def test_a_unit_is_deployed_when_all_three_circles_are_filled():
    # "This unit is deployed when all three circles are filled."
    assert not line_ready("ascending", [1, 2, None])
    assert line_ready("ascending", [1, 2, 3])


# ---- footmen -------------------------------------------------------------------------------


def _crossed(faction, marks):
    return [
        [k in marks.get(g, ()) for k in range(len(group))] for g, group in enumerate(faction.groups)
    ]


def test_footmen_start_at_one_per_group():
    # "Their number is 1 + any unlocked number after it."
    anubian = load_faction("anubian")
    assert footmen(anubian, _crossed(anubian, {})) == (1, 1)


def test_footmen_upgrade_when_every_number_before_a_circle_is_crossed():
    # "Footman are automatically upgraded when all of the Numbers before a circle are
    # crossed off (in this example both 1s and a 2)"
    anubian = load_faction("anubian")
    first = anubian.groups[0]
    assert [(s.shape, s.number) for s in first[:3]] == [("d4", 1), ("d4", 1), ("d8", 2)]
    assert first[3].circle == 1
    assert footmen(anubian, _crossed(anubian, {0: {0, 1}})) == (1, 1)
    assert footmen(anubian, _crossed(anubian, {0: {0, 1, 2}})) == (2, 1)


def test_a_later_circle_needs_every_earlier_space():
    anubian = load_faction("anubian")
    # the second circle's spaces crossed, the first's not: nothing unlocked
    assert footmen(anubian, _crossed(anubian, {0: {4, 5, 6}})) == (1, 1)
    assert footmen(anubian, _crossed(anubian, {0: {0, 1, 2, 4, 5, 6}})) == (1 + 1 + 2, 1)


def test_all_upgrades_of_both_groups_add_five():
    # "If all of the upgrades are unlocked for both groups, number in both groups are
    # increased by 5."
    anubian = load_faction("anubian")
    every = {g: set(range(len(group))) for g, group in enumerate(anubian.groups)}
    assert footmen(anubian, _crossed(anubian, every)) == (1 + 6 + 5, 1 + 6 + 5)
    one_short = {0: every[0], 1: every[1] - {10}}
    assert footmen(anubian, _crossed(anubian, one_short)) == (7, 1 + 1 + 2)


# ---- 3. Deploy: fights ---------------------------------------------------------------------


def test_the_smaller_number_is_subtracted_from_the_bigger():
    # "The smaller number is subtracted from the bigger, and what is left is written on the
    # space. That player now controls the space."
    result = fight(Troops(7), Troops(4))
    assert (result.winner, result.survivors) == ("attacker", Troops(3))
    result = fight(Troops(4), Troops(7))
    assert (result.winner, result.survivors) == ("defender", Troops(3))


def test_equal_numbers_kill_each_other_out():
    # "If numbers are equal they kill each other out."
    result = fight(Troops(5), Troops(5))
    assert (result.winner, result.survivors) == (None, Troops())


def test_ram_halves_the_defenders():
    # "If there was a [ram] deployed on the border from which one player attacked the
    # other, before subtracting, break down number of defenders in half"
    result = fight(Troops(5), Troops(8), ram=True)
    assert result.defence_number == 4
    assert (result.winner, result.survivors) == ("attacker", Troops(1))


def test_spikes_halve_the_attackers():
    # "If there was a [spikes] deployed on the border from which one player is attacked,
    # before subtracting, break down number of attackers in half"
    result = fight(Troops(8), Troops(5), spikes=True)
    assert result.attack_number == 4
    assert (result.winner, result.survivors) == ("defender", Troops(1))


def test_halving_by_default_works_for_the_devices_owner_on_the_number_of_units():
    # "break down number of defenders in half": the ram leaves the smaller half of the
    # defenders (spikes of the attackers), the umbrella protects the bigger half; the
    # number is the units', plain troops and heroes together (the plain ones go first)
    assert half(7) == 4
    assert half(7, "down") == 3
    assert halved(Troops(7), "down", apart=False) == Troops(3)
    assert halved(Troops(3, 2), "down", apart=False) == Troops(0, 2)
    assert halved(Troops(3, 2), "up", apart=False) == Troops(1, 2)
    assert halved(Troops(3, 1), "up") == Troops(2, 1)  # apart: each rounded
    assert fight(Troops(4), Troops(7), ram=True).winner == "attacker"  # 4 against 3
    assert fight(Troops(1), Troops(1), ram=True).survivors == Troops(1)  # 1 against 0
    assert fight(Troops(1), Troops(1), spikes=True).winner == "defender"  # 0 against 1
    assert bombard(5, Troops(1), umbrella=True) == Troops(1)  # the one defender is safe
    # the old default, option "up" (and "down"): plain troops and heroes halved apart
    assert fight(Troops(4), Troops(7), ram=True, rounding="up").winner is None  # 4 against 4
    assert fight(Troops(4), Troops(7), ram=True, rounding="down").winner == "attacker"
    assert fight(Troops(1), Troops(1), ram=True, rounding="up").winner is None
    assert fight(Troops(5), Troops(1, 1), ram=True, rounding="up").defence_number == 2


def test_umbrella_protects_half_of_the_defenders_from_a_bomb():
    # "If there was a [umbrella] deployed on the space that is attacked by a bomb protect
    # half of the defenders."
    assert bombard(6, Troops(8)) == Troops(2)
    assert bombard(6, Troops(8), umbrella=True) == Troops(4)  # 4 safe, 4 destroyed
    assert bombard(3, Troops(8), umbrella=True) == Troops(5)
    assert bombard(20, Troops(8)) == Troops()


def test_anubian_heroes_destroy_two_defenders_when_they_attack():
    # "Anubian hero ability - Each hero destroys 2 defenders when they attack"
    anubian = load_faction("anubian")
    w = anubian.hero_attacking
    assert w == 2
    assert fight(Troops(0, 1), Troops(2), attack_weight=w).winner is None
    result = fight(Troops(0, 1), Troops(1), attack_weight=w)
    assert (result.winner, result.survivors) == ("attacker", Troops(0, 1))
    result = fight(Troops(3, 2), Troops(6), attack_weight=w)
    assert (result.winner, result.survivors) == ("attacker", Troops(0, 1))
    # defending, an Anubian hero counts one
    assert anubian.hero_defending == 1
    result = fight(Troops(2), Troops(0, 1), defence_weight=anubian.hero_defending)
    assert (result.winner, result.survivors) == ("attacker", Troops(1))


def test_bastet_heroes_need_two_points_to_be_destroyed():
    # "Bastet hero ability - Each hero needs 2 points to be destroyed."
    bastet = load_faction("bastet")
    assert bastet.hero_defending == bastet.hero_attacking == 2
    w = bastet.hero_defending
    result = fight(Troops(1), Troops(0, 1), defence_weight=w)
    assert (result.winner, result.survivors) == ("defender", Troops(0, 1))
    assert fight(Troops(2), Troops(0, 1), defence_weight=w).winner is None
    result = fight(Troops(4), Troops(3, 2), defence_weight=w)
    assert (result.winner, result.survivors) == ("defender", Troops(0, 2))  # 1 point on a hero
    result = fight(Troops(5), Troops(3, 2), defence_weight=w)
    assert (result.winner, result.survivors) == ("defender", Troops(0, 1))


def test_losses_fall_on_plain_troops_first():
    assert take_losses(Troops(3, 2), 2) == Troops(1, 2)
    assert take_losses(Troops(3, 2), 4) == Troops(0, 1)
    assert take_losses(Troops(3, 2), 4, hero_weight=2) == Troops(0, 2)


# ---- 4. Points ---------------------------------------------------------------------------


def test_a_territory_gives_its_top_number_and_the_bottom_one_in_round_ten():
    # "Each territory gives number of points written in the top of the triangle on it."
    # "In the 10th round score bottom number in the triangle."
    sacred = load_map("inner-factories").cells[0]
    assert (sacred.top, sacred.bottom) == (3, 10)
    assert space_points(sacred, last_round=False) == 3
    assert space_points(sacred, last_round=True) == 13  # "top number at the end of every turn"
    assert space_points(sacred, last_round=True, rule="bottom") == 10


def test_factories_and_starting_areas_give_no_points():
    board = load_map("inner-factories")
    factory = board.cells[board.cell("4")]
    assert factory.factory == "armies"
    assert space_points(factory, False) == 0
    start = board.cells[board.cell("S1")]
    assert space_points(start, False) == space_points(start, True) == 0


# ---- solo ----------------------------------------------------------------------------------


def _solo_board():
    board = load_map("inner-factories")
    return [(PHARAOH, Troops(n)) for n in board.solo_pharaoh]


def test_reinforcements_are_half_the_dice():
    # "if player chose 4,4,6 and 2 that would be 16/2 = 8"
    assert walk_size([4, 4, 6, 2]) == 8
    assert walk_size([4, 4, 6, 3]) == 8  # rounded down


def test_reinforcement_walk_example_one():
    # "So if player was on space 11, space 1 would have 21, space 2 - 6, space 3 - 6,
    # space 4 - 11 and so on ending with space 8 - 6."
    spaces = _solo_board()
    spaces[10] = (0, Troops(11))
    after, _ = reinforcement_walk(spaces, 8)
    numbers = [t.plain for _, t in after]
    assert numbers[:4] == [21, 6, 6, 11]
    assert numbers[7] == 6
    assert numbers[8:] == [t.plain for _, t in spaces[8:]]
    assert after[10] == (0, Troops(11))
    assert sum(numbers) == sum(t.plain for _, t in spaces) + 8


def test_reinforcement_walk_example_two():
    # "If player had 4 on space 3 it would be like this: space 1 would have 21, space 2 - 6,
    # on space 3 4 soldiers would remove player's 4, then 1 would stay there so space 3
    # would have 1, and space 4 would have 11."
    spaces = _solo_board()
    spaces[2] = (0, Troops(4))
    after, _ = reinforcement_walk(spaces, 8)
    assert [t.plain for _, t in after[:5]] == [21, 6, 1, 11, spaces[4][1].plain]
    assert after[2][0] == PHARAOH


def test_reinforcement_walk_stops_on_a_strong_player_space():
    spaces = _solo_board()
    spaces[1] = (0, Troops(10))
    after, _ = reinforcement_walk(spaces, 5)
    assert after[0][1] == Troops(21)
    assert after[1] == (0, Troops(6))  # 4 walkers spent on the player's 10
    assert after[2] == spaces[2]


def test_reinforcement_walk_goes_round_again():
    spaces = [(PHARAOH, Troops(1)), (PHARAOH, Troops(1))]
    after, _ = reinforcement_walk(spaces, 5)
    assert after == [(PHARAOH, Troops(4)), (PHARAOH, Troops(3))]


def test_solo_fill_matches_the_sheets_example():
    # The example's spaces 1, 2, 3, 4 and 8 held 20, 5, 5, 10 and 5 before the walk.
    board = load_map("inner-factories")
    assert [board.solo_pharaoh[n - 1] for n in (1, 2, 3, 4, 8)] == [20, 5, 5, 10, 5]
    # "And 10 to each other starting zone."
    assert board.start_zone_units == 10


# ---- data files -------------------------------------------------------------------------


def test_shipped_data_is_labelled_as_made_for_this_project():
    assert set(map_names()) >= {"inner-factories"}
    assert set(faction_names()) == {"anubian", "bastet"}
    for name in map_names():
        board = load_map(name)
        assert board.made_for_this_project
        assert "lost" in board.provenance
    for name in faction_names():
        faction = load_faction(name)
        assert faction.made_for_this_project
        assert "lost" in faction.provenance


def test_maps_are_sound():
    for name in map_names():
        board = load_map(name)
        numbers = [c.number for c in board.cells if c.number is not None]
        assert numbers == list(range(1, board.space_count + 1))
        assert [board.cells[i].name for i in board.starts] == ["S1", "S2", "S3", "S4"]
        assert board.cells[board.sacred].number == 1
        for cell in board.cells:
            assert cell.adjacent, cell.name
            for other in cell.adjacent:
                assert cell.index in board.cells[other].adjacent
                dq = board.cells[other].hex[0] - cell.hex[0]
                dr = board.cells[other].hex[1] - cell.hex[1]
                assert (dq, dr) in {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}
        for start in board.starts:  # starting areas touch numbered spaces only
            assert all(board.cells[i].number is not None for i in board.cells[start].adjacent)
        kinds = sorted(c.factory for c in board.cells if c.factory)
        assert kinds == ["armies", "develop", "footmen", "heroes"]


def test_factions_read_the_hero_abilities_of_the_appendix():
    assert load_faction("anubian").hero_text == "Each hero destroys 2 defenders when they attack"
    assert load_faction("bastet").hero_text == "Each hero needs 2 points to be destroyed"
    for name in faction_names():
        faction = load_faction(name)
        assert [line.rule for line in faction.lines] == ["ascending", "matching", "descending"]
        assert [line.bonus for line in faction.lines] == [(2, 4), (1, 2), (2, 3)]
        assert [line.line_upgrade for line in faction.lines] == [True, False, True]
        assert faction.lines[1].shapes == ("d4", "any", "d8")


def _raw(name):
    return json.loads((DATA / name).read_text())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("spaces"), "spaces: required"),
        (lambda d: d["spaces"][1].update(number=1), "numbers must be 1..33"),
        (lambda d: d["spaces"][3]["pyramid"].update(factory="gold"), "factory: must be one of"),
        (lambda d: d["spaces"][0].update(adjacent=[2, 99]), "99 is no cell"),
        (lambda d: d["spaces"][0]["adjacent"].remove(2), "not the other way round"),
        (lambda d: d["solo"]["pharaoh"].pop("7"), "every numbered space"),
        (lambda d: d.update(colour="red"), "unknown key"),
        (lambda d: d["starts"][0].update(name="S9"), "must be 'S1'"),
        (lambda d: d["spaces"][4].update(sacred=True), "only space 1"),
    ],
)
def test_bad_maps_are_refused_with_the_key(change, message):
    raw = copy.deepcopy(_raw("map-inner-factories.json"))
    change(raw)
    with pytest.raises(RollingDataError, match=message):
        parse_map(raw)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["hero"].pop("attacking"), "hero.attacking: required"),
        (lambda d: d["army_lines"][0].update(rule="zigzag"), "rule: must be one of"),
        (lambda d: d["army_lines"][1].update(shapes=["d4", "d6", "d8"]), "shapes: three of"),
        (lambda d: d["footmen"]["groups"][0].append({"shape": "d6", "number": 1}), "d4 or d8"),
        (lambda d: d["devices"].update(catapult=1), "unknown key"),
        (lambda d: d["army_lines"][1].update(id="a"), "share an id"),
    ],
)
def test_bad_factions_are_refused_with_the_key(change, message):
    raw = copy.deepcopy(_raw("faction-anubian.json"))
    change(raw)
    with pytest.raises(RollingDataError, match=message):
        parse_faction(raw)


def test_unknown_map_names_the_known_ones():
    with pytest.raises(RollingDataError, match="inner-factories"):
        load_map("atlantis")
