"""What the engines share: memory limits, the cancel message, and checks of a chase plan."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.model.system import PressSystem

if TYPE_CHECKING:  # no runtime import: the registry reads this module without numba
    from lograph.core.chase.plan import ChasePlan

__all__ = [
    "ANALYSIS_CANCELLED",
    "AUTO_SMALL_LIMIT",
    "BASIS_BYTES_LIMIT",
    "CHASE_P_MAX_FREE",
    "DENSE_LIMIT_P",
    "DENSE_LIMIT_ZK",
    "GALOIS_LIMIT",
    "SMALL_INT_LIMIT",
    "SMALL_LIMIT",
    "WORK_BYTES_LIMIT",
    "PlanArrays",
    "check_basis_size",
    "invalid_step",
    "validate_plan",
]

#: The message of the `InterruptedComputation` an engine raises when cancelled.
ANALYSIS_CANCELLED = "analysis cancelled"
#: Most free buttons the chase-p engine accepts: row-reducing a dense 2000 × 4000 ``[M | I]``
#: takes ~3 s for p = 3 and ~8 s for p = 251 (measured on the shared build machine).
CHASE_P_MAX_FREE = 2000
#: The dense engine for p > 2 eliminates with int arithmetic: 3,600 buttons (60×60) take
#: ~10 s for p = 3 and ~25 s for p = 251; beyond that a board is refused rather than left
#: running for minutes.
DENSE_LIMIT_P = 3600
#: The dense engine over Z_k (composite k) runs a Smith form per prime power of k, keeping
#: both transforms: 2,500 buttons (50×50) take about 10 s for k = 6 (measured on the shared
#: build machine); larger boards are refused rather than left running for minutes.
DENSE_LIMIT_ZK = 2500
#: galois reduces a 1,600-button [A | I] in ~15 s: larger boards go to the other engines.
GALOIS_LIMIT = 2500
#: The small engine takes boards over GF(p), p > 2, up to here (numpy elimination)...
SMALL_INT_LIMIT = 400
#: ...and its compiled LU here: two packed N × N bit matrices (4 MiB at 4096 buttons), and
#: O(N³/64) word operations on a board that fills in (~40 ms at 4096 buttons).
SMALL_LIMIT = 4096
#: ``engine="auto"`` gives GF(2) boards up to this many buttons to the small engine: its LU
#: beats planning and running a chase on every family measured up to here (random graphs of
#: 1000 buttons, mean degree 6: 1.2 ms against the chase's 1.75 ms; a 32×32 grid: 0.5 ms
#: against 1.0 ms), and loses to it on random graphs from ~1500 (benchmarks/general_graphs.py).
AUTO_SMALL_LIMIT = 1024
#: Largest quiet basis (nullity × buttons bytes) the engines build.
BASIS_BYTES_LIMIT = 1 << 30
#: Largest working array (chase forms, banded row storage) the engines allocate.
WORK_BYTES_LIMIT = 4 << 30


def check_basis_size(nullity: int, n: int) -> None:
    """Refuse a quiet basis that would not fit in memory."""
    if nullity * n > BASIS_BYTES_LIMIT:
        raise BoardTooLargeError(
            f"the quiet basis ({nullity} patterns × {n} buttons) would need more than "
            f"{BASIS_BYTES_LIMIT >> 30} GB"
        )


def validate_plan(plan: ChasePlan, n: int) -> None:
    """Check the plan's arrays are shaped like a chase over `n` buttons."""
    buttons, lights, check = plan.buttons, plan.lights, plan.check
    if buttons.shape != (n,) or lights.shape != (n,):
        raise BoardError(f"chase plan has {len(buttons)} steps for {n} buttons")
    if not _is_permutation(buttons, n):
        raise BoardError("chase plan does not decide every button exactly once")
    if not _is_permutation(np.concatenate([lights[lights >= 0], check]), n):
        raise BoardError("chase plan's forcing and check lights are not a partition of the lights")


def _is_permutation(values: NDArray[np.int64], n: int) -> bool:
    # bincount is O(n); sorting a million entries would cost more than the chase itself.
    if len(values) != n:
        return False
    if n == 0:
        return True
    if values.min() < 0 or values.max() >= n:
        return False
    return bool((np.bincount(values, minlength=n) == 1).all())


def invalid_step(system: PressSystem, buttons: NDArray[np.int64], step: int) -> BoardError:
    """The error for a plan step that is not a valid force step (found by a kernel)."""
    return BoardError(
        f"chase plan step {step} (button {system.names[int(buttons[step])]!r}) "
        "is not a valid force step"
    )


@dataclass(frozen=True)
class PlanArrays:
    """A chase plan and the row structure of A as the contiguous int64 arrays kernels take."""

    buttons: NDArray[np.int64]
    lights: NDArray[np.int64]
    check: NDArray[np.int64]
    rptr: NDArray[np.int64]
    ridx: NDArray[np.int64]

    @classmethod
    def of(cls, system: PressSystem, plan: ChasePlan) -> PlanArrays:
        rptr, ridx = system.transpose

        def contiguous(values: NDArray[np.int64]) -> NDArray[np.int64]:
            return np.ascontiguousarray(values, dtype=np.int64)

        return cls(
            contiguous(plan.buttons),
            contiguous(plan.lights),
            contiguous(plan.check),
            contiguous(rptr),
            contiguous(ridx),
        )
