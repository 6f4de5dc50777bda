"""The reduction of ``[A | c]`` step by step, for boards small enough to read it.

Over GF(p) (k prime) `explain_board` runs Gaussian elimination by hand: forward (each
pivot found, its row swapped up and scaled to 1, the rows below cleared), back substitution
on the echelon form (free buttons set to 0), then the rows above each pivot cleared too,
giving the reduced form from which the quiet patterns are read (one per free column). Every
row operation is recorded, so replaying them on ``[A | c]`` reproduces the reduced matrix.

Over Z_k (k composite) there is no division: the engine's Smith normal form ``U A V = D``
for each prime power q of k is shown instead, with the solution ``x = V (U c / D)`` joined
across the prime powers by the Chinese remainder theorem.

``c`` is the change the goal needs: ``goal - lights (mod k)``; pressing button j adds
column j of A.

Examples
--------
>>> from lograph.core.model.generators import rectangle
>>> board = rectangle(2, 2)
>>> board.set_light("r0c0", 1)
>>> e = explain_board(board)
>>> e.rank, e.free, e.solvable, [board.buttons[j] for j in np.flatnonzero(e.solution)]
(4, [], True, ['r0c0', 'r0c1', 'r1c0'])
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from lograph.core.algebra.zk import crt_idempotents, prime_powers
from lograph.core.algebra.zk_smith import smith_mod_prime_power
from lograph.core.errors import BoardError
from lograph.core.model.board import Board
from lograph.core.model.ring import Ring

__all__ = ["EXPLAIN_LIMIT", "Explanation", "RowOp", "SmithPart", "Stage", "explain_board"]

#: Largest board whose algebra is shown in full (a 100×101 matrix per stage already fills
#: pages); bigger boards get the figures only.
EXPLAIN_LIMIT = 100

Matrix = list[list[int]]


@dataclass(frozen=True)
class RowOp:
    """One row operation on the augmented matrix (rows counted from 0).

    ``swap``: rows `target` and `source` trade places; ``scale``: row `target` times
    `factor`; ``add``: row `target` plus `factor` times row `source`.
    """

    kind: str
    target: int
    source: int = -1
    factor: int = 1

    def apply(self, m: Matrix, k: int) -> None:
        """Do this operation on `m` in place (entries mod `k`)."""
        if self.kind == "swap":
            m[self.target], m[self.source] = m[self.source], m[self.target]
        elif self.kind == "scale":
            m[self.target] = [v * self.factor % k for v in m[self.target]]
        else:
            src = m[self.source]
            m[self.target] = [
                (v + self.factor * s) % k for v, s in zip(m[self.target], src, strict=False)
            ]


@dataclass(frozen=True)
class Stage:
    """The operations of one pivot and the matrix after them."""

    phase: str  # "forward" or "backward"
    pivot: tuple[int, int]  # (row, column)
    ops: list[RowOp]
    after: Matrix


@dataclass(frozen=True)
class SmithPart:
    """``U A V = D`` over Z_q for one prime power q = p^e of k, and what it gives."""

    p: int
    e: int
    q: int
    left: Matrix
    right: Matrix
    diagonal: list[int]  # D[t, t] for t < r (p^valuation); 0 beyond
    transformed: list[int]  # U c mod q
    blocking: int | None  # the first t whose (U c)_t is not a multiple of D[t, t]
    solution: list[int] | None  # x mod q
    quiet: list[tuple[int, list[int]]]  # generators of ker A over Z_q with their orders


@dataclass
class Explanation:
    """Everything `explain_board` shows."""

    board: Board
    goal: str
    states: int
    matrix: Matrix  # A
    lights: list[int]
    change: list[int]  # c = goal - lights (mod k)
    prime: bool
    stages: list[Stage] = field(default_factory=list)
    echelon: Matrix = field(default_factory=list)  # [A | c] after the forward phase
    reduced: Matrix = field(default_factory=list)  # [A | c] in reduced row echelon form
    pivots: list[tuple[int, int]] = field(default_factory=list)
    free: list[int] = field(default_factory=list)
    rank: int = 0
    quiet: list[list[int]] = field(default_factory=list)
    quiet_orders: list[int] = field(default_factory=list)
    solvable: bool = False
    inconsistent_row: int | None = None  # a zero row of A's part with c's part non-zero
    witness: list[int] | None = None  # y with y A = 0 and y c != 0 (unsolvable)
    witness_is_quiet: bool = False  # A symmetric: the witness is a quiet pattern
    symmetric: bool = False
    back_substitution: list[tuple[int, int, list[tuple[int, int]], int]] = field(
        default_factory=list
    )  # (button, rhs, [(coefficient, button) of later terms], value)
    solution: list[int] | None = None
    smith: list[SmithPart] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.matrix)

    @property
    def nullity(self) -> int:
        return self.n - self.rank


def press_matrix(board: Board) -> Matrix:
    """A: entry (i, j) is 1 when pressing button j changes light i."""
    system = board.to_system()
    a = np.zeros((system.n, system.n), dtype=np.int64)
    for j in range(system.n):
        a[system.column(j), j] = 1
    return a.tolist()


def explain_board(board: Board, goal: str = "off") -> Explanation:
    """The algebra of `board`'s position (at most `EXPLAIN_LIMIT` buttons)."""
    if len(board) > EXPLAIN_LIMIT:
        raise BoardError(f"{len(board)} buttons are too many to show (limit {EXPLAIN_LIMIT})")
    ring = Ring.of(board.states)
    k = ring.order
    lights = board.lights().astype(np.int64)
    target = ring.target(goal)
    a = press_matrix(board)
    e = Explanation(
        board=board,
        goal=goal,
        states=k,
        matrix=a,
        lights=lights.tolist(),
        change=((target - lights) % k).tolist(),
        prime=ring.is_field,
        symmetric=bool((np.array(a) == np.array(a).T).all()) if a else True,
    )
    if e.prime:
        _gauss(e)
    else:
        _smith(e)
    return e


