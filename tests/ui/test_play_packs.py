"""Level packs in the window: Play ▸ Level Packs opens a shipped pack, its levels load onto the
board, a solve made by clicking on the view gives the verdict and is kept in QSettings."""

from __future__ import annotations

import itertools
import json
from importlib import resources

import numpy as np
from PySide6.QtGui import QAction

from lograph.core.files.level_pack import read_level_pack
from lograph.core.model.board import Board
from lograph.ui.main_window import MainWindow
from tests.references import press_matrix, solve_mod_p
from tests.ui.helpers import button_point, click

PACK = "classic-5x5-1-to-15.json"


def shipped(name: str):
    with resources.as_file(resources.files("lograph").joinpath("samples", "packs", name)) as p:
        return read_level_pack(p)


def open_shipped(window: MainWindow, name: str = PACK) -> None:
    entry = window.findChild(QAction, f"sample_pack_{name}")
    assert entry is not None, "Play ▸ Level Packs lists the shipped pack"
    entry.trigger()
    window.view.resetTransform()
    window.view.centerOn(window.scene.board_rect().center())


def fewest_by_search(board: Board, limit: int = 3) -> list[str]:
    """The fewest buttons whose presses clear an on/off board: every set of 0, 1, 2 …
    buttons in turn (the pack's first levels need few presses)."""
    a = press_matrix(board)
    change = (-board.lights().astype(np.int64)) % 2
    names = list(board.buttons)
    for k in range(limit + 1):
        for chosen in itertools.combinations(range(len(names)), k):
            if np.array_equal(a[:, list(chosen)].sum(axis=1) % 2, change):
                return [names[i] for i in chosen]
    raise AssertionError(f"no solution with at most {limit} presses")


def presses_to_clear(window: MainWindow) -> list[str]:
    return fewest_by_search(window.document.board)


def test_the_pack_opens_with_its_levels_in_order(qtbot, window):
    dock = window.play.levels.dock
    assert not dock.isVisible()  # no pack yet: the Levels dock waits
    open_shipped(window)
    assert dock.isVisible()
    assert window.chase.dock in window.tabifiedDockWidgets(dock)
    pack = shipped(PACK)
    table = window.play.levels.table
    assert table.rowCount() == len(pack.levels) == 15
    assert [table.item(r, 1).text() for r in range(15)] == [str(lv.fewest) for lv in pack.levels]
    assert window.session.mode == "play"
    assert np.array_equal(window.document.board.lights(), pack.levels[0].lights)
    assert list(window.document.board.buttons) == list(pack.board.buttons)
    # computed, not taken from the pack (which a file could get wrong): it agrees
    qtbot.waitUntil(lambda: window.play.scoreboard.best is not None, timeout=90_000)
    assert window.play.scoreboard.best == (1, True)
    assert window.play.scoreboard.best_label.text() == "Best: 1"


def test_solving_level_one_by_clicks_gives_the_verdict_and_keeps_progress(
    qtbot, window, settings, no_dialogs
):
    open_shipped(window)
    qtbot.waitUntil(lambda: window.play.scoreboard.best is not None, timeout=90_000)
    solution = presses_to_clear(window)
    detour = "r4c4" if "r4c4" not in solution else "r0c0"
    for button in [detour, detour, *solution]:  # two wasted presses first
        click(window, button_point(window, button))
    assert not window.document.board.lights().any()
    banner = window.status_area.banner
    assert banner.isVisible()
    moves = len(solution) + 2
    assert banner.text().startswith(f"Solved in {moves} moves — the best possible is 1")
    assert "Next Level" in banner.text()
    assert window.play.levels.table.item(0, 2).text() == f"✓ {moves}"
    # a second try in the fewest moves is the new best
    window.play.packs.load_level(0)
    qtbot.waitUntil(lambda: window.play.scoreboard.best is not None, timeout=90_000)
    for button in solution:
        click(window, button_point(window, button))
    assert banner.text().startswith("Solved in 1 move — optimal!")
    assert window.play.levels.table.item(0, 2).text() == "✓ 1 ★"
    settings.sync()
    groups = [g for g in settings.allKeys() if g.startswith("packs/") and g.endswith("/level1")]
    assert len(groups) == 1
    assert int(settings.value(groups[0])) == 1
    # the next session reads the progress back and starts at the first unsolved level
    again = MainWindow(settings=settings)
    qtbot.addWidget(again)
    open_shipped(again)
    assert again.play.levels.table.item(0, 2).text() == "✓ 1 ★"
    assert again.play.packs.current == 1
    again.document.undo_stack.setClean()


