"""The command line's options as data (issue 74, ``viewer.cli.options``): an Option hands
``add_argument`` only what it says, so argparse's own defaults stand; an append option
starts from a new empty list on every parser; the options declared once stay one."""

from __future__ import annotations

import argparse

from pyramid_lab.viewer.cli import build_parser
from pyramid_lab.viewer.cli.options import (
    FILE,
    MAX_SECONDS,
    RULE_OPTION,
    Option,
    add_options,
    flag,
)


def _parsed(options, words):
    parser = argparse.ArgumentParser()
    add_options(parser, options)
    return parser.parse_args(words)


def test_an_option_says_only_what_it_declares():
    assert FILE.keywords() == {"metavar": "FILE"}
    assert flag("--text", "in words").keywords() == {"action": "store_true", "help": "in words"}
    bare = _parsed((FILE, flag("--text", "in words"), MAX_SECONDS), ["a.json"])
    assert vars(bare) == {"file": "a.json", "text": False, "max_seconds": None}


def test_the_short_flag_comes_first_and_both_parse():
    out = Option("--output", short="-o", required=True, metavar="OUT")
    assert out.flags == ("-o", "--output")
    assert _parsed((out,), ["-o", "x.png"]).output == "x.png"
    assert _parsed((out,), ["--output", "y.png"]).output == "y.png"


def test_an_append_option_starts_from_a_new_empty_list_each_time():
    first, second = _parsed((RULE_OPTION,), []), _parsed((RULE_OPTION,), [])
    assert first.option == second.option == []
    first.option.append("size=4")  # a command that changes its list changes no other's
    assert second.option == []
    assert _parsed((RULE_OPTION,), []).option == []
    again = ["--option", "a=1", "--option", "b=2"]
    assert _parsed((RULE_OPTION,), again).option == ["a=1", "b=2"]


def test_the_commands_parse_their_defaults_as_before():
    parser = build_parser()
    solve = parser.parse_args(["solve", "a.json"])
    assert (solve.max_seconds, solve.max_depth, solve.table_mb) == (None, 200, 2048)
    assert (solve.workers, solve.no_book, solve.quiet) == (None, False, False)
    book = parser.parse_args(["book", "build", "--option", "variant=children"])
    assert (book.option, book.seconds, book.table_mb) == (["variant=children"], 600.0, 2048)
    verify = parser.parse_args(["verify", "p.json"])
    assert (verify.max_seconds, verify.text) == (60.0, False)
    export = parser.parse_args(["export", "a.json", "-o", "a.gif", "--replay"])
    assert (export.motion, export.clip, export.view, export.size) == (
        "replay",
        [],
        "iso",
        (1024, 768),
    )


def _said(parser, words, capsys):
    """What ``parser`` does with ``words``: its namespace, or its exit and what it printed."""
    try:
        return vars(parser.parse_args(words))
    except SystemExit as exc:
        out, err = capsys.readouterr()
        return (exc.code, out, err)


def test_a_command_parsed_alone_parses_helps_and_refuses_as_among_all(capsys):
    # the parser a command line that starts with its command gets (viewer.cli's _main: the
    # other commands' subparsers not even made) does what the one with all of them does
    lines = (
        ["export", "a.json", "-o", "a.gif", "--replay", "--size", "640x480"],
        ["export", "--help"],
        ["export", "a.json", "--size", "9x9"],
        ["open", "a.pyr.json", "b.pyr.json"],
        ["open"],
    )
    for words in lines:
        alone = _said(build_parser(words[0], others=False), words, capsys)
        assert alone == _said(build_parser(words[0]), words, capsys), words
    assert "solve" not in _said(build_parser("open", others=False), ["--help"], capsys)[1]
