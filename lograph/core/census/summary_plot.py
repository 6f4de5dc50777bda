"""A picture of a counts table: per number of vertices, the share of graphs of each GF(2)
nullity, closed rule (A + I) and open rule (A) side by side (matplotlib, optional)."""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from lograph.core.census.output import require
from lograph.core.files.atomic import atomic_write_bytes

__all__ = ["write_summary_plot"]

#: Nullities drawn one by one; larger ones share the last band.
_BANDS = 5


def write_summary_plot(rows: Sequence[Sequence[int]], target: Path) -> None:
    """Draw `rows` (vertices, edges, nullity closed, nullity open, graphs) to a PNG."""
    require("matplotlib", "--plot")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shares: list[dict[int, dict[int, int]]] = [defaultdict(lambda: defaultdict(int)) for _ in "co"]
    for v, _e, closed, open_, count in rows:
        shares[0][v][min(closed, _BANDS)] += count
        shares[1][v][min(open_, _BANDS)] += count
    figure, axes = plt.subplots(1, 2, figsize=(10, 4), sharey=True)
    for ax, share, title in zip(
        axes, shares, ("closed rule (A + I)", "open rule (A)"), strict=True
    ):
        sizes = sorted(share)
        bottom = [0.0] * len(sizes)
        for band in range(_BANDS + 1):
            heights = [share[v][band] / max(1, sum(share[v].values())) for v in sizes]
            label = f"nullity {band}" if band < _BANDS else f"nullity ≥ {band}"
            ax.bar(sizes, heights, bottom=bottom, label=label)
            bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
        ax.set_title(title)
        ax.set_xlabel("vertices")
        ax.set_xticks(sizes)
    axes[0].set_ylabel("share of graphs")
    axes[1].legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="small")
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100)
    plt.close(figure)
    atomic_write_bytes(target, buffer.getvalue())
