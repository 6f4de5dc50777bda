"""Independent reference answers for every test: press matrices, elimination mod p, brute force.

Why these can be trusted to judge lograph:

- **Nothing here calls the code under test.** A board is read only through its graph, rule,
  self-action overrides and lights (the data the user drew); a `PressSystem` only through its
  column arrays ``indptr``/``indices``. No engine, no `PressSystem.dense()`, no
  `lograph.core.algebra` function is used. (`ReferenceSolver` hands its answers over in
  lograph's `Analysis` record so that the optimisers can be fed with them; the record is a
  plain container and computes nothing.)
- **Each routine is the textbook one, written plainly**: Gauss-Jordan elimination with a
  Python loop over columns; enumeration of every press vector for brute force. They are slow
  on purpose: short enough to check by reading.
- **Each routine is checked against hand-worked or published examples** in its doctests (run
  by ``tests/test_references.py``), e.g. the classic 5×5 press matrix has rank 23 over GF(2)
  and the 3×3 one rank 9; n×n nullities are OEIS A159257.

Vectors of presses and lights are numpy int64 rows; a light change ``b`` is reached by presses
``x`` when ``A @ x ≡ b (mod p)`` with ``A[u, w] = 1`` when pressing ``w`` changes ``u``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np

if TYPE_CHECKING:
    from lograph.core.model.board import Board
    from lograph.core.model.system import PressSystem

__all__ = [
    "A075462",
    "A075464",
    "A159257",
    "ReferenceSolver",
    "all_vectors",
    "brute_force_fewest",
    "canonical_gf2",
    "code_of",
    "coset_weights",
    "fewest",
    "fewest_table",
    "fewest_to_goal",
    "goal_change",
    "graph_press_matrix",
    "histogram",
    "null_space_mod_p",
    "nullity",
    "press_matrix",
    "rank_gf2",
    "rank_mod_p",
    "rref_mod_p",
    "solvable",
    "solve_mod_p",
    "span",
    "system_matrix",
]

# ------------------------------------------------------------------------ published values

#: OEIS A159257: the nullity (rank deficiency) over GF(2) of the n×n Lights Out press matrix,
#: n = 1, 2, … (Anderson & Feil 1998; Brouwer's tables give n up to 1000).
A159257 = (0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0, 0, 0, 14, 4, 0)
#: OEIS A075462: how many press vectors turn the n×n board from all off to all on
#: (= 2^A159257(n)).
A075462 = (1, 1, 1, 16, 4, 1, 1, 1, 256, 1, 64, 1, 1, 16, 1, 256, 4, 1, 65536)
#: OEIS A075464: the fewest presses turning the n×n board from all off to all on.
A075464 = (1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72)

# ---------------------------------------------------------- published values: the frontier

#: OEIS A075464 continued (n = 1..54, the terms the entry lists; its b-file goes to n = 78,
#: terms 26-29 by Les Reid, 30-54 by Max Alekseyev).
A075464_EXTENDED = (
    *A075464,
    105,
    56,
    117,
    104,
    147,
    188,
    141,
    224,
    245,
    276,
    231,
    270,
    353,
    356,
    405,
    416,
    345,
    376,
    553,
    428,
    469,
    520,
    563,
    600,
    761,
    772,
    561,
    696,
    891,
    940,
    953,
    772,
    1069,
    1188,
    971,
    1096,
    1165,
    1220,
    1317,
    1256,
    1487,
    1400,
)

# ------------------------------------------------------------------------ press matrices


def graph_press_matrix(
    graph: nx.Graph, order: Sequence[Any], self_action: Mapping[Any, bool]
) -> np.ndarray:
    """A[u, w] = 1 when pressing w changes u: w's out-neighbours, and w if it acts on itself.

    >>> graph_press_matrix(nx.path_graph(3), [0, 1, 2], dict.fromkeys(range(3), True)).tolist()
    [[1, 1, 0], [1, 1, 1], [0, 1, 1]]
    >>> g = nx.DiGraph([(0, 1)])
    >>> graph_press_matrix(g, [0, 1], {0: False, 1: False}).tolist()  # pressing 0 changes 1
    [[0, 0], [1, 0]]
    """
    index = {b: i for i, b in enumerate(order)}
    a = np.zeros((len(order), len(order)), dtype=np.int64)
    for w in order:
        near = graph.successors(w) if graph.is_directed() else graph.neighbors(w)
        for u in near:
            a[index[u], index[w]] = 1
        if self_action[w]:
            a[index[w], index[w]] = 1
    return a


def press_matrix(board: Board) -> np.ndarray:
    """The press matrix of `board`, read off its graph, rule and self-action overrides
    (buttons in `board.buttons` order).

    >>> from lograph.core.model.generators import rectangle
    >>> press_matrix(rectangle(1, 3)).tolist()
    [[1, 1, 0], [1, 1, 1], [0, 1, 1]]
    >>> press_matrix(rectangle(1, 3, rule="open")).tolist()
    [[0, 1, 0], [1, 0, 1], [0, 1, 0]]
    """
    order = list(board.buttons)
    own = {}
    for b in order:
        override = board.self_action_override(b)
        own[b] = (board.rule == "closed") if override is None else override
    return graph_press_matrix(board.graph, order, own)


def system_matrix(system: PressSystem) -> np.ndarray:
    """A[u, w] from a PressSystem's column arrays, entry by entry (not `system.dense()`)."""
    a = np.zeros((system.n, system.n), dtype=np.int64)
    # column w holds the lights indices[indptr[w]:indptr[w + 1]]
    columns = np.repeat(np.arange(system.n), np.diff(system.indptr))
    a[np.asarray(system.indices, dtype=np.int64), columns] = 1
    return a


