"""The sample boards shipped inside the package (``lograph/samples``).

They are package data, read through `importlib.resources`, so a wheel install can open them
as well as a source checkout (where ``graphs/`` links to the same files).
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable

from lograph.core.errors import BoardFormatError
from lograph.core.model.board import Board

#: Extensions of the board formats the samples use.
SAMPLE_SUFFIXES = (".txt", ".json", ".graphml", ".g6")


def _folder() -> Traversable:
    return resources.files("lograph").joinpath("samples")


def sample_names() -> list[str]:
    """File names of the shipped sample boards, sorted.

    >>> "classic-5x5.txt" in sample_names()
    True
    """
    return sorted(
        entry.name
        for entry in _folder().iterdir()
        if entry.is_file() and entry.name.endswith(SAMPLE_SUFFIXES)
    )


def sample_file(name: str) -> Traversable:
    """The packaged file of sample ``name``; `BoardFormatError` names the samples if unknown."""
    if name not in sample_names():
        known = ", ".join(sample_names())
        raise BoardFormatError(f"{name}: no such sample board (samples: {known})")
    return _folder().joinpath(name)


def read_sample(name: str) -> Board:
    """Read sample ``name`` (a file name from `sample_names`) as a Board."""
    from lograph.core.files import read_board

    with resources.as_file(sample_file(name)) as path:
        return read_board(path)
