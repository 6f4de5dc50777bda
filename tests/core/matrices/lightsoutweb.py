"""LightsOutWeb's matrices, transcribed from its source (js/SolutionMatrixWorker.js and
js/LightsOut.js of Sixshaman/LightsOutWeb) line for line, as the independent answers the
tests compare lograph with.

Its cells are numbered ``y · n + x`` (y the row); its Lights Out matrix has one *row* per
cell: the lights pressing it changes (so it is lograph's press matrix transposed), each
entry the click rule's value, summed mod k where the rule reaches one cell twice (torus and
projective plane). Its inverse matrix S (transposed back at the end of its elimination) is
what `calculateSolution` multiplies a board by before negating it.
"""

from __future__ import annotations

import numpy as np

#: LightsOutWeb's default click rule: the plus shape, 3×3.
PLUS = (0, 1, 0, 1, 1, 1, 0, 1, 0)


def whole_mod(num: int, k: int) -> int:
    return ((num % k) + k) % k


def inv_mod_gcd_ex(num: int, k: int) -> int:
    """``invModGcdEx``: its extended Euclid, including what it gives for a non-unit that
    does not divide k (not an inverse)."""
    if num == 1:
        return 1
    if num == 0 or k % num == 0:
        return 0
    t_curr, r_curr, t_next, r_next = 0, k, 1, num
    while r_next != 0:
        quot = r_curr // r_next
        t_prev, r_prev = t_curr, r_curr
        t_curr, r_curr = t_next, r_next
        t_next = t_prev - quot * t_curr
        r_next = r_prev - quot * r_curr
    return (t_curr + k) % k


def _js_odd(value: int, n: int) -> bool:
    """``Math.floor(value / n) % 2 != 0`` (JS keeps the sign of %: -1 % 2 is -1)."""
    q = value // n
    return q % 2 != 0  # Python's 1 for -1 is as non-zero as JS's -1


def populate(topology: str, rule: tuple[int, ...], size: int, n: int, k: int, cx: int, cy: int):
    """``populateClickRuleSquare/Torus/ProjectivePlane``: the row of cell (cx, cy)."""
    out = np.zeros(n * n, dtype=np.int64)
    half = size // 2
    left, top = cx - half, cy - half
    for y in range(size):
        y_big = y + top
        if topology == "square" and not 0 <= y_big < n:
            continue
        for x in range(size):
            x_big = x + left
            small = y * size + x
            if topology == "square":
                if not 0 <= x_big < n:
                    continue
                out[y_big * n + x_big] = rule[small]
                continue
            y_mod, x_mod = whole_mod(y_big, n), whole_mod(x_big, n)
            if topology == "torus":
                big = y_mod * n + x_mod
            else:  # projective plane
                y_odd, x_odd = _js_odd(y_big, n), _js_odd(x_big, n)
                y_fixed = n - y_mod - 1 if x_odd else y_mod
                x_fixed = n - x_mod - 1 if y_odd else x_mod
                big = y_fixed * n + x_fixed
            out[big] = (out[big] + rule[small]) % k
    return out


def game_matrix(topology: str, n: int, k: int, rule: tuple[int, ...] = PLUS, size: int = 3):
    """``calculateGameMatrix``: one row per cell, in reading order."""
    return np.array(
        [populate(topology, rule, size, n, k, x, y) for y in range(n) for x in range(n)]
    )


def solution_matrix(game: np.ndarray, k: int) -> tuple[np.ndarray, int]:
    """``calculateSolutionMatrixFromMatrix``: (the inverse matrix S, the quiet patterns)."""
    rows = [np.array(r, dtype=np.int64) % k for r in game]
    size = len(rows)
    inv = [np.eye(size, dtype=np.int64)[i] for i in range(size)]
    invs = [inv_mod_gcd_ex(d, k) for d in range(k)]

    def mul_sub(left: np.ndarray, right: np.ndarray, value: int) -> np.ndarray:
        value %= k
        return left if value == 0 else (left - value * right) % k

    for i in range(size):
        this = comp = int(rows[i][i])
        if invs[comp] == 0 or (this != 1 and k % this == 0):
            for j in range(i + 1, size):
                comp = int(rows[j][i])
                if invs[comp] != 0:
                    this = comp
                    rows[i], rows[j] = rows[j], rows[i]
                    inv[i], inv[j] = inv[j], inv[i]
                    break
        inv_this = invs[this]
        for j in range(i + 1, size):
            comp = int(rows[j][i])
            if invs[comp] != 0:
                rows[j] = mul_sub(rows[j], rows[i], inv_this * comp)
                inv[j] = mul_sub(inv[j], inv[i], inv_this * comp)
    quiet = 0
    for i in range(size - 1, -1, -1):
        this = int(rows[i][i])
        inv_this = invs[this]
        for j in range(i - 1, -1, -1):
            comp = int(rows[j][i])
            if invs[comp] != 0:
                rows[j] = mul_sub(rows[j], rows[i], inv_this * comp)
                inv[j] = mul_sub(inv[j], inv[i], inv_this * comp)
        if invs[this] != 0:
            rows[i] = (rows[i] * inv_this) % k
            inv[i] = (inv[i] * inv_this) % k
        if not rows[i].any():
            quiet += 1
    return np.array(inv).T.copy(), quiet


def solve(s: np.ndarray, board: np.ndarray, k: int) -> np.ndarray:
    """``calculateSolution``: ``−S b``."""
    return (-(s @ board)) % k
