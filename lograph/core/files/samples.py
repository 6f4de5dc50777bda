"""The sample boards shipped inside the package (``lograph/samples``).

They are package data, read through `importlib.resources`, so a wheel install can open them
as well as a source checkout (where ``graphs/`` links to the same files). The classic games
gallery lives in the ``classic/`` subfolder; its samples are named ``classic/FILE``.
"""

from __future__ import annotations

import json
from importlib import resources
from importlib.resources.abc import Traversable

from lograph.core.errors import BoardFormatError
from lograph.core.model.board import Board

#: Extensions of the board formats the samples use.
SAMPLE_SUFFIXES = (".txt", ".json", ".graphml", ".g6")
#: Subfolder of the classic games gallery.
CLASSIC = "classic"


def _folder() -> Traversable:
    return resources.files("lograph").joinpath("samples")


def _boards(folder: Traversable, prefix: str = "") -> list[str]:
    return sorted(
        prefix + entry.name
        for entry in folder.iterdir()
        if entry.is_file() and entry.name.endswith(SAMPLE_SUFFIXES)
    )


def sample_names() -> list[str]:
    """Names of the shipped sample boards: the top-level files sorted, then the classic games.

    >>> "classic-5x5.txt" in sample_names(), "classic/orbix.json" in sample_names()
    (True, True)
    """
    return _boards(_folder()) + classic_names()


def classic_names() -> list[str]:
    """Names (``classic/FILE``) of the classic games gallery, sorted."""
    return _boards(_folder().joinpath(CLASSIC), f"{CLASSIC}/")


def sample_file(name: str) -> Traversable:
    """The packaged file of sample ``name``; `BoardFormatError` names the samples if unknown."""
    if name not in sample_names():
        known = ", ".join(sample_names())
        raise BoardFormatError(f"{name}: no such sample board (samples: {known})")
    return _folder().joinpath(*name.split("/"))


def sample_title(name: str) -> tuple[str, str]:
    """``(name, description)`` a native JSON sample gives itself, else ``(name, "")``.

    >>> sample_title("classic/orbix.json")[0]
    'Orbix (game 1)'
    """
    if not name.endswith(".json"):
        return name, ""
    try:
        doc = json.loads(sample_file(name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return name, ""
    title, description = doc.get("name"), doc.get("description", "")
    title = title if isinstance(title, str) and title else name
    return title, description if isinstance(description, str) else ""


def read_sample(name: str) -> Board:
    """Read sample ``name`` (a name from `sample_names`) as a Board."""
    from lograph.core.files import read_board

    with resources.as_file(sample_file(name)) as path:
        return read_board(path)
