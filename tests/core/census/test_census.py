"""Census rows against independent answers: published n×n nullities (OEIS), ranks by plain
elimination of press matrices written from networkx graphs, and the worst position by brute
force over every press vector."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

from lograph.core.census.families import Case, parse_family
from lograph.core.census.rows import (
    COLUMNS,
    WORST_WORK_BITS,
    CensusSpec,
    columns_for,
    compute_row,
)
from lograph.core.engines.registry import get_solver
from lograph.core.errors import BoardError, BoardFormatError
from lograph.core.model.generators import diamond, rectangle
from lograph.core.model.stencils import STENCILS
from tests.references import (
    A075462,
    A159257,
    ReferenceSolver,
    bfs_fewest,
    brute_force_fewest,
    graph_press_matrix,
    max_min_worst,
    press_matrix,
    rank_gf2,
    rank_mod_p,
    zk_kernel,
)


def _rows(family: str, ranges: list[str], spec: CensusSpec) -> list[dict[str, object]]:
    columns = columns_for(family)
    cases = parse_family(family, ranges).cases()
    return [dict(zip(columns, compute_row(spec, case), strict=True)) for case in cases]


def _worst_by_brute_force(a: np.ndarray, p: int) -> int:
    fewest, _ = brute_force_fewest(a, p)
    return int(fewest.max())


def test_square_nullities_and_kernel_sizes_match_oeis() -> None:
    rows = _rows("rectangle", ["1-25", "1-25"], CensusSpec(worst=False))
    square = {str(row["name"]): row for row in rows}
    for n, expected in enumerate(A159257, 1):
        assert square[f"{n}x{n}"]["nullity"] == expected
    for n, expected in enumerate(A075462, 1):
        row = square[f"{n}x{n}"]
        assert row["kernel_size"] == expected
        assert row["solvable_fraction"] == 1 / expected
        assert row["rank"] == n * n - A159257[n - 1]


@pytest.mark.parametrize("states", [2, 3])
def test_rectangle_rows_match_plain_elimination(states: int) -> None:
    for row in _rows("rectangle", ["1-5", "1-6"], CensusSpec(states=states)):
        m, n = (int(s) for s in str(row["name"]).split("x"))
        a = press_matrix(rectangle(m, n))
        rank = rank_gf2(a) if states == 2 else rank_mod_p(a, states)
        assert (row["buttons"], row["rank"], row["nullity"]) == (m * n, rank, m * n - rank)
        assert row["edges"] == m * (n - 1) + n * (m - 1)
        assert row["kernel_size"] == states ** (m * n - rank)
        if m * n <= 12 or (states == 2 and m * n <= 16):
            assert row["worst"] == _worst_by_brute_force(a, states), row["name"]


@pytest.mark.parametrize("states", [4, 6])
def test_composite_rows_match_enumeration(states: int) -> None:
    """Over Z_k, k composite, rank and nullity are empty (as `analyze --json` gives null),
    the kernel's size is counted by enumeration and `worst` by a search over positions."""
    for row in _rows("rectangle", ["1-2", "1-3"], CensusSpec(states=states)):
        m, n = (int(s) for s in str(row["name"]).split("x"))
        a = press_matrix(rectangle(m, n))
        assert (row["rank"], row["nullity"]) == (None, None)
        assert row["kernel_size"] == len(zk_kernel(a, states))
        assert row["worst"] == max(bfs_fewest(a, states).values()), row["name"]


def test_diamond_and_stencil_rows() -> None:
    for row in _rows("diamond", ["0-3"], CensusSpec()):
        radius = int(str(row["name"]).split()[1])
        assert row["rank"] == rank_gf2(press_matrix(diamond(radius)))
    spec = CensusSpec(stencil=STENCILS["king"])
    for row in _rows("rectangle", ["2-4", "3"], spec):
        m, n = (int(s) for s in str(row["name"]).split("x"))
        board = rectangle(m, n, stencil=STENCILS["king"])
        assert row["rank"] == rank_gf2(press_matrix(board))
        assert row["worst"] == _worst_by_brute_force(press_matrix(board), 2)


def test_torus_and_cylinder_rows_match_networkx_graphs() -> None:
    for family, ranges in (("torus", ["3-5", "3-5"]), ("cylinder", ["1-4", "3-5"])):
        for row in _rows(family, ranges, CensusSpec(worst=False)):
            m, n = (int(s) for s in str(row["name"]).split()[1].split("x"))
            graph = nx.grid_2d_graph(m, n, periodic=(family == "torus", True))
            if family == "cylinder":
                graph = nx.cartesian_product(nx.path_graph(m), nx.cycle_graph(n))
            order = list(graph)
            a = graph_press_matrix(graph, order, dict.fromkeys(order, True))
            assert row["rank"] == rank_gf2(a), row["name"]
            assert row["edges"] == graph.number_of_edges()


