"""``lograph census FAMILY RANGES -o TABLE.csv``: one row of figures per board of a family.

The table is written row by row and resumes: running the same command again after an
interruption skips the boards already in it (see `lograph.core.census.table`). Parquet
output is converted from that CSV at the end (``.TABLE.parquet.census.csv`` while running).
"""

from __future__ import annotations

import argparse
import os
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lograph.cli import census_counts
from lograph.cli.common import ECHO_LIMIT, int_arg, shorten

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from lograph.core.census.families import Family
    from lograph.core.census.rows import CensusSpec
    from lograph.core.census.runner import CensusCounts

#: Most worker processes --jobs may ask for.
MAX_JOBS = 256


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "census",
        help="rank, nullity, kernel and worst position of every board of a family, as a table",
        description=(
            "Tabulate every board of a family: rectangle, torus, cylinder, mobius, klein, "
            "projective (RANGES: rows columns, e.g. 1-30 1-30), diamond (RANGES: radii, e.g. "
            "0-40), graph6 (RANGES: a file of graph6 lines, e.g. the output of nauty's "
            "geng), geng (RANGES: N [MINE:MAXE]; runs nauty's geng and counts every graph "
            "by nullity), or euler (RANGES: counts tables of the connected graphs on 1..N "
            "vertices; writes the counts of all graphs). Running the same command again "
            "resumes an interrupted census."
        ),
    )
    parser.add_argument("family", metavar="FAMILY", help="the family of boards")
    parser.add_argument("ranges", metavar="RANGES", nargs="+", help="sizes, or a graph6 file")
    parser.add_argument(
        "-o", "--output", required=True, metavar="TABLE", help=".csv or .parquet (.g6 with --where)"
    )
    parser.add_argument("--states", type=int_arg, default=2, metavar="K", help="states (default 2)")
    parser.add_argument(
        "--stencil", metavar="S", help="click rule of grid families: a preset or DR,DC offsets"
    )
    parser.add_argument("--rule", choices=("closed", "open"), default="closed")
    parser.add_argument("--plot", metavar="FILE.png", help="also draw the table (matplotlib)")
    parser.add_argument("--jobs", type=int_arg, default=1, metavar="N", help="worker processes")
    parser.add_argument("--dask", metavar="ADDRESS", help="run on this Dask scheduler instead")
    parser.add_argument(
        "--no-worst", action="store_true", help="leave the worst column empty (faster)"
    )
    census_counts.add_arguments(parser)
    parser.set_defaults(run=run)


def _check_arguments(args: argparse.Namespace) -> None:
    from lograph.core.census.output import require
    from lograph.core.errors import LographError
    from lograph.core.files.atomic import check_writable
    from lograph.core.model.checks import check_states

    suffix = Path(args.output).suffix.lower()
    if suffix not in (".csv", ".parquet"):
        raise LographError(f"{args.output}: the table must be .csv or .parquet")
    if args.plot is not None and Path(args.plot).suffix.lower() != ".png":
        raise LographError(f"{args.plot}: the plot must be a .png file")
    for text in args.ranges if args.family != "graph6" else ():
        if len(text) > ECHO_LIMIT:  # no range is that long: say so without repeating it
            raise LographError(f"range {shorten(text)!r} is not a number or a range like 1-30")
    if not 1 <= args.jobs <= MAX_JOBS:
        raise LographError(f"--jobs {args.jobs} must be between 1 and {MAX_JOBS}")
    if args.dask is not None and args.jobs != 1:
        raise LographError("give --jobs or --dask, not both (the cluster has its own workers)")
    check_states(args.states)
    if args.stencil is not None and args.family == "graph6":
        raise LographError("--stencil applies to grid families, not graph6")
    for target in filter(None, (args.output, args.plot)):
        folder = Path(target).resolve().parent
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            raise LographError(f"{target}: cannot write in the folder {str(folder)!r}")
        check_writable(target)  # a folder, device or FIFO: found now, not after hours
    if suffix == ".parquet":
        require("pyarrow", "Parquet output")
    if args.plot is not None:
        require("matplotlib", "--plot")
    if args.dask is not None:
        require("distributed", "--dask")


def _params(args: argparse.Namespace, family: Family, columns: tuple[str, ...]) -> dict[str, Any]:
    """What the resume record compares: the same command resumes, another is refused."""
    source = os.path.realpath(family.path) if family.path else None
    return {
        "format": "lograph-census",
        "version": 1,
        "family": family.name,
        "ranges": source or [f"{r.start}-{r.stop - 1}" for r in family.ranges],
        "states": args.states,
        "rule": args.rule,
        "stencil": args.stencil,
        "worst": not args.no_worst,
        "columns": list(columns),
    }


