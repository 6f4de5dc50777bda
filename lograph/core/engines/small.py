"""The small engine: GF(2) elimination, on Python ints or by a compiled LU.

Registered as engine ``"small"``; ``engine="auto"`` gives it every GF(2) board up to
`lograph.core.engines.common.AUTO_SMALL_LIMIT` buttons. On boards of up to a thousand
buttons the fixed costs of the other engines dominate: planning a chase (several orders,
each a compiled kernel call) costs ~0.5 ms, where an LU of the whole press matrix on packed
words takes 0.15–0.3 ms at 500 buttons (`lograph.core.kernels.small_gf2`).

Two paths, the same answers:

- **Python ints**, for a process that has not loaded numba (loading it costs ~0.4 s): row u
  of A is one int (bit w = button w), so a row operation is one XOR of a few machine words
  and the 5×5 board is analysed in tens of microseconds with nothing but the standard
  library. Forward elimination inserts the rows of ``[A | I]`` one at a time into an echelon
  basis keyed by each row's lowest set bit (its pivot): a row is XORed with the basis row of
  its lowest bit until that bit is new (a pivot) or its A part vanishes (its I part is then
  a row of T with ``T A = 0``: a left-kernel functional). On banded boards (grids, in button
  order) a row meets only the pivots within the band, so the work is O(N · band) XORs rather
  than Gauss–Jordan's N². Back substitution over the pivots in descending order then gives a
  solution of ``A x = b`` and, from each free button, a quiet pattern. A process without
  numba takes it on every board whose elimination fits in `INT_WORK` (a quarter of a second;
  every board up to ~1,500 buttons does), since loading numba would cost more than that and
  compiling the LU into an empty cache ~9 s.
- **the compiled LU** otherwise, and whenever numba is loaded anyway (~20 µs for the 5×5
  board instead of ~60 µs; 1.5 ms instead of 27 ms for a random graph of 1,000 buttons).

The answers are canonical (`lograph.core.algebra.canonical`): quiet basis and left kernel in
reduced row echelon form, the particular solution 0 on the quiet pivots — the same answers
as every other engine. Over GF(p) (p > 2) it runs the numpy elimination of the dense engine
(`lograph.core.algebra.gfp`), again without numba, up to `SMALL_INT_LIMIT` buttons.

Examples
--------
>>> from lograph.core.model.generators import grid_system
>>> a = SmallSolver(grid_system(5, 5)).analysis
>>> a.engine, a.rank, a.nullity, a.free_buttons
('small', 23, 2, None)
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.algebra.analysis import Analysis, PreparedSolver, Solver
from lograph.core.engines.common import ANALYSIS_CANCELLED, SMALL_LIMIT
from lograph.core.kernels import jit
from lograph.core.kernels.jit import compiled_ready, python_only
from lograph.core.model.ring import RingKind
from lograph.core.model.system import PressSystem
from lograph.core.work import Cancel, poll

__all__ = [
    "ENGINE_NAME",
    "INT_WORK",
    "SMALL_LIMIT",
    "UNCOUNTED_LIMIT",
    "IntsOverBudget",
    "SmallSolver",
    "bit_rows",
    "build",
    "build_on_ints",
    "echelon",
    "lu_kernels",
    "rref_ints",
]

ENGINE_NAME = "small"
U64 = NDArray[np.uint64]
I64 = NDArray[np.int64]
#: Most work the int path spends before handing a board to the compiled LU, in units of one
#: machine word XORed: a row of ``[A | I]`` is 2N bits, so one row operation costs about
#: N/64 words plus a fixed ~16 for the interpreter (~9 ns a unit on the build machine, so
#: about 0.25 s). Loading numba costs a process ~0.4 s, and compiling the LU into an empty
#: cache ~9 s, so a board that fits is answered sooner without them; random graphs of 2,000
#: buttons and mean degree 6 (~150 ms) and every board of up to ~1,500 buttons fit.
INT_WORK = 25_000_000
#: Most buttons of a board whose int path is not counted towards switching to the LU: it
#: takes tens of microseconds, about what the compiled LU takes, and counting would add ten.
UNCOUNTED_LIMIT = 128


class IntsOverBudget(Exception):
    """The int path's elimination needed more than `INT_WORK` (the compiled LU is faster)."""


