"""The quick fuzz run of the test suite: the targeted crash classes and a few
hundred mutated sample boards, each read in a guarded worker process. No case may crash or
hang (the long run is ``python benchmarks/fuzz.py --cases 10000``)."""

from __future__ import annotations

from tests.fuzz.formats import make_case, targeted
from tests.fuzz.runner import run

SEED = 13
CASES = 300


def test_quick_fuzz_run_has_no_crash_and_no_hang() -> None:
    # The timeout only guards against a hang; a case takes milliseconds.
    summary = run(SEED, range(CASES), workers=2, timeout=120.0, analyze_every=5)
    assert summary.cases == CASES
    assert summary.failures == [], summary.line()
    assert summary.outcomes["crash"] == summary.outcomes["hang"] == 0
    # The mutations must reach both sides: files refused cleanly and files still read.
    assert summary.outcomes["error"] > CASES // 4
    assert summary.outcomes["ok"] > 0


def test_cases_are_deterministic_and_cover_every_format() -> None:
    first = [make_case(SEED, k) for k in range(len(targeted()), len(targeted()) + 80)]
    again = [make_case(SEED, k) for k in range(len(targeted()), len(targeted()) + 80)]
    assert [c.data for c in first] == [c.data for c in again]
    assert {c.ext for c in first} == {".json", ".txt", ".graphml", ".g6"}
    assert make_case(SEED, 0).sample == "targeted"
