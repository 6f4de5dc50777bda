"""The library's generators take a click rule by the names the command line's --stencil
takes (a preset, or offsets as text), not only as a tuple of offsets."""

from __future__ import annotations

import itertools

import pytest

import lograph as lo
from lograph.core.errors import BoardError


def _king_targets(rows: int, cols: int, r: int, c: int) -> set[str]:
    return {
        f"r{r + dr}c{c + dc}"
        for dr, dc in itertools.product((-1, 0, 1), repeat=2)
        if 0 <= r + dr < rows and 0 <= c + dc < cols
    }


def test_a_preset_by_name() -> None:
    board = lo.rectangle(4, 5, stencil="King")
    for r, c in itertools.product(range(4), range(5)):
        assert set(board.targets(f"r{r}c{c}")) == _king_targets(4, 5, r, c)
    assert board.name == "4x5 king"


def test_offsets_as_text_on_a_surface() -> None:
    torus = lo.torus(5, 5, stencil="0,0 0,1")  # itself and the cell to its right, wrapping
    assert torus.directed
    assert set(torus.targets("r2c4")) == {"r2c4", "r2c0"}
    assert lo.diamond(2, stencil="0,0 1,0 -1,0").targets("r2c2") == ["r1c2", "r2c2", "r3c2"]


def test_an_unknown_name_is_one_line_naming_it() -> None:
    with pytest.raises(BoardError, match="'queen' is not two integers") as caught:
        lo.rectangle(3, 3, stencil="queen")
    assert "\n" not in str(caught.value)
