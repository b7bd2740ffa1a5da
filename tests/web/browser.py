"""The server on a thread and headless Chromium driven by Selenium, for the browser tests.

Skipped with the reason when selenium, chromium or chromedriver is missing (``.ci/run``
installs them).
"""

from __future__ import annotations

import os
import shutil
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import selenium  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        return f"browser tests need selenium and the web extra: {exc.name} is missing"
    if CHROMIUM is None or DRIVER is None:
        return "browser tests need Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)"
    return None


def server(folder: str | os.PathLike[str], token: str = "test-token-0123") -> AbstractContextManager[str]:
    """The application served on a free loopback port; its URL with the token."""
    from hasenpfeffer.web.server import serving

    return serving(folder, token)


def chrome() -> Any:
    """Headless Chromium with its network log on."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM or ""
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1360,860",
        "--no-first-run",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-sync",
        "--disable-component-update",
        "--disable-default-apps",
    ):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service(DRIVER or ""))


SHOTS = Path(__file__).resolve().parents[2] / "docs" / "web"


def shot(driver: Any, name: str) -> None:
    """A screenshot for the docs, as a small PNG (palette, when Pillow is there)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as im:
        small = im.convert("RGB").resize((im.width * 3 // 4, im.height * 3 // 4), Image.Resampling.LANCZOS)
        small.quantize(colors=64).save(path, optimize=True)