def run(args: argparse.Namespace) -> int:
    if census_counts.wanted(args):  # geng, or graph6 counted by nullity: no row per graph
        return census_counts.run(args, _executor, MAX_JOBS)  # (without the row census's imports)
    from lograph.core.census.families import parse_family
    from lograph.core.census.rows import CensusSpec, columns_for
    from lograph.core.census.table import lock_table
    from lograph.core.model.checks import escaped
    from lograph.core.model.stencils import parse_stencil

    _check_arguments(args)
    family = parse_family(args.family, args.ranges)
    stencil = parse_stencil(args.stencil) if args.stencil is not None else None
    spec = CensusSpec(args.states, args.rule, stencil, worst=not args.no_worst)
    columns = columns_for(family.name)
    output = Path(args.output)
    parquet = output.suffix.lower() == ".parquet"
    table_path = output.with_name(f".{output.name}.census.csv") if parquet else output
    with lock_table(table_path, args.output):  # before anything looks at the table
        counts = _tabulate(args, family, spec, columns, output, table_path)
    print(
        f"census: {counts.written + counts.skipped} boards ({counts.written} computed, "
        f"{counts.skipped} already in the table) -> {escaped(args.output)}"
    )
    return 0


def _tabulate(
    args: argparse.Namespace,
    family: Family,
    spec: CensusSpec,
    columns: tuple[str, ...],
    output: Path,
    table_path: Path,
) -> CensusCounts:
    """Fill the table (the caller holds its lock), then plot and convert it."""
    from lograph.cli.progress import progress_bar
    from lograph.core.census.families import check_graph6
    from lograph.core.census.runner import run_census
    from lograph.core.census.table import TableWriter
    from lograph.core.errors import InterruptedComputation, LographError
    from lograph.core.work import interrupted

    parquet = output.suffix.lower() == ".parquet"
    if parquet and output.exists() and not table_path.exists():
        raise LographError(f"{output} already exists; remove it or choose another -o")
    if family.name == "graph6":  # every line, before the table exists
        check_graph6(family, interrupted)
    with ExitStack() as stack:
        executor, workers = _executor(args, stack)  # first: an unreachable cluster writes nothing
        params = _params(args, family, columns)
        # the CSV behind a Parquet table is a side file lograph names: never through a link
        table = TableWriter(table_path, columns, params, follow_symlinks=not parquet)
        stack.callback(table.close, False)
        bar = stack.enter_context(progress_bar(args, "census", unit="boards", delay=0))
        shown = None if bar is None else lambda c: bar(c.written + c.skipped, c.total or 0)
        try:
            counts = run_census(
                family,
                spec,
                table,
                executor=executor,
                window=max(8, 2 * workers),  # every worker busy, one batch queued behind it
                cancel=interrupted,
                progress=shown,
            )
        except LographError as exc:
            # an interruption keeps its rows for the rerun; bad input leaves nothing behind
            if not isinstance(exc, InterruptedComputation):
                table.abandon()
            raise
    # the resume record goes last: a failed plot or conversion is redone by a rerun
    _finish(args, family, table_path, output, columns, parquet)
    table.sidecar.unlink(missing_ok=True)
    return counts


def _finish(
    args: argparse.Namespace,
    family: Family,
    table_path: Path,
    output: Path,
    columns: tuple[str, ...],
    parquet: bool,
) -> None:
    from lograph.core.census.output import write_parquet, write_plot

    if args.plot is not None:
        title = f"{family.name} census, {args.states} states" + (
            f", stencil {args.stencil}" if args.stencil else ""
        )
        write_plot(table_path, Path(args.plot), family.name, title)
    if parquet:
        write_parquet(table_path, output, columns)
        table_path.unlink()


def _executor(args: argparse.Namespace, stack: ExitStack) -> tuple[Executor | None, int]:
    """None (this process), a process pool for --jobs, or a Dask client's executor; and
    how many workers it has."""
    if args.dask is not None:
        from lograph.core.census.output import require
        from lograph.core.errors import LographError

        distributed = require("distributed", "--dask")
        try:
            client = distributed.Client(args.dask, timeout="10s")
        except (OSError, TimeoutError, ValueError) as exc:
            raise LographError(f"cannot reach the Dask scheduler at {args.dask}: {exc}") from None
        stack.callback(client.close)
        executor: Executor = client.get_executor(pure=False)
        return executor, sum(client.nthreads().values())
    if args.jobs == 1:
        return None, 1
    from lograph.core.census.runner import process_pool, stop_pool  # (imports the solvers)

    pool = process_pool(args.jobs)
    stack.callback(stop_pool, pool)
    return pool, args.jobs
