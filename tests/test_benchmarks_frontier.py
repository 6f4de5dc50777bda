"""benchmarks/frontier.py works: its cheapest rows give well-formed, checked rows.

No timing is asserted (speed is never asserted in a test): only that a row is filled in,
its answer was checked, and the table and the README markers are written as documented.
"""

from __future__ import annotations

import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import frontier  # noqa: E402
from frontier_common import Context, Row, grid_nullity, grid_pattern, grid_toggle  # noqa: E402

from tests.references import A075462  # noqa: E402


def test_grid_answers_match_published_values() -> None:
    # Sutner's criterion against OEIS A075462 (2^nullity of the n×n board)
    assert [2 ** grid_nullity(n, n) for n in range(1, 20)] == list(A075462)
    presses = grid_pattern(["r1c1"], 3, 3)
    assert grid_toggle(presses).tolist() == [[0, 1, 0], [1, 1, 1], [0, 1, 0]]


def well_formed(row: object) -> None:
    cells = row.cells()  # type: ignore[attr-defined]
    assert len(cells) == len(frontier.HEADER)
    assert all(isinstance(c, str) for c in cells)
    assert row.met in ("yes", "no")  # type: ignore[attr-defined]
    assert row.checked, row.answer  # type: ignore[attr-defined]
    assert "WRONG" not in row.answer  # type: ignore[attr-defined]


def test_whole_process_row_is_checked(tmp_path: Path) -> None:
    import frontier_cli

    ctx = Context(quick=True, scratch=tmp_path, repeats=1)
    row = frontier_cli.row_start(ctx)
    well_formed(row)
    assert row.answer.startswith("nullity 2 = 2")
    assert "python -c pass" in row.peers


def test_in_process_row_checks_every_peer() -> None:
    import frontier_peers

    m4ri = frontier_peers.M4RI()
    try:
        row = frontier_peers.row_small(m4ri, 5, "12a")
    finally:
        m4ri.close()
    well_formed(row)
    assert "python-flint" in row.peers
    assert "galois" in row.peers


def test_skipped_row_says_why(tmp_path: Path) -> None:
    import frontier_search

    row = frontier_search.row_fewest(Context(quick=True, scratch=tmp_path))
    assert row.lograph == "skipped"
    assert "--quick" in row.answer
    assert "561" in row.peers  # the published value, OEIS A075464(39)


def test_table_goes_between_the_readme_markers(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(f"before\n{frontier.BEGIN}\nold\n{frontier.END}\nafter\n")
    row = Row("1", "what", lograph="1 ms", met="yes", answer="checked", checked=True)
    frontier.write_readme(frontier.markdown([row]), readme)
    text = readme.read_text()
    assert "old" not in text
    assert text.startswith("before\n")
    assert text.endswith("after\n")
    assert "| 1 | what |" in text
    assert text.count("| # | what |") == 1
