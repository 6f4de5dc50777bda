"""The shared page in a real browser: pressing `lograph solve`'s answer solves it, the
page's own fewest-presses solver agrees with the engine, hints lead to the best, a pack's
levels are reachable and remembered, and the page asks the network for nothing."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from lograph.core.files import read_board, write_board
from lograph.core.model.board import Board
from lograph.core.optimize.fewest import fewest_presses
from lograph.core.solve import prepare, solve
from tests.cli.helpers import run_cli
from tests.core.share.browser import PHONE, browser, click, open_page, requests_made, solved

SAMPLES = Path(__file__).resolve().parents[3] / "lograph" / "samples"
__all__ = ["browser"]  # the fixture, imported for this module


def share(capsys: pytest.CaptureFixture[str], source: str | Path, out: Path) -> Path:
    status, _, err = run_cli(capsys, "share", str(source), "-o", str(out))
    assert status == 0, err
    return out


def engine_fewest(board: Board) -> int | None:
    solver = prepare(board)
    answer = solve(board, solver=solver)
    if not answer.solvable:
        return None
    return int(fewest_presses(solver, answer.presses).press_count)


def test_pressing_solves_answer_solves_the_page(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = share(capsys, SAMPLES / "classic-5x5.txt", tmp_path / "c5.html")
    _status, out, _ = run_cli(capsys, "solve", str(SAMPLES / "classic-5x5.txt"), "--json")
    presses = json.loads(out)["presses"]
    open_page(browser, page)
    assert solved(browser) == "false"
    for button in presses:
        assert solved(browser) == "false"
        click(browser, button)
    assert solved(browser) == "true"
    message = browser.find_element("css selector", ".message").text
    assert message.startswith(f"Solved in {len(presses)} — the best is 15"), message
    assert requests_made(browser) == [page.resolve().as_uri()]
    assert not [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]


def test_undo_reset_and_the_timer(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = share(capsys, SAMPLES / "three-state-4x4.txt", tmp_path / "k3.html")
    open_page(browser, page)
    start = browser.execute_script("return lograph.lights()")
    click(browser, "r1c1")
    after = browser.execute_script("return lograph.lights()")
    assert after != start
    assert "Moves 1" in browser.find_element("css selector", ".status").text
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 5).until(  # the timer runs from the first press
        lambda d: "0:01" in d.find_element("css selector", ".status").text
    )
    browser.find_element("css selector", '[data-action="undo"]').click()
    assert browser.execute_script("return lograph.lights()") == start
    click(browser, "r1c1")
    click(browser, "r2c2")
    browser.find_element("css selector", '[data-action="reset"]').click()
    assert browser.execute_script("return lograph.lights()") == start
    assert "Moves 0 · 0:00" in browser.find_element("css selector", ".status").text


def _boards() -> dict[str, Board]:
    rng = np.random.default_rng(5)
    boards = {}
    for name in ("classic-5x5.txt", "three-state-4x4.txt", "torus-5x5.json", "petersen.json"):
        boards[name] = read_board(SAMPLES / name)
    ring = read_board(SAMPLES / "directed-ring-8.json")
    for k in (4, 6, 12):  # composite: Smith form per prime power, joined by CRT
        board = ring.copy()
        board.states = k
        board.rule = "open"
        board.set_self_action(board.buttons[0], True)
        board.set_lights(rng.integers(0, k, len(board)))
        boards[f"ring-k{k}"] = board
    grid = read_board(SAMPLES / "classic-4x4.txt")
    grid.states = 9
    grid.set_lights(rng.integers(0, 9, len(grid)))
    boards["4x4-k9"] = grid
    return boards


@pytest.mark.parametrize("name", list(_boards()))
def test_the_pages_solver_agrees_with_the_engine(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    board = _boards()[name]
    path = tmp_path / "board.json"
    write_board(board, path)
    page = share(capsys, path, tmp_path / "page.html")
    open_page(browser, page)
    answer = browser.execute_script("return lograph.fewest()")
    best = engine_fewest(board)
    if best is None:
        assert answer is None
        return
    assert answer["exact"]
    assert answer["count"] == best
    check = board.copy()
    check.apply_presses(answer["presses"])
    assert check.is_goal()
    for button, times in Counter(
        {b: t for b, t in zip(board.buttons, answer["presses"], strict=True) if t}
    ).items():
        for _ in range(times):
            click(browser, button)
    assert solved(browser) == "true"


def test_hints_lead_to_the_best(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = share(capsys, SAMPLES / "classic-5x5.txt", tmp_path / "c5.html")
    open_page(browser, page)
    browser.find_element("css selector", '[data-button="r2c2"]').click()  # off the best path
    for _ in range(30):
        if solved(browser) == "true":
            break
        browser.find_element("css selector", '[data-action="hint"]').click()
        hinted = browser.find_elements("css selector", "[data-button].hint")
        assert len(hinted) == 1
        r, c = map(int, hinted[0].get_attribute("data-button")[1:].split("c"))
        said = browser.find_element("css selector", ".message").text
        assert f"Hint: press row {r + 1}, column {c + 1} —" in said  # as a person counts
        hinted[0].click()
    assert solved(browser) == "true"
    message = browser.find_element("css selector", ".message").text
    assert "the best is 15" in message


def test_a_packs_second_level_is_reachable_and_remembered(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack_file = SAMPLES / "packs" / "classic-5x5-1-to-15.json"
    page = share(capsys, pack_file, tmp_path / "pack.html")
    open_page(browser, page)
    browser.execute_script("localStorage.clear()")
    items = browser.find_elements("css selector", "[data-level]")
    assert len(items) == 15
    assert "fewest 1" in items[0].text
    browser.find_element("css selector", '[data-action="next"]').click()
    assert "Level 2 of 15" in browser.find_element("css selector", ".status").text
    from lograph.core.files.level_pack import read_level_pack

    pack = read_level_pack(pack_file)
    board = pack.board.copy()
    board.set_lights(pack.levels[1].lights)
    assert browser.execute_script("return lograph.lights()") == pack.levels[1].lights.tolist()
    presses = solve(board).presses
    assert presses is not None
    best = fewest_presses(prepare(board), presses).presses
    for button, times in zip(board.buttons, best.tolist(), strict=True):
        for _ in range(times):
            click(browser, button)
    assert solved(browser) == "true"
    assert (
        f"the best is {pack.levels[1].fewest}. Perfect!"
        in browser.find_element("css selector", ".message").text
    )
    from selenium.webdriver.support.ui import WebDriverWait

    def remembered(driver: Any) -> bool:
        # Chromium hands a localStorage write to its storage process asynchronously, so a
        # reload in the same instant may still read the old progress: reload until it shows
        # (a lost write fails at the time limit).
        driver.refresh()
        second = driver.find_elements("css selector", "[data-level]")[1]
        return f"solved in {pack.levels[1].fewest}" in second.text

    WebDriverWait(browser, 10).until(remembered)
    second = browser.find_elements("css selector", "[data-level]")[1]
    second.click()
    assert "Level 2 of 15" in browser.find_element("css selector", ".status").text
    browser.find_element("css selector", '[data-action="prev"]').click()
    assert "Level 1 of 15" in browser.find_element("css selector", ".status").text
    # the page alone, however often it was loaded
    assert set(requests_made(browser)) == {page.resolve().as_uri()}


def test_the_page_fits_a_phone(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = share(capsys, SAMPLES / "torus-5x5.json", tmp_path / "torus.html")
    browser.set_window_size(*PHONE)
    try:
        open_page(browser, page)
        width = browser.execute_script("return document.documentElement.scrollWidth")
        view = browser.execute_script("return window.innerWidth")
        assert width <= view  # no sideways scrolling
        box = browser.find_element("css selector", ".board").rect
        assert box["width"] <= view
        click(browser, "r0c0")  # a tap lands on the disc at phone size
        assert "Moves 1" in browser.find_element("css selector", ".status").text
        assert requests_made(browser) == [page.resolve().as_uri()]
    finally:
        browser.set_window_size(1280, 900)
