"""Stencils (click rules): parsing, presets, and the boards they make against hand-built ones.

The reference adjacency is written here with plain loops over cells and offsets (pressing
``(r, c)`` changes ``(r + dr, c + dc)`` when that cell is on the board and not a hole), never
through lograph's vectorised edge builder.
"""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.model.generators import diamond, diamond_mask, grid_system, rectangle
from lograph.core.model.stencils import (
    MAX_REACH,
    STENCILS,
    is_symmetric,
    make_stencil,
    parse_stencil,
    stencil_text,
)
from tests.references import press_matrix, rank_mod_p, system_matrix


def hand_matrix(mask: np.ndarray, offsets: list[tuple[int, int]], self_acting: bool) -> np.ndarray:
    """A[u, w] = 1 when pressing cell w changes cell u, by loops over cells and offsets."""
    cells = [(r, c) for r in range(mask.shape[0]) for c in range(mask.shape[1]) if mask[r, c]]
    index = {cell: i for i, cell in enumerate(cells)}
    a = np.zeros((len(cells), len(cells)), dtype=np.int64)
    for w, (r, c) in enumerate(cells):
        for dr, dc in offsets:
            target = (r + dr, c + dc)
            if (dr, dc) != (0, 0) and target in index:
                a[index[target], w] = 1
        a[w, w] = int(self_acting)
    return a


def test_presets_hold_what_their_names_say() -> None:
    assert set(STENCILS["plus"]) == {(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)}
    assert set(STENCILS["x"]) == {(0, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)}
    assert set(STENCILS["king"]) == {(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1)}
    knight = {(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)}
    assert set(STENCILS["knight"]) == knight | {(0, 0)}
    assert set(STENCILS["plus2"]) == set(STENCILS["plus"]) | {(2, 0), (-2, 0), (0, 2), (0, -2)}
    assert len(STENCILS["rowcol"]) == 4 * MAX_REACH + 1
    assert all(is_symmetric(s) and (0, 0) in s for s in STENCILS.values())


@pytest.mark.parametrize("name", list(STENCILS))
def test_presets_parse_by_name_and_round_trip_as_text(name: str) -> None:
    assert parse_stencil(f"  {name.upper()} ") == STENCILS[name]
    assert stencil_text(STENCILS[name]) == name
    custom = ((-1, 0), (0, 0), (0, 2), (1, 0))
    assert parse_stencil(stencil_text(custom)) == custom


def test_parse_offsets_in_any_spacing() -> None:
    expected = ((-1, 0), (0, 0), (0, 2), (1, 0))
    assert parse_stencil("0,0 1,0 -1,0 0,2") == expected
    assert parse_stencil("0, 0; 1 ,0;-1,0\n+0,2 0,2") == expected


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("1,a", "'1,a' is not two integers"),
        ("1", "'1' is not two integers"),
        ("1,2,3", "not two integers"),
        ("1.5,0", "not two integers"),
        ("kinght", "or a preset"),
        (f"0,{MAX_REACH + 1}", "reaches beyond"),
        ("0," + "9" * 40, "not two integers"),
    ],
)
def test_bad_stencils_are_one_clear_line(text: str, words: str) -> None:
    with pytest.raises(BoardError, match="stencil") as err:
        parse_stencil(text)
    assert words in str(err.value)
    assert "\n" not in str(err.value)


def test_make_stencil_refuses_non_integers_and_too_many_offsets() -> None:
    with pytest.raises(BoardError, match="not two integers"):
        make_stencil([(0, True)])
    with pytest.raises(BoardError, match="at most"):
        make_stencil((r, c) for r in range(100) for c in range(100))


