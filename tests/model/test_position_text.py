"""Position texts (``model.text``, docs/file-formats.md "Position texts"): every shipped
position, puzzle, example and lesson step at every point of its history, the positions of
random play under random options (hypothesis) and the positions the fuzzers make come back
from their one line as the same position; a text that is not one says what and where."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyramid_lab.model import files
from pyramid_lab.model.game import Game, PositionFormatError, game_class, game_names
from pyramid_lab.model.rolling import FILE_OPTIONS
from pyramid_lab.model.setup import file_state
from pyramid_lab.model.text import PositionTextError, position_text, read_position_text
from tests.model.test_ball_fuzz import positions as ball_positions
from tests.model.test_files_fuzz import valid_document
from tests.model.test_setup_roundtrip import (
    SHIPPED,
    random_move,
    shipped_games,
    shipped_lesson_steps,
)

FUZZ = settings(
    max_examples=60,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def check_round_trip(game: Game, where: str = "") -> str:
    """``game``'s text read back is the same position, and writes the same text."""
    text = position_text(game)
    assert "\n" not in text, where
    assert "  " not in text, where
    again = read_position_text(text)
    assert type(again) is type(game), where
    assert again.options.to_json() == game.options.to_json(), where
    assert again.position_key() == game.position_key(), (where, text)
    assert again.to_move == game.to_move, where
    assert sorted(map(repr, again.pieces())) == sorted(map(repr, game.pieces())), where
    assert file_state(again) == file_state(game), where
    assert again.study == game.study, where
    assert again.move_stack == [], where  # the history is left out
    assert again.legal_move_count() == game.legal_move_count(), where
    assert position_text(again) == text, where
    return text


def every_point(game: Game, where: str) -> None:
    game = game.copy()
    # (the moves counted once: a Pyraos move stack is built anew each time it is read)
    for moves in range(len(game.move_stack), -1, -1):
        check_round_trip(game, f"{where} after {moves} moves")
        if moves:
            game.pop()
    assert not game.move_stack


def test_shipped_positions_puzzles_and_examples_round_trip() -> None:
    # (read once with test_setup_roundtrip's walk of the same files)
    for path, game in shipped_games():
        every_point(game, str(path))


def test_shipped_lesson_steps_round_trip() -> None:
    for path, index, game in shipped_lesson_steps():
        every_point(game, f"{path.name} step {index + 1}")


def _specs(name: str) -> tuple[Any, ...]:
    return FILE_OPTIONS if name == "rolling" else game_class(name).option_specs


@st.composite
def options(draw: Any, name: str) -> dict[str, Any]:
    """Every option of ``name`` drawn from its specs (small Partition bases)."""
    raw: dict[str, Any] = {}
    for spec in _specs(name):
        if spec.choices:
            raw[spec.name] = draw(st.sampled_from(spec.choices))
        elif isinstance(spec.default, bool):
            raw[spec.name] = draw(st.booleans())
        else:
            low, high = spec.bounds()
            raw[spec.name] = draw(st.integers(low, min(high, low + 4)))
    return raw


@st.composite
def played(draw: Any) -> Game:
    """A random game under random options, some random moves into it."""
    name = draw(st.sampled_from(game_names()))
    cls = game_class(name)
    game = cls.new(cls.parse_options(draw(options(name))))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 120))):
        if game.is_over():
            break
        game.push(random_move(game, rng))
    return game


@FUZZ
@given(played())
def test_random_play_round_trips(game: Game) -> None:
    check_round_trip(game, repr(game.options))


def plies_along(spec: Any, value: Any) -> int:
    """The plies a game under one option value is played: 40, but 6 on Partition's
    largest base (50: 0.05 s a round trip of its board, 2 s of the test's 3 s for 40
    plies). What that size adds (its board's text read back) the first plies show; the
    moves along 40 plies every smaller board shows."""
    return 6 if spec.name == "size" and value == spec.bounds()[1] > 8 else 40


def test_every_game_and_option_round_trips_along_a_game() -> None:
    for name in game_names():
        cls = game_class(name)
        for spec in _specs(name):
            values = spec.choices or (
                (not spec.default,) if isinstance(spec.default, bool) else spec.bounds()
            )
            for value in values:
                raw = {spec.name: value}
                game = cls.new(cls.parse_options(raw))
                rng = random.Random(len(str(raw)))
                for _ in range(plies_along(spec, value)):
                    check_round_trip(game, f"{name} {raw}")
                    if game.is_over():
                        break
                    game.push(random_move(game, rng))


def test_the_push_allmers_pyramid_forbids_is_kept() -> None:
    cls = game_class("terrace")
    game = cls.new(cls.parse_options({"no_push_back": True}))
    rng = random.Random(3)
    seen = 0
    for _ in range(3000):  # until the sixth position that says it (ply 190 of this game)
        if game.is_over():
            game = cls.new(cls.parse_options({"no_push_back": True}))
        text = check_round_trip(game)
        seen += " no_push=" in text
        if seen > 5:
            break
        game.push(random_move(game, rng))
    assert seen > 5


