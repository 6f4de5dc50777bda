"""The symbolic chase over GF(p), p > 2: the numba loops behind the ``chase-p`` engine.

Every button decided by a chase plan is a linear function of the k free unknowns, stored as
k small integers in ``0..p-1`` (its *form*, one uint16 row). All coefficients of A are 0/1,
so a force step ``u -> w`` sets ``x_w = b_u − Σ x_v`` over the other buttons v acting on
light u: its form is minus the sum of theirs, mod p. As in the GF(2) kernels
(`lograph.core.kernels.chase_gf2`) the constant part is never carried in the forms: a
solution is two scalar chases around one solve of the k × k check system.

Reductions mod p use a multiply-and-shift (Barrett) instead of a division so the inner loops
vectorise: ``a mod p`` is exact for ``0 ≤ a < 2^24`` and any ``p ≤ 251``, and the sums are
reduced before they can reach that bound.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.chase_gf2 import liveness
from lograph.core.kernels.jit import jit

__all__ = [
    "gfp_adjoint",
    "gfp_chase_checks",
    "gfp_chase_forms",
    "gfp_chase_scalar",
    "gfp_check_residual",
]

U16 = NDArray[np.uint16]
U32 = NDArray[np.uint32]
I64 = NDArray[np.int64]
U8 = NDArray[np.uint8]

#: Sums stay below this before they are reduced (the Barrett step is exact below 2^24).
_SUM_LIMIT = 1 << 24


@jit
def _reduce_into(acc: U32, p: int, magic: np.uint64) -> None:  # pragma: no cover - compiled
    """``acc %= p`` for entries below 2^24, by ``q = (a · magic) >> 32``."""
    for q in range(acc.shape[0]):
        a = np.uint64(acc[q])
        acc[q] = np.uint32(a - ((a * magic) >> np.uint64(32)) * np.uint64(p))


@jit
def _negate_into(acc: U32, out: U16, p: int, magic: np.uint64) -> None:  # pragma: no cover
    """``out = (−acc) mod p`` for entries below 2^24."""
    for q in range(acc.shape[0]):
        a = np.uint64(acc[q])
        r = a - ((a * magic) >> np.uint64(32)) * np.uint64(p)
        out[q] = np.uint16(np.uint64(p) - r if r else 0)


def magic_for(p: int) -> np.uint64:
    """The Barrett multiplier ``ceil(2^32 / p)`` used by the kernels."""
    return np.uint64(-(-(1 << 32) // p))


@jit
def gfp_chase_forms(
    buttons: I64, lights: I64, rptr: I64, ridx: I64, init: U16, p: int, magic: np.uint64
) -> tuple[U16, int]:  # pragma: no cover - compiled
    """Forms of every button: free step j gets ``init[j]``, a force step minus the sum of
    its light's other buttons. Returns ``(forms, bad)``, ``bad`` being the first step that
    is not a valid force step, or -1."""
    n = buttons.shape[0]
    width = init.shape[1]
    forms = np.zeros((n, width), dtype=np.uint16)
    acc = np.zeros(width, dtype=np.uint32)
    decided = np.zeros(n, dtype=np.bool_)
    room = max(_SUM_LIMIT // max(p - 1, 1) - 1, 1)
    j = 0
    for i in range(n):
        w = buttons[i]
        u = lights[i]
        if decided[w]:
            return forms, i
        if u < 0:
            forms[w, :] = init[j]
            j += 1
        else:
            acc[:] = 0
            terms = 0
            found = False
            for e in range(rptr[u], rptr[u + 1]):
                v = ridx[e]
                if v == w:
                    found = True
                elif not decided[v]:
                    return forms, i
                else:
                    if terms == room:
                        _reduce_into(acc, p, magic)
                        terms = 1
                    for q in range(width):
                        acc[q] += forms[v, q]
                    terms += 1
            if not found:
                return forms, i
            _negate_into(acc, forms[w], p, magic)
        decided[w] = True
    return forms, -1


@jit(inline=True)
def _accumulate(
    acc: U32, forms: U16, sv: int, terms: int, room: int, p: int, magic: np.uint64
) -> int:  # pragma: no cover - compiled
    """``acc += forms[sv]``, reducing `acc` first when it already holds `room` terms (one
    more could overflow it); returns the number of terms now in `acc`."""
    if terms == room:
        _reduce_into(acc, p, magic)
        terms = 1
    for q in range(acc.shape[0]):
        acc[q] += forms[sv, q]
    return terms + 1


@jit(inline=True)
def _force_form(
    forms: U16,
    s: int,
    u: int,
    w: int,
    i: int,
    rptr: I64,
    ridx: I64,
    slot: I64,
    step: I64,
    acc: U32,
    room: int,
    p: int,
    magic: np.uint64,
) -> bool:  # pragma: no cover - compiled
    """Form of button w forced by light u at step i into storage row s: minus the sum of
    the forms of u's other buttons. False when the step is invalid."""
    acc[:] = 0
    terms = 0
    found = False
    for e in range(rptr[u], rptr[u + 1]):
        v = ridx[e]
        if v == w:
            found = True
        elif slot[v] < 0 or step[v] > i:
            return False
        else:
            terms = _accumulate(acc, forms, slot[v], terms, room, p, magic)
    if found:
        _negate_into(acc, forms[s], p, magic)
    return found


