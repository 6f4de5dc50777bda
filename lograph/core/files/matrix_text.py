"""A matrix over Z_k as text: comma-separated values or MatrixMarket, written and read back.

``.csv``: one line per matrix row, the entries as decimal integers parted by commas.
``.mtx``: MatrixMarket coordinate format, integer entries (`scipy.io.mmwrite`), the zeros
left out; what other tools (scipy, Matlab, Julia, SageMath) read as a sparse matrix.

Examples
--------
>>> m = np.array([[1, 1], [0, 1]], dtype=np.uint8)
>>> matrix_bytes(m, "csv").decode()
'1,1\\n0,1\\n'
>>> parse_matrix(matrix_bytes(m, "mtx"), "mtx").tolist()
[[1, 1], [0, 1]]
"""

from __future__ import annotations

import io
from typing import Literal

import numpy as np
from numpy.typing import NDArray

from lograph.core.errors import BoardError, BoardTooLargeError

__all__ = ["MATRIX_TEXT_TYPES", "MAX_MATRIX_SIDE", "TextFormat", "matrix_bytes", "parse_matrix"]

TextFormat = Literal["csv", "mtx"]
MATRIX_TEXT_TYPES: tuple[TextFormat, ...] = ("csv", "mtx")

#: Most rows (and columns) a matrix read from a file may have: the dense press matrix limit.
MAX_MATRIX_SIDE = 6000


def matrix_bytes(matrix: NDArray[np.integer], fmt: TextFormat) -> bytes:
    """The matrix's text in format `fmt` (module docstring)."""
    values = np.asarray(matrix, dtype=np.int64)
    if fmt == "csv":
        lines = (",".join(map(str, row)) for row in values.tolist())
        return "".join(line + "\n" for line in lines).encode("ascii")
    if fmt == "mtx":
        from scipy import io as sio
        from scipy import sparse

        out = io.BytesIO()
        sio.mmwrite(out, sparse.coo_matrix(values), field="integer")
        return out.getvalue()
    raise BoardError(f"unknown matrix format {fmt!r}; choose csv or mtx")


def parse_matrix(data: bytes, fmt: TextFormat) -> NDArray[np.int64]:
    """The square integer matrix in `data` (a ``.csv`` or ``.mtx`` file's bytes).

    Raises
    ------
    BoardError
        Not a square matrix of integers in that format, with the reason.
    BoardTooLargeError
        Over `MAX_MATRIX_SIDE` rows.
    """
    if fmt == "csv":
        values = _parse_csv(data)
    elif fmt == "mtx":
        values = _parse_mtx(data)
    else:
        raise BoardError(f"unknown matrix format {fmt!r}; choose csv or mtx")
    if values.ndim != 2 or values.shape[0] != values.shape[1] or values.shape[0] == 0:
        raise BoardError(f"a press matrix is square, not {values.shape[0]}×{values.shape[1]}")
    return values


def _parse_csv(data: bytes) -> NDArray[np.int64]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BoardError("not a text file of comma-separated numbers") from None
    rows = [line for line in text.splitlines() if line.strip()]
    if len(rows) > MAX_MATRIX_SIDE:
        raise BoardTooLargeError(f"{len(rows)} rows: the limit is {MAX_MATRIX_SIDE}")
    out: list[list[int]] = []
    for number, line in enumerate(rows, 1):
        try:
            out.append([int(cell) for cell in line.split(",")])
        except ValueError:
            raise BoardError(f"line {number}: entries must be integers parted by commas") from None
        if len(out[-1]) != len(out[0]):
            raise BoardError(f"line {number} has {len(out[-1])} entries, line 1 {len(out[0])}")
    if not out:
        return np.zeros((0, 0), dtype=np.int64)
    return np.array(out, dtype=np.int64).reshape(len(out), len(out[0]))


def _parse_mtx(data: bytes) -> NDArray[np.int64]:
    from scipy import io as sio

    header = data.lstrip()[:64].lower()
    if not header.startswith(b"%%matrixmarket"):
        raise BoardError("not a MatrixMarket file (it starts with %%MatrixMarket)")
    try:
        rows, cols, _entries, _kind, field, _symmetry = sio.mminfo(io.BytesIO(data))
    except (ValueError, IndexError, OSError) as exc:
        raise BoardError(f"not a MatrixMarket file scipy can read ({exc})") from None
    if max(rows, cols) > MAX_MATRIX_SIDE:
        raise BoardTooLargeError(f"{rows}×{cols}: the limit is {MAX_MATRIX_SIDE} rows")
    if field not in ("integer", "pattern", "real"):
        raise BoardError(f"MatrixMarket entries must be integers, not {field}")
    try:
        read = sio.mmread(io.BytesIO(data))
    except (ValueError, IndexError, OSError) as exc:
        raise BoardError(f"not a MatrixMarket file scipy can read ({exc})") from None
    dense = np.asarray(read.toarray() if hasattr(read, "toarray") else read)
    if dense.dtype.kind == "f" and (
        not np.all(np.isfinite(dense)) or np.any(dense != np.round(dense))
    ):
        raise BoardError("MatrixMarket entries must be integers")
    return dense.astype(np.int64)
