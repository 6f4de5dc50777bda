"""``lograph solve BOARD``: the presses that reach the goal, or the world it is stuck in."""

from __future__ import annotations

import argparse
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from lograph.cli.common import (
    add_board_options,
    add_engine_option,
    add_goal_option,
    add_json_flag,
    emit,
    grid_picture,
    load_prepared,
    load_system,
    output_arg,
    refuse_overwriting,
)
from lograph.core.report.answers import lit_only_record, solution_record
from lograph.core.report.records import press_ids

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from lograph.core.algebra.analysis import Solver
    from lograph.core.model.ring import Ring
    from lograph.core.model.system import PressSystem
    from lograph.core.optimize.fewest import FewestSolution

#: `--all` lists every solution while there are at most this many.
ALL_LIMIT = 4096
#: `--max-leaves` default: `lograph.core.optimize.fewest._search.BRANCH_NODE_LIMIT` (not imported
#: here: building the parser must not load the optimiser).
DEFAULT_LEAVES = 3 << 20
#: `--max-leaves` at most: 2^30 leaves of 2^18 solutions are some nine hours of work here.
MAX_LEAVES = 1 << 30
#: Seconds the GF(2) search past one transform runs when neither ``--time-limit`` nor
#: ``--max-leaves`` is given: the leaf budget alone is about a minute and a half on the
#: 65×65 board but leaves cost more on bigger ones (the open 100×100 board ran six minutes);
#: with the heuristic after it (at most `minimal.OVERRUN_SECONDS` more, usually a few
#: seconds) the default run ends in about a minute and a half on every board.
DEFAULT_TIME_LIMIT = 80.0
#: Seconds between redraws of a bar that counts the seconds of a time limit.
_TICK = 0.25


def max_leaves_arg(text: str) -> int:
    """argparse type of ``--max-leaves``: an integer 1..`MAX_LEAVES` (a long text is not
    echoed back whole)."""
    if not re.fullmatch(r"\s*\d{1,10}\s*", text) or not 1 <= int(text) <= MAX_LEAVES:
        shown = repr(text) if len(text) <= 24 else f"a text of {len(text)} characters"
        raise argparse.ArgumentTypeError(f"{shown} is not an integer in 1..{MAX_LEAVES:,}")
    return int(text)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "solve",
        help="find presses that switch every light off (or on)",
        description="Solve the board's current position. Exit status 1 when it is unsolvable.",
    )
    add_board_options(parser)
    add_engine_option(parser)
    add_json_flag(parser)
    add_goal_option(parser, "target: all lights off or on")
    parser.add_argument(
        "--fewest",
        "--minimal",
        dest="fewest",
        action="store_true",
        help="the fewest-presses solution and how many optimal solutions exist"
        " (--minimal is the same flag)",
    )
    add_search_options(parser, "--fewest")
    parser.add_argument(
        "--all",
        action="store_true",
        help=f"list every solution, fewest presses first (up to {ALL_LIMIT})",
    )
    parser.add_argument(
        "-o",
        "--output",
        type=output_arg,
        metavar="FILE",
        help="also write the solution (.json .csv .txt)",
    )
    parser.add_argument(
        "--lit-only",
        action="store_true",
        help="the lit-only game: press only buttons whose light is on; "
        "the fewest such presses, in order (on/off boards up to 26 buttons)",
    )
    parser.set_defaults(run=run)


def add_search_options(parser: argparse.ArgumentParser, flag: str) -> None:
    """``--max-leaves`` and ``--time-limit`` of the fewest-presses search (`flag`: what
    they bound, for the help), shared by ``solve --fewest`` and ``report``."""
    parser.add_argument(
        "--max-leaves",
        type=max_leaves_arg,
        default=None,
        metavar="N",
        help=f"{flag} beyond nullity 26 over GF(2): let the exact search transform up to "
        f"N leaves (up to 2^18 solutions each, about 30 µs on 2 cores, more on big boards; "
        f"default {DEFAULT_LEAVES:,}); a bigger search answers with the best found and a "
        "proven bound. Given without --time-limit, it lifts the default time limit",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=None,
        metavar="SECONDS",
        help=f"{flag} past the instant range: stop the exact search after this long and "
        "answer with the best found and a proven bound. Over GF(2) beyond nullity 26 the "
        f"default is {DEFAULT_TIME_LIMIT:.0f} s unless --max-leaves is given, and the "
        "heuristic after the search usually takes seconds (cut 10 s past the limit for its "
        "quick answer): about a minute and a half in all. With more colours, past 2^22 "
        "solutions, there is no default (the search of one transform per prefix then runs "
        "however many solutions there are)",
    )