# ------------------------------------------------------------------------ elimination mod p


def rref_mod_p(a: np.ndarray | Sequence[Sequence[int]], p: int) -> tuple[np.ndarray, list[int]]:
    """Reduced row echelon form of `a` mod the prime p (zero rows dropped) and its pivot
    columns, by textbook Gauss-Jordan elimination.

    The RREF of a matrix is unique, so two bases span the same row space exactly when their
    RREFs are equal.

    >>> rows, pivots = rref_mod_p([[2, 4], [1, 1]], 3)
    >>> rows.tolist(), pivots
    ([[1, 0], [0, 1]], [0, 1])
    >>> rref_mod_p([[1, 1, 0], [0, 1, 1], [1, 0, 1]], 2)[0].tolist()  # rows 1 + 2 = row 3
    [[1, 0, 1], [0, 1, 1]]
    """
    m = np.atleast_2d(np.array(a, dtype=np.int64)) % p
    rows, cols = m.shape
    r = 0
    pivots: list[int] = []
    for c in range(cols):
        pivot = next((i for i in range(r, rows) if m[i, c]), None)
        if pivot is None:
            continue
        m[[r, pivot]] = m[[pivot, r]]
        m[r] = m[r] * pow(int(m[r, c]), -1, p) % p
        others = np.flatnonzero(m[:, c])
        others = others[others != r]  # clear column c in every other row
        m[others] = (m[others] - np.outer(m[others, c], m[r])) % p
        pivots.append(c)
        r += 1
    return m[:r], pivots


def rank_mod_p(a: np.ndarray | Sequence[Sequence[int]], p: int) -> int:
    """The rank of `a` mod the prime p.

    >>> from lograph.core.model.generators import rectangle
    >>> rank_mod_p(press_matrix(rectangle(3, 3)), 2)  # 3×3 Lights Out: every position solvable
    9
    >>> rank_mod_p(press_matrix(rectangle(5, 5)), 2)  # classic 5×5: two quiet patterns
    23
    >>> rank_mod_p([[1, 2], [2, 1]], 3), rank_mod_p([[1, 2], [2, 1]], 5)  # det = -3
    (1, 2)
    """
    return len(rref_mod_p(a, p)[1])


def null_space_mod_p(a: np.ndarray, p: int) -> np.ndarray:
    """The canonical basis of {x : a x ≡ 0 (mod p)}, one vector per free column of the RREF
    (uint8 rows, like lograph's quiet patterns).

    >>> null_space_mod_p(np.array([[1, 1]]), 2).tolist()
    [[1, 1]]
    >>> null_space_mod_p(np.array([[1, 1]]), 3).tolist()  # x0 = -x1
    [[2, 1]]
    """
    n = np.shape(a)[1]
    reduced, pivots = rref_mod_p(a, p)
    basis = []
    for free in (c for c in range(n) if c not in pivots):
        v = np.zeros(n, dtype=np.int64)
        v[free] = 1
        for i, c in enumerate(pivots):
            v[c] = -reduced[i, free] % p
        basis.append(v)
    return np.array(basis, dtype=np.uint8).reshape(len(basis), n)