@pytest.mark.parametrize("name", ["plus", "x", "king", "knight", "plus2", "rowcol"])
@pytest.mark.parametrize("rule", ["closed", "open"])
def test_every_preset_matches_the_hand_built_board(name: str, rule: str) -> None:
    holes = [(1, 1), (3, 2)]
    mask = np.ones((5, 6), dtype=bool)
    for cell in holes:
        mask[cell] = False
    expected = hand_matrix(mask, list(STENCILS[name]), rule == "closed")
    board = rectangle(5, 6, holes=holes, stencil=STENCILS[name], rule=rule)
    assert np.array_equal(press_matrix(board), expected)
    system = grid_system(5, 6, mask=mask, stencil=STENCILS[name], rule=rule)
    assert np.array_equal(system_matrix(system), expected)
    assert board.rule == system.rule == rule
    assert not board.directed


def test_the_centre_decides_the_self_action_and_open_removes_it() -> None:
    no_centre = ((0, 1), (0, -1))
    board = rectangle(2, 3, stencil=no_centre)
    assert board.rule == "open"
    assert board.targets("r0c1") == ["r0c0", "r0c2"]
    assert rectangle(2, 3, stencil=STENCILS["plus"], rule="open").targets("r0c0") == [
        "r0c1",
        "r1c0",
    ]


def test_an_asymmetric_stencil_makes_a_directed_board() -> None:
    stencil = parse_stencil("0,0 1,0 -1,0 0,2")
    board = rectangle(4, 4, stencil=stencil)
    assert board.directed
    assert board.targets("r1c1") == ["r0c1", "r1c1", "r1c3", "r2c1"]
    assert board.targets("r1c3") == ["r0c3", "r1c3", "r2c3"]  # nothing two to the right
    mask = np.ones((4, 4), dtype=bool)
    assert np.array_equal(press_matrix(board), hand_matrix(mask, list(stencil), True))
    system = grid_system(4, 4, stencil=stencil)
    assert not system.symmetric
    assert np.array_equal(system_matrix(system), press_matrix(board))


def test_classic_plus_stencil_gives_the_classic_board() -> None:
    classic = rectangle(5, 5)
    plus = rectangle(5, 5, stencil=STENCILS["plus"])
    assert np.array_equal(press_matrix(plus), press_matrix(classic))
    assert rank_mod_p(press_matrix(plus), 2) == 23  # the 1995 game: nullity 2


def test_diamond_takes_a_stencil() -> None:
    board = diamond(2, stencil=STENCILS["king"])
    assert np.array_equal(
        press_matrix(board), hand_matrix(diamond_mask(2), list(STENCILS["king"]), True)
    )
    assert board.name == "diamond 2 king"


def test_a_million_cell_stencil_grid_is_built_without_networkx() -> None:
    system = grid_system(1000, 1000, stencil=STENCILS["knight"])
    assert system.n == 10**6
    assert system.symmetric
    # every interior cell: itself and 8 knight moves; corners reach 2 cells
    assert int(np.diff(system.indptr).max()) == 9
    assert system.column(0).tolist() == [0, 1002, 2001]


def test_rowcol_too_big_for_a_press_matrix_is_refused_before_building() -> None:
    with pytest.raises(BoardTooLargeError, match="stencil"):
        grid_system(1000, 1000, stencil=STENCILS["rowcol"])
    with pytest.raises(BoardTooLargeError):
        rectangle(400, 400, stencil=STENCILS["rowcol"])


def test_rowcol_counts_only_the_offsets_that_fit_the_board() -> None:
    board = rectangle(30, 30, stencil=STENCILS["rowcol"])
    assert len(board.neighbors("r4c7")) == 29 + 29


@pytest.mark.parametrize("n", range(2, 10))
def test_king_board_is_the_kronecker_square_of_the_closed_path(n: int) -> None:
    # pressing a cell flips its 3×3 block: A = T ⊗ T with T the closed path's matrix, so
    # rank(A) = rank(T)² over GF(2) (an independent formula for the king stencil).
    t = np.eye(n, dtype=np.int64) + np.eye(n, k=1, dtype=np.int64) + np.eye(n, k=-1, dtype=np.int64)
    board = rectangle(n, n, stencil=STENCILS["king"])
    assert np.array_equal(press_matrix(board), np.kron(t, t))
    assert rank_mod_p(press_matrix(board), 2) == rank_mod_p(t, 2) ** 2
