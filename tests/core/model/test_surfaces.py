"""Grids on surfaces (cylinder, torus, Möbius strip, Klein bottle, projective plane).

Two independent constructions judge lograph's vectorised gluing:

- a walker that takes an offset one unit step at a time (columns first, then rows) and, on
  every step off a side, applies that side's gluing by hand, turning round the direction of
  the later vertical steps after a mirrored crossing;
- for the Möbius strip and the Klein bottle, the quotient of a cylinder / torus twice as wide
  by the glide ``(r, c) ~ (M-1-r, c+N)`` (networkx's ``quotient_graph``), whose nullity must
  match the board's as computed by lograph's dense engine.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from lograph.core.errors import BoardError
from lograph.core.model.board import Board
from lograph.core.model.generators import (
    cylinder,
    grid_system,
    klein,
    mobius,
    projective,
    surface_grid,
    torus,
)
from lograph.core.model.stencils import STENCILS, is_symmetric, parse_stencil
from lograph.core.solve import analyze
from tests.references import graph_press_matrix, press_matrix, rank_mod_p, system_matrix

# side glued?  (right/left: wrap_cols, mirror rows) (bottom/top: wrap_rows, mirror cols)
GLUING = {
    "cylinder": (True, False, False, False),
    "torus": (True, False, True, False),
    "mobius": (True, True, False, False),
    "klein": (True, True, True, False),
    "projective": (True, True, True, True),
}


def walk(surface: str, rows: int, cols: int, cell: tuple[int, int], offset: tuple[int, int]):
    """Where offset leads from cell, one step at a time, or None when it leaves the board."""
    wrap_cols, mirror_rows, wrap_rows, mirror_cols = GLUING[surface]
    r, c = cell
    dr, dc = offset
    down = 1  # which way "down" is here: a mirrored crossing turns it round
    for _ in range(abs(dc)):
        c += 1 if dc > 0 else -1
        if c in (-1, cols):
            if not wrap_cols:
                return None
            c %= cols
            if mirror_rows:
                r, down = rows - 1 - r, -down
    for _ in range(abs(dr)):
        r += down if dr > 0 else -down
        if r in (-1, rows):
            if not wrap_rows:
                return None
            r %= rows
            if mirror_cols:
                c = cols - 1 - c
    return r, c


def walked_matrix(surface: str, rows: int, cols: int, stencil, self_acting: bool) -> np.ndarray:
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    index = {cell: i for i, cell in enumerate(cells)}
    a = np.zeros((len(cells), len(cells)), dtype=np.int64)
    for w, cell in enumerate(cells):
        for offset in stencil:
            target = walk(surface, rows, cols, cell, offset)
            if target is not None and target != cell:
                a[index[target], w] = 1
        a[w, w] = int(self_acting)
    if is_symmetric(stencil):  # the documented rule: a symmetric stencil joins both ways
        a = np.maximum(a, a.T)
    return a


STENCIL_CASES = ["plus", "x", "king", "knight", "plus2", "0,0 0,1 1,1", "0,0 -1,2 1,-2"]


@pytest.mark.parametrize("surface", list(GLUING))
@pytest.mark.parametrize("stencil_text", STENCIL_CASES)
@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (4, 5), (5, 4)])
def test_surfaces_match_the_step_by_step_walk(
    surface: str, stencil_text: str, rows: int, cols: int
) -> None:
    stencil = parse_stencil(stencil_text)
    expected = walked_matrix(surface, rows, cols, stencil, True)
    board = surface_grid(surface, rows, cols, stencil=stencil)
    assert np.array_equal(press_matrix(board), expected)
    system = grid_system(rows, cols, surface=surface, stencil=stencil)
    assert np.array_equal(system_matrix(system), expected)
    assert board.directed == (not is_symmetric(stencil))


@pytest.mark.parametrize("surface", list(GLUING))
def test_default_stencil_is_the_plus(surface: str) -> None:
    expected = walked_matrix(surface, 4, 6, STENCILS["plus"], False)
    board = surface_grid(surface, 4, 6, rule="open")
    assert np.array_equal(press_matrix(board), expected)
    assert board.name == f"{surface} 4x6"


def test_torus_and_cylinder_keep_their_classic_edges() -> None:
    grid = nx.grid_2d_graph(4, 5, periodic=True)  # networkx's torus
    mapping = {(r, c): f"r{r}c{c}" for r, c in grid}
    expected = nx.relabel_nodes(grid, mapping)
    assert nx.utils.graphs_equal(nx.Graph(torus(4, 5).graph.edges()), nx.Graph(expected.edges()))
    assert cylinder(3, 4, stencil=STENCILS["plus"]).graph.number_of_edges() == 3 * 4 + 2 * 4


def test_mobius_edge_by_hand() -> None:
    board = mobius(3, 4)  # r0c3 leaves right and comes in at the mirrored row r2c0
    assert board.neighbors("r0c3") == ["r0c2", "r1c3", "r2c0"]
    assert board.neighbors("r1c0") == ["r0c0", "r1c1", "r1c3", "r2c0"]


def test_projective_corners_meet_twice() -> None:
    board = projective(4, 5)
    assert board.neighbors("r3c4") == ["r0c0", "r2c4", "r3c3"]
    degrees = sorted(len(board.neighbors(v)) for v in board.buttons)
    assert degrees[:4] == [3, 3, 3, 3]
    assert degrees[4:] == [4] * 16


def glide_quotient(rows: int, cols: int, wrap_rows: bool) -> Board:
    """The Möbius strip (or Klein bottle) as cylinder (torus) of width 2N mod the glide."""
    wide = nx.grid_2d_graph(rows, 2 * cols, periodic=(wrap_rows, True))
    glide = {(r, c): (rows - 1 - r, (c + cols) % (2 * cols)) for r, c in wide}
    blocks = [frozenset({v, glide[v]}) for v in wide if v[1] < cols]
    quotient = nx.quotient_graph(wide, blocks, relabel=False)
    name = {}
    board = Board()
    for block in blocks:
        (r, c) = next(v for v in block if v[1] < cols)
        name[block] = f"r{r}c{c}"
        board.add_button(name[block], pos=(c, r))
    for a, b in quotient.edges():
        board.add_edge(name[a], name[b])
    return board


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (3, 5), (4, 4), (5, 6), (6, 7), (7, 5)])
@pytest.mark.parametrize("make", [mobius, klein])
def test_glide_quotient_has_the_same_edges_and_nullity(make, rows: int, cols: int) -> None:
    board = make(rows, cols)
    other = glide_quotient(rows, cols, wrap_rows=make is klein)
    assert sorted(map(sorted, board.graph.edges())) == sorted(map(sorted, other.graph.edges()))
    order = list(board.buttons)
    reference = graph_press_matrix(other.graph, order, dict.fromkeys(order, True))
    for p in (2, 3):
        board.states = p
        nullity = analyze(board, engine="dense").nullity
        assert nullity == len(order) - rank_mod_p(reference, p)


@pytest.mark.parametrize("surface", ["torus", "klein", "projective"])
def test_bad_sizes_are_refused(surface: str) -> None:
    with pytest.raises(BoardError, match="at least 3 rows and 3 columns"):
        surface_grid(surface, 2, 5)
    with pytest.raises(BoardError, match="unknown surface"):
        surface_grid("sphere", 4, 4)
    with pytest.raises(BoardError, match="at least 3 columns, not 2"):
        mobius(4, 2)
