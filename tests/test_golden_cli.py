"""Golden output: every CLI command prints what it printed before the shape refactor.

The expected files in ``tests/golden/`` were written by the code *before* the package
layout changed (issue: one shape for the code), so this test holds the refactor to
"behaviour unchanged". Regenerate them only for a deliberate change of output:

    python tests/test_golden_cli.py --write
"""

from __future__ import annotations

import contextlib
import io
import shlex
import sys
from pathlib import Path

import pytest

from lograph.cli import main

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"
SAMPLES = sorted(
    p.name for p in (ROOT / "graphs").iterdir() if p.suffix in {".txt", ".json", ".graphml", ".g6"}
)
LIT = [s for s in SAMPLES if not s.endswith(".g6")]

#: (case name, argument line); {b} is the sample board's path.
PER_BOARD = [
    ("analyze", "analyze {b}"),
    ("analyze-json", "analyze {b} --json"),
    ("analyze-histogram", "analyze {b} --histogram --json"),
    ("solve", "solve {b}"),
    ("solve-json", "solve {b} --json"),
    ("solve-minimal", "solve {b} --minimal --json"),
    ("solve-on", "solve {b} --goal on --minimal"),
    ("solve-all", "solve {b} --all --json"),
    ("chase", "chase {b}"),
    ("chase-json", "chase {b} --json"),
    ("worst", "worst {b} --json --time-limit 600"),
    ("report", "report {b} --json"),
    ("dense", "analyze {b} --engine dense --json"),
    ("open-rule", "analyze {b} --rule open --json"),
    ("three-states", "analyze {b} --states 3 --json"),
]
OTHER = [
    ("report-md--classic-5x5", "report graphs/classic-5x5.txt"),
    ("report-md--wayout", "report graphs/wayout-holed-5x5.txt"),
    ("report-md--petersen-g6", "report graphs/petersen.g6"),
    ("report-md--three-state", "report graphs/three-state-4x4.txt"),
    ("grid-5-5", "grid 5 5 --json"),
    ("grid-big", "grid 1000 999 --rule open"),
    ("grid-bad", "grid 0 5"),
    ("missing-file", "analyze no-such-board.txt"),
    ("bad-states", "analyze graphs/classic-5x5.txt --states 256"),
    ("bad-states-1", "analyze graphs/classic-5x5.txt --states 1"),
    ("four-states--classic-5x5", "analyze graphs/classic-5x5.txt --states 4"),
    ("six-states-json--classic-4x4", "analyze graphs/classic-4x4.txt --states 6 --json"),
    ("bad-engine", "analyze graphs/classic-5x5.txt --engine nope"),
]


def cases() -> list[tuple[str, str]]:
    out = [
        (f"{name}--{b}", line.format(b=f"graphs/{b}")) for b in SAMPLES for name, line in PER_BOARD
    ]
    return out + OTHER


def run_cli(line: str) -> str:
    """Run one command line in-process; the transcript holds status, stdout and stderr."""
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            status = main(shlex.split(line))
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 2
    return (
        f"$ lograph {line}\nstatus {status}\n"
        f"--- stdout\n{stdout.getvalue()}--- stderr\n{stderr.getvalue()}"
    )


@pytest.mark.parametrize(("name", "line"), cases(), ids=[c[0] for c in cases()])
def test_cli_output_unchanged(name: str, line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    expected = (GOLDEN / f"{name}.out").read_text(encoding="utf-8")
    assert run_cli(line) == expected


def test_convert_output_unchanged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    for board in LIT:
        for ext in (".json", ".graphml"):
            target = tmp_path / f"out{ext}"
            assert main(["convert", f"graphs/{board}", str(target)]) == 0
            expected = (GOLDEN / f"convert--{board}{ext}").read_text(encoding="utf-8")
            assert target.read_text(encoding="utf-8") == expected, (board, ext)


def _write() -> None:
    import os
    import tempfile

    os.chdir(ROOT)
    GOLDEN.mkdir(exist_ok=True)
    for name, line in cases():
        (GOLDEN / f"{name}.out").write_text(run_cli(line), encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        for board in LIT:
            for ext in (".json", ".graphml"):
                target = Path(tmp) / f"out{ext}"
                assert main(["convert", f"graphs/{board}", str(target)]) == 0
                (GOLDEN / f"convert--{board}{ext}").write_text(
                    target.read_text(encoding="utf-8"), encoding="utf-8"
                )


if __name__ == "__main__" and "--write" in sys.argv:
    _write()
