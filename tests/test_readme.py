"""The README's Python example runs as written and its comments tell the truth.

The expected values are the README's own claims, checked against independent answers where
one exists: the 5×5 rank against plain elimination (`tests.references`), the worst position
against the published maximum of 15 presses for the 5×5 board (Jaap Scherphuis's Lights Out
pages), and the table's size against its definition (one row per reachable pattern of the
check lights: 2^(check lights − nullity)).
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from lograph.core.model.generators import rectangle
from tests.references import press_matrix, rank_mod_p

README = Path(__file__).resolve().parent.parent / "README.md"


def python_example() -> str:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1, "the README has one Python example"
    return blocks[0]


def test_readme_python_example_runs_and_its_comments_hold() -> None:
    names: dict[str, Any] = {}
    exec(compile(python_example(), str(README), "exec"), names)
    a, best, worst, table = names["a"], names["best"], names["worst"], names["table"]
    matrix = press_matrix(rectangle(5, 5))
    assert a.rank == rank_mod_p(matrix, 2) == 23
    assert a.nullity == 2
    assert a.solvable_fraction == Fraction(1, 4)
    # one press (r2c2) made the position, so one press undoes it; the quiet patterns of the
    # 5×5 board have weight 12 or more, so no other solution ties
    assert (best.press_count, best.optimal_solutions, best.exact) == (1, 1, True)
    assert (worst.worst_presses, worst.exact) == (15, True)
    check_lights = len(names["plan"].check)
    assert len(table.patterns) == 2 ** (check_lights - a.nullity) == 8
