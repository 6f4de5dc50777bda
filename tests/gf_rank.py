"""An independent GF(p) rank for the tests: textbook Gauss-Jordan elimination, written apart
from lograph's engines (the tests compare the engines' ranks, nullities and solvability
against it)."""

from __future__ import annotations

import numpy as np


def rank_mod_p(a: np.ndarray, p: int) -> int:
    """The rank of `a` mod the prime p, by Gauss-Jordan elimination."""
    m = np.array(a, dtype=np.int64) % p
    rows, cols = m.shape
    r = 0
    for c in range(cols):
        pivot = next((i for i in range(r, rows) if m[i, c]), None)
        if pivot is None:
            continue
        m[[r, pivot]] = m[[pivot, r]]
        m[r] = m[r] * pow(int(m[r, c]), -1, p) % p
        for i in range(rows):
            if i != r and m[i, c]:
                m[i] = (m[i] - m[i, c] * m[r]) % p
        r += 1
    return r
