"""Multi-colour boards (GF(p) and Z_k) in-process: lograph against python-flint and galois.

Run from the repository root (about two minutes)::

    .venv/bin/python benchmarks/multicolour_peers.py

Each cell is the best mean time per call (`small_peers.per_call`) of:

- *lograph*: ``get_solver(system)`` (rank, canonical quiet basis and left kernel) and one
  solution ``particular(rhs)``, from the sparse board, in this process (numba loaded);
- *python-flint* over GF(p): ``nmod_mat(A, p)``: ``nullspace()`` of A and ``rref()`` of
  ``[A | b]`` (or ``solve`` when A is invertible), the matrices built before the timing;
- *galois* over GF(p): ``GF(p)([A | b]).row_reduce()`` and ``GF(p)(A).null_space()``, the
  field arrays built before the timing (galois gets slow beyond a few hundred buttons and
  is skipped there);
- over Z_k (k composite) neither peer eliminates mod k, so the one that applies is
  python-flint's Smith normal form over the integers (``fmpz_mat.snf()``), from which the
  number of quiet patterns mod k is the product of ``gcd(d, k)`` over the diagonal (k for
  each zero): the kernel's size, no basis and no solution.

Every answer is checked: all tools agree on the nullity (on the kernel's size over Z_k), and
every solution solves ``A x = b (mod p)`` by multiplication.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from small_peers import fmt, per_call

from lograph.core.engines.registry import get_solver
from lograph.core.model.generators import grid_system
from lograph.core.model.system import PressSystem

#: galois's elimination is numpy row by row in Python: ~30 s at 1,600 buttons over GF(3)
GALOIS_LIMIT = 400
#: python-flint's Smith form over the integers grows its entries: ~10 s at 400 buttons
SNF_LIMIT = 225


def lograph_work(system: PressSystem, rhs: np.ndarray) -> Callable[[], tuple[int, Any]]:
    def work() -> tuple[int, Any]:
        solver = get_solver(system)
        return solver.analysis.kernel_size, solver.particular(rhs)

    return work


def flint_work(dense: np.ndarray, rhs: np.ndarray, p: int) -> Callable[[], tuple[int, Any]]:
    import flint

    n = dense.shape[0]
    a = flint.nmod_mat(n, n, dense.ravel().tolist(), p)
    augmented = flint.nmod_mat(n, n + 1, np.column_stack([dense, rhs]).ravel().tolist(), p)
    column = flint.nmod_mat(n, 1, rhs.tolist(), p)

    def work() -> tuple[int, Any]:
        _, nullity = a.nullspace()
        if nullity == 0:
            x = np.array([int(v) for v in a.solve(column).entries()], dtype=np.int64)
            return 1, x
        reduced, rank = augmented.rref()
        x = np.zeros(n, dtype=np.int64)
        for values in reduced.tolist()[:rank]:
            row = [int(v) for v in values]
            x[next(i for i, v in enumerate(row) if v)] = row[n]  # pivots are 1 after rref
        return p**nullity, x

    return work


def galois_work(dense: np.ndarray, rhs: np.ndarray, p: int) -> Callable[[], tuple[int, Any]]:
    import galois

    field = galois.GF(p)
    a, augmented = field(dense), field(np.column_stack([dense, rhs]))

    def work() -> tuple[int, Any]:
        reduced = np.asarray(augmented.row_reduce())
        nullity = a.null_space().shape[0]
        x = np.zeros(dense.shape[0], dtype=np.int64)
        for values in reduced[reduced[:, :-1].any(axis=1)]:
            x[int(np.argmax(values[:-1] != 0))] = values[-1]
        return p**nullity, x

    return work


def snf_work(dense: np.ndarray, k: int) -> Callable[[], tuple[int, Any]]:
    import flint

    n = dense.shape[0]
    a = flint.fmpz_mat(n, n, dense.ravel().tolist())

    def work() -> tuple[int, Any]:
        diagonal = a.snf()
        size = math.prod(math.gcd(int(diagonal[i, i]), k) for i in range(n))
        return size, None

    return work


def row(label: str, system: PressSystem) -> str:
    k = system.states
    dense = system.dense().astype(np.int64)
    rhs = dense @ np.random.default_rng(0).integers(0, k, system.n) % k
    prime = all(k % d for d in range(2, k))
    peers: dict[str, Callable[[], tuple[int, Any]] | None] = {
        "lograph": lograph_work(system, rhs),
        "flint": flint_work(dense, rhs, k) if prime else None,
        "galois": galois_work(dense, rhs, k) if prime and system.n <= GALOIS_LIMIT else None,
        "snf": snf_work(dense, k) if not prime and system.n <= SNF_LIMIT else None,
    }
    times: dict[str, float | None] = {}
    sizes = set()
    for name, work in peers.items():
        if work is None:
            times[name] = None
            continue
        size, x = work()
        sizes.add(size)
        if x is not None:
            assert np.array_equal(dense @ np.asarray(x, dtype=np.int64) % k, rhs), name
        times[name] = per_call(work)
    assert len(sizes) == 1, f"{label}: kernel sizes disagree {sizes}"
    ours = times["lograph"]
    assert ours is not None
    engine = get_solver(system).analysis.engine
    ratios = [
        f"{t / ours:.3g}×" if t else "–" for t in (times[n] for n in ("flint", "galois", "snf"))
    ]
    cells = [fmt(times[n]) for n in ("lograph", "flint", "galois", "snf")]
    return (
        f"| {label} | {k} | {system.n} | {sizes.pop()} | {engine} | "
        + " | ".join(cells + ratios)
        + " |"
    )


def main() -> None:
    import numba  # noqa: F401  (loaded, as in any process that has met a big board)

    get_solver(grid_system(5, 5, states=3))  # numba loads its on-disk cache
    print(
        "| board | k | N | quiet patterns | engine | lograph | python-flint | galois | "
        "flint Smith form | flint ÷ lograph | galois ÷ lograph | Smith ÷ lograph |"
    )
    print("|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for side, k in [(5, 3), (5, 5), (10, 3), (20, 3), (20, 251), (40, 3), (60, 7)]:
        print(row(f"{side}×{side} grid", grid_system(side, side, states=k)), flush=True)
    for side, k in [(5, 4), (5, 6), (10, 6), (15, 4)]:
        print(row(f"{side}×{side} grid", grid_system(side, side, states=k)), flush=True)


if __name__ == "__main__":
    main()
