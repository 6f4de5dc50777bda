"""The counting census of ``lograph census``: ``geng N [options]``, or ``graph6 FILE|- --summary``.

Every graph of the stream is counted by (vertices, edges, nullity of A + I, nullity of A)
over GF(2) (`lograph.core.census.stream`), with no per-graph row: ``-o counts.csv`` (or
``.parquet``) gets the counts, ``-o FILE.g6 --where nullity=0`` the matching graphs as
graph6. The work is split into pieces (geng's ``res/mod``, byte ranges of a file): the unit
of ``--jobs``, of Dask tasks and of resuming (`lograph.core.census.pieces`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING

from lograph.cli.common import ECHO_LIMIT, int_arg, shorten

if TYPE_CHECKING:
    from collections.abc import Callable
    from concurrent.futures import Executor

    from lograph.core.census.sources import Source
    from lograph.core.census.stream import Counts, Where

    #: Makes the executor of --jobs / --dask in an ExitStack: (executor or None, workers).
    ExecutorFor = Callable[[argparse.Namespace, ExitStack], tuple[Executor | None, int]]

#: Columns of a summary table.
SUMMARY_COLUMNS = ("vertices", "edges", "nullity_closed", "nullity_open", "graphs")
#: Most pieces --pieces may ask for, for the largest inputs (geng's mod has no limit; a
#: piece costs a geng start, about 25 ms, and a journal line).
MAX_PIECES = 1 << 16
#: A file piece holds about this many bytes when --pieces is not given.
_FILE_PIECE_BYTES = 64 << 20
#: The smallest file piece --pieces may ask for (finer pieces only add their overhead).
_FILE_PIECE_LEAST = 64 << 10
#: --pieces may ask for this many times the default number of geng pieces.
_GENG_PIECES_OVER_DEFAULT = 16
#: geng pieces counted at once without --jobs or --dask: geng lists graphs about 5 times
#: slower than the kernel counts them, so two genges run side by side (a core each on
#: two cores) and this process counts both, in a thread each.
GENG_AT_ONCE = 2
_EDGES = re.compile(r"^(\d+)?(:(\d+)?)?$")


def wanted(args: argparse.Namespace) -> bool:
    """Whether ``lograph census`` runs the fast census for these arguments."""
    return bool(
        args.family in ("geng", "euler")
        or any(getattr(args, f"geng_{flag}") not in (None, False) for flag in "cdDtfb")
        or args.summary
        or args.where is not None
        or Path(args.output).suffix.lower() == ".g6"
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    fast = parser.add_argument_group(
        "counting every graph (geng, or graph6 with --summary)",
        "FAMILY geng runs nauty's geng: RANGES is N [MINE:MAXE] (vertices, edge range). "
        "Counts by (vertices, edges, nullity closed, nullity open) go to -o TABLE.csv or "
        ".parquet; with --where, -o FILE.g6 gets the matching graphs instead.",
    )
    fast.add_argument(
        "--summary",
        action="store_true",
        help="graph6: count the graphs by vertices, edges and both nullities (fast)",
    )
    fast.add_argument(
        "--where",
        metavar="COND",
        help="with -o FILE.g6: keep the graphs with COND, e.g. nullity=0 (of --rule), "
        "closed<=1,open=2, edges>=10",
    )
    fast.add_argument(
        "--pieces",
        type=int_arg,
        metavar="M",
        help="split the work into M pieces (geng res/mod, or byte ranges of the file): "
        "what --jobs, --dask and a resumed census share out",
    )
    fast.add_argument("-c", dest="geng_c", action="store_true", help="geng: connected only")
    fast.add_argument("-d", dest="geng_d", type=int, metavar="K", help="geng: degree >= K")
    fast.add_argument("-D", dest="geng_D", type=int, metavar="K", help="geng: degree <= K")
    fast.add_argument("-t", dest="geng_t", action="store_true", help="geng: triangle-free")
    fast.add_argument("-f", dest="geng_f", action="store_true", help="geng: 4-cycle-free")
    fast.add_argument("-b", dest="geng_b", action="store_true", help="geng: bipartite")


def default_pieces(vertices: int) -> int:
    """geng pieces when --pieces is not given: 1 up to 8 vertices, then 4× per vertex
    (64 on 11 vertices, about 16 million connected graphs each)."""
    return 1 if vertices <= 8 else min(4 ** (vertices - 8), 4096)


def most_pieces(source: Source) -> int:
    """The most pieces --pieces may cut `source` into: 16 times the default for geng (16 up
    to 8 vertices, 1,024 on 11), a piece of at least 64 KB of a file (at least 16 pieces),
    and never over `MAX_PIECES`. More pieces compute nothing more: `census geng 8` in
    100,000 pieces took 10 minutes instead of 1.6 s, starting geng for each."""
    from lograph.core.census.sources import FileSource, GengSource

    if isinstance(source, GengSource):
        most = _GENG_PIECES_OVER_DEFAULT * default_pieces(source.vertices)
    elif isinstance(source, FileSource):
        most = max(16, source.size // _FILE_PIECE_LEAST)
    else:
        most = 1
    return min(most, MAX_PIECES)


def _check_pieces(args: argparse.Namespace, source: Source) -> None:
    from lograph.core.census.sources import GengSource
    from lograph.core.errors import LographError

    most = most_pieces(source)
    if args.pieces is not None and not 1 <= args.pieces <= most:
        what = (
            f"geng on {source.vertices} vertices"
            if isinstance(source, GengSource)
            else f"a file of {getattr(source, 'size', 0)} bytes"
        )
        raise LographError(
            f"--pieces {args.pieces}: give 1 to {most} for {what} (more pieces only add "
            "the cost of starting each)"
        )


def _source(args: argparse.Namespace) -> Source:
    from lograph.core.census.sources import FileSource, GengSource, StdinSource
    from lograph.core.errors import LographError
    from lograph.core.kernels.graph6_rank import MAX_VERTICES

    if args.pieces is not None and args.pieces < 1:
        raise LographError(f"--pieces {args.pieces} must be at least 1")
    geng_options = [args.geng_c, args.geng_d, args.geng_D, args.geng_t, args.geng_f, args.geng_b]
    if args.family != "geng":
        if any(option not in (None, False) for option in geng_options):
            raise LographError("-c, -d, -D, -t, -f, -b are geng options (FAMILY geng)")
        if args.family != "graph6":
            raise LographError(
                f"--summary, --where and -o FILE.g6 count graphs: FAMILY is graph6 or geng, "
                f"not {shorten(args.family)!r}"
            )
        if len(args.ranges) != 1:
            raise LographError("the graph6 family takes one file of graph6 lines, or - (stdin)")
        path = args.ranges[0]
        if path == "-":
            if args.pieces not in (None, 1) or args.jobs != 1 or args.dask:
                raise LographError("standard input is one piece: no --pieces, --jobs or --dask")
            return StdinSource()
        if not os.path.isfile(path):
            raise LographError(f"{path}: no such file (graph6 takes a file of graph6 lines)")
        size = os.path.getsize(path)
        pieces = args.pieces or max(1, -(-size // _FILE_PIECE_BYTES))
        file = FileSource(os.path.realpath(path), size, pieces)
        _check_pieces(args, file)
        return file
    if not 1 <= len(args.ranges) <= 2 or len(args.ranges[0]) > ECHO_LIMIT:
        raise LographError("geng takes N [MINE:MAXE]: vertices, and an edge range like 10:20")
    text = args.ranges[0]
    if not text.isdigit() or not 1 <= int(text) <= MAX_VERTICES:
        raise LographError(f"geng: {shorten(text)!r} vertices: give N from 1 to {MAX_VERTICES}")
    vertices = int(text)
    edges = args.ranges[1] if len(args.ranges) == 2 else None
    if edges is not None and (len(edges) > ECHO_LIMIT or not _EDGES.match(edges) or edges == ""):
        raise LographError(f"geng: edge range {shorten(edges)!r}: give E, MINE:MAXE or MINE:")
    options = [flag for flag, on in zip(("-c", "-t", "-f", "-b"), geng_options[0:1] +
               geng_options[3:], strict=True) if on]  # fmt: skip
    for flag, value in (("-d", args.geng_d), ("-D", args.geng_D)):
        if value is not None:
            if not 0 <= value < vertices:
                raise LographError(f"geng {flag}{value}: a degree from 0 to {vertices - 1}")
            options.append(f"{flag}{value}")
    geng = GengSource(vertices, tuple(options), edges, args.pieces or default_pieces(vertices))
    _check_pieces(args, geng)
    return geng


def _check(args: argparse.Namespace) -> str:
    """The output kind ('table', 'parquet' or 'graphs'), after every argument check."""
    from lograph.core.census.output import require
    from lograph.core.errors import LographError

    suffix = Path(args.output).suffix.lower()
    kinds = {".csv": "table", ".parquet": "parquet", ".g6": "graphs"}
    if suffix not in kinds:
        raise LographError(f"{args.output}: counts go to .csv or .parquet, graphs to .g6")
    kind = kinds[suffix]
    if kind == "graphs" and args.where is None:
        raise LographError("-o FILE.g6 writes the graphs meeting --where COND: give --where")
    if kind != "graphs" and args.where is not None:
        raise LographError("--where selects graphs for -o FILE.g6 (a table counts them all)")
    if args.states != 2 or args.stencil is not None:
        raise LographError("counting graphs is over GF(2) on the graph: no --states or --stencil")
    if args.plot is not None and (kind == "graphs" or Path(args.plot).suffix.lower() != ".png"):
        raise LographError(f"{args.plot}: --plot draws a counts table as a .png file")
    if args.dask is not None and args.jobs != 1:
        raise LographError("give --jobs or --dask, not both (the cluster has its own workers)")
    for target in filter(None, (args.output, args.plot)):
        if os.path.isdir(target):
            raise LographError(f"{target}: is a folder, not a file")
        folder = Path(target).resolve().parent
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            raise LographError(f"{target}: cannot write in the folder {str(folder)!r}")
    if kind == "parquet":
        require("pyarrow", "Parquet output")
    if args.plot is not None:
        require("matplotlib", "--plot")
    if args.dask is not None:
        require("distributed", "--dask")
    return kind


def run(args: argparse.Namespace, executor_for: ExecutorFor, max_jobs: int) -> int:
    """The fast census; `executor_for` makes the executor of --jobs or --dask (the row
    census's own) and says how many workers it has."""
    from lograph.core.census.sources import find_geng
    from lograph.core.census.stream import Where
    from lograph.core.census.table import lock_table
    from lograph.core.errors import LographError

    kind = _check(args)
    if args.family == "euler":
        return _euler(args, kind)
    if not 1 <= args.jobs <= max_jobs:
        raise LographError(f"--jobs {args.jobs} must be between 1 and {max_jobs}")
    where = None if args.where is None else Where.parse(args.where, args.rule)
    source = _source(args)
    if source.kind == "geng":
        find_geng()  # a missing geng is said before anything is written
    output = Path(args.output)
    # one census at a time on one output: a second would share its journal and pieces
    with lock_table(output, args.output):
        if source.kind == "stdin":
            return _from_stdin(args, kind, source, where)
        return _by_pieces(args, kind, source, where, executor_for)


def _from_stdin(args: argparse.Namespace, kind: str, source: Source, where: Where | None) -> int:
    """Standard input: one piece, not resumable (it cannot be read twice)."""
    from lograph.core.census.pieces import matches_path
    from lograph.core.census.sources import count_piece
    from lograph.core.census.stream import Counts
    from lograph.core.errors import LographError
    from lograph.core.work import interrupted

    output = Path(args.output)
    if output.exists():
        raise LographError(f"{output} already exists; remove it or choose another -o")
    part = str(matches_path(output, 0)) if kind == "graphs" else None
    result = count_piece(source, 0, where, part, interrupted)
    counts = Counts()
    counts.add_rows(result.rows)
    _finish(args, kind, counts, where, [part] if part else [])
    return 0


def _by_pieces(
    args: argparse.Namespace,
    kind: str,
    source: Source,
    where: Where | None,
    executor_for: ExecutorFor,
) -> int:
    """A geng or file census, piece by piece through its journal (the caller holds the
    output's lock)."""
    from dataclasses import replace

    from lograph.cli.progress import progress_bar
    from lograph.core.census.pieces import PieceJournal, matches_path, run_pieces, summary_params
    from lograph.core.census.sources import FileSource, content_digest
    from lograph.core.errors import BoardFormatError, InterruptedComputation
    from lograph.core.work import interrupted

    output = Path(args.output)
    if isinstance(source, FileSource):  # the journal knows its input by content
        source = replace(source, sha256=content_digest(source.path, interrupted))
    journal = PieceJournal(output, summary_params(source, where))
    # absolute: a Dask worker may run in another folder
    parts = [str(matches_path(output.resolve(), p)) for p in range(source.pieces)]
    try:
        with ExitStack() as stack:
            executor, workers = executor_for(args, stack)
            bar = stack.enter_context(progress_bar(args, "census", unit="pieces", delay=0))
            shown = None if bar is None else lambda j: bar(len(j.done), source.pieces)
            counts = run_pieces(
                source,
                journal,
                where=where,
                matches=(lambda p: parts[p]) if kind == "graphs" else None,
                executor=executor,
                window=max(2, 2 * workers),
                threads=GENG_AT_ONCE if source.kind == "geng" else 1,
                cancel=interrupted,
                progress=shown,
            )
    except BaseException as exc:
        if isinstance(exc, (KeyboardInterrupt, InterruptedComputation)):
            raise  # interrupted: the same command resumes
        if isinstance(exc, BoardFormatError):  # bad input would stop every rerun there
            _remove([str(journal.path), *parts])
        elif journal.created and not journal.done:  # nothing to resume: leave nothing
            _remove([str(journal.path)])
        raise
    _finish(args, kind, counts, where, parts if kind == "graphs" else [])
    journal.remove()
    return 0


def _remove(paths: list[str]) -> None:
    """Remove side files, and what stopped workers left of them (their temporary files)."""
    from lograph.core.files.atomic import remove_stale_temps

    for path in paths:
        with contextlib.suppress(OSError):
            os.unlink(path)
        remove_stale_temps(path)


def _finish(
    args: argparse.Namespace, kind: str, counts: Counts, where: Where | None, parts: list[str]
) -> None:
    from lograph.core.files.atomic import atomic_write_bytes, atomic_write_text
    from lograph.core.model.checks import escaped

    output = Path(args.output)
    shown = escaped(str(output))  # a name may hold escapes a terminal would obey
    if kind == "graphs":
        _concatenate(parts, output)
        matched = sum(r[4] for r in counts.rows() if where is not None and _inside(where, r))
        condition = escaped(shorten(args.where))
        print(f"census: {matched} of {counts.graphs} graphs meet {condition} -> {shown}")
        return
    rows = sorted(counts.rows())
    text = ",".join(SUMMARY_COLUMNS) + "\n" + "".join(",".join(map(str, r)) + "\n" for r in rows)
    if kind == "parquet":
        atomic_write_bytes(output, _parquet_bytes(rows))
    else:
        atomic_write_text(output, text)
    if args.plot is not None:
        from lograph.core.census.summary_plot import write_summary_plot

        write_summary_plot(rows, Path(args.plot))
    print(f"census: {counts.graphs} graphs in {len(rows)} count rows -> {shown}")
    for line in invertible_lines(counts):
        print(line)


def invertible_lines(counts: Counts) -> list[str]:
    """Per number of vertices: how many graphs, and how many have A + I (closed rule) and A
    (open rule) invertible over GF(2), i.e. a unique solution.

    >>> from lograph.core.census.stream import Counts
    >>> counts = Counts()
    >>> counts.add_rows([(3, 2, 0, 1, 1), (3, 3, 2, 1, 1)])
    >>> invertible_lines(counts)
    ['  3 vertices: 2 graphs, 1 with A+I invertible (closed), 0 with A invertible (open)']
    """
    sizes: dict[int, list[int]] = {}
    for v, _e, closed, open_, count in counts.rows():
        figures = sizes.setdefault(v, [0, 0, 0])
        figures[0] += count
        figures[1] += count if closed == 0 else 0
        figures[2] += count if open_ == 0 else 0
    return [
        f"  {n} vertices: {total} graphs, {closed} with A+I invertible (closed), "
        f"{open_} with A invertible (open)"
        for n, (total, closed, open_) in sorted(sizes.items())
    ]


def _inside(where: Where, row: tuple[int, int, int, int, int]) -> bool:
    b = where.bounds
    return all(b[2 * k] <= row[k] <= b[2 * k + 1] for k in range(4))


def _parquet_bytes(rows: list[tuple[int, int, int, int, int]]) -> bytes:
    import pyarrow as pa
    import pyarrow.parquet as pq

    columns = list(zip(*rows, strict=True)) if rows else [()] * len(SUMMARY_COLUMNS)
    table = pa.table(
        {
            name: pa.array(list(values), pa.int64())
            for name, values in zip(SUMMARY_COLUMNS, columns, strict=True)
        }
    )
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink)
    return bytes(sink.getvalue().to_pybytes())