def solve_mod_p(a: np.ndarray, b: Iterable[int], p: int) -> np.ndarray | None:
    """One x with a x ≡ b (mod p) (free variables 0), or None when there is none.

    >>> solve_mod_p(np.array([[1, 1], [0, 1]]), [0, 1], 2).tolist()
    [1, 1]
    >>> solve_mod_p(np.array([[1, 1], [1, 1]]), [0, 1], 2) is None
    True
    """
    n = np.shape(a)[1]
    rhs = np.asarray(list(b), dtype=np.int64).reshape(-1, 1)
    reduced, pivots = rref_mod_p(np.concatenate([np.asarray(a, dtype=np.int64), rhs], 1), p)
    if n in pivots:
        return None
    x = np.zeros(n, dtype=np.int64)
    for i, c in enumerate(pivots):
        x[c] = reduced[i, n]
    return x


def solvable(a: np.ndarray, rhs: Iterable[int], p: int) -> bool:
    """Whether a x ≡ rhs (mod p) has a solution: appending rhs keeps the rank
    (Rouché-Capelli).

    >>> b = np.array([[1, 1], [1, 1]])  # both buttons change both lights
    >>> solvable(b, [1, 1], 2), solvable(b, [1, 0], 2)
    (True, False)
    """
    column = np.asarray(list(rhs), dtype=np.int64)
    return rank_mod_p(a, p) == rank_mod_p(np.column_stack([a, column]), p)


# ------------------------------------------------- Smith normal form over the integers (Z_k)


def integer_smith_diagonal(a: np.ndarray | Sequence[Sequence[int]]) -> list[int]:
    """The diagonal of the Smith normal form of an integer matrix over Z (Python ints, no
    modulus), by the textbook loop: move a smallest non-zero entry to the corner, reduce its
    row and column by it (Euclid), repeat until it divides everything, then recurse.

    Over Z_k the kernel of a square A then has ``Π gcd(d_i, k)`` elements (``gcd(0, k) =
    k``): ``U A V = D`` with U, V invertible over Z, hence over Z_k.

    >>> integer_smith_diagonal([[2, 4], [6, 8]])
    [2, 4]
    >>> integer_smith_diagonal([[1, 1, 0], [1, 1, 1], [0, 1, 1]])
    [1, 1, 1]
    >>> integer_smith_diagonal([[2, 0], [0, 3]])
    [1, 6]
    """
    m = [[int(v) for v in row] for row in np.asarray(a, dtype=np.int64).tolist()]
    rows, cols = len(m), len(m[0]) if m else 0
    diagonal: list[int] = []
    for t in range(min(rows, cols)):
        while True:
            entries = [(abs(m[i][j]), i, j) for i in range(t, rows) for j in range(t, cols)]
            nonzero = [e for e in entries if e[0]]
            if not nonzero:
                return diagonal + [0] * (min(rows, cols) - t)
            _, i, j = min(nonzero)
            m[t], m[i] = m[i], m[t]
            for row in m:
                row[t], row[j] = row[j], row[t]
            pivot = m[t][t]
            for i in range(t + 1, rows):
                q = m[i][t] // pivot
                m[i] = [x - q * y for x, y in zip(m[i], m[t], strict=True)]
            for j in range(t + 1, cols):
                q = m[t][j] // pivot
                for row in m:
                    row[j] -= q * row[t]
            rest = [m[i][j] for i in range(t + 1, rows) for j in range(t + 1, cols)]
            clean = all(m[i][t] == 0 for i in range(t + 1, rows)) and all(
                m[t][j] == 0 for j in range(t + 1, cols)
            )
            if clean and all(x % pivot == 0 for x in rest):
                break
            if clean:  # a remainder not divisible: add its row to the pivot row
                i = next(
                    i
                    for i in range(t + 1, rows)
                    if any(m[i][j] % pivot for j in range(t + 1, cols))
                )
                m[t] = [x + y for x, y in zip(m[t], m[i], strict=True)]
        diagonal.append(abs(m[t][t]))
    return diagonal