@FUZZ
@given(ball_positions())
def test_the_ball_fuzzers_positions_round_trip(game: Game) -> None:
    check_round_trip(game)


@FUZZ
@given(st.randoms(use_true_random=True))
def test_the_file_fuzzers_documents_round_trip(rng: random.Random) -> None:
    check_round_trip(files.from_json(valid_document(rng)).game)


def test_no_option_value_reads_as_another_kind() -> None:
    """Text options are typed by their look (true/false, a number, else text): no choice
    of any option looks like a number or a truth value."""
    for name in game_names():
        for spec in _specs(name):
            for choice in spec.choices:
                assert choice not in ("true", "false")
                assert not choice.lstrip("-").isdigit()


START = "partition size=3,version=floating r2/3/3|2/2|1 blue"


@pytest.mark.parametrize(
    ("text", "index", "words"),
    [
        ("", 0, "empty"),
        ("chess - 8/8 white", 0, "no game"),
        ("partition size=3", 16, "ends before its board"),
        ("partition size=3,version=floating r2/3/3|2/2|1", 46, "ends before the side to move"),
        ("partition size=3,version=up r2/3/3|2/2|1 blue", 17, "options.version"),
        ("partition size=x r2/3/3|2/2|1 blue", 10, "options.size"),
        ("partition sizes=3 r2/3/3|2/2|1 blue", 10, "unknown option"),
        ("partition size=3 r2/3/3|2/2|1 green", 30, "not a player"),
        ("partition size=3 r2/3/3|2/2 blue", 17, "3 levels"),
        ("partition size=3 r2/3/3|2/2|1 red", 17, "red must have as many balls as blue"),
        ("partition size=3 r2/3x/3|2/2|1 blue", 21, "'x' is no cell"),
        ("partition size=3 rr2/3/3|2/2|1 blue", 19, "longer than 3"),
        ("partition size=3 r2/3/3|2/2|1 blue  study", 35, "two spaces"),
        ("partition size=3 r2/3/3|2/2|1 blue\tstudy", 34, "one line"),
        ("partition size=3 r2/3/3|2/2|1 blue what", 35, "no field"),
        ("partition size=3 r2/3/3|2/2|1 blue x=1", 35, "no field 'x'"),
        ("terrace - 7/7/7/7/7/7/7 white no_push=a1>a2", 38, "no_push_back=true"),
        ("ball - 7/7/7/7/7/7/7/7 red scores=1", 34, "RED-BLUE"),
        ("ball - 7/7/1l3s1/3m3/3M*3/1L3S1/7/7 red scores=9-0", 47, "scores"),
        ("ball - 7/7/1l3s1/3m*3/3M3/1L3S1/7/7 red", 18, "blue carries the ball"),
        ("rolling - - red", 15, "state="),
        ("rolling - - red state={", 23, "JSON"),
    ],
)
def test_a_text_that_is_not_one_says_what_and_where(text: str, index: int, words: str) -> None:
    with pytest.raises(PositionTextError) as caught:
        read_position_text(text)
    assert isinstance(caught.value, PositionFormatError)
    assert isinstance(caught.value, ValueError)
    assert words in str(caught.value)
    assert caught.value.index == index, str(caught.value)
    assert str(caught.value).startswith(f"character {index + 1}: ")


def test_a_study_says_so() -> None:
    game = read_position_text(START.replace("blue", "red") + " study")
    assert game.study
    assert position_text(game).endswith(" red study")


def test_left_out_options_take_their_defaults() -> None:
    game = read_position_text("pyraos - 4/4/4/4|3/3/3|2/2|1 white")
    assert game.options == game_class("pyraos").parse_options({})
    assert position_text(game).startswith("pyraos variant=standard,removal=0-2,repetition=3 ")


@FUZZ
@given(st.sampled_from(game_names()), st.randoms(use_true_random=False))
def test_mutated_texts_are_read_or_refused_with_a_place(name: str, rng: random.Random) -> None:
    cls = game_class(name)
    text = position_text(cls.new(cls.parse_options({})))
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(chars))
        how = rng.random()
        if how < 0.4:
            chars[at] = rng.choice('rbwlmsLMSo*/|,=- 0123456789x{}"')
        elif how < 0.7:
            del chars[at]
        else:
            chars.insert(at, rng.choice("rb/|1 *"))
    mutated = "".join(chars)
    index = 0
    try:
        read_position_text(mutated)
    except PositionTextError as exc:  # (any other exception fails the test)
        index = exc.index
    assert 0 <= index <= len(mutated)


def test_the_format_page_s_examples_read() -> None:
    page = (SHIPPED.parents[1] / "docs" / "file-formats.md").read_text(encoding="utf-8")
    section = page[page.index("## Position texts") :]
    block = section[section.index("```text\n") + 8 : section.index("```\n", 10)]
    lines = [line for line in block.splitlines() if "..." not in line]
    assert len(lines) >= 4
    for line in lines:
        assert position_text(read_position_text(line)) == line