def bit_rows(system: PressSystem) -> list[int]:
    """Row u of A (the buttons changing light u) as an int with bit w set per button w."""
    n = system.n
    if n > 64:  # one numpy pass and a bytes slice per row beat a Python loop per entry
        width = (n + 7) >> 3
        cols = np.repeat(np.arange(n), np.diff(system.indptr))
        dense = np.zeros((n, width * 8), dtype=np.uint8)
        dense[system.indices, cols] = 1
        data = np.packbits(dense, axis=1, bitorder="little").tobytes()
        return [int.from_bytes(data[i : i + width], "little") for i in range(0, n * width, width)]
    # up to 64 buttons a row is one uint64: OR together 1 << w over the row's entries
    rptr, ridx = system.transpose
    if not n:
        return []
    powers = np.zeros(len(ridx) + 1, dtype=np.uint64)  # a trailing 0 ends the last row
    np.left_shift(np.uint64(1), ridx.astype(np.uint64), out=powers[:-1])
    rows = np.bitwise_or.reduceat(powers, rptr[:-1])
    rows[rptr[1:] == rptr[:-1]] = 0  # reduceat gives an empty row its next entry
    values: list[int] = rows.tolist()
    return values


def echelon(
    rows: list[int], cancel: Cancel = None, work: int | None = None
) -> tuple[dict[int, int], list[int]]:
    """Forward elimination of ``[A | I]`` with `rows` the rows of A.

    Each row of ``[A | I]`` is one int: bits ``0..n-1`` its A part a, bits ``n..2n-1`` its
    I part t (the rows of A it sums, so ``a = t · A``). Returns ``pivots``, mapping c + 1
    for each pivot column c (the bit length of the pivot bit) to the row whose A part has
    its lowest set bit at c, and the t of every row whose A part vanished (a basis of the
    left kernel, ``t · A = 0``).

    With `work` (in `INT_WORK` units) it raises `IntsOverBudget` once the row operations
    cost more, checked every 64 rows.
    """
    n = len(rows)
    found: dict[int, int] = {}  # pivot bit length (c + 1) -> row
    get = found.get
    left = []
    xors = 0
    most = -1 if work is None else work // (n // 64 + 16)
    # Last row first: on a board numbered row by row a light's lowest button is the one
    # above it, a pivot no later row has taken yet (25-30% fewer XORs on grids).
    for u in range(n - 1, -1, -1):
        row = rows[u] | 1 << (n + u)
        while True:  # the lowest set bit is in the A part until that vanishes
            c = (row & -row).bit_length()
            if c > n:
                left.append(row >> n)
                break
            other = get(c)
            if other is None:
                found[c] = row
                break
            row ^= other
            xors += 1
        if not u & 63:
            if cancel is not None:
                poll(cancel, ANALYSIS_CANCELLED)
            if xors > most >= 0:
                raise IntsOverBudget(f"more than {most} row operations")
    return found, left


def rref_ints(rows: list[int]) -> list[int]:
    """The reduced row echelon basis of the span of bit rows (pivot = lowest set bit),
    ordered by pivot; zero rows are dropped."""
    basis: dict[int, int] = {}
    for row in rows:
        for c, other in basis.items():
            if row >> c & 1:
                row ^= other
        if row:
            c = (row & -row).bit_length() - 1
            for d, other in basis.items():
                if other >> c & 1:
                    basis[d] = other ^ row
            basis[c] = row
    return [basis[c] for c in sorted(basis)]


def _to_array(rows: list[int], n: int) -> NDArray[np.uint8]:
    """Bit rows as a ``(len(rows), n)`` 0/1 array."""
    if not rows:
        return np.zeros((0, n), dtype=np.uint8)
    nbytes = (n + 7) // 8
    packed = np.frombuffer(b"".join(r.to_bytes(nbytes, "little") for r in rows), np.uint8)
    return np.unpackbits(packed.reshape(len(rows), nbytes), axis=1, bitorder="little", count=n)