def kernel_size_mod_k(a: np.ndarray, k: int) -> int:
    """How many x in Z_k^n solve ``a x ≡ 0 (mod k)`` for a square integer matrix `a`:
    ``Π gcd(d_i, k)`` over the integer Smith diagonal.

    >>> kernel_size_mod_k(np.array([[2, 0], [0, 3]]), 12)
    6
    >>> kernel_size_mod_k(np.array([[1, 1], [1, 1]]), 4)
    4
    """
    size = 1
    for d in integer_smith_diagonal(a):
        size *= math.gcd(d, k)
    return size


def image_mod_k(a: np.ndarray, k: int) -> set[tuple[int, ...]]:
    """Every ``a x mod k`` over all k^n press vectors x (brute force; tiny boards only)."""
    return {tuple(int(v) for v in row) for row in (all_vectors(a.shape[1], k) @ a.T) % k}


def kernel_mod_k(a: np.ndarray, k: int) -> set[tuple[int, ...]]:
    """Every x in Z_k^n with ``a x ≡ 0 (mod k)`` (brute force; tiny boards only)."""
    xs = all_vectors(a.shape[1], k)
    return {tuple(int(v) for v in x) for x in xs[~((xs @ a.T) % k).any(axis=1)]}


def canonical_gf2(rows: Iterable[int]) -> list[int]:
    """The reduced echelon basis of the GF(2) span of `rows` (Python ints as bit vectors):
    equal spans give equal lists. Fast enough for the thousands of buttons of the big boards.

    >>> canonical_gf2([0b011, 0b110, 0b101])
    [3, 5]
    """
    basis: dict[int, int] = {}  # leading bit -> vector
    for v in rows:
        for lead in sorted(basis, reverse=True):
            if v >> lead & 1:
                v ^= basis[lead]
        if v:
            lead = v.bit_length() - 1
            for other in list(basis):
                if basis[other] >> lead & 1:
                    basis[other] ^= v
            basis[lead] = v
    return [basis[k] for k in sorted(basis)]


def bits_of(row: Iterable[int]) -> int:
    """A 0/1 row as a Python int, entry i in bit i."""
    return sum(1 << i for i, v in enumerate(row) if int(v) % 2)


def rank_gf2(a: np.ndarray) -> int:
    """The rank of `a` over GF(2), on bit vectors (same answer as ``rank_mod_p(a, 2)``).

    >>> from lograph.core.model.generators import rectangle
    >>> rank_gf2(press_matrix(rectangle(5, 5)))
    23
    """
    return len(canonical_gf2(bits_of(row) for row in np.asarray(a)))


def nullity(system: PressSystem) -> int:
    """How many independent quiet patterns `system` has: n − rank of its press matrix."""
    a, p = system_matrix(system), system.states
    return system.n - (rank_gf2(a) if p == 2 else rank_mod_p(a, p))


# ------------------------------------------------------------------------ brute force