def test_a_rolling_seat_s_view_is_written_but_is_no_position() -> None:
    """The deployments' secret targets: the whole position's text has them; a seat's view
    writes the others' as null and is refused when read back (as its file would be)."""
    from pyramid_lab.model.rolling import RollingPyramids
    from pyramid_lab.model.rolling.players import RandomPlayer

    game = game_class("rolling").new(game_class("rolling").parse_options({}))
    assert isinstance(game, RollingPyramids)
    player = RandomPlayer(1)
    while game.phase != "deploy" or not game.state.orders:
        game.push(player.move(game))
    check_round_trip(game)
    deployed = game.state.orders[0].player
    view = game.information_state(1 - deployed)
    text = position_text(view)
    assert ",null," in text
    with pytest.raises(PositionTextError, match="is no cell of the map"):
        read_position_text(text)


def test_a_ball_choice_queued_behind_another_with_one_special_left_reads() -> None:
    """Found by tests/bench/api_text.py: blue chooses, then red, who has one special move
    left (taken without a choice when blue has chosen); the file state's reader refused
    every such position, which play makes."""
    text = (
        "ball mode=advanced,offence_may_follow_defender=false,tackle_on_contact=true,"
        "restart=sheet 1s5/1m*L4/3l3/7/1M2S2/7/7/7 blue scores=2-3 specials=blitz/- "
        "gained=quick_pass+blitz/quick_pass choosing=blue,red offence=blue"
    )
    game = read_position_text(text)
    assert position_text(game) == text
    game.push(game.legal_moves()[0])  # blue chooses; red takes the last one (dash)
    assert game.current_player() < 0
    assert file_state(game)["specials"]["red"] == ["dash", "blitz"]
    with pytest.raises(PositionTextError, match="red has fewer than two special moves left"):
        read_position_text(
            text.replace("choosing=blue,red", "choosing=red").replace(" blue scores", " red scores")
        )


# ---- only the documented error (issue 109 item 17, N29) ------------------------------------


def _seed_texts() -> list[str]:
    """A position text of each game: a new game and one some random moves into it."""
    texts = []
    for name in game_names():
        cls = game_class(name)
        game = cls.new(cls.parse_options({}))
        texts.append(position_text(game))
        rng = random.Random(len(name))
        for _ in range(30):
            if game.is_over():
                break
            game.push(random_move(game, rng))
        texts.append(position_text(game))
    return texts


SEEDS = _seed_texts()
ROLLING = [t for t in SEEDS if t.startswith("rolling")][-1]


@pytest.mark.parametrize(
    "text",
    [
        ROLLING.replace("state=", "state=" + "[" * 5000, 1),  # RecursionError once
        ROLLING.replace("state={", 'state={"deep":' + '{"a":' * 3000, 1),
        ROLLING.replace('"round":', '"round":' + "9" * 4400 + ",", 1),  # 4,300 digits
        "terrace - 7/7/7/3w*3/7/7/7 white",  # KeyError 'w*' once
        "terrace - 7/7/7/3b*3/7/7/7 white",
        next(t for t in SEEDS if t.startswith("ball")) + " scores=0-1²",  # int('1²')
        next(t for t in SEEDS if t.startswith("ball")) + " scores=²-0",
    ],
    ids=["nested list", "nested object", "long number", "w*", "b*", "score 1²", "score ²"],
)
def test_a_text_that_is_not_one_raises_only_the_documented_error(text: str) -> None:
    with pytest.raises(PositionTextError):
        read_position_text(text)


_PIECES = st.sampled_from(
    ["[" * 3000, '{"a":' * 1500, "9" * 4400, "*", "w*", "b*", "²", "³", "½", "٣", "０", "\x00"]
)


@st.composite
def mutated(draw: Any) -> str:
    """A position text of some game with a few characters inserted, cut or doubled."""
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 4))):
        # anywhere, or where a field or a cell begins (where the readers look closest)
        starts = [i + 1 for i, c in enumerate(text) if c in " =-:,[{" or c.isalpha()]
        at = draw(st.one_of(st.sampled_from(starts), st.integers(0, len(text))))
        how = draw(st.sampled_from(["insert", "replace", "cut", "double"]))
        piece = draw(st.one_of(_PIECES, st.text(max_size=3)))
        if how == "insert":
            text = text[:at] + piece + text[at:]
        elif how == "cut":
            text = text[:at] + text[at + draw(st.integers(1, 6)) :]
        elif how == "replace":
            text = text[:at] + piece + text[at + 1 :]
        else:
            end = draw(st.integers(at, len(text)))
            text = text[:at] + text[at:end] * 2 + text[end:]
    return text


@settings(FUZZ, max_examples=150)
@given(mutated())
def test_a_fuzz_of_every_game_s_texts_raises_only_the_documented_error(text: str) -> None:
    """(By hand once, 100,000 texts of the same kind: no other exception.)"""
    with contextlib.suppress(PositionTextError):  # (any other exception fails the test)
        read_position_text(text)
