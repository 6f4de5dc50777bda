"""The symbolic chase: a chase plan run on bit-packed affine forms over GF(2).

Every button decided by a plan is a linear function of the k free unknowns, stored as k bits in
uint64 words (its *form*). A force step ``u -> w`` sets ``x_w = b_u + Σ x_v`` over the other buttons
v acting on light u, so its form is the XOR of theirs; one pass costs O(nnz · k / 64) word
operations. The check lights then give a k × k system M whose nullity equals nullity(A)
(docs/math.md, "Symbolic chase engines"). The constant part (the right-hand side) is never carried
in the forms: a solution is two cheap scalar chases (free unknowns 0, read the check residual, solve
M, chase again). `chase_checks` keeps a button's form only while a later step still reads it, so on
a lattice the working set is a few lines of the board, not N × k bits.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.jit import jit

__all__ = [
    "adjoint_chase",
    "chase_checks",
    "chase_forms",
    "chase_scalar",
    "check_residual",
]

U64 = NDArray[np.uint64]
U8 = NDArray[np.uint8]
I64 = NDArray[np.int64]


@jit
def chase_forms(
    buttons: I64, lights: I64, rptr: I64, ridx: I64, init: U64
) -> tuple[U64, int]:  # pragma: no cover - compiled
    """Forms of every button: free step j gets ``init[j]``, force steps XOR their light's
    other buttons. Returns ``(forms, bad)`` where ``bad`` is the first step that is not a
    valid force step (its light's other buttons undecided, or the button not acting on it),
    or -1."""
    n = buttons.shape[0]
    width = init.shape[1]
    forms = np.zeros((n, width), dtype=np.uint64)
    decided = np.zeros(n, dtype=np.bool_)
    j = 0
    for i in range(n):
        w = buttons[i]
        u = lights[i]
        if u < 0:
            for q in range(width):
                forms[w, q] = init[j, q]
            j += 1
        else:
            found = False
            for e in range(rptr[u], rptr[u + 1]):
                v = ridx[e]
                if v == w:
                    found = True
                elif not decided[v]:
                    return forms, i
                else:
                    for q in range(width):
                        forms[w, q] ^= forms[v, q]
            if not found or decided[w]:
                return forms, i
        decided[w] = True
    return forms, -1


@jit
def _buckets(keys: I64, size: int) -> tuple[I64, I64]:  # pragma: no cover - compiled
    """Counting sort: items with key b are ``order[ptr[b]:ptr[b+1]]`` (negative keys dropped)."""
    ptr = np.zeros(size + 1, dtype=np.int64)
    for key in keys:
        if key >= 0:
            ptr[key + 1] += 1
    for b in range(size):
        ptr[b + 1] += ptr[b]
    fill = ptr[:-1].copy()
    order = np.empty(ptr[size], dtype=np.int64)
    for item in range(keys.shape[0]):
        key = keys[item]
        if key >= 0:
            order[fill[key]] = item
            fill[key] += 1
    return ptr, order


@jit
def liveness(
    buttons: I64, lights: I64, check: I64, rptr: I64, ridx: I64
) -> tuple[I64, I64, I64, I64, I64, int]:  # pragma: no cover - compiled
    """When each button's form may be freed, when each check light can be read, and how
    many forms are alive at once: the schedule `chase_checks` (and the GF(p) chase) follow.

    Returns ``(step, rel_ptr, rel_items, chk_ptr, chk_items, peak)``: ``step[w]`` is the
    step deciding button w; the buttons released after
    step i are ``rel_items[rel_ptr[i]:rel_ptr[i + 1]]``, the check rows (indices into
    `check`) ready after step i likewise in ``chk_items``.
    """
    n = buttons.shape[0]
    kc = check.shape[0]
    step = np.empty(n, dtype=np.int64)
    for i in range(n):
        step[buttons[i]] = i
    use = np.full(n, -1, dtype=np.int64)  # step at which each light's row is read
    for i in range(n):
        if lights[i] >= 0:
            use[lights[i]] = i
    ready = np.full(kc, -1, dtype=np.int64)
    for t in range(kc):
        c = check[t]
        for e in range(rptr[c], rptr[c + 1]):
            ready[t] = max(ready[t], step[ridx[e]])
        use[c] = ready[t]
    release = step.copy()  # free a button's storage after its last reader
    for u in range(n):
        for e in range(rptr[u], rptr[u + 1]):
            v = ridx[e]
            release[v] = max(release[v], use[u])
    rel_ptr, rel_items = _buckets(release, n)
    chk_ptr, chk_items = _buckets(ready, n)
    live = 0
    peak = 0
    for i in range(n):
        live += 1
        peak = max(peak, live)
        live -= rel_ptr[i + 1] - rel_ptr[i]
    return step, rel_ptr, rel_items, chk_ptr, chk_items, peak


@jit(inline=True)
def _xor_forms(
    out: U64, forms: U64, slot: I64, ridx: I64, lo: int, hi: int
) -> None:  # pragma: no cover - compiled
    """``out ^=`` the forms of buttons ``ridx[lo:hi]`` (stored in rows ``slot[v]``)."""
    for e in range(lo, hi):
        sv = slot[ridx[e]]
        for q in range(out.shape[0]):
            out[q] ^= forms[sv, q]


@jit(inline=True)
def _force_form(
    forms: U64, s: int, u: int, w: int, i: int, rptr: I64, ridx: I64, slot: I64, step: I64
) -> bool:  # pragma: no cover - compiled
    """Form of button w forced by light u at step i into storage row s: the XOR of the forms
    of u's other buttons. False when the step is invalid (w does not act on u, or another
    button of u is still undecided)."""
    forms[s, :] = 0
    found = False
    for e in range(rptr[u], rptr[u + 1]):
        v = ridx[e]
        if v == w:
            found = True
        elif slot[v] < 0 or step[v] > i:
            return False
        else:
            sv = slot[v]
            for q in range(forms.shape[1]):
                forms[s, q] ^= forms[sv, q]
    return found


@jit
def chase_checks(
    buttons: I64, lights: I64, check: I64, rptr: I64, ridx: I64, init: U64
) -> tuple[U64, int]:  # pragma: no cover - compiled
    """The check system only: row t is the form of check light ``check[t]``.

    Same forms as `chase_forms`, but a button's form is kept only until the last step that
    reads it (a check light is read as soon as all its buttons are decided), and freed
    storage is reused. On lattices only a few lines of buttons are alive at once, so the
    working set stays in cache instead of spanning N × k bits. Returns ``(rows, bad)`` as
    `chase_forms` does.
    """
    n = buttons.shape[0]
    width = init.shape[1]
    kc = check.shape[0]
    step, rel_ptr, rel_items, chk_ptr, chk_items, peak = liveness(
        buttons, lights, check, rptr, ridx
    )
    forms = np.zeros((max(peak, 1), width), dtype=np.uint64)
    stack = np.arange(max(peak, 1))[::-1].copy()  # free storage rows
    top = stack.shape[0]
    slot = np.full(n, -1, dtype=np.int64)
    rows = np.zeros((kc, width), dtype=np.uint64)
    j = 0
    for i in range(n):
        w = buttons[i]
        u = lights[i]
        if slot[w] >= 0:
            return rows, i
        top -= 1
        s = stack[top]
        slot[w] = s
        if u < 0:
            for q in range(width):
                forms[s, q] = init[j, q]
            j += 1
        elif not _force_form(forms, int(s), u, w, i, rptr, ridx, slot, step):
            return rows, i
        for b in range(chk_ptr[i], chk_ptr[i + 1]):
            t = chk_items[b]
            _xor_forms(rows[t], forms, slot, ridx, rptr[check[t]], rptr[check[t] + 1])
        for b in range(rel_ptr[i], rel_ptr[i + 1]):
            v = rel_items[b]
            stack[top] = slot[v]
            top += 1
    return rows, -1


@jit
def chase_scalar(
    buttons: I64, lights: I64, rptr: I64, ridx: I64, rhs: U8, free: U8
) -> U8:  # pragma: no cover - compiled
    """Run the plan on numbers: free step j presses ``free[j]``, force steps fix ``rhs``."""
    n = buttons.shape[0]
    x = np.zeros(n, dtype=np.uint8)
    j = 0
    for i in range(n):
        w = buttons[i]
        u = lights[i]
        if u < 0:
            x[w] = free[j]
            j += 1
        else:
            acc = rhs[u]
            for e in range(rptr[u], rptr[u + 1]):
                v = ridx[e]
                if v != w:
                    acc ^= x[v]
            x[w] = acc
    return x


@jit
def check_residual(check: I64, rptr: I64, ridx: I64, rhs: U8, x: U8) -> U8:  # pragma: no cover
    """What the check lights still need: ``rhs_c + (A x)_c`` for each check light c."""
    out = np.zeros(check.shape[0], dtype=np.uint8)
    for t in range(check.shape[0]):
        c = check[t]
        acc = rhs[c]
        for e in range(rptr[c], rptr[c + 1]):
            acc ^= x[ridx[e]]
        out[t] = acc
    return out


@jit
def adjoint_chase(
    buttons: I64, lights: I64, check: I64, rptr: I64, ridx: I64, lam: U64
) -> U64:  # pragma: no cover - compiled
    """Left-kernel vectors of A from left-kernel vectors λ of the check system.

    The functional ``b -> λ · residual(b)`` is linear in b; walking the plan backwards
    (reverse-mode differentiation of the chase) gives its coefficient on every light.
    ``lam[t]`` holds, bit-sliced, the λ coefficients of check light ``check[t]``; row u of
    the result holds the coefficients of light u.
    """
    n = buttons.shape[0]
    width = lam.shape[1]
    grad = np.zeros((n, width), dtype=np.uint64)  # coefficient of each button's value
    ell = np.zeros((n, width), dtype=np.uint64)  # coefficient of each light's rhs
    for t in range(check.shape[0]):
        c = check[t]
        for q in range(width):
            ell[c, q] = lam[t, q]
        for e in range(rptr[c], rptr[c + 1]):
            v = ridx[e]
            for q in range(width):
                grad[v, q] ^= lam[t, q]
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
                    grad[v, q] ^= grad[w, q]
    return ell
