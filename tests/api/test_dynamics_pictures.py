"""A `Dynamics` answer draws the board's orbit and its fixed boards in a notebook; the
boards drawn are checked against an orbit found by brute force here."""

from __future__ import annotations

import itertools
import re

import numpy as np

import lograph as lo

LIT = "#ffd43b"


def _press_matrix(rows: int, cols: int) -> np.ndarray:
    """The plus rule on a rows×cols grid, written out here (not lograph's)."""
    n = rows * cols
    a = np.zeros((n, n), dtype=np.int64)
    for r, c in itertools.product(range(rows), range(cols)):
        for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                a[(r + dr) * cols + c + dc, r * cols + c] = 1
    return a


def _brute_solution(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The one x with b + A x = 0 over GF(2), by trying every x (A invertible here)."""
    found = [
        x for x in itertools.product((0, 1), repeat=len(b)) if not ((b + a @ np.array(x)) % 2).any()
    ]
    assert len(found) == 1
    return np.array(found[0])


def _drawn_lights(svg: str) -> int:
    return svg.count(LIT)


def test_the_strip_shows_the_orbit_until_it_returns() -> None:
    a = _press_matrix(3, 3)
    start = np.ones(9, dtype=np.int64)
    orbit = [start]
    while True:
        nxt = _brute_solution(a, orbit[-1])
        if (nxt == start).all():
            break
        orbit.append(nxt)
    answer = lo.dynamics(lo.board(lo.rectangle(3, 3), lights=1))
    assert answer.period == len(orbit)
    page = answer._repr_html_()
    pictures = re.findall(r"<svg.*?</svg>", page, flags=re.S)
    titles = [
        t for t in re.findall(r">(board|step [^<]*|fixed [^<]*)<", page) if t != "fixed boards"
    ]
    assert titles[: len(orbit) + 1] == ["board"] + [f"step {i}" for i in range(1, len(orbit))] + [
        f"step {len(orbit)} (back)"
    ]
    for svg, lights in zip(pictures, [*orbit, start], strict=False):
        assert _drawn_lights(svg) == int(np.count_nonzero(lights))
    fixed = pictures[len(orbit) + 1 :]
    assert len(fixed) == min(3, len(answer.fixed))
    for svg, row in zip(fixed, answer.fixed, strict=True):
        # each drawn fixed board is its own solution, checked by brute force
        assert (_brute_solution(a, row.astype(np.int64)) == row).all()
        assert _drawn_lights(svg) == int(np.count_nonzero(row))


def test_period_and_order_print_their_factors() -> None:
    answer = lo.dynamics(lo.board(lo.rectangle(3, 3), lights=1))
    page = answer._repr_html_()
    # the period 2 is prime: written alone, not "2 = 2"; the order 4 with its factors
    assert (answer.period, answer.order) == (2, 4)
    assert "<td style='text-align:left'>2</td>" in page
    assert "4 = 2²" in page


def test_stability_is_what_walking_the_steps_leaves_unchanged() -> None:
    # a 3×4 board with a few lights, walked by brute force for 3 steps of the solution map
    a = _press_matrix(3, 4)
    start = np.zeros(12, dtype=np.int64)
    start[[0, 5, 6, 11]] = 1
    answer = lo.dynamics(lo.board(lo.rectangle(3, 4), lights=start))
    walked, seen = start, np.ones(12, dtype=bool)
    for steps in range(0, 4):
        assert (answer.stable(steps) == seen).all()
        assert (answer.stable(steps, lit=True) == (seen & (start == 1))).all()
        walked = _brute_solution(a, walked)
        seen &= walked == start
    assert not seen.all()  # the steps did change some cells: the test can tell


def test_eigenboards_are_every_board_mapped_to_a_multiple_of_itself() -> None:
    # 2×3 grid over Z_3 (729 boards): brute force finds every v != 0 with A v = λ v
    a = _press_matrix(2, 3)
    found: dict[int, set[tuple[int, ...]]] = {}
    for v in itertools.product(range(3), repeat=6):
        if any(v):
            image = a @ np.array(v) % 3
            for lam in range(3):
                if (image == lam * np.array(v) % 3).all():
                    found.setdefault(lam, set()).add(v)
    answer = lo.dynamics(lo.rectangle(2, 3, states=3)).eigenboards()
    assert set(answer) == set(found)
    assert len(found) >= 2  # quiet patterns (λ = 0) and boards that are their own solution
    for lam, rows in answer.items():
        span = {
            tuple(int(x) for x in np.array(c) @ rows % 3)
            for c in itertools.product(range(3), repeat=len(rows))
        }
        assert span - {(0,) * 6} == found[lam]
