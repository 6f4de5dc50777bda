"""Benchmark: every row of the frontier table (docs/performance.md), with peers, in one run.

Run from the repository root::

    .venv/bin/python benchmarks/frontier.py                 # every row (~7 min on 2 busy cores)
    .venv/bin/python benchmarks/frontier.py --quick         # skips the slow rows (~3 min)
    .venv/bin/python benchmarks/frontier.py --write-docs    # and the table in docs/performance.md
    .venv/bin/python benchmarks/frontier.py --rows 1 8a 12a # only some rows

It prints one Markdown table: what is measured | lograph | the peers with their times |
ratio | its target | met | the answer and how it was checked. Whole-process rows time
the installed ``lograph`` command a user types (best of `--repeats` after a warm-up run);
in-process rows set lograph beside M4RI, python-flint and galois. Every answer is checked
(nullities against Sutner's criterion and the peers, press sets by multiplication), and a
row that cannot run (a peer missing, a command refused) says why. The modules:
`frontier_cli` (rows 1-6), `frontier_search` (7-8), `frontier_progress` (11),
`frontier_peers` (9, 10, 12) and `frontier_pieces` (13, a general graph whose quiet code
splits into pieces). Speed is never asserted in a test.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from frontier_common import REPO, Context, Row, load_average

HEADER = ["#", "what", "lograph", "peers", "ratio", "target", "met", "answer (checked)"]
BEGIN, END = "<!-- frontier-table -->", "<!-- /frontier-table -->"


def row_makers(ctx: Context) -> list[tuple[str, Callable[[], Row]]]:
    """``(key, make)`` for every row in the table's order; imports wait until needed."""
    import frontier_cli as cli
    import frontier_pieces as pieces
    import frontier_progress as progress
    import frontier_search as search

    def peers(name: str, *args: object) -> Callable[[], Row]:
        def make() -> Row:
            import frontier_peers

            m4ri = frontier_peers.M4RI()
            try:
                return getattr(frontier_peers, name)(m4ri, *args)  # type: ignore[no-any-return]
            finally:
                m4ri.close()

        return make

    return [
        ("1", lambda: cli.row_start(ctx)),
        ("2", lambda: cli.row_cold(ctx)),
        ("3", lambda: cli.row_json_300(ctx)),
        ("4", lambda: cli.row_generate(ctx)),
        ("5", lambda: cli.row_convert(ctx)),
        ("6", lambda: cli.row_txt_1000(ctx)),
        ("7", lambda: search.row_fewest(ctx)),
        ("7b", lambda: search.row_fewest_beyond(ctx, 61, "7b")),
        ("7c", lambda: search.row_fewest_beyond(ctx, 65, "7c")),
        ("8a", lambda: search.row_worst_9(ctx)),
        ("8b", lambda: search.row_worst_30(ctx)),
        ("9", peers("row_random", ctx.quick)),
        ("10", peers("row_general", ctx.quick, ctx.repeats)),
        ("11", lambda: progress.row_progress(ctx)),
        ("12a", peers("row_small", 5, "12a")),
        ("12b", peers("row_small", 20, "12b")),
        ("13", lambda: pieces.row_pieces(ctx)),
    ]


def measure(key: str, make: Callable[[], Row]) -> Row:
    """Run one row; an unexpected failure becomes a row saying so, never a crash."""
    start = time.perf_counter()
    try:
        row = make()
    except Exception as error:
        row = Row(key, f"row {key}", lograph="could not run", met="no")
        row.answer = f"{type(error).__name__}: {error}"[:160]
    spent = time.perf_counter() - start
    print(f"row {key}: {spent:.0f} s, load {load_average()}", file=sys.stderr, flush=True)
    return row


def markdown(rows: list[Row]) -> str:
    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

    lines = [line(HEADER), "|" + "---|" * len(HEADER)]
    return "\n".join([*lines, *(line(row.cells()) for row in rows)])


def report(rows: list[Row], quick: bool, seconds: float, load_before: str) -> str:
    """The table and a line saying how it was measured (for the console and docs/performance.md)."""
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    mode = "`--quick`" if quick else "full"
    footer = (
        f"One {mode} run, {when}, {seconds / 60:.1f} min; load average {load_before} "
        f"before, {load_average()} after (1, 5, 15 min) on a 2-core machine."
    )
    return f"{markdown(rows)}\n\n{footer}"


def write_readme(text: str, readme: Path = REPO / "docs" / "performance.md") -> None:
    """Replace what lies between the frontier markers of the page (docs/performance.md,
    where the table lives) with `text`."""
    old = readme.read_text()
    if BEGIN not in old or END not in old:
        raise SystemExit(f"frontier: {readme.name} has no {BEGIN} … {END} markers")
    head, rest = old.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    readme.write_text(f"{head}{BEGIN}\n{text}\n{END}{tail}")


#: The packages a timed command imports, compiled to bytecode before any row runs.
IMPORTED = ("lograph", "numpy", "scipy", "networkx", "galois", "numba", "llvmlite")


def compile_bytecode() -> None:
    """Write the bytecode of every module the commands import, as ``pip install`` does: a
    machine with PYTHONDONTWRITEBYTECODE set (this one) would otherwise compile lograph's
    sources in every timed run (60–90 ms of row 1's 0.3 s), which no installed copy does."""
    folders = []
    for name in IMPORTED:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            folders.extend(spec.submodule_search_locations)
    command = [sys.executable, "-m", "compileall", "-q", "-j0", *folders]
    subprocess.run(command, capture_output=True, check=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the slow rows (~3 min)")
    parser.add_argument(
        "--write-docs",
        "--write-readme",
        dest="write_readme",
        action="store_true",
        help="update the table in docs/performance.md",
    )
    parser.add_argument("--rows", nargs="+", metavar="KEY", help="only these rows (1 … 13)")
    parser.add_argument("--repeats", type=int, default=3, help="best of this many runs")
    args = parser.parse_args(argv)
    load_before, start = load_average(), time.perf_counter()
    compile_bytecode()
    with tempfile.TemporaryDirectory(prefix="frontier-") as scratch:
        ctx = Context(quick=args.quick, scratch=Path(scratch), repeats=max(1, args.repeats))
        makers = row_makers(ctx)
        unknown = set(args.rows or []) - {key for key, _ in makers}
        if unknown:
            parser.error(f"no such row: {', '.join(sorted(unknown))}")
        rows = [measure(key, make) for key, make in makers if key in (args.rows or [key])]
    text = report(rows, args.quick, time.perf_counter() - start, load_before)
    print(text)
    for row in rows:
        for note in row.notes:
            print(f"  row {row.key}: {note}")
    if args.write_readme:
        write_readme(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
