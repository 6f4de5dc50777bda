"""The long fuzz run: mutated sample boards in all four formats, read in guarded workers.

Run from the repository root::

    .venv/bin/python benchmarks/fuzz.py --cases 10000          # about 2 minutes on 2 cores
    .venv/bin/python benchmarks/fuzz.py --show 1234            # write case 1234 to a file

Every case is read with `read_board`; every fifth also runs ``lograph analyze`` in-process.
Each worker runs under an address-space limit (``--memory-gb``) and each case under a time
limit (``--timeout``); a case past it counts as a hang and its worker is replaced. The run
prints cases, clean errors, successes, crashes, hangs and the peak memory of a worker, then
every crash and hang (seed and index reproduce it). Exit status 1 when any case crashed or hung.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests package

from tests.fuzz.formats import make_case
from tests.fuzz.runner import run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=10_000, help="cases to run")
    parser.add_argument("--seed", type=int, default=2026, help="random seed of the mutations")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds before a hang")
    parser.add_argument("--memory-gb", type=float, default=3.0, help="RLIMIT_AS of a worker")
    parser.add_argument("--show", type=int, metavar="INDEX", help="write one case and stop")
    args = parser.parse_args()
    if args.show is not None:
        case = make_case(args.seed, args.show)
        out = Path(f"fuzz-case-{args.show}{case.ext}")
        out.write_bytes(case.data)
        print(f"{out}: {case.sample} {case.mutation} ({len(case.data)} bytes)")
        return 0
    summary = run(
        args.seed,
        range(args.cases),
        workers=args.workers,
        timeout=args.timeout,
        memory_bytes=int(args.memory_gb * 2**30),
    )
    print(summary.line())
    for index, kind, detail in summary.failures:
        print(f"  case {index}: {kind}: {detail}")
    return 1 if summary.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
