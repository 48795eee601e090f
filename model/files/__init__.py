"""The app's files: position files (``*.pyr.json``, format ``pyramid-lab/1``) read
strictly and saved atomically, and the reading and saving every other document of the
app goes through. This is the package's door; by concern:

- :mod:`.document`: the position file's documents (:class:`PositionDocument`,
  :class:`Lesson`), read (:func:`read`, :func:`loads`, :func:`from_json`) and written
  (:func:`write`, :func:`dumps`, :func:`to_json`);
- :mod:`.reading`: a regular file read within limits, its :class:`Fingerprint`, and its
  JSON read strictly (:func:`loads_json`, :func:`nested_over`);
- :mod:`.saving`: atomic saves (:func:`save_bytes`, :func:`write_bytes`, ...).
"""

from __future__ import annotations

from .document import (
    COLLECTION_FORMAT,
    FORMAT,
    KEYS,
    LESSON_FORMAT,
    OTHER_DOCUMENTS,
    Lesson,
    PositionDocument,
    document_game,
    dumps,
    from_json,
    loads,
    read,
    read_overlays,
    replay,
    to_json,
    write,
)
from .reading import (
    LESSON_SUFFIX,
    MAX_FILE_BYTES,
    SUFFIX,
    FileChangedError,
    Fingerprint,
    ReadOnlyError,
    file_kind,
    fingerprint,
    is_lesson_path,
    loads_json,
    nested_over,
    read_fingerprinted,
    read_json,
    read_limited,
    read_regular_file,
    too_big,
)
from .saving import (
    check_writable,
    free_name_beside,
    remove_stale_temps,
    save_bytes,
    save_file,
    write_bytes,
    write_text,
)

__all__ = [
    "COLLECTION_FORMAT",
    "FORMAT",
    "KEYS",
    "LESSON_FORMAT",
    "LESSON_SUFFIX",
    "MAX_FILE_BYTES",
    "OTHER_DOCUMENTS",
    "SUFFIX",
    "FileChangedError",
    "Fingerprint",
    "Lesson",
    "PositionDocument",
    "ReadOnlyError",
    "check_writable",
    "document_game",
    "dumps",
    "file_kind",
    "fingerprint",
    "free_name_beside",
    "from_json",
    "is_lesson_path",
    "loads",
    "loads_json",
    "nested_over",
    "read",
    "read_fingerprinted",
    "read_json",
    "read_limited",
    "read_overlays",
    "read_regular_file",
    "remove_stale_temps",
    "replay",
    "save_bytes",
    "save_file",
    "to_json",
    "too_big",
    "write",
    "write_bytes",
    "write_text",
]
