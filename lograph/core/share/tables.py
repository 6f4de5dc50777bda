"""The tables with which the shared page solves any position by itself: for each prime
power q = p^e of k, the Smith form ``U A V = D`` of the press matrix over Z_q
(`lograph.core.algebra.zk_smith`), joined by the Chinese remainder theorem.

The page solves ``A x = c`` as `PrimePowerSmith.solve` does: ``y = U c``; every ``y_t``
must be a multiple of ``D[t, t] = p^a_t`` (and 0 past the pivots); ``x = V (y / D)``. The
quiet patterns are V's columns times ``p^(e - a_t)`` (order ``p^a_t``) and V's columns past
the pivots (order q). Adding every quiet pattern to x in turn finds the fewest presses
while there are at most `ENUMERATION_LIMIT` of them. Matrices are packed as bits
(``ceil(log2 q)`` per entry, row by row) in base64, so a 5×5 on/off board costs ~220 bytes.

Examples
--------
>>> from lograph.core.model.generators import rectangle
>>> t = hint_tables(rectangle(5, 5).to_system())
>>> [(f["p"], f["e"], len(f["valuations"])) for f in t["factors"]], t["kernel"]
([(2, 1, 23)], 4)
>>> decode(t["factors"][0]["U"], 2, 25)[0][:5]
[1, 0, 0, 0, 0]
"""

from __future__ import annotations

import base64
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.zk import crt_idempotents, prime_powers
from lograph.core.algebra.zk_smith import smith_mod_prime_power
from lograph.core.model.system import PressSystem

__all__ = ["ENUMERATION_LIMIT", "HINT_LIMIT", "decode", "encode", "hint_tables"]

#: Largest board whose page gets hint tables (two n×n matrices per prime power of k: 40 kB
#: of base64 at 400 buttons with two states).
HINT_LIMIT = 400
#: Most quiet patterns the page tries for the fewest presses (beyond: a solution, not
#: proven the fewest, and the page says so).
ENUMERATION_LIMIT = 1 << 16


def bits_for(q: int) -> int:
    """Bits per entry of a matrix over Z_q."""
    return max(1, (q - 1).bit_length())


def encode(matrix: NDArray[np.integer], q: int) -> str:
    """`matrix` (entries 0..q-1), row by row, `bits_for(q)` bits each (high bit first), in
    base64."""
    bits = bits_for(q)
    values = np.asarray(matrix, dtype=np.uint8).reshape(-1)
    planes = (values[:, None] >> np.arange(bits - 1, -1, -1, dtype=np.uint8)) & 1
    return base64.b64encode(np.packbits(planes.reshape(-1)).tobytes()).decode("ascii")


def decode(text: str, q: int, n: int) -> list[list[int]]:
    """`encode`'s inverse for an n×n matrix (the page's script does the same)."""
    bits = bits_for(q)
    raw = np.unpackbits(np.frombuffer(base64.b64decode(text), dtype=np.uint8))
    planes = raw[: n * n * bits].reshape(n * n, bits).astype(np.int64)
    values = planes @ (1 << np.arange(bits - 1, -1, -1))
    return values.reshape(n, n).tolist()


def hint_tables(system: PressSystem) -> dict[str, Any] | None:
    """The page's solver data, or None past `HINT_LIMIT` buttons."""
    n, k = system.n, system.states
    if n == 0 or n > HINT_LIMIT:
        return None
    matrix = system.dense().astype(np.int32)
    powers = prime_powers(k)
    idempotents = crt_idempotents([p**e for p, e in powers])
    factors, kernel = [], 1
    for (p, e), idem in zip(powers, idempotents, strict=True):
        smith = smith_mod_prime_power(matrix, p, e)
        for order, _ in smith.kernel():
            kernel *= order
        factors.append(
            {
                "p": p,
                "e": e,
                "q": smith.q,
                "idem": idem,
                "U": encode(smith.left, smith.q),
                "V": encode(smith.right, smith.q),
                "valuations": smith.valuations.tolist(),
            }
        )
    return {"factors": factors, "kernel": kernel, "limit": ENUMERATION_LIMIT}
