"""The tutorial notebook (docs/tutorial.ipynb) runs in a real Jupyter kernel, as the
documentation site runs it, and shows what its text says.

Its cells are found by their ids. Each figure it prints is checked against an answer this
test computes on its own from the networkx graph — plain elimination (`tests.references`),
brute force over every press vector, the covering radius of the quiet patterns — never by
asking lograph; each picture must be there as SVG (a board) or as HTML holding SVG (an
answer), with one drawn button per vertex.
"""

from __future__ import annotations

import ast
import itertools
from collections import Counter
from pathlib import Path
from typing import Any

import nbformat
import networkx as nx
import numpy as np
import pytest
from nbclient import NotebookClient

from tests.references import null_space_mod_p, rank_mod_p

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "docs" / "tutorial.ipynb"

Cell = Any  # an executed nbformat code cell


@pytest.fixture(scope="module")
def cells() -> dict[str, Cell]:
    """The tutorial's code cells by id, after a Jupyter kernel ran them all in docs/."""
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=600,  # a hang guard per cell, never a measure of speed
        kernel_name=notebook.metadata.kernelspec.name,
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    )
    client.execute()  # raises CellExecutionError on the first failing cell
    return {cell.id: cell for cell in notebook.cells if cell.cell_type == "code"}


# ------------------------------------------------------------------ reading the outputs


def shown(cell: Cell) -> Any:
    """The value a cell's last expression showed (its text/plain form, read back)."""
    (result,) = [out for out in cell.outputs if out.output_type == "execute_result"]
    return ast.literal_eval(result.data["text/plain"])


def pictures(cell: Cell) -> list[str]:
    """Every SVG picture a cell showed: an image/svg+xml output, or the <svg> elements of
    its text/html output."""
    found: list[str] = []
    for out in cell.outputs:
        data = out.get("data", {})
        if "image/svg+xml" in data:
            found.append(data["image/svg+xml"])
        elif "text/html" in data:
            html = data["text/html"]
            found.extend("<svg" + part.split("</svg>")[0] for part in html.split("<svg")[1:])
    return found


def drawn_buttons(svg: str) -> int:
    return svg.count("data-button=")


# ------------------------------------------------------------- the independent answers


def closed_press_matrix(graph: nx.Graph) -> np.ndarray:
    """A + I over GF(2), rows and columns in the graph's node order."""
    adjacency = nx.to_numpy_array(graph, dtype=np.int64)
    return (adjacency + np.eye(len(graph), dtype=np.int64)) % 2


def scrambled_petersen() -> tuple[np.ndarray, np.ndarray]:
    """The tutorial's position: the Petersen graph after pressing buttons 0, 7 and 3."""
    a = closed_press_matrix(nx.petersen_graph())
    return a, a[:, [0, 7, 3]].sum(axis=1) % 2


def every_solution(a: np.ndarray, lights: np.ndarray) -> list[np.ndarray]:
    """Every press vector turning `lights` off, by trying all 2^n."""
    n = a.shape[1]
    xs = np.array(list(itertools.product([0, 1], repeat=n)), dtype=np.int64)
    return list(xs[np.all((xs @ a.T + lights) % 2 == 0, axis=1)])


def covering_radius(a: np.ndarray) -> int:
    """The most presses any solvable position needs (GF(2)): max over press vectors x of
    the fewest presses among x + span(quiet). Buttons with the same column in the quiet
    basis are alike, so it is enough to choose how many of each such class x presses."""
    quiet = null_space_mod_p(a, 2)
    classes = Counter(tuple(int(v) for v in column) for column in quiet.T)
    patterns, sizes = list(classes), list(classes.values())
    combos = list(itertools.product([0, 1], repeat=len(quiet)))
    worst = 0
    for pressed in itertools.product(*(range(size + 1) for size in sizes)):
        fewest = min(
            sum(
                size - chosen if np.dot(combo, pattern) % 2 else chosen
                for pattern, size, chosen in zip(patterns, sizes, pressed, strict=True)
            )
            for combo in combos
        )
        worst = max(worst, fewest)
    return worst


def test_the_independent_answers_hold_on_known_boards() -> None:
    # the classic 5×5: rank 23 and God's number 15 (the published values); 3×3: rank 9,
    # so no quiet pattern and every position needs at most 9 presses
    classic = closed_press_matrix(nx.grid_2d_graph(5, 5))
    assert rank_mod_p(classic, 2) == 23
    assert covering_radius(classic) == 15
    assert covering_radius(closed_press_matrix(nx.grid_2d_graph(3, 3))) == 9
    # one button pressed on a path of three: the only way back is that button
    a = closed_press_matrix(nx.path_graph(3))
    (only,) = every_solution(a, a[:, 0])
    assert only.tolist() == [1, 0, 0]