def _every_small_graph() -> list[nx.Graph]:
    return [g for g in nx.graph_atlas_g() if g.number_of_nodes() <= 5]


def test_graph6_family_on_every_graph_up_to_five_vertices(tmp_path: Path) -> None:
    graphs = _every_small_graph()
    assert len(graphs) == 1 + 1 + 2 + 4 + 11 + 34  # non-isomorphic graphs on 0..5 vertices
    path = tmp_path / "small.g6"
    path.write_bytes(b">>graph6<<" + b"".join(nx.to_graph6_bytes(g, header=False) for g in graphs))
    for rule in ("closed", "open"):
        rows = _rows("graph6", [str(path)], CensusSpec(rule=rule))
        assert len(rows) == len(graphs)
        for row, graph in zip(rows, graphs, strict=True):
            order = sorted(graph)
            a = graph_press_matrix(graph, order, dict.fromkeys(order, rule == "closed"))
            rank = rank_gf2(a)
            assert row["name"] == nx.to_graph6_bytes(graph, header=False).strip().decode()
            assert (row["buttons"], row["edges"]) == (len(order), graph.number_of_edges())
            assert (row["rank"], row["nullity"]) == (rank, len(order) - rank)
            assert row["worst"] == _worst_by_brute_force(a, 2)


def test_graph6_lines_are_keyed_by_line_number_and_blank_lines_skipped(tmp_path: Path) -> None:
    path = tmp_path / "g.g6"
    path.write_bytes(b"Bg\n\nBw\r\n")
    cases = list(parse_family("graph6", [str(path)]).cases())
    assert [(c.key, c.name) for c in cases] == [("1", "Bg"), ("3", "Bw")]


def test_a_broken_graph6_line_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "g.g6"
    path.write_bytes(b"Bg\nB!\n")
    case = list(parse_family("graph6", [str(path)]).cases())[1]
    with pytest.raises(BoardFormatError, match=r"g\.g6 line 2: invalid graph6 data"):
        compute_row(CensusSpec(), case)


@pytest.mark.parametrize(
    ("family", "ranges", "message"),
    [
        ("hexagon", ["1-3"], "unknown family 'hexagon'"),
        ("rectangle", ["5-2", "1"], "is empty"),
        ("rectangle", ["1-3"], "takes 2 ranges"),
        ("rectangle", ["1-2000", "1"], "goes past 1000"),
        ("rectangle", ["1-1000", "1-1000"], "1000000 boards are too many"),
        ("rectangle", ["a-b", "1"], "is not a number"),
        ("torus", ["2-4", "3"], "starts below 3"),
        ("diamond", ["1-3", "2"], "takes 1 range"),
        ("graph6", ["no-such-file.g6"], "no such file"),
    ],
)
def test_bad_families_and_ranges_are_refused(family: str, ranges: list[str], message: str) -> None:
    with pytest.raises(BoardError, match=message):
        parse_family(family, ranges)


def test_worst_is_left_empty_beyond_the_work_limit() -> None:
    # 9×9 has nullity 8 and thousands of class-count choices: the integer program would
    # decide, so the cell stays empty rather than depending on a clock
    row = compute_row(CensusSpec(), Case("9x9", "9x9", "rectangle", (9, 9)))
    assert dict(zip(COLUMNS, row, strict=True))["worst"] is None
    assert dict(zip(COLUMNS, row, strict=True))["nullity"] == 8


@pytest.mark.parametrize("rule", ["closed", "open"])
def test_rectangle_nullities_match_the_closed_form(rule: str) -> None:
    """Every m×n board up to 20×20 against the gcd of Fibonacci polynomials (a different
    algorithm: no press matrix is built)."""
    from lograph.core.algebra.gridforms import grid_nullity

    for row in _rows("rectangle", ["1-20", "1-20"], CensusSpec(rule=rule, worst=False)):
        m, n = (int(s) for s in str(row["name"]).split("x"))
        assert row["nullity"] == grid_nullity(m, n, rule), row["name"]


@pytest.mark.parametrize("states", [3, 4, 5])
def test_worst_past_the_walk_by_the_class_program(states: int) -> None:
    # boards past the 2^20 walk (a 5×5 board over GF(3): 3^25 press vectors) get the class
    # integer program under a node limit, checked here against a second program in the
    # max-min form on the reference quiet patterns
    checked = 0
    for row in _rows("rectangle", ["3-5", "4-5"], CensusSpec(states=states)):
        m, n = (int(s) for s in str(row["name"]).split("x"))
        system = dataclasses.replace(rectangle(m, n).to_system(), states=states)
        if row["kernel_size"] == 1 or (m * n) * math.log2(states) <= WORST_WORK_BITS:
            continue
        solver = ReferenceSolver(system) if states != 4 else None
        analysis = solver.analysis if solver is not None else get_solver(system).analysis
        assert row["worst"] == max_min_worst(analysis), row["name"]
        checked += 1
    assert checked >= 2
