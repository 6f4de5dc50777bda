"""The play widget in a real JupyterLab, driven in headless Chromium: a notebook cell shows
``lo.play(lo.rectangle(3, 3))``, a button is clicked in its output, and the next cell
prints what Python sees; lights set from Python show in the page.

One JupyterLab server (and one browser) serves the whole module: the server is started on a
free localhost port with a token of its own, over a temporary root folder and temporary
Jupyter folders, and stopped at the end. Every wait is for a condition in the page, with a
generous limit as a guard against hangs only."""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.core.share.browser import browser

__all__ = ["browser"]  # the fixture, imported for this module

pytestmark = pytest.mark.slow

#: Seconds to wait for anything (the server, the kernel, a cell): a hang guard, not a pace.
PATIENCE = 180
#: The notebook's cells: show the widget; print what Python sees; set a position.
CELLS = [
    "import lograph as lo\nw = lo.play(lo.rectangle(3, 3))\nw",
    "import json\n"
    "print('SEEN', json.dumps({'lights': w.lights, 'presses': w.presses,"
    " 'board': w.board.lights().tolist()}))",
    "w.lights = [1, 0, 0, 0, 0, 0, 0, 0, 1]",
]


@dataclass(frozen=True)
class Lab:
    url: str  # the notebook's address, token included


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _notebook(path: Path) -> None:
    cells = [
        {"cell_type": "code", "metadata": {}, "source": source, "outputs": [],
         "execution_count": None}
        for source in CELLS
    ]  # fmt: skip
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    document = {"cells": cells, "metadata": {"kernelspec": kernel}, "nbformat": 4,
                "nbformat_minor": 5}  # fmt: skip
    path.write_text(json.dumps(document))


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """A JupyterLab server of this module's own, its root holding the notebook."""
    pytest.importorskip("jupyterlab", reason="jupyterlab is not installed (the test extra)")
    pytest.importorskip("anywidget", reason="anywidget is not installed (the notebook extra)")
    root = tmp_path_factory.mktemp("lab")
    home = tmp_path_factory.mktemp("jupyter")
    _notebook(root / "play.ipynb")
    port, token = _free_port(), secrets.token_hex(16)
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_DATA_DIR": str(home / "data"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "IPYTHONDIR": str(home / "ipython"),
    }
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
        "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
        f"--LabApp.user_settings_dir={home / 'settings'}",
        f"--LabApp.workspaces_dir={home / 'workspaces'}",
        "--allow-root",  # a container's CI runs as root
        "--ServerApp.jpserver_extensions={'jupyter_lsp': False}",
        "--ServerApp.terminals_enabled=False",
        "--LabApp.expose_app_in_browser=True",  # window.jupyterapp: run cells by command
        "--LabApp.news_url=None", "--LabApp.check_for_updates_class="
        "jupyterlab.NeverCheckForUpdate",
    ]  # fmt: skip
    server = subprocess.Popen(
        command,
        cwd=root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its kernels go with it
    )
    ready = threading.Event()
    log: list[str] = []

    def read() -> None:  # the server says where it listens once it does
        assert server.stderr is not None
        for line in server.stderr:
            log.append(line)
            if re.search(rf"http://127\.0\.0\.1:{port}/lab", line):
                ready.set()
        ready.set()  # it ended: the wait below sees why

    threading.Thread(target=read, daemon=True).start()
    try:
        if not ready.wait(PATIENCE) or server.poll() is not None:
            pytest.fail("JupyterLab did not start:\n" + "".join(log[-30:]))
        yield Lab(f"http://127.0.0.1:{port}/lab/tree/play.ipynb?token={token}")
    finally:
        server.terminate()
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        with contextlib.suppress(ProcessLookupError):  # a kernel left in the server's session
            os.killpg(server.pid, signal.SIGKILL)


def _wait(driver: Any, condition: Any, what: str) -> Any:
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(driver, PATIENCE).until(condition)
    except TimeoutException:
        driver.save_screenshot(str(Path(os.environ.get("TMPDIR", "/tmp")) / "lab-timeout.png"))
        pytest.fail(f"JupyterLab: gave up waiting for {what}")


