"""``lograph puzzle BOARD --presses K -o PACK.json``: a level pack of positions of chosen
difficulty; ``lograph puzzle --check PACK.json`` re-verifies a pack."""

from __future__ import annotations

import argparse
import os
import re
from typing import TYPE_CHECKING

from lograph.cli.common import (
    SAMPLE_PREFIX,
    STATES_HELP,
    add_json_flag,
    board_name_arg,
    emit,
    load_board,
    output_arg,
    refuse_overwriting,
    seed_arg,
    states_arg,
)

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from lograph.core.algebra.analysis import Solver
    from lograph.core.files.level_pack import PackLevel
    from lograph.core.optimize.puzzles import PuzzleSet

#: Most levels one command makes (each is a search of its own).
MAX_COUNT = 10_000
#: Seconds given to the worst-position search that tells an impossible K.
WORST_TIME_LIMIT = 10.0


def _presses_arg(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d{1,9})\s*(?:-\s*(\d{1,9})\s*)?", text)
    if match is None:
        raise argparse.ArgumentTypeError(
            f"presses {text!r} is not a count K or a range LOW-HIGH (e.g. 7 or 5-12)"
        )
    low = int(match.group(1))
    high = int(match.group(2)) if match.group(2) is not None else low
    if high < low:
        raise argparse.ArgumentTypeError(f"presses range {text!r} runs downwards")
    return low, high