def all_vectors(n: int, p: int) -> np.ndarray:
    """Every vector of {0..p-1}^n, one per row, row i being i written in base p with entry
    0 the lowest digit (p^n rows: keep n small).

    >>> all_vectors(2, 2).tolist()
    [[0, 0], [1, 0], [0, 1], [1, 1]]
    """
    index = np.arange(p**n, dtype=np.int64)
    return ((index[:, None] // p ** np.arange(n, dtype=np.int64)) % p).astype(np.int64)


def code_of(change: Iterable[int], p: int) -> int:
    """A light change as the number whose base-p digits it is (the row of `all_vectors`)."""
    values = np.asarray(list(change), dtype=np.int64) % p
    return int(values @ p ** np.arange(len(values), dtype=np.int64))


def span(basis: np.ndarray, p: int) -> set[tuple[int, ...]]:
    """Every combination of the rows of `basis` mod p, by enumeration.

    >>> sorted(span(np.array([[1, 1, 0]]), 2))
    [(0, 0, 0), (1, 1, 0)]
    """
    basis = np.asarray(basis, dtype=np.int64)
    coeffs = all_vectors(len(basis), p)
    return {tuple(v) for v in ((coeffs @ basis) % p).tolist()}


def coset_weights(x: Iterable[int], basis: np.ndarray, p: int) -> list[int]:
    """Total presses Σ of every solution x + c·basis (c over all p^k combinations): when x
    solves a position and `basis` spans the quiet patterns, these are all its solutions.

    >>> coset_weights([1, 0, 0], np.array([[1, 1, 1]]), 2)  # 100 and 011
    [1, 2]
    """
    basis = np.asarray(basis, dtype=np.int64).reshape(len(basis), -1)
    x = np.asarray(list(x), dtype=np.int64)
    solutions = (x + all_vectors(len(basis), p) @ basis) % p
    return [int(w) for w in solutions.sum(axis=1)]


def brute_force_fewest(a: np.ndarray, p: int) -> tuple[np.ndarray, np.ndarray]:
    """For every light change (indexed by `code_of`): the fewest total presses Σx reaching it
    (−1 if none does) and how many press vectors reach it with that few. Pure enumeration of
    all p^n press vectors.

    >>> fewest, count = brute_force_fewest(np.array([[1, 1], [1, 1]]), 2)
    >>> fewest.tolist(), count.tolist()  # 00 by nothing; 11 by either button; 10, 01 never
    ([0, -1, -1, 1], [1, 0, 0, 2])
    """
    a = np.asarray(a, dtype=np.int64)
    n = a.shape[1]
    xs = all_vectors(n, p)
    codes = (xs @ a.T % p) @ p ** np.arange(a.shape[0], dtype=np.int64)
    weights = xs.sum(axis=1)
    unreached = np.iinfo(np.int64).max
    fewest_ = np.full(p ** a.shape[0], unreached)
    np.minimum.at(fewest_, codes, weights)
    best = weights == fewest_[codes]
    count = np.bincount(codes[best], minlength=p ** a.shape[0])
    fewest_[fewest_ == unreached] = -1
    return fewest_, count


def fewest_table(a: np.ndarray, p: int) -> dict[tuple[int, ...], int]:
    """Fewest total presses of every reachable light change, keyed by the change.

    >>> fewest_table(np.array([[1, 1], [1, 1]]), 2)
    {(0, 0): 0, (1, 1): 1}
    """
    table, _ = brute_force_fewest(a, p)
    m = np.shape(a)[0]
    return {
        tuple(int(v) for v in change): int(w)
        for change, w in zip(all_vectors(m, p), table, strict=True)
        if w >= 0
    }


def fewest(a: np.ndarray, p: int, change: Iterable[int]) -> int | None:
    """Fewest presses that add `change` to the lights (None when unreachable)."""
    w = int(brute_force_fewest(a, p)[0][code_of(change, p)])
    return None if w < 0 else w


def histogram(a: np.ndarray, p: int) -> list[int]:
    """How many reachable changes need exactly k presses at the fewest, k = 0, 1, …

    >>> from math import comb
    >>> from lograph.core.model.generators import rectangle
    >>> histogram(press_matrix(rectangle(3, 3)), 2) == [comb(9, k) for k in range(10)]
    True
    """
    table = brute_force_fewest(a, p)[0]
    weights = table[table >= 0]
    return [int(c) for c in np.bincount(weights)]


def goal_change(board: Board, goal: str | Iterable[int] = "off") -> np.ndarray:
    """The light change taking `board`'s lights to `goal` ("off", "on" = all p−1, or a
    pattern), mod p."""
    p = board.states
    if isinstance(goal, str):
        target = np.full(len(board), 0 if goal == "off" else p - 1, dtype=np.int64)
    else:
        target = np.asarray(list(goal), dtype=np.int64)
    return (target - board.lights().astype(np.int64)) % p


def fewest_to_goal(board: Board, goal: str | Iterable[int] = "off") -> int | None:
    """Fewest presses taking `board` to `goal` by brute force (None when impossible).

    >>> from lograph.core.model.generators import rectangle
    >>> fewest_to_goal(rectangle(3, 3), "on")  # OEIS A075464(3)
    5
    """
    return fewest(press_matrix(board), board.states, goal_change(board, goal))


# ------------------------------------------------------------------------ a reference solver


class ReferenceSolver:
    """lograph's `Solver` protocol (``system``, ``analysis``, ``particular``) answered by the
    elimination above, to feed the optimisers (fewest presses, worst position, histogram)
    answers that no engine computed."""

    def __init__(self, system: PressSystem) -> None:
        from lograph.core.algebra.analysis import Analysis

        self.system = system
        p = system.states
        self.a = system_matrix(system)
        quiet = null_space_mod_p(self.a, p)
        left = null_space_mod_p(self.a.T.copy(), p)
        self.analysis = Analysis(system.n, p, system.n - len(quiet), quiet, left, "reference")

    def particular(self, rhs: np.ndarray) -> np.ndarray | None:
        x = solve_mod_p(self.a, np.asarray(rhs, dtype=np.int64).ravel(), self.system.states)
        return None if x is None else x.astype(np.uint8)

    def fewest_and_count(self) -> tuple[np.ndarray, np.ndarray]:
        """`brute_force_fewest` of this system."""
        return brute_force_fewest(self.a, self.system.states)


# ------------------------------------------------------------------------ Z_k by brute force
# (any k, prime or composite: enumeration only, for boards of a handful of buttons)


def zk_kernel(a: np.ndarray, k: int) -> np.ndarray:
    """Every press vector x with ``A x ≡ 0 (mod k)``, one per row, by enumeration.

    >>> zk_kernel(np.array([[2]]), 4).tolist()  # over Z_4, pressing twice changes nothing
    [[0], [2]]
    """
    a = np.asarray(a, dtype=np.int64)
    xs = all_vectors(a.shape[1], k)
    return xs[~((xs @ a.T) % k).any(axis=1)]


def _order(v: tuple[int, ...], k: int) -> int:
    t = 1
    while any((t * x) % k for x in v):
        t += 1
    return t


def _modulo_span(v: tuple[int, ...], span_: set[tuple[int, ...]], k: int) -> int:
    t = 1
    while tuple((t * x) % k for x in v) not in span_:
        t += 1
    return t


def zk_generators(a: np.ndarray, k: int) -> tuple[np.ndarray, tuple[int, ...]]:
    """Quiet generators ``q_j`` with orders ``o_j`` such that every quiet pattern is
    ``Σ c_j q_j mod k`` for exactly one ``0 ≤ c_j < o_j`` (checked before returning).

    The textbook construction, by brute force over the kernel's elements: split it into its
    p-parts (elements of p-power order); in each, repeatedly take an element of largest order
    modulo the span H built so far whose multiples meet H only in 0 (one exists: a cyclic
    subgroup of largest order is a direct summand of a finite abelian p-group).

    >>> gens, orders = zk_generators(np.array([[2, 0], [0, 3]]), 12)
    >>> sorted(orders)
    [2, 3]
    """
    kernel = [tuple(int(x) for x in v) for v in zk_kernel(a, k).tolist()]
    gens: list[tuple[int, ...]] = []
    orders: list[int] = []
    primes = sorted({q for q in range(2, k + 1) if k % q == 0 and all(q % r for r in range(2, q))})
    for prime in primes:
        part = [v for v in kernel if _order(v, k) in {prime**e for e in range(9)}]
        span_ = {tuple(0 for _ in kernel[0])}
        while len(span_) < len(part):
            # v's multiples meet the span only in 0 when its order there equals its order
            free = [v for v in part if _modulo_span(v, span_, k) == _order(v, k)]
            best = max(free, key=lambda v: _order(v, k))
            o = _order(best, k)
            span_ = {
                tuple((x + c * y) % k for x, y in zip(s, best, strict=True))
                for s in span_
                for c in range(o)
            }
            gens.append(best)
            orders.append(o)
    basis = np.array(gens, dtype=np.int64).reshape(len(gens), a.shape[1])
    combos = [np.array(c) for c in np.ndindex(*orders)] if orders else [np.zeros(0, int)]
    spanned = {tuple(((c @ basis) % k).tolist()) for c in combos}
    assert len(spanned) == len(kernel) == len(combos), "not a unique-representation set"
    return basis, tuple(orders)


def bfs_fewest(a: np.ndarray, k: int) -> dict[tuple[int, ...], int]:
    """Fewest presses of every reachable light change by breadth-first search over positions:
    one press adds one column of A (mod k), so the distance from all-zero is the fewest
    presses (pressing a button k times changes nothing, so no button needs k or more).

    >>> bfs_fewest(np.array([[1, 1], [1, 1]]), 3)
    {(0, 0): 0, (1, 1): 1, (2, 2): 2}
    """
    a = np.asarray(a, dtype=np.int64)
    columns = [tuple(int(v) for v in col) for col in a.T.tolist()]
    start = tuple(0 for _ in range(a.shape[0]))
    distance = {start: 0}
    frontier = [start]
    while frontier:
        following = []
        for position in frontier:
            for col in columns:
                nxt = tuple((x + y) % k for x, y in zip(position, col, strict=True))
                if nxt not in distance:
                    distance[nxt] = distance[position] + 1
                    following.append(nxt)
        frontier = following
    return distance


class ZkReferenceSolver:
    """The `Solver` protocol over any Z_k answered by brute force alone: quiet generators from
    `zk_generators`, particular solutions looked up in a table of every press vector's
    change (tiny boards only)."""

    def __init__(self, system: PressSystem) -> None:
        from lograph.core.algebra.analysis import Analysis

        self.system = system
        k = system.states
        self.a = system_matrix(system)
        quiet, orders = zk_generators(self.a, k)
        left, world_orders = zk_generators(self.a.T.copy(), k)
        self.analysis = Analysis(
            system.n,
            k,
            system.n,
            quiet.astype(np.uint8),
            left.astype(np.uint8),
            "reference",
            quiet_orders=orders,
            world_orders=world_orders,
        )
        xs = all_vectors(system.n, k)
        codes = (xs @ self.a.T % k) @ k ** np.arange(system.n, dtype=np.int64)
        self._first: dict[int, np.ndarray] = {}
        for code, x in zip(codes.tolist(), xs, strict=True):
            self._first.setdefault(code, x)
        self.chase_plan = None

    def particular(self, rhs: np.ndarray) -> np.ndarray | None:
        x = self._first.get(code_of(np.asarray(rhs).ravel(), self.system.states))
        return None if x is None else x.astype(np.uint8)


def max_min_worst(analysis: Any) -> int:
    """The worst position over Z_k by an integer program in the max-min form: max z subject
    to z ≤ the weight of every solution x + λ·Q of the position, over the counts of buttons
    pressed a = 0 … k − 1 times in each class (the zero class included), solved by HiGHS.
    A second formulation beside lograph's packing rows, which it does not rest on."""
    from scipy.optimize import LinearConstraint, milp

    k, n = analysis.states, analysis.n
    orders = analysis.orders()
    quiet = np.asarray(analysis.quiet, dtype=np.int64).reshape(len(orders), n)
    columns, sizes = np.unique(quiet.T, axis=0, return_counts=True)
    lambdas = np.array(list(np.ndindex(*orders)), dtype=np.int64)
    shift = (lambdas @ columns.T) % k  # solutions × classes
    a = np.arange(k)
    weight = (a[None, None, :] + shift[:, :, None]) % k  # solutions × classes × a
    variables = len(columns) * k + 1  # n_{v,a} then z
    rows = np.hstack([-weight.reshape(len(lambdas), -1), np.ones((len(lambdas), 1))])
    sums = np.hstack([np.kron(np.eye(len(columns)), np.ones((1, k))), np.zeros((len(columns), 1))])
    objective = np.zeros(variables)
    objective[-1] = -1
    result = milp(
        objective,
        constraints=[LinearConstraint(rows, -np.inf, 0), LinearConstraint(sums, sizes, sizes)],
        integrality=np.r_[np.ones(variables - 1), 0],
        bounds=(np.r_[np.zeros(variables - 1), 0], np.r_[np.repeat(sizes, k), n * k]),
    )
    assert result.status == 0
    return round(-result.fun)


# ------------------------------------------------------------------------ the lit-only game
# (a plain breadth-first search over positions as tuples, from the graph itself)


def lit_only_changes(graph: Any, rule: str = "closed") -> list[tuple[int, ...]]:
    """Per node of `graph` (in its order), the lights a press changes: its out-neighbours,
    and itself under the closed rule."""
    nodes = list(graph.nodes)
    index = {node: i for i, node in enumerate(nodes)}
    succ = graph.successors if graph.is_directed() else graph.neighbors
    changes = []
    for node in nodes:
        lights = {index[m] for m in succ(node) if m != node}
        if rule == "closed":
            lights.add(index[node])
        changes.append(tuple(sorted(lights)))
    return changes


def lit_only_clearable(changes: list[tuple[int, ...]]) -> set[tuple[int, ...]]:
    """Every position from which lit presses alone reach all-off: the graph of every
    position and every lit press from it, searched breadth-first backwards from all-off by
    networkx (exponential; a dozen buttons at most)."""
    n = len(changes)
    moves = nx.DiGraph()
    for code in range(2**n):
        state = tuple((code >> j) & 1 for j in range(n))
        moves.add_node(state)
        for i, lights in enumerate(changes):
            if state[i]:
                nxt = list(state)
                for j in lights:
                    nxt[j] ^= 1
                moves.add_edge(state, tuple(nxt))
    off = (0,) * n
    return {off, *nx.ancestors(moves, off)}
