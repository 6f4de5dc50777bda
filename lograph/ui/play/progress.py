"""A player's progress through level packs, kept between sessions in QSettings.

A pack is known by a digest of its canonical text (`pack_text`), not by its path: moving or
renaming the file keeps the progress, and changing a level starts the pack afresh. Under
``packs/<digest>/`` the settings hold the pack's ``name`` and, per level number (from 1), the
fewest moves the player needed to solve it.

Examples
--------
>>> import tempfile
>>> from pathlib import Path
>>> from PySide6.QtCore import QSettings
>>> where = str(Path(tempfile.mkdtemp()) / "settings.ini")
>>> progress = PackProgress(QSettings(where, QSettings.Format.IniFormat), "abc", "demo")
>>> progress.record(0, 9), progress.record(0, 12), progress.best(0), progress.best(1)
(True, False, 9, None)
"""

from __future__ import annotations

import hashlib

from PySide6.QtCore import QSettings

from lograph.core.files.level_pack import LevelPack, pack_text

__all__ = ["PackProgress", "pack_key"]


def pack_key(pack: LevelPack) -> str:
    """A short digest of the pack's canonical text: its name in the settings."""
    return hashlib.sha256(pack_text(pack).encode("utf-8")).hexdigest()[:16]


class PackProgress:
    """Solved levels and best move counts of one pack (`key` from `pack_key`)."""

    def __init__(self, settings: QSettings, key: str, name: str) -> None:
        self.settings = settings
        self.group = f"packs/{key}"
        settings.setValue(f"{self.group}/name", name)

    def _key(self, level: int) -> str:
        return f"{self.group}/level{level + 1}"

    def best(self, level: int) -> int | None:
        """The fewest moves the player solved level `level` (from 0) in, or None."""
        value = self.settings.value(self._key(level))
        try:
            return int(str(value)) if value is not None else None
        except ValueError:  # a hand-edited settings file: treat the level as unsolved
            return None

    def solved(self, level: int) -> bool:
        return self.best(level) is not None

    def record(self, level: int, moves: int) -> bool:
        """Remember a solve in `moves` moves; True when it is the player's new best."""
        old = self.best(level)
        if old is not None and old <= moves:
            return False
        self.settings.setValue(self._key(level), moves)
        self.settings.sync()
        return True

    def clear(self) -> None:
        """Forget every level of this pack."""
        name = self.settings.value(f"{self.group}/name")
        self.settings.remove(self.group)
        self.settings.setValue(f"{self.group}/name", name)
