"""Prove that regenerated golden CLI outputs changed only in basis and representative.

Run from the repository root after regenerating ``tests/golden`` (it compares the working
tree with a git revision, HEAD by default)::

    .venv/bin/python tools/check_golden_change.py [REVISION] [--engine-lines]

For every changed golden file it checks, independently of lograph's engines (textbook
elimination and brute force from ``tests/references.py``), that the old and the new output
differ only where the canonical form of the answers may differ:

- quiet patterns: the new ones are quiet (A q = 0 mod p) and span the same space as the old;
- a press vector: it has the same effect A x as the old one (it solves the same problem);
  a fewest-presses count must not change (a one-solution count may);
- all solutions: the same set;
- a worst position: a different position with the same press count, which needs exactly
  that many presses (brute force over the quiet patterns);
- ``--engine-lines``: the engine's name and free-button count may differ too.

Anything else that differs is reported and the exit status is 1.
"""

from __future__ import annotations

import itertools
import json
import re
import shlex
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lograph.cli.common import load_system  # noqa: E402
from tests.references import null_space_mod_p, rref_mod_p, solve_mod_p, system_matrix  # noqa: E402

NAME = re.compile(r"r(\d+)c(\d+)|\S+")


class Case:
    """One golden transcript's command: its board matrix, p, and names."""

    def __init__(self, line: str) -> None:
        argv = shlex.split(line)
        self.command, self.argv = argv[0], argv
        states = int(argv[argv.index("--states") + 1]) if "--states" in argv else None
        rule = argv[argv.index("--rule") + 1] if "--rule" in argv else None
        self.system = load_system(argv[1], rule, states)
        self.p = self.system.states
        self.a = system_matrix(self.system)
        self.names = list(self.system.names)
        self.minimal = "--minimal" in argv or self.command == "report"

    def vector(self, names: Iterable[str]) -> np.ndarray:
        x = np.zeros(self.system.n, dtype=np.int64)
        for name in names:
            x[self.names.index(name)] += 1
        return x % self.p

    def effect(self, x: np.ndarray) -> list[int]:
        return ((self.a @ x) % self.p).tolist()

    def same_span(self, old: list[np.ndarray], new: list[np.ndarray]) -> bool:
        quiet = all(not any(self.effect(q)) for q in new)
        same = (
            rref_mod_p(np.array(old), self.p)[0].tolist()
            == rref_mod_p(np.array(new), self.p)[0].tolist()
        )
        return quiet and same and len(old) == len(new)

    def world(self) -> list[int]:
        """The syndrome of the required change by the canonical (RREF) left kernel."""
        goal = self.argv[self.argv.index("--goal") + 1] if "--goal" in self.argv else "off"
        target = self.p - 1 if goal == "on" else 0
        change = (target - self.system.lights.astype(np.int64)) % self.p
        left = rref_mod_p(null_space_mod_p(self.a.T, self.p), self.p)[0]
        return ((left @ change) % self.p).tolist() if len(left) else []

    def fewest(self, lights: np.ndarray) -> int:
        """Fewest presses taking `lights` to all off, by brute force over the quiet space."""
        change = (-lights) % self.p
        x = solve_mod_p(self.a, change, self.p)
        assert x is not None, "the worst position must be solvable"
        kernel = null_space_mod_p(self.a, self.p)
        best = None
        for coeffs in itertools.product(range(self.p), repeat=len(kernel)):
            y = (x + np.array(coeffs, dtype=np.int64) @ kernel) % self.p if len(kernel) else x
            best = int(y.sum()) if best is None else min(best, int(y.sum()))
        assert best is not None
        return best


def check_json(
    case: Case, old: object, new: object, where: str, problems: list[str], engine: bool
) -> None:
    """Walk two JSON values; each difference must be one the canonical form allows."""
    if isinstance(old, dict) and isinstance(new, dict):
        if old.keys() != new.keys():
            problems.append(f"{where}: keys differ")
            return
        for key in old:
            if old[key] == new[key]:
                continue
            sub = f"{where}.{key}"
            if key == "quiet_patterns":
                if not case.same_span(
                    [case.vector(q) for q in old[key]], [case.vector(q) for q in new[key]]
                ):
                    problems.append(f"{sub}: not the same quiet space")
            elif key == "all_solutions":
                if sorted(map(sorted, old[key])) != sorted(map(sorted, new[key])):
                    problems.append(f"{sub}: not the same solutions")
            elif key == "world":
                if new[key] != case.world():
                    problems.append(f"{sub}: not the syndrome by the canonical left kernel")
            elif key == "presses" and "worst_presses" in new:
                continue  # a worst position: checked with its lights
            elif key == "presses":
                if case.effect(case.vector(old[key])) != case.effect(case.vector(new[key])):
                    problems.append(f"{sub}: a different effect")
            elif key == "press_count":
                if case.minimal or "worst_presses" in new or old.get("exact") is not None:
                    problems.append(f"{sub}: a fewest-presses count changed")
            elif key == "lights" and "worst_presses" in new:
                lights = case.vector(new[key])
                presses = case.vector(new.get("presses", []))
                if case.effect(presses) != ((-lights) % case.p).tolist():
                    problems.append(f"{sub}: the worst position's presses do not clear it")
                if case.fewest(lights) != new["worst_presses"]:
                    problems.append(f"{sub}: the new worst position is not that hard")
            elif engine and key in ("engine", "free_buttons"):
                continue
            else:
                check_json(case, old[key], new[key], sub, problems, engine)
        return
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for i, (o, n) in enumerate(zip(old, new, strict=True)):
            if o != n:
                check_json(case, o, n, f"{where}[{i}]", problems, engine)
        return
    problems.append(f"{where}: {old!r} -> {new!r}")


