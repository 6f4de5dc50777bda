"""The person's recipe: chase, read the check lights, look up the free presses, chase again.

Chasing a position with no free presses leaves some check lights on. That pattern depends
linearly on the free presses: with free presses f the check lights read ``c + M f`` (mod p),
where column j of the *response* M is what chasing an all-off board after pressing only
free button j leaves on the check lights. So the position is solvable exactly when
``-c`` lies in the image of M, and the lookup table maps every such c to a fewest-presses
f with ``M f = -c``. The table has p^rank(M) rows (8 on the classic 5×5), and is refused
beyond `TABLE_LIMIT` rows. Over Z_k (k composite) the same holds with |image of M| rows,
``k^free / |ker M|`` (`lograph.core.algebra.zk`): every press matrix entry is 1, a unit, so
the chase forces as it does over GF(p).

Examples
--------
>>> from lograph.core.model.generators import grid_system
>>> system = grid_system(5, 5)
>>> table = chase_table(system)
>>> len(table), table.minimal
(8, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.algebra.zk import ZkModule
from lograph.core.chase.plan import ChasePlan, chase_plan, check_plan
from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.kernels.chase_plan import simulate_chase
from lograph.core.kernels.jit import IntArray
from lograph.core.model.board import Board
from lograph.core.model.system import PressSystem
from lograph.core.work import Cancel, poll

__all__ = [
    "TABLE_LIMIT",
    "ChaseTable",
    "chase_solve",
    "chase_table",
    "check_response",
    "run_chase",
]

#: Most rows (solvable check-light patterns) a lookup table may have.
TABLE_LIMIT = 1 << 12
#: Free press vectors enumerated to guarantee fewest presses (p^free up to this).
EXACT_LIMIT = 1 << 18
#: Most free buttons a table is attempted for (the response is free × free).
FREE_LIMIT = 512
#: Most work (free buttons × (buttons + matrix entries)) spent building the response.
RESPONSE_WORK = 100_000_000


def run_chase(
    system: PressSystem,
    plan: ChasePlan,
    lights: ArrayLike | None = None,
    free_presses: ArrayLike | None = None,
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """Play the chase on a position: the presses made and the check lights left.

    Free buttons are pressed `free_presses` times (in ``plan.free`` order; none by
    default); each forced button is pressed until its light goes off.

    Parameters
    ----------
    system : PressSystem
        The board; its own lights are used when `lights` is None.
    plan : ChasePlan
        A plan of `system`.
    lights : array_like, optional
        Light values (0..p-1) in button order.
    free_presses : array_like, optional
        Presses of each free button, in ``plan.free`` order.

    Returns
    -------
    presses : ndarray of uint8, shape (n,)
        How often each button was pressed, in button order.
    check : ndarray of uint8
        The values of ``plan.check`` lights afterwards (all lights but these are off).

    Examples
    --------
    >>> from lograph.core.model.generators import grid_system
    >>> system = grid_system(1, 3)
    >>> plan = chase_plan(system)
    >>> [system.names[w] for w in plan.free]
    ['r0c0']
    >>> presses, check = run_chase(system, plan, [1, 1, 0])
    >>> presses.tolist(), check.tolist()
    ([0, 1, 0], [1])
    """
    p = system.states
    state = _lights(system, lights)
    k = plan.free_count
    free = np.zeros(k, dtype=np.int64) if free_presses is None else np.asarray(free_presses)
    if free.shape != (k,) or (k and (free.min() < 0 or free.max() >= p)):
        raise BoardError(f"expected {k} free press counts in 0..{p - 1}, got {free.tolist()}")
    x = simulate_chase(
        system.indptr,
        system.indices,
        np.asarray(plan.buttons, dtype=np.int64),
        np.asarray(plan.lights, dtype=np.int64),
        p,
        state,
        free.astype(np.int64),
    )
    return x.astype(np.uint8), state[plan.check].astype(np.uint8)


def _lights(system: PressSystem, lights: ArrayLike | None) -> IntArray:
    if lights is None:
        arr = np.asarray(system.lights, dtype=np.int64)
        return arr.copy() if len(arr) == system.n else np.zeros(system.n, dtype=np.int64)
    arr = np.array(lights, dtype=np.int64)
    if arr.shape != (system.n,) or (arr.size and (arr.min() < 0 or arr.max() >= system.states)):
        raise BoardError(
            f"expected {system.n} light values in 0..{system.states - 1}, got shape {arr.shape}"
        )
    return arr


def check_response(
    system: PressSystem, plan: ChasePlan, cancel: Cancel = None
) -> NDArray[np.int64]:
    """The response matrix M: column j = check lights after chasing only free press j.

    Refused (`BoardTooLargeError`) beyond `FREE_LIMIT` free buttons or `RESPONSE_WORK`.
    """
    _check_size(system, plan)
    k = plan.free_count
    response = np.zeros((len(plan.check), k), dtype=np.int64)
    unit = np.zeros(k, dtype=np.int64)
    zeros = np.zeros(system.n, dtype=np.int64)
    for j in range(k):
        poll(cancel, "building the lookup table was cancelled")
        unit[j] = 1
        _, check = run_chase(system, plan, zeros, unit)
        response[:, j] = check
        unit[j] = 0
    return response


def _check_size(system: PressSystem, plan: ChasePlan) -> None:
    k = plan.free_count
    if k > FREE_LIMIT or k * (system.n + system.nnz) > RESPONSE_WORK:
        raise BoardTooLargeError(
            f"the chase plan has {k} free buttons on {system.n} buttons; lookup tables are "
            f"built for at most {FREE_LIMIT} free buttons and {RESPONSE_WORK:.0e} steps of work"
        )


@dataclass(frozen=True, eq=False)
class ChaseTable:
    """The lookup table of a chase plan: check-light pattern -> free presses.

    Attributes
    ----------
    plan : ChasePlan
        The plan the table belongs to.
    states : int
        The number of states k (prime or not).
    response : ndarray, shape (check, free)
        M: the check lights after chasing an all-off board with one press of free button j.
    patterns : ndarray of uint8, shape (rows, check)
        Every check-light pattern a solvable position leaves after chasing with no free
        presses (values in ``plan.check`` order), sorted; row 0 is all off.
    presses : ndarray of uint8, shape (rows, free)
        For each pattern, how often to press each free button (``plan.free`` order).
    minimal : bool
        True when every row uses the fewest presses possible (total press count); False
        when the free space was too big to search and the rows are merely valid.
    """

    plan: ChasePlan
    states: int
    response: NDArray[np.int64]
    patterns: NDArray[np.uint8]
    presses: NDArray[np.uint8]
    minimal: bool

    def __len__(self) -> int:
        return len(self.patterns)

    def lookup(self, pattern: ArrayLike) -> NDArray[np.uint8] | None:
        """The free presses for a check-light pattern, or None when it is unsolvable.

        Examples
        --------
        >>> from lograph.core.model.generators import grid_system
        >>> table = chase_table(grid_system(5, 5))
        >>> table.lookup([0, 0, 0, 0, 0]).tolist()
        [0, 0, 0, 0, 0]
        >>> table.lookup([1, 0, 0, 0, 0]) is None
        True
        """
        arr = np.asarray(pattern, dtype=np.int64)
        if arr.shape != (self.patterns.shape[1],) or (
            arr.size and (arr.min() < 0 or arr.max() >= self.states)
        ):
            raise BoardError(
                f"expected {self.patterns.shape[1]} check-light values in "
                f"0..{self.states - 1}, got {arr.tolist()}"
            )
        row = self._rows.get(arr.astype(np.uint8).tobytes())
        return None if row is None else self.presses[row].copy()

    @cached_property
    def _rows(self) -> dict[bytes, int]:
        return {pattern.tobytes(): i for i, pattern in enumerate(self.patterns)}


def _rank_mod_p(matrix: IntArray, p: int) -> tuple[int, list[int]]:
    """Rank of a small matrix over GF(p) and its pivot columns (plain elimination)."""
    m = matrix.copy() % p
    pivots: list[int] = []
    row = 0
    for col in range(m.shape[1]):
        hits = np.flatnonzero(m[row:, col]) + row
        if row >= m.shape[0] or not hits.size:
            continue
        m[[row, hits[0]]] = m[[hits[0], row]]
        m[row] = (m[row] * pow(int(m[row, col]), -1, p)) % p
        others = np.flatnonzero(m[:, col])
        others = others[others != row]
        m[others] = (m[others] - np.outer(m[others, col], m[row])) % p
        pivots.append(col)
        row += 1
        if row == m.shape[0]:
            break
    return row, pivots


def _too_many(rows: str, limit: int) -> BoardTooLargeError:
    return BoardTooLargeError(
        f"the lookup table would have {rows} rows (limit {limit}); "
        "solve this board with `lograph solve` instead"
    )


def _free_vectors_zk(
    response: IntArray, k: int, every: bool, limit: int, cancel: Cancel
) -> IntArray:
    """Free press vectors over Z_k (k composite) reaching every pattern of the image of the
    response: all k^free of them when `every`, else one per pattern, built by adding one
    free button's multiples at a time (a button whose column is already reached adds
    nothing, since the reached patterns form a group)."""
    free_count = response.shape[1]
    rows = int(k**free_count) // ZkModule(response, k, cancel=cancel).kernel_size
    if rows > limit:
        raise _too_many(str(rows), limit)
    if every:
        return _digits(k**free_count, free_count, k)
    reached = {np.zeros(response.shape[0], dtype=np.int64).tobytes()}
    vectors = [np.zeros(free_count, dtype=np.int64)]
    for j in range(free_count):
        poll(cancel, "building the lookup table was cancelled")
        column = response[:, j] % k
        if column.tobytes() in reached:
            continue
        images = [(vec @ response.T) % k for vec in vectors]
        for times in range(1, k):
            for vec, image in zip(vectors[:], images, strict=False):
                key = ((image + times * column) % k).tobytes()
                if key not in reached:
                    reached.add(key)
                    shifted = vec.copy()
                    shifted[j] = times
                    vectors.append(shifted)
    return np.array(vectors, dtype=np.int64)


def _digits(count: int, width: int, p: int) -> IntArray:
    """All vectors of `width` digits 0..p-1, as rows (first digit most significant)."""
    codes = np.arange(count, dtype=np.int64)
    return (codes[:, None] // p ** np.arange(width - 1, -1, -1, dtype=np.int64)) % p


def chase_table(
    system: PressSystem | Board,
    plan: ChasePlan | None = None,
    *,
    limit: int = TABLE_LIMIT,
    cancel: Cancel = None,
) -> ChaseTable:
    """The lookup table of the person's recipe for `system` (and `plan`, else the best plan).

    Each row gives, for one check-light pattern left by chasing a solvable position with no
    free presses, the fewest presses of the free buttons (fewest total presses; ties go to
    the smallest press vector read in ``plan.free`` order) that make a second chase end
    with every light off.

    Raises
    ------
    BoardTooLargeError
        When the table would have more than `limit` rows, or the plan more than
        `FREE_LIMIT` free buttons.
    """
    if isinstance(system, Board):
        system = system.to_system()
    if plan is None:
        plan = chase_plan(system, cancel=cancel)
    else:
        _check_size(system, plan)  # before validating a huge plan for nothing
        check_plan(system, plan)
    p = system.states
    response = check_response(system, plan, cancel)
    k = plan.free_count
    minimal = p**k <= EXACT_LIMIT
    if system.ring.is_field:
        rank, pivots = _rank_mod_p(response, p)
        if p**rank > limit:
            raise _too_many(f"{p}^{rank}", limit)
        # Enumerate every free press vector when that is cheap (exact fewest presses), else
        # only combinations of the pivot free buttons: one valid vector per pattern.
        cols = list(range(k)) if minimal else pivots
        combos = _digits(p ** len(cols), len(cols), p)
        free = np.zeros((len(combos), k), dtype=np.int64)
        free[:, cols] = combos
    else:
        free = _free_vectors_zk(response, p, minimal, limit, cancel)
    patterns = (-(free @ response.T)) % p  # chasing leaves c; presses f fix it iff Mf = -c
    # Group the vectors by pattern (np.unique sorts patterns, so the all-off one comes
    # first) and keep, per pattern, the fewest presses, then the smallest vector.
    _, group = np.unique(patterns, axis=0, return_inverse=True)
    group = group.ravel()
    order = np.lexsort((np.arange(len(free)), free.sum(axis=1), group))
    first = np.concatenate(([True], group[order][1:] != group[order][:-1]))
    rows = order[first]
    return ChaseTable(
        plan=plan,
        states=p,
        response=response,
        patterns=patterns[rows].astype(np.uint8),
        presses=free[rows].astype(np.uint8),
        minimal=minimal,
    )


def chase_solve(
    system: PressSystem, table: ChaseTable, lights: ArrayLike | None = None
) -> NDArray[np.uint8] | None:
    """Solve a position by the recipe: chase, look up, press the free buttons, chase again.

    Returns the total presses per button (mod p) that switch every light off, or None when
    the position is unsolvable.

    Examples
    --------
    >>> from lograph.core.model.generators import grid_system
    >>> system = grid_system(3, 3)
    >>> presses = chase_solve(system, chase_table(system), [1, 0, 0, 0, 0, 0, 0, 0, 0])
    >>> system.apply(presses).tolist()
    [1, 0, 0, 0, 0, 0, 0, 0, 0]
    """
    first, pattern = run_chase(system, table.plan, lights)
    fix = table.lookup(pattern)
    if fix is None:
        return None
    state = (_lights(system, lights) + system.apply(first)) % system.states
    second, left = run_chase(system, table.plan, state, fix)
    if left.any():  # cannot happen for a table built from this system and plan
        raise BoardError("the lookup table does not belong to this board")
    return ((first.astype(np.int64) + second) % system.states).astype(np.uint8)