def test_next_level_loads_the_following_position(window):
    open_shipped(window)
    pack = shipped(PACK)
    window.action("next_level").trigger()
    assert window.play.packs.current == 1
    assert np.array_equal(window.document.board.lights(), pack.levels[1].lights)
    assert window.document.moves == 0
    # the level's lights really need its fewest count (independent search)
    assert len(fewest_by_search(window.document.board)) == pack.levels[1].fewest


def test_a_bad_pack_gets_a_dialog_naming_the_problem(window, tmp_path, no_dialogs):
    text = resources.files("lograph").joinpath("samples", "packs", PACK).read_text("utf-8")
    doc = json.loads(text)
    doc["levels"][2]["lights"] = {"r9c9": 1}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    before = window.document.board
    assert not window.play.packs.open_path(bad)
    (kind, message), *_ = no_dialogs
    assert kind == "critical"
    assert "bad.json" in message
    assert "level 3" in message
    assert "r9c9" in message
    assert window.document.board is before
    assert window.play.packs.pack is None


def test_solve_counts_only_from_the_level_start(window):
    open_shipped(window)
    window.set_mode("lights")  # change the position by hand: no longer level 1
    click(window, button_point(window, "r2c2"))
    window.set_mode("play")
    board = window.document.board
    x = solve_mod_p(press_matrix(board), (-board.lights().astype(np.int64)) % 2, 2)
    assert x is not None  # the centre light is orthogonal to both quiet patterns of 5×5
    for button in [b for b, v in zip(board.buttons, x, strict=True) if v]:
        click(window, button_point(window, button))
    assert window.status_area.banner.isVisible()
    assert window.play.levels.table.item(0, 2).text() == ""


def test_file_open_of_a_pack_plays_it(window):
    """A pack given to File ▸ Open (or a drop, or `lograph gui PACK.json`) opens in the level
    player rather than failing as an unknown board format."""
    pack = shipped(PACK)
    with resources.as_file(resources.files("lograph").joinpath("samples", "packs", PACK)) as p:
        assert window.files.open_path(p, ask=False)
    assert window.play.levels.table.rowCount() == len(pack.levels)
    assert np.array_equal(window.document.board.lights(), pack.levels[0].lights)
    assert window.document.path is None  # a pack's board is played, never saved over the pack


def test_a_pack_that_claims_the_wrong_fewest_shows_the_true_best(qtbot, window, tmp_path):
    # the fuzz sweep's pack: a position one press clears, filed as needing 2 (and one
    # needing more than the pack says); the window used to show the pack's word
    from lograph.core.files.level_pack import LevelPack, PackLevel, write_level_pack
    from lograph.core.model.generators import rectangle

    board = rectangle(3, 3)
    one_press = np.asarray(press_matrix(board))[:, 4].astype(np.uint8)  # the centre's lights
    path = tmp_path / "wrong.json"
    write_level_pack(LevelPack("wrong", board, [PackLevel(one_press % 2, 2, True)]), path)
    assert window.play.packs.open_path(path)
    qtbot.waitUntil(lambda: window.play.scoreboard.best is not None, timeout=90_000)
    assert window.play.scoreboard.best == (1, True)
    assert window.play.scoreboard.best_label.text() == "Best: 1"
    # and the Levels table says the pack is wrong
    assert window.play.levels.table.item(0, 1).text() == "1 (pack: 2)"
    # one click on the centre solves it, optimally (the pack's 2 would not call it optimal)
    window.view.resetTransform()
    window.view.centerOn(window.scene.board_rect().center())
    click(window, button_point(window, "r1c1"))
    assert window.status_area.banner.text().startswith("Solved in 1 move — optimal!")
    assert window.play.levels.table.item(0, 2).text() == "✓ 1 ★"


