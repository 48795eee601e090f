"""The classroom's pages in a real browser: Debian's headless Chromium (/usr/bin/chromium,
installed by scripts/setup.sh) driven by Playwright's Python API (Playwright's own browser
download is never used)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("PYRAMID_LAB_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM} (scripts/setup.sh installs it)"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--use-gl=swiftshader"]
        )
        yield chromium
        chromium.close()
