"""Two peer methods of solving Lights Out, reimplemented faithfully for the benchmark.

- `state_space_bfs` (state-space search): every light pattern is a vertex, every button
  press an edge of cost 1; one shortest-path search from the solved state settles the whole
  graph and its farthest vertex is the worst position. (The usual write-up runs Dijkstra; with unit
  costs Dijkstra visits the vertices in exactly breadth-first order.)
- `first_row_enumeration` (the textbook light-chasing method): try each of the 2^cols
  first-row press patterns, chase the lights down row by row with strings as in the
  textbook code, keep the patterns that leave the last row dark, and return the one with
  the fewest presses.
"""

from __future__ import annotations

import itertools
from collections import deque

import numpy as np

from lograph.core.model.system import PressSystem


def state_space_bfs(system: PressSystem) -> tuple[int, int]:
    """``(worst presses, solvable positions)`` by breadth-first search over all 2^N states."""
    n = system.n
    masks = []
    for w in range(n):
        mask = 0
        for u in system.column(w).tolist():
            mask |= 1 << u
        masks.append(mask)
    dist = {0: 0}  # solved state
    queue = deque([0])
    worst = 0
    while queue:
        state = queue.popleft()
        d = dist[state] + 1
        for mask in masks:
            nxt = state ^ mask
            if nxt not in dist:
                dist[nxt] = d
                worst = d
                queue.append(nxt)
    return worst, len(dist)


def _flip(c: str) -> str:
    return "1" if c == "0" else "0"


def _apply_pattern_to_row(pattern: str, row: str) -> str:
    new_row = row[:]
    width = len(row)
    for c in range(width):
        if pattern[c] == "1":
            for cc in range(c - 1, c + 2):
                if 0 <= cc < width:
                    new_row = new_row[0:cc] + _flip(new_row[cc]) + new_row[cc + 1 :]
    return new_row


def first_row_enumeration(lights: np.ndarray) -> tuple[int, list[str]] | None:
    """Fewest presses for the rows×cols light grid `lights` (closed rule), or None.

    Follows the textbook code: `grid` is the list of row strings plus a dummy dark row.
    """
    rows, cols = lights.shape
    grid = ["".join(str(int(v)) for v in r) for r in lights] + ["0" * cols]
    best_solution = None
    best_count = rows * cols + 1
    for p in ("".join(x) for x in itertools.product("01", repeat=cols)):
        curr_pattern = p
        solution = []
        curr_row = grid[0]
        for i in range(rows):
            next_pattern = _apply_pattern_to_row(curr_pattern, curr_row)
            next_row = ""
            for j in range(cols):
                next_row += _flip(grid[i + 1][j]) if curr_pattern[j] == "1" else grid[i + 1][j]
            curr_row = next_row
            solution.append(curr_pattern)
            curr_pattern = next_pattern
        if next_pattern == "0" * cols:  # the last row is dark
            press_count = sum(r.count("1") for r in solution)
            if press_count < best_count:
                best_count = press_count
                best_solution = solution
    return None if best_solution is None else (best_count, best_solution)
