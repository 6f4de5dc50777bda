"""A matrix over Z_k drawn as a PNG picture, as LightsOutWeb draws its Lights Out matrix and
its inverse matrix, and such a picture read back.

Every entry is a square coloured by its value: ``v`` mixes the unlit colour (black) and the
lit colour (green) in the ratio ``v / (k−1)``, each channel ``⌊255 · mix⌋`` (LightsOutWeb's
palette with its default colours). Two layouts:

- ``"matrix"``: the entry in row r, column c at pixel (r, c);
- ``"boards"`` (LightsOutWeb's, for a full rectangular grid of h rows and w columns): the
  matrix row of the button in cell (y, x) is drawn as a board, an h × w block, and the blocks
  sit as their buttons do: the entry for cell (ys, xs) at pixel ``(y·h + ys, x·w + xs)``.

With `edges`, entries are `cell`-pixel squares parted by one-pixel lines, and the blocks (the
board's rows of entries in the matrix layout) by three, as LightsOutWeb's "with edges" save
(its lines take its unlit and "between" colours, both black by default).

The PNG is written with the standard library alone (zlib); reading one back (`read_png`)
needs Pillow, which matplotlib brings (``pip install 'lograph[plot]'``).

Examples
--------
>>> m = np.array([[0, 1], [1, 0]], dtype=np.uint8)
>>> matrix_pixels(m, 2)[:, :, 1].tolist()  # the green channel: 0 unlit, 255 lit
[[0, 255], [255, 0]]
>>> png_bytes(m, 2)[:8]
b'\\x89PNG\\r\\n\\x1a\\n'
"""

from __future__ import annotations

import struct
import zlib
from typing import Literal

import numpy as np
from numpy.typing import NDArray

from lograph.core.errors import BoardError, LographError

__all__ = [
    "BETWEEN",
    "LIT",
    "UNLIT",
    "Layout",
    "block_order",
    "matrix_pixels",
    "palette",
    "png_bytes",
    "read_png",
    "values_from_pixels",
]

Layout = Literal["matrix", "boards"]

#: LightsOutWeb's default colours (RGB).
UNLIT = (0, 0, 0)
LIT = (0, 255, 0)
BETWEEN = (0, 0, 0)

#: Most pixels a picture may have (a 1024-button matrix with edges: 6 145² ≈ 38 million).
MAX_PIXELS = 40_000_000


def palette(states: int) -> NDArray[np.uint8]:
    """The colour of each value 0..k−1, shape (k, 3): LightsOutWeb's mix, floored."""
    mix = np.arange(states, dtype=np.float64) / (states - 1)
    unlit = np.array(UNLIT, dtype=np.float64) / 255.0
    lit = np.array(LIT, dtype=np.float64) / 255.0
    colours = 255.0 * (unlit[None, :] * (1 - mix[:, None]) + lit[None, :] * mix[:, None])
    return np.floor(colours).astype(np.uint8)


def block_order(shape: tuple[int, int]) -> NDArray[np.int64]:
    """For an h × w grid, the flat cell (row-major) of each matrix pixel in the boards
    layout: ``grid[y·h + ys, x·w + xs] = (y·w + x, ys·w + xs)``, as two stacked index
    arrays (matrix row, matrix column), shape (2, h·h, w·w)."""
    h, w = shape
    y, ys = np.divmod(np.arange(h * h), h)
    x, xs = np.divmod(np.arange(w * w), w)
    rows = y[:, None] * w + x[None, :]
    cols = ys[:, None] * w + xs[None, :]
    return np.stack((rows, cols))


def _axis(blocks: int, size: int, cell: int) -> NDArray[np.int64]:
    """One axis of the picture with edges: per pixel the entry it shows, or −1 on a line
    between entries, −2 on a line between blocks (LightsOutWeb: a big line, then for each
    block a small line, each entry followed by a small line, and a big line)."""
    out: list[int] = [-2]
    for b in range(blocks):
        out.append(-1)
        for i in range(size):
            out.extend([b * size + i] * cell)
            out.append(-1)
        out.append(-2)
    return np.array(out, dtype=np.int64)


def _checked(
    matrix: NDArray[np.integer], states: int, grid: tuple[int, int] | None
) -> NDArray[np.integer]:
    """`matrix` as an array, once it is square, its entries lie in 0..states−1 and `grid`
    (when given) has as many cells as it has rows."""
    values = np.asarray(matrix)
    n = values.shape[0]
    if values.ndim != 2 or values.shape != (n, n):
        raise BoardError(f"a matrix picture needs a square matrix, not shape {values.shape}")
    if not 2 <= states <= 255:
        raise BoardError(f"states must lie in 2..255, not {states}")
    if values.size and (values.min() < 0 or values.max() >= states):
        raise BoardError(f"matrix entries must lie in 0..{states - 1}")
    if grid is not None and grid[0] * grid[1] != n:
        raise BoardError(f"a {grid[0]}×{grid[1]} grid has not {n} cells")
    return values


