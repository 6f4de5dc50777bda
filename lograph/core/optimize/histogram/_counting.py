"""The press histogram: how many solvable positions need exactly 0, 1, 2 … fewest presses.

Two exact ways, the faster that fits. Over GF(p) the positions are counted from the quiet
classes (`lograph.core.optimize.histogram._counting`, piece by piece over GF(2)): any board
whose positions need at most 4,096 presses (4,096 buttons over GF(2)) and whose pieces have
few class profiles (a board with no quiet pattern at once, a random geometric graph of
1,000 buttons and nullity 78 in half a second). Otherwise every one of the ``p^N`` press
vectors is walked once (in a compiled loop, base-p counting order, so each step adds about
one column of A to the running image), keeping the fewest presses seen per image:
independent of the linear algebra, a few seconds at N = 25 over GF(2). Boards beyond both
are refused.

**Over GF(p) from the quiet classes, piece by piece.** Walking every press vector stops at
about 26 buttons.
A press vector x matters to its coset ``x + ker A`` only through its *profile*: how many of
the ``m_v`` buttons of each class v (the button's column of the quiet basis) it presses 0,
1, …, p − 1 times. The coset's lightest vector weighs ``min_λ Σ_v Σ_a n_{v,a}·((a + λ·v)
mod p)`` over the ``p^d`` combinations λ of the quiet patterns, and the multinomials
``Π_v m_v! / Π_a n_{v,a}!`` count the press vectors sharing a profile. Counting the
profiles by their lightest weight and dividing by ``p^d`` (the vectors of one coset) counts
the positions: over GF(2), ``Π (m_v + 1)`` profiles instead of ``2^N`` vectors.

The histogram of a direct sum is the product of its pieces' (a position of the whole is a
free choice of one in each piece, and the fewest presses add up), so over GF(2) the count
runs on each independent piece of the quiet code (`lograph.core.optimize.quiet._pieces`) on
its own, once per distinct piece, and the count polynomials multiply, with
``(1 + z + … + z^(p−1))^m₀`` for the ``m₀`` buttons in no quiet pattern (over GF(p), p > 2,
the pieces come from `lograph.core.optimize.worst._pieces`, each counted on its own). A board
with no quiet pattern at all counts its positions at once, at any size up to
`CLASS_DEGREE_LIMIT`.

Examples
--------
>>> from lograph.core.model.generators import rectangle
>>> from lograph.core.solve import prepare
>>> analysis = prepare(rectangle(4, 4).to_system()).analysis
>>> quiet = np.asarray(analysis.quiet, dtype=np.uint8).reshape(analysis.nullity, 16)
>>> counts = class_histogram(quiet)
>>> sum(counts) == 2**12, len(counts) - 1  # 2^rank positions; the worst needs 7 presses
(True, 7)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.analysis import Analysis
from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.model.board import Board
from lograph.core.model.ring import Ring, RingKind
from lograph.core.model.system import PressSystem
from lograph.core.optimize.quiet import mixed_radix_digits, quiet_classes, quiet_pieces
from lograph.core.work import Work

__all__ = [
    "CLASS_DEGREE_LIMIT",
    "CLASS_WORK_LIMIT",
    "HISTOGRAM_LIMIT",
    "all_presses",
    "class_histogram",
    "class_histogram_work",
    "histogram_method",
    "min_press_table",
    "press_histogram",
    "quiet_rows",
]


#: Largest log2 of the number of press vectors walked (2^26 over GF(2): 26 buttons).
HISTOGRAM_LIMIT = 26
#: Press vectors walked per compiled call, between polls of the work.
_CHUNK = 1 << 21


def _check_limit(limit: int) -> int:
    if isinstance(limit, bool) or not isinstance(limit, int) or not 0 <= limit <= 34:
        raise BoardError(
            f"limit must be an integer in 0..34 (log2 of press vectors), not {limit!r}"
        )
    return limit


def min_press_table(
    system: PressSystem,
    limit: int = HISTOGRAM_LIMIT,
    work: Work | None = None,
) -> NDArray[np.uint8] | NDArray[np.uint16]:
    """Fewest presses of every light pattern, by walking all ``p^N`` press vectors.

    Entry ``i`` belongs to the pattern whose base-p digits (light 0 lowest) are the change
    ``A x``; patterns no press vector reaches hold the dtype's maximum.

    Raises `BoardTooLargeError` when ``p^N > 2^limit``. `work` is polled and told the press
    vectors walked after each chunk.

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> table = min_press_table(rectangle(1, 2).to_system())  # presses a, b light 11, 11
    >>> table.tolist()  # patterns 00, 10, 01, 11
    [0, 255, 255, 1]
    """
    limit = _check_limit(limit)
    work = work or Work()
    n, p = system.n, system.states
    bits = n * math.log2(p)
    if bits > limit + 1e-9:
        raise BoardTooLargeError(
            f"the press histogram walks {p}^{n} press vectors; boards up to 2^{limit} "
            f"are supported (this one has {n} buttons)"
        )
    from lograph.core.kernels.press import min_weight_table

    total = p**n
    dtype = np.uint8 if n * (p - 1) < 255 else np.uint16
    table = np.full(total, np.iinfo(dtype).max, dtype=dtype)
    powers = np.array([p**u for u in range(n)], dtype=np.int64)
    state = np.zeros(2 * n + 2, dtype=np.int64)
    done = 0
    while done < total:
        steps = min(_CHUNK, total - done)
        min_weight_table(system.indptr, system.indices, p, powers, state, table, steps)
        done += steps
        work.poll("press histogram cancelled")
        work.report(done, total)
    return table


def quiet_rows(analysis: Analysis) -> NDArray[np.uint8] | None:
    """The quiet basis over GF(p) as rows (``k × N``); None over Z_k, k composite (no basis
    to count by)."""
    if analysis.quiet_orders is not None:
        return None
    return np.asarray(analysis.quiet, dtype=np.uint8).reshape(analysis.nullity, analysis.n)


def _quiet_basis(system: PressSystem, work: Work) -> NDArray[np.uint8] | None:
    from lograph.core.solve import prepare

    return quiet_rows(prepare(system, cancel=work.cancel).analysis)


def _by_classes(system: PressSystem) -> bool:
    """Whether the board is one the classes can count (a field, few enough presses)."""
    return system.ring.is_field and system.n * system.ring.most <= CLASS_DEGREE_LIMIT


def histogram_method(
    system: PressSystem, quiet: NDArray[np.uint8] | None, limit: int = HISTOGRAM_LIMIT
) -> str | None:
    """How the histogram would be counted: ``"classes"``, ``"walk"``, or None (too big).

    `quiet` is the quiet basis over GF(p) (``k × N``), or None when it is not known (then
    only the walk is considered).

    >>> from lograph.core.model.generators import rectangle
    >>> system = rectangle(40, 40).to_system()  # no quiet pattern: C(1600, w) positions
    >>> histogram_method(system, np.zeros((0, 1600), dtype=np.uint8))
    'classes'
    >>> histogram_method(system, None) is None  # 2^1600 press vectors to walk
    True
    """
    limit = _check_limit(limit)
    if (
        quiet is not None
        and _by_classes(system)
        and class_histogram_work(quiet, system.states) <= CLASS_WORK_LIMIT
    ):
        return "classes"
    return "walk" if system.n * math.log2(system.states) <= limit + 1e-9 else None


def _out_of_reach(system: PressSystem, nullity: int, limit: int) -> BoardTooLargeError:
    return BoardTooLargeError(
        f"the press histogram is out of reach: {system.n} buttons and nullity {nullity} need "
        f"more than 2^{CLASS_WORK_LIMIT.bit_length() - 1} steps of counting by quiet classes, "
        f"and walking press vectors stops at 2^{limit} of them"
    )


def press_histogram(
    board: Board | PressSystem,
    limit: int = HISTOGRAM_LIMIT,
    *,
    work: Work | None = None,
    quiet: NDArray[np.uint8] | None = None,
) -> list[int]:
    """How many solvable positions need exactly 0, 1, 2, … presses at the fewest.

    Parameters
    ----------
    board : Board or PressSystem
        The board (its current lights do not matter).
    limit : int
        Walk the press vectors only while there are at most ``2**limit`` of them (`limit`
        buttons over GF(2)). Over GF(p) the classes are counted first when their work fits
        (`histogram_method`); a board beyond both raises `BoardTooLargeError`.
    work : Work, optional
        Polled between chunks (cancelled: `InterruptedComputation`), and told the work done
        so far and its total after each chunk.
    quiet : array, optional
        The quiet basis over GF(p) (``k × N``) when the caller has it; found otherwise.

    Returns
    -------
    list of int
        Entry w counts the positions whose fewest presses is w (total presses, values
        0..p−1 each); the entries sum to ``p**rank``. The last entry is the worst case.

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> press_histogram(rectangle(3, 3))
    [1, 9, 36, 84, 126, 126, 84, 36, 9, 1]
    """
    system = board.to_system() if isinstance(board, Board) else board
    limit = _check_limit(limit)
    count = _BY_RING[system.ring.kind]
    return count(system, limit, work or Work(), quiet)


_Count = Callable[[PressSystem, int, Work, NDArray[np.uint8] | None], list[int]]


def _field_histogram(
    system: PressSystem,
    limit: int,
    work: Work,
    quiet: NDArray[np.uint8] | None,
) -> list[int]:
    """GF(2) and GF(p): by quiet classes while the count fits, else by the walk."""
    walkable = system.n * math.log2(system.states) <= limit + 1e-9
    if _by_classes(system):
        quiet = _quiet_basis(system, work) if quiet is None else quiet
        try:  # the count checks its own work first, before doing any
            if quiet is not None:  # always over GF(p)
                return class_histogram(quiet, work, system.states)
        except BoardTooLargeError:
            if not walkable and quiet is not None:
                raise _out_of_reach(system, len(quiet), limit) from None
    elif not walkable:
        raise BoardTooLargeError(
            f"the press histogram is out of reach: {system.n} buttons (counting by quiet "
            f"classes stops at {CLASS_DEGREE_LIMIT // (system.states - 1)} buttons with "
            f"{system.states} states, walking press vectors at 2^{limit} of them)"
        )
    return _walked_histogram(system, limit, work, quiet)


def _walked_histogram(
    system: PressSystem,
    limit: int,
    work: Work,
    quiet: NDArray[np.uint8] | None,
) -> list[int]:
    """Z_k (and a field past the classes): the walk over every press vector."""
    table = min_press_table(system, limit, work)
    reached = table[table != np.iinfo(table.dtype).max]
    return [int(c) for c in np.bincount(reached.astype(np.int64))]


#: How `press_histogram` counts, by the board's number system: the quiet classes over a
#: field (bits or digits), the walk over Z_k, where the quiet patterns have no basis.
_BY_RING: dict[RingKind, _Count] = {
    RingKind.GF2: _field_histogram,
    RingKind.GFP: _field_histogram,
    RingKind.ZK: _walked_histogram,
}

#: Largest ``N·(p − 1)`` (the most presses a position can need) counted from the classes:
#: the counts reach ``C(N, N/2)`` (about 1,200 digits at 4,096 buttons over GF(2)), and
#: multiplying the pieces' polynomials of such numbers takes seconds.
CLASS_DEGREE_LIMIT = 4096
#: Largest total work (profiles × combinations × classes × (p − 1), over the distinct
#: pieces): about two seconds of matrix products.
CLASS_WORK_LIMIT = 1 << 31
#: What one profile's count costs in the same units once a piece's counts pass int64
#: (Python integers: about a microsecond each).
_BIG_COUNT_WORK = 1000
#: Profiles scored per block (rows of the block's ``profiles × combinations`` table).
_BLOCK = 1 << 13
_CANCELLED = "press histogram cancelled"

#: One piece to count: its quiet basis over its own buttons, and how many copies there are.
_Piece = tuple[NDArray[np.uint8], int]


def all_presses(buttons: int, p: int) -> list[int]:
    """Coefficients of ``(1 + z + … + z^(p−1))^buttons``: press vectors by total presses
    when every one is its own position (J. C. P. Miller's recurrence for a power of a
    polynomial, exact in integers).

    >>> all_presses(4, 2), all_presses(2, 3)
    ([1, 4, 6, 4, 1], [1, 2, 3, 2, 1])
    """
    out = [1]
    for w in range(1, buttons * (p - 1) + 1):
        total = sum(((buttons + 1) * j - w) * out[w - j] for j in range(1, min(w, p - 1) + 1))
        out.append(total // w)
    return out


def _split(quiet: NDArray[np.uint8], p: int) -> tuple[list[_Piece], int]:
    """The pieces to count (distinct ones once, with their copies) and the number of
    buttons in no quiet pattern."""
    n = quiet.shape[1]
    if len(quiet) == 0:
        return [], n
    if Ring.of(p).kind is not RingKind.GF2:  # each piece once (not told apart over GF(p))
        from lograph.core.optimize.quiet import quiet_pieces_mod_p

        split_p = quiet_pieces_mod_p(quiet, p)
        return [(piece.quiet, 1) for piece in split_p.pieces], len(split_p.fixed)
    split = quiet_pieces(quiet)
    if any(2**piece.dimension > CLASS_WORK_LIMIT for piece in split.pieces):
        # out of reach whatever the others: no need for the forms (a piece of dimension 133
        # takes half a second to bring to echelon form)
        return [(piece.quiet, 1) for piece in split.pieces], len(split.fixed)
    found: dict[bytes, tuple[NDArray[np.uint8], int]] = {}
    for piece in split.pieces:
        form = piece.form()  # copies of one board have one form: counted once
        first, copies = found.get(form, (piece.quiet, 0))
        found[form] = (first, copies + 1)
    return list(found.values()), len(split.fixed)


def _compositions(m: int, p: int) -> NDArray[np.int64]:
    """Every way to press m buttons 0, 1, …, p − 1 times: how many get each, one row each."""
    rows = [c for c in itertools.product(range(m + 1), repeat=p - 1) if sum(c) <= m]
    return np.array([(m - sum(c), *c) for c in rows], dtype=np.int64).reshape(-1, p)


def _work(quiet: NDArray[np.uint8], p: int) -> int:
    d = len(quiet)
    combinations: int = p**d
    if combinations > CLASS_WORK_LIMIT:
        return combinations  # out of reach already (and its classes need not fit in int64)
    _, counts = np.unique(quiet_classes(quiet, p), return_counts=True)
    each = combinations * (len(counts) * (p - 1) + 1)  # the weights table, and its base
    each += _BIG_COUNT_WORK if int(counts.sum()) * math.log2(p) >= 63 else 0
    return int(math.prod(math.comb(int(m) + p - 1, p - 1) for m in counts)) * int(each)


def class_histogram_work(quiet: NDArray[np.uint8], states: int = 2) -> int:
    """The work `class_histogram` would do (compare with `CLASS_WORK_LIMIT`).

    >>> class_histogram_work(np.zeros((0, 5000), dtype=np.uint8))  # no quiet pattern
    0
    """
    pieces, _ = _split(quiet, states)
    return sum(_work(piece, states) for piece, _ in pieces)


def _multinomials(options: NDArray[np.int64]) -> NDArray[np.object_]:
    """How many press vectors of a class share each row of `options` (counts per value)."""
    m = math.factorial(int(options[0].sum()))
    return np.array(
        [m // math.prod(math.factorial(int(x)) for x in row) for row in options], dtype=object
    )


def _weights_table(
    classes: NDArray[np.int64], sizes: NDArray[np.int64], p: int, d: int
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """What a profile weighs under each combination λ of quiet patterns, as ``base + n·T``:
    a button pressed `a` times in class v weighs ``(a + s) mod p`` with ``s = λ·v``, so a
    class weighs ``m_v·s`` plus, for each a ≥ 1, ``n_{v,a}·((a + s) mod p − s)``. Returns
    `base` (``Σ_v m_v·s``, one value per λ) and T (rows class by class, a = 1 … p − 1
    fastest): one column fewer per class than tabulating every a."""
    radix = np.full(d, p, dtype=np.int64)
    combinations = mixed_radix_digits(np.arange(p**d, dtype=np.int64), radix)  # λ, a row each
    v = mixed_radix_digits(classes, radix)  # classes × d: a class's key is its base-p digits
    shift = (combinations @ v.T) % p  # λ × classes
    base = (shift @ sizes).astype(np.float64)
    presses = np.arange(1, p)[None, :, None]
    table = (presses + shift.T[:, None, :]) % p - shift.T[:, None, :]  # classes × a × λ
    return base, table.reshape(len(classes) * (p - 1), p**d).astype(np.float64)


def _piece_histogram(
    quiet: NDArray[np.uint8], p: int, work: Work, tick: Callable[[int], None]
) -> list[int]:
    """Positions of one piece by their fewest presses, from every class profile."""
    d = len(quiet)
    classes, sizes = np.unique(quiet_classes(quiet, p), return_counts=True)
    base, table = _weights_table(classes, sizes.astype(np.int64), p, d)
    profiles = [_compositions(int(m), p) for m in sizes]
    vectors_of = [_multinomials(options) for options in profiles]
    exact_int64 = int(sizes.sum()) * math.log2(p) < 63
    counts = np.zeros(int(sizes.sum()) * (p - 1) + 1, dtype=np.int64 if exact_int64 else object)
    radix = np.array([len(options) for options in profiles], dtype=np.int64)
    total = math.prod(radix.tolist())
    for start in range(0, total, _BLOCK):
        index = mixed_radix_digits(np.arange(start, min(start + _BLOCK, total)), radix)
        pressed = np.hstack([profiles[j][index[:, j], 1:] for j in range(len(radix))])
        weights = base[None, :] + pressed.astype(np.float64) @ table  # exact: |W| ≤ N(p − 1)
        lightest = weights.min(axis=1).astype(np.int64)
        vectors = vectors_of[0][index[:, 0]]
        for j in range(1, len(radix)):
            vectors = vectors * vectors_of[j][index[:, j]]
        np.add.at(counts, lightest, vectors.astype(np.int64) if exact_int64 else vectors)
        work.poll(_CANCELLED)
        tick(len(index) * (table.size + base.size + (0 if exact_int64 else _BIG_COUNT_WORK)))
    return [int(c) // p**d for c in counts]  # p^d vectors of each coset, each counted


def _multiply(a: NDArray[np.object_], b: list[int]) -> NDArray[np.object_]:
    return np.convolve(a, np.array(b, dtype=object))


def class_histogram(
    quiet: NDArray[np.uint8],
    work: Work | None = None,
    states: int = 2,
) -> list[int]:
    """How many positions need 0, 1, 2 … presses at the fewest, from the quiet basis
    (`quiet`: ``k × N`` over GF(`states`), independent rows); entry w counts those needing w.

    Raises `BoardTooLargeError` when the work is past `CLASS_WORK_LIMIT` (callers can check
    `class_histogram_work` first). `work` is polled and told the steps done.

    >>> class_histogram(np.zeros((0, 4), dtype=np.uint8))  # no quiet pattern: C(4, w)
    [1, 4, 6, 4, 1]
    >>> class_histogram(np.array([[1, 1]], dtype=np.uint8))  # 2 positions: 0 and 1 press
    [1, 1]
    >>> class_histogram(np.array([[1, 1]], dtype=np.uint8), states=3)  # x + λ·(1, 1)
    [1, 2]
    """
    p, work = states, work or Work()
    pieces, fixed = _split(quiet, p)
    total = sum(_work(piece, p) for piece, _ in pieces) + 1  # + 1: the products
    if total > CLASS_WORK_LIMIT:
        raise BoardTooLargeError(
            f"counting positions by quiet classes needs about 10^{len(str(total)) - 1} steps "
            f"on this board (nullity {len(quiet)}); the limit is "
            f"2^{CLASS_WORK_LIMIT.bit_length() - 1}"
        )
    done = 0

    def tick(steps: int) -> None:
        nonlocal done
        done += steps
        work.report(done, total)

    product = np.ones(1, dtype=object)
    for piece, copies in pieces:
        counts = _piece_histogram(piece, p, work, tick)
        for _ in range(copies):
            product = _multiply(product, counts)
            work.poll(_CANCELLED)
    # the buttons in no quiet pattern last: their coefficients are the largest numbers
    product = _multiply(product, all_presses(fixed, p))
    work.poll(_CANCELLED)
    tick(1)
    nonzero = np.flatnonzero(product != 0)
    return [int(c) for c in product[: int(nonzero[-1]) + 1]]
