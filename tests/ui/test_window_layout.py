"""The window opens right: the board fills the view on every open, relaunch and resize until
the user zooms; small windows keep a usable canvas; the busy bar never moves the panel."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QWidget

from lograph.core.files.samples import read_sample
from lograph.core.model.generators import rectangle
from lograph.ui.main_window import MainWindow
from lograph.ui.model.document import Document


def board_share(window: MainWindow) -> float:
    """How much of the viewport the board covers, along its tighter side (1.0: touches)."""
    view = window.view
    shown = view.mapFromScene(window.scene.board_rect()).boundingRect()
    viewport = view.viewport().rect()
    return max(shown.width() / viewport.width(), shown.height() / viewport.height())


def fitted(window: MainWindow) -> bool:
    return 0.8 <= board_share(window) <= 1.0


@pytest.fixture
def windows(qtbot, settings, no_dialogs):
    """Windows made by the test, closed (without prompts) at its end."""
    made: list[MainWindow] = []

    def make(document: Document | None = None) -> MainWindow:
        w = MainWindow(settings=settings, document=document)
        qtbot.addWidget(w)
        made.append(w)
        return w

    yield make
    for w in made:
        w.document.undo_stack.setClean()
        w.close()


def test_relaunch_after_a_maximised_session_fills_the_view(qtbot, windows, settings):
    first = windows()
    first.showMaximized()
    qtbot.waitUntil(first.isMaximized)
    first.close()  # saves the geometry: maximised
    assert settings.value("geometry") is not None

    again = windows(Document(read_sample("wayout-holed-5x5.txt")))
    again.show()
    qtbot.waitUntil(again.isMaximized)
    qtbot.waitUntil(lambda: fitted(again))
    assert again.view.viewport().width() > 300


def test_the_board_follows_the_window_manager_growing_the_window(qtbot, windows):
    w = windows()
    w.resize(480, 360)
    w.show()
    qtbot.waitExposed(w)
    w.document.replace_board(rectangle(15, 15))  # opened at the first, small size
    QApplication.processEvents()  # everything the opening queued has run
    assert fitted(w)
    small = w.view.current_scale()
    w.resize(790, 590)  # what a window manager does when it maximises the window later
    qtbot.waitUntil(lambda: w.view.current_scale() > small * 1.3)
    assert fitted(w)


def test_a_zoom_of_the_user_stops_the_following_and_fit_starts_it_again(qtbot, windows):
    w = windows(Document(rectangle(15, 15)))
    w.resize(560, 420)
    w.show()
    qtbot.waitUntil(lambda: fitted(w))
    w.action("zoom_in").trigger()
    zoomed = w.view.current_scale()
    w.resize(790, 590)
    qtbot.waitUntil(lambda: w.view.viewport().width() > 400)
    assert w.view.current_scale() == pytest.approx(zoomed)  # the user's zoom is kept
    w.action("fit").trigger()
    assert fitted(w)
    w.resize(600, 450)
    qtbot.waitUntil(lambda: w.view.viewport().width() < 350)
    assert fitted(w)


def test_a_small_window_keeps_half_its_width_for_the_canvas(qtbot, windows):
    w = windows(Document(read_sample("wayout-holed-5x5.txt")))
    w.resize(800, 600)
    w.show()
    qtbot.waitExposed(w)
    for dock in (w.chase.dock, w.analysis.dock):  # each tab in front once
        dock.raise_()
        qtbot.waitUntil(lambda: w.view.width() >= 0.5 * w.width())
        assert w.view.width() + dock.width() <= w.width()
    panel = w.analysis.panel  # and the panel shows its rows whole (it has no side scrolling)
    qtbot.waitUntil(lambda: panel.widget().width() <= panel.viewport().width())


def test_a_dock_never_takes_most_of_a_wide_window(qtbot, windows):
    w = windows()
    w.resize(790, 590)
    w.show()
    qtbot.waitExposed(w)
    w.resizeDocks([w.analysis.dock], [700], Qt.Orientation.Horizontal)  # dragged wide
    qtbot.waitUntil(lambda: w.analysis.dock.width() > 300)
    assert w.view.width() >= 0.5 * w.width()


def geometries(panel: QWidget) -> dict[str, QRect]:
    """Where each section of the panel is, once the layouts have run."""
    for _ in range(3):  # layout requests are posted events: let them all be handled
        QApplication.processEvents()
    return {
        name: box.geometry()
        for name, box in (
            ("figures", panel.findChild(QWidget, "analysis_figures_box")),
            ("position", panel.position),
            ("quiet", panel.quiet),
            ("solution", panel.findChild(QWidget, "analysis_solution_box")),
        )
    }


def test_the_busy_bar_does_not_move_the_panel(qtbot, windows):
    w = windows(Document(rectangle(4, 4)))
    w.resize(1000, 760)
    w.show()
    model, panel = w.analysis.model, w.analysis.panel
    w.analysis_model.start_analysis()
    qtbot.waitUntil(lambda: model.solver is not None and not model.runner.active, timeout=20_000)
    idle = geometries(panel)
    release = threading.Event()
    with qtbot.waitSignal(model.runner.activity_changed):
        model.runner.submit(
            "worst", lambda job: release.wait(30), "Searching the worst position",
            done=lambda token, result: None,
        )  # fmt: skip
    assert panel.busy_bar.isVisible()
    assert panel.cancel_button.isVisible()
    assert geometries(panel) == idle
    with qtbot.waitSignal(model.runner.activity_changed, timeout=30_000):
        release.set()
    assert not panel.busy_bar.isVisible()
    assert geometries(panel) == idle


def test_window_state_is_kept_between_runs(qtbot, windows, settings):
    first = windows()
    first.resize(700, 500)
    first.show()
    qtbot.waitExposed(first)
    first.chase.dock.hide()
    first.close()
    again = windows()
    again.show()
    qtbot.waitExposed(again)
    assert (again.width(), again.height()) == (700, 500)
    assert not again.chase.dock.isVisible()


def test_the_chase_panel_stays_still_while_busy(qtbot, windows):
    """The Chasing dock's busy bar and Cancel keep their room when hidden: showing them for a
    running plan moves neither the buttons nor the table."""
    w = windows(Document(rectangle(4, 4)))
    w.resize(1000, 760)
    w.show()
    panel = w.chase.panel
    w.chase.dock.raise_()
    qtbot.waitExposed(panel)

    def places() -> list[tuple[int, int, int, int]]:
        return [widget.geometry().getRect() for widget in (panel.summary, panel.tabs)]

    panel.set_busy(False)
    idle = places()
    panel.set_busy(True)
    assert panel.progress.isVisible()
    assert places() == idle
    panel.set_busy(False)
    assert places() == idle
