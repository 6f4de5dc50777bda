"""The bitset lit-only count (up to 30 buttons): against a plain forward search from every
position, against the earlier queue count on boards of 20–24 buttons, and its refusals."""

from __future__ import annotations

import networkx as nx
import pytest

from lograph.core.errors import BoardTooLargeError, InterruptedComputation
from lograph.core.model.generators import from_networkx, rectangle
from lograph.core.optimize.lit_only import (
    LIT_ONLY_LIMIT,
    count_memory,
    lit_only_count_by_queue,
    lit_only_solvable_count,
)
from lograph.core.work import Work
from tests.references import lit_only_changes, lit_only_clearable

#: Small graphs (at most 9 buttons: the reference builds the graph of all positions);
#: the 7- to 9-button ones put lights in the high bits of a 64-bit word and past it.
SMALL = {
    "path1": lambda: nx.path_graph(1),
    "path5": lambda: nx.path_graph(5),
    "cycle6": lambda: nx.cycle_graph(6),
    "star7": lambda: nx.star_graph(6),
    "grid2x4": lambda: nx.grid_2d_graph(2, 4),
    "grid3x3": lambda: nx.grid_2d_graph(3, 3),
    "wheel8": lambda: nx.wheel_graph(8),
    "gnp9": lambda: nx.gnp_random_graph(9, 0.3, seed=4),
    "directed": lambda: nx.DiGraph([(0, 1), (1, 2), (2, 0), (2, 3), (3, 1), (3, 4), (4, 0)]),
}


@pytest.mark.parametrize("rule", ["closed", "open"])
@pytest.mark.parametrize("name", sorted(SMALL))
def test_count_matches_forward_search(name: str, rule: str) -> None:
    graph = SMALL[name]()
    board = from_networkx(graph, layout="circular", rule=rule)
    assert lit_only_solvable_count(board) == len(lit_only_clearable(lit_only_changes(graph, rule)))


@pytest.mark.parametrize(
    "board",
    [
        pytest.param(lambda: rectangle(4, 5), id="4x5"),
        pytest.param(lambda: rectangle(2, 11, rule="open"), id="2x11-open"),
        pytest.param(
            lambda: from_networkx(nx.gnp_random_graph(22, 0.2, seed=7), layout="circular"),
            id="gnp22",
        ),
        pytest.param(
            lambda: from_networkx(nx.random_regular_graph(3, 24, seed=2), layout="circular"),
            id="cubic24",
        ),
    ],
)
def test_count_matches_queue_search(board) -> None:  # type: ignore[no-untyped-def]
    made = board()
    assert lit_only_solvable_count(made) == lit_only_count_by_queue(made)


def test_memory_refusal_names_both_figures() -> None:
    board = rectangle(4, 5)
    needed = count_memory(20)
    with pytest.raises(BoardTooLargeError, match=r"20 buttons needs about \d+ MB.*more than"):
        lit_only_solvable_count(board, memory_limit=needed - 1)
    assert lit_only_solvable_count(board, memory_limit=needed) == lit_only_count_by_queue(board)
    assert count_memory(30) - count_memory(29) == 2**26  # one bit per position


def test_button_limit() -> None:
    with pytest.raises(BoardTooLargeError, match=f"{LIT_ONLY_LIMIT} buttons; this board has 31"):
        lit_only_solvable_count(rectangle(1, 31))


def test_cancel_is_polled_after_every_button() -> None:
    calls = []

    def cancel() -> bool:
        calls.append(1)
        return len(calls) == 3

    with pytest.raises(InterruptedComputation, match="lit-only count cancelled"):
        lit_only_solvable_count(rectangle(4, 5), work=Work(cancel=cancel))
    assert len(calls) == 3  # stopped at the third poll, within the first pass of 20 buttons
