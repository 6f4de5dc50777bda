"""Puzzles of a chosen difficulty: positions whose fewest-presses count is exactly K.

A position is made by pressing K buttons of the cleared board at random (for k > 2 states,
prime or composite, K single presses spread over the buttons); the press vector ``x`` is
then one solution of its way back, so `fewest_presses` over ``x + ker A`` gives its exact
fewest presses and how many solutions reach it (over Z_k, k composite, by enumerating the
kernel module: `lograph.core.optimize.fewest._zk`). A position is kept when that count is
the K wanted (and the optimum is unique when asked), and when no level already kept is the
same position up to a symmetry of the board: each position is stored as the smallest of
its images under the board's automorphisms (found with networkx's VF2++, at most
`MAX_SYMMETRIES` of them). The number of tries is bounded, in all and in a row without a
new level; the same seed gives the same levels.

A request that cannot be met is told quickly: more levels than solvable positions are
refused; when the tries miss levels on a board of at most `ENUMERATION_LIMIT` press vectors,
all are walked, so the levels missed are chosen among every position, or the few there are
told; beyond, a quick press histogram (`HISTOGRAM_WORK`) refuses scarce counts before a try.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import networkx as nx
import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.analysis import Analysis, Solver
from lograph.core.errors import BoardError
from lograph.core.model.board import Board
from lograph.core.model.ring import Ring, RingKind
from lograph.core.optimize.fewest import exact_possible, fewest_presses
from lograph.core.optimize.histogram import (
    class_histogram,
    class_histogram_work,
    histogram_method,
    quiet_rows,
)
from lograph.core.optimize.quiet import dihedral_candidates
from lograph.core.work import Work

__all__ = [
    "ENUMERATION_LIMIT",
    "HISTOGRAM_WORK",
    "MAX_SYMMETRIES",
    "SYMMETRY_BUTTON_LIMIT",
    "VF2_BUTTON_LIMIT",
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
#: Past this many buttons VF2++ is too slow (a grid of 20×20 0.4 s, 30×30 6 s, 60×60 80 s):
#: the square's symmetries of the drawn positions that keep the board are used instead.
VF2_BUTTON_LIMIT = 400
#: Tries per level asked for, by default; also the most tries in a row without a new level.
TRIES_PER_LEVEL = 400
#: Boards of at most this many press vectors (p^N) are walked whole (a fraction of a second).
ENUMERATION_LIMIT = 1 << 20
#: Steps of counting the press histogram by quiet classes done to refuse scarce positions
#: before sampling (the 5×5 board needs 6,480; the limit is milliseconds of work).
HISTOGRAM_WORK = 1 << 22


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
    #: fewest → its positions, for each count with too few (alike ones once when `walked`)
    available: dict[int, int] = field(default_factory=dict)
    walked: int = 0  # press vectors walked to know every position (0: none)


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
    if len(board) > VF2_BUTTON_LIMIT:
        return [identity, *_drawn_symmetries(board)][:limit]
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


def _drawn_symmetries(board: Board) -> list[NDArray[np.int64]]:
    """The square's symmetries about the drawn positions that map the edges onto the edges
    (with their direction) and keep which buttons act on themselves."""
    index, n = {b: i for i, b in enumerate(board.buttons)}, len(board)
    edges = np.array([(index[u], index[v]) for u, v in board.edges()], dtype=np.int64)
    own = np.array([board.acts_on_itself(b) for b in board.buttons])

    def codes(ends: NDArray[np.int64]) -> NDArray[np.int64]:  # undirected: either way round
        ends = ends.reshape(-1, 2) if board.directed else np.sort(ends.reshape(-1, 2), axis=1)
        return np.sort(ends[:, 0] * n + ends[:, 1])

    kept = [c.astype(np.int64) for c in dihedral_candidates(board.positions())]
    return [
        perm
        for perm in kept
        if np.array_equal(own[perm], own) and np.array_equal(codes(perm[edges]), codes(edges))
    ]


def canonical(lights: NDArray[np.uint8], inverses: Sequence[NDArray[np.int64]]) -> bytes:
    """The smallest image of a position under the symmetries (given as inverse index arrays):
    equal for two positions exactly when a symmetry maps one to the other."""
    return min(lights[inv].tobytes() for inv in inverses)


def _random_presses(n: int, ring: Ring, k: int, rng: np.random.Generator) -> NDArray[np.uint8]:
    """A press vector of total weight k: k distinct buttons (GF(2)), or k single presses
    spread over buttons that are not yet at p − 1 presses."""
    x = np.zeros(n, dtype=np.uint8)
    if ring.kind is RingKind.GF2:
        x[rng.choice(n, k, replace=False)] = 1
        return x
    slots = np.repeat(np.arange(n), ring.most)  # each button may take p − 1 presses
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


def _check_targets(targets: Sequence[int], n: int, p: int, solvable: int) -> None:
    top = n * (p - 1)
    for k in targets:
        if k < 0:
            raise BoardError(f"a position cannot need {k} presses")
        if k > top:
            raise BoardError(
                f"no position needs {k} presses: {n} buttons allow at most {top} presses"
            )
    if len(targets) > solvable:
        raise BoardError(
            f"{len(targets)} levels asked but the board has only {solvable} solvable positions"
        )


def generate_levels(
    solver: Solver,
    board: Board,
    targets: Sequence[int],
    *,
    unique: bool = False,
    seed: int = 0,
    tries: int | None = None,
    stall: int | None = None,
    work: Work | None = None,
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
    tries, stall : int, optional
        Positions tried in all (default `TRIES_PER_LEVEL` per level), and in a row without
        a new level (default `TRIES_PER_LEVEL` when `tries` is not given, else no limit).
    work : Work, optional
        Polled after each try and each step of the walks.

    Returns the `PuzzleSet`: the levels found in rising difficulty, those `missing`, and
    how many there are (`available`) of a count known to have too few.

    Raises `BoardError` when the board's fewest presses cannot be proven exactly, or when
    more levels are asked than the board has solvable positions.
    """
    work = work or Work()
    analysis = solver.analysis
    n, p = analysis.n, analysis.states
    check_provable(solver)
    _check_targets(targets, n, p, analysis.solvable_count)
    wanted = dict(Counter(targets))
    inverses = [np.argsort(perm) for perm in board_symmetries(board)]
    rng = np.random.default_rng(seed)
    walkable = n * math.log2(p) <= math.log2(ENUMERATION_LIMIT)
    if scarce := ({} if walkable else _scarce(solver, wanted, work)):
        return PuzzleSet([], 0, len(inverses), {k: wanted[k] for k in scarce}, scarce)
    budget = TRIES_PER_LEVEL * len(targets) if tries is None else tries
    in_a_row = (TRIES_PER_LEVEL if tries is None else budget) if stall is None else stall
    found, done = _sampled(solver, wanted, unique, inverses, rng, (budget, in_a_row), work)
    available: dict[int, int] = {}
    walked = 0
    if walkable and any(wanted.values()):  # the tries missed some: every position tells
        available, walked = _filled(solver, found, wanted, unique, inverses, rng, work)
    found.sort(key=lambda lv: lv.fewest)  # stable: generation order within one count
    missing = {k: left for k, left in sorted(wanted.items()) if left}
    return PuzzleSet(found, done, len(inverses), missing, available, walked)


