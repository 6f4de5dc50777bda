"""Headless Chromium for the shared-page tests (Selenium, with Debian's chromium and
chromium-driver). Without them the tests are skipped, except under CI, where they fail."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
DESKTOP = (1280, 900)
PHONE = (390, 844)


def _missing() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install selenium)"
    if CHROMIUM is None or DRIVER is None:
        return "no chromium / chromedriver (apt-get install -y chromium chromium-driver)"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for a test module, logging its network activity."""
    missing = _missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser tests: {missing}")
        pytest.skip(missing)
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(str(DRIVER)))
    driver.set_window_size(*DESKTOP)
    try:
        yield driver
    finally:
        driver.quit()


def open_page(driver: Any, path: Path) -> None:
    """Load `path` and drop the logs of earlier pages."""
    driver.get_log("performance")
    driver.get_log("browser")
    driver.get(path.resolve().as_uri())


def requests_made(driver: Any) -> list[str]:
    """URLs the browser asked for since the last `open_page` (DevTools Network events)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def click(driver: Any, button: str) -> None:
    driver.find_element("css selector", f'[data-button="{button}"]').click()


def solved(driver: Any) -> str:
    return str(driver.find_element("tag name", "body").get_attribute("data-solved"))
