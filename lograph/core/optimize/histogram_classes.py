"""The press histogram over GF(2) from the quiet classes, piece by piece.

Walking every press vector (`lograph.core.optimize.histogram`) stops at about 26 buttons.
Over GF(2) a press vector x matters to its coset ``x + ker A`` only through ``t_v``, how
many of the ``m_v`` buttons of each class v it presses: the coset's lightest vector weighs
``min_c W(c)`` with ``W(c) = Σ_v (c·v odd ? m_v − t_v : t_v)`` over the ``2^d`` characters
c of the class space, and ``Π_v C(m_v, t_v)`` press vectors share one profile t. Counting
the profiles by their lightest weight and dividing by ``2^d`` (the vectors of one coset)
counts the positions: ``Π (m_v + 1)`` profiles instead of ``2^N`` vectors.

And the histogram of a direct sum is the product of its pieces' (a position of the whole is
a free choice of one in each piece, and the fewest presses add up), so the count runs on each
independent piece of the quiet code (`lograph.core.optimize.gf2_pieces`) on its own, once
per distinct piece, and the pieces' polynomials multiply, with ``(1 + z)^m₀`` for the
``m₀`` buttons in no quiet pattern. A board with no quiet pattern at all counts
``C(N, w)`` positions needing w presses, at any size up to `CLASS_BUTTON_LIMIT`.

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

import math
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from lograph.core.cancel import Cancel, Progress, poll, report
from lograph.core.errors import BoardTooLargeError
from lograph.core.optimize.gf2_classes import parity, quiet_classes
from lograph.core.optimize.gf2_pieces import Piece, quiet_pieces

__all__ = ["CLASS_BUTTON_LIMIT", "CLASS_WORK_LIMIT", "class_histogram", "class_histogram_work"]

#: Largest board counted from its classes: the counts reach ``C(N, N/2)`` (about 1,200 digits
#: at 4,096 buttons), and multiplying the pieces' polynomials of such numbers takes seconds.
CLASS_BUTTON_LIMIT = 4096
#: Largest total work (profiles × characters × classes, over the distinct pieces): about
#: two seconds of matrix products.
CLASS_WORK_LIMIT = 1 << 31
#: What one profile's count costs in the same units once a piece has 63 buttons or more
#: and the counts no longer fit in int64 (Python integers: about a microsecond each).
_BIG_COUNT_WORK = 1000
#: Profiles scored per block (rows of the block's ``profiles × characters`` weight table).
_BLOCK = 1 << 13
_CANCELLED = "press histogram cancelled"


def _piece_classes(piece: Piece) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The piece's distinct classes (in its own basis) and how many buttons each holds."""
    classes, counts = np.unique(quiet_classes(piece.quiet), return_counts=True)
    return classes, counts.astype(np.int64)


def _distinct(pieces: list[Piece]) -> dict[bytes, tuple[Piece, int]]:
    """Each distinct piece (by its form) with how many copies the board holds."""
    found: dict[bytes, tuple[Piece, int]] = {}
    for piece in pieces:
        form = piece.form()
        first, copies = found.get(form, (piece, 0))
        found[form] = (first, copies + 1)
    return found


def _work(piece: Piece) -> int:
    if (1 << piece.dimension) > CLASS_WORK_LIMIT:
        return 1 << piece.dimension  # out of reach already (and its classes need not fit)
    classes, counts = _piece_classes(piece)
    each = (1 << piece.dimension) * len(classes)
    each += _BIG_COUNT_WORK if counts.sum() >= 63 else 0
    return math.prod(int(m) + 1 for m in counts) * each


def class_histogram_work(quiet: NDArray[np.uint8]) -> int:
    """The work `class_histogram` would do (compare with `CLASS_WORK_LIMIT`).

    >>> class_histogram_work(np.zeros((0, 5000), dtype=np.uint8))  # no quiet pattern
    0
    """
    pieces = quiet_pieces(quiet).pieces if len(quiet) else []
    return sum(_work(piece) for piece, _ in _distinct(pieces).values())