def _sampled(
    solver: Solver,
    wanted: dict[int, int],
    unique: bool,
    inverses: Sequence[NDArray[np.int64]],
    rng: np.random.Generator,
    limits: tuple[int, int],
    work: Work,
) -> tuple[list[Level], int]:
    """Random positions made by k presses until every count has its levels, or the tries
    run out (`limits`: in all, and in a row without a new level); `wanted` counts down."""
    n, p = solver.analysis.n, solver.analysis.states
    budget, in_a_row = limits
    seen: set[bytes] = set()
    found: list[Level] = []
    done = last_new = 0
    while done < budget and done - last_new < in_a_row and any(wanted.values()):
        k = int(rng.choice([key for key, left in wanted.items() if left]))
        level = _try_one(solver, n, p, k, rng, unique)
        done += 1
        work.poll("puzzle search cancelled")
        if level is None or not wanted.get(level.fewest):
            continue
        key = canonical(level.lights, inverses)
        if key in seen:
            continue
        seen.add(key)
        found.append(level)
        wanted[level.fewest] -= 1
        last_new = done
    return found, done


def _scarce(solver: Solver, wanted: dict[int, int], work: Work) -> dict[int, int]:
    """The counts with fewer positions than levels wanted, and how many positions they have,
    from the press histogram while it is quick to count (else none is known scarce)."""
    analysis = solver.analysis
    quiet = quiet_rows(analysis)
    if quiet is None or histogram_method(solver.system, quiet) != "classes":
        return {}
    if class_histogram_work(quiet, analysis.states) > HISTOGRAM_WORK:
        return {}
    counts = class_histogram(quiet, work.only_cancel(), analysis.states)
    have = {k: int(counts[k]) if k < len(counts) else 0 for k in wanted}
    return {k: have[k] for k in sorted(wanted) if have[k] < wanted[k]}


