"""The listed lines kept in numpy arrays (:mod:`model.certificate`): found by their
key's words whatever their hashes, a key listed twice refused at the first line that lists
it again, in the file's order, across batches, and before a later fault."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from pyramid_lab.model.certificate import BATCH, LINE_MASK, CertificateError, check
from pyramid_lab.model.certificate_file import Hasher, Listed, batch_words, key_words

HEADER = {
    "format": "pyramid-lab-certificate/1",
    "game": "partition",
    "options": {"size": 3, "version": "floating"},
    "to_move": "red",
    "pieces": [],
    "winner": "blue",
}


def keys(count: int) -> list[str]:
    """Distinct base-3 keys of red to move (one red ball more than blue: blue wins)."""
    found = (
        "".join(c) for c in itertools.product(".rb", repeat=14) if c.count("r") == c.count("b") + 1
    )
    return list(itertools.islice(found, count))


def test_a_key_listed_again_in_a_later_batch_is_refused_at_that_line():
    lines = [f"{k} 0,0,0" for k in keys(BATCH + 10)]
    lines.append(lines[3])  # line 2 + BATCH + 10: the key of line 5 again
    with pytest.raises(CertificateError, match=rf"^line {BATCH + 12}: lists .* of line 5 again"):
        check([json.dumps(HEADER), *lines])


def test_a_repeat_is_said_before_a_later_fault_and_after_an_earlier_one():
    lines = [f"{k} 0,0,0" for k in keys(BATCH + 10)]
    repeated = [*lines, lines[0], "ab"]
    with pytest.raises(CertificateError, match=rf"^line {BATCH + 12}: lists .* of line 2 again"):
        check([json.dumps(HEADER), *repeated])
    bad_first = [*lines[:5], "ab", *lines[5:], lines[0]]
    with pytest.raises(CertificateError, match=r"^line 7: must be 'KEY MOVE'"):
        check([json.dumps(HEADER), *bad_first])


def test_keys_of_one_hash_are_told_apart_by_their_words():
    """Every key hashed alike (a salt of zeros): each is still found as itself, and a key
    listed twice among them is still the first repeat."""
    rng = np.random.default_rng(89)
    texts = ["".join(rng.choice(list(".rb"), 55)) for _ in range(50)]  # base 5: 2 words
    words = batch_words(np.array([[".rb".index(c) for c in t] for t in texts], dtype=np.uint8))
    assert [tuple(w) for w in words.tolist()] == [key_words(t) for t in texts]
    hasher = Hasher(words.shape[1])
    hasher.salt = [0] * len(hasher.salt)
    hasher._salt = np.zeros(len(hasher.salt), dtype=np.uint64)  # (every hash 0)
    said = np.arange(2, 2 + len(texts), dtype=np.int64)
    again = np.concatenate([words, words[[7, 30]]])
    listed = Listed(again, np.concatenate([said, [52, 53]]), hasher)
    assert listed.get(key_words(texts[30])) == 32
    assert listed.get(key_words("." * 55)) is None
    assert listed.first_repeat(LINE_MASK) == (52, 9)
    assert Listed(words, said, hasher).first_repeat(LINE_MASK) is None
