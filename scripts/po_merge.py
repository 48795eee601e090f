"""A git merge driver for the catalogs: a three-way merge message by message (git's own
merge of two branches that each added messages conflicts at every catalog's end, and a
union merge keeps both sides of a message both changed). Set it up once in a clone:

    git config merge.pomerge.driver ".venv/bin/python scripts/po_merge.py %O %A %B"
    printf '*.po merge=pomerge\n*.pot merge=pomerge\n' >> .git/info/attributes

then, after a merge, ``scripts/catalogs.py`` puts the catalogs back in the tree's order.
It writes the merge into %A; it exits 1 (a conflict: ours kept, said on stderr) where both
sides changed one message differently."""

from __future__ import annotations

import sys

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po


def load(p: str) -> Catalog:
    with open(p, "rb") as f:
        return read_po(f)


def val(m: Message | None) -> tuple[object, bool] | None:
    return None if m is None else (m.string, "fuzzy" in m.flags)


o, a, b = (load(path) for path in sys.argv[1:4])
conflicts = 0
for mb in b:
    if not mb.id:
        continue
    ma, mo = a.get(mb.id, mb.context), o.get(mb.id, mb.context)
    if ma is None:
        if mo is None or val(mo) != val(mb):
            a[mb.id] = mb
        continue
    if val(ma) == val(mb):
        continue
    if mo is not None and val(ma) == val(mo):
        ma.string = mb.string
        ma.flags = set(mb.flags)
    elif mo is not None and val(mb) == val(mo):
        pass
    else:
        conflicts += 1
        print(f"po_merge: both changed {mb.id!r}: {ma.string!r} / {mb.string!r}", file=sys.stderr)
for mo in o:
    if mo.id and b.get(mo.id, mo.context) is None:
        ma = a.get(mo.id, mo.context)
        if ma is not None and val(ma) == val(mo):
            a.delete(mo.id, context=mo.context)
with open(sys.argv[2], "wb") as out:
    write_po(out, a, width=100, include_lineno=False, sort_output=False)
sys.exit(1 if conflicts else 0)