def grid_vectors(case: Case, lines: list[str]) -> list[np.ndarray]:
    """Grid pictures (one row of cells per line, cells 2 characters apart) as vectors."""
    out: list[np.ndarray] = []
    x = np.zeros(case.system.n, dtype=np.int64)
    row = 0
    for line in lines:
        if line.strip().startswith("#"):
            if row:
                out.append(x)
            x, row = np.zeros(case.system.n, dtype=np.int64), 0
            continue
        cells = line.strip("\n")
        indent = len(cells) - len(cells.lstrip(" "))
        for col, char in enumerate(cells[indent::2]):
            value = {"x": 1, "-": 0, ".": 0, " ": 0}.get(char)
            value = int(char) if value is None else value
            if value:
                x[case.names.index(f"r{row}c{col}")] = value
        row += 1
    out.append(x)
    return out


def sections(text: str) -> dict[str, list[str]]:
    """Text output cut at headings: blank-line or ``## `` separated blocks, keyed by their
    first line's leading words."""
    blocks: dict[str, list[str]] = {}
    key = "top"
    for line in text.splitlines():
        if (
            line.startswith("## ")
            or line.startswith("quiet patterns")
            or line.startswith("presses on")
        ):
            key = line
        blocks.setdefault(key, []).append(line)
    return blocks


def check_text(case: Case, old: str, new: str, problems: list[str], engine: bool) -> None:
    """The text outputs (analyze, solve, report markdown), block by block."""
    before, after = sections(old), sections(new)
    if before.keys() != after.keys():
        problems.append("text: sections differ")
        return
    for key, lines in before.items():
        new_lines = after[key]
        if lines == new_lines:
            continue
        if key.startswith("quiet patterns"):
            if not case.same_span(grid_vectors(case, lines[1:]), grid_vectors(case, new_lines[1:])):
                problems.append(f"{key}: not the same quiet space")
        elif key.startswith("presses on"):
            if case.effect(grid_vectors(case, lines[1:])[0]) != case.effect(
                grid_vectors(case, new_lines[1:])[0]
            ):
                problems.append(f"{key}: a different effect")
        elif key == "## Quiet patterns":
            names = [list(line.split()[1:]) for line in lines if line[:1].isdigit()]
            new_names = [list(line.split()[1:]) for line in new_lines if line[:1].isdigit()]
            if not case.same_span(
                [case.vector(q) for q in names], [case.vector(q) for q in new_names]
            ):
                problems.append(f"{key}: not the same quiet space")
        else:
            check_lines(case, key, lines, new_lines, problems, engine)


def check_lines(
    case: Case, key: str, old: list[str], new: list[str], problems: list[str], engine: bool
) -> None:
    """Changed lines elsewhere: a fewest-presses line (same count, same effect), a worst
    position, a one-solution count, the engine line."""
    if len(old) != len(new):
        problems.append(f"{key}: line count differs")
        return
    for o, n in zip(old, new, strict=True):
        if o == n:
            continue
        fewest = re.match(r"(\d+) presses \(exact; .*\): (.*)\.$", n)
        worst = re.match(r"One such position lights (.*)\.$", n)
        if fewest and o.split(":")[0] == n.split(":")[0]:
            if case.effect(case.vector(o.split(": ")[1].rstrip(".").split())) != case.effect(
                case.vector(fewest.group(2).split())
            ):
                problems.append(f"{key}: a different effect")
        elif worst:
            hardest = re.search(r"needs (\d+) presses", "\n".join(new))
            assert hardest is not None
            if case.fewest(case.vector(worst.group(1).split())) != int(hardest.group(1)):
                problems.append(f"{key}: the new worst position is not that hard")
        elif re.match(r"solvable: one solution: \d+ presses", n) and o.split(":")[0] == "solvable":
            if re.sub(r"\d+ presses", "", o) != re.sub(r"\d+ presses", "", n):
                problems.append(f"{key}: {o!r} -> {n!r}")
        elif engine and (n.startswith("engine ") or n.startswith("| engine |")):
            continue
        else:
            problems.append(f"{key}: {o!r} -> {n!r}")


def stdout_of(transcript: str) -> tuple[str, str, str]:
    head, rest = transcript.split("--- stdout\n", 1)
    out, err = rest.split("--- stderr\n", 1)
    return head, out, err


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    engine = "--engine-lines" in sys.argv
    base = args[0] if args else "HEAD"
    names = subprocess.run(
        ["git", "diff", "--name-only", base, "--", "tests/golden"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout.split()
    failures = 0
    for name in names:
        old = subprocess.run(
            ["git", "show", f"{base}:{name}"], capture_output=True, text=True, check=True, cwd=ROOT
        ).stdout
        new = (ROOT / name).read_text(encoding="utf-8")
        (head, out, err), (head2, out2, err2) = stdout_of(old), stdout_of(new)
        problems: list[str] = []
        if head != head2 or err != err2:
            problems.append("command, status or stderr changed")
        else:
            case = Case(head.splitlines()[0].removeprefix("$ lograph "))
            if out.lstrip().startswith("{"):
                check_json(case, json.loads(out), json.loads(out2), "", problems, engine)
            else:
                check_text(case, out, out2, problems, engine)
        failures += bool(problems)
        print(f"{'FAIL' if problems else 'ok  '} {name}" + "".join(f"\n     {p}" for p in problems))
    print(f"{len(names)} changed golden files, {failures} with changes of another kind")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
