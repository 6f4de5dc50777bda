"""Button names for people: rows and columns on grids, numbers elsewhere."""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.model.generators import named, rectangle
from lograph.core.model.labels import ButtonNames, button_names
from lograph.core.model.system import CellNames


def test_grid_names_count_rows_and_columns_from_the_drawn_top_left() -> None:
    board = rectangle(3, 4)
    names = ButtonNames(board.buttons)
    assert names.grid
    for i, button in enumerate(board.buttons):
        x, y = board.position(button)  # drawn at (column, row)
        assert names[i] == f"row {round(y) + 1}, column {round(x) + 1}"


def test_a_grid_without_its_first_row_and_column_still_starts_at_row_one() -> None:
    names = ButtonNames(["r3c5", "r3c6", "r4c5"])
    assert button_names(["r3c5", "r3c6", "r4c5"]) == [
        "row 1, column 1",
        "row 1, column 2",
        "row 2, column 1",
    ]
    assert names.of("r4c5") == "row 2, column 1"


def test_lazy_cell_names_are_named_as_their_strings_are() -> None:
    coords = np.array([[2, 1], [0, 3], [5, 0]], dtype=np.int64)
    lazy = ButtonNames(CellNames(coords))
    plain = ButtonNames([f"r{r}c{c}" for r, c in coords.tolist()])
    assert [lazy[i] for i in range(3)] == [plain[i] for i in range(3)]


def test_other_boards_are_numbered_in_their_order_from_one() -> None:
    board = named("petersen")
    names = ButtonNames(board.buttons)
    assert not names.grid
    assert button_names(board.buttons) == [f"button {i}" for i in range(1, 11)]
    with pytest.raises(IndexError):
        names.number(10)


def test_one_stray_id_numbers_the_whole_board() -> None:
    names = ButtonNames(["r0c0", "r0c1", "b2"])
    assert names.listed([0, 2]) == "button 1; button 3"