class SmallSolver(PreparedSolver):
    """A GF(2) board prepared by elimination on int bit rows (any direction and rule)."""

    #: the answers are already in `lograph.core.algebra.canonical` form
    canonical = True

    def __init__(
        self,
        system: PressSystem,
        cancel: Cancel = None,
        *,
        fallback: bool = True,
        ints: bool = True,
    ) -> None:
        """While the compiled LU is not ready the int path is tried first (unless
        ``ints=False``), within `INT_WORK` (unlimited with ``LOGRAPH_JIT=python``); beyond it
        the compiled LU takes over, or with ``fallback=False`` `IntsOverBudget` is raised.
        The int path's time is counted (`lograph.core.kernels.jit.COSTS`): once it has cost
        the process more than loading the LU would, the LU takes every board."""
        self._system = system
        self._kernel: tuple[U64, I64, U64, I64, U64, U64, I64] | None = None
        lu = lu_kernels()
        counted = system.n > UNCOUNTED_LIMIT
        if ints and not compiled_ready(*lu) and not (counted and jit.COSTS.switch(*lu)):
            try:
                with jit.COSTS.charge(*lu) if counted else nullcontext():
                    self._prepare_ints(system, cancel, None if python_only() else INT_WORK)
                return
            except IntsOverBudget:
                if not fallback:
                    raise
        self._prepare_compiled(system)  # one compiled call, the same answers

    def _prepare_ints(self, system: PressSystem, cancel: Cancel, work: int | None) -> None:
        n = system.n
        pivots, left = echelon(bit_rows(system), cancel, work)
        # What is left is quadratic in the nullity k: the left kernel's reduction (k² bit
        # tests), and for a directed board k substitutions through every pivot and the
        # quiet basis's reduction; a board with thousands of twins would spend seconds here.
        k = len(left)
        steps = k * k if system.symmetric else k * (2 * k + len(pivots))
        if work is not None and steps * (n // 64 + 16) // 4 > work:
            raise IntsOverBudget(f"a quiet basis of {k} patterns to reduce")
        # back substitution visits the pivots from the highest column down
        self._steps = [(1 << (c - 1), row) for c, row in sorted(pivots.items(), reverse=True)]
        self._left = rref_ints(left)
        if system.symmetric:  # ker A = ker Aᵀ: the left kernel is a quiet basis already
            quiet = self._left
        else:
            free = [f for f in range(n) if f + 1 not in pivots]
            quiet = rref_ints([self._substitute(1 << f) for f in free])
        self._quiet = [((q & -q).bit_length() - 1, q) for q in quiet]
        left_kernel = _to_array(self._left, n)
        self._analysis = Analysis(
            n=n,
            states=2,
            rank=len(pivots),
            quiet=left_kernel if quiet is self._left else _to_array(quiet, n),
            left_kernel=left_kernel,
            engine=ENGINE_NAME,
        )

    def _prepare_compiled(self, system: PressSystem) -> None:
        # imported here: a process on the Python-int path never loads the kernels (~7 ms)
        from lograph.core.kernels.small_gf2 import small_analysis

        upper, pivots, low, perm, left, quiet, quiet_piv, quiet_bits, left_bits = small_analysis(
            system.indptr, system.indices, system.symmetric
        )
        self._kernel = (upper, pivots, low, perm, left, quiet, quiet_piv)
        self._analysis = Analysis(
            n=system.n,
            states=2,
            rank=len(pivots),
            quiet=quiet_bits,
            left_kernel=left_bits,
            engine=ENGINE_NAME,
        )

    def _substitute(self, y: int) -> int:
        """Back substitution: ``y = x | b << n`` with x set on free columns only; returns x
        extended to the pivots so that ``E x = T b`` (each pivot row is ``a | t << n``, so
        ``a · x + t · b`` is the parity of ``row & y``)."""
        for bit, row in self._steps:
            if (row & y).bit_count() & 1:
                y |= bit
        return y & ((1 << self._system.n) - 1)

    def particular(self, rhs: ArrayLike) -> NDArray[np.uint8] | None:
        """The x with ``A x = rhs (mod 2)`` that is 0 on the quiet pivots, or None."""
        n = self._system.n
        bits = (self._rhs(rhs) & 1).astype(np.uint8)
        if self._kernel is not None:
            from lograph.core.kernels.small_gf2 import small_particular

            solvable, found = small_particular(bits, *self._kernel)
            return found if solvable else None
        b = int.from_bytes(np.packbits(bits, bitorder="little").tobytes(), "little")
        if any((t & b).bit_count() & 1 for t in self._left):
            return None
        x = self._substitute(b << n)
        for c, q in self._quiet:
            if x >> c & 1:
                x ^= q
        packed = np.frombuffer(x.to_bytes((n + 7) >> 3, "little"), np.uint8)
        solution: NDArray[np.uint8] = np.unpackbits(packed, bitorder="little", count=n)
        return solution


def build_on_ints(system: PressSystem, cancel: Cancel = None) -> SmallSolver | None:
    """The board prepared on the int path if its elimination fits in `INT_WORK`, else None
    (``auto`` then picks the engine to load numba for)."""
    try:
        return SmallSolver(system, cancel, fallback=False)
    except IntsOverBudget:
        return None


def build(system: PressSystem, cancel: Cancel = None) -> Solver:
    """Engine factory entry: bit rows over GF(2), the numpy elimination over GF(p)."""
    if system.ring.kind is RingKind.GF2:
        return SmallSolver(system, cancel)
    from lograph.core.engines.dense import DenseSolver

    return DenseSolver(system, cancel, engine=ENGINE_NAME)


def lu_kernels() -> tuple[Callable[..., Any], ...]:
    """The compiled LU's kernels, whose readiness decides between it and the int path (the
    module is imported here: a process on the int path may never need it)."""
    from lograph.core.kernels.small_gf2 import small_analysis, small_particular

    return small_analysis, small_particular
