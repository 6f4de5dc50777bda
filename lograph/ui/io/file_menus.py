"""The File menu's two lists: Open Sample (the boards shipped in the package) and Open
Recent (kept in the settings by the `FileController`). Each entry opens its board through the
controller, which asks Save/Discard/Cancel first when the board has unsaved changes.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from lograph.ui.io.filectl import FileController

__all__ = ["fill_recent", "fill_samples"]


def fill_samples(menu_parent: QWidget, files: FileController) -> list[QAction]:
    """One action per sample board, opening it as an untitled board; the classic games come
    last, in a "Classic games" submenu titled by each game's name."""
    from lograph.core.files.samples import classic_names, sample_names, sample_title

    classic = classic_names()
    actions = [
        _sample_action(name, name, "", menu_parent, files)
        for name in sample_names()
        if name not in classic
    ]
    games = QMenu("&Classic games", menu_parent)
    games.setObjectName("classic_games_menu")
    games.setToolTipsVisible(True)
    for name in classic:
        title, description = sample_title(name)
        games.addAction(_sample_action(name, title, description, games, files))
    actions.append(games.menuAction())
    return actions


def _sample_action(
    name: str, title: str, description: str, parent: QWidget, files: FileController
) -> QAction:
    act = QAction(title, parent)
    act.setObjectName(f"sample_{name}")
    act.setStatusTip(f"Open the sample board {name} (untitled: saving asks where)")
    if description:
        act.setToolTip(description)
    act.triggered.connect(lambda _=False, n=name: files.open_sample(n))
    return act


def fill_recent(parent: QWidget, files: FileController, paths: list[str]) -> list[QAction]:
    """One action per recent file, numbered, with Alt+number shortcuts."""
    actions = []
    for i, path in enumerate(paths):
        act = QAction(f"&{i + 1} {Path(path).name}", parent)
        act.setObjectName(f"recent_{i + 1}")
        act.setShortcut(QKeySequence(f"Alt+{i + 1}"))
        act.setStatusTip(path)
        act.triggered.connect(lambda _=False, p=path: files.open_path(p))
        actions.append(act)
    return actions
