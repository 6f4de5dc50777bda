"""The board's symmetries as maps of the quiet combinations, and a basis they respect.

A permutation π of the buttons that maps the solution set ``S = x₀ + span(Q)`` onto itself
keeps every weight, so the solutions ``x(c) = x₀ ⊕ c·Q`` and ``x(c·M ⊕ t)`` weigh the same,
where ``π(Q) = M·Q`` and ``π(x₀) = x₀ ⊕ t·Q``. Only that is checked (by linear algebra): any
candidate permutation may be offered, a wrong one is simply dropped.

The search splits c into high bits (a prefix) and low bits (one transform per prefix). For
the symmetries to map a prefix's whole leaf onto another leaf, the low coordinates must span
a subspace V with ``V·M ⊆ V`` for every M. The group here is a 2-group (at most the 8
symmetries of a square), and over GF(2) every module of a 2-group has a nonzero fixed
vector, so such subspaces exist in every dimension: `invariant_basis` grows one from fixed
vectors of the quotient, one layer at a time.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "Action",
    "coset_actions",
    "dihedral_candidates",
    "invariant_basis",
    "keeps_quiet_space",
    "kept_permutations",
    "largest_rotation",
    "nullspace",
    "span_coefficients",
]

#: ``(M, t)``: the symmetry maps combination c to ``c·M ⊕ t`` (uint8, k×k and k).
Action = tuple[NDArray[np.uint8], NDArray[np.uint8]]
#: Most symmetries tried (the dihedral group of a square has 8).
_MAX_GROUP = 8


def _rref(matrix: NDArray[np.uint8]) -> tuple[NDArray[np.uint8], list[int], NDArray[np.uint8]]:
    """Reduced row echelon form R = T·matrix over GF(2), its pivot columns and T."""
    rows = matrix.shape[0]
    work: NDArray[np.uint8] = np.concatenate([matrix, np.eye(rows, dtype=np.uint8)], axis=1)
    work &= 1
    pivots: list[int] = []
    r = 0
    for col in range(matrix.shape[1]):
        if r == rows:
            break
        hits = np.flatnonzero(work[r:, col]) + r
        if len(hits) == 0:
            continue
        work[[r, hits[0]]] = work[[hits[0], r]]
        others = np.flatnonzero(work[:, col])
        others = others[others != r]
        work[others] ^= work[r]
        pivots.append(col)
        r += 1
    width = matrix.shape[1]
    return work[:, :width], pivots, work[:, width:]


def nullspace(matrix: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """A basis (rows) of ``{x : matrix·x = 0}`` over GF(2).

    Examples
    --------
    >>> nullspace(np.array([[1, 1, 0]], dtype=np.uint8)).tolist()
    [[1, 1, 0], [0, 0, 1]]
    """
    reduced, pivots, _ = _rref(matrix)
    cols = matrix.shape[1]
    free = [c for c in range(cols) if c not in set(pivots)]
    basis = np.zeros((len(free), cols), dtype=np.uint8)
    for i, f in enumerate(free):
        basis[i, f] = 1
        for r, p in enumerate(pivots):
            basis[i, p] = reduced[r, f]
    return basis


def span_coefficients(
    basis: NDArray[np.uint8], vectors: NDArray[np.uint8]
) -> NDArray[np.uint8] | None:
    """Coefficients C with ``C·basis = vectors`` (independent rows), or None when a vector
    lies outside the span."""
    _, pivots, transform = _rref(basis)
    coeffs = (vectors[:, pivots].astype(np.int64) @ transform[: len(pivots)]) % 2
    back = (coeffs @ basis.astype(np.int64)) % 2
    if not np.array_equal(back, vectors % 2):
        return None
    return coeffs.astype(np.uint8)


def dihedral_candidates(positions: NDArray[np.float64] | None) -> list[NDArray[np.intp]]:
    """Button permutations from the 7 non-trivial symmetries of a square about the buttons'
    centre that map the drawn positions onto themselves (candidates, checked later).

    Positions are matched as sorted integer codes (rounded to a millionth of the board's
    size), so a million buttons take a fraction of a second."""
    if positions is None or len(positions) == 0:
        return []
    rel = positions - positions.mean(axis=0)
    scale = max(float(np.abs(rel).max()), 1.0)
    codes = _codes(rel / scale)
    order = np.argsort(codes)
    ranked = codes[order]
    if len(ranked) > 1 and (ranked[1:] == ranked[:-1]).any():  # two buttons drawn at one place
        return []
    found: list[NDArray[np.intp]] = []
    for swap in (False, True):
        for sx in (1, -1):
            for sy in (1, -1):
                if not swap and sx == 1 and sy == 1:
                    continue
                moved = rel[:, ::-1] if swap else rel
                wanted = _codes(moved * np.array([sx, sy]) / scale)
                at = np.minimum(np.searchsorted(ranked, wanted), len(ranked) - 1)
                if np.array_equal(ranked[at], wanted):
                    found.append(order[at].astype(np.intp))
    return found


def _codes(unit: NDArray[np.float64]) -> NDArray[np.int64]:
    """One integer per point of the square [−1, 1]²: both coordinates rounded to 10⁻⁶."""
    grid = np.round(unit * 1e6).astype(np.int64) + (1 << 21)
    return np.asarray((grid[:, 0] << 22) | grid[:, 1], dtype=np.int64)


def keeps_quiet_space(keys: NDArray[np.int64], perm: NDArray[np.intp]) -> bool:
    """Whether ``x ↦ x[perm]`` maps the quiet space onto itself, from the buttons' class keys
    (bit j: in quiet pattern j): exactly when some linear map M has
    ``keys[perm[i]] = M·keys[i]`` for every button. M is read off a basis of the keys and
    checked on every distinct key in k vector passes (instead of an elimination over all
    N columns: a million buttons in milliseconds)."""
    values, inverse = np.unique(keys, return_inverse=True)
    images = np.zeros(len(values), dtype=np.int64)
    images[inverse] = keys[perm]
    if not np.array_equal(images[inverse], keys[perm]):
        return False  # one class sent to two
    rank = int(np.bitwise_or.reduce(values)).bit_length()  # an upper bound on it
    pivots: dict[int, tuple[int, int]] = {}  # leading bit -> (reduced key, M of it)
    for key, image in zip(values.tolist(), images.tolist(), strict=True):
        while key and key.bit_length() in pivots:
            reduced, mapped = pivots[key.bit_length()]
            key, image = key ^ reduced, image ^ mapped
        if key:
            pivots[key.bit_length()] = (key, image)
            if len(pivots) == rank:
                break
    rest, predicted = values.copy(), np.zeros_like(values)
    for lead in sorted(pivots, reverse=True):  # reduce every key at once, highest bit first
        reduced, mapped = pivots[lead]
        hit = (rest >> (lead - 1)) & 1 == 1
        rest[hit] ^= reduced
        predicted[hit] ^= mapped
    return bool(not rest.any() and np.array_equal(predicted, images))


def largest_rotation(
    positions: NDArray[np.float64] | None, keys: NDArray[np.int64]
) -> NDArray[np.intp] | None:
    """The drawn symmetry of largest order (a quarter turn, else a half turn or a mirror,
    fewest fixed buttons first) that maps the quiet space onto itself (`keys`: the
    buttons' class keys), or None.

    The worst position's annealing searches the positions it leaves unchanged beside the
    others: a smaller space, where a chain finds heavier positions on some boards (19×19:
    165 against 162). A quarter turn keeps more freedom than the whole group (30×30: 414
    against 404 for the 8 symmetries)."""
    identity = np.arange(len(keys), dtype=np.intp)
    best, best_key = None, (1, 0)
    for perm in dihedral_candidates(positions):
        if not keeps_quiet_space(keys, perm):
            continue  # a symmetry of the drawing, not of the quiet patterns
        order, power = 1, perm
        while not np.array_equal(power, identity):
            order, power = order + 1, power[perm]
        key = (order, -int((perm == identity).sum()))
        if key > best_key:
            best, best_key = perm, key
    return best


def coset_actions(
    quiet: NDArray[np.uint8], x0: NDArray[np.uint8], perms: list[NDArray[np.intp]]
) -> list[Action]:
    """The actions on combinations of the permutations that keep ``x₀ + span(quiet)``
    (``x ↦ x[perm]``); an empty list unless those form a group (then without the identity)."""
    return [action for _, action in _kept(quiet, x0, perms)]


def kept_permutations(
    quiet: NDArray[np.uint8], x0: NDArray[np.uint8], perms: list[NDArray[np.intp]]
) -> list[NDArray[np.intp]]:
    """The permutations that keep ``x₀ + span(quiet)``, as `coset_actions` checks them."""
    return [perm for perm, _ in _kept(quiet, x0, perms)]


def _kept(
    quiet: NDArray[np.uint8], x0: NDArray[np.uint8], perms: list[NDArray[np.intp]]
) -> list[tuple[NDArray[np.intp], Action]]:
    kept: list[tuple[NDArray[np.intp], Action]] = []
    identity = np.arange(quiet.shape[1], dtype=np.intp)
    for offered in perms:
        perm = np.asarray(offered, dtype=np.intp)
        if perm.shape != identity.shape or not np.array_equal(np.sort(perm), identity):
            continue  # not a permutation of the buttons
        matrix = span_coefficients(quiet, quiet[:, perm])
        shift = span_coefficients(quiet, (x0[perm] ^ x0)[None, :])
        if matrix is not None and shift is not None:
            kept.append((perm, (matrix, shift[0])))
    known = {perm.tobytes() for perm, _ in kept} | {identity.tobytes()}
    closed = all(f[g].tobytes() in known for f, _ in kept for g, _ in kept)
    return kept if closed and len(kept) < _MAX_GROUP else []


def invariant_basis(
    actions: list[Action], k: int, high: int, seed: int = 0
) -> tuple[NDArray[np.uint8], int]:
    """An invertible k×k B and ``low = k − high``: the first `low` rows of B span a subspace
    V of combinations with ``V·M ⊆ V`` for every action.

    V is the annihilator of a subspace U of functionals kept by the transposed actions, grown
    from the orbits of functionals to exactly `high` dimensions: whole orbits of random
    functionals (8 dimensions under a square's group) while they fit, then orbits of
    functionals fixed modulo U by some of the actions (4, 2 or 1 dimensions; one fixed by all
    of them always exists, the group being a 2-group). The prefix of a combination is its
    values on U; the symmetries permute an orbit's functionals, so the prefixes fall into
    orbits of up to 8 (a regular orbit of the square's group splits 2^8 prefixes into 43).
    """
    rng = np.random.default_rng(seed)
    functionals = np.zeros((0, k), dtype=np.uint8)
    transposed = [m.T.astype(np.int64) for m, _ in actions]
    while len(functionals) < high:
        room = high - len(functionals)
        best = functionals
        for u in _candidates(functionals, transposed, k, rng):
            orbit = np.vstack([u] + [(u @ mt) % 2 for mt in transposed]).astype(np.uint8)
            trial, pivots, _ = _rref(np.vstack([functionals, orbit]))
            if len(best) < len(pivots) <= len(functionals) + room:
                best = trial[: len(pivots)]
        functionals = best
    kept = nullspace(functionals)  # V: every v with U·vᵀ = 0
    eye = np.eye(k, dtype=np.uint8)
    pivots = _rref(kept)[1] if len(kept) else []
    rest = eye[[c for c in range(k) if c not in set(pivots)]]
    return np.vstack([kept, rest]).astype(np.uint8), len(kept)


def _candidates(
    functionals: NDArray[np.uint8],
    transposed: list[NDArray[np.int64]],
    k: int,
    rng: np.random.Generator,
) -> list[NDArray[np.int64]]:
    """Functionals to grow U with: random ones (whole orbits), and random ones fixed modulo
    U by each action and by all of them (smaller orbits, to reach an exact dimension)."""
    found = [rng.integers(0, 2, k, dtype=np.int64) for _ in range(8)]
    # u·(Mᵀ − I) ∈ U  ⟺  u·(Mᵀ − I)·C = 0, with C's columns spanning U's annihilator
    outside = nullspace(functionals).T.astype(np.int64) if len(functionals) else np.eye(k)
    eye = np.eye(k, dtype=np.int64)
    moves = [((mt - eye) % 2) @ outside % 2 for mt in transposed]
    for chosen in [[move] for move in moves] + ([moves] if moves else []):
        fixed = nullspace(np.hstack(chosen).T.astype(np.uint8))
        if len(fixed):
            pick = rng.integers(0, 2, len(fixed), dtype=np.int64)
            found.append(pick @ fixed.astype(np.int64) % 2)
    return found