@jit
def gfp_chase_checks(
    buttons: I64, lights: I64, check: I64, rptr: I64, ridx: I64, p: int, magic: np.uint64
) -> tuple[U16, int, int]:  # pragma: no cover - compiled
    """The k × k check system: row t is the form of ``(A x)`` at check light ``check[t]``.

    Free step j has the unit form e_j. A button's form is kept only until the last step that
    reads it and its storage is reused (see `lograph.core.kernels.chase_gf2.chase_checks`),
    so on lattices the working set is a few lines of the board. Returns
    ``(rows, bad, peak)``: ``bad`` as in `gfp_chase_forms`, ``peak`` the number of forms
    alive at once.
    """
    n = buttons.shape[0]
    kc = check.shape[0]
    width = kc
    step, rel_ptr, rel_items, chk_ptr, chk_items, peak = liveness(
        buttons, lights, check, rptr, ridx
    )
    forms = np.zeros((max(peak, 1), width), dtype=np.uint16)
    stack = np.arange(max(peak, 1))[::-1].copy()  # free storage rows
    top = stack.shape[0]
    slot = np.full(n, -1, dtype=np.int64)
    rows = np.zeros((kc, width), dtype=np.uint16)
    acc = np.zeros(width, dtype=np.uint32)
    room = max(_SUM_LIMIT // max(p - 1, 1) - 1, 1)
    j = 0
    for i in range(n):
        w = buttons[i]
        u = lights[i]
        if slot[w] >= 0:
            return rows, i, peak
        top -= 1
        s = stack[top]
        slot[w] = s
        if u < 0:
            forms[s, :] = 0
            forms[s, j] = 1
            j += 1
        elif not _force_form(forms, int(s), u, w, i, rptr, ridx, slot, step, acc, room, p, magic):
            return rows, i, peak
        for b in range(chk_ptr[i], chk_ptr[i + 1]):
            t = chk_items[b]
            c = check[t]
            acc[:] = 0
            terms = 0
            for e in range(rptr[c], rptr[c + 1]):
                terms = _accumulate(acc, forms, slot[ridx[e]], terms, room, p, magic)
            _reduce_into(acc, p, magic)
            for q in range(width):
                rows[t, q] = acc[q]
        for b in range(rel_ptr[i], rel_ptr[i + 1]):
            v = rel_items[b]
            stack[top] = slot[v]
            top += 1
    return rows, -1, peak


@jit
def gfp_chase_scalar(
    buttons: I64, lights: I64, rptr: I64, ridx: I64, rhs: I64, free: I64, p: int
) -> U8:  # pragma: no cover - compiled
    """Run the plan on numbers: free step j presses ``free[j]``, force steps fix ``rhs``."""
    n = buttons.shape[0]
    x = np.zeros(n, dtype=np.int64)
    j = 0
    for i in range(n):
        w = buttons[i]
        u = lights[i]
        if u < 0:
            x[w] = free[j] % p
            j += 1
        else:
            acc = rhs[u] % p
            for e in range(rptr[u], rptr[u + 1]):
                v = ridx[e]
                if v != w:
                    acc += p - x[v]
            x[w] = acc % p
    return x.astype(np.uint8)


@jit
def gfp_check_residual(
    check: I64, rptr: I64, ridx: I64, rhs: I64, x: U8, p: int
) -> I64:  # pragma: no cover - compiled
    """What the check lights still need: ``(rhs_c − (A x)_c) mod p`` for each check light c."""
    out = np.zeros(check.shape[0], dtype=np.int64)
    for t in range(check.shape[0]):
        c = check[t]
        acc = rhs[c] % p
        for e in range(rptr[c], rptr[c + 1]):
            acc += p - np.int64(x[ridx[e]])
        out[t] = acc % p
    return out


@jit
def gfp_adjoint(
    buttons: I64, lights: I64, check: I64, rptr: I64, ridx: I64, lam: I64, p: int
) -> I64:  # pragma: no cover - compiled
    """Left-kernel vectors of A from left-kernel vectors λ of the check system.

    The functional ``b -> λ · residual(b)`` (residual as in `gfp_check_residual` after the
    chase with the free unknowns 0) is linear in b and vanishes on every solvable b; walking
    the plan backwards (reverse-mode differentiation of the chase) gives its coefficient on
    every light. ``lam[t]`` holds the λ coefficients of check light ``check[t]`` (one column
    per vector); row u of the result holds the coefficients of light u.
    """
    n = buttons.shape[0]
    width = lam.shape[1]
    grad = np.zeros((n, width), dtype=np.int64)  # coefficient of each button's value
    ell = np.zeros((n, width), dtype=np.int64)  # coefficient of each light's rhs
    for t in range(check.shape[0]):
        c = check[t]
        for q in range(width):
            ell[c, q] = lam[t, q] % p
        for e in range(rptr[c], rptr[c + 1]):
            v = ridx[e]
            for q in range(width):
                grad[v, q] = (grad[v, q] + p - lam[t, q] % p) % p
    for i in range(n - 1, -1, -1):
        u = lights[i]
        if u < 0:
            continue  # a free button does not depend on the right-hand side
        w = buttons[i]
        for q in range(width):
            ell[u, q] = grad[w, q]
        for e in range(rptr[u], rptr[u + 1]):
            v = ridx[e]
            if v != w:
                for q in range(width):
                    grad[v, q] = (grad[v, q] + p - grad[w, q]) % p
    return ell