def _count_arg(text: str) -> int:
    if not re.fullmatch(r"\s*\d{1,9}\s*", text) or not 1 <= int(text) <= MAX_COUNT:
        raise argparse.ArgumentTypeError(f"count {text!r} is not an integer in 1..{MAX_COUNT}")
    return int(text)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "puzzle",
        help="make a level pack of positions needing exactly K presses",
        description=(
            "Make N positions whose fewest-presses count is exactly K (or spread over a range "
            "LOW-HIGH in rising difficulty), no two alike up to the board's symmetries, and "
            "write them as a level pack. With --check, re-verify every level of a pack."
        ),
    )
    parser.add_argument(
        "board",
        nargs="?",
        metavar="BOARD",
        help=f"board file (.json .txt .graphml .g6), or {SAMPLE_PREFIX}NAME for a shipped sample",
    )
    parser.add_argument("--rule", choices=("closed", "open"), help="override the board's rule")
    parser.add_argument(
        "--states", type=states_arg, metavar="K", help=f"override the {STATES_HELP}"
    )
    parser.add_argument(
        "--presses", type=_presses_arg, metavar="K", help="fewest presses: K or LOW-HIGH"
    )
    parser.add_argument(
        "--count", type=_count_arg, metavar="N", help="levels (default 1, or one per K in a range)"
    )
    parser.add_argument(
        "--unique", action="store_true", help="only positions with one fewest-presses solution"
    )
    parser.add_argument("--seed", type=seed_arg, default=0, help="random seed (default 0)")
    parser.add_argument(
        "--tries",
        type=_count_arg,
        metavar="T",
        help="positions tried per level, and at most in a row without a new level (default "
        "400); on boards of up to 2^20 press vectors the levels missed come from walking all",
    )
    parser.add_argument(
        "--name",
        type=board_name_arg,
        help="the pack's name (default: the board's name and the press counts)",
    )
    parser.add_argument(
        "-o", "--output", type=output_arg, metavar="PACK", help="pack to write (.json)"
    )
    parser.add_argument("--check", metavar="PACK", help="re-verify the levels of a pack")
    add_json_flag(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from lograph.core.errors import LographError

    if args.check is not None:
        if args.board is not None or args.presses is not None or args.output is not None:
            raise LographError("--check takes only the pack (no BOARD, --presses or -o)")
        return _check(args.check, args)
    for value, what in ((args.board, "a BOARD"), (args.presses, "--presses"), (args.output, "-o")):
        if value is None:
            raise LographError(f"puzzle needs {what} (or --check PACK)")
    suffix = os.path.splitext(args.output)[1]
    if suffix.lower() != ".json":  # the only format a pack has (read back by --check)
        raise LographError(
            f"{args.output}: a level pack is written as .json, not {suffix or '(no extension)'}"
        )
    return _make(args)


def _make(args: argparse.Namespace) -> int:
    from lograph.core.errors import LographError
    from lograph.core.files.level_pack import (
        LevelPack,
        PackLevel,
        default_pack_name,
        write_level_pack,
    )
    from lograph.core.optimize.puzzles import TRIES_PER_LEVEL, generate_levels, spread
    from lograph.core.solve import prepare
    from lograph.core.work import Work, interrupted

    refuse_overwriting(args.board, args.output)
    board = load_board(args.board, args.rule, args.states)
    low, high = args.presses
    count = args.count or (high - low + 1)
    targets = spread(low, high, count)
    solver = prepare(board.to_system(), "auto", interrupted)
    _refuse_impossible(solver, args.board, high)
    per_level = args.tries or TRIES_PER_LEVEL  # also the most tries in a row in vain
    found = generate_levels(
        solver,
        board,
        targets,
        unique=args.unique,
        seed=args.seed,
        tries=per_level * count,
        stall=per_level,
        work=Work(cancel=interrupted),
    )
    if found.missing:
        raise LographError(_shortfall(args, found, count))
    levels = [PackLevel(lv.lights, lv.fewest, lv.unique) for lv in found.levels]
    name = args.name
    if name is None:
        name = default_pack_name(board.name, levels[0].fewest, levels[-1].fewest, args.unique)
    write_level_pack(LevelPack(name, board, levels), args.output)
    unique = sum(lv.unique for lv in levels)
    span = f"{levels[0].fewest}..{levels[-1].fewest}" if len(levels) > 1 else levels[0].fewest
    data = {
        "pack": args.output,
        "name": name,
        "states": board.states,
        "levels": _level_records(levels),
        "tries": found.tries,
        "press_vectors_walked": found.walked,
        "symmetries": found.symmetries,
    }
    how = _plural(found.tries, "try", "tries")
    how += f", then all {found.walked:,} press vectors walked" if found.walked else ""
    emit(
        args,
        data,
        f"wrote {args.output}: {_plural(len(levels), 'level')}, fewest {span} presses, "
        f"{unique} with a unique solution ({how}, "
        f"{_plural(found.symmetries, 'symmetry', 'symmetries')} of the board used)",
    )
    return 0


def _shortfall(args: argparse.Namespace, found: PuzzleSet, count: int) -> str:
    """Why the pack cannot be made: the counts known to have too few positions (every
    position walked, or the press histogram counted), else the tries that ran out."""
    kind = " with a unique optimal solution" if args.unique else ""
    head = f"{args.board}: found {len(found.levels)} of {count} positions"
    if found.available:
        only = ", ".join(
            f"{_plural(have, 'position')} {'needs' if have == 1 else 'need'} exactly "
            f"{_plural(k, 'press', 'presses')}{kind}"
            for k, have in found.available.items()
        )
        how = (
            f"all {found.walked:,} press vectors walked, positions alike under the board's "
            f"{_plural(found.symmetries, 'symmetry', 'symmetries')} counted once"
            if found.walked
            else "counted exactly over every solvable position"
        )
        return f"{head}: only {only} ({how}); nothing written"
    short = ", ".join(f"{n} needing {k}" for k, n in found.missing.items())
    return (
        f"{head} after {found.tries} tries; still missing {short} presses{kind} (none may "
        "exist: try another --presses, more --tries or no --unique); nothing written"
    )


def _level_records(levels: list[PackLevel]) -> list[dict[str, object]]:
    """The pack summary for --json: each level's number, fewest presses and uniqueness."""
    return [
        {"level": i, "fewest": lv.fewest, "unique": lv.unique} for i, lv in enumerate(levels, 1)
    ]


def _plural(count: int, one: str, many: str = "") -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"


def _refuse_impossible(solver: Solver, board: str, high: int) -> None:
    """Refuse K above the worst position (when the search proves its bound in time)."""
    from lograph.core.errors import BoardTooLargeError, LographError
    from lograph.core.optimize.puzzles import check_provable
    from lograph.core.optimize.worst import worst_position
    from lograph.core.work import Work, interrupted

    check_provable(solver)
    n, p = solver.analysis.n, solver.analysis.states
    if high > n * (p - 1):
        raise LographError(
            f"{board}: no position needs {high} presses: {n} buttons allow at most {n * (p - 1)}"
        )
    try:
        work = Work(cancel=interrupted).within(WORST_TIME_LIMIT)
        worst = worst_position(solver, work=work, raise_lower=False)
    except BoardTooLargeError:
        return  # no worst position on this board (k > 2, many buttons): K stays unchecked
    if high > worst.upper_bound:
        proof = "exact" if worst.exact else f"an upper bound, {worst.method}"
        raise LographError(
            f"{board}: no position needs {high} presses: the worst position needs "
            f"{worst.upper_bound} ({proof})"
        )


def _check(path: str, args: argparse.Namespace) -> int:
    from lograph.cli.progress import progress_bar
    from lograph.cli.solve_cmd import search_seconds
    from lograph.core.files.level_pack import read_level_pack
    from lograph.core.files.source import format_error
    from lograph.core.optimize.puzzles import board_symmetries, canonical
    from lograph.core.solve import prepare
    from lograph.core.work import Work, interrupted

    pack = read_level_pack(path)
    system = pack.board.to_system()
    solver = prepare(system, "auto", interrupted)
    inverses = [perm.argsort() for perm in board_symmetries(pack.board)]
    seconds = search_seconds(None, None, system.ring)  # each level as `solve --fewest`
    verdicts: dict[bytes, tuple[int, bool]] = {}  # a level repeated is searched once
    keys = set()
    with progress_bar(args, "checking levels", unit="levels") as progress:
        checked = Work(progress=progress)
        for number, level in enumerate(pack.levels, 1):
            seen = level.lights.tobytes()
            if seen not in verdicts:
                verdicts[seen] = _verdict(path, number, solver, level.lights, seconds)
            fewest, unique = verdicts[seen]
            if (fewest, unique) != (level.fewest, level.unique):
                raise format_error(
                    path,
                    f"level {number} says fewest {level.fewest} (unique: {level.unique}) but "
                    f"needs {fewest} (unique: {unique})",
                )
            keys.add(canonical(level.lights, inverses))
            checked.report(number, len(pack.levels))
    alike = len(pack.levels) - len(keys)
    counts = sorted({lv.fewest for lv in pack.levels})
    span = f", fewest {counts[0]}" if counts else ""
    span += f"..{counts[-1]}" if len(counts) > 1 else ""
    data = {
        "pack": path,
        "name": pack.name,
        "states": pack.board.states,
        "verified": True,
        "levels": _level_records(pack.levels),
        "alike": alike,
    }
    emit(
        args,
        data,
        f"{path}: {_plural(len(pack.levels), 'level')} verified{span}, "
        f"{sum(lv.unique for lv in pack.levels)} unique, {alike} alike under symmetry",
    )
    return 0


def _verdict(
    path: str, number: int, solver: Solver, lights: NDArray[np.uint8], seconds: float | None
) -> tuple[int, bool]:
    """A level's proven fewest presses and whether one solution alone reaches them; a level
    that cannot be cleared, or proven within the search's bounds, is refused."""
    from lograph.core.errors import UnsolvableError
    from lograph.core.files.source import format_error
    from lograph.core.optimize.fewest import solve_fewest
    from lograph.core.work import Work, interrupted

    position = solver.system.with_lights(lights)
    try:
        work = Work(cancel=interrupted).within(seconds)
        best = solve_fewest(position, solver=solver, work=work)
    except UnsolvableError:
        raise format_error(path, f"level {number} cannot be cleared") from None
    if not best.exact:
        within = "" if seconds is None else f" within {seconds:.0f} s"
        raise format_error(path, f"level {number}: its fewest presses cannot be proven{within}")
    return best.press_count, best.optimal_solutions == 1