def _profiles(start: int, stop: int, radix: NDArray[np.int64]) -> NDArray[np.int64]:
    """Profiles number `start` … `stop − 1` in mixed radix (class 0 lowest), one row each."""
    index = np.arange(start, stop, dtype=np.int64)
    digits = np.empty((len(index), len(radix)), dtype=np.int64)
    for j, base in enumerate(radix.tolist()):
        index, digits[:, j] = np.divmod(index, base)
    return digits


def _piece_histogram(piece: Piece, cancel: Cancel, tick: Callable[[int], None]) -> list[int]:
    """Positions of the piece by their fewest presses, from every class profile."""
    classes, m = _piece_classes(piece)
    d = piece.dimension
    odd = parity(np.arange(1 << d, dtype=np.int64)[:, None] & classes[None, :]).T.astype(float)
    # Π C(m_v, t_v) press vectors per profile: exact in int64 below 2^63 in all, else ints
    exact_int64 = int(m.sum()) < 63
    choose = [np.array([math.comb(int(size), t) for t in range(int(size) + 1)], dtype=object)
              for size in m]  # fmt: skip
    counts = np.zeros(int(m.sum()) + 1, dtype=np.int64 if exact_int64 else object)
    total = math.prod(int(size) + 1 for size in m)
    for start in range(0, total, _BLOCK):
        profile = _profiles(start, min(start + _BLOCK, total), m + 1)
        # W(c) = Σ t + Σ_{c·v odd} (m_v − 2 t_v); floats are exact here (|W| ≤ N)
        weights = profile.sum(axis=1)[:, None] + ((m - 2 * profile) @ odd).astype(np.int64)
        lightest = weights.min(axis=1)
        vectors = choose[0][profile[:, 0]]
        for j in range(1, len(m)):
            vectors = vectors * choose[j][profile[:, j]]
        np.add.at(counts, lightest, vectors.astype(np.int64) if exact_int64 else vectors)
        poll(cancel, _CANCELLED)
        tick(len(profile) * ((1 << d) * len(classes) + (0 if exact_int64 else _BIG_COUNT_WORK)))
    return [int(c) >> d for c in counts]  # 2^d vectors of each coset, each counted


def _multiply(a: NDArray[np.object_], b: list[int]) -> NDArray[np.object_]:
    return np.convolve(a, np.array(b, dtype=object))


def class_histogram(
    quiet: NDArray[np.uint8], cancel: Cancel = None, progress: Progress = None
) -> list[int]:
    """How many positions need 0, 1, 2 … presses at the fewest, from the quiet basis
    (`quiet`: ``k × N`` over GF(2), independent rows); entry w counts those needing w.

    Raises `BoardTooLargeError` when the work is past `CLASS_WORK_LIMIT` (callers can check
    `class_histogram_work` first).

    >>> class_histogram(np.zeros((0, 4), dtype=np.uint8))  # no quiet pattern: C(4, w)
    [1, 4, 6, 4, 1]
    >>> class_histogram(np.array([[1, 1]], dtype=np.uint8))  # 2 positions: 0 and 1 press
    [1, 1]
    """
    n = quiet.shape[1]
    split = quiet_pieces(quiet) if len(quiet) else None
    distinct = _distinct(split.pieces if split else [])
    total = sum(_work(piece) for piece, _ in distinct.values()) + 1  # + 1: the products
    if total > CLASS_WORK_LIMIT:
        raise BoardTooLargeError(
            f"counting positions by quiet classes needs about 10^{len(str(total)) - 1} steps "
            "on this board "
            f"(nullity {len(quiet)}); the limit is 2^{CLASS_WORK_LIMIT.bit_length() - 1}"
        )
    done = 0

    def tick(work: int) -> None:
        nonlocal done
        done += work
        report(progress, done, total)

    product = np.ones(1, dtype=object)
    for piece, copies in distinct.values():
        counts = _piece_histogram(piece, cancel, tick)
        for _ in range(copies):
            product = _multiply(product, counts)
            poll(cancel, _CANCELLED)
    # the buttons in no quiet pattern last: their binomials are the largest numbers
    fixed = n if split is None else len(split.fixed)
    product = _multiply(product, [math.comb(fixed, w) for w in range(fixed + 1)])
    poll(cancel, _CANCELLED)
    tick(1)
    nonzero = np.flatnonzero(product != 0)
    return [int(c) for c in product[: int(nonzero[-1]) + 1]]
