"""Small widget helpers shared by the window and the dialogs."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QObject

__all__ = ["named"]

W = TypeVar("W", bound=QObject)


def named(obj: W, name: str) -> W:
    """Give `obj` an objectName (tests and style sheets find widgets by it) and return it."""
    obj.setObjectName(name)
    return obj
