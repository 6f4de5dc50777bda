"""Frontier row 13: a random geometric graph whose quiet code splits into hundreds of pieces.

Not in the issue's table (which names lattices); the issue's "where silent, build what a
user would expect" covers general graphs, and this is the board where the split matters
most: 2,000 buttons, nullity 422, 309 pieces of at most 7 dimensions. The row times three
whole commands (`solve --goal on --fewest`, `worst`, `analyze --histogram`) and checks
each answer without lograph's algebra: the printed presses, toggled over the graph's closed
neighbourhoods with networkx, turn all off into all on and clear the printed worst
position; the histogram counts 2^rank positions and its hardest count is the worst's.
"""

from __future__ import annotations

import json
from typing import Any

import networkx as nx
from frontier_cli import refused
from frontier_common import Context, Row, Run, fmt, met, run

#: The board: `lograph generate geometric 2000 0.02 --seed 4`.
BUTTONS, RADIUS, SEED = 2000, 0.02, 4
#: Measured on the same board without the split into pieces: the heuristic's answer and
#: the bounds, which is what the peers column sets beside ours.
BEFORE = (
    "without the split into pieces: 802 heuristic ≥ 731 (7.3 s); worst 476–1,543; histogram refused"
)


def _toggled(graph: nx.Graph, presses: list[str]) -> set[str]:
    """The lights a press set changes: each press toggles its closed neighbourhood."""
    lit: set[str] = set()
    for button in presses:
        lit ^= {button, *graph.neighbors(button)}
    return lit


def _graph(ctx: Context) -> tuple[str, nx.Graph]:
    path = ctx.scratch / "geometric-2000.json"
    if not path.exists():
        made = run(ctx.cli("generate", "geometric", str(BUTTONS), str(RADIUS), "-o", str(path),
                           "--seed", str(SEED)))  # fmt: skip
        if not made.ok:
            raise RuntimeError(f"lograph generate failed ({made.why()})")
    data = json.loads(path.read_text())
    graph = nx.Graph()
    graph.add_nodes_from(str(node["id"]) for node in data["nodes"])
    graph.add_edges_from((str(e["source"]), str(e["target"])) for e in data["edges"])
    return str(path), graph


def _json(ctx: Context, *args: str) -> tuple[Run, dict[str, Any] | None]:
    done = run(ctx.cli(*args, "--json"), timeout=600)
    return done, (json.loads(done.stdout) if done.ok else None)


def row_pieces(ctx: Context) -> Row:
    row = Row("13", "geometric 2000 (nullity 422): fewest to all on, worst, histogram")
    row.peers, row.target = BEFORE, "exact"
    path, graph = _graph(ctx)
    fewest_run, fewest = _json(ctx, "solve", path, "--goal", "on", "--fewest")
    worst_run, worst = _json(ctx, "worst", path)
    histogram_run, analysis = _json(ctx, "analyze", path, "--histogram")
    if fewest is None or worst is None or analysis is None:
        failed = next(d for d, a in ((fewest_run, fewest), (worst_run, worst),
                                     (histogram_run, analysis)) if a is None)  # fmt: skip
        return refused(row, failed)
    counts = [int(c) for c in analysis["histogram"]]
    all_on = _toggled(graph, fewest["presses"]) == set(graph.nodes)
    cleared = _toggled(graph, worst["presses"]) == set(worst["lights"])
    sizes = fewest["press_count"] == len(fewest["presses"]) and worst["worst_presses"] == len(
        worst["presses"]
    )
    counted = sum(counts) == 2 ** analysis["rank"] and len(counts) - 1 == worst["worst_presses"]
    row.checked = all_on and cleared and sizes and counted
    exact = bool(fewest["exact"]) and bool(worst["exact"])
    row.lograph = (
        f"fewest {fewest['press_count']} ({'exact' if fewest['exact'] else 'not exact'}) "
        f"{fmt(fewest_run.seconds)}; worst {worst['worst_presses']} "
        f"({'exact' if worst['exact'] else 'not exact'}) {fmt(worst_run.seconds)}; "
        f"histogram {fmt(histogram_run.seconds)}"
    )
    row.answer = (
        "presses turn all off on and clear the worst position (networkx); histogram sums to "
        "2^rank, its hardest count = worst"
        if row.checked
        else "WRONG: " + ", ".join(
            name for name, ok in (("fewest", all_on), ("worst", cleared), ("sizes", sizes),
                                  ("histogram", counted)) if not ok
        )
    )  # fmt: skip
    row.met = met(exact and row.checked)
    return row
