"""scripts/po_merge.py, the catalogs' merge driver: a message one side translated and a
message the other side added both land; a message both sides changed differently is a
conflict (ours kept, exit 1)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]


def _write(path: Path, messages: dict[str, str]) -> Path:
    catalog = Catalog(locale="de")
    for english, said in messages.items():
        catalog.add(english, said)
    with path.open("wb") as out:
        write_po(out, catalog)
    return path


def _merged(tmp_path: Path, base: dict, ours: dict, theirs: dict) -> tuple[int, dict, str]:
    o, a, b = (
        _write(tmp_path / f"{n}.po", m) for n, m in zip("oab", (base, ours, theirs), strict=True)
    )
    script = ROOT / "scripts" / "po_merge.py"
    done = subprocess.run(
        [sys.executable, str(script), str(o), str(a), str(b)], capture_output=True, text=True
    )
    with a.open("rb") as source:
        catalog = read_po(source)
    return done.returncode, {m.id: m.string for m in catalog if m.id}, done.stderr


def test_each_sides_messages_land(tmp_path):
    base = {"one": "", "two": "zwei"}
    code, merged, _ = _merged(tmp_path, base, {**base, "one": "eins"}, {**base, "three": "drei"})
    assert code == 0
    assert merged == {"one": "eins", "two": "zwei", "three": "drei"}


def test_a_message_both_changed_is_a_conflict_ours_kept(tmp_path):
    base = {"one": "eins"}
    code, merged, said = _merged(tmp_path, base, {"one": "Eins"}, {"one": "EINS"})
    assert code == 1
    assert merged == {"one": "Eins"}
    assert "both changed 'one'" in said


def test_a_message_one_side_removed_goes(tmp_path):
    base = {"one": "eins", "two": "zwei"}
    code, merged, _ = _merged(tmp_path, base, base, {"one": "eins"})
    assert code == 0
    assert merged == {"one": "eins"}
