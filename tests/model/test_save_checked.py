"""A save writes only what it checked (issue 109 item 13, S-20): every symbolic link on
the path is checked, not only the one at the file's name; a link planted after the check
is never followed; and every writer of the program (pictures, pages, lessons, books...)
goes through the same check. The links of "another user" are made by a second uid, in a
forked child that drops to it (the suite runs as root in CI; elsewhere the test is
skipped where it cannot change uid)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import pyramid_lab as pl
from pyramid_lab.model import files
from pyramid_lab.model.files import document
from pyramid_lab.model.save_links import UnsafeLinkError
from pyramid_lab.viewer.pictures.export import check_export
from pyramid_lab.viewer.pictures.render import render_game
from pyramid_lab.viewer.script.drawing import View3D

#: A uid no one here is (Debian's "nobody").
OTHER = 65534

needs_root = pytest.mark.skipif(
    not hasattr(os, "fork") or os.geteuid() != 0, reason="a second uid needs root here"
)


def as_other_user(action) -> None:
    """Run ``action()`` in a forked child as the uid :data:`OTHER`; fails if it fails."""
    pid = os.fork()
    if pid == 0:  # the child: never back into pytest
        code = 1
        try:
            os.setgid(OTHER)
            os.setuid(OTHER)
            action()
            code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


def plant(link: Path, target: Path) -> None:
    """A symbolic link at ``link`` to ``target``, made by the uid :data:`OTHER` (through the
    folder held open: the folders above it need not be open to that uid)."""
    folder = os.open(link.parent, os.O_RDONLY | os.O_DIRECTORY)
    try:
        as_other_user(lambda: os.symlink(target, link.name, dir_fd=folder))
    finally:
        os.close(folder)
    assert link.lstat().st_uid == OTHER


def shared_folder(tmp_path: Path, mode: int = 0o777) -> Path:
    """A folder anyone may write to, as a class's share is."""
    share = tmp_path / "share"
    share.mkdir()
    share.chmod(mode)
    tmp_path.chmod(0o755)
    return share


def victim(tmp_path: Path) -> tuple[Path, Path]:
    """The user's own folder with a file worth keeping in it."""
    docs = tmp_path / "victim" / "docs"
    docs.mkdir(parents=True)
    kept = docs / "game.pyr.json"
    pl.new("pyraos").save(kept)
    return docs, kept


@needs_root
def test_a_link_among_the_folders_made_by_someone_else_is_not_followed(tmp_path):
    share = shared_folder(tmp_path)
    docs, kept = victim(tmp_path)
    before = kept.read_bytes()
    plant(share / "sub", docs)
    for save in (
        lambda: pl.new("terrace").save(share / "sub" / "game.pyr.json"),
        lambda: files.write_bytes(share / "sub" / "pic.png", b"png"),
        lambda: files.write_bytes(share / "sub" / "new.txt", b"new"),
    ):
        with pytest.raises(UnsafeLinkError, match="made by another user") as err:
            save()
        assert str(share / "sub") in str(err.value)
    assert kept.read_bytes() == before
    assert sorted(p.name for p in docs.iterdir()) == ["game.pyr.json"]


def test_a_link_among_the_folders_in_a_folder_others_may_write_is_not_followed(tmp_path):
    share = shared_folder(tmp_path)
    docs, kept = victim(tmp_path)
    before = kept.read_bytes()
    (share / "sub").symlink_to(docs)  # one's own link, but anyone could have put it there
    with pytest.raises(UnsafeLinkError, match="in a folder others may write to"):
        pl.new("terrace").save(share / "sub" / "game.pyr.json")
    assert kept.read_bytes() == before
    share.chmod(0o755)  # a folder of one's own: the link is one's own too
    assert pl.new("terrace").save(share / "sub" / "game.pyr.json") == kept
    assert pl.load(kept).game == "terrace"


@needs_root
def test_a_link_planted_after_the_check_is_not_followed(tmp_path, monkeypatch):
    """The check and the write are one walk: a link put at the name once the save has
    begun (here while the document is made) is seen, and the victim keeps its bytes."""
    share = shared_folder(tmp_path)
    _docs, kept = victim(tmp_path)
    before = kept.read_bytes()
    target = share / "game.pyr.json"
    made = document.dumps

    def plant_then_dump(*args, **kwargs):
        if not os.path.lexists(target):
            plant(target, kept)
        return made(*args, **kwargs)

    monkeypatch.setattr(document, "dumps", plant_then_dump)
    with pytest.raises(UnsafeLinkError, match="made by another user"):
        pl.new("terrace").save(target)
    assert kept.read_bytes() == before


def test_a_folder_swapped_for_a_link_while_writing_gets_nothing(tmp_path):
    """A writer that takes its time (an encoder writing by name) writes in the folder the
    save checked, even where that folder was renamed and a link put in its place."""
    share = shared_folder(tmp_path)
    docs, kept = victim(tmp_path)
    before = kept.read_bytes()
    (share / "sub").mkdir()

    def slow_writer(tmp: str, out) -> None:
        out.close()
        (share / "sub").rename(share / "moved")
        (share / "sub").symlink_to(docs)
        with open(tmp, "wb") as by_name:
            by_name.write(b"frames")

    files.save_file(share / "sub" / "game.pyr.json", slow_writer)
    assert kept.read_bytes() == before
    assert (share / "moved" / "game.pyr.json").read_bytes() == b"frames"
    assert sorted(p.name for p in (share / "moved").iterdir()) == ["game.pyr.json"]


@needs_root
def test_every_writer_refuses_a_planted_link_at_its_name(tmp_path):
    """A planted ``share/pic.png -> notes.txt`` once made notes.txt a PNG: pictures, 3D
    pages, lessons and plain bytes all go through the check."""
    share = shared_folder(tmp_path)
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    for name in ("pic.png", "view.html", "my.lesson.json", "book.json", "shot.png", "e.gif"):
        plant(share / name, notes)
    writers = {
        "pic.png": lambda p: files.write_bytes(p, b"\x89PNG"),
        "view.html": lambda p: View3D("<html></html>", (10, 10), "t").save(p),
        "my.lesson.json": lambda p: files.write_text(p, "{}"),
        "book.json": lambda p: files.save_file(p, lambda tmp, out: out.write(b"{}") and None),
    }
    for name, write in writers.items():
        with pytest.raises(UnsafeLinkError, match="made by another user"):
            write(share / name)
        assert (share / name).is_symlink()
    # render and export check the path before they draw (and save through the same check)
    with pytest.raises(ValueError, match="made by another user"):
        render_game(pl.new("terrace").to_game(), share / "shot.png")
    with pytest.raises(ValueError, match="made by another user"):
        check_export(share / "e.gif", "turntable")
    assert notes.read_text() == "my notes\n"


def test_a_link_of_one_s_own_at_the_name_is_followed_only_to_a_file_of_its_kind(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    link = tmp_path / "pic.png"
    link.symlink_to(notes)
    with pytest.raises(UnsafeLinkError, match=r"notes\.txt, whose name does not end in \.png"):
        files.write_bytes(link, b"\x89PNG")
    assert notes.read_text() == "my notes\n"
    other = tmp_path / "old.png"
    link.unlink()
    link.symlink_to(other)
    assert files.write_bytes(link, b"\x89PNG") == other
    assert other.read_bytes() == b"\x89PNG"
    assert link.is_symlink()


def test_links_of_one_s_own_among_the_folders_are_followed(tmp_path):
    (tmp_path / "real" / "deep").mkdir(parents=True)
    (tmp_path / "here").symlink_to("real")
    (tmp_path / "real" / "up").symlink_to("..")
    path = tmp_path / "here" / "up" / "real" / "deep" / ".." / "deep" / "g.pyr.json"
    written = pl.new("ball").save(path)
    assert written == tmp_path / "real" / "deep" / "g.pyr.json"
    assert pl.load(written).game == "ball"


@needs_root
def test_a_folder_writable_by_the_user_s_own_group_only_is_the_user_s(tmp_path):
    """Under umask 002 (Debian's user private groups) one's folders are group-writable,
    the group one's own: a link there is followed; in a folder another group may write
    to, it is not."""
    docs, kept = victim(tmp_path)
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "sub").symlink_to(docs)
    mine.chmod(0o775)
    os.chown(mine, 0, 0)  # root's own group, named as root is
    assert pl.new("terrace").save(mine / "sub" / "game.pyr.json") == kept
    os.chown(mine, 0, OTHER)  # a group others are in
    with pytest.raises(UnsafeLinkError, match="in a folder others may write to"):
        pl.new("ball").save(mine / "sub" / "game.pyr.json")
    assert pl.load(kept).game == "terrace"


@needs_root
def test_a_folder_one_may_pass_through_but_not_list_is_passed(tmp_path):
    """The walk holds each folder by its place (O_PATH), as the system passes it: a save
    through a folder of mode 0711 (a home shared with a web server) works as before."""
    tmp_path.chmod(0o755)
    passed = tmp_path / "passed"
    (passed / "open").mkdir(parents=True)
    passed.chmod(0o711)
    (passed / "open").chmod(0o777)
    target = passed / "open" / "g.pyr.json"
    here = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)

    def save() -> None:  # from tmp_path (the folders above it are root's own, 0700)
        os.fchdir(here)
        pl.new("ball").save("passed/open/g.pyr.json")

    try:
        as_other_user(save)
    finally:
        os.close(here)
    assert target.stat().st_uid == OTHER
    assert pl.load(target).game == "ball"
