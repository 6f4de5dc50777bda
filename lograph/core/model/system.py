"""`PressSystem`: the press matrix A of a board as compact CSR-style arrays.

Every analysis engine takes a `PressSystem`, never a networkx graph, so that a 1000×1000 board
can be built vectorised (see `lograph.core.model.generators`) without a million Python objects.
``A[u, w] = 1`` when pressing button ``w`` changes light ``u``; column ``w`` lists those
lights in ``indices[indptr[w]:indptr[w + 1]]`` (sorted). A press adds 1 mod p to each.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, overload

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.model.checks import check_rule, check_states
from lograph.core.model.ring import Ring

if TYPE_CHECKING:  # scipy loads on first use: a small board never needs it (~0.15 s)
    import scipy.sparse

__all__ = [
    "CELL_NAME_PATTERN",
    "DENSE_LIMIT",
    "MAX_CELL_DIGITS",
    "CellNames",
    "PressSystem",
    "cell_coords",
    "parse_cell_name",
]

#: Largest board turned into a dense N×N matrix (the galois reference engine needs one).
DENSE_LIMIT = 6000

#: Most digits of a grid row or column: cells below 10⁹ keep a cell's drawing position
#: (col, row) inside the readers' position limit, and rows × cols of any box of cells
#: inside int64.
MAX_CELL_DIGITS = 9
# The one definition of a grid cell name: ASCII digits (``\d`` would take "٣" as 3), no
# leading zeros ("r00c0" would land on the cell of "r0c0"), so a name and its cell are one
# to one. Any other id, "r00c0" or "r1234567890c0" included, is a plain (non-grid) name.
_COORD = f"(0|[1-9][0-9]{{0,{MAX_CELL_DIGITS - 1}}})"
CELL_NAME_PATTERN = f"r{_COORD}c{_COORD}"
_CELL_NAME = re.compile(CELL_NAME_PATTERN)
_CELL_LINES = re.compile(f"{CELL_NAME_PATTERN}(?:\n{CELL_NAME_PATTERN})*")
_DIGITS = re.compile("[0-9]+")


def parse_cell_name(button: str) -> tuple[int, int] | None:
    """Return ``(row, col)`` for grid names like ``"r2c3"``, else None.

    Examples
    --------
    >>> parse_cell_name("r2c3"), parse_cell_name("r02c3"), parse_cell_name("r1234567890c0")
    ((2, 3), None, None)
    """
    m = _CELL_NAME.fullmatch(button)
    return (int(m.group(1)), int(m.group(2))) if m else None


def cell_coords(names: Sequence[str]) -> NDArray[np.int64] | None:
    """``(row, col)`` of every name when all are grid names (`parse_cell_name`), else None;
    one regular expression over the joined names, no Python loop per button.

    Examples
    --------
    >>> cell_coords(["r0c0", "r1c2"]).tolist(), cell_coords(["r0c0", "r00c1"])
    ([[0, 0], [1, 2]], None)
    """
    joined = "\n".join(names)
    if not names or _CELL_LINES.fullmatch(joined) is None:
        return None
    numbers = np.array(_DIGITS.findall(joined), dtype=np.int64)
    if len(numbers) != 2 * len(names):  # a name holding a line break of its own
        return None
    return numbers.reshape(-1, 2)


class CellNames(Sequence[str]):
    """Lazy ``r<row>c<col>`` names for grid cells, so big grids need no million strings."""

    def __init__(self, coords: NDArray[np.int64]) -> None:
        self._coords = coords

    def __len__(self) -> int:
        return len(self._coords)

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...
    def __getitem__(self, i: int | slice) -> str | list[str]:
        if isinstance(i, slice):
            return [f"r{r}c{c}" for r, c in self._coords[i].tolist()]
        r, c = self._coords[i]
        return f"r{r}c{c}"

    def __iter__(self) -> Iterator[str]:
        for r, c in self._coords.tolist():
            yield f"r{r}c{c}"

    @cached_property
    def _lookup(self) -> NDArray[np.int64]:
        rows, cols = (self._coords.max(axis=0) + 1) if len(self._coords) else (0, 0)
        table = np.full((rows, cols), -1, dtype=np.int64)
        table[self._coords[:, 0], self._coords[:, 1]] = np.arange(len(self._coords))
        return table

    def index(self, name: str, start: int = 0, stop: int | None = None) -> int:
        cell = parse_cell_name(name)
        table = self._lookup
        if cell is not None and cell[0] < table.shape[0] and cell[1] < table.shape[1]:
            i = int(table[cell])
            if i >= 0:
                return i
        raise ValueError(f"{name!r} is not in the list")


@dataclass(frozen=True, eq=False)
class PressSystem:
    """The press matrix of a board over its `ring` (GF(2), GF(p), Z_k), stored column-wise.

    Attributes
    ----------
    names : Sequence[str]
        Button ids in order (column/row order of A).
    indptr, indices : ndarray
        Column ``w`` of A (the lights pressing ``w`` changes) is
        ``indices[indptr[w]:indptr[w + 1]]``, sorted ascending, no repeats.
    states : int
        The number of light states k (2..255, prime or composite).
    lights : ndarray of uint8
        The current light states in order.
    symmetric : bool
        True when A equals its transpose (every undirected board).
    coords : ndarray or None
        ``(N, 2)`` grid cells ``(row, col)`` for grid-like boards, else None.
    positions : ndarray or None
        ``(N, 2)`` drawing positions when known.
    rule : str
        The board's rule, ``"closed"`` (a press changes its own light) or ``"open"``;
        buttons may override it, so A's diagonal is the truth.
    name : str
        The board's name ("" when it has none).
    directed : bool
        Whether the board is directed, as its file says: a directed board whose arcs all
        come in pairs (or that has none) is directed, though `symmetric`.
    description : str
        The board's description as its file says ("" when it has none), carried so that a
        board converted without building the editable board keeps it.
    """

    names: Sequence[str]
    indptr: NDArray[np.int64]
    indices: NDArray[np.int64]
    states: int = 2
    lights: NDArray[np.uint8] = field(default_factory=lambda: np.zeros(0, dtype=np.uint8))
    symmetric: bool = True
    coords: NDArray[np.int64] | None = None
    positions: NDArray[np.float64] | None = None
    rule: str = "closed"
    name: str = ""
    directed: bool = False
    description: str = ""

    @property
    def ring(self) -> Ring:
        """The number system of the lights: GF(2), GF(p) or Z_k (`Ring.of` of `states`)."""
        return Ring.of(self.states)

    @property
    def n(self) -> int:
        """Number of buttons N."""
        return len(self.indptr) - 1

    @property
    def nnz(self) -> int:
        """Non-zero entries of the press matrix A."""
        return len(self.indices)

    @property
    def edge_count(self) -> int:
        """Edges of the board: off-diagonal entries of A, halved when undirected (an arc of
        a directed board is one edge, its reverse another)."""
        cols = np.repeat(np.arange(self.n, dtype=np.int64), np.diff(self.indptr))
        off = int(np.count_nonzero(self.indices != cols))
        return off if self.directed or not self.symmetric else off // 2

    @classmethod
    def from_edges(
        cls,
        n: int,
        src: NDArray[np.int64],
        dst: NDArray[np.int64],
        self_mask: NDArray[np.bool_],
        *,
        directed: bool = False,
        states: int = 2,
        lights: NDArray[np.uint8] | None = None,
        names: Sequence[str] | None = None,
        coords: NDArray[np.int64] | None = None,
        positions: NDArray[np.float64] | None = None,
        rule: str = "closed",
        name: str = "",
        description: str = "",
    ) -> PressSystem:
        """Build from edge arrays (vectorised; fine for millions of buttons).

        An edge ``src[i] -> dst[i]`` means pressing ``src[i]`` changes ``dst[i]``; undirected
        edges act both ways. ``self_mask[w]`` says whether ``w`` changes its own light.
        """
        indptr, indices = _csc_structure(n, src, dst, self_mask, directed)
        if names is None:
            names = CellNames(coords) if coords is not None else tuple(f"b{i}" for i in range(n))
        if lights is None:
            lights = np.zeros(n, dtype=np.uint8)
        if len(names) != n or len(lights) != n:
            raise BoardError(f"names ({len(names)}) and lights ({len(lights)}) must number {n}")
        system = cls(
            names=names,
            indptr=indptr,
            indices=indices,
            states=states,
            lights=np.asarray(lights, dtype=np.uint8),
            symmetric=not directed,
            coords=coords,
            positions=positions,
            rule=rule,
            name=name,
            directed=directed,
            description=description,
        )
        if directed:  # a directed board whose edges all go both ways is still symmetric
            rptr, ridx = system.transpose
            symmetric = np.array_equal(rptr, indptr) and np.array_equal(ridx, indices)
            object.__setattr__(system, "symmetric", bool(symmetric))
        return system

    def sparse(self, dtype: type[np.integer] = np.int64) -> scipy.sparse.csc_array:
        """A as a scipy sparse matrix (CSC, entries 1) sharing this system's index arrays."""
        import scipy.sparse

        data = np.ones(self.nnz, dtype=dtype)
        return scipy.sparse.csc_array((data, self.indices, self.indptr), shape=(self.n, self.n))

    @cached_property
    def transpose(self) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
        """Row structure of A: ``(indptr, indices)`` listing, per light, the buttons changing it."""
        if self.symmetric:
            return self.indptr, self.indices
        if self.nnz <= _NUMPY_SORT_LIMIT:
            cols = np.repeat(np.arange(self.n, dtype=np.int64), np.diff(self.indptr))
            order = np.lexsort((cols, self.indices))
            indptr = np.zeros(self.n + 1, dtype=np.int64)
            np.cumsum(np.bincount(self.indices, minlength=self.n), out=indptr[1:])
            return indptr, cols[order]
        rows = self.sparse(np.int8).tocsr()  # scipy's conversion is ~3× a numpy lexsort
        return rows.indptr.astype(np.int64), rows.indices.astype(np.int64)

    def column(self, w: int) -> NDArray[np.int64]:
        """Lights changed by pressing button `w`."""
        return self.indices[self.indptr[w] : self.indptr[w + 1]]

    def index(self, name: str) -> int:
        """Position of a button id in the order."""
        try:
            return int(self.names.index(name))
        except ValueError:
            raise BoardError(f"button {name!r} is not on the board") from None

    def apply(self, presses: ArrayLike) -> NDArray[np.int64]:
        """The light change ``A x mod p`` caused by pressing each button ``x[w]`` times."""
        x = np.asarray(presses, dtype=np.int64) % self.states
        if x.shape != (self.n,):
            raise BoardError(f"expected {self.n} press counts, got shape {x.shape}")
        return np.asarray(self.sparse() @ x, dtype=np.int64) % self.states

    def dense(self, limit: int = DENSE_LIMIT) -> NDArray[np.uint8]:
        """A as a dense ``(N, N)`` 0/1 matrix; refused beyond `limit` buttons."""
        if self.n > limit:
            raise BoardTooLargeError(
                f"a dense {self.n}×{self.n} matrix is too large (limit {limit} buttons)"
            )
        return np.asarray(self.sparse(np.uint8).toarray(), dtype=np.uint8)

    def with_lights(self, lights: ArrayLike) -> PressSystem:
        """The same system with other light states."""
        arr = np.asarray(lights, dtype=np.int64)
        if arr.shape != (self.n,) or (arr.size and (arr.min() < 0 or arr.max() >= self.states)):
            raise BoardError(f"expected {self.n} light values in 0..{self.states - 1}")
        return dataclasses.replace(self, lights=arr.astype(np.uint8))

    def with_self_action(self, acts_on_itself: ArrayLike) -> PressSystem:
        """The same board with every button's self action set from a boolean mask.

        Used to apply ``--rule`` to boards read straight into a system (ASCII grids carry no
        per-button overrides, so the rule decides every diagonal entry).
        """
        mask = np.asarray(acts_on_itself, dtype=bool)
        if mask.shape != (self.n,):
            raise BoardError(f"expected {self.n} self-action flags, got shape {mask.shape}")
        cols = np.repeat(np.arange(self.n, dtype=np.int64), np.diff(self.indptr))
        off = self.indices != cols
        rebuilt = PressSystem.from_edges(
            self.n,
            cols[off],
            self.indices[off],
            mask,
            directed=True,
            states=self.states,
            lights=self.lights,
            names=self.names,
            coords=self.coords,
            positions=self.positions,
            rule=self.rule,
            name=self.name,
        )
        return dataclasses.replace(rebuilt, directed=self.directed)

    def with_rule(self, rule: str) -> PressSystem:
        """The same board under another rule: every button acts on itself exactly when `rule`
        is ``"closed"`` (per-button overrides are dropped, as ASCII grids have none).

        Examples
        --------
        >>> from lograph.core.model.generators import grid_system
        >>> s = grid_system(1, 2, name="pair").with_rule("open")
        >>> s.rule, s.name, s.dense().tolist()
        ('open', 'pair', [[0, 1], [1, 0]])
        """
        rule = check_rule(rule)
        system = self.with_self_action(np.full(self.n, rule == "closed"))
        return dataclasses.replace(system, rule=rule)

    def with_states(self, states: int) -> PressSystem:
        """The same board with another number of states k; lights are reduced mod k."""
        p = check_states(states)
        return dataclasses.replace(self, states=p, lights=(self.lights % p).astype(np.uint8))


