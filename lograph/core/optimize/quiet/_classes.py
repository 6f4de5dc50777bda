"""Buttons grouped by quiet class over GF(2), and every solution's weight by one transform.

Each button i has a *class* ``q_i`` (its column of the quiet basis, read as a number); the
weight of ``x₀ + c·Q`` is ``Σ_i x₀_i ⊕ (c·q_i)``, and all ``2^k`` of them come from one
Walsh–Hadamard transform over the classes (`fewest_by_classes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lograph.core.work import Work

__all__ = [
    "class_numbers",
    "column_keys",
    "fewest_by_classes",
    "mixed_radix_digits",
    "parity",
    "pressing_counts",
    "quiet_classes",
    "reduce_by",
    "span_coordinates",
    "transform_compiled",
    "transform_numpy",
]

#: Above this nullity the transform runs in a compiled in-place kernel (no temporaries) …
_NUMPY_WHT_LIMIT = 20
#: … and above this one too once numba is loaded anyway (2^16: 22 µs instead of numpy's
#: 3 ms; loading numba for one transform would cost more than it saves).
_LOADED_WHT_LIMIT = 12
_CANCELLED = "fewest-presses search cancelled"


def quiet_classes(quiet: NDArray[np.uint8], states: int = 2) -> NDArray[np.int64]:
    """The class of every button: its column of the quiet basis, read as a base-p number.

    Row j of `quiet` is digit j (weight ``p**j``). Needs ``p**k < 2**63``.

    Examples
    --------
    >>> quiet_classes(np.array([[1, 0, 1], [0, 1, 1]], dtype=np.uint8)).tolist()
    [1, 2, 3]
    """
    k, n = quiet.shape
    keys = np.zeros(n, dtype=np.int64)
    for j in range(k):
        keys += quiet[j].astype(np.int64) * states**j
    return keys


def class_numbers(quiet: NDArray[np.uint8]) -> NDArray[np.int64]:
    """Every button's class as a small number (equal classes, equal numbers), whatever the
    nullity (`quiet_classes` needs ``p**k < 2**63``).

    Examples
    --------
    >>> class_numbers(np.array([[1, 0, 1], [1, 0, 1]], dtype=np.uint8)).tolist()
    [1, 0, 1]
    """
    ids = np.unique(np.packbits(quiet, axis=0).T, axis=0, return_inverse=True)[1]
    return ids.ravel().astype(np.int64)


def column_keys(quiet: NDArray[np.uint8]) -> list[int]:
    """Every button's class as a Python int (bit j: quiet row j), whatever the nullity.

    Examples
    --------
    >>> column_keys(np.array([[1, 0, 1], [0, 1, 1]], dtype=np.uint8))
    [1, 2, 3]
    """
    packed = np.packbits(quiet, axis=0, bitorder="little")  # byte j holds rows 8j … 8j+7
    return [int.from_bytes(column.tobytes(), "little") for column in packed.T]


def parity(values: NDArray[np.int64]) -> NDArray[np.int64]:
    """The parity (0 or 1) of the set bits of each entry.

    Examples
    --------
    >>> parity(np.array([0, 1, 3, 7], dtype=np.int64)).tolist()
    [0, 1, 0, 1]
    """
    v = values.copy()
    for s in (32, 16, 8, 4, 2, 1):
        v ^= v >> s
    return v & 1


def transform_numpy(a: NDArray[np.int64], work: Work | None) -> None:
    """The Walsh–Hadamard transform of `a` in place (numpy; a few temporaries); `work` is
    polled between stages."""
    work = work or Work()
    h = 1
    while h < len(a):
        v = a.reshape(-1, 2, h)
        top = v[:, 0, :].copy()
        v[:, 0, :] += v[:, 1, :]
        v[:, 1, :] = top - v[:, 1, :]
        h *= 2
        work.poll(_CANCELLED)


def transform_compiled(a: NDArray[np.signedinteger[Any]], work: Work | None) -> None:
    """The Walsh–Hadamard transform of `a` in place (int16 or int32, length a power of two
    of at least 16: compiled passes of three stages on vector registers, no temporaries);
    `work` is polled between passes."""
    from lograph.core.kernels.wht import transform_pass

    work = work or Work()
    h = 1
    while h < len(a):
        h = transform_pass(a, h)
        work.poll(_CANCELLED)


def fewest_by_classes(
    keys: NDArray[np.int64],
    k: int,
    x0: NDArray[np.uint8],
    work: Work | None = None,
    rng: np.random.Generator | None = None,
) -> tuple[NDArray[np.uint8], int, int]:
    """Exact minimum weight of ``x0 + span(quiet)`` over GF(2), given the buttons' classes.

    weight(c) = Σ_v n1[v] + Σ_v d[v]·[c·v odd], with n1[v] / n0[v] the buttons of class v
    pressed / not pressed in x0 and d = n0 − n1; since [odd] = (1 − (−1)^{c·v}) / 2 this is
    ``W1 + (D − H[c]) / 2`` with H the Walsh–Hadamard transform of d. Fewest presses ↔ max H.
    Returns the lightest solution, its weight and how many solutions share that weight
    (the first one, or a random one of them when `rng` is given). `work` is polled.
    """
    signs = 1 - 2 * x0.astype(np.int64)  # +1 where not pressed, −1 where pressed
    size = 1 << k
    if k <= _LOADED_WHT_LIMIT or (k <= _NUMPY_WHT_LIMIT and not _compiled_transform_ready()):
        spectrum = np.bincount(keys, signs, size).astype(np.int64)
        transform_numpy(spectrum, work)
        ties = np.flatnonzero(spectrum == spectrum.max())
    else:
        # 2^k int16 (int32 past 32,767 buttons: every value is bounded by their number) in
        # place; bincount would allocate 2^k float64 first
        from lograph.core.kernels.press import wide

        uniq, inverse = np.unique(keys, return_inverse=True)
        dtype = wide(len(keys))
        compact = np.zeros(size, dtype=dtype)
        compact[uniq] = np.bincount(inverse, signs, len(uniq)).astype(dtype)
        transform_compiled(compact, work)
        ties = np.flatnonzero(compact == compact.max())
    best = int(ties[0] if rng is None else rng.choice(ties))
    presses = (x0.astype(np.int64) ^ parity(keys & best)).astype(np.uint8)
    return presses, int(presses.sum()), len(ties)


def pressing_counts(
    keys: NDArray[np.int64], cls: NDArray[np.int64], counts: NDArray[np.int64]
) -> NDArray[np.uint8]:
    """A press vector with the first ``counts[i]`` buttons of class ``cls[i]`` pressed, and
    every button of class 0 (those are pressed in the whole coset, so they always count)."""
    order = np.argsort(keys, kind="stable")
    ordered = keys[order]
    rank = np.arange(len(keys)) - np.searchsorted(ordered, ordered)  # place within its class
    allowed = np.full(len(keys), len(keys), dtype=np.int64)
    nonzero = ordered != 0
    allowed[nonzero] = counts[np.searchsorted(cls, ordered[nonzero])]
    presses = np.zeros(len(keys), dtype=np.uint8)
    presses[order] = rank < allowed
    return presses


def reduce_by(vector: int, pivots: dict[int, tuple[int, int]]) -> tuple[int, int]:
    """`vector` (bits of a class key) reduced by the pivots (highest bit → a reduced vector
    and the basis members whose sum it is), and the members summed on the way: a vector in
    the span reduces to 0, and the members are then its coordinates."""
    members = 0
    while vector and (pivot := pivots.get(vector.bit_length())) is not None:
        vector ^= pivot[0]
        members ^= pivot[1]
    return vector, members


def span_coordinates(
    vectors: Sequence[int],
) -> tuple[list[int], list[int], dict[int, tuple[int, int]]]:
    """A basis of the vectors' span (the first independent ones, in order), every vector's
    coordinates in it (bit j: basis member j), and the pivots that reduce by it.

    Examples
    --------
    >>> basis, coordinates, _ = span_coordinates([0b011, 0b110, 0b101, 0b100])
    >>> basis, coordinates
    ([3, 6, 4], [1, 2, 3, 4])
    """
    basis: list[int] = []
    coordinates: list[int] = []
    pivots: dict[int, tuple[int, int]] = {}
    for vector in vectors:
        rest, members = reduce_by(vector, pivots)
        if rest:  # rest = vector + (the members so far): the vector is member j
            pivots[rest.bit_length()] = (rest, members ^ 1 << len(basis))
            members = 1 << len(basis)
            basis.append(vector)
        coordinates.append(members)
    return basis, coordinates, pivots


def mixed_radix_digits(index: NDArray[np.int64], orders: NDArray[np.int64]) -> NDArray[np.int64]:
    """The mixed-radix digits ``c_j`` (``0 ≤ c_j < orders[j]``, c_0 lowest) of each index.

    >>> mixed_radix_digits(np.arange(4), np.array([2, 3])).tolist()
    [[0, 0], [1, 0], [0, 1], [1, 1]]
    """
    place = np.cumprod(np.r_[1, orders[:-1]]).astype(np.int64)[: len(orders)]
    return (index[:, None] // place[None, :]) % orders[None, :]


def _compiled_transform_ready() -> bool:
    """Whether the compiled transform would run without compiling (numba loaded, the kernel
    compiled or in the disk cache); its module is imported only then, as it loads numba."""
    from lograph.core.kernels.jit import compiled_ready, numba_loaded

    if not numba_loaded():
        return False
    from lograph.core.kernels.wht import transform_pass

    return compiled_ready(transform_pass)
