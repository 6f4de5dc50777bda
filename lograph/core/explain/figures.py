"""What is shown instead of the steps on a board too big to read them, and the PNG picture
of the matrices (matplotlib, from the ``plot`` extra, imported only here).

Examples
--------
>>> from lograph.core.model.generators import rectangle
>>> board_figures(rectangle(12, 12))[:2]
[('buttons', '144'), ('light states', '2')]
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import numpy as np

from lograph.core.errors import LographError
from lograph.core.model.board import Board
from lograph.core.solve import analyze, solve

if TYPE_CHECKING:
    from lograph.core.explain.steps import Explanation

__all__ = ["board_figures", "figures_text", "png_bytes"]

#: Largest board whose press matrix is drawn in a PNG (one pixel or more per entry).
PICTURE_LIMIT = 2_500


def board_figures(board: Board, goal: str = "off") -> list[tuple[str, str]]:
    """The engine's figures for `board`: size, rank, nullity, quiet patterns, solvable."""
    a = analyze(board)
    answer = solve(board, "on" if goal == "on" else "off")
    rank = str(a.rank) if a.prime else f"{a.rank} (McCoy rank over Z_{a.states})"
    solvable = "no"
    if answer.solvable and answer.presses is not None:
        solvable = f"yes: a solution of {int(answer.presses.astype(np.int64).sum())} presses"
    return [
        ("buttons", str(a.n)),
        ("light states", str(a.states)),
        ("rank", rank),
        ("nullity", str(a.nullity)),
        ("quiet patterns", str(a.kernel_size)),
        ("solvable", solvable),
    ]


def figures_text(board: Board, goal: str, limit: int) -> str:
    """The Markdown shown instead of the steps."""
    lines = [
        f"{len(board)} buttons are too many to show the algebra step by step "
        f"(limit {limit}); the figures instead:",
        "",
    ]
    lines += [f"- {name}: {value}" for name, value in board_figures(board, goal)]
    return "\n".join(lines) + "\n"


def png_bytes(board: Board, e: Explanation | None) -> bytes:
    """A picture of A, of the reduced [A | c] with its pivots marked, and of the quiet
    patterns on the board (only A on a board too big for the steps)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot as plt
    except ImportError:
        raise LographError("PNG pictures need matplotlib: pip install 'lograph[plot]'") from None
    if len(board) > PICTURE_LIMIT:
        raise LographError(
            f"{len(board)} buttons are too many to draw the press matrix (limit {PICTURE_LIMIT})"
        )
    from lograph.core.explain.steps import press_matrix

    quiet = e.quiet[:4] if e is not None else []
    panels = 1 + (e is not None) + len(quiet)
    fig, axes = plt.subplots(1, panels, figsize=(4.2 * panels, 4.6), squeeze=False)
    ax = axes[0][0]
    ax.imshow(np.array(press_matrix(board)), cmap="Greys", interpolation="nearest")
    ax.set_title("press matrix A")
    ids = list(board.buttons)
    if len(ids) <= 30:
        ax.set_xticks(range(len(ids)), ids, rotation=90, fontsize=6)
        ax.set_yticks(range(len(ids)), ids, fontsize=6)
    if e is not None:
        ax = axes[0][1]
        part = e.smith[-1] if e.smith else None  # composite k: the last prime power's D
        reduced = np.array(e.reduced) if part is None else np.diag(part.diagonal)
        top = max(1, e.states - 1) if part is None else max(1, part.q - 1)
        ax.imshow(reduced, cmap="Greys", interpolation="nearest", vmin=0, vmax=top)
        if e.prime:
            rows, cols = zip(*e.pivots, strict=True) if e.pivots else ((), ())
            ax.scatter(cols, rows, marker="s", s=30, facecolors="none", edgecolors="#e03131")
            ax.axvline(e.n - 0.5, color="#1c7ed6")
            ax.set_title(f"reduced [A | c], rank {e.rank}")
        elif part is not None:
            ax.set_title(f"Smith form D over Z_{part.q}")
        pos = board.positions()
        for i, q in enumerate(quiet):
            ax = axes[0][2 + i]
            lit = np.array(q) != 0
            ax.scatter(pos[:, 0], pos[:, 1], s=120, c="#343a46")
            ax.scatter(pos[lit, 0], pos[lit, 1], s=120, c="#0c8599")
            ax.invert_yaxis()
            ax.set_aspect("equal")
            ax.axis("off")
            ax.set_title(f"quiet pattern q{i + 1}")
    fig.tight_layout()
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=110)
    plt.close(fig)
    return out.getvalue()
