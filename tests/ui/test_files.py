"""Files through the window: save/load round trip, the unsaved-changes prompt, broken files,
recent files, title, drag and drop, settings."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from lograph.core.model.board import Board
from lograph.core.model.generators import named, rectangle
from lograph.ui.main_window import MainWindow
from tests.ui.helpers import button_point, click, load, snapshot

Btn = QMessageBox.StandardButton
NO_MOD = Qt.KeyboardModifier.NoModifier


def rich_board() -> Board:
    """A board using every feature a file must keep."""
    board = Board(directed=True, rule="open", states=3, name="rich")
    for i, b in enumerate(["a", "b", "c", "d"]):
        board.add_button(b, (float(i), float(i % 2) * 1.5), light=i % 3)
    board.add_edge("a", "b")
    board.add_edge("b", "a")
    board.add_edge("c", "d")
    board.set_self_action("c", True)
    return board


def answer(monkeypatch, reply: QMessageBox.StandardButton) -> list[str]:
    asked: list[str] = []

    def warning(parent, title, text, *args, **kwargs):
        asked.append(text)
        return reply

    monkeypatch.setattr(QMessageBox, "warning", warning)
    return asked


def choose_file(monkeypatch, path) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))


@pytest.mark.parametrize("suffix", [".json", ".graphml"])
def test_save_and_open_round_trip(window, tmp_path, monkeypatch, suffix):
    load(window, rich_board())
    original = snapshot(window.document.board)
    path = tmp_path / f"board{suffix}"
    choose_file(monkeypatch, path)
    assert window.action("save").trigger() is None
    assert path.exists()
    assert window.document.path == path.resolve()
    load(window, Board())
    window.action("open").trigger()
    assert snapshot(window.document.board) == original
    assert window.document.path == path.resolve()


def test_title_shows_file_name_and_modified_mark(window, tmp_path, monkeypatch):
    load(window, rectangle(2, 2))
    path = tmp_path / "grid.txt"
    choose_file(monkeypatch, path)
    window.action("save").trigger()
    assert window.windowTitle().startswith("grid.txt")
    assert not window.isWindowModified()
    window.action("lights_on").trigger()  # an edit (a press in play mode would not be one)
    assert window.isWindowModified()
    window.action("undo").trigger()
    assert not window.isWindowModified()  # back at the saved state


def test_save_in_a_format_that_cannot_hold_the_board_explains(
    window, tmp_path, monkeypatch, no_dialogs
):
    load(window, named("petersen"))
    window.scene.set_selection(["0"])
    window.action("delete").trigger()
    path = tmp_path / "p.txt"
    choose_file(monkeypatch, path)
    window.action("save_as").trigger()
    assert not path.exists()
    assert window.isWindowModified()
    ((kind, text),) = no_dialogs
    assert kind == "critical"
    assert ".json" in text  # the core's message suggests the format that keeps everything


def test_broken_file_leaves_the_board_untouched(window, tmp_path, no_dialogs):
    load(window, rectangle(3, 3))
    window.action("mode_play").trigger()
    click(window, button_point(window, "r1c1"))
    before = snapshot(window.document.board)
    steps = window.document.undo_stack.count()
    bad = tmp_path / "broken.json"
    bad.write_text('{"nodes": [oops', encoding="utf-8")
    assert not window.files.open_path(bad, ask=False)
    assert snapshot(window.document.board) == before
    assert window.document.undo_stack.count() == steps
    assert window.document.path is None
    ((kind, text),) = no_dialogs
    assert kind == "critical"
    assert "broken.json" in text
    assert "Traceback" not in text


def test_missing_file_is_reported_not_raised(window, tmp_path, no_dialogs):
    assert not window.files.open_path(tmp_path / "nowhere.json", ask=False)
    assert no_dialogs[0][0] == "critical"
    assert "nowhere.json" in no_dialogs[0][1]


def modify(window) -> None:
    window.action("mode_lights").trigger()
    click(window, button_point(window, "r0c0"))
    assert window.document.is_modified


@pytest.fixture
def other_file(tmp_path):
    from lograph.core.files import write_board

    path = tmp_path / "other.json"
    write_board(named("petersen"), path)
    return path


def test_open_with_unsaved_changes_cancel_keeps_everything(window, monkeypatch, other_file):
    load(window, rectangle(2, 2))
    modify(window)
    before = snapshot(window.document.board)
    asked = answer(monkeypatch, Btn.Cancel)
    assert not window.files.open_path(other_file)
    assert len(asked) == 1
    assert snapshot(window.document.board) == before
    assert window.document.is_modified


def test_open_with_unsaved_changes_discard_opens(window, monkeypatch, other_file):
    load(window, rectangle(2, 2))
    modify(window)
    answer(monkeypatch, Btn.Discard)
    assert window.files.open_path(other_file)
    assert len(window.document.board) == 10
    assert not window.document.is_modified


def test_open_with_unsaved_changes_save_saves_first(window, monkeypatch, tmp_path, other_file):
    load(window, rectangle(2, 2))
    modify(window)
    saved = tmp_path / "mine.json"
    choose_file(monkeypatch, saved)
    answer(monkeypatch, Btn.Save)
    assert window.files.open_path(other_file)
    from lograph.core.files import read_board

    assert read_board(saved).light("r0c0") == 1
    assert len(window.document.board) == 10


def test_no_prompt_without_changes(window, monkeypatch, other_file):
    load(window, rectangle(2, 2))
    asked = answer(monkeypatch, Btn.Cancel)
    assert window.files.open_path(other_file)
    assert asked == []


def test_close_with_unsaved_changes_asks(window, monkeypatch):
    load(window, rectangle(2, 2))
    modify(window)
    asked = answer(monkeypatch, Btn.Cancel)
    window.close()
    assert window.isVisible()
    assert len(asked) == 1
    answer(monkeypatch, Btn.Discard)
    window.close()
    assert not window.isVisible()


def test_recent_files_and_last_directory_persist(window, settings, tmp_path, qtbot):
    from lograph.core.files import write_board

    paths = []
    for i in range(3):
        path = tmp_path / f"b{i}.json"
        write_board(rectangle(1, i + 1), path)
        window.files.open_path(path)
        paths.append(str(path.resolve()))
    assert window.files.recent_files() == paths[::-1]
    assert window.action("recent_1").statusTip() == paths[2]
    window.action("recent_3").trigger()  # b0 again
    assert len(window.document.board) == 1
    assert window.files.recent_files()[0] == paths[0]
    assert window.files.last_dir() == str(tmp_path.resolve())
    window.close()
    again = MainWindow(settings=settings)
    qtbot.addWidget(again)
    assert again.files.recent_files()[0] == paths[0]
    assert settings.value("geometry") is not None


def test_dropping_a_file_opens_it(window, other_file):
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(other_file))])
    args = (Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, NO_MOD)
    enter = QDragEnterEvent(QPoint(100, 100), *args)
    QApplication.sendEvent(window, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(window, QDropEvent(QPointF(100, 100), *args))
    assert len(window.document.board) == 10
    assert window.document.path == other_file.resolve()


# ---------------------------------------------------------------------- File ▸ Open Sample
def sample_action(window, name: str):
    from PySide6.QtGui import QAction

    return next(
        a for a in window.sample_menu.findChildren(QAction) if a.objectName() == f"sample_{name}"
    )


def test_open_sample_lists_every_packaged_sample(window):
    from lograph.core.files.samples import classic_names, sample_names

    top = [n for n in sample_names() if n not in classic_names()]
    texts = [a.text() for a in window.sample_menu.actions()]
    assert texts == [*top, "&Classic games"]
    games = window.sample_menu.actions()[-1].menu()
    assert [a.objectName() for a in games.actions()] == [f"sample_{n}" for n in classic_names()]
    assert window.sample_menu.menuAction() in window.menus["file"].actions()


def test_open_sample_opens_it_untitled(window):
    from lograph.core.files.samples import read_sample

    sample_action(window, "petersen.json").trigger()
    assert snapshot(window.document.board) == snapshot(read_sample("petersen.json"))
    assert window.document.path is None  # saving asks where: the package is not written
    assert not window.document.is_modified
    assert window.windowTitle().startswith(window.document.display_name)


def test_open_sample_with_unsaved_changes_asks_first(window, monkeypatch):
    from lograph.core.files.samples import read_sample

    load(window, rectangle(2, 2))
    modify(window)
    before = snapshot(window.document.board)
    asked = answer(monkeypatch, Btn.Cancel)
    sample_action(window, "classic-5x5.txt").trigger()
    assert len(asked) == 1
    assert snapshot(window.document.board) == before  # Cancel: nothing changed
    asked = answer(monkeypatch, Btn.Discard)
    sample_action(window, "classic-5x5.txt").trigger()
    assert len(asked) == 1
    assert snapshot(window.document.board) == snapshot(read_sample("classic-5x5.txt"))


# ---------------------------------------------------------------------- odd paths (sweep)
def drop_url(window, url: QUrl) -> None:
    """Drag `url` over the window and drop it, as a file manager does."""
    mime = QMimeData()
    mime.setUrls([url])
    args = (Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, NO_MOD)
    QApplication.sendEvent(window, QDragEnterEvent(QPoint(100, 100), *args))
    QApplication.sendEvent(window, QDropEvent(QPointF(100, 100), *args))


def test_a_dropped_url_with_a_nul_byte_is_explained(window, tmp_path, no_dialogs, other_file):
    # QUrl.toLocalFile turns %00 into a NUL byte, which every system call refuses with a
    # bare ValueError; it used to reach the crash box
    load(window, rectangle(2, 2))
    drop_url(window, QUrl(QUrl.fromLocalFile(str(other_file)).toString() + "%00.json"))
    assert len(window.document.board) == 4  # untouched
    ((kind, text),) = no_dialogs
    assert kind == "critical"
    assert "NUL byte" in text


def test_save_as_a_nul_byte_name_is_explained(window, tmp_path, monkeypatch, no_dialogs):
    load(window, rectangle(2, 2))
    choose_file(monkeypatch, f"{tmp_path}/a\x00b.json")
    window.action("save_as").trigger()
    ((kind, text),) = no_dialogs
    assert kind == "critical"
    assert "NUL byte" in text
    assert list(tmp_path.iterdir()) == []


def test_save_as_onto_a_folder_is_refused_not_renamed(window, tmp_path, monkeypatch, no_dialogs):
    # a name without a suffix gets .json, but a folder's name is not a file name to extend
    (tmp_path / "afolder").mkdir()
    load(window, rectangle(2, 2))
    choose_file(monkeypatch, tmp_path / "afolder")
    window.action("save_as").trigger()
    ((kind, text),) = no_dialogs
    assert kind == "critical"
    assert "is a folder" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afolder"]
    assert list((tmp_path / "afolder").iterdir()) == []


def test_save_under_a_file_says_it_is_a_file(window, tmp_path, monkeypatch, no_dialogs):
    (tmp_path / "x.xyz").write_text("keep", encoding="utf-8")
    load(window, rectangle(2, 2))
    choose_file(monkeypatch, tmp_path / "x.xyz" / "y.json")
    window.action("save_as").trigger()
    ((kind, text),) = no_dialogs
    assert kind == "critical"
    assert "is a file, not a folder" in text
    assert (tmp_path / "x.xyz").read_text(encoding="utf-8") == "keep"


def test_an_opened_file_is_played_first_clicks_press(qtbot, window, tmp_path):
    # seen in a real window: a file opened in Edit mode, so a newcomer's first clicks selected
    from lograph.core.files import write_board
    from lograph.core.model.generators import rectangle
    from tests.ui.helpers import button_point, click

    path = tmp_path / "board.json"
    write_board(rectangle(3, 3), path)
    assert window.session.mode == "edit"
    assert window.files.open_path(path)
    assert window.session.mode == "play"
    window.view.resetTransform()
    window.view.centerOn(window.scene.board_rect().center())
    click(window, button_point(window, "r1c1"))
    assert window.document.moves == 1
    assert window.document.board.light("r1c1") == 1
    assert not window.scene.selected
    window.set_mode("edit")
    assert window.files.open_sample("classic-5x5.txt", ask=False)  # a sample too
    assert window.session.mode == "play"
