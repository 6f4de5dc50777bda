"""The exact worst position of a small quiet code from its class counts: every choice of
counts while there are few, else the integer program (HiGHS through `scipy.optimize.milp`).

A position matters only through ``t_v``, how many of the ``m_v`` buttons of each class v it
presses (`lograph.core.optimize.worst._search` states the program); both methods return a press
vector whose coset is then scored exactly by one transform.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from lograph.core.optimize.quiet import fewest_by_classes, parity, pressing_counts
from lograph.core.optimize.worst._program import WORST_SECONDS
from lograph.core.work import Work, run_cancellable

__all__ = ["enumerate_counts", "ilp_stage"]

#: Exhaustive search over class counts while there are at most this many choices.
_COUNT_ENUMERATION_LIMIT = 1 << 16
#: The integer program takes at most this many constraint-matrix entries (2^k × classes).
_ILP_ENTRIES = 1 << 22
_CANCELLED = "worst-position search cancelled"


def _class_counts(keys: NDArray[np.int64]) -> tuple[int, NDArray[np.int64], NDArray[np.int64]]:
    """Buttons of class 0, then the non-zero classes and how many buttons each holds."""
    classes, counts = np.unique(keys, return_counts=True)
    return int(counts[classes == 0].sum()), classes[classes != 0], counts[classes != 0]


def enumerate_counts(keys: NDArray[np.int64], k: int, work: Work) -> NDArray[np.uint8] | None:
    """Try every choice of class counts (None when there are too many): exact and quick
    for small nullity, where HiGHS's start-up would dominate."""
    m0, cls, m = _class_counts(keys)
    total = math.prod(int(c) + 1 for c in m)
    if total > _COUNT_ENUMERATION_LIMIT or total << k > _COUNT_ENUMERATION_LIMIT << 6:
        return None
    odd = parity(np.arange(1 << k, dtype=np.int64)[:, None] & cls[None, :])
    signs = (1 - 2 * odd).T  # (classes, 2^k): how t_v enters the weight of x + c·Q
    base = m0 + odd @ m  # that weight when every t_v = 0
    place = np.cumprod(np.r_[1, m[:-1] + 1]).astype(np.int64)
    chunk = max(1, (1 << 20) >> k)
    best_value, best_counts = -1, np.zeros(len(cls), dtype=np.int64)
    for start in range(0, total, chunk):
        index = np.arange(start, min(total, start + chunk), dtype=np.int64)
        counts = (index[:, None] // place[None, :]) % (m + 1)[None, :]
        value = (base[None, :] + counts @ signs).min(axis=1)  # fewest presses per choice
        i = int(np.argmax(value))
        if value[i] > best_value:
            best_value, best_counts = int(value[i]), counts[i]
        work.poll(_CANCELLED)
    return pressing_counts(keys, cls, best_counts)


def _ilp(
    keys: NDArray[np.int64], k: int, n: int, time_limit: float
) -> tuple[NDArray[np.uint8], int, bool] | None:
    """Solve the class-count integer program; None when no feasible point came back.

    Without loss of generality the position's press vector x is itself a lightest vector
    of its coset, so its weight Σ t_v is the fewest presses, and "no quiet pattern c makes
    it lighter" reads ``Σ_{v: c·v odd} t_v ≤ ⌊M_c / 2⌋`` with ``M_c = Σ_{v: c·v odd} m_v``.
    Maximising Σ t_v under these 0/1 packing rows is far easier for HiGHS than the
    max-min form (whose 2^k mirror-image optima it would otherwise have to tell apart).

    Returns the press vector, an upper bound on the covering radius, and whether HiGHS
    proved optimality.
    """
    from scipy.optimize import Bounds, LinearConstraint, milp

    m0, cls, counts = _class_counts(keys)
    m = counts.astype(np.float64)
    odd = parity(np.arange(1, 1 << k, dtype=np.int64)[:, None] & cls[None, :]).astype(np.float64)
    result = milp(
        -np.ones(len(cls)),
        constraints=LinearConstraint(odd, -np.inf, np.floor(odd @ m / 2)),
        integrality=np.ones(len(cls)),
        bounds=Bounds(np.zeros(len(cls)), m),
        options={"time_limit": time_limit, "disp": False},
    )
    if result.x is None:
        return None
    presses = pressing_counts(keys, cls, np.rint(result.x).astype(np.int64))
    proven = result.status == 0
    bound = getattr(result, "mip_dual_bound", None)
    upper = n if bound is None or not np.isfinite(bound) else m0 + math.floor(-bound + 1e-6)
    return presses, upper, proven


def ilp_stage(
    keys: NDArray[np.int64], k: int, n: int, work: Work
) -> tuple[NDArray[np.uint8], int, int, bool] | None:
    """The integer program when its 2^k rows fit, HiGHS given the seconds to the work's
    deadline: its position scored exactly (the count never rests on floats), the solver's
    upper bound and whether it proved optimality."""
    distinct = len(np.unique(keys))
    if (1 << k) * (distinct + 1) > _ILP_ENTRIES:
        return None
    seconds = work.seconds_left(WORST_SECONDS)
    found = run_cancellable(
        lambda: _ilp(keys, k, n, seconds), work.cancel, _CANCELLED, name="lograph-worst-milp"
    )
    if found is None:
        return None
    x, upper, proven = found
    presses, worst, _ = fewest_by_classes(keys, k, x, work)
    return presses, worst, upper, proven
