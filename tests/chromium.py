"""The Chromium the tests open pages in (tests/web's classroom, tests/viewer's exported web
page and SVG diagrams): Debian's Chromium headless shell (chromium-headless-shell, which
scripts/setup.sh installs beside chromium), else its chromium, or the one named in
``PYRAMID_LAB_CHROMIUM``.

The shell is the same engine as the browser (Blink, V8, Skia, SwiftShader's WebGL; Debian
builds both from one source, at one version) without the browser's own user interface: the
full browser's headless mode still makes a window for every page, with its tab strip and
toolbar, draws them, and starts a spare renderer for the next tab. A page of the class cost
about a fifth less processor time in the shell, the browser's own process a third of it
(the whole process tree counted, by process accounting); the pictures the tests read are
the same pixel for pixel (the exported scene's and the diagrams' screenshots compared)."""

from __future__ import annotations

import os
import shutil

#: Chromium's own omnibox popup: the full browser (Chromium 156) loads it (two WebUI
#: pages, chrome://omnibox-popup.top-chrome/) in a renderer of its own for every window it
#: opens, and so for every context of a test; turned off, as nothing of a page under test
#: is drawn by it. A context and its page cost about a third less processor time there
#: (5.2 s instead of 7.9 s for five pages of the class, medians of three, the whole process
#: tree counted). The shell has no omnibox: there it changes nothing.
NO_OMNIBOX = "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup"


def chromium() -> str | None:
    """The Chromium to run: the environment's choice, the headless shell, the browser."""
    return (
        os.environ.get("PYRAMID_LAB_CHROMIUM")
        or shutil.which("chromium-headless-shell")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )
