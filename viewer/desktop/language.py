"""The window's language (issue 90, ``docs/i18n.md``): the system's (``LANGUAGE`` /
``LC_ALL`` / ``LANG``, as :func:`pyramid_lab.i18n.language_from_env` reads them) unless the
person chose one in View > Language, kept in the settings (QSettings) and spoken from the
window's next start. Qt's own words (its standard dialogs' buttons: Cancel, Open, Save ...)
come from Qt's catalogs (``qtbase_<lang>.qm`` in PySide6's translations folder).

:func:`start_language` runs once, before the window is made (its menus and docks take their
words from :func:`pyramid_lab.i18n._` as they are made)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from pyramid_lab import i18n
from pyramid_lab.i18n import LANGUAGES, _

#: QSettings: the language chosen in View > Language ("": the system's)
LANGUAGE_KEY = "ui/language"
#: Qt's translators installed (kept: Qt holds no reference of its own)
_installed: list[QTranslator] = []


def kept_language() -> str:
    """The language chosen in View > Language ("" where none was: the system's)."""
    kept = QSettings().value(LANGUAGE_KEY, "")
    return kept if isinstance(kept, str) else ""


def window_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the window speaks: the one kept, else the system's."""
    kept = kept_language()
    return i18n.resolve(kept) if kept else i18n.language_from_env(environ)


def start_language(app: QCoreApplication, language: str | None = None) -> str:
    """Speak ``language`` (:func:`window_language` where None) in this process, Qt's
    standard dialogs too; the language spoken."""
    chosen = i18n.use(language if language is not None else window_language())
    # Qt's own numbers (a box of seconds, of levels) as the window's language writes them,
    # not the system's locale's ("3.0 s" beside German words under LANG=C.UTF-8)
    QLocale.setDefault(QLocale("en_US" if chosen in (i18n.ENGLISH, i18n.PSEUDO) else chosen))
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    if chosen not in (i18n.ENGLISH, i18n.PSEUDO):
        folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        translator = QTranslator(app)
        if translator.load(f"qtbase_{chosen}", folder):  # (a Qt without it: Qt's English)
            app.installTranslator(translator)
            _installed.append(translator)
    return chosen


def language_name(language: str) -> str:
    """``language`` by its own name (``Deutsch``); a code not listed as it is."""
    return dict(LANGUAGES).get(language, language)


class LanguageMenu:
    """View > Language: the system's language or one of :data:`LANGUAGES`, kept in the
    settings and spoken from the next start (``say`` tells the person so)."""

    def __init__(self, menu: QMenu, say: Callable[[str], object]) -> None:
        self.menu = menu.addMenu(_("&Language"))
        self._say = say
        group = QActionGroup(self.menu)  # exclusive: one language
        kept = kept_language()
        self.actions: dict[str, QAction] = {}
        for code, name in (("", _("System language")), *LANGUAGES):
            action = QAction(name, self.menu)
            action.setCheckable(True)
            action.setChecked(code == (i18n.resolve(kept) if kept else ""))
            action.triggered.connect(lambda _checked=False, c=code: self.choose(c))
            group.addAction(action)
            self.menu.addAction(action)
            self.actions[code] = action

    def choose(self, code: str) -> None:
        """Keep ``code`` ("": the system's) for the next start, and say so."""
        QSettings().setValue(LANGUAGE_KEY, code)
        self.actions[code].setChecked(True)
        if code:
            said = _("The window speaks {language} from its next start.")
            self._say(said.format(language=language_name(code)))
        else:
            self._say(_("The window speaks the system's language from its next start."))