def _concatenate(parts: list[str], output: Path) -> None:
    """The pieces' graphs, in piece order, into `output` (written aside, then renamed);
    the piece files go once it is in place (all gone and `output` there: a run stopped
    between the two, already finished). A piece file is never read through a link."""
    from lograph.core.files.atomic import atomic_writer

    if output.exists() and not any(os.path.lexists(part) for part in parts):
        return
    with atomic_writer(output) as target:
        for part in parts:
            flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
            with open(os.open(part, flags), "rb") as piece:
                shutil.copyfileobj(piece, target, 1 << 20)
    for part in parts:
        os.unlink(part)


def _euler(args: argparse.Namespace, kind: str) -> int:
    """``census euler C1.csv … CN.csv -o ALL.csv``: the counts of all graphs on 1..N
    vertices from counts tables of the connected graphs on 1..N vertices (every size)."""
    from lograph.core.census.compose import all_graphs
    from lograph.core.census.stream import Counts
    from lograph.core.errors import LographError

    if kind == "graphs" or args.where is not None:
        raise LographError("euler writes a counts table (.csv or .parquet), not graphs")
    if any(getattr(args, f"geng_{flag}") not in (None, False) for flag in "cdDtfb"):
        raise LographError("-c, -d, -D, -t, -f, -b are geng options (FAMILY geng)")
    if Path(args.output).exists():
        raise LographError(f"{args.output} already exists; remove it or choose another -o")
    connected = Counts()
    for name in args.ranges:
        connected.add_rows(_read_summary(Path(name)))
    sizes = sorted({row[0] for row in connected.rows()})
    top = max(sizes, default=0)
    if sizes != list(range(1, top + 1)):
        missing = sorted(set(range(1, top + 1)) - set(sizes))
        raise LographError(
            f"euler needs the connected graphs of every size 1..{top}; missing {missing}"
        )
    _finish(args, kind, all_graphs(connected, top), None, [])
    return 0


def _read_summary(path: Path) -> list[tuple[int, ...]]:
    import csv

    from lograph.core.errors import LographError

    try:
        with path.open(encoding="utf-8", newline="") as handle:
            reader = csv.reader(handle)
            if tuple(next(reader, ())) != SUMMARY_COLUMNS:
                raise LographError(
                    f"{path}: not a census counts table ({','.join(SUMMARY_COLUMNS)})"
                )
            rows = [tuple(int(x) for x in row) for row in reader if row]
    except (ValueError, UnicodeDecodeError) as exc:
        raise LographError(f"{path}: not a census counts table ({exc})") from None
    if any(len(row) != len(SUMMARY_COLUMNS) or min(row) < 0 for row in rows):
        raise LographError(f"{path}: not a census counts table (a row of other figures)")
    return rows