#: Matrix entries up to which structure is sorted with numpy rather than scipy's conversions.
_NUMPY_SORT_LIMIT = 20_000


#: Sorted runs up to which the edge keys are merged by numpy (see `_csc_structure`).
_FEW_RUNS = 64


def _csc_from_keys(n: int, key: NDArray[np.int64]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """``(indptr, indices)`` from sorted, distinct keys ``col * n + row``."""
    indptr = np.zeros(n + 1, dtype=np.int64)
    if n:
        np.cumsum(np.bincount(key // n, minlength=n), out=indptr[1:])
        key = key % n
    return indptr, key.astype(np.int64)


#: Entries up to which numpy's sort is taken over scipy's CSC conversion when scipy.sparse
#: is not imported yet: importing it costs ~0.1 s, the sort of 10⁶ entries ~0.07 s.
_SCIPY_IMPORT_ENTRIES = 1_500_000


def _sort_beats_scipy(entries: int) -> bool:
    import sys

    return "scipy.sparse" not in sys.modules and entries <= _SCIPY_IMPORT_ENTRIES


def _csc_structure(
    n: int,
    src: NDArray[np.int64],
    dst: NDArray[np.int64],
    self_mask: NDArray[np.bool_],
    directed: bool,
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """``(indptr, indices)`` of A from edge arrays: sorted columns, no repeated entries."""
    src = np.asarray(src, dtype=np.int64)
    dst = np.asarray(dst, dtype=np.int64)
    loops = np.flatnonzero(np.asarray(self_mask, dtype=bool))
    if directed:
        cols = np.concatenate([src, loops])
        rows = np.concatenate([dst, loops])
    else:
        cols = np.concatenate([src, dst, loops])
        rows = np.concatenate([dst, src, loops])
    if len(rows) <= _NUMPY_SORT_LIMIT:  # no scipy for a small board
        # sorted, then the first of each run: numpy 2's np.unique hashes first, ~25× slower
        # on the few thousand keys of a 20×20 board (0.8 ms against 30 µs)
        key = np.sort(cols * n + rows)
        first = np.ones(len(key), dtype=bool)
        np.not_equal(key[1:], key[:-1], out=first[1:])
        return _csc_from_keys(n, key[first])
    key = cols * n + rows
    few_runs = np.count_nonzero(key[1:] < key[:-1]) < _FEW_RUNS
    if few_runs or _sort_beats_scipy(len(key)):
        # A few sorted runs (grids, files written in order): timsort merges them as fast as
        # scipy's conversion, and a 1000×1000 .txt is analysed without importing scipy;
        # up to a million or so entries in any order, numpy's sort beats scipy's import.
        key.sort(kind="stable" if few_runs else "quicksort")
        first = np.ones(len(key), dtype=bool)
        first[1:] = key[1:] != key[:-1]
        return _csc_from_keys(n, key[first])
    import scipy.sparse

    # scipy's CSC conversion sorts and merges duplicates ~5x faster than a numpy sort.
    matrix = scipy.sparse.csc_matrix(
        (np.ones(len(rows), dtype=np.int32), (rows, cols)), shape=(n, n)
    )
    matrix.sum_duplicates()
    matrix.sort_indices()
    return matrix.indptr.astype(np.int64), matrix.indices.astype(np.int64)
