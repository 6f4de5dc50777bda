"""The File menu's two lists: Open Sample (the boards shipped in the package) and Open
Recent (kept in the settings by the `FileController`). Each entry opens its board through the
controller, which asks Save/Discard/Cancel first when the board has unsaved changes.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from lograph.ui.io.filectl import FileController

__all__ = ["fill_recent", "fill_samples"]


def fill_samples(menu_parent: QWidget, files: FileController) -> list[QAction]:
    """One action per sample board (`sample_names`), opening it as an untitled board."""
    from lograph.core.files.samples import sample_names

    actions = []
    for name in sample_names():
        act = QAction(name, menu_parent)
        act.setObjectName(f"sample_{name}")
        act.setStatusTip(f"Open the sample board {name} (untitled: saving asks where)")
        act.triggered.connect(lambda _=False, n=name: files.open_sample(n))
        actions.append(act)
    return actions


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
