"""The C library's locale of a test's process, as the test found it (tests/conftest.py's
autouse fixture).

glibc's messages (``strerror``) are translated by its own gettext, which reads
``LANGUAGE`` wherever ``LC_MESSAGES`` is not ``C`` (``C.UTF-8`` after Qt's first
QApplication ran ``setlocale(LC_ALL, "")``), and keeps what it found until the locale
changes: a test that raised an ``OSError`` under ``LANGUAGE=fr`` left every later test of
the worker reading "Aucun fichier ou dossier de ce type" where English was read, its
environment long restored. Setting the same locale again is no change to glibc; only
``LC_MESSAGES`` through ``C`` and back forgets what it found."""

from __future__ import annotations

import locale


def kept() -> str:
    """The locale now (``setlocale``'s answer, every category)."""
    return locale.setlocale(locale.LC_ALL)


def restored(before: str) -> None:
    """The locale ``before`` again, and glibc's translated messages found anew."""
    locale.setlocale(locale.LC_MESSAGES, "C")
    locale.setlocale(locale.LC_ALL, before)