def search_seconds(time_limit: float | None, max_leaves: int | None, ring: Ring) -> float | None:
    """The time limit of a fewest-presses search: the one given; else over GF(2), unless a
    leaf budget was given, `DEFAULT_TIME_LIMIT`; else none (more colours keep to the
    solutions their walk may take without one)."""
    from lograph.core.model.ring import RingKind

    if time_limit is not None:
        return time_limit
    return DEFAULT_TIME_LIMIT if max_leaves is None and ring.kind is RingKind.GF2 else None


@contextmanager
def seconds_bar(args: argparse.Namespace, description: str, seconds: float) -> Iterator[None]:
    """A bar of the seconds of a time limit, redrawn by a thread of its own (the search may
    not report for a while); on a terminal only, as every bar."""
    from lograph.cli.progress import progress_bar

    total = max(1, round(seconds)) if seconds < 1e7 else 0  # an endless limit: no total
    with progress_bar(args, description, unit="s", rate=False) as hook:
        if hook is None:
            yield
            return
        done = threading.Event()
        start = time.monotonic()

        def tick() -> None:
            while not done.wait(_TICK):
                elapsed = int(time.monotonic() - start)
                hook(min(elapsed, total) if total else elapsed, total)

        ticker = threading.Thread(target=tick, name="lograph-seconds-bar", daemon=True)
        ticker.start()
        try:
            yield
        finally:
            done.set()
            ticker.join()


def run(args: argparse.Namespace) -> int:
    from lograph.core.solve import solve

    if getattr(args, "lit_only", False):
        return run_lit_only(args)
    _check_search_options(args)
    if args.output is not None:
        refuse_overwriting(args.board, args.output)
    system, solver = load_prepared(args)
    solution = solve(system, args.goal, solver=solver)
    best = None
    if args.fewest and solution.presses is not None:
        best = _fewest(args, solver, solution.presses)
    data = solution_record(system, solver.analysis, solution, args.goal, best)
    if solution.presses is None:
        emit(
            args,
            data,
            f"unsolvable: the position is in world {list(solution.world)} "
            f"(one of {solver.analysis.worlds}; world 0 is the solvable one)",
        )
        return 1
    presses = solution.presses if best is None else best.presses
    ids = data["presses"]
    budget = DEFAULT_LEAVES if args.max_leaves is None else args.max_leaves
    lines = [_headline(args.fewest, data, budget, args.time_limit is not None)]
    picture = grid_picture(system, [str(v) if v else "." for v in presses.tolist()], hole=" ")
    if picture is not None and system.n <= 2500:
        lines.append("presses on the board (count per button, blank = hole):")
        lines.extend("  " + row for row in picture.splitlines())
    else:
        lines.append("press: " + " ".join(ids[:200]) + (" …" if len(ids) > 200 else ""))
    if args.all:
        listing = all_solutions(system, solver, args.goal)
        data["all_solutions"] = listing
        lines.append(f"all {len(listing)} solutions, fewest presses first:")
        lines.extend(f"  {len(ids):3d}: {' '.join(ids)}" for ids in listing[:200])
    if args.output is not None:
        from lograph.core.files import write_solution

        write_solution(
            args.output, system, presses, info={k: data[k] for k in data if k != "presses"}
        )
        lines.append(f"written to {args.output}")
    emit(args, data, "\n".join(lines))
    return 0


def _check_search_options(args: argparse.Namespace) -> None:
    """``--max-leaves`` and ``--time-limit`` only with ``--minimal``; a positive limit."""
    from lograph.core.errors import BoardError

    for flag, value in (("--max-leaves", args.max_leaves), ("--time-limit", args.time_limit)):
        if value is not None and not args.fewest:
            raise BoardError(f"{flag} bounds the search of --fewest; add --fewest")
    check_time_limit(args.time_limit)


def check_time_limit(seconds: float | None) -> None:
    """A ``--time-limit`` given is positive (not zero, negative or NaN)."""
    from lograph.core.errors import BoardError

    if seconds is not None and not seconds > 0:
        raise BoardError(f"--time-limit must be positive, not {seconds}")