def _laid_out(
    values: NDArray[np.integer], layout: str, grid: tuple[int, int] | None
) -> tuple[NDArray[np.integer], tuple[int, int]]:
    """The entries in picture order and the blocks (rows, columns) the lines separate."""
    if layout == "boards":
        if grid is None:
            raise BoardError("the boards layout needs a full rectangular grid board")
        rows, cols = block_order(grid)
        return values[rows, cols], grid
    if layout == "matrix":
        return values, ((grid[0], grid[0]) if grid is not None else (1, 1))
    raise BoardError(f"unknown layout {layout!r}; choose matrix or boards")


def matrix_pixels(
    matrix: NDArray[np.integer],
    states: int,
    *,
    layout: Layout = "matrix",
    grid: tuple[int, int] | None = None,
    edges: bool = False,
    cell: int | None = None,
) -> NDArray[np.uint8]:
    """The picture of `matrix` as RGB pixels, shape (height, width, 3) (module docstring).

    Parameters
    ----------
    matrix : ndarray, shape (n, n)
        Entries in 0..states−1.
    states : int
        k: the number of values (2..255).
    layout : {"matrix", "boards"}
        Entry (r, c) at pixel (r, c), or each row drawn as a board (needs `grid`).
    grid : (int, int), optional
        The full grid's rows and columns, when the buttons are its cells in reading order:
        the boards layout's blocks, and the matrix layout's block lines with `edges`.
    edges : bool
        Lines between the entries and between the blocks.
    cell : int, optional
        Pixels per entry (default 1 plain, 5 with edges, as LightsOutWeb).
    """
    values, blocks = _laid_out(_checked(matrix, states, grid), layout, grid)
    size = cell if cell is not None else (5 if edges else 1)
    if size < 1:
        raise BoardError(f"a cell is at least one pixel, not {size}")
    height, width = values.shape
    if edges:
        ys = _axis(blocks[0], height // blocks[0], size)
        xs = _axis(blocks[1], width // blocks[1], size)
    else:
        ys, xs = np.repeat(np.arange(height), size), np.repeat(np.arange(width), size)
    if len(ys) * len(xs) > MAX_PIXELS:
        raise BoardError(
            f"a {len(xs)}×{len(ys)} picture is over {MAX_PIXELS:,} pixels: draw it without "
            "edges or with smaller cells"
        )
    # one picture row per matrix row, then two line rows; the picture is rows of these. Lines
    # take LightsOutWeb's "between" colour (black by default) and, between blocks, its unlit
    # colour, which wins where lines cross
    rows = palette(states)[np.asarray(values, dtype=np.uint8)[:, np.maximum(xs, 0)]]
    between, unlit = np.empty((2, len(xs), 3), dtype=np.uint8)
    between[:], unlit[:] = BETWEEN, UNLIT
    for block in (rows, between[None]):
        block[:, xs == -1] = BETWEEN
        block[:, xs == -2] = UNLIT
    stack = np.concatenate((rows, between[None], unlit[None]))
    return stack[np.where(ys >= 0, ys, np.where(ys == -1, height, height + 1))]


def png_bytes(
    matrix: NDArray[np.integer],
    states: int,
    *,
    layout: Layout = "matrix",
    grid: tuple[int, int] | None = None,
    edges: bool = False,
    cell: int | None = None,
) -> bytes:
    """`matrix_pixels` encoded as an 8-bit RGB PNG."""
    pixels = matrix_pixels(matrix, states, layout=layout, grid=grid, edges=edges, cell=cell)
    return _encode_png(pixels)


def _chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def _encode_png(pixels: NDArray[np.uint8]) -> bytes:
    height, width, _ = pixels.shape
    rows = np.empty((height, 1 + 3 * width), dtype=np.uint8)
    rows[:, 0] = 0  # filter type None on every row
    rows[:, 1:] = pixels.reshape(height, 3 * width)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", zlib.compress(rows.tobytes(), 6)),
            _chunk(b"IEND", b""),
        )
    )


def read_png(data: bytes) -> NDArray[np.uint8]:
    """The RGB pixels of a PNG picture, shape (height, width, 3) (needs Pillow)."""
    import io

    try:
        from PIL import Image
    except ImportError:
        raise LographError(
            "reading a PNG matrix needs Pillow: pip install 'lograph[plot]'"
        ) from None
    try:
        with Image.open(io.BytesIO(data)) as image:
            return np.asarray(image.convert("RGB"), dtype=np.uint8).copy()
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
        raise BoardError(f"not a PNG picture Pillow can read ({exc})") from None


def values_from_pixels(pixels: NDArray[np.uint8], states: int) -> NDArray[np.uint8]:
    """Each pixel's value 0..k−1: its place between the unlit and the lit colour, rounded
    (LightsOutWeb measures that place by colour distance; on its palette's own colours the
    two agree)."""
    unlit = np.array(UNLIT, dtype=np.float64)
    span = np.array(LIT, dtype=np.float64) - unlit
    place = (pixels.astype(np.float64) - unlit) @ span / float(span @ span)
    return np.floor(np.clip(place, 0.0, 1.0) * (states - 1) + 0.5).astype(np.uint8)