def test_a_lit_only_solve_keeps_the_levels_fewest_and_its_star(qtbot, window, tmp_path):
    # seen in a real window: a level solved in lit-only mode, then Ctrl+Alt+L (lit-only off),
    # read "0 (pack: 3)" in the Levels dock, lost its ★ and the status bar said Best: 0
    from lograph.core.files.level_pack import LevelPack, PackLevel, write_level_pack
    from lograph.core.model.generators import rectangle
    from lograph.core.optimize.lit_only import lit_only_solve
    from tests.references import fewest_to_goal

    board = rectangle(3, 3)
    for b in ("r0c0", "r0c1", "r2c1"):
        board.set_light(b, 1)
    fewest = fewest_to_goal(board)
    lit_presses = lit_only_solve(board).presses
    assert lit_presses is not None
    assert len(lit_presses) > fewest  # the two rules differ
    path = tmp_path / "lit.json"
    write_level_pack(LevelPack("lit", board, [PackLevel(board.lights(), fewest, False)]), path)
    window.action("lit_only").trigger()
    assert window.play.packs.open_path(path)
    window.view.resetTransform()
    window.view.centerOn(window.scene.board_rect().center())
    score, table = window.play.scoreboard, window.play.levels.table
    qtbot.waitUntil(lambda: score.best is not None, timeout=90_000)
    assert score.best == (len(lit_presses), True)  # lit presses: not the level's fewest
    assert table.item(0, 1).text() == str(fewest)
    names = list(window.document.board.buttons)
    for i in lit_presses:
        click(window, button_point(window, names[i]))
    assert not window.document.board.lights().any()
    assert table.item(0, 2).text() == f"✓ {len(lit_presses)}"
    window.action("lit_only").trigger()  # off: the best of the level's start, ordinary rule
    qtbot.waitUntil(lambda: score.best is not None, timeout=90_000)
    assert score.best == (fewest, True)
    assert score.best_label.text() == f"Best: {fewest}"
    assert table.item(0, 1).text() == str(fewest)
    assert table.item(0, 2).text() == f"✓ {len(lit_presses)}"  # no ★: more than the fewest
    # an ordinary solve in the fewest presses still earns the ★
    window.play.packs.load_level(0)
    qtbot.waitUntil(lambda: score.best is not None, timeout=90_000)
    for button in presses_to_clear(window):
        click(window, button_point(window, button))
    assert table.item(0, 2).text() == f"✓ {fewest} ★"
    assert table.item(0, 1).text() == str(fewest)


def test_loading_a_level_does_not_mark_the_board_modified(window, no_dialogs):
    # seen in a real window: the title got its '*' and closing asked to save after only
    # opening a pack and moving to the next level
    open_shipped(window)
    assert not window.document.is_modified
    assert not window.isWindowModified()
    window.action("next_level").trigger()
    assert window.play.packs.current == 1
    assert not window.document.is_modified
    click(window, button_point(window, "r2c2"))  # playing is not editing
    assert not window.document.is_modified
    assert window.files.maybe_save()  # opening another file would not ask (no box shown)
    assert not no_dialogs


def test_a_restart_shows_analysis_not_an_empty_levels_dock(qtbot, window, settings):
    from lograph.ui.main_window import MainWindow

    open_shipped(window)
    assert window.play.levels.dock.isVisible()
    window.close()  # keeps the dock layout, Levels in front
    again = MainWindow(settings=settings)
    again.show()
    qtbot.waitExposed(again)
    try:
        assert again.play.packs.pack is None
        assert not again.play.levels.dock.isVisible()
        assert again.analysis.dock.isVisible()
        assert not again.visibleRegion().isEmpty()
        assert not again.analysis.panel.visibleRegion().isEmpty()  # in front, not a tab behind
    finally:
        again.close()