def _fewest(args: argparse.Namespace, solver: Solver, presses: NDArray[np.uint8]) -> FewestSolution:
    from lograph.cli.progress import progress_bar
    from lograph.core.model.ring import RingKind
    from lograph.core.optimize.fewest import CLI_SPLIT_LIMIT, fewest_presses
    from lograph.core.work import Work, interrupted

    work = Work(cancel=interrupted, leaves=args.max_leaves, solutions=CLI_SPLIT_LIMIT)
    seconds = search_seconds(args.time_limit, args.max_leaves, solver.analysis.ring)
    # a bar only beyond the instant range: it appears once the search runs 0.5 s; under a
    # time limit it counts its seconds (the search may report nothing for a while)
    if seconds is not None:
        with seconds_bar(args, "fewest presses (of the time limit)", seconds):
            return fewest_presses(solver, presses, work=work.within(seconds))
    # GF(2)'s search counts leaves; with more colours the progress is in prefix transforms
    unit = "leaves" if solver.analysis.ring.kind is RingKind.GF2 else "transforms"
    with progress_bar(args, "fewest presses", unit=unit) as progress:
        return fewest_presses(solver, presses, work=replace(work, progress=progress))


def _headline(minimal: bool, data: dict[str, Any], budget: int, limited: bool = False) -> str:
    """``solvable: fewest 5 presses (4 solutions in all); 1 optimal (exact)``; a heuristic
    answer says only what is known: the best found, not how many optimal solutions exist,
    and what an exact answer needs: more leaves than `budget` allowed, or more time (a
    longer one when a time limit was given: `limited`)."""
    presses, solutions = data["press_count"], data["solutions"]
    among = "the only solution" if solutions == 1 else f"{solutions} solutions in all"
    count = f"{presses} {'press' if presses == 1 else 'presses'} ({among})"
    if not minimal:
        return f"solvable: one solution: {count}"
    if not data["exact"]:
        kind = "heuristic" if data["method"] == "heuristic" else f"{data['method']} stopped"
        proven = data.get("lower_bound", 0)
        below = f"; the fewest is at least {proven} (proven)" if proven else ""
        leaves = data.get("search_leaves")
        if leaves and leaves > MAX_LEAVES:  # no flag value would do: say so, suggest none
            below += f"; an exact search needs {leaves:,} leaves, out of reach"
            below += f" (--max-leaves allows {MAX_LEAVES:,}, some nine hours here)"
        elif leaves and leaves > budget:
            below += f"; an exact search needs {leaves:,} leaves (--max-leaves {leaves})"
        elif leaves:
            below += f"; an exact search needs {leaves:,} leaves (a longer --time-limit)"
        if walks := data.get("search_solutions"):  # more colours: the prefix search's work
            from lograph.core.optimize.fewest import out_of_reach

            more = "a longer --time-limit" if limited else "give it time: --time-limit"
            said = out_of_reach(walks) or f"an exact search walks {walks:,} solutions ({more})"
            below += f"; {said}"
        return f"solvable: best found {count}; {kind}, not proven optimal{below}"
    if data["optimal_solutions"] is None:
        return f"solvable: fewest {count} (exact)"
    return f"solvable: fewest {count}; {data['optimal_solutions']} optimal (exact)"


def all_solutions(system: PressSystem, solver: Solver, goal: str) -> list[list[str]]:
    """Every solution as button ids, fewest presses first; refused beyond `ALL_LIMIT`."""
    from lograph.core.solve import iter_solutions

    vectors = iter_solutions(system, goal, limit=ALL_LIMIT, solver=solver)
    listing = [press_ids(system, x) for x in vectors]
    return sorted(listing, key=len)


def run_lit_only(args: argparse.Namespace) -> int:
    """``solve --lit-only``: an exact search for the fewest lit presses, in order."""
    from lograph.core.errors import BoardError
    from lograph.core.optimize.lit_only import lit_only_solve
    from lograph.core.work import Work, interrupted

    if args.all or args.output is not None:
        raise BoardError("--lit-only does not combine with --all or -o (order matters)")
    system = load_system(args.board, args.rule, args.states)
    result = lit_only_solve(system, args.goal, Work(cancel=interrupted))
    data = lit_only_record(system, result, args.goal)
    ids = data["presses"]
    if ids is None:
        emit(
            args,
            data,
            f"unsolvable in the lit-only game: all {args.goal} cannot be reached pressing "
            f"only lit buttons ({result.explored} positions reachable)",
        )
        return 1
    lines = [f"solvable (lit-only): fewest {len(ids)} lit presses (exact), in order:"]
    lines.extend(f"  {k:3d}. {name}" for k, name in enumerate(ids[:500], 1))
    if len(ids) > 500:
        lines.append(f"  … {len(ids) - 500} more (use --json)")
    emit(args, data, "\n".join(lines))
    return 0
