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
from typing import TYPE_CHECKING, Any

import numpy as np

from lograph.core.errors import LographError
from lograph.core.model.board import Board
from lograph.core.solve import analyze, solve

if TYPE_CHECKING:
    from lograph.core.explain.steps import Explanation

__all__ = ["board_figures", "draw_pattern", "figures_text", "png_bytes"]

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


#: The window's colours (``lograph.ui.canvas.palette``; the core does not import Qt): the
#: canvas, its edges, a dark disc, a disc's outline and the quiet pattern's hatch.
CANVAS, EDGE, DARK, OUTLINE, QUIET = "#eef0f3", "#8a94a3", "#343a46", "#1f2329", "#0c8599"


def _step(board: Board, pos: np.ndarray) -> float:
    """The board's usual distance between neighbours (its grid step)."""
    index = {b: i for i, b in enumerate(board.buttons)}
    lengths = [float(np.linalg.norm(pos[index[u]] - pos[index[v]])) for u, v in board.edges()]
    lengths = [x for x in lengths if x > 0]
    if lengths:
        return float(np.median(lengths))
    if len(pos) > 1:
        gaps = np.linalg.norm(pos[:, None, :] - pos[None, :, :], axis=2)
        gaps[gaps == 0] = np.inf
        return float(gaps.min()) if np.isfinite(gaps.min()) else 1.0
    return 1.0


def draw_pattern(ax: Any, board: Board, vector: list[int], title: str) -> None:
    """`vector` on its own small picture of the board, as the window draws a quiet pattern:
    the canvas, the edges, dark discs, and the pattern's buttons hatched (with the number
    of presses written when it is more than 1). Edges much longer than the board's step
    (the wrap-around edges of a torus) are drawn as short stubs, as the window does."""
    from matplotlib.patches import Circle

    pos = board.positions().astype(float)
    step = _step(board, pos)
    radius = 0.32 * step
    if len(pos) > 1:  # buttons closer than the usual step (Petersen's inner star) stay apart
        gaps = np.linalg.norm(pos[:, None, :] - pos[None, :, :], axis=2)
        closest = float(gaps[gaps > 0].min()) if (gaps > 0).any() else step
        radius = min(radius, 0.45 * closest)
    index = {b: i for i, b in enumerate(board.buttons)}
    for u, v in board.edges():
        a, b = pos[index[u]], pos[index[v]]
        gap = float(np.linalg.norm(b - a))
        if gap == 0:
            continue
        if gap > 2.5 * step:  # a wrap-around edge: a stub out of each end, off the board
            unit = (b - a) / gap * 0.55 * step
            for start, way in ((a, -unit), (b, unit)):
                ax.plot(*zip(start, start + way, strict=True), color=EDGE, lw=1.2, zorder=1)
            continue
        if board.directed:
            end = b - (b - a) / gap * radius
            ax.annotate("", xy=end, xytext=a, zorder=1,
                        arrowprops={"arrowstyle": "-|>", "color": EDGE, "lw": 1.2})  # fmt: skip
        else:
            ax.plot(*zip(a, b, strict=True), color=EDGE, lw=1.2, zorder=1)
    for (x, y), value in zip(pos, vector, strict=True):
        ax.add_patch(Circle((x, y), radius, facecolor=DARK, edgecolor=OUTLINE, lw=1, zorder=2))
        if value:
            ax.add_patch(Circle((x, y), radius, fill=False, hatch="////", edgecolor=QUIET,
                                lw=2, zorder=3))  # fmt: skip
            if value > 1:
                ax.text(x, y, str(value), color="white", ha="center", va="center",
                        fontsize=9, fontweight="bold", zorder=4, parse_math=False)  # fmt: skip
    lo, hi = pos.min(axis=0) - step * 0.7, pos.max(axis=0) + step * 0.7
    ax.set_xlim(lo[0], hi[0])
    ax.set_ylim(hi[1], lo[1])  # y grows downwards, as on the canvas
    ax.set_aspect("equal")
    ax.set_facecolor(CANVAS)
    ax.set_xticks([])
    ax.set_yticks([])
    for spine in ax.spines.values():
        spine.set_edgecolor(EDGE)
    ax.set_title(title)


def png_bytes(board: Board, e: Explanation | None) -> bytes:
    """A picture of A, of the reduced [A | c] with its pivots marked, and of each quiet
    pattern on its own small board (only A on a board too big for the steps). Button ids
    are drawn as they are (never read as matplotlib's mathtext)."""
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
    with matplotlib.rc_context({"hatch.linewidth": 2.0}):  # a hatch readable on a dark disc
        return _draw(plt, board, e)


def _draw(plt: Any, board: Board, e: Explanation | None) -> bytes:
    from lograph.core.explain.steps import press_matrix

    quiet = e.quiet[:4] if e is not None else []
    panels = 1 + (e is not None) + len(quiet)
    fig, axes = plt.subplots(1, panels, figsize=(4.2 * panels, 4.6), squeeze=False)
    ax = axes[0][0]
    ax.imshow(np.array(press_matrix(board)), cmap="Greys", interpolation="nearest")
    ax.set_title("press matrix A")
    ids = list(board.buttons)
    if len(ids) <= 30:
        ax.set_xticks(range(len(ids)), ids, rotation=90, fontsize=6, parse_math=False)
        ax.set_yticks(range(len(ids)), ids, fontsize=6, parse_math=False)
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
            ax.set_title(f"Smith form D over Z_{part.q}", parse_math=False)
        for i, q in enumerate(quiet):
            draw_pattern(axes[0][2 + i], board, q, f"quiet pattern q{i + 1}")
    fig.tight_layout()
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=110)
    plt.close(fig)
    return out.getvalue()