def _gauss(e: Explanation) -> None:
    p, n = e.states, e.n
    m = [[*row[:], c] for row, c in zip(e.matrix, e.change, strict=True)]
    transform = [[int(i == j) for j in range(n)] for i in range(n)]  # T [A | c] = m

    def do(op: RowOp, ops: list[RowOp]) -> None:
        op.apply(m, p)
        op.apply(transform, p)
        ops.append(op)

    row = 0
    for col in range(n):
        found = next((i for i in range(row, n) if m[i][col]), None)
        if found is None:
            e.free.append(col)
            continue
        ops: list[RowOp] = []
        if found != row:
            do(RowOp("swap", row, found), ops)
        if m[row][col] != 1:
            do(RowOp("scale", row, factor=pow(m[row][col], -1, p)), ops)
        for i in range(row + 1, n):
            if m[i][col]:
                do(RowOp("add", i, row, (-m[i][col]) % p), ops)
        e.pivots.append((row, col))
        e.stages.append(Stage("forward", (row, col), ops, [r[:] for r in m]))
        row += 1
    e.rank = row
    e.echelon = [r[:] for r in m]
    bad = next((i for i in range(row, n) if m[i][n]), None)
    e.solvable = bad is None
    if bad is not None:
        e.inconsistent_row = bad
        e.witness = transform[bad]
    else:
        x = [0] * n
        for r, col in reversed(e.pivots):
            terms = [(m[r][j], j) for j in range(col + 1, n) if m[r][j]]
            x[col] = (m[r][n] - sum(c * x[j] for c, j in terms)) % p
            e.back_substitution.append((col, m[r][n], terms, x[col]))
        e.solution = x
    for r, col in reversed(e.pivots):
        ops = []
        for i in range(r):
            if m[i][col]:
                do(RowOp("add", i, r, (-m[i][col]) % p), ops)
        if ops:
            e.stages.append(Stage("backward", (r, col), ops, [r_[:] for r_ in m]))
    e.reduced = [r[:] for r in m]
    _read_quiet(e)


def _read_quiet(e: Explanation) -> None:
    """The quiet patterns from the reduced form, one per free column; and, for a symmetric
    A, a quiet pattern not orthogonal to c as the witness of an unsolvable position."""
    p, n, m = e.states, e.n, e.reduced
    for f in e.free:
        q = [0] * n
        q[f] = 1
        for r, col in e.pivots:
            q[col] = (-m[r][f]) % p
        e.quiet.append(q)
        e.quiet_orders.append(p)
    if e.witness is not None and e.symmetric:
        # A = Aᵀ: ker Aᵀ = ker A, so a quiet pattern not orthogonal to c also proves it
        for q in e.quiet:
            if sum(a * b for a, b in zip(q, e.change, strict=True)) % p:
                e.witness, e.witness_is_quiet = q, True
                break


def _smith(e: Explanation) -> None:
    k, n = e.states, e.n
    a = np.array(e.matrix, dtype=np.int32)
    c = np.array(e.change, dtype=np.int64)
    powers = prime_powers(k)
    idempotents = crt_idempotents([p**x for p, x in powers])
    total = np.zeros(n, dtype=np.int64)
    e.solvable = True
    for (p, power), idem in zip(powers, idempotents, strict=True):
        s = smith_mod_prime_power(a, p, power)
        q = s.q
        r = len(s.valuations)
        steps = [p ** int(v) for v in s.valuations.tolist()] + [0] * (n - r)
        y = (s.left.astype(np.int64) @ (c % q)) % q
        blocking = next(
            (t for t in range(n) if (y[t] != 0 if steps[t] == 0 else y[t] % steps[t])), None
        )
        solution = None
        if blocking is None:
            z = np.zeros(n, dtype=np.int64)
            z[:r] = y[:r] // np.array(steps[:r], dtype=np.int64)
            solution = ((s.right.astype(np.int64) @ z) % q).tolist()
            total = (total + np.array(solution) * idem) % k
        else:
            e.solvable = False
        quiet = [(order, ((vec * idem) % k).tolist()) for order, vec in s.kernel()]
        for order, vec in quiet:
            e.quiet.append(vec)
            e.quiet_orders.append(order)
        e.smith.append(
            SmithPart(
                p,
                power,
                q,
                s.left.astype(int).tolist(),
                s.right.astype(int).tolist(),
                steps,
                y.tolist(),
                blocking,
                solution,
                [(o, v.tolist()) for o, v in s.kernel()],
            )
        )
    e.rank = min(int(np.count_nonzero(np.array(part.diagonal) == 1)) for part in e.smith)
    e.solution = total.tolist() if e.solvable else None
