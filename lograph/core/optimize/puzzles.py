"""Puzzles of a chosen difficulty: positions whose fewest-presses count is exactly K.

A position is made by pressing K buttons of the cleared board at random (for k > 2 states,
prime or composite, K single presses spread over the buttons); the press vector ``x`` is
then one solution of its way back, so `fewest_presses` over ``x + ker A`` gives its exact
fewest presses and how many solutions reach it (over Z_k, k composite, by enumerating the
kernel module: `lograph.core.optimize.zk_minimal`). A position is kept when that count is
the K wanted (and the optimum is unique when asked), and when no level already kept is the
same position up to a symmetry of the board: each position is stored as the smallest of
its images under the board's automorphisms (found with networkx's VF2++, at most
`MAX_SYMMETRIES` of them). The number of tries is bounded; the same seed gives the same levels.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import networkx as nx
import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.analysis import Analysis, Solver
from lograph.core.cancel import Cancel, poll
from lograph.core.errors import BoardError
from lograph.core.model.board import Board
from lograph.core.optimize.minimal import exact_possible, fewest_presses

__all__ = [
    "MAX_SYMMETRIES",
    "SYMMETRY_BUTTON_LIMIT",
    "Level",
    "PuzzleSet",
    "board_symmetries",
    "canonical",
    "check_provable",
    "generate_levels",
    "spread",
]

#: Automorphisms used for telling positions apart (a grid has 8; the Petersen graph 120).
MAX_SYMMETRIES = 256
#: Boards with more buttons are not searched for symmetries (only equal positions merge).
SYMMETRY_BUTTON_LIMIT = 5000
#: Tries per level asked for, by default.
TRIES_PER_LEVEL = 400


@dataclass(frozen=True)
class Level:
    """One puzzle: the lights (0..p−1 per button), its fewest presses and whether one press
    vector alone reaches that count."""

    lights: NDArray[np.uint8]
    fewest: int
    unique: bool


@dataclass(frozen=True)
class PuzzleSet:
    """The levels found, in rising difficulty, with what the search did."""

    levels: list[Level]
    tries: int
    symmetries: int
    missing: dict[int, int] = field(default_factory=dict)  # fewest → levels not found


def spread(low: int, high: int, count: int) -> list[int]:
    """`count` difficulties from `low` to `high`, rising and as evenly spread as possible.

    Examples
    --------
    >>> spread(5, 12, 4), spread(1, 3, 6), spread(7, 7, 2)
    ([5, 7, 10, 12], [1, 1, 2, 2, 3, 3], [7, 7])
    """
    if count == 1:
        return [low]
    return [low + round(i * (high - low) / (count - 1)) for i in range(count)]


def board_symmetries(board: Board, limit: int = MAX_SYMMETRIES) -> list[NDArray[np.int64]]:
    """Up to `limit` automorphisms of the board as index arrays (``perm[i]`` is the image of
    button i); each maps edges to edges (with their direction) and keeps which buttons act on
    themselves, so it maps every position to one of the same difficulty. The identity first.
    """
    identity = np.arange(len(board), dtype=np.int64)
    if len(board) > SYMMETRY_BUTTON_LIMIT or len(board) == 0:
        return [identity]
    graph: nx.Graph = nx.DiGraph() if board.directed else nx.Graph()
    for b in board.buttons:
        graph.add_node(b, own=board.acts_on_itself(b))
    graph.add_edges_from(board.edges())
    index = {b: i for i, b in enumerate(board.buttons)}
    found = [identity]
    maps = nx.vf2pp_all_isomorphisms(graph, graph, node_label="own")
    for mapping in itertools.islice(maps, 4 * limit):
        perm = np.array([index[mapping[b]] for b in board.buttons], dtype=np.int64)
        if not np.array_equal(perm, identity):
            found.append(perm)
        if len(found) >= limit:
            break
    return found


def canonical(lights: NDArray[np.uint8], inverses: Sequence[NDArray[np.int64]]) -> bytes:
    """The smallest image of a position under the symmetries (given as inverse index arrays):
    equal for two positions exactly when a symmetry maps one to the other."""
    return min(lights[inv].tobytes() for inv in inverses)


def _random_presses(n: int, p: int, k: int, rng: np.random.Generator) -> NDArray[np.uint8]:
    """A press vector of total weight k: k distinct buttons (p = 2), or k single presses
    spread over buttons that are not yet at p − 1 presses."""
    x = np.zeros(n, dtype=np.uint8)
    if p == 2:
        x[rng.choice(n, k, replace=False)] = 1
        return x
    slots = np.repeat(np.arange(n), p - 1)  # each button may take p − 1 presses
    np.add.at(x, rng.choice(slots, k, replace=False), 1)
    return x


def check_provable(solver: Solver) -> None:
    """Refuse a board whose fewest presses the exact search cannot prove (too many quiet
    patterns): its levels could not be given an exact difficulty."""
    a = solver.analysis
    if not exact_possible(a):
        raise BoardError(
            f"the fewest presses cannot be proven on this board ({_too_many(a)}), "
            "so no level can be given an exact difficulty"
        )


def _too_many(a: Analysis) -> str:
    """Why the exact search cannot run: the quiet patterns are too many."""
    if a.quiet_orders is None:
        return f"nullity {a.nullity} is too large for the exact search"
    return f"its {a.kernel_size} quiet patterns are too many for the exact search"


def _check_targets(targets: Sequence[int], n: int, p: int) -> None:
    top = n * (p - 1)
    for k in targets:
        if k < 0:
            raise BoardError(f"a position cannot need {k} presses")
        if k > top:
            raise BoardError(
                f"no position needs {k} presses: {n} buttons allow at most {top} presses"
            )


def generate_levels(
    solver: Solver,
    board: Board,
    targets: Sequence[int],
    *,
    unique: bool = False,
    seed: int = 0,
    tries: int | None = None,
    cancel: Cancel = None,
) -> PuzzleSet:
    """Find one position per entry of `targets` needing exactly that many presses.

    Parameters
    ----------
    solver : Solver
        The board's prepared solver (`lograph.core.solve.prepare`).
    board : Board
        The board (its graph gives the symmetries; its lights are ignored).
    targets : sequence of int
        The fewest-presses count of each level wanted (repeats ask for several levels).
    unique : bool
        Keep only positions with exactly one fewest-presses solution.
    seed : int
        Seed of the random positions: the same seed gives the same levels.
    tries : int, optional
        Positions tried in all (default `TRIES_PER_LEVEL` per level).

    Returns
    -------
    PuzzleSet
        The levels found in rising difficulty; `missing` counts the ones not found.

    Raises `BoardError` when the board's fewest presses cannot be proven exactly.
    """
    n, p = solver.analysis.n, solver.analysis.states
    check_provable(solver)
    _check_targets(targets, n, p)
    wanted = dict(Counter(targets))
    inverses = [np.argsort(perm) for perm in board_symmetries(board)]
    rng = np.random.default_rng(seed)
    budget = TRIES_PER_LEVEL * len(targets) if tries is None else tries
    seen: set[bytes] = set()
    found: list[Level] = []
    done = 0
    while done < budget and any(wanted.values()):
        k = int(rng.choice([key for key, left in wanted.items() if left]))
        level = _try_one(solver, n, p, k, rng, unique)
        done += 1
        poll(cancel, "puzzle search cancelled")
        if level is None or not wanted.get(level.fewest):
            continue
        key = canonical(level.lights, inverses)
        if key in seen:
            continue
        seen.add(key)
        found.append(level)
        wanted[level.fewest] -= 1
    found.sort(key=lambda lv: lv.fewest)  # stable: generation order within one count
    missing = {k: left for k, left in sorted(wanted.items()) if left}
    return PuzzleSet(found, done, len(inverses), missing)


def _try_one(
    solver: Solver, n: int, p: int, k: int, rng: np.random.Generator, unique: bool
) -> Level | None:
    """One random position made by k presses, as a level, or None when it is unsuitable."""
    presses = _random_presses(n, p, k, rng)
    best = fewest_presses(solver, presses)
    if not best.exact or best.optimal_solutions is None:
        raise BoardError(
            f"the fewest presses cannot be proven on this board ({_too_many(solver.analysis)})"
        )
    is_unique = best.optimal_solutions == 1
    if unique and not is_unique:
        return None
    # pressing x clears the position, so its lights are −A x (mod p)
    lights = (-solver.system.apply(presses)) % p
    return Level(lights.astype(np.uint8), best.press_count, is_unique)