KERNEL_IDLE = (
    "const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
    "const kernel = panel && panel.sessionContext && panel.sessionContext.session"
    " && panel.sessionContext.session.kernel;"
    "return Boolean(kernel && kernel.status === 'idle' && panel.content"
    " && panel.content.widgets.length === arguments[0]);"
)
RUN_CELL = (
    "const panel = window.jupyterapp.shell.currentWidget;"
    "panel.content.activeCellIndex = arguments[0];"
    "window.jupyterapp.commands.execute('notebook:run-cell');"
)


def _run(driver: Any, index: int) -> None:
    _wait(driver, lambda d: d.execute_script(KERNEL_IDLE, len(CELLS)), "the kernel to be idle")
    driver.execute_script(RUN_CELL, index)


def _prompt(driver: Any, index: int) -> str:
    """The cell's execution prompt, "[3]:" once it ran third, "[*]:" while it runs."""
    cell = driver.find_elements("css selector", ".jp-Notebook .jp-Cell")[index]
    return str(cell.find_element("css selector", ".jp-InputPrompt").text)


def _seen(driver: Any) -> dict[str, Any]:
    """Run the cell that prints what Python sees; what it printed."""
    before = _prompt(driver, 1)
    _run(driver, 1)

    def printed(d: Any) -> str | bool:
        prompt = _prompt(d, 1)
        if prompt in (before, "[*]:"):
            return False
        cell = d.find_elements("css selector", ".jp-Notebook .jp-Cell")[1]
        text = " ".join(e.text for e in cell.find_elements("css selector", ".jp-OutputArea-output"))
        return text or False

    text = str(_wait(driver, printed, "the printing cell's new output"))
    match = re.search(r"SEEN (\{.*\})", text)
    assert match is not None, text
    return json.loads(match.group(1))  # type: ignore[no-any-return]


def _fills(driver: Any) -> list[str]:
    return list(
        driver.execute_script(
            "return [...document.querySelectorAll('.jp-OutputArea .lograph-play"
            " [data-button] circle')].map((c) => c.getAttribute('fill'))"
        )
    )


def test_the_widget_plays_in_jupyterlab_both_ways(browser: Any, lab: Lab) -> None:
    from lograph.core.model.generators import rectangle
    from lograph.core.share.page import plain_drawing

    off, on = plain_drawing(rectangle(3, 3)).colors
    browser.get(lab.url)
    _run(browser, 0)
    centre = '.jp-OutputArea .lograph-play [data-button="r1c1"]'
    button = _wait(browser, lambda d: d.find_elements("css selector", centre), "the widget")[0]
    assert _fills(browser) == [off] * 9

    # a press in the browser is seen by Python: the widget's lights, presses and board
    button.click()
    lit = [1 if i in (1, 3, 4, 5, 7) else 0 for i in range(9)]
    assert _fills(browser) == [on if v else off for v in lit]
    assert _seen(browser) == {"lights": lit, "presses": ["r1c1"], "board": lit}

    # a position set from Python shows in the browser, as a new game
    _run(browser, 2)
    corners = [1, 0, 0, 0, 0, 0, 0, 0, 1]
    _wait(
        browser,
        lambda d: _fills(d) == [on if v else off for v in corners],
        "the lights set from Python",
    )
    status = browser.find_element("css selector", ".jp-OutputArea .lograph-play .status").text
    assert status.startswith("Moves 0")
    assert _seen(browser) == {"lights": corners, "presses": [], "board": corners}


def test_the_widget_follows_jupyterlabs_theme(browser: Any, lab: Lab) -> None:
    browser.get(lab.url)
    _run(browser, 0)
    widget = ".jp-OutputArea .lograph-play"
    _wait(browser, lambda d: d.find_elements("css selector", widget), "the widget")
    background = f"return getComputedStyle(document.querySelector('{widget}')).backgroundColor"
    for theme, light, colour in (
        ("JupyterLab Dark", "false", "rgb(30, 33, 39)"),
        ("JupyterLab Light", "true", "rgb(238, 240, 243)"),
    ):
        browser.execute_script(
            "window.jupyterapp.commands.execute('apputils:change-theme', {theme: arguments[0]})",
            theme,
        )
        _wait(
            browser,
            lambda d, light=light: (
                d.find_element("tag name", "body").get_attribute("data-jp-theme-light") == light
            ),
            f"the {theme} theme",
        )
        assert browser.execute_script(background) == colour
