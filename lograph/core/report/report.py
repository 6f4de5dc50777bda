"""The analysis report: every figure lograph knows about a board, as a dict and as Markdown.

`board_report` gathers the analysis, the current position's world, the fewest-presses
solution, the worst position, the press histogram and the chase recipe, each guarded by a
size limit (a part that is too big says why instead of running for hours). `report_markdown`
renders it for people and `write_report` saves it atomically as ``.md`` or ``.json``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from lograph.core.errors import BoardTooLargeError, LographError
from lograph.core.model.board import Board
from lograph.core.model.ring import RingKind
from lograph.core.model.system import PressSystem
from lograph.core.report.records import (
    factors_text,
    figure_records,
    press_ids,
    step_records,
    table_records,
    world_records,
)
from lograph.core.work import Cancel, Progress, Work

if TYPE_CHECKING:
    from lograph.core.optimize.fewest import FewestSolution

__all__ = ["StepProgress", "board_report", "report_markdown", "write_report"]

#: Opens the progress hook of one named step of the report (``"fewest presses"``, ``"worst
#: position"``): the CLI draws a bar per step on a terminal.
StepProgress = Callable[[str], AbstractContextManager[Progress]]


def _no_progress(step: str) -> AbstractContextManager[Progress]:
    return nullcontext(None)


#: Size guards: the parts above these sizes are skipped with a reason.
QUIET_LIMIT = 64
FEWEST_LIMIT = 250_000
WORST_NULLITY_LIMIT = 14
WORST_BUTTON_LIMIT = 20_000
WORST_SECONDS = 5.0
HISTOGRAM_LIMIT = 25
STEPS_LIMIT = 10_000


def board_report(
    board: Board | PressSystem,
    *,
    engine: str = "auto",
    work: Work | None = None,
    steps: StepProgress = _no_progress,
    goal: str = "off",
    fewest: FewestSolution | None = None,
    time_limit: float | None = None,
) -> dict[str, Any]:
    """Everything lograph can say about the board, as plain JSON-ready data.

    `goal` is the target the position, the fewest presses and the worst position refer to
    (all lights ``"off"`` or ``"on"``). `work`'s cancel hook is polled by every step; its
    budgets (`Work.leaves` ...) and `time_limit` in seconds from the step's start (None: the
    work's own deadline, if any) bound the fewest-presses search past one transform;
    `fewest`, an answer already known for this board, position and goal (the window's), is
    reported instead of searching again.

    `steps` gives the progress hook of each long step (the fewest presses beyond the instant
    range, the worst position's time limit).

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> r = board_report(rectangle(5, 5))
    >>> r["rank"], r["nullity"], r["worst"]["worst_presses"], len(r["chase"]["table"])
    (23, 2, 15, 8)
    """
    from lograph.core.solve import prepare, required_change

    work = work or Work()
    cancel = work.cancel
    system = board.to_system() if isinstance(board, Board) else board
    solver = prepare(system, engine, cancel)
    analysis = solver.analysis
    change = required_change(system, goal)
    world = analysis.syndrome(change)
    report = _figures(board, system, analysis, goal, world)
    with steps("fewest presses") as progress:

        def search(x0: np.ndarray) -> FewestSolution:
            if fewest is not None:
                return fewest
            return _search(solver, x0, replace(work, progress=progress), time_limit)

        report["fewest"] = _fewest(system, solver, change, any(world), search)
    with steps("worst position") as progress:
        report["worst"] = _worst(system, solver, goal, Work(cancel=cancel, progress=progress))
    report["histogram"] = _histogram(system, work.only_cancel())
    report["chase"] = _chase(system, cancel)
    return report


def _search(solver: Any, x0: np.ndarray, work: Work, seconds: float | None) -> FewestSolution:
    """The fewest-presses search within the work, and `seconds` from now (None: the work's
    own deadline)."""
    from lograph.core.optimize.fewest import fewest_presses

    return fewest_presses(solver, x0, work=work.within(seconds))


def _figures(
    board: Board | PressSystem, system: PressSystem, analysis: Any, goal: str, world: Any
) -> dict[str, Any]:
    """The report's figures, quiet patterns and the position towards `goal`."""
    worlds = world_records(system, analysis)
    return {
        "name": board.name if isinstance(board, Board) else "",
        "rule": board.rule if isinstance(board, Board) else None,
        **figure_records(system, analysis),
        "solvable_fraction": worlds["solvable_fraction_exact"],
        "worlds": worlds["worlds"],
        "engine": analysis.engine,
        "quiet_patterns": [press_ids(system, q) for q in analysis.quiet[:QUIET_LIMIT]],
        "goal": goal,
        "position": {
            "lights": press_ids(system, system.lights),
            "solvable": not any(world),
            "world": list(world),
            "failed_patterns": [i for i, s in enumerate(world) if s],
        },
    }


def _skipped(reason: str) -> dict[str, Any]:
    return {"skipped": reason}


def _fewest(
    system: PressSystem,
    solver: Any,
    change: np.ndarray,
    unsolvable: bool,
    search: Callable[[np.ndarray], FewestSolution],
) -> dict[str, Any]:
    if unsolvable:
        return _skipped("the position is not solvable")
    if system.n > FEWEST_LIMIT:
        return _skipped(f"more than {FEWEST_LIMIT} buttons")
    best = search(solver.particular(change))
    return {
        "presses": press_ids(system, best.presses),
        "press_count": best.press_count,
        "optimal_solutions": best.optimal_solutions,
        "solutions": best.solutions,
        "exact": best.exact,
        "method": best.method,
        "lower_bound": best.lower_bound,  # proven; the press count itself when exact
        "search_leaves": best.search_leaves,  # leaves an exact search needs, when bounded
        "search_solutions": best.search_solutions,  # more colours: the solutions it walks
    }


def _largest_piece(system: PressSystem, solver: Any) -> int:
    """The nullity of the largest independent piece of the quiet code over a field (the
    worst position is answered piece by piece), else the nullity."""
    analysis = solver.analysis
    if analysis.nullity <= WORST_NULLITY_LIMIT:
        return int(analysis.nullity)
    from lograph.core.optimize.histogram import quiet_rows
    from lograph.core.optimize.quiet import quiet_pieces, quiet_pieces_mod_p

    quiet = quiet_rows(analysis)
    if quiet is None:  # not over a field: no pieces to read
        return int(analysis.nullity)
    if system.ring.kind is RingKind.GF2:
        split = quiet_pieces(quiet)
    else:
        split = quiet_pieces_mod_p(quiet, system.states)
    return max(piece.dimension for piece in split.pieces)


def _worst(system: PressSystem, solver: Any, goal: str, work: Work) -> dict[str, Any]:
    from lograph.core.optimize.worst import worst_position

    if _largest_piece(system, solver) > WORST_NULLITY_LIMIT or system.n > WORST_BUTTON_LIMIT:
        return _skipped(
            f"only computed up to nullity {WORST_NULLITY_LIMIT} (in every independent piece "
            f"of the quiet code) and {WORST_BUTTON_LIMIT} buttons"
        )
    try:
        worst = worst_position(solver, goal, work=work.within(WORST_SECONDS))
    except BoardTooLargeError as exc:
        return _skipped(str(exc))
    return {
        "worst_presses": worst.worst_presses,
        "upper_bound": worst.upper_bound,
        "exact": worst.exact,
        "method": worst.method,
        "lights": None if worst.lights is None else press_ids(system, worst.lights),
        "presses": None if worst.presses is None else press_ids(system, worst.presses),
    }


def _histogram(system: PressSystem, work: Work) -> list[int] | dict[str, Any]:
    from lograph.core.optimize.histogram import press_histogram

    try:
        return press_histogram(system, limit=HISTOGRAM_LIMIT, work=work)
    except BoardTooLargeError as exc:
        return _skipped(str(exc))


def _chase(system: PressSystem, cancel: Cancel) -> dict[str, Any]:
    from lograph.core.chase.plan import chase_plan
    from lograph.core.chase.table import chase_table

    plan = chase_plan(system, cancel=cancel)
    names = system.names
    out: dict[str, Any] = {
        "free": [names[int(w)] for w in plan.free],
        "check": [names[int(u)] for u in plan.check],
        "steps": step_records(names, plan) if system.n <= STEPS_LIMIT else None,
    }
    try:
        out["table"] = table_records(names, chase_table(system, plan, cancel=cancel))
    except BoardTooLargeError as exc:
        out["table"] = None
        out["table_skipped"] = str(exc)
    return out


def report_markdown(report: dict[str, Any]) -> str:
    """The report as a Markdown document."""
    title = report.get("name") or "board"
    lines = [
        f"# Lights Out report: {title}",
        "",
        "| figure | value |",
        "|---|---|",
    ]
    for key in ("buttons", "edges", "states", "rule", "directed", "rank", "nullity"):
        if report.get(key) is not None:
            lines.append(f"| {key} | {report[key]} |")
    structure = factors_text(report["kernel_structure"])
    lines.append(f"| quiet patterns | {report['kernel_size']} = {structure} |")
    lines.append(
        f"| solvable positions | {report['solvable_count']} ({report['solvable_fraction']}) |"
    )
    lines.append(f"| worlds | {report['worlds']} |")
    lines.append(f"| engine | {report['engine']} |")
    position = report["position"]
    lines += ["", "## This position", ""]
    lines.append(f"Lit: {_ids(position['lights'])}.")
    goal = "on" if report.get("goal") == "on" else "off"
    if position["solvable"]:
        lines.append(f"It is solvable: every light can be switched {goal}.")
    else:
        lines.append(
            f"It is **not** solvable (the lights cannot all be switched {goal}): "
            f"world {position['world']} "
            "(fails left-kernel patterns "
            f"{', '.join(str(i + 1) for i in position['failed_patterns'])})."
        )
    lines += ["", "## Fewest presses", "", _fewest_markdown(report["fewest"])]
    lines += ["", "## Quiet patterns", ""]
    if not report["quiet_patterns"]:
        lines.append("None: every position has exactly one solution.")
    for i, pattern in enumerate(report["quiet_patterns"], 1):
        lines.append(f"{i}. {_ids(pattern)}")
    lines += _worst_markdown(report["worst"])
    histogram = report["histogram"]
    lines += ["", "## Positions by fewest presses", ""]
    if isinstance(histogram, dict):
        lines.append(f"Skipped: {histogram['skipped']}.")
    else:
        lines += ["| presses | positions |", "|---|---|"]
        lines += [f"| {k} | {count} |" for k, count in enumerate(histogram) if count]
    lines += _chase_markdown(report["chase"])
    return "\n".join(lines) + "\n"


def _fewest_markdown(fewest: dict[str, Any]) -> str:
    """The fewest-presses line: exact with its tie count, or the best found with what is
    proven (a heuristic answer does not say how many reach an unknown optimum)."""
    if "skipped" in fewest:
        return f"Skipped: {fewest['skipped']}."
    if fewest["exact"]:
        kind = f"exact; {fewest['optimal_solutions']} optimal of {fewest['solutions']} solutions"
    else:
        kind = f"best found, not proven optimal, among {fewest['solutions']} solutions"
        if fewest["lower_bound"]:
            kind = f"{kind}; the fewest is at least {fewest['lower_bound']} (proven)"
        if fewest["search_leaves"]:
            from lograph.core.optimize.fewest import MAX_SEARCH_LEAVES

            leaves = fewest["search_leaves"]
            if leaves > MAX_SEARCH_LEAVES:
                kind = f"{kind}; an exact search needs {leaves:,} leaves, out of reach"
            else:
                kind = f"{kind}; `lograph report --max-leaves {leaves}` proves it"
        if walks := fewest.get("search_solutions"):
            from lograph.core.optimize.fewest import out_of_reach

            runs = "(`lograph solve --fewest --time-limit` runs it)"
            said = out_of_reach(walks) or f"an exact search walks {walks:,} solutions {runs}"
            kind = f"{kind}; {said}"
    return f"{fewest['press_count']} presses ({kind}): {_ids(fewest['presses'])}."


def _worst_markdown(worst: dict[str, Any]) -> list[str]:
    lines = ["", "## Worst position", ""]
    if "skipped" in worst:
        return [*lines, f"Skipped: {worst['skipped']}."]
    if worst["exact"]:
        lines.append(f"The hardest solvable position needs {worst['worst_presses']} presses.")
    else:
        lines.append(
            f"The hardest solvable position needs between {worst['worst_presses']} and "
            f"{worst['upper_bound']} presses (the exact value was not reached)."
        )
    if worst["lights"] is not None:
        lines.append(f"One such position lights {_ids(worst['lights'])}.")
    return lines


def _chase_markdown(chase: dict[str, Any]) -> list[str]:
    lines = ["", "## Chasing recipe", ""]
    lines.append(f"Free buttons ({len(chase['free'])}): {_ids(chase['free'])}.")
    lines.append(f"Check lights ({len(chase['check'])}): {_ids(chase['check'])}.")
    if chase["steps"] is not None:
        lines += ["", "Steps:", ""]
        for step in chase["steps"][:500]:
            if step["action"] == "free":
                lines.append(f"{step['step']}. free {step['button']}")
            else:
                lines.append(f"{step['step']}. force {step['light']} -> {step['button']}")
        if len(chase["steps"]) > 500:
            lines.append(f"… {len(chase['steps']) - 500} more steps (see the JSON report)")
    lines += ["", "### Lookup table", ""]
    if chase["table"] is None:
        lines.append(f"Not available: {chase.get('table_skipped', 'too large')}.")
        return lines
    lines += [
        "Chase with no free presses, read the check lights, press the free buttons of the "
        "matching row, chase again. A pattern not listed cannot be solved.",
        "",
        "| check lights | press |",
        "|---|---|",
    ]
    for row in chase["table"]:
        pattern = "".join(str(v) for v in row["pattern"])
        lines.append(f"| `{pattern}` | {' '.join(row['press']) or '—'} |")
    return lines


def _ids(ids: list[str], limit: int = 200) -> str:
    if not ids:
        return "none"
    shown = " ".join(ids[:limit])
    return shown + (f" … ({len(ids)} in all)" if len(ids) > limit else "")


def write_report(path: str | Path, report: dict[str, Any]) -> None:
    """Save the report atomically: Markdown for ``.md``/``.markdown``, else ``.json``."""
    from lograph.core.files import atomic_write_text

    suffix = Path(path).suffix.lower()
    if suffix in (".md", ".markdown"):
        text = report_markdown(report)
    elif suffix == ".json":
        text = json.dumps(report, indent=2) + "\n"
    else:
        raise LographError(f"{path}: a report is written as .md or .json, not {suffix or 'none'}")
    atomic_write_text(path, text)