# ------------------------------------------------------------------------- the tutorial


def test_a_networkx_graph_becomes_a_drawn_board(cells: dict[str, Cell]) -> None:
    (svg,) = pictures(cells["petersen"])
    assert drawn_buttons(svg) == nx.petersen_graph().number_of_nodes() == 10
    assert "image/svg+xml" in cells["petersen"].outputs[0].data


def test_analyze_shows_rank_and_nullity(cells: dict[str, Cell]) -> None:
    a = closed_press_matrix(nx.petersen_graph())
    rank = rank_mod_p(a, 2)
    assert shown(cells["analyze-figures"]) == (rank, 10 - rank) == (5, 5)
    # the analysis draws each quiet pattern of its basis
    drawings = pictures(cells["analyze"])
    assert len(drawings) == 10 - rank
    assert all(drawn_buttons(svg) == 10 for svg in drawings)


def test_solve_finds_presses_that_clear_the_scrambled_board(cells: dict[str, Cell]) -> None:
    a, lights = scrambled_petersen()
    (svg,) = pictures(cells["scramble"])
    assert drawn_buttons(svg) == 10
    solvable, buttons, count = shown(cells["solve-figures"])
    presses = np.zeros(10, dtype=np.int64)
    presses[[int(b) for b in buttons]] = 1
    assert solvable
    assert not np.any((a @ presses + lights) % 2), "the shown presses leave lights on"
    assert count == len(every_solution(a, lights)) == 32
    (drawn,) = pictures(cells["solve"])
    assert drawn.count('class="ring"') == len(buttons)


def test_fewest_is_the_brute_force_optimum(cells: dict[str, Cell]) -> None:
    a, lights = scrambled_petersen()
    weights = [int(x.sum()) for x in every_solution(a, lights)]
    press_count, exact, optimal = shown(cells["fewest-figures"])
    assert press_count == min(weights)
    assert optimal == weights.count(min(weights))
    assert exact is True
    (drawn,) = pictures(cells["fewest"])
    assert drawn.count('class="ring"') == press_count


def test_the_quiet_patterns_of_the_torus_are_drawn(cells: dict[str, Cell]) -> None:
    torus = closed_press_matrix(nx.grid_2d_graph(5, 5, periodic=True))
    nullity = 25 - rank_mod_p(torus, 2)
    assert shown(cells["torus-figures"]) == nullity == 8
    drawings = pictures(cells["torus-quiet"])
    assert len(drawings) == nullity
    assert all(drawn_buttons(svg) == 25 for svg in drawings)


def test_worst_is_the_covering_radius(cells: dict[str, Cell]) -> None:
    classic = closed_press_matrix(nx.grid_2d_graph(5, 5))
    assert shown(cells["worst-figures"]) == (covering_radius(classic), True)
    (drawn,) = pictures(cells["worst"])
    assert drawn_buttons(drawn) == 25


def test_the_chase_plan_and_its_table(cells: dict[str, Cell]) -> None:
    classic = closed_press_matrix(nx.grid_2d_graph(5, 5))
    nullity = 25 - rank_mod_p(classic, 2)
    free, check, rows = shown(cells["chase-figures"])
    # the classic plan: the top row free, the bottom row's lights checked; the table has one
    # row per reachable pattern of the check lights, 2^(check lights - nullity)
    assert (free, check) == (5, 5)
    assert rows == 2 ** (check - nullity) == 8
    (drawn,) = pictures(cells["chase"])
    assert drawn_buttons(drawn) == 25
    assert drawn.count(">1F<") == 1
    assert drawn.count(">25<") == 1


def test_explain_shows_the_worksheet(cells: dict[str, Cell]) -> None:
    (out,) = [o for o in cells["explain"].outputs if o.output_type == "execute_result"]
    html = out.data["text/html"]
    for heading in ("Forward elimination", "Solvable?", "Quiet patterns"):
        assert heading in html
    assert "not solvable" not in html  # one button pressed: solvable, as the text says


def test_every_cell_ran_once_in_order(cells: dict[str, Cell]) -> None:
    counts = [cell.execution_count for cell in cells.values()]
    assert counts == list(range(1, len(counts) + 1))
    assert not [o for cell in cells.values() for o in cell.outputs if o.output_type == "error"]