def _filled(
    solver: Solver,
    found: list[Level],
    wanted: dict[int, int],
    unique: bool,
    inverses: Sequence[NDArray[np.int64]],
    rng: np.random.Generator,
    work: Work,
) -> tuple[dict[int, int], int]:
    """Adds the levels the tries missed at random from every position, one per class alike
    (`wanted` counts down); returns the classes of each count with too few, and the walk."""
    n, p = solver.analysis.n, solver.analysis.states
    changes, fewest, ties, walked = _every_position(solver, work)
    lights_found = np.array([lv.lights for lv in found], dtype=np.uint8).reshape(-1, n)
    have = set(_canonical_codes(lights_found, inverses, p).tolist())
    available: dict[int, int] = {}
    for k in sorted(k for k, left in wanted.items() if left):
        fits = (fewest == k) & (ties == 1) if unique else fewest == k
        pick = np.flatnonzero(fits)
        # pressing x clears the position, so its lights are −A x (mod p)
        lights = ((-changes[pick].astype(np.int64)) % p).astype(np.uint8)
        order = rng.permutation(len(pick))
        codes = _canonical_codes(lights[order], inverses, p)
        _, first = np.unique(codes, return_index=True)
        classes = np.sort(first)  # one position per class, in the random order
        new = [i for i in classes.tolist() if int(codes[i]) not in have][: wanted[k]]
        found += [Level(lights[order[i]], k, bool(ties[pick[order[i]]] == 1)) for i in new]
        wanted[k] -= len(new)
        if wanted[k]:
            available[k] = len(classes)
    return available, walked


def _every_position(
    solver: Solver, work: Work
) -> tuple[NDArray[np.uint8], NDArray[np.int64], NDArray[np.int64], int]:
    """Every position's change ``A x``, fewest presses and press vectors reaching it with that
    few, by walking all p^N press vectors (and how many that was)."""
    system, n, p = solver.system, solver.analysis.n, solver.analysis.states
    changes = np.zeros((1, n), dtype=np.uint8)
    weights = np.zeros(1, dtype=np.int64)
    for button in range(n):  # each button pressed 0..p−1 times on top of the others
        column = system.apply(np.eye(1, n, button, dtype=np.uint8)[0]).astype(np.uint16)
        changes = np.concatenate([((changes + t * column) % p).astype(np.uint8) for t in range(p)])
        weights = np.concatenate([weights + t for t in range(p)])
        work.poll("puzzle search cancelled")
    codes = _codes(changes, p)
    order = np.lexsort((weights, codes))  # by position, lightest first
    codes, weights = codes[order], weights[order]
    starts = np.flatnonzero(np.r_[True, codes[1:] != codes[:-1]])
    fewest = weights[starts]
    sizes = np.diff(np.r_[starts, len(codes)])
    ties = np.add.reduceat((weights == np.repeat(fewest, sizes)).astype(np.int64), starts)
    return changes[order[starts]], fewest, ties, len(order)


def _codes(rows: NDArray[np.uint8], p: int) -> NDArray[np.int64]:
    """Each row of light values as one number (base p, button 0 lowest)."""
    codes = np.zeros(len(rows), dtype=np.int64)
    for j in range(rows.shape[1]):
        codes += rows[:, j].astype(np.int64) * p**j
    return codes


def _canonical_codes(
    lights: NDArray[np.uint8], inverses: Sequence[NDArray[np.int64]], p: int
) -> NDArray[np.int64]:
    """Each position's smallest code among its images under the symmetries (`canonical`
    as numbers, for many positions at once)."""
    best = _codes(lights, p)
    for inverse in inverses[1:]:  # the identity first
        best = np.minimum(best, _codes(lights[:, inverse], p))
    return best


def _try_one(
    solver: Solver, n: int, p: int, k: int, rng: np.random.Generator, unique: bool
) -> Level | None:
    """One random position made by k presses, as a level, or None when it is unsuitable."""
    presses = _random_presses(n, solver.analysis.ring, k, rng)
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
