"""A finished census table as Parquet, and as a picture (matplotlib).

Both read the CSV table as a stream, so a table of 10⁸ rows is never loaded whole, and
both write atomically (`lograph.core.files.atomic`): the target is either untouched or
complete. pyarrow and matplotlib are optional (``lograph[parquet]``, ``lograph[plot]``);
`require` turns a missing one into one clear `LographError`.
"""

from __future__ import annotations

import csv
import importlib
import io
import math
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from lograph.core.errors import LographError
from lograph.core.files.atomic import atomic_write_bytes

__all__ = ["EXTRAS", "grid_sizes", "require", "write_parquet", "write_plot"]

#: Optional module -> the extra that installs it.
EXTRAS = {"pyarrow": "parquet", "matplotlib": "plot", "distributed": "cluster"}
#: Rows converted to Parquet per batch (one row group each).
_BATCH = 1 << 16
_INTEGERS = ("line", "buttons", "edges", "states", "rank", "nullity", "free_buttons", "worst")
_SIZE = re.compile(r"(?:(\d+)x)?(\d+)$")


def require(module: str, purpose: str) -> Any:
    """Import an optional module or raise one line saying which extra installs it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        extra = EXTRAS[module.split(".")[0]]
        raise LographError(
            f"{purpose} needs {module.split('.')[0]}: pip install 'lograph[{extra}]'"
        ) from None


def _records(table: Path) -> Iterator[dict[str, str]]:
    with open(table, encoding="utf-8", newline="") as handle:
        yield from csv.DictReader(handle)


def _typed(column: str, values: list[str]) -> list[object]:
    if column in _INTEGERS:
        return [int(v) if v else None for v in values]
    if column == "kernel_size":  # Parquet integers stop at 2^63: larger sizes are left empty
        return [int(v) if v and len(v) < 19 else None for v in values]
    if column == "solvable_fraction":
        return [float(v) for v in values]
    return list(values)


def write_parquet(table: Path, target: Path, columns: Sequence[str]) -> None:
    """Convert the CSV `table` to Parquet at `target`, a row group per batch of rows."""
    pa = require("pyarrow", "Parquet output")
    pq = require("pyarrow.parquet", "Parquet output")
    types = {c: pa.int64() for c in (*_INTEGERS, "kernel_size")}
    types["solvable_fraction"] = pa.float64()
    schema = pa.schema([(c, types.get(c, pa.string())) for c in columns])
    sink = pa.BufferOutputStream()
    with pq.ParquetWriter(sink, schema) as writer:
        batch: list[dict[str, str]] = []
        written = False
        for record in _records(table):
            batch.append(record)
            if len(batch) == _BATCH:
                writer.write_batch(_batch(pa, schema, columns, batch))
                batch, written = [], True
        if batch or not written:  # an empty table still gets its schema
            writer.write_batch(_batch(pa, schema, columns, batch))
    atomic_write_bytes(target, sink.getvalue().to_pybytes())


def _batch(pa: Any, schema: Any, columns: Sequence[str], rows: list[dict[str, str]]) -> Any:
    data = [_typed(c, [row[c] for row in rows]) for c in columns]
    return pa.record_batch(data, schema=schema)


def grid_sizes(name: str) -> tuple[int, ...]:
    """The sizes in a grid board's name.

    >>> grid_sizes("torus 5x7"), grid_sizes("12x3"), grid_sizes("diamond 4")
    ((5, 7), (12, 3), (4,))
    """
    found = _SIZE.search(name)
    if found is None:
        raise LographError(f"census row {name!r} names no board size")
    return tuple(int(g) for g in found.groups() if g is not None)


def write_plot(table: Path, target: Path, family: str, title: str) -> None:
    """Draw the table: a heat map of nullity over (m, n) for two-size grid families, nullity
    against the radius for diamonds, a histogram of nullities for graph families."""
    require("matplotlib", "--plot")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7.5, 6), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    if family == "graph6":
        counts = Counter(int(record["nullity"]) for record in _records(table))
        keys = sorted(counts)
        axes.bar(keys, [counts[k] for k in keys], color="tab:blue")
        axes.set(xlabel="nullity", ylabel="graphs", title=title)
        if keys and max(counts.values()) / max(1, min(counts.values())) > 1000:
            axes.set_yscale("log")
    else:
        cells = {grid_sizes(r["name"]): int(r["nullity"]) for r in _records(table)}
        if family == "diamond":
            radii = sorted(size[0] for size in cells)
            axes.bar(radii, [cells[(r,)] for r in radii], color="tab:blue")
            axes.set(xlabel="radius", ylabel="nullity", title=title)
        else:
            _heat_map(figure, axes, cells, title)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100)
    atomic_write_bytes(target, buffer.getvalue())


def _heat_map(figure: Any, axes: Any, cells: dict[tuple[int, ...], int], title: str) -> None:
    import numpy as np

    rows = sorted({size[0] for size in cells})
    cols = sorted({size[1] for size in cells})
    row_at = {m: i for i, m in enumerate(rows)}
    col_at = {n: j for j, n in enumerate(cols)}
    grid = np.full((len(rows), len(cols)), np.nan)
    for (m, n), nullity in cells.items():
        grid[row_at[m], col_at[n]] = nullity
    extent = (cols[0] - 0.5, cols[-1] + 0.5, rows[-1] + 0.5, rows[0] - 0.5) if cells else None
    image = axes.imshow(grid, cmap="viridis", extent=extent, interpolation="nearest")
    figure.colorbar(image, ax=axes, label="nullity")
    axes.set(xlabel="n (columns)", ylabel="m (rows)", title=title)
    step = max(1, math.ceil(len(cols) / 20))
    axes.set_xticks(cols[::step])
    axes.set_yticks(rows[:: max(1, math.ceil(len(rows) / 20))])
