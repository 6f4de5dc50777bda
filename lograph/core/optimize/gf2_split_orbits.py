"""The board's symmetries on one group's coordinates, for the split search.

A symmetry π (``x ↦ x[π]``) that keeps the solution set and maps a group of buttons onto
itself sends the solution with group coordinates u to one whose coordinates depend on u
alone: on the group, ``x[π]`` is x's own values permuted. With α_i button i's coordinates
and ``x_i = x₀_i ⊕ α_i·u``, the image u' solves ``α_i·u' = α_{π(i)}·u ⊕ x₀_i ⊕ x₀_{π(i)}``
for every button of the group, an affine map ``u' = N·u ⊕ t`` read off the buttons that
carry the basis (α = e_j) and checked on all the others.

So the solutions whose first coordinates lie in one orbit of these maps come in equal
batches: the search walks only the smallest u of each orbit and counts each optimal pair
once per member of the orbit (the orbit's size, the group's order over the number of maps
fixing u). Only the symmetries that map the group onto itself act (a subgroup): on a square
of odd side all 8 keep the even-even sublattice, so the search walks about an eighth of the
pairs; on an even side the reflections swap sublattices and fewer remain.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from lograph.core.optimize.gf2_classes import parity

__all__ = ["apply_linear", "bit_columns", "group_orbits", "keeping_group"]


def apply_linear(columns: Sequence[int], values: NDArray[np.integer]) -> NDArray[np.int32]:
    """The linear map with these column images applied to each of `values`."""
    image = np.zeros(len(values), dtype=np.int32)
    for j, column in enumerate(columns):
        image ^= ((values >> j) & 1).astype(np.int32) * np.int32(column)
    return image


def bit_columns(rows: Sequence[int], width: int) -> list[int]:
    """The columns of a matrix over GF(2) given by its rows (bit j of row r is entry r, j):
    column j as an integer whose bit r is that entry."""
    return [sum(((row >> j) & 1) << r for r, row in enumerate(rows)) for j in range(width)]


def keeping_group(
    buttons: NDArray[np.intp], symmetries: Sequence[NDArray[np.intp]]
) -> list[NDArray[np.intp]]:
    """The symmetries that map the group onto itself (a subgroup of a group)."""
    kept = []
    for offered in symmetries:
        perm = np.asarray(offered, dtype=np.intp)
        inside = np.zeros(len(perm), dtype=np.bool_)
        inside[buttons] = True
        if inside[perm[buttons]].all():
            kept.append(perm)
    return kept


def _affine(
    buttons: NDArray[np.intp],
    coordinates: NDArray[np.int64],
    dim: int,
    x0: NDArray[np.uint8],
    perm: NDArray[np.intp],
) -> tuple[list[int], int] | None:
    """The map ``u ↦ N·u ⊕ t`` a symmetry that maps the group onto itself induces on the
    group's coordinates, as N's column images and t; None when the buttons disagree (the
    permutation does not keep the solution set)."""
    where = np.full(len(perm), -1, dtype=np.intp)
    where[buttons] = np.arange(len(buttons))
    images = where[perm[buttons]]  # position in the group of each button's image
    carriers = [int(np.flatnonzero(coordinates == 1 << j)[0]) for j in range(dim)]
    rows = [int(coordinates[images[b]]) for b in carriers]  # row j of N: α of π(carrier j)
    flips = x0[buttons].astype(np.int64) ^ x0[perm[buttons]].astype(np.int64)
    shift = sum(int(flips[b]) << j for j, b in enumerate(carriers))
    # every button: Σ_j α_ij·row_j = α_π(i) and α_i·t = x₀_i ⊕ x₀_π(i)
    combined = np.zeros(len(buttons), dtype=np.int64)
    for j, row in enumerate(rows):
        combined ^= ((coordinates >> j) & 1) * row
    if (combined != coordinates[images]).any() or (parity(coordinates & shift) != flips).any():
        return None
    return bit_columns(rows, dim), shift


def group_orbits(
    buttons: NDArray[np.intp],
    coordinates: NDArray[np.int64],
    dim: int,
    x0: NDArray[np.uint8],
    keeping: Sequence[NDArray[np.intp]],
    values: NDArray[np.integer],
) -> tuple[NDArray[np.bool_], NDArray[np.int64]] | None:
    """For each of `values` (coordinates of the group): whether it is the smallest of its
    orbit, and the orbit's size, under `keeping` (`keeping_group` of symmetries that keep the
    solution set and form a group with the identity,
    `lograph.core.optimize.gf2_symmetry.kept_permutations`); None when there are none or the
    buttons disagree with one."""
    maps = [_affine(buttons, coordinates, dim, x0, p) for p in keeping]
    if not maps or any(m is None for m in maps):
        return None
    smallest = np.ones(len(values), dtype=np.bool_)
    fixing = np.ones(len(values), dtype=np.int64)  # the identity fixes every u
    for found in maps:
        assert found is not None
        columns, shift = found
        image = apply_linear(columns, values) ^ np.int32(shift)
        smallest &= values <= image
        fixing += image == values
    return smallest, (len(maps) + 1) // fixing
