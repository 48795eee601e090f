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


#: The scale of a page's device pixels to its CSS pixels (``device_scale_factor``) for a page or
#: context a test opens in tests/web's shared Chromium without its own: half. Chromium lays a page
#: out in CSS pixels whatever the scale (the DOM, the boxes a test measures, the accessibility tree,
#: axe-core's verdicts are the same; the ten files that open pages pass at either), and the board's
#: canvas is its box times the scale (vtk.js's view reads ``devicePixelRatio``; the page's clicks
#: and ``screen_of`` are in CSS pixels), so SwiftShader draws a quarter of the pixels for every
#: frame of a board. test_page_access.py and test_classroom.py: Chromium's processor time 33.1, 30.9
#: and 31.0 s against 38.2, 36.9 and 39.3 at 1 (alternated, every Chromium process under the test
#: counted), its GPU process 9.1 and 8.7 s against 14.2 and 15.6; the ten files that open pages in
#: it, 51.1 and 51.1 s against 58.2 and 56.5 (the files' whole 79.4 and 78.9 s against 86.2 and
#: 83.4; issue 111 item 5). A test that reads the pixels a page shows (a ball's colour, the marks'
#: contrast) asks for 1, as a person's screen is; so do the pictures taken for people
#: (``PYRAMID_LAB_SHOTS``).
SCALE = 1.0 if os.environ.get("PYRAMID_LAB_SHOTS") else 0.5


def chromium() -> str | None:
    """The Chromium to run: the environment's choice, the headless shell, the browser."""
    return (
        os.environ.get("PYRAMID_LAB_CHROMIUM")
        or shutil.which("chromium-headless-shell")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )
