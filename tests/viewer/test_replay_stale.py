"""A replay holds every position whatever the load (issue 89, item 6): beside four busy
processes a GIF replay failed with "a picture came out the same as the one before it"
after three tries. A picture read stale is drawn again, harder each time, until it is
fresh; only a read that stays stale through every try is an error, said in words."""

from __future__ import annotations

import itertools
import pathlib

import numpy as np
import pytest

from pyramid_lab.model.files import read
from pyramid_lab.viewer.pictures import motion, render

ROOT = pathlib.Path(__file__).resolve().parents[2]
MOVES = ROOT / "examples" / "partition" / "stacking-support.pyr.json"  # 6 positions


class StaleReads:
    """From the third picture on, the next ``stale`` reads of each picture (by either
    way :class:`render.Scene` reads one) give the picture before it again."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, stale: int) -> None:
        self.stale, self.left, self.reads = stale, 0, 0
        self.last: np.ndarray | None = None
        self.fresh = 0
        for name in ("screenshot", "_redrawn"):
            real = getattr(render.Scene, name)
            monkeypatch.setattr(render.Scene, name, self.wrap(real))

    def wrap(self, real):
        def read(scene, *args, **kwargs):
            self.reads += 1
            picture = real(scene, *args, **kwargs)
            if self.last is not None and self.left > 0 and not np.array_equal(picture, self.last):
                self.left -= 1
                return self.last
            if self.last is None or not np.array_equal(picture, self.last):
                self.fresh += 1
                if self.fresh >= 2:
                    self.left = self.stale  # the next picture's first reads are stale
            self.last = picture
            return picture

        return read


def _replay(tmp_path):
    options = render.RenderOptions(size=(160, 120), view="iso")
    return list(motion.replay(read(MOVES).game, options))


def test_a_picture_read_stale_many_times_is_drawn_again_until_fresh(monkeypatch, tmp_path):
    monkeypatch.setattr(render, "FRESH_PAUSE_S", 0.0)
    reads = StaleReads(monkeypatch, stale=12)  # (three tries were all a replay had)
    pictures = _replay(tmp_path)
    assert len(pictures) == 6
    for before, after in itertools.pairwise(pictures):
        assert not np.array_equal(before, after)
    assert reads.reads > 6 + 12  # the stale reads were read, and drawn past


def test_a_picture_drawn_afresh_is_the_picture_read():
    game = read(MOVES).game
    with render.Scene(game, render.RenderOptions(size=(160, 120), view="iso")) as scene:
        scene.draw(game)
        scene.aim()
        shown = scene.screenshot()
        again = scene._redrawn()
    assert again.shape == shown.shape == (120, 160, 3)
    # the same way up, the same pixels to a unit (the resolve of an anti-aliased edge)
    assert np.abs(again.astype(int) - shown.astype(int)).max() <= 2
    assert np.abs(again[::-1].astype(int) - shown.astype(int)).max() > 2


def test_a_read_that_stays_stale_is_said_after_every_try(monkeypatch, tmp_path):
    monkeypatch.setattr(render, "FRESH_PAUSE_S", 0.0)
    monkeypatch.setattr(render, "FRESH_TRIES", 5)
    reads = StaleReads(monkeypatch, stale=10**6)
    with pytest.raises(ValueError, match=r"drawn and read 5 times .*nothing was written"):
        _replay(tmp_path)
    assert reads.reads >= 3 + 5  # two pictures, the third's read and its five tries
