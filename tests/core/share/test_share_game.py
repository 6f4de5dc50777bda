"""The shared page as a game in a real browser: it states the goal and the rule, deals new
solvable games, celebrates a solve, centres the board with its controls, keeps each pack's
progress apart, and wraps its controls on a phone in groups."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lograph.core.files import read_board, write_board
from lograph.core.files.level_pack import LevelPack, read_level_pack, write_level_pack
from lograph.core.model.board import Board
from lograph.core.optimize.fewest import fewest_presses
from lograph.core.share.page import rule_line
from lograph.core.solve import prepare, solve
from tests.cli.helpers import run_cli
from tests.core.share.browser import DESKTOP, PHONE, browser, click, open_page, solved

SAMPLES = Path(__file__).resolve().parents[3] / "lograph" / "samples"
PACK = SAMPLES / "packs" / "classic-5x5-1-to-15.json"
__all__ = ["browser"]  # the fixture, imported for this module


def share(capsys: pytest.CaptureFixture[str], source: str | Path, out: Path) -> Path:
    status, _, err = run_cli(capsys, "share", str(source), "-o", str(out))
    assert status == 0, err
    return out


def text(driver: Any, css: str) -> str:
    return str(driver.find_element("css selector", css).text)


def action(driver: Any, name: str) -> None:
    driver.find_element("css selector", f'.bar [data-action="{name}"]').click()


def fewest_solution(board: Board) -> list[int]:
    """The engine's fewest-presses solution of `board`'s lights."""
    solver = prepare(board)
    answer = solve(board, solver=solver)
    assert answer.solvable
    assert answer.presses is not None
    return list(fewest_presses(solver, answer.presses).presses.tolist())


def press_all(driver: Any, board: Board, presses: list[int]) -> None:
    for button, times in zip(board.buttons, presses, strict=True):
        for _ in range(times):
            click(driver, button)


def test_the_goal_and_the_rule_open_the_page(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    open_page(browser, share(capsys, SAMPLES / "classic-5x5.txt", tmp_path / "c5.html"))
    rule = browser.find_element("css selector", ".rule")
    assert rule.text == "Turn every light off. A press toggles the button and its neighbours."
    board = browser.find_element("css selector", ".board")
    assert rule.rect["y"] + rule.rect["height"] <= board.rect["y"]  # above the board


def _rule_cases() -> dict[str, Board]:
    cases = {name: read_board(SAMPLES / name) for name in ("three-state-4x4.txt", "torus-5x5.json")}
    cases["directed"] = read_board(SAMPLES / "directed-ring-8.json")
    opened = read_board(SAMPLES / "classic-3x3.txt")
    opened.rule = "open"
    cases["open"] = opened
    mixed = read_board(SAMPLES / "classic-3x3.txt")
    mixed.set_self_action(mixed.buttons[4], False)
    cases["closed, one not itself"] = mixed
    lit = opened.copy()
    lit.set_self_action(lit.buttons[0], True)
    cases["open, one itself"] = lit
    return cases


@pytest.mark.parametrize("name", list(_rule_cases()))
def test_the_rule_line_says_what_a_press_does(name: str) -> None:
    board = _rule_cases()[name]
    line = rule_line(board)
    system = board.to_system()
    own = [system.index(b) in system.column(system.index(b)).tolist() for b in board.buttons]
    for b in board.buttons:  # a press changes exactly the buttons the line names
        targets = set(system.column(system.index(b)).tolist()) - {system.index(b)}
        named = {system.index(t) for t in board.targets(b)} - {system.index(b)}
        assert targets == named
    if all(own):
        assert "the button and its" in line or "the button and the buttons" in line
    elif not any(own):
        assert "not the button itself" in line
    else:
        assert "loop" in line
    assert ("arrows" in line) == board.directed
    assert ("toggles" in line) == (board.states == 2)
    if board.states > 2:
        assert f"→ {board.states - 1} → 0" in line


def test_a_new_game_deals_a_solvable_position_with_its_best(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for sample in ("classic-5x5.txt", "three-state-4x4.txt"):
        board = read_board(SAMPLES / sample)
        open_page(browser, share(capsys, SAMPLES / sample, tmp_path / "page.html"))
        seen = set()
        for _ in range(3):
            action(browser, "new")
            lights = browser.execute_script("return lograph.lights()")
            assert any(lights)
            seen.add(tuple(lights))
            board.set_lights(lights)
            best = fewest_solution(board)  # solvable, or this raises
            assert text(browser, ".status").endswith(f"· best {sum(best)}")
            assert "Moves 0 · 0:00" in text(browser, ".status")
        assert len(seen) > 1  # new positions, not one
        press_all(browser, board, best)
        assert solved(browser) == "true"
        assert (
            text(browser, ".message")
            == f"Solved in {sum(best)} — the best is {sum(best)}. Perfect!"
        )
        action(browser, "reset")  # back to the dealt position, not the file's
        assert browser.execute_script("return lograph.lights()") == board.lights().tolist()


def test_a_board_shared_with_every_light_off_opens_on_a_new_game(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = read_board(SAMPLES / "petersen.json")
    board.clear_lights()
    path = tmp_path / "dark.json"
    write_board(board, path)
    open_page(browser, share(capsys, path, tmp_path / "dark.html"))
    assert solved(browser) == "false"
    board.set_lights(browser.execute_script("return lograph.lights()"))
    assert text(browser, ".status").endswith(f"· best {sum(fewest_solution(board))}")


def test_a_pack_page_deals_no_new_games(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    open_page(browser, share(capsys, PACK, tmp_path / "pack.html"))
    assert not browser.find_elements("css selector", '[data-action="new"]')


def test_a_solve_is_celebrated(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = read_board(SAMPLES / "classic-3x3.txt")
    open_page(browser, share(capsys, SAMPLES / "classic-3x3.txt", tmp_path / "c3.html"))
    card = browser.find_element("css selector", ".celebration")
    assert not card.is_displayed()
    best = fewest_solution(board)
    press_all(browser, board, best)
    assert card.is_displayed()
    assert "★ Perfect! ★" in card.text
    assert "celebrate" in browser.find_element("tag name", "body").get_attribute("class")
    box, drawn = card.rect, browser.find_element("css selector", ".board").rect
    assert box["y"] < drawn["y"] + drawn["height"]
    assert drawn["y"] < box["y"] + box["height"]
    card.find_element("css selector", '[data-action="close"]').click()  # look at the board
    assert not card.is_displayed()
    assert solved(browser) == "true"
    action(browser, "reset")
    click(browser, board.buttons[best.index(0)])  # off the best path: solved, not perfect
    press_all(browser, board, fewest_solution(_with(board, browser)))
    assert card.is_displayed()
    assert "★ Solved! ★" in card.text
    card.find_element("css selector", '[data-action="new"]').click()  # deal again from the card
    assert not card.is_displayed()
    assert solved(browser) == "false"
    assert "Moves 0" in text(browser, ".status")


def _with(board: Board, driver: Any) -> Board:
    now = board.copy()
    now.set_lights(driver.execute_script("return lograph.lights()"))
    return now


def test_the_board_is_centred_with_its_controls(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    open_page(browser, share(capsys, SAMPLES / "classic-5x5.txt", tmp_path / "c5.html"))
    middle = browser.execute_script(
        "const box = (css) => document.querySelector(css).getBoundingClientRect();"
        "const mid = (r) => r.left + r.width / 2;"
        "const bar = [...document.querySelectorAll('.bar [data-action]')]"
        "  .map((b) => b.getBoundingClientRect());"  # the controls, however grouped
        "const left = Math.min(...bar.map((r) => r.left));"
        "const right = Math.max(...bar.map((r) => r.right));"
        "const words = (css) => {"  # where the text is drawn, not its full-width block
        "  const range = document.createRange();"
        "  range.selectNodeContents(document.querySelector(css));"
        "  return range.getBoundingClientRect(); };"
        "return [mid(box('.buttons')), (left + right) / 2, mid(words('h1')),"
        " mid(words('.status')), document.body.getBoundingClientRect().width];"
    )
    discs, controls, title, status, width = middle
    for other in (controls, title, status):
        assert abs(discs - other) < 0.02 * width


@pytest.mark.parametrize("source", [PACK, SAMPLES / "petersen.json"])
@pytest.mark.parametrize("width", [PHONE[0], 320])
def test_no_control_wraps_alone_on_a_phone(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str], width: int, source: Path
) -> None:
    page = share(capsys, source, tmp_path / "page.html")
    browser.set_window_size(width, 600)  # shorter than the page: a scrollbar takes its width
    try:
        open_page(browser, page)
        lines: dict[int, list[str]] = {}
        for button in browser.find_elements("css selector", ".bar [data-action]"):
            lines.setdefault(round(button.rect["y"]), []).append(button.text)
        assert all(len(line) >= 2 for line in lines.values()), lines
        if source == PACK:
            (line,) = [line for line in lines.values() if "Next ▶" in line]
            assert "◀ Previous" in line
        view = browser.execute_script("return document.documentElement.clientWidth")
        assert browser.execute_script("return document.documentElement.scrollWidth") <= view
        for button in browser.find_elements("css selector", ".bar [data-action]"):
            box = button.rect  # a centred line too wide spills over both edges
            assert 0 <= box["x"] <= box["x"] + box["width"] <= view, (button.text, box, view)
    finally:
        browser.set_window_size(*DESKTOP)


def test_a_pack_made_by_the_cli_is_titled_as_a_pack(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "p.json"
    status, _, err = run_cli(
        capsys, "puzzle", str(SAMPLES / "classic-5x5.txt"), "--presses", "1-3", "-o", str(pack)
    )
    assert status == 0, err
    assert read_level_pack(pack).name == "classic 5x5: 1 to 3 presses"
    open_page(browser, share(capsys, pack, tmp_path / "p.html"))
    assert text(browser, "h1") == "classic 5x5: 1 to 3 presses"
    assert browser.title == "classic 5x5: 1 to 3 presses"
    # a pack named after its board (as `puzzle` named them before): titled by its levels
    old = read_level_pack(PACK)
    write_level_pack(LevelPack(old.board.name, old.board, old.levels), pack)
    open_page(browser, share(capsys, pack, tmp_path / "old.html"))
    assert "all lights on" in old.board.name
    assert text(browser, "h1") == "classic 5x5: 1 to 15 presses"


def test_two_packs_of_one_board_keep_their_own_progress(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = read_level_pack(PACK)
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    write_level_pack(LevelPack("same title", pack.board, pack.levels[:3]), first)
    write_level_pack(LevelPack("same title", pack.board, pack.levels[3:6]), second)
    first_page = share(capsys, first, tmp_path / "first.html")
    second_page = share(capsys, second, tmp_path / "second.html")
    open_page(browser, first_page)
    browser.execute_script("localStorage.clear()")
    open_page(browser, first_page)
    board = pack.board.copy()
    board.set_lights(pack.levels[0].lights)
    press_all(browser, board, fewest_solution(board))
    assert solved(browser) == "true"
    from selenium.webdriver.support.ui import WebDriverWait

    def shows_solved(driver: Any) -> bool:  # localStorage is committed asynchronously
        driver.refresh()
        return "solved in 1" in text(driver, '[data-level="1"]')

    WebDriverWait(browser, 10).until(shows_solved)
    open_page(browser, second_page)  # same board, same title, other levels: its own progress
    assert "solved in" not in text(browser, ".levels")
    stored = browser.execute_script("return Object.keys(localStorage)")
    assert len(stored) == 1
    assert json.loads(browser.execute_script(f"return localStorage.getItem('{stored[0]}')")) == {
        "0": 1
    }
